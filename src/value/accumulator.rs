//! The first layer's sums, one per perspective, kept up to date as moves are played (NNUE-style).
//!
//! A move changes few features: the cell played (or, when it closes its small board, that board's cells
//! give way to its state) and the forced board. `play` updates both perspectives by those columns only;
//! `refresh` recomputes from scratch. Both give the same sums (tested).

use super::features::{board_features, forced_feature, mark_feature};
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

#[inline]
fn add(sum: &mut [i16], column: &[i16]) {
    for (s, &w) in sum.iter_mut().zip(column) {
        *s = s.wrapping_add(w);
    }
}

#[inline]
fn sub(sum: &mut [i16], column: &[i16]) {
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
        for b in 0..9 {
            board_features(board, me, b, |f| add(sum, net.column(f)));
        }
        add(sum, net.column(forced_feature(board)));
    }

    /// Recomputes both perspectives from scratch.
    pub fn refresh(&mut self, net: &ValueNet, board: &Board) {
        self.refresh_side(net, board, Player::X);
        self.refresh_side(net, board, Player::O);
    }

    /// Updates both perspectives for move `m` played in `before`, giving `after`.
    #[inline]
    pub fn play(&mut self, net: &ValueNet, before: &Board, m: Move, after: &Board) {
        let h = net.hidden();
        let b = m.board();
        let closed_now = after.closed_boards() & !before.closed_boards() & (1 << b) != 0;
        let (old_forced, new_forced) = (forced_feature(before), forced_feature(after));
        for me in [Player::X, Player::O] {
            let sum = &mut self.sums[me.index()][..h];
            if closed_now {
                board_features(before, me, b, |f| sub(sum, net.column(f)));
                board_features(after, me, b, |f| add(sum, net.column(f)));
            } else {
                add(sum, net.column(mark_feature(me, before.side_to_move(), m)));
            }
            if old_forced != new_forced {
                sub(sum, net.column(old_forced));
                add(sum, net.column(new_forced));
            }
        }
    }
}
