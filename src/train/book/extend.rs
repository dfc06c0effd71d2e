//! `uttt extend-book`: the book carried past its plies along the lines that logged games follow.
//!
//! `make-book` grows the book ply by ply from a model of the opponents, and past ply 19 the positions
//! multiply faster than they are met. Real opponents are narrower: against one program every game of a
//! match shares its first 20 moves, and the bot's first searched move there is a 100 ms search of a
//! position that decides how the game goes (docs/journal/2026-12-01-book-lines.md). `extend-book` reads
//! the positions met in logged games (`uttt book-met --depth D`), keeps those met in at least
//! `--min-reach` of a colour's games where that colour is to move and the book has no move, searches each
//! as `make-book` searches its own (`searches.rs`: the same long search, seeded by the position alone),
//! with every position on the way to it that the book lacks, so that the book's tree stays joined, and
//! writes the book with them. Its searches go to their own file, which a stopped run resumes from.
//!
//! Tried once and not shipped: the long searches' moves past ply 20 steered the bot as O out of the lines
//! where the baseline slips (the journal above).

use super::met::{canonical_path, read_lines, MetLine};
use super::searches::{self, SearchConfig};
use super::{create_parent_dir, search_all, write_text, Planned, MANIFEST_HEADER};
use crate::board::Board;
use crate::book::Book;
use crate::cli::Args;
use crate::train::manifest::{read_manifest_section, write_manifest_section};
use std::collections::HashMap;

const USAGE: &str = "usage: uttt extend-book --lines FILE [--min-reach R] [--book FILE] [--searches FILE] \
                     [--iterations I] [--nodes N] [--jobs J] [--out FILE] [--manifest FILE]";

/// The positions to add to `book` for the `lines` met in at least `min_reach` of their colour's games
/// where that colour is to move and the book has no move: each such position and every one on the way to
/// it that the book lacks, canonical, with the moves to it in its frame, in order of ply and then moves.
/// A position's chance is its line's share of that colour's games (the largest, where several lines share
/// a position on the way).
pub fn positions_to_add(book: &Book, lines: &[MetLine], min_reach: f64) -> Vec<Planned> {
    let mut todo: HashMap<Board, Planned> = HashMap::new();
    let wanted = |l: &&MetLine| {
        l.games >= min_reach * l.of
            && !l.form.is_over()
            && l.form.side_to_move().index() == l.colour
            && book.move_for(&l.form).is_none()
    };
    for line in lines.iter().filter(wanted) {
        let share = line.games / line.of.max(1.0);
        for ply in 0..=line.path.len() {
            let Some((form, path)) = canonical_path(&line.path[..ply]) else { break };
            if book.move_for(&form).is_some() {
                continue;
            }
            let planned = todo.entry(form).or_insert(Planned { form, path, reach: [0.0; 2], seen: [0.0; 2] });
            planned.seen[line.colour] = planned.seen[line.colour].max(share);
        }
    }
    let mut todo: Vec<Planned> = todo.into_values().collect();
    todo.sort_by(|a, b| a.path.len().cmp(&b.path.len()).then(a.path.cmp(&b.path)));
    todo
}

