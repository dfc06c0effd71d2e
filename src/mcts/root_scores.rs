//! The root's children's selection terms, kept in arrays and updated as results are backed up.
//!
//! The root is on every iteration's path and has up to 81 children. Scoring them from these arrays is
//! a few vector operations per eight children, where `select::select` needs table lookups and branches
//! for each child. The choice is the same: the same terms and arithmetic, the first best child on ties.

use super::node::{Node, Proof};
use super::params::Params;
use super::select::{parent_factors, score, terms, Terms};

/// Children scored side by side (the loop below is written for the compiler to vectorise).
const LANES: usize = 8;
/// Room for the most children a node can have, 81, in whole groups of lanes.
const SLOTS: usize = 81usize.next_multiple_of(LANES);

/// Unused slots score −∞, so they are never chosen.
const EMPTY: Terms = Terms { value: f32::NEG_INFINITY, explore: 0.0, prior: 0.0 };

pub struct RootScores {
    value: [f32; SLOTS],
    explore: [f32; SLOTS],
    prior: [f32; SLOTS],
    len: usize,
    /// A child is proven: the solver's rules in `select::select` decide then.
    any_proven: bool,
    /// False until rebuilt from the tree after the root or its children's priors changed.
    fresh: bool,
}

impl RootScores {
    pub fn new() -> RootScores {
        RootScores {
            value: [0.0; SLOTS],
            explore: [0.0; SLOTS],
            prior: [0.0; SLOTS],
            len: 0,
            any_proven: false,
            fresh: false,
        }
    }

    pub fn invalidate(&mut self) {
        self.fresh = false;
    }

    pub fn is_fresh(&self) -> bool {
        self.fresh
    }

    pub fn rebuild(&mut self, children: &[Node], params: &Params) {
        debug_assert!(children.len() <= SLOTS);
        self.len = children.len();
        self.any_proven = false;
        for (k, child) in children.iter().enumerate() {
            self.update(k, child, params);
        }
        for k in self.len..SLOTS {
            self.set(k, EMPTY);
        }
        self.fresh = true;
    }

    /// Child `k` has changed (a result was backed up through it).
    #[inline]
    pub fn update(&mut self, k: usize, child: &Node, params: &Params) {
        self.set(k, terms(child, params));
        self.any_proven |= child.proof != Proof::Unknown;
    }

    fn set(&mut self, k: usize, t: Terms) {
        (self.value[k], self.explore[k], self.prior[k]) = (t.value, t.explore, t.prior);
    }

    /// The child `select::select` would choose, or `None` when a child is proven.
    #[inline(always)]
    pub fn select(&self, params: &Params, parent_visits: u32) -> Option<usize> {
        if self.any_proven {
            return None;
        }
        let factors = parent_factors(params, parent_visits);
        let mut best = [f32::NEG_INFINITY; LANES];
        let mut best_at = [0u32; LANES];
        for group in (0..self.len).step_by(LANES) {
            for lane in 0..LANES {
                let k = group + lane;
                let t = Terms { value: self.value[k], explore: self.explore[k], prior: self.prior[k] };
                let s = score(t, factors);
                // Strictly better only: each lane keeps its first best child.
                if s > best[lane] {
                    best[lane] = s;
                    best_at[lane] = k as u32;
                }
            }
        }
        let mut choice = (f32::NEG_INFINITY, 0u32);
        for lane in 0..LANES {
            let better = best[lane] > choice.0 || best[lane] == choice.0 && best_at[lane] < choice.1;
            if better {
                choice = (best[lane], best_at[lane]);
            }
        }
        Some(choice.1 as usize)
    }
}
