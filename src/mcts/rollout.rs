//! Rollouts: play a position out to the end with cheap tactics instead of uniform moves.

use super::params::RolloutPolicy;
pub use crate::board::tactics::{game_winning_boards, game_winning_move};
use crate::board::{completing_cells, nth_set_bit, popcount9, Board, Status};
use crate::moves::Move;
use crate::playout;
use crate::rng::Rng;

/// Plays `board` to the end with `policy`; returns the final status.
#[inline(always)]
pub fn rollout(mut board: Board, policy: RolloutPolicy, rng: &mut Rng) -> Status {
    if policy == RolloutPolicy::UNIFORM {
        return playout::uniform(&board, rng);
    }
    if policy == RolloutPolicy::GAME_WINS {
        // The bot's rollouts, on the fast path.
        return playout::taking_game_wins(&board, rng);
    }
    while let Some(m) = pick(&board, policy, rng) {
        board.play(m);
    }
    board.status()
}

/// One rollout move, or `None` when the game is over.
#[inline]
pub fn pick(board: &Board, policy: RolloutPolicy, rng: &mut Rng) -> Option<Move> {
    if board.is_over() {
        return None;
    }
    let me = board.side_to_move();
    let playable = board.playable_boards();
    // Tactics 1: a move that wins the game at once.
    if policy.take_game_wins {
        if let Some(m) = game_winning_move(board) {
            return Some(m);
        }
    }
    if !policy.take_board_wins && !policy.avoid_losing_sends {
        return board.random_move(rng);
    }
    // Boards the opponent could win the game from, if sent there (or given a free choice).
    let danger = if policy.avoid_losing_sends { game_winning_boards(board, false) } else { 0 };
    let closed = board.closed_boards();
    // Per playable board, three tiers of cells as 9-bit masks: safe board wins, safe moves, all moves.
    let mut tiers = [[0u16; 9]; 3];
    let mut totals = [0u32; 3];
    let mut boards = playable;
    while boards != 0 {
        let b = boards.trailing_zeros() as usize;
        boards &= boards - 1;
        let free = board.free_cells(b);
        let board_wins = if policy.take_board_wins { completing_cells(board.marks(me, b), free) } else { 0 };
        // Cells that send the opponent to a board it wins the game from, or to a free choice when any exists.
        let mut risky = danger;
        if danger != 0 {
            risky |= closed;
            if board_wins & (1 << b) != 0 {
                risky |= 1 << b; // winning this board at its own centre-cell index closes the target
            }
        }
        let safe = free & !risky;
        let masks = [board_wins & safe, safe, free];
        for (t, &m) in masks.iter().enumerate() {
            tiers[t][b] = m;
            totals[t] += popcount9(m);
        }
    }
    let t = totals.iter().position(|&n| n > 0)?;
    if let Some(b) = board.forced_board() {
        // One playable board (most rollout moves): pick straight from its mask.
        return Some(Move::new(b, nth_set_bit(tiers[t][b], rng.below(totals[t]))));
    }
    let mut k = rng.below(totals[t]);
    for (b, &m) in tiers[t].iter().enumerate() {
        let n = popcount9(m);
        if k < n {
            return Some(Move::new(b, nth_set_bit(m, k)));
        }
        k -= n;
    }
    unreachable!("the pick is below the tier's total")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(r: i64, c: i64) -> Move {
        Move::from_row_col(r, c).unwrap()
    }

    #[test]
    fn rollout_moves_are_legal_and_games_end() {
        let mut rng = Rng::new(3);
        for _ in 0..300 {
            let mut b = Board::new();
            while let Some(m) = pick(&b, RolloutPolicy::HEURISTIC, &mut rng) {
                assert!(b.is_legal(m));
                b.play(m);
            }
            assert!(b.is_over());
        }
    }

    #[test]
    fn a_small_board_win_is_taken() {
        // X holds cells 0 and 1 of board 0, O holds 4 and 8; O's last move sends X to board 0.
        let seq = [mv(0, 1), mv(0, 3), mv(0, 0), mv(1, 1), mv(3, 3), mv(2, 2), mv(6, 8), mv(0, 6)];
        let b = Board::from_moves(&seq).unwrap();
        assert_eq!(b.forced_board(), Some(0));
        let mut rng = Rng::new(1);
        for _ in 0..20 {
            assert_eq!(pick(&b, RolloutPolicy::HEURISTIC, &mut rng), Some(mv(0, 2)));
        }
    }

    #[test]
    fn heuristic_rollouts_beat_uniform_ones() {
        // X rolls out with tactics, O uniformly: X must win clearly more than half.
        let mut rng = Rng::new(9);
        let mut score = 0.0;
        let games = 400;
        for _ in 0..games {
            let mut b = Board::new();
            while !b.is_over() {
                let policy = if b.side_to_move() == crate::board::Player::X {
                    RolloutPolicy::HEURISTIC
                } else {
                    RolloutPolicy::UNIFORM
                };
                let m = if policy == RolloutPolicy::UNIFORM {
                    b.random_move(&mut rng)
                } else {
                    pick(&b, policy, &mut rng)
                };
                b.play(m.unwrap());
            }
            score += match b.status() {
                Status::Won(crate::board::Player::X) => 1.0,
                Status::Draw => 0.5,
                _ => 0.0,
            };
        }
        assert!(score / games as f64 > 0.7, "heuristic scored only {}", score / games as f64);
    }
}
