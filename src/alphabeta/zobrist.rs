//! Zobrist keys: one random number per (player, cell), per forced board and for the side to move, XORed
//! together, so a move updates the key with three XORs instead of hashing the position again.

use crate::board::{Board, Player};
use crate::moves::Move;

/// The keys' random numbers, drawn once from a fixed seed (the same in every process).
pub struct Zobrist {
    cells: [[u64; 81]; 2],
    /// Index 9: any board.
    forced: [u64; 10],
    o_to_move: u64,
}

impl Zobrist {
    /// The table drawn from a fixed seed.
    pub fn new() -> Zobrist {
        let mut rng = crate::rng::Rng::new(0x2B99_2DDF_A232_49D6);
        let mut next = || rng.next_u64();
        let mut cells = [[0; 81]; 2];
        cells.iter_mut().flatten().for_each(|k| *k = next());
        let mut forced = [0; 10];
        forced.iter_mut().for_each(|k| *k = next());
        Zobrist { cells, forced, o_to_move: next() }
    }

    fn forced_key(&self, board: &Board) -> u64 {
        self.forced[board.forced_board().unwrap_or(9)]
    }

    /// The key of `board`, from scratch.
    pub fn key(&self, board: &Board) -> u64 {
        let mut key = self.forced_key(board);
        if board.side_to_move() == Player::O {
            key ^= self.o_to_move;
        }
        for p in [Player::X, Player::O] {
            for b in 0..9 {
                let mut marks = board.marks(p, b);
                while marks != 0 {
                    key ^= self.cells[p.index()][9 * b + marks.trailing_zeros() as usize];
                    marks &= marks - 1;
                }
            }
        }
        key
    }

    /// The key after `m` was played from `before` (key `key`), giving `after`.
    #[inline]
    pub fn after(&self, key: u64, before: &Board, m: Move, after: &Board) -> u64 {
        key ^ self.cells[before.side_to_move().index()][m.index()]
            ^ self.o_to_move
            ^ self.forced_key(before)
            ^ self.forced_key(after)
    }
}

impl Default for Zobrist {
    fn default() -> Self {
        Zobrist::new()
    }
}
