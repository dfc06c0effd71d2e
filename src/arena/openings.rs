//! Opening positions for matches: each game pair starts from one, played twice with colours swapped,
//! as engine testers do (between two strong bots, games from the empty board repeat).

use crate::board::Board;
use crate::mcts::{Limits, Params, Search};
use crate::moves::Move;
use crate::rng::Rng;

/// Where a match's games start.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Openings {
    /// Every game from the empty board.
    #[default]
    EmptyBoard,
    /// Pair `k` starts from line `k` of the book (cycling).
    Book(Vec<Vec<Move>>),
    /// Pair `k` starts after `plies` random moves drawn from the match seed and `k`, the game undecided.
    Random(usize),
}

impl Openings {
    /// `FILE` (a book) or `random:K`.
    pub fn parse(spec: &str) -> Result<Openings, String> {
        if let Some(k) = spec.strip_prefix("random:") {
            let plies = k.parse().map_err(|_| format!("--openings {spec:?}: K must be a number"))?;
            return Ok(Openings::Random(plies));
        }
        let text = std::fs::read_to_string(spec).map_err(|e| format!("{spec}: {e}"))?;
        let book = parse_book(&text).map_err(|e| format!("{spec}: {e}"))?;
        if book.is_empty() {
            return Err(format!("{spec}: no openings in the file"));
        }
        Ok(Openings::Book(book))
    }

    /// The opening of game pair `pair` in a match seeded `seed`.
    pub fn for_pair(&self, pair: usize, seed: u64) -> Vec<Move> {
        match self {
            Openings::EmptyBoard => Vec::new(),
            Openings::Book(lines) => lines[pair % lines.len()].clone(),
            Openings::Random(plies) => random_opening(
                *plies,
                &mut Rng::new(seed ^ (pair as u64).wrapping_mul(0xA24B_AED4_963E_E407)),
            ),
        }
    }
}

/// `plies` uniformly random moves that leave the game undecided (redrawn until they do).
pub fn random_opening(plies: usize, rng: &mut Rng) -> Vec<Move> {
    loop {
        let mut board = Board::new();
        let mut moves = Vec::new();
        while moves.len() < plies {
            let Some(m) = board.random_move(rng) else { break };
            board.play(m);
            moves.push(m);
        }
        if !board.is_over() && moves.len() == plies {
            return moves;
        }
    }
}

/// A book: one opening per line, moves as `row col` pairs separated by commas; `#` starts a comment.
pub fn parse_book(text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut book = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let moves = crate::protocol::parse_opening(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        let board =
            Board::from_moves(&moves).map_err(|k| format!("line {}: move {} is illegal", i + 1, k + 1))?;
        if board.is_over() {
            return Err(format!("line {}: the game is already over", i + 1));
        }
        book.push(moves);
    }
    Ok(book)
}

/// A balanced book: random openings of `plies` moves kept when a search of `iterations` from them
/// (with rollouts, so the book does not depend on the value net it is used to test) scores the side to
/// move within `margin` of one half. Returns the lines with their values.
pub fn balanced_book(
    count: usize,
    plies: usize,
    iterations: u64,
    margin: f32,
    seed: u64,
) -> Vec<(Vec<Move>, f32)> {
    let mut rng = Rng::new(seed);
    let mut book: Vec<(Vec<Move>, f32)> = Vec::new();
    while book.len() < count {
        let moves = random_opening(plies, &mut rng);
        if book.iter().any(|(m, _)| *m == moves) {
            continue;
        }
        let board = Board::from_moves(&moves).expect("random openings are legal");
        let mut search =
            Search::new(Params::ROLLOUT_BOT.without_prior(), 1_000_000, seed ^ book.len() as u64);
        let report = search.search(&board, None, Limits::iterations(iterations));
        if (report.best_value - 0.5).abs() <= margin {
            book.push((moves, report.best_value));
        }
    }
    book
}

/// A book as text, with a header saying how it was made.
pub fn format_book(book: &[(Vec<Move>, f32)], header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out += &format!("# {line}\n");
    }
    for (moves, value) in book {
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        out += &format!("{}  # side to move scores {value:.3}\n", text.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn books_parse_and_reject_bad_lines() {
        let book = parse_book("# c\n4 4, 3 3\n\n0 0  # x\n").unwrap();
        assert_eq!(book, vec![vec![Move::new(4, 4), Move::new(4, 0)], vec![Move::new(0, 0)]]);
        assert!(parse_book("4 4, 4 4\n").unwrap_err().contains("line 1"));
        assert!(parse_book("4 4, 9 9\n").is_err());
    }

    #[test]
    fn random_openings_are_undecided_repeatable_and_varied() {
        let o = Openings::Random(6);
        let a = o.for_pair(3, 7);
        assert_eq!(a.len(), 6);
        assert_eq!(a, o.for_pair(3, 7));
        assert_ne!(a, o.for_pair(4, 7));
        assert!(!Board::from_moves(&a).unwrap().is_over());
        let text = format_book(&[(a.clone(), 0.5)], "made by a test");
        assert_eq!(parse_book(&text).unwrap(), vec![a]);
    }
}
