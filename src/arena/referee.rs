//! One game between two contestants under the arena's rules and time limits.

use super::player::{Fault, PlayerSpec};
pub use super::player::{CUT_MARK, NOTES_PER_GAME};
use crate::board::variants::Rules;
use crate::board::{Player, Status};
use crate::moves::Move;
use std::time::{Duration, Instant};

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

/// The time control from `--first-time-ms`, `--time-ms` and `--grace-ms`.
pub fn time_control(a: &mut crate::cli::Args) -> Result<TimeControl, String> {
    Ok(TimeControl {
        first_turn: Duration::from_millis(a.value_or("--first-time-ms", 1000)?),
        later_turns: Duration::from_millis(a.value_or("--time-ms", 100)?),
        grace: Duration::from_millis(a.value_or("--grace-ms", 0)?),
    })
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
    /// What each move's player said about it (its stderr lines), `""` when nothing; one per move.
    pub notes: Vec<String>,
    /// True when a player said more than the log keeps (`NOTES_PER_GAME`) and the rest was dropped.
    pub notes_cut: bool,
}

/// Most characters kept of one stderr line.
pub const NOTE_LINE: usize = 400;

/// Files a player's stderr lines under its moves. A line belongs to the last turn that had started when
/// the line was read: a bot writes about a move while or just after making it, and the reading thread
/// stamps each line as it arrives, so a line read late (the opponent answered at once) still finds its move.
#[derive(Default)]
struct NoteTaker {
    /// When each of the player's turns that produced a move started, and that move's index.
    turns: Vec<(Instant, usize)>,
    /// Lines not yet filed: all of them until the player's first move exists.
    waiting: Vec<(Instant, String)>,
    /// Characters kept so far.
    kept: usize,
    cut: bool,
}

impl NoteTaker {
    fn file(&mut self, lines: Vec<(Instant, String)>, record: &mut GameRecord) {
        self.waiting.extend(lines);
        if self.turns.is_empty() {
            return;
        }
        for (at, mut line) in std::mem::take(&mut self.waiting) {
            // Lines from before the first turn (start-up messages) go with the first move.
            let (_, index) =
                *self.turns.iter().rev().find(|(start, _)| *start <= at).unwrap_or(&self.turns[0]);
            if self.cut {
                break;
            }
            if let Some((end, _)) = line.char_indices().nth(NOTE_LINE) {
                line.truncate(end);
            }
            // Each line costs its length and the line break that joins it to the next.
            if self.kept + line.len() + 1 > NOTES_PER_GAME || line == CUT_MARK {
                line = CUT_MARK.to_string();
                self.cut = true;
                record.notes_cut = true;
            }
            self.kept += line.len() + 1;
            let note = &mut record.notes[index];
            if !note.is_empty() {
                note.push('\n');
            }
            note.push_str(&line);
        }
    }
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
    rules: Rules,
    seed: u64,
    opening: &[Move],
) -> GameRecord {
    let mut record = GameRecord {
        moves: opening.to_vec(),
        times: vec![Duration::ZERO; opening.len()],
        opening: opening.len(),
        status: Status::Ongoing,
        fault: None,
        notes: vec![String::new(); opening.len()],
        notes_cut: false,
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
    let Ok(mut board) = rules.start(opening) else {
        record.fault = Some((Player::X, Fault::Crash("the opening has an illegal move".into())));
        return record;
    };
    let mut turns = [0u32; 2];
    let mut last = opening.last().copied();
    let mut note_takers = [NoteTaker::default(), NoteTaker::default()];
    while rules.status(&board) == Status::Ongoing {
        let p = board.side_to_move();
        let limit = if turns[p.index()] == 0 { tc.first_turn } else { tc.later_turns } + tc.grace;
        turns[p.index()] += 1;
        let said = sides[p.index()].take_notes(false);
        note_takers[p.index()].file(said, &mut record);
        let started = Instant::now();
        let (answer, took) = sides[p.index()].turn(&board, last, limit);
        record.times.push(took);
        let m = match answer {
            Ok(_) if took > limit => Err(Fault::Timeout { ms: limit.as_millis() as u64 }),
            other => other,
        };
        match m {
            Ok(m) => {
                rules.play(&mut board, m);
                note_takers[p.index()].turns.push((started, record.moves.len()));
                record.moves.push(m);
                record.notes.push(String::new());
                last = Some(m);
            }
            Err(f) => {
                record.fault = Some((p, f));
                break;
            }
        }
    }
    record.status = rules.status(&board);
    for p in [Player::X, Player::O] {
        let said = sides[p.index()].take_notes(true);
        note_takers[p.index()].file(said, &mut record);
    }
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_referee_plays_points_games_until_every_board_is_closed() {
        use crate::arena::player::PlayerSpec;
        use crate::board::{Board, FULL};
        use crate::moves::Move;
        let a = PlayerSpec::parse("builtin:minimax:depth=2:eval=basis6:points");
        let b = PlayerSpec::parse("builtin:random");
        let mut past_a_line = 0;
        for seed in 0..20 {
            let r = play_game(&a, &b, &TimeControl::default(), Rules::Points, seed, &[]);
            assert!(r.fault.is_none(), "{:?}", r.fault);
            assert_eq!(r.moves[0].board(), 4, "the first move goes in the centre board");
            let board = Rules::Points.start(&r.moves).unwrap();
            assert_eq!(board.closed_boards(), FULL);
            assert_eq!(r.status, board.status());
            // Under the arena's rules the same moves either end where they end or run past a line.
            match Board::from_moves(&r.moves) {
                Ok(arena_board) => assert!(arena_board.is_over()),
                Err(_) => past_a_line += 1,
            }
        }
        assert!(past_a_line > 0, "no game went on past a line of boards");
        assert!(Rules::Points.start(&[Move::new(0, 0)]).is_err(), "the first move must be in the centre");
    }
}
