//! The book's long searches, one line each in a text file that `uttt make-book` and `uttt grow-book`
//! append to as they go (so a stopped run resumes and shards' files concatenate): the position's ply, the
//! moves that reach its canonical form, the move chosen, its value, every root move's visits (and its
//! value, for the side to move), and the search's iterations.
//!
//! ```text
//! 2;4 4,3 3;2 2;0.5631;0 0:1820:0.412 0 1:2210:0.437 …;1000000
//! ```
//!
//! Older lines lack the moves' values and the iterations (five fields, items `row col:visits`).

use crate::board::symmetry::canonical;
use crate::board::Board;
use crate::mcts::Limits;
use crate::moves::Move;
use crate::options::BotOptions;
use crate::protocol::parse_opening;
use std::collections::HashMap;

/// One searched position: canonical, with everything in its frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Searched {
    /// Moves from the empty board to the position (its canonical form).
    pub path: Vec<Move>,
    /// The move the search chose.
    pub best: Move,
    /// The chosen move's value for the side to move.
    pub value: f32,
    /// Every root move's visits.
    pub visits: Vec<(Move, u32)>,
    /// Every root move's value for the side to move, in `visits`' order (empty in older lines).
    pub values: Vec<f32>,
    /// The search's iterations (0 in older lines).
    pub iterations: u64,
}

impl Searched {
    /// The canonical position.
    pub fn position(&self) -> Board {
        Board::from_moves(&self.path).expect("a checked path")
    }

    /// The line of the searches file.
    pub fn to_line(&self) -> String {
        let moves = |ms: &[Move]| ms.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(",");
        let visits: Vec<String> = self
            .visits
            .iter()
            .enumerate()
            .map(|(k, (m, n))| match self.values.get(k) {
                Some(q) => format!("{m}:{n}:{q:.3}"),
                None => format!("{m}:{n}"),
            })
            .collect();
        let line = format!(
            "{};{};{};{:.4};{}",
            self.path.len(),
            moves(&self.path),
            self.best,
            self.value,
            visits.join(" ")
        );
        if self.iterations == 0 {
            line
        } else {
            format!("{line};{}", self.iterations)
        }
    }

    /// Reads a line written by `to_line`; an error says what is wrong.
    pub fn from_line(line: &str) -> Result<Searched, String> {
        let fields: Vec<&str> = line.split(';').collect();
        let (path, best, value, visits, iterations) = match fields[..] {
            [_, path, best, value, visits] => (path, best, value, visits, "0"),
            [_, path, best, value, visits, iterations] => (path, best, value, visits, iterations),
            _ => return Err(format!("expected five or six fields separated by ';', got {}", fields.len())),
        };
        let iterations =
            iterations.trim().parse().map_err(|_| format!("iterations {iterations:?} is not a count"))?;
        let (path, board) = parse_canonical_path(path)?;
        let one_move = |text: &str| -> Result<Move, String> {
            let m = parse_opening(text)?;
            match m[..] {
                [m] if board.is_legal(m) => Ok(m),
                _ => Err(format!("{text:?} is not a legal move here")),
            }
        };
        let best = one_move(best)?;
        let value = value.trim().parse().map_err(|_| format!("value {value:?} is not a number"))?;
        // Items `row col:visits` or `row col:visits:value`, separated by spaces like the row and column
        // inside them; the values are kept only when every item has one.
        let words: Vec<&str> = visits.split_whitespace().collect();
        let items = words
            .chunks(2)
            .map(|item| {
                let item = item.join(" ");
                let mut parts = item.split(':');
                let (m, n) = (parts.next().unwrap_or(""), parts.next());
                let n = n.ok_or_else(|| format!("visits item {item:?} lacks ':'"))?;
                let n = n.parse().map_err(|_| format!("visits {n:?} is not a count"))?;
                let q = match parts.next() {
                    Some(q) => Some(q.parse::<f32>().map_err(|_| format!("value {q:?} is not a number"))?),
                    None => None,
                };
                Ok((one_move(m)?, n, q))
            })
            .collect::<Result<Vec<(Move, u32, Option<f32>)>, String>>()?;
        let visits = items.iter().map(|&(m, n, _)| (m, n)).collect();
        let values = items.iter().map(|&(_, _, q)| q).collect::<Option<Vec<f32>>>().unwrap_or_default();
        Ok(Searched { path, best, value, visits, values, iterations })
    }

    /// Each root move's share of the visits, each count raised to the power `1 / temperature` first.
    pub fn shares(&self, temperature: f64) -> impl Iterator<Item = (Move, f64)> + '_ {
        let weight = move |n: u32| (n as f64).powf(1.0 / temperature);
        let total = self.visits.iter().map(|&(_, n)| weight(n)).sum::<f64>().max(1e-12);
        self.visits.iter().map(move |&(m, n)| (m, weight(n) / total))
    }
}

