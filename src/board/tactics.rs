//! Game-level tactics that the value net's features, the rollouts and the solver share: which small
//! boards would win the game at once, and the move that does.

use super::{completing_cells, Board, Player, FULL};
use crate::moves::Move;

/// Small boards where `board`'s side to move could win the game with one move.
#[inline]
pub fn game_winning_boards(board: &Board, mover_is_side_to_move: bool) -> u16 {
    let me = if mover_is_side_to_move { board.side_to_move() } else { board.side_to_move().other() };
    let open = !board.closed_boards() & FULL;
    // Open boards that would complete a big-board line for `me`, in which `me` can complete a small-board
    // line now.
    completing_boards(board, me, completing_cells(board.won_boards(me), open))
}

/// Those of `boards` (open ones) where `p` can complete a small-board line with one mark now.
#[inline(always)]
pub fn completing_boards(board: &Board, p: Player, mut boards: u16) -> u16 {
    let mut result = 0;
    while boards != 0 {
        let b = boards.trailing_zeros() as usize;
        boards &= boards - 1;
        result |= ((completing_cells(board.marks(p, b), board.free_cells(b)) != 0) as u16) << b;
    }
    result
}

/// A move that wins the game at once for the side to move, if any.
#[inline]
pub fn game_winning_move(board: &Board) -> Option<Move> {
    if board.is_over() {
        return None;
    }
    let winning = game_winning_boards(board, true) & board.playable_boards();
    if winning == 0 {
        return None;
    }
    let b = winning.trailing_zeros() as usize;
    let cells = completing_cells(board.marks(board.side_to_move(), b), board.free_cells(b));
    Some(Move::new(b, cells.trailing_zeros() as usize))
}
