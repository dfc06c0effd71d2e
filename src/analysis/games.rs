//! The games `uttt analyse` reads: a move list (as copied from the arena's replay or written by hand), one
//! game of a `uttt arena`/`tournament` log (`LOG#N`), or every game of a log. A list whose moves all lie in
//! the top-left 3×3 board and that Ultimate's rules refuse is the Wood leagues' plain tic-tac-toe.

use crate::board::plain::PlainBoard;
use crate::board::Board;
use crate::moves::Move;
use crate::report::model::Run;

/// Which game the moves are of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    /// Ultimate Tic-Tac-Toe (Bronze league and up).
    Ultimate,
    /// Plain tic-tac-toe on one 3×3 board (the Wood leagues): moves `0..=2` by `0..=2`.
    Plain,
}

/// One game to analyse.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Where it came from: `LOG#N`, a file's name, or `moves`.
    pub source: String,
    /// The players' names for X (first) and O, when a log gives them.
    pub players: [String; 2],
    /// Ultimate or plain tic-tac-toe.
    pub game: Game,
    /// Every move from the empty board.
    pub moves: Vec<Move>,
    /// How many of `moves` are a set opening (played by nobody, not judged).
    pub opening: usize,
}

/// The numbers of a move list, two by two: `row col` pairs separated by spaces, commas, semicolons or new
/// lines (brackets and other punctuation are separators too). An error names the move and its number.
pub fn parse_move_list(text: &str) -> Result<Vec<Move>, String> {
    let words: Vec<&str> =
        text.split(|c: char| !(c.is_ascii_digit() || c == '-')).filter(|w| !w.is_empty()).collect();
    if words.len() % 2 == 1 {
        return Err(format!(
            "a move list is `row col` pairs: {} numbers, the last ({}) has no partner",
            words.len(),
            words[words.len() - 1]
        ));
    }
    words
        .chunks(2)
        .enumerate()
        .map(|(k, pair)| {
            let number = |w: &str| w.parse::<i64>().ok();
            match (number(pair[0]), number(pair[1])) {
                (Some(r), Some(c)) => Move::from_row_col(r, c).ok_or_else(|| {
                    format!("move {} ({} {}) is off the board (rows and columns 0..8)", k + 1, r, c)
                }),
                _ => Err(format!("move {} ({} {}) is not two numbers", k + 1, pair[0], pair[1])),
            }
        })
        .collect()
}

/// Which game `moves` are, and that every move is legal in it: Ultimate when its rules take them all,
/// else plain tic-tac-toe when they all lie in the top-left board and its rules take them; `forced`
/// decides instead when given. An error names the first illegal move and its number.
pub fn recognise(moves: &[Move], forced: Option<Game>) -> Result<Game, String> {
    let ultimate = Board::from_moves(moves);
    let plain = plain_error(moves);
    match forced {
        Some(Game::Ultimate) => ultimate.map(|_| Game::Ultimate).map_err(|k| illegal(moves, k, "Ultimate")),
        Some(Game::Plain) => plain.map(|_| Game::Plain),
        None => match (ultimate, plain) {
            (Ok(_), _) => Ok(Game::Ultimate),
            (Err(_), Ok(())) => Ok(Game::Plain),
            (Err(k), Err(_)) => Err(illegal(moves, k, "Ultimate")),
        },
    }
}

fn illegal(moves: &[Move], k: usize, rules: &str) -> String {
    let (r, c) = moves[k].row_col();
    format!("move {} ({r} {c}) is illegal under {rules}'s rules", k + 1)
}

/// Whether `moves` are a legal game of plain tic-tac-toe; the first move that is not, if any.
fn plain_error(moves: &[Move]) -> Result<(), String> {
    let mut board = PlainBoard::new();
    for (k, &m) in moves.iter().enumerate() {
        let (r, c) = m.row_col();
        if r > 2 || c > 2 {
            return Err(format!("move {} ({r} {c}) is outside plain tic-tac-toe's 3×3 board", k + 1));
        }
        if board.status() != crate::board::Status::Ongoing || !board.is_legal(m.cell()) {
            return Err(illegal(moves, k, "plain tic-tac-toe"));
        }
        board.play(m.cell());
    }
    Ok(())
}

