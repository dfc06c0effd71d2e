//! Move generation on the bit masks: listing, counting, uniform random moves and perft.

use super::tables::{nth_set_bit, popcount9, random_set_bit, ANY_BOARD, FULL};
use super::{Board, Status};
use crate::moves::{Move, MoveList};
use crate::rng::Rng;

impl Board {
    /// Calls `f` for every legal move, in increasing index order.
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let mut boards = self.playable_boards();
        while boards != 0 {
            let b = boards.trailing_zeros() as usize;
            boards &= boards - 1;
            let mut free = self.free_cells(b);
            while free != 0 {
                f(Move::new(b, free.trailing_zeros() as usize));
                free &= free - 1;
            }
        }
    }

    /// All legal moves, in increasing index order.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_move(|m| list.push(m));
        list
    }

    /// The moves after which the side to move has won the game, found by trying each (for tests and
    /// the slow agents; the search uses masks).
    pub fn winning_moves(&self) -> Vec<Move> {
        let me = self.side_to_move();
        let mut wins = Vec::new();
        self.for_each_move(|m| {
            let mut next = *self;
            next.play(m);
            if next.status() == Status::Won(me) {
                wins.push(m);
            }
        });
        wins
    }

    /// The number of legal moves, without listing them.
    #[inline]
    pub fn count_moves(&self) -> u32 {
        if self.result != 0 {
            return 0;
        }
        if self.forced != ANY_BOARD {
            let b = self.forced as usize;
            return popcount9(!(self.cells[0][b] | self.cells[1][b]) & FULL);
        }
        self.count_moves_anywhere()
    }

    /// The number of legal moves on a free choice of board: the empty cells of all open boards.
    #[inline]
    pub fn count_moves_anywhere(&self) -> u32 {
        let mut boards = !self.closed & FULL;
        let mut n = 0;
        while boards != 0 {
            let b = boards.trailing_zeros() as usize;
            boards &= boards - 1;
            n += popcount9(!(self.cells[0][b] | self.cells[1][b]) & FULL);
        }
        n
    }

    /// A uniformly random legal move, or `None` when the game is over.
    #[inline]
    pub fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.result != 0 {
            return None;
        }
        let (b, c) = self.random_board_cell(rng);
        Some(Move::new(b, c))
    }

    /// A uniformly random legal (board, cell) of an ongoing game.
    #[inline]
    fn random_board_cell(&self, rng: &mut Rng) -> (usize, usize) {
        if self.forced != ANY_BOARD {
            let b = self.forced as usize;
            let free = !(self.cells[0][b] | self.cells[1][b]) & FULL;
            return (b, random_set_bit(free, rng));
        }
        let mut pick = rng.below(self.count_moves_anywhere());
        let mut boards = !self.closed & FULL;
        loop {
            let b = boards.trailing_zeros() as usize;
            boards &= boards - 1;
            let free = !(self.cells[0][b] | self.cells[1][b]) & FULL;
            let n = popcount9(free);
            if pick < n {
                return (b, nth_set_bit(free, pick));
            }
            pick -= n;
        }
    }

    /// Plays a uniformly random legal move; false (and nothing played) when the game is over.
    #[inline]
    pub fn play_random(&mut self, rng: &mut Rng) -> bool {
        if self.result != 0 {
            return false;
        }
        let (b, c) = self.random_board_cell(rng);
        self.play_at(b, c);
        true
    }

    /// Number of move sequences of length `depth` (leaf counting done in bulk at the last ply).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_moves() as u64,
            _ => {
                let mut total = 0;
                self.for_each_move(|m| {
                    let mut child = *self;
                    child.play(m);
                    total += child.perft(depth - 1);
                });
                total
            }
        }
    }
}
