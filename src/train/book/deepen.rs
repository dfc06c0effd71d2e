//! `uttt deepen-book`: the book's most met moves of one colour searched again, deeper.
//!
//! `extend-book` gives a position met in the games' lines the move of one search (200,000 iterations in
//! `scripts/extend-book-from-selfplay.sh`), and the positions the games meet most are worth a deeper
//! one: the same bot searching O's moves to ply 30 at 200,000 iterations instead of 25,000 scored 28
//! points more (docs/journal/2026-12-02-deep-opening.md). This command takes the book's positions where
//! the colour is to move, whose move came from a search of the searches file shallower than
//! `--iterations`, ranks them by their chance of being met in the lines' games (the largest share of the
//! colour's games among the lines through them) and searches the first `--count` again, appending each
//! to its own file (`--append`) as it finishes; `extend-book --deeper FILE` then gives those positions
//! the deeper search's move. The searches file stays as it was, so the books made before remain what they
//! were. A stopped run resumes: a position searched at `--iterations` or more is not searched again.

use super::met::read_lines;
use super::searches::{self, SearchConfig};
use super::{search_all, Planned};
use crate::board::symmetry::canonical;
use crate::board::Board;
use crate::book::Book;
use crate::cli::Args;
use std::collections::HashMap;

const USAGE: &str =
    "usage: uttt deepen-book --lines FILE... [--book FILE] [--searches FILE] [--append FILE] \
                     [--colour X|O] [--count N] [--iterations I] [--nodes N] [--jobs J]";

/// Each position on the lines where `colour` is to move, canonical, with the largest share of that
/// colour's games among the lines through it.
pub fn chances(lines: &[super::met::MetLine], colour: usize) -> HashMap<Board, f64> {
    let mut chance: HashMap<Board, f64> = HashMap::new();
    for line in lines.iter().filter(|l| l.colour == colour) {
        let share = line.games / line.of.max(1.0);
        // Every position of the line, its end included.
        let mut board = Board::new();
        for k in 0..=line.path.len() {
            if !board.is_over() && board.side_to_move().index() == colour {
                let c = chance.entry(canonical(&board).0).or_insert(0.0);
                *c = c.max(share);
            }
            if let Some(&m) = line.path.get(k) {
                board.play(m);
            }
        }
    }
    chance
}

/// The book's positions worth a deeper search, most met first: `colour` to move, a book move, a search
/// in `searched` shallower than `iterations`, met on the lines (`chance`).
pub fn to_deepen(
    book: &Book,
    searched: &HashMap<Board, searches::Searched>,
    chance: &HashMap<Board, f64>,
    iterations: u64,
) -> Vec<Planned> {
    let mut todo: Vec<Planned> = book
        .entries()
        .filter_map(|(form, _)| {
            let s = searched.get(form).filter(|s| s.iterations < iterations)?;
            let c = *chance.get(form)?;
            let reach = [c, c];
            Some(Planned { form: *form, path: s.path.clone(), reach, seen: reach })
        })
        .collect();
    todo.sort_by(|a, b| b.reach[0].total_cmp(&a.reach[0]).then(a.path.cmp(&b.path)));
    todo
}

