#!/usr/bin/env bash
# Does freeing memory stall this machine? Two threads spin on the clock (one per core of a 2-core machine) and
# log every gap over 2 ms between two reads; meanwhile a process writes MB megabytes and exits, twice, 8 s
# apart, and the guest kernel's free page reporting passes (where it has them) are logged as they happen.
# A gap on both threads at the same instant is the whole machine stopped, not a preemption.
#
#   scripts/stall-probe.sh 1300      # what freeing 1.3 GB does (docs/journal/2026-11-30-gen35.md)
#
# Run it alone: any other busy process shows up as 4–8 ms gaps (a scheduler period). Prints one sorted
# timeline (Unix seconds): the frees, the passes with the KiB reported so far, and the gaps.
set -euo pipefail
MB=${1:-400}
dir=$(mktemp -d)
cat > "$dir/spin.rs" <<'EOF'
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};
fn main() {
    let secs: f64 = std::env::args().nth(1).unwrap().parse().unwrap();
    let threads: Vec<_> = (0..2)
        .map(|k| {
            std::thread::spawn(move || {
                let end = Instant::now() + Duration::from_secs_f64(secs);
                let (mut last, mut gaps) = (Instant::now(), Vec::new());
                while last < end {
                    let now = Instant::now();
                    if now - last > Duration::from_millis(2) {
                        let wall = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs_f64();
                        gaps.push(format!("{wall:.3} gap {:.1} ms thread {k}", (now - last).as_secs_f64() * 1e3));
                    }
                    last = now;
                }
                gaps
            })
        })
        .collect();
    for t in threads {
        for line in t.join().unwrap() {
            println!("{line}");
        }
    }
}
EOF
cat > "$dir/touch.rs" <<'EOF'
fn main() {
    let mb: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut v = vec![1u8; mb << 20];
    for i in (0..v.len()).step_by(4096) {
        v[i] = 2;
    }
    std::hint::black_box(&v);
}
EOF
rustc -O -o "$dir/spin" "$dir/spin.rs"
rustc -O -o "$dir/touch" "$dir/touch.rs"
now() { date +%s.%N | cut -c1-14; }
P=/sys/module/page_reporting/parameters
if [ -r $P/passes ]; then
  (end=$(($(date +%s) + 22)); last=""
   while [ "$(date +%s)" -lt $end ]; do
     p=$(cat $P/passes)
     [ "$p" != "$last" ] && echo "$(now) pass $p reported_kib $(cat $P/reported_kib)"
     last=$p; sleep 0.02
   done) > "$dir/passes" &
else
  echo "no $P: this kernel does not report free pages" > "$dir/passes"
fi
"$dir/spin" 20 > "$dir/gaps" &
sleep 3
for i in 1 2; do
  echo "$(now) touch $MB MB" >> "$dir/marks"; "$dir/touch" "$MB"; echo "$(now) freed $MB MB" >> "$dir/marks"
  sleep 8
done
wait
sort -n "$dir/marks" "$dir/passes" "$dir/gaps"
rm -rf "$dir"
