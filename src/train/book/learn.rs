//! Learning from lost games (`uttt grow-book --learn LOG…`): the games a player lost or drew join a file of
//! games kept in git (`weights/book-learned.txt`), and every position of each such game up to the tree's
//! deepest ply is searched into the grown tree. Minimax over the tree then carries what the deep searches
//! found at the end of a lost line back to the choice that led there: where the book's move turns out
//! worse than another move's value, that move becomes the tree's choice; once it is searched too (the
//! frontier searches it first: the lost games count as games met there, `Met`), the book changes there.
//! A line is not lost the same way twice, and a move changes only where our own deep searches below
//! it refute it: an opponent's luck in one game is not enough.
//!
//! The file: one game a line, `COLOUR;RESULT;MOVES`, the colour that lost (`X` or `O`), `L` or `D`, and
//! the moves from the empty board as played (`row col` pairs separated by commas), so that a game lost in
//! the arena joins it as its replay's moves (`uttt analyse` reads the same lists). Lines starting with `#`
//! are comments.

use super::met::{canonical_path, Met};
use super::tree::Searches;
use super::Planned;
use crate::board::{Board, Player};
use crate::moves::Move;
use crate::report::model::Run;
use std::collections::HashSet;
use std::io::Write;

/// The games the book learns from, kept in git.
pub const LEARNED_GAMES: &str = "weights/book-learned.txt";

/// A game the book's player lost or drew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostGame {
    /// The colour the book's player had.
    pub colour: Player,
    /// True for a draw, false for a loss.
    pub drawn: bool,
    /// The moves from the empty board, as played.
    pub moves: Vec<Move>,
}

impl LostGame {
    /// Its line in the games file.
    pub fn to_line(&self) -> String {
        let moves: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        let colour = if self.colour == Player::X { "X" } else { "O" };
        format!("{colour};{};{}", if self.drawn { "D" } else { "L" }, moves.join(","))
    }

    /// A line of the games file; an error says what is wrong with it.
    pub fn parse(line: &str) -> Result<LostGame, String> {
        let fields: Vec<&str> = line.split(';').collect();
        let [colour, result, moves] = fields[..] else {
            return Err("three fields expected: COLOUR;RESULT;MOVES".into());
        };
        let colour = match colour.trim() {
            "X" => Player::X,
            "O" => Player::O,
            _ => return Err("the colour is X or O".into()),
        };
        let drawn = match result.trim() {
            "L" => false,
            "D" => true,
            _ => return Err("the result is L (lost) or D (drawn)".into()),
        };
        let moves = crate::analysis::games::parse_move_list(moves)?;
        Board::from_moves(&moves).map_err(|k| format!("move {} is illegal", k + 1))?;
        Ok(LostGame { colour, drawn, moves })
    }
}

/// The games of `path` (a missing file: none).
pub fn read(path: &str) -> Result<Vec<LostGame>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{path}: {e}")),
    };
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| LostGame::parse(l).map_err(|e| format!("{path} line {}: {e}", i + 1)))
        .collect()
}

/// The games of the games file `file`, after those `name` lost or drew in `logs` joined it (a line each
/// on stderr says how many).
pub fn games(file: &str, logs: &[String], name: Option<&str>) -> Result<Vec<LostGame>, String> {
    if !logs.is_empty() {
        let lost = from_logs(logs, name)?;
        let joined = append_new(file, &lost)?;
        eprintln!("grow-book: {} games lost or drawn in the logs, {joined} new to {file}", lost.len());
    }
    read(file)
}

/// The games `name` lost or drew in the logs' games from the empty board (an error when it played none).
pub fn from_logs(logs: &[String], name: Option<&str>) -> Result<Vec<LostGame>, String> {
    let run = Run::from_logs(&crate::report::read_logs(logs)?)?;
    let name = name.or_else(|| run.players.first().map(String::as_str)).ok_or("the logs name no player")?;
    let mut played = 0;
    let mut lost = Vec::new();
    for g in run.games.iter().filter(|g| g.opening == 0 && g.fault.is_none()) {
        let Some(colour) = g.colour_of(name) else { continue };
        played += 1;
        let score = g.score_of(name);
        if score < 1.0 {
            lost.push(LostGame { colour, drawn: score > 0.0, moves: g.moves.clone() });
        }
    }
    if played == 0 {
        return Err(format!("no game of {name:?} from the empty board in the logs"));
    }
    Ok(lost)
}