/// `uttt deepen-book --lines FILE... [--book FILE] [--searches FILE] [--append FILE] [--colour X|O]
/// [--count N] [--iterations I] [--nodes N] [--jobs J]`.
pub fn main(args: &[String]) -> Result<i32, String> {
    let mut a = Args::new(args);
    let mut lines = Vec::new();
    for file in a.values("--lines")? {
        lines.extend(read_lines(&file)?);
    }
    let book_file: String = a.value_or("--book", "weights/book.txt".to_string())?;
    let searches_file: String =
        a.value_or("--searches", "weights/book-extension/searches.txt".to_string())?;
    let deep_file: String = a.value_or("--append", "weights/book-extension/searches-deep.txt".to_string())?;
    let colour = match a.value_or("--colour", "O".to_string())?.as_str() {
        "X" | "x" => 0,
        "O" | "o" => 1,
        other => return Err(format!("--colour {other:?}: X or O\n{USAGE}")),
    };
    let count: usize = a.value_or("--count", 500)?;
    let config = SearchConfig {
        iterations: a.value_or("--iterations", 1_000_000)?,
        // A search of 1,000,000 iterations builds about 8.3 M nodes: a full tree stops growing.
        nodes: a.value_or("--nodes", 12_000_000)?,
    };
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    if let Some(extra) = a.positionals()?.first() {
        return Err(format!("unexpected argument {extra:?}\n{USAGE}"));
    }
    if lines.is_empty() {
        return Err(format!("no lines: --lines FILE (uttt book-met)\n{USAGE}"));
    }
    let book = Book::from_file(&book_file)?;
    let mut searched = searches::read(&searches_file, false)?;
    searched.extend(searches::read(&deep_file, true)?);
    let chance = chances(&lines, colour);
    let todo = to_deepen(&book, &searched, &chance, config.iterations);
    let chosen: Vec<&Planned> = todo.iter().take(count).collect();
    let least = chosen.last().map_or(0.0, |p| p.reach[0]);
    eprintln!(
        "deepen-book: {} of {} positions ({} to move, met in at least {:.4} of its games) at {} iterations",
        chosen.len(),
        todo.len(),
        ["X", "O"][colour],
        least,
        config.iterations
    );
    let deeper = search_all(&chosen, &config, jobs, (&deep_file, "deepen-book"))?;
    let changed = deeper.iter().filter(|s| searched[&s.position()].best != s.best).count();
    eprintln!("deepen-book: {changed} of {} moves changed", deeper.len());
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse_opening;
    use crate::train::book::met::canonical_path;
    use crate::train::book::met::test_line as line;

    #[test]
    fn the_colours_positions_on_its_lines_are_ranked_by_their_largest_share() {
        let form = |moves: &str| canonical_path(&parse_opening(moves).unwrap()).unwrap().0;
        let lines = [line(1, 30.0, "4 4,3 3,0 0"), line(1, 50.0, "4 4,3 3,0 1"), line(0, 90.0, "4 4,3 3")];
        let chance = chances(&lines, 1);
        // O moves at ply 1 (on both lines) and ply 3 (each line's end); X's line and X's turns count not.
        assert_eq!(chance.len(), 3);
        assert_eq!(chance[&form("4 4")], 0.5);
        assert_eq!(chance[&form("4 4,3 3,0 0")], 0.3);
        assert_eq!(chance[&form("4 4,3 3,0 1")], 0.5);
        // The book's O positions whose search is shallower come most met first; a deep one stays.
        let searched_at = |moves: &str, iterations: u64| {
            let (board, path) = canonical_path(&parse_opening(moves).unwrap()).unwrap();
            let best = board.legal_moves().as_slice()[0];
            let visits = vec![(best, 1)];
            (board, searches::Searched { path, best, value: 0.5, visits, values: vec![], iterations })
        };
        let searched: HashMap<_, _> =
            [searched_at("4 4", 5), searched_at("4 4,3 3,0 0", 5), searched_at("4 4,3 3,0 1", 10)].into();
        // The book's tree: the empty board and X's turn between are on the way.
        let on_the_way = [(Board::new(), Some(parse_opening("4 4").unwrap()[0])), (form("4 4,3 3"), None)];
        let book =
            Book::from_tree(on_the_way.into_iter().chain(searched.iter().map(|(b, s)| (*b, Some(s.best)))));
        assert_eq!(book.len(), 4);
        let todo = to_deepen(&book, &searched, &chance, 10);
        let forms: Vec<Board> = todo.iter().map(|p| p.form).collect();
        assert_eq!(forms, vec![form("4 4"), form("4 4,3 3,0 0")]);
        for p in &todo {
            assert_eq!(canonical_path(&p.path).unwrap().0, p.form);
        }
    }
}
