//! A leaf's value: the exact result of a finished game, else a rollout, the value net, or a blend.

use super::{rollout, Search};
use crate::board::Board;

/// A leaf's value for the player who moved into it, and the net's value minus the rollout's (0 where
/// only one of them was asked, or the game is over).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct LeafValue {
    pub reward: f32,
    pub spread: f32,
}

impl LeafValue {
    /// The same leaf seen by the other player.
    #[inline]
    pub fn flipped(self) -> LeafValue {
        LeafValue { reward: 1.0 - self.reward, spread: -self.spread }
    }
}

impl Search {
    /// The value of `board` for the player who moved into it (the one not to move there).
    #[inline]
    pub(super) fn leaf_value(&mut self, board: &Board) -> LeafValue {
        let mover = board.side_to_move().other();
        let only = |reward| LeafValue { reward, spread: 0.0 };
        if board.is_over() {
            return only(board.status().score_for(mover));
        }
        let weight = self.params.value_weight;
        let net = match &self.value {
            Some(net) if weight > 0.0 => net,
            _ => return only(rollout::rollout(*board, self.params.rollout, &mut self.rng).score_for(mover)),
        };
        // The net gives the side to move's expected score; the mover's is its complement.
        let from_net = 1.0 - net.evaluate(board);
        if weight >= 1.0 {
            return only(from_net);
        }
        let rolled = rollout::rollout(*board, self.params.rollout, &mut self.rng).score_for(mover);
        LeafValue { reward: weight * from_net + (1.0 - weight) * rolled, spread: from_net - rolled }
    }
}
