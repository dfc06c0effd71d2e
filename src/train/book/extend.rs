//! `uttt extend-book`: the book carried past its plies along the lines that logged games follow.
//!
//! `make-book` grows the book ply by ply from a model of the opponents, and past ply 19 the positions
//! multiply faster than they are met. Real opponents are narrower: against one program every game of a
//! match shares its first 20 moves, and the bot's first searched move there is a 100 ms search of a
//! position that decides how the game goes (docs/journal/2026-12-01-book-lines.md). `extend-book` reads
//! the positions met in logged games (`uttt book-met --depth D`, the shipped `weights/book-lines.txt`),
//! keeps those met in at least `--min-reach` of a colour's games where that colour is to move and the
//! book has no move, adds them with every position on the way to them that the book lacks, so that the
//! book's tree stays joined, and writes the book. Where a position gets a move (below) it is searched as
//! `make-book` searches its own (`searches.rs`: the same long search, seeded by the position alone); the
//! searches go to their own file, which a stopped run resumes from; a position's search in a `--deeper`
//! file (`uttt deepen-book`) stands for that file's. The defaults remake the shipped extension of the book
//! that `make-book` makes.
//!
//! A line carries its colour's moves only, and only where that colour leads: a position gets the long
//! search's move when a line of the colour to move passes through it and the search values it at
//! `--min-value` or more for that colour. Elsewhere it joins the tree without a move, and the bot, should
//! it meet it, searches as usual. The opponent's positions on a line are the opponent's choices; and in
//! a position the mover is losing, every move loses to best play, the chances lie in the opponent's
//! slips, and the turn's own search, varied from game to game, leaves them open where the long search's
//! one move closes them (with a move at every position, the long searches steered the bot as O out of
//! the lines where the baseline slips: the journal above).
//!
//! Unless the long search is settled there (`--confirm`, by default 500,000 and 1,000,000 iterations): a
//! trailing position gets the long search's move when fresh searches of each of those sizes choose it
//! too. A choice that holds from an eighth of the long search to all of it does not hang on how deep the
//! search looked, and the book plays it in every game; where the sizes disagree (O's first searched
//! move, at ply 22 of the logged lines, swings between three moves from 100 ms to 4 M iterations), the
//! turn's own search still decides (docs/journal/2026-12-01-settled-book.md). Each size's searches go to
//! a file of their own beside `--searches` (`…-I.txt`).

use super::met::{canonical_path, read_lines, MetLine};
use super::searches::{self, SearchConfig, Searched};
use super::{create_parent_dir, search_all, write_text, Planned, MANIFEST_HEADER};
use crate::board::Board;
use crate::book::Book;
use crate::cli::Args;
use crate::train::manifest::{read_manifest_section, write_manifest_section};
use std::collections::{HashMap, HashSet};

const USAGE: &str =
    "usage: uttt extend-book [--lines FILE] [--min-reach R] [--min-value V] [--confirm I,J…|none] \
                     [--book FILE] [--searches FILE] [--deeper FILE]... [--iterations I] [--nodes N] [--jobs J] \
                     [--out FILE] [--manifest FILE]";

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

/// True when a line of the colour to move at `p` passes through it: the book may give it a move (when
/// the long search finds that colour leading there), so it is searched.
fn carries_a_move(p: &Planned) -> bool {
    p.seen[p.form.side_to_move().index()] > 0.0
}

/// `book` with the positions of the `lines` met in `min_reach` of their colour's games: each with the
/// long search's move (`searched` holds every position that `carries_a_move`) where that search values it
/// at `min_value` or more for the side to move or the position is `settled`, without one elsewhere.
pub fn extend(
    book: &Book,
    lines: &[MetLine],
    (min_reach, min_value): (f64, f32),
    searched: &HashMap<Board, Searched>,
    settled: &HashSet<Board>,
) -> Book {
    let added = positions_to_add(book, lines, min_reach).into_iter().map(|p| {
        let booked = carries_a_move(&p)
            .then(|| &searched[&p.form])
            .filter(|s| s.value >= min_value || settled.contains(&p.form));
        (p.form, booked.map(|s| s.best))
    });
    Book::from_tree(book.tree().chain(added))
}

/// The search sizes of `--confirm`: iteration counts separated by commas, or `none`.
fn parse_sizes(text: &str) -> Result<Vec<u64>, String> {
    if text == "none" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|n| n.trim().parse().map_err(|_| format!("--confirm {text:?}: iteration counts I,J… or none")))
        .collect()
}

