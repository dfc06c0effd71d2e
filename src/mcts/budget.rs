//! When a search must stop: a deadline, an iteration count, or both.

use std::time::{Duration, Instant};

/// When a search stops: at a deadline, after a number of iterations, or both.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Stop at this instant (checked every `CLOCK_INTERVAL` iterations).
    pub deadline: Option<Instant>,
    /// Stop after this many iterations: the deterministic mode, independent of the machine.
    pub max_iterations: Option<u64>,
}

/// Most iterations between two reads of the clock: about 30 µs of search at 100k iterations per 100 ms.
pub const CLOCK_INTERVAL: u64 = 32;

/// Longest stretch of search between two reads of the clock, at any speed: a build without `-O` runs an
/// iteration thirty times slower, and 32 of its iterations would overshoot a turn by milliseconds.
pub const CLOCK_PERIOD: Duration = Duration::from_micros(50);

/// The most of a turn kept back for the machine's stalls (`stall_margin`).
pub const MAX_STALL_MARGIN: Duration = Duration::from_millis(30);

/// How much sooner than its deadline a search stops, after the process was seen stalled for `stall` (the
/// longest wall time between two reads of the clock, which are at most `CLOCK_PERIOD` of search apart):
/// twice that, since the stall that delays the answer after the search is as likely as the one seen.
/// A process that shares its core with a busy one is preempted for milliseconds at a time; unloaded, the
/// margin is a few tens of microseconds.
pub fn stall_margin(stall: Duration) -> Duration {
    (2 * stall).min(MAX_STALL_MARGIN)
}

/// The stall remembered for the next search, after `seen` in this one: seven eighths of the one before, or
/// what this one saw if longer. A busy neighbour's stalls vary from turn to turn (three games on two cores:
/// 4 ms in one turn, 13 ms in the next), so the margin keeps the longest of the last several turns; one
/// hiccup on a quiet machine fades within about ten.
pub fn next_stall(before: Duration, seen: Duration) -> Duration {
    (before * 7 / 8).max(seen)
}

/// The share of its wall time a process waited for a processor, at or above which the whole
/// `MAX_STALL_MARGIN` is kept: three searching processes on two cores wait about a third of theirs.
pub const FULL_LOAD_WAIT: f64 = 0.2;

/// How long the calling thread has waited, runnable, for a processor since it started: the second field of
/// Linux's `/proc/thread-self/schedstat` (the thread's own: a search run on a worker thread of the arena
/// counts its own waits, not the main thread's); `None` where there is no such file. Read twice a turn
/// (about 20 µs).
pub fn run_delay() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// The margin kept by a process that waited for a processor `wait` of its recent wall time: a process that
/// shares its core is stalled for a scheduler period at a time (13–20 ms seen with three games on two
/// cores), and such a stall just before the deadline is one the longest stall seen so far need not cover.
/// In proportion to the wait, the whole cap from `FULL_LOAD_WAIT` on; nothing on an idle machine.
pub fn load_margin(wait: f64) -> Duration {
    if wait.is_nan() {
        return Duration::ZERO;
    }
    MAX_STALL_MARGIN.mul_f64((wait / FULL_LOAD_WAIT).clamp(0.0, 1.0))
}

/// Iterations to run before the next read of the clock, after `done` iterations in `elapsed`: as many as
/// `CLOCK_PERIOD` holds at the rate so far, at least one and at most `CLOCK_INTERVAL`.
pub fn iterations_between_reads(done: u64, elapsed: Duration) -> u64 {
    let per_period = done as u128 * CLOCK_PERIOD.as_nanos() / elapsed.as_nanos().max(1);
    (per_period as u64).clamp(1, CLOCK_INTERVAL)
}

impl Limits {
    /// Stop `budget` after `start`.
    pub fn time(start: Instant, budget: Duration) -> Limits {
        Limits { deadline: Some(start + budget), max_iterations: None }
    }

    /// Stop after `n` iterations (at least one), whatever the clock says.
    pub fn iterations(n: u64) -> Limits {
        Limits { deadline: None, max_iterations: Some(n.max(1)) }
    }

    /// The same limits with the deadline brought forward to `share` of the time left now; an iteration count
    /// stays as it is (so iteration-held searches, the signature's among them, do not change).
    pub fn sooner(self, share: f64) -> Limits {
        let now = Instant::now();
        let deadline =
            self.deadline.map(|d| now + d.saturating_duration_since(now).mul_f64(share.clamp(0.0, 1.0)));
        Limits { deadline, ..self }
    }

    /// Iterations still allowed by the count, if there is one.
    pub fn iterations_left(&self, done: u64) -> Option<u64> {
        self.max_iterations.map(|n| n.saturating_sub(done))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_read_more_often_as_iterations_slow() {
        // Fast: the most allowed. A millisecond per iteration: every one. Between: the period's worth.
        assert_eq!(iterations_between_reads(100_000, Duration::from_millis(100)), CLOCK_INTERVAL);
        assert_eq!(iterations_between_reads(10, Duration::from_millis(10)), 1);
        assert_eq!(iterations_between_reads(1_000, Duration::from_millis(10)), 5);
        assert_eq!(iterations_between_reads(0, Duration::ZERO), 1);
    }

    #[test]
    fn a_stall_widens_the_margin_within_its_cap_and_fades_by_eighths() {
        assert_eq!(stall_margin(Duration::from_micros(40)), Duration::from_micros(80));
        assert_eq!(stall_margin(Duration::from_millis(6)), Duration::from_millis(12));
        assert_eq!(stall_margin(Duration::from_millis(100)), MAX_STALL_MARGIN);
        let ms = Duration::from_millis;
        assert_eq!(next_stall(ms(8), ms(1)), ms(7));
        assert_eq!(next_stall(ms(8), ms(9)), ms(9));
    }

    #[test]
    fn waiting_for_a_processor_widens_the_margin_up_to_its_cap() {
        assert_eq!(load_margin(0.0), Duration::ZERO);
        assert_eq!(load_margin(FULL_LOAD_WAIT / 2.0), MAX_STALL_MARGIN / 2);
        assert_eq!(load_margin(0.9), MAX_STALL_MARGIN);
        assert_eq!((load_margin(-1.0), load_margin(f64::NAN)), (Duration::ZERO, Duration::ZERO));
        // On Linux the wait is read and never runs backwards.
        assert!(cfg!(not(target_os = "linux")) || run_delay().is_some(), "no /proc/thread-self/schedstat");
        if let (Some(a), Some(b)) = (run_delay(), run_delay()) {
            assert!(b >= a);
        }
    }

    #[test]
    fn sooner_brings_the_deadline_forward_and_keeps_the_count() {
        let start = Instant::now();
        let late = Limits::time(start, Duration::from_secs(100));
        let early = late.sooner(0.5).deadline.expect("still a deadline");
        // Half of the ~100 s left: well before the original deadline, well after now.
        assert!(early < late.deadline.unwrap() - Duration::from_secs(40), "{early:?}");
        assert!(early > start + Duration::from_secs(40), "{early:?}");
        let counted = Limits::iterations(500).sooner(0.5);
        assert_eq!((counted.deadline, counted.max_iterations), (None, Some(500)));
        // A share outside 0..=1 is clamped: never later than the deadline given.
        assert!(late.sooner(3.0).deadline.unwrap() <= late.deadline.unwrap());
    }
}
