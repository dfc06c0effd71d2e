//! The game: a `Copy`, bit-packed Ultimate Tic-Tac-Toe position with the arena's rules (docs/rules.md).
//!
//! Each small board is a 9-bit mask per player; the big board keeps 9-bit masks of boards won by each
//! player and of closed (won or full) boards. This file holds the position, making a move and the game's
//! status; `tables.rs` the bit tables, `movegen.rs` move generation.

mod movegen;
pub mod plain;
#[cfg(not(bundle))]
mod points;
pub mod symmetry;
mod tables;
pub mod tactics;
#[cfg(test)]
mod tests;
#[cfg(not(bundle))]
pub mod variants;

use crate::moves::Move;
use tables::WINS;
pub use tables::{
    completing_cells, has_line, nth_set_bit, popcount9, random_set_bit, ANY_BOARD, FULL, LINES,
};

/// A player; X moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Player {
    /// The first player.
    X = 0,
    /// The second player.
    O = 1,
}

impl Player {
    /// The opponent.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// 0 for X, 1 for O: an index into per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Status {
    /// The game goes on.
    Ongoing,
    /// A player won (three boards in a line, or more boards at the end).
    Won(Player),
    /// No moves left and equal counts of won boards.
    Draw,
}

impl Status {
    /// The score for `player`: 1 win, ½ draw, 0 loss; ½ for a game still going on (no result yet).
    #[inline]
    pub fn score_for(self, player: Player) -> f32 {
        match self {
            Status::Won(p) if p == player => 1.0,
            Status::Draw | Status::Ongoing => 0.5,
            Status::Won(_) => 0.0,
        }
    }
}

/// A position. `Copy`, 44 bytes: cheap to clone into every playout.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Board {
    /// `cells[player][board]`: that player's marks in that small board.
    cells: [[u16; 9]; 2],
    /// Small boards won by each player.
    won: [u16; 2],
    /// Small boards that are won or full: no more moves there.
    closed: u16,
    /// The board the side to move must play in, or `ANY_BOARD`.
    forced: u8,
    /// 0 = X to move, 1 = O to move.
    side: u8,
    /// 0 ongoing, 1 X won, 2 O won, 3 draw.
    result: u8,
}

