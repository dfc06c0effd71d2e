//! The positions the bot met in logged games: `uttt book-met LOG…` counts them, `uttt make-book` reads them.
//!
//! The book's model of an opponent (its choices in proportion to a long search's visits) misses the moves
//! that real opponents play more often than a long search would: in the games against the frozen baseline
//! the bot as second player left the book at ply 9 in two games of three, at one of some forty positions.
//! Where the logs saw a position often, what the opponents played there counts beside the model
//! (`opponent_share`). The file keeps the positions met in at least `--min-reach` of a colour's games, so
//! that it is small enough to keep with the weights and the book is made again from it alone; each line is
//! `colour;games met;games of that colour;moves`.

use super::searches::parse_canonical_path;
use crate::board::symmetry::{canonical, transform};
use crate::board::Board;
use crate::board::Player;
use crate::cli::Args;
use crate::moves::Move;
use crate::report::model::Run;
use std::collections::HashMap;

/// How many logged games the model's opinion of an opponent's choice is worth.
pub const MODEL_GAMES: f64 = 8.0;

/// Per canonical form met in the logs, the number of games in which the bot met it playing X, and O.
pub type Met = HashMap<Board, [f64; 2]>;

/// The chance that the opponent of `colour`, to move at `parent`, plays into `child`, from the model's
/// `share` and the logged games: `(games met at child + MODEL_GAMES · share) / (games met at parent +
/// MODEL_GAMES)`, the model counting as that many games (the model alone where the logs never met `parent`).
pub fn opponent_share(met: &Met, parent: &Board, child: &Board, colour: usize, share: f64) -> f64 {
    let games = |form: &Board| met.get(form).map_or(0.0, |g| g[colour]);
    // A class met by two ways in could count more games than one parent's: a chance is at most 1.
    ((games(child) + MODEL_GAMES * share) / (games(parent) + MODEL_GAMES)).min(1.0)
}

/// `path` carried to the frame of its position's canonical form, with that form.
pub fn canonical_path(path: &[Move]) -> Option<(Board, Vec<Move>)> {
    let board = Board::from_moves(path).ok()?;
    let (form, s) = canonical(&board);
    Some((form, path.iter().map(|&m| transform(m, s)).collect()))
}

/// Counts, over `games` (the bot's colour and the game's moves, from the empty board), the positions of
/// plies 1 to `depth` that the game did not end in (a game stops counting at an illegal move: a faulty
/// log); keeps those met in at least `min_reach` of a colour's games. Lines in a fixed order: by colour,
/// then by how often met, then by the moves.
pub fn count(games: &[(Player, Vec<Move>)], depth: usize, min_reach: f64) -> Vec<String> {
    let mut totals = [0usize; 2];
    let mut met: HashMap<(usize, Board), (usize, Vec<Move>)> = HashMap::new();
    for (colour, moves) in games {
        totals[colour.index()] += 1;
        for ply in 1..=depth.min(moves.len()) {
            let Some((form, path)) = canonical_path(&moves[..ply]).filter(|(form, _)| !form.is_over()) else {
                break;
            };
            met.entry((colour.index(), form)).or_insert((0, path)).0 += 1;
        }
    }
    let mut kept: Vec<(usize, usize, Vec<Move>)> = met
        .into_iter()
        .filter(|((c, _), (n, _))| *n as f64 >= min_reach * totals[*c] as f64)
        .map(|((c, _), (n, path))| (c, n, path))
        .collect();
    kept.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    kept.into_iter()
        .map(|(c, n, path)| {
            let moves: Vec<String> = path.iter().map(|m| m.to_string()).collect();
            format!("{};{n};{};{}", ["X", "O"][c], totals[c], moves.join(","))
        })
        .collect()
}

/// One line of a `uttt book-met` file.
#[derive(Clone, Debug)]
pub struct MetLine {
    /// The bot's colour in the games that met the position: 0 X, 1 O.
    pub colour: usize,
    /// How many of those games met it.
    pub games: f64,
    /// How many games the bot played as that colour.
    pub of: f64,
    /// The moves to the position, in the frame of its canonical form.
    pub path: Vec<Move>,
    /// The position, canonical.
    pub form: Board,
}

/// A met line of `colour` seen in `games` of 100, along `moves` (carried to its canonical frame): the
/// book tools' tests' lines.
#[cfg(test)]
pub fn test_line(colour: usize, games: f64, moves: &str) -> MetLine {
    let (form, path) = canonical_path(&crate::protocol::parse_opening(moves).unwrap()).unwrap();
    MetLine { colour, games, of: 100.0, path, form }
}

