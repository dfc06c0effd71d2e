//! The first layer's sums, one per perspective, kept up to date as moves are played (NNUE-style).
//!
//! A move changes only the features of the small board it is played in and the game-level ones (the
//! forced board, the threats to win the game). `play` updates both perspectives by those columns only;
//! `refresh` recomputes from scratch. Both give the same sums (tested).

use super::features::{active_features, board_features, game_features, MAX_GAME_FEATURES};
use super::network::{ValueNet, MAX_HIDDEN};
use crate::board::{Board, Player};
use crate::moves::Move;

/// First-layer sums seen by X (`[0]`) and by O (`[1]`); only the net's first `hidden` entries are used.
#[derive(Clone, Copy)]
pub struct Accumulator {
    sums: [[i16; MAX_HIDDEN]; 2],
}

const _: () = assert!(std::mem::size_of::<Accumulator>() == 4 * MAX_HIDDEN);

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator { sums: [[0; MAX_HIDDEN]; 2] }
    }
}

/// Adds a column of first-layer weights to the sums (wrapping, as the net's sums do).
#[inline]
pub(super) fn add(sum: &mut [i16], column: &[i16]) {
    for (s, &w) in sum.iter_mut().zip(column) {
        *s = s.wrapping_add(w);
    }
}

/// Takes a column of first-layer weights from the sums.
#[inline]
pub(super) fn sub(sum: &mut [i16], column: &[i16]) {
    for (s, &w) in sum.iter_mut().zip(column) {
        *s = s.wrapping_sub(w);
    }
}

impl Accumulator {
    /// The sums seen by `me` (the net's first `hidden` entries matter).
    #[inline]
    pub fn side(&self, me: Player) -> &[i16] {
        &self.sums[me.index()]
    }

    /// Recomputes `me`'s sums for `board` from scratch.
    #[inline]
    pub fn refresh_side(&mut self, net: &ValueNet, board: &Board, me: Player) {
        let h = net.hidden();
        let sum = &mut self.sums[me.index()][..h];
        sum.copy_from_slice(net.biases());
        active_features(board, me, net.inputs(), |f| add(sum, net.column(f)));
    }

    /// Recomputes both perspectives from scratch.
    pub fn refresh(&mut self, net: &ValueNet, board: &Board) {
        self.refresh_side(net, board, Player::X);
        self.refresh_side(net, board, Player::O);
    }

    /// Updates both perspectives for move `m` played in `before`, giving `after`.
    #[inline]
    pub fn play(&mut self, net: &ValueNet, before: &Board, m: Move, after: &Board) {
        let (h, inputs) = (net.hidden(), net.inputs());
        let b = m.board();
        for me in [Player::X, Player::O] {
            let (mut old_game, mut new_game) = ([0; MAX_GAME_FEATURES], [0; MAX_GAME_FEATURES]);
            let old_n = game_features(before, me, &mut old_game);
            let new_n = game_features(after, me, &mut new_game);
            let (old_game, new_game) = (&old_game[..old_n], &new_game[..new_n]);
            let sum = &mut self.sums[me.index()][..h];
            board_features(before, me, b, inputs, |f| sub(sum, net.column(f)));
            board_features(after, me, b, inputs, |f| add(sum, net.column(f)));
            for &f in old_game.iter().filter(|f| !new_game.contains(f)) {
                sub(sum, net.column(f));
            }
            for &f in new_game.iter().filter(|f| !old_game.contains(f)) {
                add(sum, net.column(f));
            }
        }
    }
}
