//! A leaf's value: the exact result of a finished game, else a rollout, the value net, or a blend.

use super::{rollout, Search};
use crate::board::{Board, Player, Status};

impl Search {
    /// The reward of `board` for the player who moved into it (the one not to move there).
    #[inline]
    pub(super) fn leaf_reward(&mut self, board: &Board) -> f32 {
        let mover = board.side_to_move().other();
        if board.is_over() {
            return self.result_reward(board.status(), mover);
        }
        let weight = self.params.value_weight;
        let net = match &self.value {
            Some(net) if weight > 0.0 => net,
            _ => return self.rollout_reward(board, mover),
        };
        // The net gives the side to move's expected score; the mover's is its complement.
        let from_net = 1.0 - net.evaluate(board);
        if weight >= 1.0 {
            return from_net;
        }
        let rolled = self.rollout_reward(board, mover);
        weight * from_net + (1.0 - weight) * rolled
    }

    fn rollout_reward(&mut self, board: &Board, mover: Player) -> f32 {
        let result = rollout::rollout(*board, self.params.rollout, &mut self.rng);
        self.result_reward(result, mover)
    }

    /// A finished game's score for `mover`, a draw's shifted by the contempt (`Params::draw_contempt`).
    #[inline]
    pub(super) fn result_reward(&self, result: Status, mover: Player) -> f32 {
        match result {
            Status::Draw => self.draw_value(mover),
            _ => result.score_for(mover),
        }
    }

    /// What a draw is worth to `player`: ½ less the contempt for the root's player, ½ plus it for the other.
    #[inline]
    pub(super) fn draw_value(&self, player: Player) -> f32 {
        let contempt = self.params.draw_contempt;
        if player == self.root_board.side_to_move() {
            0.5 - contempt
        } else {
            0.5 + contempt
        }
    }
}
