//! A move (one of the 81 cells) and a fixed-size, allocation-free list of moves.

use std::fmt;

/// A cell of the 9×9 grid, numbered `9 * board + cell` (board and cell as in docs/rules.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Move(pub u8);

const _: () = assert!(std::mem::size_of::<Move>() == 1);

impl Move {
    /// The move at `cell` (0..8) of small board `board` (0..8).
    #[inline]
    pub fn new(board: usize, cell: usize) -> Move {
        debug_assert!(board < 9 && cell < 9);
        Move((board * 9 + cell) as u8)
    }

    /// The small board (0..9) the move is played in.
    #[inline]
    pub fn board(self) -> usize {
        self.0 as usize / 9
    }

    /// The cell (0..9) inside its small board; also the board the opponent is sent to.
    #[inline]
    pub fn cell(self) -> usize {
        self.0 as usize % 9
    }

    /// The move's number, `9 * board + cell`, as an index.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// From the arena's `row col` (0..9 each); `None` when out of range.
    pub fn from_row_col(row: i64, col: i64) -> Option<Move> {
        if !(0..9).contains(&row) || !(0..9).contains(&col) {
            return None;
        }
        let (r, c) = (row as usize, col as usize);
        Some(Move::new(3 * (r / 3) + c / 3, 3 * (r % 3) + c % 3))
    }

    /// The arena's `(row, col)`.
    #[inline]
    pub fn row_col(self) -> (usize, usize) {
        let (b, c) = (self.board(), self.cell());
        (3 * (b / 3) + c / 3, 3 * (b % 3) + c % 3)
    }
}

/// Formats as the arena writes it: `row col`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, c) = self.row_col();
        write!(f, "{r} {c}")
    }
}

/// At most 81 moves are ever legal, so a fixed array holds any position's moves.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; 81],
    len: u8,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList { moves: [Move(0); 81], len: 0 }
    }

    /// Appends a move (there are never more than 81).
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
    }

    /// Number of moves in the list.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True when the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }

    /// The moves, to reorder in place.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len as usize]
    }

    /// True when `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_col_round_trips_for_every_cell() {
        for row in 0..9 {
            for col in 0..9 {
                let m = Move::from_row_col(row, col).unwrap();
                assert_eq!(m.row_col(), (row as usize, col as usize));
            }
        }
        assert_eq!(Move::from_row_col(9, 0), None);
        assert_eq!(Move::from_row_col(0, -1), None);
    }

    #[test]
    fn board_and_cell_follow_the_spec_numbering() {
        // Row 4, col 5: board 3*(4/3)+5/3 = 4, cell 3*(4%3)+5%3 = 5.
        let m = Move::from_row_col(4, 5).unwrap();
        assert_eq!((m.board(), m.cell()), (4, 5));
        let m = Move::from_row_col(8, 0).unwrap();
        assert_eq!((m.board(), m.cell()), (6, 6));
        assert_eq!(m.to_string(), "8 0");
    }
}
