#!/usr/bin/env bash
# Renders report pages in headless Chromium and fails on any script error. For each page it checks the
# marker the page sets when it has drawn everything (`data-rendered="ok"`, see src/report/page.js) and
# that no error was recorded (`data-error`), then saves screenshots of the summary and of a replay step.
#
#   scripts/check-report.sh [OUT_DIR]      (default: target/report-check)
#
# Where Chromium is missing it tries `apt-get install chromium` (as root), and says SKIPPED loudly when
# it cannot be had: the Rust tests still check the page's data.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/report-check}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null; then browser="$b"; break; fi
done
if [ -z "$browser" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  (apt-get install -y --no-install-recommends chromium >/dev/null 2>&1 ||
    (apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends chromium >/dev/null 2>&1)) || true
  command -v chromium >/dev/null && browser=chromium
fi
if [ -z "$browser" ]; then
  echo "check-report: SKIPPED — no Chromium here and it could not be installed; the pages were not rendered"
  exit 0
fi

cargo build --release --quiet
uttt=target/release/uttt
# A 20-game match between a command player (stderr lines logged) and a built-in one, a tournament and a
# profile; then the match page rebuilt from its log alone must be the same page.
$uttt arena "$uttt --iterations 1500" builtin:bot:iters=1000 --games 20 --seed 5 --quiet \
  --log "$out/match.log" --html "$out/match.html" > /dev/null
$uttt report "$out/match.log" --html "$out/match-from-log.html" 2> /dev/null
cmp "$out/match.html" "$out/match-from-log.html" || { echo "check-report: uttt report rebuilt a different page"; exit 1; }
$uttt tournament builtin:random builtin:greedy builtin:bot:iters=300 --games 4 \
  --log "$out/tournament.log" --html "$out/tournament.html" > /dev/null 2>&1
$uttt profile --html "$out/profile.html" > /dev/null 2>&1
# A small league: three built-ins, 12 games, its page with the table, the matrix and the ratings over time.
rm -rf "$out/league"
$uttt league new "$out/league" --seed 3 2> /dev/null
for p in random greedy bot:iters=300; do $uttt league add "$out/league" "${p%%:*}" "builtin:$p" 2> /dev/null; done
$uttt league run "$out/league" --games 12 --jobs 2 > /dev/null 2>&1
$uttt league page "$out/league" --html "$out/league.html" 2> /dev/null
# A game of the match analysed move by move (uttt analyse), and a plain tic-tac-toe game typed by hand.
$uttt analyse "$out/match.log#1" --iterations 2000 --jobs 2 --html "$out/analysis.html" > "$out/analysis.txt" 2> /dev/null
$uttt analyse "1 1, 0 1, 0 0, 1 0, 2 2" --html "$out/analysis-plain.html" > /dev/null 2>&1

render() { # PAGE HASH → the DOM after the scripts ran
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --virtual-time-budget=5000 --dump-dom "file://$1$2" 2> /dev/null
}
shoot() { # PAGE HASH PNG HEIGHT
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars \
    --window-size="1200,$4" --virtual-time-budget=5000 --screenshot="$3" "file://$1$2" > /dev/null 2>&1
}

status=0
for page in match tournament league profile analysis analysis-plain; do
  dom="$(render "$out/$page.html" "#game=3&ply=25")"
  if ! grep -q 'data-rendered="ok"' <<< "$dom" || grep -q 'data-error=' <<< "$dom"; then
    echo "check-report: $page.html did not render cleanly:"
    grep -o 'data-error="[^"]*"' <<< "$dom" || echo "  (no render marker)"
    status=1
  else
    echo "check-report: $page.html rendered without script errors"
  fi
done
# The replay must show the board and the move's stderr line from the log.
dom="$(render "$out/match.html" "#game=1&ply=20")"
grep -q 'class="last-move"' <<< "$dom" || { echo "check-report: the replay drew no last move"; status=1; }
grep -q 'turn [0-9]* move' <<< "$dom" || { echo "check-report: the replay shows no stderr line"; status=1; }

# The analysis page: the board with the last move and the engine's move, the graph's points, a move's mark.
dom="$(render "$out/analysis.html" "#game=0&ply=12")"
for want in 'class="[^"]*last-move' 'class="[^"]*best-move' 'class="point' 'after move 12'; do
  grep -q "$want" <<< "$dom" || { echo "check-report: the analysis page lacks $want"; status=1; }
done
! grep -q "$out" <<< "$dom" || { echo "check-report: the analysis page shows a path of this machine"; status=1; }
# The league page: the chart of ratings over time with a line per player, and no folder of this machine.
dom="$(render "$out/league.html" "")"
[ "$(grep -o '<path d="M[^"]*" fill="none" stroke="[^"]*" stroke-width="2"' <<< "$dom" | wc -l)" -ge 3 ] ||
  { echo "check-report: the league's chart lacks a player's line"; status=1; }
! grep -q "$out" <<< "$dom" || { echo "check-report: the league page shows a path of this machine"; status=1; }
dom="$(render "$out/analysis-plain.html" "")"
grep -q 'threw a draw' <<< "$dom" || { echo "check-report: the plain game's thrown draw is not shown"; status=1; }

shoot "$out/analysis.html" "#game=0&ply=12" "$out/analysis.png" 800
shoot "$out/league.html" "" "$out/league.png" 1000
shoot "$out/match.html" "" "$out/summary.png" 1400
shoot "$out/match.html" "#game=1&ply=20" "$out/replay.png" 1400
for png in summary replay analysis league; do
  [ -s "$out/$png.png" ] || { echo "check-report: no $png.png"; status=1; }
done
echo "check-report: screenshots in $out (summary.png, replay.png, analysis.png, league.png)"
exit $status
