//! A leaf's value: the exact result of a finished game, else a rollout, the value net, or a blend.

use super::{rollout, Search};
use crate::board::Board;

impl Search {
    /// The reward of `board`, the position of node `node`, for the player who moved into it (the one not
    /// to move there). The net's value is kept for the sharpening of the node's parent (`leaf_values.rs`).
    #[inline(always)]
    pub(super) fn leaf_reward(&mut self, node: usize, board: &Board) -> f32 {
        let mover = board.side_to_move().other();
        if board.is_over() {
            return board.status().score_for(mover);
        }
        let weight = self.params.value_weight;
        let net = match &self.value {
            Some(net) if weight > 0.0 => net,
            _ => {
                #[cfg(not(bundle))]
                {
                    self.counts.rollouts += 1;
                }
                return rollout::rollout(*board, self.params.rollout, &mut self.rng).score_for(mover);
            }
        };
        #[cfg(not(bundle))]
        {
            self.counts.leaf_values += 1;
        }
        // The net gives the side to move's expected score; the mover's is its complement.
        if weight >= 1.0 {
            let value = self.board_sums.evaluate(net, board);
            self.leaf_values.remember(node, value);
            return 1.0 - value;
        }
        let (value, expected_rollout) = match &self.rollout_head {
            Some(head) => {
                let (value, rollout) = self.board_sums.evaluate_pair(net, board, head);
                (value, Some(1.0 - rollout))
            }
            None => (self.board_sums.evaluate(net, board), None),
        };
        self.leaf_values.remember(node, value);
        let from_net = 1.0 - value;
        #[cfg(not(bundle))]
        {
            self.counts.rollouts += 1;
        }
        let rolled = rollout::rollout(*board, self.params.rollout, &mut self.rng).score_for(mover);
        blend(from_net, rolled, expected_rollout, weight)
    }
}

/// A leaf's value from the net's, a rollout's and `weight`: `w·net + (1 − w)·rollout`. With the rollout's
/// expected result `r` known (a rollout head), the rollout counts by its surprise alone,
/// `net + (1 − w)·(rollout − r)`: as much of its noise, and so of what it finds that the net does not,
/// without pulling the value towards what rollouts score on average (docs/tuning.md).
#[inline(always)]
fn blend(net: f32, rolled: f32, expected_rollout: Option<f32>, weight: f32) -> f32 {
    match expected_rollout {
        Some(expected) => net + (1.0 - weight) * (rolled - expected),
        None => weight * net + (1.0 - weight) * rolled,
    }
}

#[cfg(test)]
mod tests {
    use super::blend;

    #[test]
    fn a_rollout_counts_by_its_surprise_when_its_expectation_is_known() {
        // Without a head: the weighted mean.
        assert_eq!(blend(0.8, 0.0, None, 0.5), 0.4);
        // A head that expects what the net says gives the plain blend back.
        assert!((blend(0.8, 1.0, Some(0.8), 0.5) - blend(0.8, 1.0, None, 0.5)).abs() < 1e-6);
        // Averaged over rollouts that score as the head expects, the value is the net's, not the blend's.
        let expected = 0.3;
        let mean = 0.3 * blend(0.8, 1.0, Some(expected), 0.5) + 0.7 * blend(0.8, 0.0, Some(expected), 0.5);
        assert!((mean - 0.8).abs() < 1e-6, "{mean}");
        assert!((0.3 * blend(0.8, 1.0, None, 0.5) + 0.7 * blend(0.8, 0.0, None, 0.5) - 0.55).abs() < 1e-6);
    }
}
