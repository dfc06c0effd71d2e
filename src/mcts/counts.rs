//! What the searches did, counted as they went: the work of an iteration by kind, so that a profile's
//! time can be read per unit of work (`uttt bench --midgame-iterations`, docs/performance.md). Counting is
//! a few additions an iteration and changes no move.

/// Totals over every search of one `Search` since it was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchCounts {
    /// Iterations.
    pub iterations: u64,
    /// Nodes walked through below the root, the leaf included (the selection's steps).
    pub path_nodes: u64,
    /// Nodes expanded (their children added).
    pub expansions: u64,
    /// Children given the policy's priors (the policy's evaluations, one a move).
    pub priors: u64,
    /// Leaves valued by the net (from scratch, with the rollout head's output where there is one).
    pub leaf_values: u64,
    /// Leaves valued by a rollout.
    pub rollouts: u64,
    /// Nodes whose children's priors were sharpened by the net's values.
    pub sharpenings: u64,
    /// Children valued by the net at a sharpening (`value::children`).
    pub child_values: u64,
    /// Children whose value at a sharpening was the one kept from their visit as a leaf (`leaf_values.rs`),
    /// not counted in `child_values`.
    pub child_values_recalled: u64,
    /// Small boards' first-layer sums looked up (`value::board_sums`).
    pub board_sums: u64,
    /// Of those, the ones not in the table, computed from their features' columns.
    pub board_sums_computed: u64,
}

impl SearchCounts {
    /// The counts per iteration, as `(name, value)` rows.
    pub fn per_iteration(&self) -> [(&'static str, f64); 10] {
        let n = self.iterations.max(1) as f64;
        [
            ("path_nodes", self.path_nodes as f64 / n),
            ("expansions", self.expansions as f64 / n),
            ("priors", self.priors as f64 / n),
            ("leaf_values", self.leaf_values as f64 / n),
            ("rollouts", self.rollouts as f64 / n),
            ("sharpenings", self.sharpenings as f64 / n),
            ("child_values", self.child_values as f64 / n),
            ("child_values_recalled", self.child_values_recalled as f64 / n),
            ("board_sums", self.board_sums as f64 / n),
            ("board_sums_computed", self.board_sums_computed as f64 / n),
        ]
    }

    /// The sum of two counts.
    pub fn plus(self, other: SearchCounts) -> SearchCounts {
        SearchCounts {
            iterations: self.iterations + other.iterations,
            path_nodes: self.path_nodes + other.path_nodes,
            expansions: self.expansions + other.expansions,
            priors: self.priors + other.priors,
            leaf_values: self.leaf_values + other.leaf_values,
            rollouts: self.rollouts + other.rollouts,
            sharpenings: self.sharpenings + other.sharpenings,
            child_values: self.child_values + other.child_values,
            child_values_recalled: self.child_values_recalled + other.child_values_recalled,
            board_sums: self.board_sums + other.board_sums,
            board_sums_computed: self.board_sums_computed + other.board_sums_computed,
        }
    }
}
