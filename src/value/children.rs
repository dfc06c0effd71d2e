//! The values of a node's children, each exactly the net's from-scratch value of the position after it.
//!
//! A move changes the features of the small board it is played in and the game-level ones, never those
//! of the other eight boards (`features/mod.rs`: a board's features read its own marks and state only). So
//! the children of one position, all seen by the same player (the one to move after them), share the
//! columns of every board but the one played in: `Children` sums those once. A child that leaves its
//! board open shares more: the parent's marks there, the game-level features no such move changes, and
//! those that follow from whether the board still counts towards a big-board line of the child's side
//! to move, two sums a board (`child_features.rs`); it adds its own mark, the board's threats and its own
//! game-level features. A child that closes its board adds that board's features and all the game's.
//! The first layer adds `i16` columns with wrapping arithmetic, whose result does not depend on their
//! order, so every child's sums and value are bit for bit those of `ValueNet::evaluate` (tested); only
//! the time differs.

use super::board_sums::BoardSums;
use super::child_features::ChildGameFeatures;
use super::features::{
    board_features, board_marks, board_threats, game_features, MAX_GAME_FEATURES, OPPONENT_CELLS,
};
#[cfg(not(bundle))]
use super::features::{board_forks, FORKS};
use super::network::shape::{SHIPPED, WIDE_HIDDEN};
use super::network::{add_column, ValueNet};
use crate::board::{Board, Player};
use crate::moves::Move;

/// The widest net valued from shared sums; a net of a width other than the shipped one or `WIDE_HIDDEN`
/// (those with fixed-width sums, `network/shape.rs`) values each child from scratch.
const MAX_WIDTH: usize = if SHIPPED.hidden > WIDE_HIDDEN { SHIPPED.hidden } else { WIDE_HIDDEN };

/// Values the children of one position by `net` (`value`), keeping the shared sums of the board last played
/// in.
pub struct Children<'a> {
    net: &'a ValueNet,
    /// Each small board's sums (`board_sums.rs`): the boards not played in come from there.
    board_sums: &'a mut BoardSums,
    parent: Board,
    /// The player to move after any child move: every child is valued from this view.
    me: Player,
    /// The biases plus the columns of every board but `shared_board`, seen by `me` (the net's width of them).
    shared: [i16; MAX_WIDTH],
    /// `shared` plus the columns of the game-level features every child leaving `shared_board` open keeps
    /// (`ChildGameFeatures::kept`), of the parent's marks in that board, and of the features that follow
    /// from whether that board still counts towards a big-board line of `me`: `[0]` where it no longer
    /// does, `[1]` where it does (`ChildGameFeatures::lines_and_standing`). A child leaving the board open
    /// adds its own mark's column and its own features (`ChildGameFeatures::child_own`).
    open_by_liveness: [[i16; MAX_WIDTH]; 2],
    /// The board `shared` leaves out; 9 before the first child.
    shared_board: usize,
    /// The children's shared game-level facts (`child_features.rs`).
    game: ChildGameFeatures,
}