/// `uttt extend-book --lines FILE [--min-reach R] [--book FILE] [--searches FILE] [--iterations I]
/// [--nodes N] [--jobs J] [--out FILE] [--manifest FILE]`.
pub fn main(args: &[String]) -> Result<i32, String> {
    let mut a = Args::new(args);
    let lines_file: String = a.value("--lines")?.ok_or(USAGE)?;
    let min_reach: f64 = a.value_or("--min-reach", 0.05)?;
    let book_file: String = a.value_or("--book", "weights/book.txt".to_string())?;
    let searches_file: String = a.value_or("--searches", "data/book/extend-searches.txt".to_string())?;
    let config = SearchConfig {
        iterations: a.value_or("--iterations", 4_000_000)?,
        nodes: a.value_or("--nodes", 16_000_000)?,
    };
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let out: String = a.value_or("--out", book_file.clone())?;
    let manifest: String = a.value_or("--manifest", "weights/MANIFEST.txt".to_string())?;
    if let Some(extra) = a.positionals()?.first() {
        return Err(format!("unexpected argument {extra:?}\n{USAGE}"));
    }
    let text = std::fs::read_to_string(&book_file).map_err(|e| format!("{book_file}: {e}"))?;
    let book = Book::from_text(&text).map_err(|e| format!("{book_file}: {e}"))?;
    let lines = read_lines(&lines_file)?;
    if lines.is_empty() {
        return Err(format!("{lines_file}: no positions (uttt book-met LOG… --depth D --out {lines_file})"));
    }
    create_parent_dir(&searches_file)?;
    let todo = positions_to_add(&book, &lines, min_reach);
    let mut searched = searches::read(&searches_file, true)?;
    let left: Vec<&Planned> = todo.iter().filter(|p| !searched.contains_key(&p.form)).collect();
    eprintln!("extend-book: {} positions past the book, {} to search", todo.len(), left.len());
    for s in search_all(&left, &config, jobs, &searches_file)? {
        searched.insert(s.position(), s);
    }
    let added = todo.iter().map(|p| (p.form, searched[&p.form].best));
    let extended = Book::from_entries(book.entries().map(|(&b, &m)| (b, m)).chain(added));
    let mut report = write_text(&extended, &out)?;
    // The section's lines after its header and packing, but an earlier extension's line.
    let section = read_manifest_section(&manifest, MANIFEST_HEADER).unwrap_or_default();
    for line in section.lines().skip(2).filter(|l| !l.starts_with("extended:") && !l.trim().is_empty()) {
        report += line;
        report += "\n";
    }
    report += &format!(
        "extended: {} positions past the plies above: uttt extend-book --lines {lines_file} --min-reach \
         {min_reach} --iterations {} --nodes {}\n",
        extended.len() - book.len(),
        config.iterations,
        config.nodes
    );
    write_manifest_section(&manifest, MANIFEST_HEADER, &report)?;
    eprint!("{report}");
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse_opening;

    /// A met line of `colour` seen in `games` of 100, along `moves` (carried to its canonical frame).
    fn line(colour: usize, games: f64, moves: &str) -> MetLine {
        let (form, path) = canonical_path(&parse_opening(moves).unwrap()).unwrap();
        MetLine { colour, games, of: 100.0, path, form }
    }

    #[test]
    fn a_line_met_often_at_the_colours_turn_joins_the_book_with_the_positions_on_its_way() {
        // A book of the empty board and the centre only.
        let centre = canonical_path(&parse_opening("4 4").unwrap()).unwrap().0;
        let first = |moves: &str| parse_opening(moves).unwrap()[0];
        let book = Book::from_entries([(Board::new(), first("4 4")), (centre, first("3 3"))]);
        assert_eq!(book.len(), 2);
        let x_turn = line(0, 30.0, "4 4,3 3,0 0,2 1"); // X to move: X's line, met in 30 of 100
        let o_turn = line(1, 40.0, "4 4,3 3,0 0"); // O to move: O's line
        let rare = line(1, 2.0, "4 4,3 4,1 4"); // O to move, met in 2 of 100
        let not_its_turn = line(1, 50.0, "4 4,5 3"); // X to move in O's games: the opponent's choice
        let lines = [x_turn.clone(), o_turn.clone(), rare, not_its_turn];
        let todo = positions_to_add(&book, &lines, 0.05);
        let forms: Vec<Board> = todo.iter().map(|p| p.form).collect();
        let form = |moves: &str| canonical_path(&parse_opening(moves).unwrap()).unwrap().0;
        // Ply 2 (on the way to both), ply 3 (O's turn, and on X's way), ply 4 (X's turn); nothing else.
        assert_eq!(forms, vec![form("4 4,3 3"), form("4 4,3 3,0 0"), form("4 4,3 3,0 0,2 1")]);
        // In ply order, each path leads to its form, and the chance is the line's share of its colour.
        for p in &todo {
            assert_eq!(canonical_path(&p.path).unwrap().0, p.form);
        }
        assert_eq!(todo[1].seen, [0.3, 0.4]);
        assert_eq!(todo[2].seen, [0.3, 0.0]);
        // With their moves the book holds them all, joined to the empty board.
        let added = todo.iter().map(|p| (p.form, p.form.legal_moves().as_slice()[0]));
        let extended = Book::from_entries(book.entries().map(|(&b, &m)| (b, m)).chain(added));
        assert_eq!(extended.len(), book.len() + 3);
        let (text, _) = extended.to_text();
        let read = Book::from_text(&text).unwrap();
        assert_eq!(read.len(), 5);
        assert!(read.move_for(&x_turn.form).is_some() && read.move_for(&o_turn.form).is_some());
        // A line the book already answers adds nothing.
        assert!(positions_to_add(&read, &lines, 0.05).is_empty());
    }
}