/// The searches of `positions` at `config`'s size: those `file` holds already, the rest searched now and
/// appended to it (a stopped run resumes from it).
fn searches_of(
    positions: &[&Planned],
    config: &SearchConfig,
    jobs: usize,
    file: &str,
) -> Result<HashMap<Board, Searched>, String> {
    let mut searched = searches::read(file, true)?;
    let left: Vec<&Planned> = positions.iter().copied().filter(|p| !searched.contains_key(&p.form)).collect();
    eprintln!(
        "extend-book: {} of {} positions to search at {} iterations",
        left.len(),
        positions.len(),
        config.iterations
    );
    for s in search_all(&left, config, jobs, (file, "extend-book"))? {
        searched.insert(s.position(), s);
    }
    Ok(searched)
}

/// The `trailing` positions whose long search's move (`searched`) fresh searches of every one of `sizes`
/// choose too; none without sizes. Each size's searches go to (and resume from) a file beside
/// `searches_file`, `…-I.txt`.
fn settled_positions(
    trailing: &[&Planned],
    searched: &HashMap<Board, Searched>,
    (sizes, config, jobs): (&[u64], &SearchConfig, usize),
    searches_file: &str,
) -> Result<HashSet<Board>, String> {
    let mut settled: HashSet<Board> =
        if sizes.is_empty() { HashSet::new() } else { trailing.iter().map(|p| p.form).collect() };
    for &iterations in sizes {
        let file =
            format!("{}-{iterations}.txt", searches_file.strip_suffix(".txt").unwrap_or(searches_file));
        let at_size = searches_of(trailing, &SearchConfig { iterations, ..config.clone() }, jobs, &file)?;
        settled.retain(|form| at_size[form].best == searched[form].best);
    }
    Ok(settled)
}

