//! One game between two contestants under the arena's rules and time limits.

use super::player::{Fault, PlayerSpec};
use crate::board::{Board, Player, Status};
use crate::moves::Move;
use std::time::Duration;

/// The time limits of a game, as the arena applies them.
#[derive(Clone, Copy, Debug)]
pub struct TimeControl {
    /// The limit of each player's first turn.
    pub first_turn: Duration,
    /// The limit of every later turn.
    pub later_turns: Duration,
    /// Added to both limits before a late answer is a fault (noisy machines).
    pub grace: Duration,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl {
            first_turn: Duration::from_millis(1000),
            later_turns: Duration::from_millis(100),
            grace: Duration::ZERO,
        }
    }
}

/// Everything about a finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The moves played, in order.
    pub moves: Vec<Move>,
    /// Time each move took, in the order played.
    pub times: Vec<Duration>,
    /// How many of `moves` are the opening the game started from (played by nobody).
    pub opening: usize,
    /// How the game ended (`Ongoing` when a player forfeited).
    pub status: Status,
    /// The side that forfeited and why.
    pub fault: Option<(Player, Fault)>,
}

impl GameRecord {
    /// The winner's side, or `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        match (self.status, &self.fault) {
            (_, Some((p, _))) => Some(p.other()),
            (Status::Won(p), None) => Some(p),
            _ => None,
        }
    }
}

/// Plays one game: `x` moves first. `seed` seeds both players and the shuffling of the action lists.
/// The game starts after the `opening` moves, which are recorded with no time and count for nobody.
pub fn play_game(
    x: &PlayerSpec,
    o: &PlayerSpec,
    tc: &TimeControl,
    seed: u64,
    opening: &[Move],
) -> GameRecord {
    let mut record = GameRecord {
        moves: opening.to_vec(),
        times: vec![Duration::ZERO; opening.len()],
        opening: opening.len(),
        status: Status::Ongoing,
        fault: None,
    };
    let mut sides = Vec::with_capacity(2);
    for (p, spec) in [(Player::X, x), (Player::O, o)] {
        match spec.start(seed.wrapping_mul(2).wrapping_add(p.index() as u64), opening) {
            Ok(c) => sides.push(c),
            Err(f) => {
                record.fault = Some((p, f));
                return record;
            }
        }
    }
    let Ok(mut board) = Board::from_moves(opening) else {
        record.fault = Some((Player::X, Fault::Crash("the opening has an illegal move".into())));
        return record;
    };
    let mut turns = [0u32; 2];
    let mut last = opening.last().copied();
    while !board.is_over() {
        let p = board.side_to_move();
        let limit = if turns[p.index()] == 0 { tc.first_turn } else { tc.later_turns } + tc.grace;
        turns[p.index()] += 1;
        let (answer, took) = sides[p.index()].turn(&board, last, limit);
        record.times.push(took);
        let m = match answer {
            Ok(_) if took > limit => Err(Fault::Timeout { ms: limit.as_millis() as u64 }),
            other => other,
        };
        match m {
            Ok(m) => {
                board.play(m);
                record.moves.push(m);
                last = Some(m);
            }
            Err(f) => {
                record.fault = Some((p, f));
                break;
            }
        }
    }
    record.status = board.status();
    record
}
