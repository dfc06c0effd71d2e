//! A match or tournament as its log tells it: the one thing every report page is built from, so that a
//! page made at the end of a run and one rebuilt later from the log (`uttt report`) are the same page.

use crate::arena::player::parse_answer;
use crate::board::Player;
use crate::json::Json;
use crate::moves::Move;

/// A forfeit, as logged.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedFault {
    /// The side that forfeited.
    pub player: Player,
    /// `timeout`, `illegal`, `malformed` or `crash`.
    pub kind: String,
    /// The referee's description.
    pub detail: String,
}

/// One game, as logged.
#[derive(Clone, Debug, PartialEq)]
pub struct LoggedGame {
    /// The game's number within its match.
    pub index: usize,
    /// Who played X (moved first) and who played O.
    pub x: String,
    /// Who played O.
    pub o: String,
    /// The winner's side, `None` for a draw.
    pub winner: Option<Player>,
    /// Why the game ended early, when it did.
    pub fault: Option<LoggedFault>,
    /// How many of `moves` are the opening (played by nobody).
    pub opening: usize,
    /// Every move, the opening's included.
    pub moves: Vec<Move>,
    /// Time of each turn in milliseconds (a faulting turn has a time but no move).
    pub times_ms: Vec<f64>,
    /// What the move's player wrote on stderr about it, `""` when nothing (old logs: all empty).
    pub notes: Vec<String>,
    /// True when the player's stderr was longer than the log keeps.
    pub notes_cut: bool,
    /// When the game ended, seconds since the Unix epoch (a league's games; `None` in other logs).
    pub ended: Option<u64>,
}

impl LoggedGame {
    /// A game known by its players and result alone (no moves, times or notes), for the tests of what
    /// reads results.
    #[cfg(test)]
    pub fn result_only(index: usize, x: &str, o: &str, winner: Option<Player>) -> LoggedGame {
        LoggedGame {
            index,
            x: x.into(),
            o: o.into(),
            winner,
            fault: None,
            opening: 0,
            moves: Vec::new(),
            times_ms: Vec::new(),
            notes: Vec::new(),
            notes_cut: false,
            ended: None,
        }
    }

    /// The winner's name, `None` for a draw.
    pub fn winner_name(&self) -> Option<&str> {
        self.winner.map(|p| if p == Player::X { self.x.as_str() } else { self.o.as_str() })
    }

    /// The colour `name` played in this game, `None` where it did not play.
    pub fn colour_of(&self, name: &str) -> Option<Player> {
        match (self.x == name, self.o == name) {
            (true, _) => Some(Player::X),
            (_, true) => Some(Player::O),
            _ => None,
        }
    }

    /// `name`'s score in this game (1, ½ or 0).
    pub fn score_of(&self, name: &str) -> f64 {
        match self.winner_name() {
            Some(w) if w == name => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The value its player logged for the move at `ply` (its expected score, 0..1, at the position before
    /// that move; the note's `value V`), `None` when the note has none.
    pub fn logged_value(&self, ply: usize) -> Option<f64> {
        self.note_field(ply, "value")
    }

    /// True when the move at `ply` came from its player's opening book (the note says `(book)`, or
    /// `(opening)` for the first player's centre): such a turn searched another position than the one
    /// the move was played in.
    pub fn from_book(&self, ply: usize) -> bool {
        self.notes.get(ply).is_some_and(|n| n.contains("(book)") || n.contains("(opening)"))
    }

    /// The search iterations its player logged for the move at `ply` (the note's `iters N`), `None` when
    /// the note has none.
    pub fn logged_iterations(&self, ply: usize) -> Option<u64> {
        self.note_field(ply, "iters")
    }

    /// The depth an alpha-beta player logged for the move at `ply` (the note's `depth D`), `None` for a
    /// tree search's note.
    pub fn logged_depth(&self, ply: usize) -> Option<u64> {
        self.note_field(ply, "depth")
    }

    /// The number after the first ` KEY ` in the note of the move at `ply`, `None` when there is none.
    fn note_field<T: std::str::FromStr>(&self, ply: usize, key: &str) -> Option<T> {
        self.notes.get(ply)?.split_once(&format!(" {key} "))?.1.split_whitespace().next()?.parse().ok()
    }

    /// `name`'s own turns, in order (the opening excluded): each one's ply and time.
    pub fn turns<'a>(&'a self, name: &str) -> impl Iterator<Item = (usize, f64)> + 'a {
        let parity = if self.x == name { 0 } else { 1 };
        self.times_ms.iter().copied().enumerate().skip(self.opening).filter(move |(i, _)| i % 2 == parity)
    }

    /// The time of each of `name`'s own turns, in order (the opening excluded).
    pub fn turn_times(&self, name: &str) -> Vec<f64> {
        self.turns(name).map(|(_, t)| t).collect()
    }
}

/// Which page a run makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunKind {
    /// Two players.
    Match,
    /// Three or more players, round robin.
    Tournament,
}