/// The games one command-line word names: `LOG#N`, a log (all its games), a file holding a move list, or
/// the move list itself.
pub fn read(word: &str, forced: Option<Game>) -> Result<Vec<GameRecord>, String> {
    if let Some((path, number)) = word.rsplit_once('#').filter(|(p, _)| std::path::Path::new(p).is_file()) {
        let n: usize = number.parse().map_err(|_| format!("{word}: expected LOG#N, N a game number"))?;
        let games = from_log(path, forced)?;
        let count = games.len();
        return games
            .into_iter()
            .find(|g| g.source == format!("{path}#{n}"))
            .map(|g| vec![g])
            .ok_or_else(|| format!("{word}: the log has no game {n} ({count} games)"));
    }
    if std::path::Path::new(word).is_file() {
        let text = std::fs::read_to_string(word).map_err(|e| format!("cannot read {word}: {e}"))?;
        if text.trim_start().starts_with('{') {
            return from_log(word, forced);
        }
        return from_list(word, &text, forced).map(|g| vec![g]);
    }
    if word.chars().any(|c| c.is_ascii_digit()) && !word.contains('/') {
        return from_list("moves", word, forced).map(|g| vec![g]);
    }
    Err(format!("{word}: no such file, and not a move list"))
}

/// The game of the move list `text`, read from `source` (a file, stdin, the command line).
pub fn from_list(source: &str, text: &str, forced: Option<Game>) -> Result<GameRecord, String> {
    let moves = parse_move_list(text).map_err(|e| format!("{source}: {e}"))?;
    if moves.is_empty() {
        return Err(format!("{source}: no moves"));
    }
    let game = recognise(&moves, forced).map_err(|e| format!("{source}: {e}"))?;
    Ok(GameRecord { source: source.into(), players: ["X".into(), "O".into()], game, moves, opening: 0 })
}

/// Every game of the log at `path`.
fn from_log(path: &str, forced: Option<Game>) -> Result<Vec<GameRecord>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let run = Run::from_logs(&[text]).map_err(|e| format!("{path}: {e}"))?;
    run.games
        .iter()
        .map(|g| {
            let source = format!("{path}#{}", g.index);
            let game = recognise(&g.moves, forced).map_err(|e| format!("{source}: {e}"))?;
            Ok(GameRecord {
                source,
                players: [g.x.clone(), g.o.clone()],
                game,
                moves: g.moves.clone(),
                opening: g.opening,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lists_take_any_separator_and_errors_name_the_move() {
        let moves = parse_move_list("4 4, 3 3\n1 1;(5,5)").unwrap();
        assert_eq!(moves, vec![Move::new(4, 4), Move::new(4, 0), Move::new(0, 4), Move::new(4, 8)]);
        assert!(parse_move_list("4 4 3").unwrap_err().contains("the last (3) has no partner"));
        assert!(parse_move_list("4 4 9 1").unwrap_err().contains("move 2 (9 1) is off the board"));
        assert!(parse_move_list("").unwrap().is_empty());
    }

    #[test]
    fn the_game_is_recognised_and_an_illegal_move_is_named() {
        let ultimate = parse_move_list("4 4 3 3 0 0").unwrap();
        assert_eq!(recognise(&ultimate, None), Ok(Game::Ultimate));
        // 1 1 sends the reply to the centre board: 0 2 is illegal there, but a fine plain game.
        let plain = parse_move_list("1 1 0 2 0 0").unwrap();
        assert_eq!(recognise(&plain, None), Ok(Game::Plain));
        let wrong = parse_move_list("4 4 4 4").unwrap();
        assert_eq!(recognise(&wrong, None).unwrap_err(), "move 2 (4 4) is illegal under Ultimate's rules");
        let plain_wrong = parse_move_list("1 1 0 2 1 1").unwrap();
        assert!(recognise(&plain_wrong, Some(Game::Plain)).unwrap_err().contains("move 3 (1 1) is illegal"));
        assert!(read("4 4 3 3", None).unwrap()[0].moves.len() == 2);
        assert!(read("/nonexistent/log#3", None).is_err());
    }
}