/// `uttt extend-book [--lines FILE] [--min-reach R] [--min-value V] [--confirm I,J…|none] [--book FILE]
/// [--searches FILE] [--deeper FILE]... [--iterations I] [--nodes N] [--jobs J] [--out FILE] [--manifest FILE]`.
pub fn main(args: &[String]) -> Result<i32, String> {
    let mut a = Args::new(args);
    let lines_file: String = a.value_or("--lines", "weights/book-lines.txt".to_string())?;
    let min_reach: f64 = a.value_or("--min-reach", 0.02)?;
    let min_value: f32 = a.value_or("--min-value", 0.6)?;
    let confirm_text: String = a.value_or("--confirm", "500000,1000000".to_string())?;
    let confirm = parse_sizes(&confirm_text)?;
    let book_file: String = a.value_or("--book", "weights/book.txt".to_string())?;
    let searches_file: String = a.value_or("--searches", "data/book/extend-searches.txt".to_string())?;
    let deeper = a.values("--deeper")?;
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
    let book = Book::from_file(&book_file)?;
    let lines = read_lines(&lines_file)?;
    if lines.is_empty() {
        return Err(format!("{lines_file}: no positions (uttt book-met LOG… --depth D --out {lines_file})"));
    }
    create_parent_dir(&searches_file)?;
    let todo = positions_to_add(&book, &lines, min_reach);
    eprintln!("extend-book: {} positions past the book", todo.len());
    let carrying: Vec<&Planned> = todo.iter().filter(|p| carries_a_move(p)).collect();
    let mut searched = searches_of(&carrying, &config, jobs, &searches_file)?;
    // A deeper search of a position (`uttt deepen-book`) stands for the file's.
    for file in &deeper {
        searched.extend(searches::read(file, false)?);
    }
    // The trailing positions that could get a move, each searched again at every size of `--confirm`.
    let trailing: Vec<&Planned> =
        todo.iter().filter(|p| carries_a_move(p) && searched[&p.form].value < min_value).collect();
    let settled = settled_positions(&trailing, &searched, (&confirm, &config, jobs), &searches_file)?;
    let extended = extend(&book, &lines, (min_reach, min_value), &searched, &settled);
    let mut report = write_text(&extended, &out)?;
    // The section's lines after its header and packing, but an earlier extension's line.
    let section = read_manifest_section(&manifest, MANIFEST_HEADER).unwrap_or_default();
    for line in section.lines().skip(2).filter(|l| !l.starts_with("extended:") && !l.trim().is_empty()) {
        report += line;
        report += "\n";
    }
    report += &format!(
        "extended: {} positions past the plies above ({} in the tree without a move): uttt extend-book \
         --lines {lines_file} --min-reach {min_reach} --min-value {min_value} --confirm {confirm_text} \
         --iterations {} --nodes {}{}\n",
        extended.len() - book.len(),
        extended.tree().count() - extended.len(),
        config.iterations,
        config.nodes,
        deeper.iter().map(|f| format!(" --deeper {f}")).collect::<String>()
    );
    write_manifest_section(&manifest, MANIFEST_HEADER, &report)?;
    eprint!("{report}");
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse_opening;
    use crate::train::book::met::test_line as line;

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

    #[test]
    fn the_confirming_sizes_are_a_list_of_counts_or_none() {
        assert_eq!(parse_sizes("500000,1000000"), Ok(vec![500_000, 1_000_000]));
        assert_eq!(parse_sizes("none"), Ok(vec![]));
        assert!(parse_sizes("500k").is_err() && parse_sizes("").is_err());
    }

    #[test]
    fn a_line_carries_its_colours_moves_where_it_leads_and_the_rest_stays_bare() {
        let book = Book::from_entries([(Board::new(), parse_opening("4 4").unwrap()[0])]);
        let won = line(0, 30.0, "4 4,3 3,0 0,2 1"); // X's line
        let lost = line(1, 40.0, "4 4,3 4,1 4"); // O's line
        let form = |moves: &str| canonical_path(&parse_opening(moves).unwrap()).unwrap().0;
        // The long searches of every position of both lines where its colour moves (O's line passes after
        // 4 4 with O to move), each with its first legal move: X trails after 4 4,3 3 and leads at its
        // line's end; O trails on its whole line.
        let mut searched = HashMap::new();
        let positions = [("4 4,3 3,0 0,2 1", 0.8), ("4 4,3 3", 0.4), ("4 4", 0.45), ("4 4,3 4,1 4", 0.3)];
        for (moves, value) in positions {
            let (form, path) = canonical_path(&parse_opening(moves).unwrap()).unwrap();
            let best = form.legal_moves().as_slice()[0];
            searched.insert(
                form,
                Searched { path, best, value, visits: vec![(best, 1)], values: vec![], iterations: 0 },
            );
        }
        let lines = [won.clone(), lost.clone()];
        let extended = extend(&book, &lines, (0.05, 0.6), &searched, &HashSet::new());
        // Only X's line's end gets the search's move; the positions on its way are in the tree without
        // one (O's, and X's where X trails); O's line and its way are left out, leading nowhere.
        assert_eq!(extended.len(), 2, "the root and X's line's end");
        assert_eq!(extended.move_for(&won.form), Some(won.form.legal_moves().as_slice()[0]));
        for bare in ["4 4", "4 4,3 3", "4 4,3 3,0 0", "4 4,3 4", "4 4,3 4,1 4"] {
            assert_eq!(extended.move_for(&form(bare)), None, "{bare}");
        }
        assert_eq!(extended.tree().count(), 5, "the root, three bare positions and the line's end");
        // Read back from its text, the book is the same tree.
        let read = Book::from_text(&extended.to_text().0).unwrap();
        assert_eq!(read.tree().collect::<HashMap<_, _>>(), extended.tree().collect::<HashMap<_, _>>());
        // Without a threshold every position where a line's colour moves gets its move, O's too.
        let every = extend(&book, &lines, (0.05, 0.0), &searched, &HashSet::new());
        assert_eq!(every.len(), 5);
        assert!(every.move_for(&lost.form).is_some() && every.move_for(&form("4 4")).is_some());
        assert_eq!(every.move_for(&form("4 4,3 3,0 0")), None, "O's position on X's line");
        // A trailing position the shorter searches settled gets its move, and only that one.
        let settled = HashSet::from([lost.form]);
        let confirmed = extend(&book, &lines, (0.05, 0.6), &searched, &settled);
        assert_eq!(confirmed.len(), 3, "the root, X's line's end and O's settled position");
        assert_eq!(confirmed.move_for(&lost.form), Some(lost.form.legal_moves().as_slice()[0]));
        assert_eq!(confirmed.move_for(&form("4 4")), None, "O trails there, unsettled");
    }
}
