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
    /// The reward of `board` for the player who moved into it (the one not to move there), and the
    /// net's value of it for that player (the exact result if the game is over; `None` without the net).
    #[inline]
    pub(super) fn leaf_reward(&mut self, board: &Board) -> (f32, Option<f32>) {
        let mover = board.side_to_move().other();
        if board.is_over() {
            let exact = reward_for(board.status(), mover);
            return (exact, Some(exact));
        }
        let weight = self.params.value_weight;
        // The net gives the side to move's expected score; the mover's is its complement.
        let from_net = match &self.value {
            Some(net) if weight > 0.0 => 1.0 - net.evaluate(board),
            _ => return (self.rollout_reward(board), None),
        };
        if weight >= 1.0 {
            return (from_net, Some(from_net));
        }
        (weight * from_net + (1.0 - weight) * self.rollout_reward(board), Some(from_net))
    }

    /// True when nodes keep minimax-backed net values: a net in use and `minimax_weight` > 0.
    pub(super) fn keeps_evals(&self) -> bool {
        self.params.minimax_weight > 0.0 && self.params.value_weight > 0.0 && self.value.is_some()
    }

    /// The reward of one rollout from `board` for the player who moved into it.
    #[inline]
    fn rollout_reward(&mut self, board: &Board) -> f32 {
        let result = rollout::rollout(*board, self.params.rollout, &mut self.rng);
        reward_for(result, board.side_to_move().other())
    }
}