/// Moves from the empty board (`r c,r c,…`) that must be legal and end on a canonical position: the paths
/// of the book's files.
pub fn parse_canonical_path(text: &str) -> Result<(Vec<Move>, Board), String> {
    let path = parse_opening(text)?;
    let board = Board::from_moves(&path).map_err(|k| format!("move {} is illegal", k + 1))?;
    if canonical(&board).0 != board {
        return Err("the path does not end on a canonical position".into());
    }
    Ok((path, board))
}

/// The searches of a file, by canonical position (a missing file: none yet; see `in_order`).
pub fn read(path: &str, repair: bool) -> Result<HashMap<Board, Searched>, String> {
    Ok(in_order(path, repair)?.into_iter().map(|s| (s.position(), s)).collect())
}

/// The searches of a file as the move policy's training records (`uttt train --searches`), in the file's
/// order: each position (its canonical form) with every root move's visits, from searches 200,000 to
/// 1,000,000 iterations deep where self-play's are 4,000.
pub fn policy_records(path: &str) -> Result<Vec<crate::train::policy::data::Record>, String> {
    if !std::path::Path::new(path).is_file() {
        return Err(format!("{path}: no such file"));
    }
    let records = in_order(path, false)?.into_iter();
    Ok(records
        .map(|s| crate::train::policy::data::Record { history: s.path, visits: s.visits, result: 0 })
        .collect())
}

/// The searches of a file in its order (a missing file: none yet). A last line without its line end was
/// being written when a run stopped: it is skipped, and with `repair` (the file this run appends to) cut
/// from the file, so that the next line starts on a line of its own.
fn in_order(path: &str, repair: bool) -> Result<Vec<Searched>, String> {
    let mut text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{path}: {e}")),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        text.truncate(text.rfind('\n').map_or(0, |i| i + 1));
        if repair {
            eprintln!("make-book: {path}: its last line was cut off when a run stopped; dropped");
            std::fs::write(path, &text).map_err(|e| format!("{path}: {e}"))?;
        }
    }
    let lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty());
    lines
        .map(|(i, line)| Searched::from_line(line).map_err(|e| format!("{path} line {}: {e}", i + 1)))
        .collect()
}

/// How the book's positions are searched.
#[derive(Clone, Debug)]
pub struct SearchConfig {
    /// Iterations of each search.
    pub iterations: u64,
    /// Tree capacity in nodes per buffer.
    pub nodes: usize,
}

/// Searches the canonical position that `path` reaches, with a fresh tree and a seed of the position
/// alone, so the result does not depend on the order, the thread or the shard it is searched in.
pub fn search(path: &[Move], config: &SearchConfig) -> Searched {
    let board = Board::from_moves(path).expect("a legal path");
    // A fingerprint of the position's picture: a seed of the position alone.
    let seed = crate::train::policy::fit::checksum(board.to_text().as_bytes());
    let options = BotOptions { nodes: config.nodes, seed, ..BotOptions::default() };
    let report = options.build_search().search(&board, None, Limits::iterations(config.iterations));
    Searched {
        path: path.to_vec(),
        best: report.best,
        value: report.best_value,
        visits: report.root_visits,
        values: report.root_values,
        iterations: config.iterations,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_searches_file_becomes_policy_records_in_its_order() {
        let first = Searched {
            path: parse_opening("4 4").unwrap(),
            best: parse_opening("3 3").unwrap()[0],
            value: 0.4,
            visits: vec![(parse_opening("3 3").unwrap()[0], 900), (parse_opening("3 4").unwrap()[0], 100)],
            values: vec![0.4, 0.3],
            iterations: 1000,
        };
        let (second, _) = parse_canonical_path("4 4,3 3").unwrap();
        let second_board = Board::from_moves(&second).unwrap();
        let moves = second_board.legal_moves();
        let second = Searched {
            path: second,
            best: moves[0],
            value: 0.6,
            visits: moves.iter().enumerate().map(|(k, &m)| (m, k as u32)).collect(),
            values: Vec::new(),
            iterations: 0,
        };
        let file = std::env::temp_dir().join(format!("uttt-policy-records-{}.txt", std::process::id()));
        // A last line cut off by a stopped run is skipped.
        let text = format!("{}\n\n{}\n2;4 4,3", first.to_line(), second.to_line());
        std::fs::write(&file, text).unwrap();
        let records = policy_records(file.to_str().unwrap());
        std::fs::remove_file(&file).unwrap();
        let records = records.unwrap();
        assert_eq!(records.len(), 2, "the blank line is no record");
        for (record, searched) in records.iter().zip([&first, &second]) {
            assert_eq!((&record.history, &record.visits), (&searched.path, &searched.visits));
        }
        let bad = std::env::temp_dir().join(format!("uttt-policy-records-bad-{}.txt", std::process::id()));
        std::fs::write(&bad, "2;4 4,3 3;2 2;0.5\n").unwrap();
        let error = policy_records(bad.to_str().unwrap()).unwrap_err();
        std::fs::remove_file(&bad).unwrap();
        assert!(error.contains("line 1"), "{error}");
        assert!(policy_records("/nonexistent/uttt-searches.txt").is_err(), "a missing file is an error here");
    }
}
