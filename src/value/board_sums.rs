//! Each small board's first-layer columns, summed once and kept: a position's sums from scratch are the
//! biases, nine board sums and the game-level columns.
//!
//! A board's features read its own marks and state only (`features/mod.rs`), so the sum of their columns
//! is a function of the board's index, the two players' marks there seen from `me`, and whether it is
//! closed (who won it, if anyone, is in its marks). Below one root the search meets few of those per
//! board (a leaf differs from the root in the boards its path played in), so a direct-mapped table keyed
//! by them answers most boards with one sum of 80 weights instead of a column per mark and threat. The
//! first layer adds `i16` with wrapping arithmetic, whose result does not depend on the order or grouping
//! of the additions: a position's sums and value are bit for bit those of `ValueNet::evaluate` (tested).
//! A table belongs to one net: `clear` when the net changes.

use super::features::{board_features, game_features, MAX_GAME_FEATURES};
use super::network::shape::SHIPPED;
use super::network::{add_column, ValueNet};
use crate::board::{Board, Player, FULL};

/// The shipped net's width: the table holds its sums (another width is valued from scratch).
const WIDTH: usize = SHIPPED.hidden;
/// Slots: 4,096 sums of 160 bytes (640 KiB, within a second-level cache).
const SLOT_BITS: u32 = 12;
/// The key of no board (a key has 23 bits).
const NO_BOARD: u32 = u32::MAX;

/// The table, allocated once with the search.
pub struct BoardSums {
    keys: Box<[u32]>,
    sums: Box<[[i16; WIDTH]]>,
    /// Sums looked up, and of those computed (not in the table).
    counts: SumCounts,
}

/// The tools' counts; nothing in the arena file, which counts nothing (a field the bundler cannot cut, a
/// type it can).
#[cfg(not(bundle))]
type SumCounts = (u64, u64);
#[cfg(bundle)]
type SumCounts = ();

impl Default for BoardSums {
    fn default() -> Self {
        BoardSums {
            keys: vec![NO_BOARD; 1 << SLOT_BITS].into(),
            sums: vec![[0; WIDTH]; 1 << SLOT_BITS].into(),
            counts: SumCounts::default(),
        }
    }
}

impl BoardSums {
    /// Forgets every sum (the net is about to change).
    pub fn clear(&mut self) {
        self.keys.fill(NO_BOARD);
    }

    /// Sums looked up since the table was made, and of those computed.
    #[cfg(not(bundle))]
    pub fn counts(&self) -> (u64, u64) {
        self.counts
    }

    /// Adds the columns of small board `b`'s features in `board`, seen by `me`, to `sums`.
    #[inline(always)]
    pub fn add_board(
        &mut self,
        net: &ValueNet,
        board: &Board,
        me: Player,
        b: usize,
        sums: &mut [i16; WIDTH],
    ) {
        // A closed board's state follows from its marks (a line of one player's, or full).
        let closed = u32::from(board.closed_boards() >> b & 1);
        let own = (board.marks(me, b) & FULL) as u32;
        let theirs = (board.marks(me.other(), b) & FULL) as u32;
        let key = (b as u32) << 19 | closed << 18 | own << 9 | theirs;
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOT_BITS)) as usize;
        #[cfg(not(bundle))]
        {
            self.counts.0 += 1;
        }
        if self.keys[slot] != key {
            #[cfg(not(bundle))]
            {
                self.counts.1 += 1;
            }
            let mut fresh = [0; WIDTH];
            board_features(board, me, b, net.inputs(), |f| add_column(&mut fresh, net.column(f)));
            self.sums[slot] = fresh;
            self.keys[slot] = key;
        }
        add_column(sums, &self.sums[slot]);
    }

    /// The first-layer sums of `board` seen by its side to move.
    #[inline(always)]
    fn sums(&mut self, net: &ValueNet, board: &Board) -> [i16; WIDTH] {
        let me = board.side_to_move();
        let mut sums: [i16; WIDTH] = net.biases().try_into().expect("the shipped width");
        for b in 0..9 {
            self.add_board(net, board, me, b, &mut sums);
        }
        let mut game = [0; MAX_GAME_FEATURES];
        let n = game_features(board, me, &mut game);
        for &f in &game[..n] {
            add_column(&mut sums, net.column(f));
        }
        sums
    }

    /// `net.evaluate(board)`, exactly.
    #[inline(always)]
    pub fn evaluate(&mut self, net: &ValueNet, board: &Board) -> f32 {
        #[cfg(not(bundle))]
        if net.hidden() != WIDTH {
            return net.evaluate(board);
        }
        net.output(&self.sums(net, board), net.bucket(board))
    }

    /// `net.evaluate_pair(board, head)`, exactly.
    #[inline(always)]
    pub fn evaluate_pair(&mut self, net: &ValueNet, board: &Board, head: &ValueNet) -> (f32, f32) {
        #[cfg(not(bundle))]
        if net.hidden() != WIDTH {
            return net.evaluate_pair(board, head);
        }
        let (sums, k) = (self.sums(net, board), net.bucket(board));
        (net.output(&sums, k), head.output(&sums, k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn every_position_is_valued_exactly_as_from_scratch() {
        let net = ValueNet::embedded().unwrap();
        let head = crate::value::rollout_head::load(&net, None).unwrap();
        let mut table = BoardSums::default();
        let mut rng = Rng::new(3);
        let mut valued = 0;
        for _ in 0..40 {
            let mut board = Board::new();
            while !board.is_over() {
                assert_eq!(table.evaluate(&net, &board).to_bits(), net.evaluate(&board).to_bits());
                let (value, rollout) = table.evaluate_pair(&net, &board, &head);
                let expected = net.evaluate_pair(&board, &head);
                assert_eq!(
                    (value.to_bits(), rollout.to_bits()),
                    (expected.0.to_bits(), expected.1.to_bits())
                );
                valued += 1;
                let moves = board.legal_moves();
                board.play(moves[rng.below(moves.len() as u32) as usize]);
            }
        }
        assert!(valued > 1000, "{valued}");
        let (looked_up, computed) = table.counts();
        assert_eq!(looked_up, 2 * 9 * valued as u64, "nine boards a position, two evaluations");
        assert!(computed > 0 && computed < looked_up / 2, "{computed} of {looked_up}");
    }

    #[test]
    fn a_cleared_table_recomputes_for_another_net() {
        let net = ValueNet::embedded().unwrap();
        let other = crate::value::network::tests::random_net(WIDTH, SHIPPED.buckets, 5);
        let mut table = BoardSums::default();
        let board = Board::new();
        assert_eq!(table.evaluate(&net, &board).to_bits(), net.evaluate(&board).to_bits());
        table.clear();
        assert_eq!(table.evaluate(&other, &board).to_bits(), other.evaluate(&board).to_bits());
    }
}
