//! Playing a position out to the end, fast: the random playout and the bot's rollouts run here.
//!
//! The loop keeps the game in its own layout rather than a `Board`'s: empty cells per board (one load
//! per pick instead of two), no empty cells in closed boards, and the board the side to move is sent to
//! is simply the last cell played, read in a tenth, always empty entry when it means "any board". So
//! nothing is tested between one move's cell and the next move's pick. The scalars live in locals, not
//! in a struct beside the arrays: the compiler keeps them in registers only then. The loop draws exactly
//! the random numbers that `Board::play_random` draws, so both play the same games from the same seed.

use crate::board::{
    completing_cells, has_line, nth_set_bit, popcount9, random_set_bit, result_on_board_count,
};
use crate::board::{Board, Player, Status, ANY_BOARD, FULL};
use crate::rng::Rng;

/// Plays `board` to the end with uniformly random moves.
pub fn uniform(board: &Board, rng: &mut Rng) -> Status {
    play_out::<false>(board, rng)
}

/// Plays `board` to the end with random moves, except that a move winning the game is always taken.
#[inline(always)]
pub fn taking_game_wins(board: &Board, rng: &mut Rng) -> Status {
    play_out::<true>(board, rng)
}

#[inline(always)]
fn play_out<const TAKE_GAME_WINS: bool>(board: &Board, rng: &mut Rng) -> Status {
    if board.is_over() {
        return board.status();
    }
    let mut cells = [Player::X, Player::O].map(|p| std::array::from_fn::<u16, 9, _>(|b| board.marks(p, b)));
    let mut won = [board.won_boards(Player::X), board.won_boards(Player::O)];
    let mut free = [0u16; 10];
    for (b, f) in free.iter_mut().take(9).enumerate() {
        *f = board.free_cells(b);
    }
    let mut closed = board.closed_boards();
    let mut open = board.count_moves_anywhere();
    let mut next = board.forced_board().unwrap_or(ANY_BOARD as usize);
    let mut p = board.side_to_move().index();
    loop {
        let win =
            if TAKE_GAME_WINS { game_winning_move_raw(&cells[p], won[p], &free, closed, next) } else { None };
        let (b, c) = match win {
            Some(win) => win,
            None => random_move(&free, closed, open, next, rng),
        };
        let mine = cells[p][b] | (1 << c);
        cells[p][b] = mine;
        free[b] &= !(1 << c);
        open -= 1;
        if has_line(mine) {
            won[p] |= 1 << b;
            closed |= 1 << b;
            open -= popcount9(free[b]);
            free[b] = 0;
            if has_line(won[p]) {
                return Status::Won(if p == 0 { Player::X } else { Player::O });
            }
        } else if free[b] == 0 {
            closed |= 1 << b;
        }
        if open == 0 {
            return result_on_board_count(won);
        }
        next = c;
        p ^= 1;
    }
}

/// A uniformly random legal (board, cell): in board `next` when it is open, else in any open board.
#[inline(always)] // the loop's scalars stay in registers only when this is inlined
fn random_move(free: &[u16; 10], closed: u16, open: u32, next: usize, rng: &mut Rng) -> (usize, usize) {
    if free[next] != 0 {
        return (next, random_set_bit(free[next], rng));
    }
    let mut pick = rng.below(open);
    let mut boards = !closed & FULL;
    loop {
        let b = boards.trailing_zeros() as usize;
        boards &= boards - 1;
        let n = popcount9(free[b]);
        if pick < n {
            return (b, nth_set_bit(free[b], pick));
        }
        pick -= n;
    }
}

/// A move that wins the game at once for the player holding `mine` and `won`, if any (lowest first).
#[inline(always)]
fn game_winning_move_raw(
    mine: &[u16; 9],
    won: u16,
    free: &[u16; 10],
    closed: u16,
    next: usize,
) -> Option<(usize, usize)> {
    // Open boards that would complete a big-board line: rare, so most calls end here.
    let mut candidates = completing_cells(won, !closed & FULL);
    if candidates == 0 {
        return None;
    }
    if free[next] != 0 {
        candidates &= 1 << next;
    }
    while candidates != 0 {
        let b = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let cells = completing_cells(mine[b], free[b]);
        if cells != 0 {
            return Some((b, cells.trailing_zeros() as usize));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::rollout::game_winning_move as board_game_winning_move;

    /// Every position of some random games.
    fn positions(seed: u64, games: usize) -> Vec<Board> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        for _ in 0..games {
            let mut b = Board::new();
            while !b.is_over() {
                out.push(b);
                b.play_random(&mut rng);
            }
        }
        out
    }

    #[test]
    fn uniform_playouts_are_the_games_play_random_plays() {
        for (i, board) in positions(3, 60).iter().enumerate() {
            let (mut fast, mut slow) = (Rng::new(i as u64), Rng::new(i as u64));
            let mut b = *board;
            while b.play_random(&mut slow) {}
            assert_eq!(uniform(board, &mut fast), b.status(), "position {i}");
            assert_eq!(fast.next_u64(), slow.next_u64(), "same draws from position {i}");
        }
    }

    #[test]
    fn game_wins_are_found_as_the_board_finds_them() {
        let mut found = 0;
        for board in positions(5, 200) {
            let expected = board_game_winning_move(&board);
            let p = board.side_to_move();
            let mine = std::array::from_fn(|b| board.marks(p, b));
            let mut free = [0u16; 10];
            for (b, f) in free.iter_mut().take(9).enumerate() {
                *f = board.free_cells(b);
            }
            let next = board.forced_board().unwrap_or(ANY_BOARD as usize);
            let got = game_winning_move_raw(&mine, board.won_boards(p), &free, board.closed_boards(), next)
                .map(|(b, c)| crate::moves::Move::new(b, c));
            assert_eq!(got, expected, "{board:?}");
            found += expected.is_some() as u32;
        }
        assert!(found > 100, "only {found} positions with a winning move");
    }

    #[test]
    fn rollouts_taking_wins_end_like_the_board_rules() {
        for (i, board) in positions(7, 60).iter().enumerate() {
            let (mut fast, mut slow) = (Rng::new(i as u64), Rng::new(i as u64));
            let mut b = *board;
            loop {
                if let Some(m) = board_game_winning_move(&b) {
                    b.play(m);
                } else if !b.play_random(&mut slow) {
                    break;
                }
            }
            assert_eq!(taking_game_wins(board, &mut fast), b.status(), "position {i}");
        }
    }
}