impl<'a> Children<'a> {
    /// Ready to value the children of `parent`.
    #[inline(always)]
    pub fn new(net: &'a ValueNet, board_sums: &'a mut BoardSums, parent: &Board) -> Children<'a> {
        let me = parent.side_to_move().other();
        let game = ChildGameFeatures::new(parent);
        Children {
            net,
            board_sums,
            parent: *parent,
            me,
            shared: [0; MAX_WIDTH],
            open_by_liveness: [[0; MAX_WIDTH]; 2],
            shared_board: 9,
            game,
        }
    }

    /// The expected score of the side to move in `after`, the position `m` leads to from the parent (not
    /// over): `net.evaluate(after)`, exactly.
    #[inline(always)]
    pub fn value(&mut self, m: Move, after: &Board) -> f32 {
        // The arena file plays the shipped width only (`network::shape::SHIPPED_IN_THE_ARENA_FILE`).
        #[cfg(not(bundle))]
        if self.net.hidden() != SHIPPED.hidden {
            return match self.net.hidden() {
                WIDE_HIDDEN => self.value_fixed::<WIDE_HIDDEN>(m, after),
                _ => self.net.evaluate(after),
            };
        }
        self.value_fixed::<{ SHIPPED.hidden }>(m, after)
    }

    #[inline(always)]
    fn value_fixed<const H: usize>(&mut self, m: Move, after: &Board) -> f32 {
        let (net, me, b) = (self.net, self.me, m.board());
        if self.shared_board != b {
            self.share::<H>(b);
        }
        let mut game = [0; MAX_GAME_FEATURES];
        let (mut sums, n): ([i16; H], usize) = match self.game.child_own(after, b, &mut game) {
            // The move leaves its board open: the sums by the board's liveness, then the child's own.
            Some((live, n)) => {
                let mut sums =
                    self.open_by_liveness[usize::from(live)][..H].try_into().expect("H is at most MAX_WIDTH");
                add_column(&mut sums, net.column(OPPONENT_CELLS + 9 * b + m.cell()));
                board_threats(after, me, b, |f| add_column(&mut sums, net.column(f)));
                #[cfg(not(bundle))]
                if net.inputs() > FORKS {
                    board_forks(after, me, b, |f| add_column(&mut sums, net.column(f)));
                }
                (sums, n)
            }
            // It closes the board: that board's features and the game's are the child's own.
            None => {
                let mut sums = self.shared[..H].try_into().expect("H is at most MAX_WIDTH");
                board_features(after, me, b, net.inputs(), |f| add_column(&mut sums, net.column(f)));
                (sums, game_features(after, me, &mut game))
            }
        };
        for &f in &game[..n] {
            add_column(&mut sums, net.column(f));
        }
        net.output(&sums, net.bucket(after))
    }

    /// The sums every child in board `b` starts from: `shared` and `open_by_liveness`.
    #[inline(always)]
    fn share<const H: usize>(&mut self, b: usize) {
        let (net, me, parent) = (self.net, self.me, &self.parent);
        let shared: &mut [i16; H] = (&mut self.shared[..H]).try_into().expect("H is at most MAX_WIDTH");
        shared.copy_from_slice(net.biases());
        for other in (0..9).filter(|&o| o != b) {
            // The shipped width's board sums are kept (`board_sums.rs`); a wider experiment's are not.
            #[cfg(not(bundle))]
            if H != SHIPPED.hidden {
                board_features(parent, me, other, net.inputs(), |f| add_column(shared, net.column(f)));
                continue;
            }
            let shipped = (&mut shared[..]).try_into().expect("the shipped width");
            self.board_sums.add_board(net, parent, me, other, shipped);
        }
        let mut open = *shared;
        let mut kept = [0; MAX_GAME_FEATURES];
        let n = self.game.kept(&mut kept);
        kept[..n].iter().for_each(|&f| add_column(&mut open, net.column(f)));
        board_marks(parent, me, b, |f| add_column(&mut open, net.column(f)));
        for live in [false, true] {
            let mut sums = open;
            let n = self.game.lines_and_standing(parent, b, live, &mut kept, 0);
            kept[..n].iter().for_each(|&f| add_column(&mut sums, net.column(f)));
            self.open_by_liveness[usize::from(live)][..H].copy_from_slice(&sums);
        }
        self.shared_board = b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Every child of positions along random games, by the shipped net and by a random one of the other
    /// fixed width.
    #[test]
    fn every_child_is_valued_exactly_as_from_scratch() {
        let shipped = ValueNet::embedded().expect("the embedded net decodes");
        let wide = crate::value::network::tests::random_net(96, 4, 3);
        // The general way (a net reading the forks and dead boards) and the one by liveness (one that does not).
        let wide_fewer_inputs = wide.clone().with_inputs(FORKS);
        for (net, games) in [(&shipped, 60), (&wide, 10), (&wide_fewer_inputs, 10)] {
            let mut rng = Rng::new(11);
            let mut board_sums = BoardSums::default();
            let mut checked = 0;
            for _ in 0..games {
                let mut board = Board::new();
                while !board.is_over() {
                    let mut children = Children::new(net, &mut board_sums, &board);
                    for &m in board.legal_moves().iter() {
                        let mut after = board;
                        after.play(m);
                        if !after.is_over() {
                            assert_eq!(children.value(m, &after).to_bits(), net.evaluate(&after).to_bits());
                            checked += 1;
                        }
                    }
                    let m = board.random_move(&mut rng).expect("a move while not over");
                    board.play(m);
                }
            }
            assert!(checked > 150 * games, "{checked} children of a {}-unit net", net.hidden());
        }
    }
}