/// Everything a log holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// Match or tournament.
    pub kind: RunKind,
    /// The players, in the header's order (else in order of first appearance).
    pub players: Vec<String>,
    /// The first turn's limit, in milliseconds.
    pub first_ms: f64,
    /// Every later turn's limit.
    pub later_ms: f64,
    /// Grace added to both before a late answer is a fault.
    pub grace_ms: f64,
    /// The SPRT verdict, when a test stopped the match.
    pub sprt: Option<String>,
    /// The games, in log order.
    pub games: Vec<LoggedGame>,
}

impl Run {
    /// A match of `games` between `players` at the arena's limits (1000 ms, then 100 ms).
    pub fn arena_match(players: Vec<String>, games: Vec<LoggedGame>) -> Run {
        Run {
            kind: RunKind::Match,
            players,
            first_ms: 1000.0,
            later_ms: 100.0,
            grace_ms: 0.0,
            sprt: None,
            games,
        }
    }

    /// Reads one or more logs (`uttt arena --log`, `uttt tournament --log`). Logs written before the
    /// header line existed are read too: the limits are then the arena's (1000 ms, then 100 ms).
    pub fn from_logs(texts: &[String]) -> Result<Run, String> {
        let mut run = Run::arena_match(Vec::new(), Vec::new());
        for text in texts {
            for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
                let value = Json::parse(line).map_err(|e| format!("line {}: {e}", n + 1))?;
                let header = value.get("match").or_else(|| value.get("tournament"));
                match header {
                    Some(h) => run.read_header(h),
                    None => run.games.push(game(&value).map_err(|e| format!("line {}: {e}", n + 1))?),
                }
            }
        }
        for g in &run.games {
            for name in [&g.x, &g.o] {
                if !run.players.contains(name) {
                    run.players.push(name.clone());
                }
            }
        }
        if run.games.is_empty() {
            return Err("the log has no games".into());
        }
        if run.players.len() > 2 {
            run.kind = RunKind::Tournament;
        }
        Ok(run)
    }

    fn read_header(&mut self, h: &Json) {
        let number = |key: &str, default: f64| h.get(key).and_then(Json::as_f64).unwrap_or(default);
        self.first_ms = number("first_ms", self.first_ms);
        self.later_ms = number("later_ms", self.later_ms);
        self.grace_ms = number("grace_ms", self.grace_ms);
        if let Some(s) = h.get("sprt").and_then(Json::as_str) {
            self.sprt = Some(s.to_string());
        }
        for p in h.get("players").and_then(Json::as_array).unwrap_or(&[]) {
            if let Some(name) = p.as_str().filter(|n| !self.players.iter().any(|q| q == n)) {
                self.players.push(name.to_string());
            }
        }
    }
}

/// One game line of a log, read alone (a league reads its log line by line, skipping a damaged one).
pub fn parse_game_line(line: &str) -> Result<LoggedGame, String> {
    game(&Json::parse(line)?)
}

/// One game line of a log.
fn game(v: &Json) -> Result<LoggedGame, String> {
    let text = |key: &str| v.get(key).and_then(Json::as_str).map(str::to_string).ok_or(format!("no {key:?}"));
    let list = |key: &str| v.get(key).and_then(Json::as_array).unwrap_or(&[]).to_vec();
    let index = v.get("game").and_then(Json::as_f64).ok_or("no \"game\" number")? as usize;
    let winner = match text("result")?.as_str() {
        "X" => Some(Player::X),
        "O" => Some(Player::O),
        _ => None,
    };
    let fault = match v.get("fault") {
        Some(f @ Json::Object(_)) => Some(LoggedFault {
            player: if f.get("player").and_then(Json::as_str) == Some("O") { Player::O } else { Player::X },
            kind: f.get("kind").and_then(Json::as_str).unwrap_or("fault").to_string(),
            detail: f.get("detail").and_then(Json::as_str).unwrap_or("").to_string(),
        }),
        _ => None,
    };
    let moves = list("moves")
        .iter()
        .map(|m| m.as_str().and_then(parse_answer).ok_or_else(|| format!("bad move {m:?}")))
        .collect::<Result<Vec<Move>, String>>()?;
    let mut notes: Vec<String> = list("notes").iter().map(|n| n.as_str().unwrap_or("").to_string()).collect();
    notes.resize(moves.len(), String::new());
    Ok(LoggedGame {
        index,
        x: text("x")?,
        o: text("o")?,
        winner,
        fault,
        opening: v.get("opening").and_then(Json::as_f64).unwrap_or(0.0) as usize,
        moves,
        times_ms: list("times_ms").iter().filter_map(Json::as_f64).collect(),
        notes,
        notes_cut: v.get("notes_cut") == Some(&Json::Bool(true)),
        ended: v.get("ended").and_then(Json::as_f64).map(|t| t as u64),
    })
}
/// The texts of the log files `paths`; an error names a file that cannot be read.
pub fn read_logs(paths: &[String]) -> Result<Vec<String>, String> {
    paths.iter().map(|p| std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}"))).collect()
}
