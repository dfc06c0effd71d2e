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

/// Iterations between two reads of the clock: about 20 µs of search at 100k iterations per 100 ms.
pub const CLOCK_INTERVAL: u64 = 32;

impl Limits {
    /// Stop `budget` after `start`.
    pub fn time(start: Instant, budget: Duration) -> Limits {
        Limits { deadline: Some(start + budget), max_iterations: None }
    }

    /// Stop after `n` iterations (at least one), whatever the clock says.
    pub fn iterations(n: u64) -> Limits {
        Limits { deadline: None, max_iterations: Some(n.max(1)) }
    }

    /// Iterations still allowed by the count, if there is one.
    pub fn iterations_left(&self, done: u64) -> Option<u64> {
        self.max_iterations.map(|n| n.saturating_sub(done))
    }
}