/// Appends to `path` those of `games` whose line it lacks (the order kept); how many joined.
pub fn append_new(path: &str, games: &[LostGame]) -> Result<usize, String> {
    let mut known: HashSet<String> = read(path)?.iter().map(LostGame::to_line).collect();
    let mut text = String::new();
    for g in games {
        let line = g.to_line();
        if known.insert(line.clone()) {
            text += &line;
            text.push('\n');
        }
    }
    if text.is_empty() {
        return Ok(0);
    }
    super::create_parent_dir(path)?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{path}: {e}"))?;
    file.write_all(text.as_bytes()).map_err(|e| format!("{path}: {e}"))?;
    Ok(text.lines().count())
}

/// The positions of `games`' plies 0 to `max_ply` (those the game did not end in) that `searched` lacks,
/// each class once, in a fixed order (by ply, then by the moves to its canonical form), so that the shards
/// of a round agree on whose each is.
pub fn unsearched(games: &[LostGame], max_ply: usize, searched: &Searches) -> Vec<Planned> {
    let mut seen = HashSet::new();
    let mut todo = Vec::new();
    for g in games {
        for ply in 0..=max_ply.min(g.moves.len()) {
            let Some((form, path)) = canonical_path(&g.moves[..ply]) else { break };
            if form.is_over() {
                break;
            }
            if !searched.contains_key(&form) && seen.insert(form) {
                todo.push(Planned { form, path, reach: [0.0; 2], seen: [0.0; 2] });
            }
        }
    }
    todo.sort_by(|a, b| a.path.len().cmp(&b.path.len()).then_with(|| a.path.cmp(&b.path)));
    todo
}

/// The lost games counted as games met: per position class (to `max_ply`), the number of games of each
/// colour that met it, as `uttt book-met` counts logged games; the frontier's opponents follow them.
pub fn met(games: &[LostGame], max_ply: usize) -> Met {
    // A game meets each position once: every move adds a mark.
    let mut met = Met::new();
    for g in games {
        for ply in 1..=max_ply.min(g.moves.len()) {
            let Some((form, _)) = canonical_path(&g.moves[..ply]) else { break };
            met.entry(form).or_insert([0.0; 2])[g.colour.index()] += 1.0;
        }
    }
    met
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse_opening;

    fn game(colour: Player, moves: &str) -> LostGame {
        LostGame { colour, drawn: false, moves: parse_opening(moves).unwrap() }
    }

    #[test]
    fn a_games_line_reads_back_and_a_bad_one_says_why() {
        let g = game(Player::O, "4 4,3 3,0 0");
        assert_eq!(g.to_line(), "O;L;4 4,3 3,0 0");
        assert_eq!(LostGame::parse(&g.to_line()), Ok(g));
        // A replay's list, as `uttt analyse` reads it, serves as well.
        let pasted = LostGame::parse("X;D;(4, 4) (3, 3) (0, 0)").unwrap();
        assert!(pasted.drawn && pasted.colour == Player::X && pasted.moves.len() == 3);
        assert!(LostGame::parse("O;W;4 4").unwrap_err().contains("L (lost) or D"));
        assert!(LostGame::parse("O;L;4 4,4 4").unwrap_err().contains("move 2 is illegal"));
        assert!(LostGame::parse("Z;L;4 4").is_err() && LostGame::parse("O;4 4").is_err());
    }

    #[test]
    fn a_lost_games_positions_are_planned_once_each_in_ply_order_and_counted_as_met() {
        // The second game is the first's image under the half turn: the same classes.
        let games = [game(Player::O, "4 4,3 3,0 0,1 1"), game(Player::O, "4 4,5 5,8 8,7 7")];
        let none = Searches::new();
        let todo = unsearched(&games, 3, &none);
        assert_eq!(todo.len(), 4, "plies 0 to 3 of one class each");
        assert!(todo.windows(2).all(|w| w[0].path.len() < w[1].path.len()));
        assert!(todo.iter().all(|p| Board::from_moves(&p.path).unwrap() == p.form));
        let met = met(&games, 3);
        let form = |m: &str| canonical_path(&parse_opening(m).unwrap()).unwrap().0;
        assert_eq!(met[&form("4 4,3 3")], [0.0, 2.0], "both O games met it");
        assert!(!met.contains_key(&form("4 4,3 3,0 0,1 1")), "past the deepest ply");
    }

    #[test]
    fn the_games_file_keeps_each_line_once() {
        let dir = std::env::temp_dir().join(format!("uttt-learn-{}", std::process::id()));
        let file = dir.join("learned.txt").to_string_lossy().into_owned();
        let _ = std::fs::remove_dir_all(&dir);
        let games = [game(Player::O, "4 4,3 3"), game(Player::X, "4 4,3 3,0 0")];
        assert_eq!(append_new(&file, &games).unwrap(), 2);
        assert_eq!(append_new(&file, &games[..1]).unwrap(), 0);
        assert_eq!(read(&file).unwrap(), games.to_vec());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
