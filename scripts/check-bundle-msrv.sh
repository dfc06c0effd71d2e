#!/usr/bin/env bash
# The submitted file must build on the oldest compiler we support (Rust 1.85, Debian 12's rustc-web),
# not only on the arena's 1.90 and the toolchain here. This script fetches that compiler without
# installing it over anything (apt-get download + dpkg-deb -x into a cache folder), compiles
# dist/uttt.rs and the library with it, and plays the result for a few games against a built-in agent.
#
# Where the packages cannot be had (no apt, no network), it says so loudly and exits 0, so that CI goes on.
# Any other failure (the bundle does not compile, the bot faults) exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=1.85.0+dfsg3-1~deb12u3
LLVM_VERSION=1:19.1.7-3~deb12u1
CACHE=${UTTT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/uttt}/rustc-1.85
D=$CACHE/root

skip() {
  echo "################################################################"
  echo "## check-bundle-msrv: SKIPPED: $1"
  echo "## The bundle was NOT checked with Rust 1.85."
  echo "################################################################"
  exit 0
}

if [ ! -x "$D/usr/bin/rustc" ]; then
  command -v apt-get >/dev/null || skip "apt-get is not available"
  command -v dpkg-deb >/dev/null || skip "dpkg-deb is not available"
  mkdir -p "$CACHE/debs"
  (
    cd "$CACHE/debs"
    apt-get download "rustc-web=$VERSION" "libstd-rust-web-1.85=$VERSION" \
      "libstd-rust-web-dev=$VERSION" "libllvm19=$LLVM_VERSION"
  ) >"$CACHE/download.log" 2>&1 || {
    # The package lists may be missing on a fresh machine: fetch them once and try again.
    { apt-get update -qq && (cd "$CACHE/debs" && apt-get download "rustc-web=$VERSION" \
      "libstd-rust-web-1.85=$VERSION" "libstd-rust-web-dev=$VERSION" "libllvm19=$LLVM_VERSION"); } \
      >>"$CACHE/download.log" 2>&1 || skip "apt-get download failed (see $CACHE/download.log)"
  }
  rm -rf "$D" && mkdir -p "$D"
  for deb in "$CACHE"/debs/*.deb; do dpkg-deb -x "$deb" "$D"; done
fi

rustc185() {
  LD_LIBRARY_PATH="$D/usr/lib/x86_64-linux-gnu" "$D/usr/bin/rustc" --sysroot "$D/usr" "$@"
}
echo "old compiler: $(rustc185 --version)"

cargo build --release -q
cargo run --release -q -p bundler -- --root "$PWD" --out dist/uttt.rs --no-check
rustc185 --edition 2021 -O dist/uttt.rs -o dist/uttt-rust185
echo "dist/uttt.rs compiles with Rust 1.85"
rustc185 --edition 2021 --crate-type lib --crate-name uttt src/lib.rs -o dist/libuttt-rust185.rlib
echo "the uttt library (src/lib.rs) compiles with Rust 1.85"

# This checks that the old compiler's build plays legal moves, not its timing: a shared CI machine can
# delay one answer past 100 ms (it did once, 2026-11-23), and timeouts are measured by match runs
# (docs/strength.md). The grace still catches a bot that hangs.
summary=$(./target/release/uttt arena "dist/uttt-rust185 --quiet" builtin:greedy --games 4 --jobs 2 --seed 3 \
  --grace-ms 100 --quiet --json)
echo "$summary"
faults=$(echo "$summary" | grep -o '"\(timeouts\|malformed\|illegal\|crashes\)": [0-9]*' | awk '{s += $2} END {print s + 0}')
games=$(echo "$summary" | grep -o '"games": [0-9]*' | awk '{print $2}')
if [ "$games" != 4 ] || [ "$faults" != 0 ]; then
  echo "check-bundle-msrv: the Rust 1.85 build of the bundle played $games games with $faults faults" >&2
  exit 1
fi
echo "check-bundle-msrv: OK (4 games against builtin:greedy, no faults)"