const _: () = assert!(std::mem::size_of::<Board>() <= 48);

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    /// The empty board, X to move anywhere.
    pub const fn new() -> Board {
        Board { cells: [[0; 9]; 2], won: [0; 2], closed: 0, forced: ANY_BOARD, side: 0, result: 0 }
    }

    /// Plays a sequence of moves from the empty board; `Err(index)` at the first illegal one.
    pub fn from_moves(moves: &[Move]) -> Result<Board, usize> {
        let mut b = Board::new();
        for (i, &m) in moves.iter().enumerate() {
            if !b.is_legal(m) {
                return Err(i);
            }
            b.play(m);
        }
        Ok(b)
    }

    /// The player whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        if self.side == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// Whether the game goes on, and its result if not.
    #[inline]
    pub fn status(&self) -> Status {
        match self.result {
            0 => Status::Ongoing,
            1 => Status::Won(Player::X),
            2 => Status::Won(Player::O),
            _ => Status::Draw,
        }
    }

    /// True once the game has a result.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.result != 0
    }

    /// The board the side to move is sent to, or `None` when it may play in any open board.
    #[inline]
    pub fn forced_board(&self) -> Option<usize> {
        (self.forced != ANY_BOARD).then_some(self.forced as usize)
    }

    /// A player's marks in a small board (9-bit mask).
    #[inline]
    pub fn marks(&self, player: Player, board: usize) -> u16 {
        self.cells[player.index()][board]
    }

    /// Small boards won by a player (9-bit mask).
    #[inline]
    pub fn won_boards(&self, player: Player) -> u16 {
        self.won[player.index()]
    }

    /// A 64-bit hash of the position (marks, side to move, forced board), for transposition tables.
    #[inline]
    pub fn key(&self) -> u64 {
        // Spread the side and forced board over the high bits first: the marks enter the low nine.
        let mut h = ((self.forced as u64) << 1 | self.side as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F) ^ 1;
        for marks in self.cells.iter().flatten() {
            h = (h ^ *marks as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 31;
        }
        h
    }

    /// Small boards that are won or full.
    #[inline]
    pub fn closed_boards(&self) -> u16 {
        self.closed
    }

    /// Empty cells of a small board (9-bit mask); zero for a closed board.
    #[inline]
    pub fn free_cells(&self, board: usize) -> u16 {
        if self.closed & (1 << board) != 0 {
            0
        } else {
            !(self.cells[0][board] | self.cells[1][board]) & FULL
        }
    }

    /// Who holds a cell, if anyone.
    pub fn cell_owner(&self, m: Move) -> Option<Player> {
        let bit = 1 << m.cell();
        if self.cells[0][m.board()] & bit != 0 {
            Some(Player::X)
        } else if self.cells[1][m.board()] & bit != 0 {
            Some(Player::O)
        } else {
            None
        }
    }

    /// The small boards the side to move may play in (9-bit mask); zero when the game is over.
    #[inline]
    pub fn playable_boards(&self) -> u16 {
        if self.result != 0 {
            0
        } else if self.forced != ANY_BOARD {
            1 << self.forced
        } else {
            !self.closed & FULL
        }
    }

    /// True when `m` may be played now by the side to move.
    #[inline]
    pub fn is_legal(&self, m: Move) -> bool {
        (m.0 as usize) < 81
            && self.playable_boards() & (1 << m.board()) != 0
            && self.free_cells(m.board()) & (1 << m.cell()) != 0
    }

    /// Plays a legal move (checked only by debug assertions) for the side to move.
    #[inline]
    pub fn play(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m} in {self:?}");
        self.play_at(m.board(), m.cell());
    }

    /// `play` by board and cell, which saves the division by 9 in random play.
    #[inline(always)]
    fn play_at(&mut self, b: usize, c: usize) {
        let p = self.side as usize & 1;
        let b = b % 9; // lets the compiler drop the bounds checks below (b < 9 already)
        let mine = self.cells[p][b] | (1 << c);
        self.cells[p][b] = mine;
        if WINS[mine as usize & 0x1FF] {
            self.won[p] |= 1 << b;
            self.closed |= 1 << b;
            if WINS[self.won[p] as usize & 0x1FF] {
                self.result = p as u8 + 1;
            } else {
                self.end_if_no_move_left();
            }
        } else if mine | self.cells[p ^ 1][b] == FULL {
            self.closed |= 1 << b;
            self.end_if_no_move_left();
        }
        self.forced = if self.closed & (1 << c) != 0 { ANY_BOARD } else { c as u8 };
        self.side ^= 1;
    }

    /// With every small board closed the game ends on the count of won boards (docs/rules.md, rule 6).
    #[inline]
    fn end_if_no_move_left(&mut self) {
        if self.closed == FULL {
            self.result = match result_on_board_count(self.won) {
                Status::Won(p) => p as u8 + 1,
                _ => 3,
            };
        }
    }

    /// The board drawn as 9 text lines: `X`, `O`, `.` for empty, with won boards filled in.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in 0..9 {
            if row > 0 && row % 3 == 0 {
                out.push_str("------+-------+------\n");
            }
            for col in 0..9 {
                if col > 0 && col % 3 == 0 {
                    out.push_str("| ");
                }
                let m = Move::from_row_col(row, col).expect("row and col in range");
                let ch = match self.cell_owner(m) {
                    Some(Player::X) => 'X',
                    Some(Player::O) => 'O',
                    None => '.',
                };
                out.push(ch);
                out.push(' ');
            }
            out.pop();
            out.push('\n');
        }
        out
    }
}

/// The result when no legal move is left: more small boards won wins, equal counts draw (docs/rules.md, rule 6).
pub fn result_on_board_count(won: [u16; 2]) -> Status {
    match popcount9(won[0]).cmp(&popcount9(won[1])) {
        std::cmp::Ordering::Greater => Status::Won(Player::X),
        std::cmp::Ordering::Less => Status::Won(Player::O),
        std::cmp::Ordering::Equal => Status::Draw,
    }
}
