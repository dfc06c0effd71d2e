//! A shard's output file of game records (`records.rs`), written game by game by several threads and
//! resumable: self-play (`data.rs`) and its deeper relabelling (`relabel.rs`) both write through it.

use super::records::{format_game, parse_complete, ValueRecord};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Keeps the complete games already in `out` (an unfinished last game, from a stopped run, is dropped) and
/// returns their numbers, sorted; creates `out` when it is missing.
pub fn resume(out: &str) -> Result<Vec<u64>, String> {
    let existing = std::fs::read_to_string(out).unwrap_or_default();
    let (kept, done) = parse_complete(&existing);
    // Rewritten with the complete games only, so that appending continues a clean file (`parse_complete`
    // returns each game's records together).
    let kept_text: String = kept.chunk_by(|x, y| x.game == y.game).map(format_game).collect();
    std::fs::write(out, kept_text).map_err(|e| format!("{out}: {e}"))?;
    Ok(done)
}

/// Runs `work` on each of `items` on `jobs` threads and appends each result, one game's records, to `out`
/// as soon as it is made, with a progress line on stderr headed by `label`. Returns the records written.
pub fn append_games<T: Sync>(
    out: &str,
    items: &[T],
    jobs: usize,
    label: &str,
    work: impl Fn(&T) -> Vec<ValueRecord> + Sync,
) -> Result<usize, String> {
    let file = std::fs::OpenOptions::new().append(true).open(out).map_err(|e| format!("{out}: {e}"))?;
    let file = Mutex::new(file);
    let (next, positions, finished) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0));
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(item) = items.get(i) else { break };
                let records = work(item);
                let text = format_game(&records);
                let written = file.lock().map_err(|_| "lock".to_string()).and_then(|mut f| {
                    f.write_all(text.as_bytes()).and_then(|_| f.flush()).map_err(|e| format!("{out}: {e}"))
                });
                if let Err(e) = written {
                    *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    break;
                }
                let p = positions.fetch_add(records.len(), Ordering::SeqCst) + records.len();
                let f = finished.fetch_add(1, Ordering::SeqCst) + 1;
                let secs = start.elapsed().as_secs_f64().max(1e-9);
                let eta = (items.len() - f) as f64 * secs / f as f64;
                eprint!(
                    "\r{label}: games {f}/{}, positions {p}, {:.1} positions/s, ETA {eta:.0} s   ",
                    items.len(),
                    p as f64 / secs
                );
            });
        }
    });
    eprintln!();
    match failure.into_inner().unwrap_or(None) {
        Some(e) => Err(e),
        None => Ok(positions.into_inner()),
    }
}
