//! The first layer's board part, kept move by move for both perspectives; the game-level part added when a
//! position is valued, for its side to move only (the alpha-beta search's accumulator stack).
//!
//! A move changes the features of the small board it is played in and the game-level ones. The board
//! features are cheap to list and few of them change (the new mark, a threat or two), so `play` updates
//! both perspectives by those columns only. The game-level features (the forced board, the threats to
//! win the game, the big-board lines, the standing) cost more to find than a leaf's few columns, and a
//! search reaches most positions only to play on from them: `value` finds them once, for the side to
//! move, and adds their columns to a copy. The sums are bit for bit those of `ValueNet::evaluate`: the
//! first layer adds `i16` with wrapping arithmetic, in any order (tested).

use super::accumulator::{add, sub};
use super::features::{board_features, game_features, MAX_GAME_FEATURES};
use super::network::{ValueNet, MAX_HIDDEN, SHIPPED};
use crate::board::{Board, Player};
use crate::moves::Move;

/// The biases and the board features' columns summed, seen by X (`[0]`) and by O (`[1]`).
#[derive(Clone, Copy)]
pub struct BoardAccumulator {
    sums: [[i16; MAX_HIDDEN]; 2],
}

const _: () = assert!(std::mem::size_of::<BoardAccumulator>() == 4 * MAX_HIDDEN);

impl Default for BoardAccumulator {
    fn default() -> Self {
        BoardAccumulator { sums: [[0; MAX_HIDDEN]; 2] }
    }
}

/// The most features one small board has: nine marks, two threats, two forks or dead boards.
const MAX_BOARD_FEATURES: usize = 16;

/// A small board's features, listed.
struct FeatureList {
    features: [usize; MAX_BOARD_FEATURES],
    len: usize,
}

impl FeatureList {
    /// The features of small board `b` seen by `me` (`board_features`).
    #[inline]
    fn of(board: &Board, me: Player, b: usize, inputs: usize) -> FeatureList {
        let mut list = FeatureList { features: [0; MAX_BOARD_FEATURES], len: 0 };
        board_features(board, me, b, inputs, |f| {
            list.features[list.len] = f;
            list.len += 1;
        });
        list
    }

    fn as_slice(&self) -> &[usize] {
        &self.features[..self.len]
    }
}

impl BoardAccumulator {
    /// Both perspectives of `board` from scratch.
    pub fn refresh(&mut self, net: &ValueNet, board: &Board) {
        let (h, inputs) = (net.hidden(), net.inputs());
        for me in [Player::X, Player::O] {
            let sum = &mut self.sums[me.index()][..h];
            sum.copy_from_slice(net.biases());
            for b in 0..9 {
                board_features(board, me, b, inputs, |f| add(sum, net.column(f)));
            }
        }
    }

    /// Both perspectives of `after`, which move `m` made from `before`, whose sums `parent` holds: a
    /// copy of the net's width (not the whole array) and the columns of the features of `m`'s board that
    /// went or came.
    #[inline]
    pub fn play_from(
        &mut self,
        parent: &BoardAccumulator,
        net: &ValueNet,
        before: &Board,
        m: Move,
        after: &Board,
    ) {
        let h = net.hidden();
        for me in [0, 1] {
            // The shipped width as a constant: a copy the compiler unrolls instead of a call to `memmove`.
            if h == SHIPPED.hidden {
                self.sums[me][..SHIPPED.hidden].copy_from_slice(&parent.sums[me][..SHIPPED.hidden]);
            } else {
                self.sums[me][..h].copy_from_slice(&parent.sums[me][..h]);
            }
        }
        self.play(net, before, m, after);
    }

    /// Updates both perspectives for move `m` played in `before`, giving `after`: the columns of the
    /// features of `m`'s board that went or came.
    #[inline]
    pub fn play(&mut self, net: &ValueNet, before: &Board, m: Move, after: &Board) {
        let (h, inputs, b) = (net.hidden(), net.inputs(), m.board());
        for me in [Player::X, Player::O] {
            let (old, new) = (FeatureList::of(before, me, b, inputs), FeatureList::of(after, me, b, inputs));
            let (old, new) = (old.as_slice(), new.as_slice());
            let sum = &mut self.sums[me.index()][..h];
            for &f in old.iter().filter(|f| !new.contains(f)) {
                sub(sum, net.column(f));
            }
            for &f in new.iter().filter(|f| !old.contains(f)) {
                add(sum, net.column(f));
            }
        }
    }

    /// The net's expected score of `board` (these sums' position) for its side to move: its game-level
    /// columns added to a copy of its perspective's sums.
    #[inline]
    pub fn value(&self, net: &ValueNet, board: &Board) -> f32 {
        let me = board.side_to_move();
        let h = net.hidden();
        let mut sums = [0i16; MAX_HIDDEN];
        sums[..h].copy_from_slice(&self.sums[me.index()][..h]);
        let mut game = [0; MAX_GAME_FEATURES];
        let n = game_features(board, me, &mut game);
        for &f in &game[..n] {
            add(&mut sums[..h], net.column(f));
        }
        net.output(&sums, net.bucket(board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn kept_move_by_move_it_values_every_position_as_the_net_from_scratch() {
        let net = ValueNet::embedded().unwrap();
        let mut rng = Rng::new(3);
        let mut checked = 0;
        for _ in 0..100 {
            let mut board = Board::new();
            let mut acc = BoardAccumulator::default();
            acc.refresh(&net, &board);
            while let Some(m) = board.random_move(&mut rng) {
                let mut after = board;
                after.play(m);
                acc.play(&net, &board, m, &after);
                board = after;
                assert_eq!(acc.value(&net, &board).to_bits(), net.evaluate(&board).to_bits(), "{board:?}");
                let mut fresh = BoardAccumulator::default();
                fresh.refresh(&net, &board);
                assert_eq!(fresh.sums, acc.sums);
                checked += 1;
            }
        }
        assert!(checked > 3000, "{checked}");
    }
}
