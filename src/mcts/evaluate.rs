//! A leaf's value: the exact result of a finished game, else a rollout, the value net, or a blend.

use super::{rollout, Search};
use crate::board::Board;

impl Search {
    /// The reward of `board` for the player who moved into it (the one not to move there).
    #[inline]
    pub(super) fn leaf_reward(&mut self, board: &Board) -> f32 {
        let mover = board.side_to_move().other();
        if board.is_over() {
            return board.status().score_for(mover);
        }
        let weight = self.params.value_weight;
        let net = match &self.value {
            Some(net) if weight > 0.0 => net,
            _ => return rollout::rollout(*board, self.params.rollout, &mut self.rng).score_for(mover),
        };
        // The net gives the side to move's expected score; the mover's is its complement.
        let from_net = 1.0 - net.evaluate(board);
        if weight >= 1.0 {
            return from_net;
        }
        let rolled = rollout::rollout(*board, self.params.rollout, &mut self.rng).score_for(mover);
        weight * from_net + (1.0 - weight) * rolled
    }
}
