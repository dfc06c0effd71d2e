//! A leaf's value: the exact result of a finished game, else a rollout, the value net, or a blend.

use super::{rollout, Search};
use crate::board::{Board, Status};

/// The reward of a finished (or rolled-out) game for `mover`: 1 win, ½ draw, 0 loss.
#[inline]
fn reward_for(result: Status, mover: crate::board::Player) -> f32 {
    match result {
        Status::Won(p) if p == mover => 1.0,
        Status::Draw | Status::Ongoing => 0.5,
        Status::Won(_) => 0.0,
    }
}

impl Search {
    /// The reward of `board` for the player who moved into it (the one not to move there).
    #[inline]
    pub(super) fn leaf_reward(&mut self, board: &Board) -> f32 {
        let mover = board.side_to_move().other();
        if board.is_over() {
            return reward_for(board.status(), mover);
        }
        let weight = self.params.value_weight;
        let net = match &self.value {
            Some(net) if weight > 0.0 => net,
            _ => return reward_for(rollout::rollout(*board, self.params.rollout, &mut self.rng), mover),
        };
        // The net gives the side to move's expected score; the mover's is its complement.
        let from_net = 1.0 - net.evaluate(board);
        if weight >= 1.0 {
            return from_net;
        }
        let rolled = reward_for(rollout::rollout(*board, self.params.rollout, &mut self.rng), mover);
        weight * from_net + (1.0 - weight) * rolled
    }
}
