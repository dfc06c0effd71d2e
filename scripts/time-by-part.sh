#!/usr/bin/env bash
# Where a midgame iteration's time goes, part by part: `perf record` of the fixed workload on fixed positions
# (`uttt bench --midgame-iterations N --positions scripts/same-positions.txt --plies 20,32`: twelve positions
# of games between the bot and 5b4599c, no set-up games), a build with line tables, and each sample of the
# search loop counted for the line of `Search::iterate` (src/mcts/mod.rs) it ran under, read from its
# inlined frames (`addr2line -i`): the walk's selection and moves, the expansion, the sharpening, the
# leaf's value, the backup. Every function of an iteration is inlined into the loop, so a sample's
# function says nothing; its frames say which call of `iterate` it belongs to, and which line inside that
# call (`--lines`: the innermost line of the crate's own code). libm's `expf` and `logf` (the softmaxes,
# the logistic, the sharpening's logarithms) are calls, not inlined: rows of their own. Samples measure
# time, which a profile of instructions (callgrind) does not: a part that waits on memory counts for the
# time it waits.
#
#   scripts/time-by-part.sh [ITERATIONS] [--lines]     (default 100000; alone on the machine; a minute)
#
# Needs perf and addr2line (binutils); builds into /tmp/target-lines.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=${1:-100000}
lines=${2:-}
export CARGO_TARGET_DIR=/tmp/target-lines
CARGO_PROFILE_RELEASE_DEBUG=line-tables-only cargo build --release -q
binary=$CARGO_TARGET_DIR/release/uttt
out=$(mktemp -d)
perf record -q -F 8000 -o "$out/perf.data" "$binary" bench --midgame-iterations "$iterations" \
  --positions scripts/same-positions.txt --plies 20,32 > "$out/bench.txt" 2> /dev/null
perf script -i "$out/perf.data" -F ip,sym,symoff 2> /dev/null > "$out/samples.txt"
nm -C "$binary" > "$out/symbols.txt"
python3 - "$out" "$binary" "$lines" <<'PY'
import collections, os, re, subprocess, sys
out, binary, by_line = sys.argv[1], sys.argv[2], sys.argv[3] == "--lines"
loops = ("uttt::mcts::Search::search_wide", "uttt::mcts::Search::search")
address = {}
for line in open(f"{out}/symbols.txt"):
    parts = line.split(maxsplit=2)
    if len(parts) == 3 and parts[2].strip() in loops:
        address[parts[2].strip()] = int(parts[0], 16)
samples, libm = collections.Counter(), collections.Counter()
for line in open(f"{out}/samples.txt"):
    m = re.match(r"\s*[0-9a-f]+ (\S+)\+0x([0-9a-f]+)", line)
    if not m:
        continue
    name = m.group(1)
    if name in address:
        samples[address[name] + int(m.group(2), 16)] += 1
    elif name.startswith(("__expf", "__logf", "expf", "logf")):
        libm["libm " + name.strip("_").split("_")[0]] += 1
# The lines of `iterate` in src/mcts/mod.rs: from `fn iterate(` to the next `fn `.
source = open("src/mcts/mod.rs").read().splitlines()
first = next(i for i, l in enumerate(source) if "fn iterate(" in l) + 1
last = next(i for i in range(first, len(source)) if re.match(r"\s*(pub(\(\w+\))? )?fn ", source[i]))
frames, current = {}, None
text = subprocess.run(["addr2line", "-i", "-a", "-e", binary] + [hex(a) for a in samples],
                      capture_output=True, text=True, check=True).stdout
for line in text.splitlines():
    if line.startswith("0x"):
        current = int(line, 16)
        frames[current] = []
    else:
        frames[current].append(line.split(" (discriminator")[0])
project = os.getcwd() + "/src/"  # the crate's own frames, not the standard library's
parts = collections.Counter(libm)
for a, n in samples.items():
    part = "the search loop outside an iteration (clock reads, the root)"
    inner = None
    for frame in frames.get(a, []):
        m = re.search(r"/src/(mcts/mod\.rs):(\d+)", frame)
        if m and first <= int(m.group(2)) <= last:
            part = f"mod.rs:{m.group(2)}  {source[int(m.group(2)) - 1].strip()[:60]}"
            break
        if inner is None and project in frame:
            inner = frame.split(project)[1]
    if by_line and inner:
        part += f"   <- {inner}"
    parts[part] += n
total = sum(parts.values())
print(open(f"{out}/bench.txt").readline().strip())
print(f"{total} samples of the search loop and libm; share of them by the line of `iterate` they ran under:")
for part, n in parts.most_common(40 if by_line else None):
    print(f"{100 * n / total:6.1f} %  {part}")
PY
rm -rf "$out"