/// The lines of a file written by `uttt book-met`; a missing file has none. Lines starting with `#` are
/// comments.
pub fn read_lines(path: &str) -> Result<Vec<MetLine>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{path}: {e}")),
    };
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#')) {
        let bad = |what: &str| format!("{path} line {}: {what}", i + 1);
        let fields: Vec<&str> = line.split(';').collect();
        let [colour, games, of, moves] = fields[..] else { return Err(bad("four fields expected")) };
        let colour = match colour {
            "X" => 0,
            "O" => 1,
            _ => return Err(bad("the colour is X or O")),
        };
        let games: f64 = games.parse().map_err(|_| bad("games met: a number"))?;
        let of: f64 = of.parse().map_err(|_| bad("games of the colour: a number"))?;
        let (path, form) = parse_canonical_path(moves).map_err(|e| bad(&e))?;
        lines.push(MetLine { colour, games, of, path, form });
    }
    Ok(lines)
}

/// Reads a file written by `uttt book-met` as a count per position and colour (a missing file: none).
pub fn read(path: &str) -> Result<Met, String> {
    let mut met = Met::new();
    for line in read_lines(path)? {
        met.entry(line.form).or_insert([0.0; 2])[line.colour] = line.games;
    }
    Ok(met)
}

/// Reads a file written by `uttt book-met` as each position's share of a colour's games: the chance, in
/// the logged games, that the bot meets it playing X, and O (a missing file: none).
pub fn read_shares(path: &str) -> Result<Met, String> {
    let mut shares = Met::new();
    for line in read_lines(path)? {
        shares.entry(line.form).or_insert([0.0; 2])[line.colour] = line.games / line.of.max(1.0);
    }
    Ok(shares)
}

/// `uttt book-met LOG… [--player NAME] [--depth D] [--min-reach R] [--out FILE]`: the positions `NAME`
/// (default: the first log's first player) met in the logs' games from the empty board.
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let player: Option<String> = a.value("--player")?;
    let depth: usize = a.value_or("--depth", 20)?;
    let min_reach: f64 = a.value_or("--min-reach", 0.002)?;
    let out: String = a.value_or("--out", "weights/book-met.txt".to_string())?;
    let logs = a.positionals()?;
    if logs.is_empty() {
        return Err(
            "usage: uttt book-met LOG... [--player NAME] [--depth D] [--min-reach R] [--out FILE]".into()
        );
    }
    let run = Run::from_logs(&crate::report::read_logs(&logs)?)?;
    let name = player.or_else(|| run.players.first().cloned()).ok_or("the log names no player")?;
    let games: Vec<(Player, Vec<Move>)> = run
        .games
        .iter()
        .filter(|g| g.opening == 0)
        .filter_map(|g| Some((g.colour_of(&name)?, g.moves.clone())))
        .collect();
    let lines = count(&games, depth, min_reach);
    let header = format!(
        "# Positions met by the bot in {} logged games from the empty board, in at least {min_reach} of a \
         colour's games, to ply {depth}\n# made by: uttt book-met {}\n# colour;games met;games of that \
         colour;moves to the canonical form\n",
        games.len(),
        words.join(" ")
    );
    std::fs::write(&out, header + &lines.join("\n") + "\n").map_err(|e| format!("{out}: {e}"))?;
    eprintln!("book-met: {} positions met in {} games written to {out}", lines.len(), games.len());
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse_opening;

    fn moves(text: &str) -> Vec<Move> {
        parse_opening(text).expect("moves")
    }

    #[test]
    fn counts_a_colours_games_and_reads_them_back_in_the_canonical_frame() {
        let a = moves("4 4,3 3,0 0");
        let b = moves("4 4,5 5,8 8"); // the image of `a` under the half turn
        let c = moves("4 4,3 4,0 3");
        let games = vec![(Player::O, a), (Player::O, b), (Player::O, c), (Player::X, moves("4 4,3 3"))];
        // Two of three O games meet the class of 4 4,3 3 (and of its image): kept at 0.5, not at 0.7.
        let lines = count(&games, 3, 0.5);
        assert!(lines
            .iter()
            .all(|l| l.starts_with("O;2;3;") || l.starts_with("O;3;3;") || l.starts_with("X;1;1;")));
        assert_eq!(lines.iter().filter(|l| l.starts_with("O;2;3;")).count(), 2, "{lines:?}");
        assert_eq!(count(&games, 3, 0.7).iter().filter(|l| l.starts_with("O;")).count(), 1);
        let dir = std::env::temp_dir().join(format!("uttt-met-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("met.txt");
        std::fs::write(&file, format!("# a comment\n{}\n", lines.join("\n"))).expect("write");
        let met = read(file.to_str().expect("utf-8")).expect("read back");
        // Two of three O games, and the one X game; the opening itself, every game.
        let form = |text: &str| canonical_path(&moves(text)).expect("legal").0;
        assert_eq!(met[&form("4 4,5 5")], [1.0, 2.0]);
        assert_eq!(met[&form("4 4")], [1.0, 3.0]);
        // Of a path and its image, one does not end on the canonical form: refused.
        let off = if canonical_path(&moves("4 4,5 5")).expect("legal").1 == moves("4 4,5 5") {
            "4 4,3 3"
        } else {
            "4 4,5 5"
        };
        std::fs::write(&file, format!("O;2;3;{off}\n")).expect("write");
        assert!(read(file.to_str().expect("utf-8")).is_err(), "a path not in the canonical frame is refused");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
