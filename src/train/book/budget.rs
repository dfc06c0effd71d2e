//! The book within a byte budget: the arena file's 100,000 bytes hold the code, the nets and the book,
//! so a book grown past its share gives up the positions least likely to be met. A position's worth is
//! its chance of being met, by the tree's model (`GrownTree::reach`) or in logged games (`grow-book
//! --met`, `--worth-met`), the second player's weighted as the frontier weighs it; a position is worth
//! at least the most worth position it leads to, so that no kept position is cut off the tree by a
//! dropped one above it. The book keeps the most worth positions that fit, their count found by
//! bisection; those that neither the model nor any logged game reaches go first, but for the answers
//! to every first move.

use crate::board::{Board, Player};
use crate::book::{successors, Book};
use crate::moves::Move;
use std::collections::HashMap;

/// The book's text size in bytes, its line end included (as `write_text` writes it).
pub fn text_bytes(book: &Book) -> usize {
    book.to_text().0.len() + 1
}

/// The book of `entries` that fits `max_bytes`, and how many of the entries it left out; an error when
/// the empty board alone does not fit.
pub fn within_bytes(
    entries: &[(Board, Option<Move>)],
    worth: &HashMap<Board, f64>,
    max_bytes: usize,
) -> Result<(Book, usize), String> {
    let worth = closed_upward(entries, worth);
    // Most worth first; among equals the shallower (a position before those it leads to) and then a
    // fixed order, so that every first `k` of the ranking is a tree and any byte count can be met closely.
    let mut ranked: Vec<&(Board, Option<Move>)> = entries.iter().collect();
    ranked.sort_by(|a, b| {
        worth[&b.0].total_cmp(&worth[&a.0]).then(plies(&a.0).cmp(&plies(&b.0))).then(a.0.cmp(&b.0))
    });
    let keeping = |k: usize| Book::from_tree(ranked[..k].iter().map(|&&entry| entry));
    let whole = keeping(ranked.len());
    if text_bytes(&whole) <= max_bytes {
        return Ok((whole, 0));
    }
    let fits = |k: usize| text_bytes(&keeping(k)) <= max_bytes;
    if !fits(1) {
        return Err(format!("no book fits {max_bytes} bytes"));
    }
    // The most positions that fit: more positions, more bytes, so `fits` turns false once.
    let (mut lo, mut hi) = (1, ranked.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Ok((keeping(lo), ranked.len() - lo))
}

/// The positions to this ply are kept whatever their worth: the book answers every first move, which no
/// log or model of strong players foresees (they open in the centre) and an arena opponent may play.
const ALWAYS_TO_PLY: u32 = 1;

/// Each entry's worth (none: 0; to `ALWAYS_TO_PLY`: infinite) raised to the largest of the entries it leads to (one move on, and so
/// on): a position is kept whenever one below it is, as dropping it would cut that one off the tree.
fn closed_upward(entries: &[(Board, Option<Move>)], worth: &HashMap<Board, f64>) -> HashMap<Board, f64> {
    let worth_of = |form: &Board| match plies(form) {
        0..=ALWAYS_TO_PLY => f64::INFINITY,
        _ => worth.get(form).copied().unwrap_or(0.0),
    };
    let mut closed: HashMap<Board, f64> = entries.iter().map(|(form, _)| (*form, worth_of(form))).collect();
    let mut deepest_first: Vec<Board> = closed.keys().copied().collect();
    deepest_first.sort_by_key(|form| std::cmp::Reverse(plies(form)));
    for form in deepest_first {
        let below = successors(form).filter_map(|(_, child)| closed.get(&child).copied()).fold(0.0, f64::max);
        let w = closed.get_mut(&form).expect("an entry");
        *w = w.max(below);
    }
    closed
}

/// The marks on `board`: the moves played to reach it.
fn plies(board: &Board) -> u32 {
    (0..9).map(|b| board.marks(Player::X, b).count_ones() + board.marks(Player::O, b).count_ones()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of `n` book positions from the empty board, each with its first legal move.
    fn line(n: usize) -> Vec<(Board, Option<Move>)> {
        line_from(0, n)
    }

    /// A line of `n` book positions from the empty board: the `first`-th legal move, then each position's
    /// first legal move.
    fn line_from(first: usize, n: usize) -> Vec<(Board, Option<Move>)> {
        let mut board = Board::new();
        let mut entries = Vec::new();
        for k in 0..n {
            let m = board.legal_moves().as_slice()[if k == 0 { first } else { 0 }];
            let (form, s) = crate::board::symmetry::canonical(&board);
            entries.push((form, Some(crate::board::symmetry::transform(m, s))));
            board.play(m);
        }
        entries
    }

    #[test]
    fn the_least_met_positions_go_first_and_the_book_fits() {
        let main = line(30);
        // Worth falls along the line, as reach does; a side line (another first move) has none: no
        // model and no game reaches it.
        let worth: HashMap<Board, f64> =
            main.iter().enumerate().map(|(k, (form, _))| (*form, 1.0 / (k + 1) as f64)).collect();
        let side = line_from(1, 6);
        let entries: Vec<_> = main.iter().chain(&side[1..]).copied().collect();
        let whole = text_bytes(&Book::from_tree(entries.iter().copied()));
        let (same, none) = within_bytes(&entries, &worth, whole).unwrap();
        assert_eq!((same.len(), none), (35, 0), "a book that fits is kept whole");
        // The side line goes first, shallow as it is, but for its first position: the book answers every
        // first move.
        let kept: Vec<_> = main.iter().chain(&side[1..2]).copied().collect();
        let kept_bytes = text_bytes(&Book::from_tree(kept.iter().copied()));
        assert!(kept_bytes < whole);
        let (book, dropped) = within_bytes(&entries, &worth, kept_bytes).unwrap();
        assert_eq!((book.len(), dropped), (31, 4));
        assert!(book.move_for(&side[1].0).is_some());
        assert!(side[2..].iter().all(|(form, _)| book.move_for(form).is_none()));
        // Then the deepest positions of the main line, and only they.
        let (book, dropped) = within_bytes(&entries, &worth, kept_bytes - 6).unwrap();
        assert!(text_bytes(&book) <= kept_bytes - 6 && dropped > 4, "{dropped} dropped");
        assert_eq!(book.len(), 35 - dropped);
        assert!(main[..34 - dropped].iter().all(|(form, _)| book.move_for(form).is_some()));
        assert!(book.move_for(&side[1].0).is_some());
        // The budget is met by as few drops as it needs: one position more would not fit.
        let (tighter, more) = within_bytes(&entries, &worth, text_bytes(&book) - 1).unwrap();
        assert!(more > dropped && text_bytes(&tighter) < text_bytes(&book));
        assert!(within_bytes(&entries, &worth, 2).unwrap_err().contains("no book fits"));
    }

    #[test]
    fn a_position_is_kept_with_every_one_above_it() {
        let entries = line(30);
        // Worth falls along the line but for the 20th position, met far more often (a line the games
        // went down): it stays, and with it the positions that lead to it.
        let worth: HashMap<Board, f64> = entries
            .iter()
            .enumerate()
            .map(|(k, (form, _))| (*form, if k == 20 { 1.0 } else { 1.0 / (k + 1) as f64 }))
            .collect();
        let whole = text_bytes(&Book::from_tree(entries.iter().copied()));
        let (book, dropped) = within_bytes(&entries, &worth, whole - 4).unwrap();
        assert!(dropped > 0 && dropped < 10, "{dropped} dropped");
        for (k, (form, _)) in entries.iter().enumerate() {
            let kept = book.tree().any(|(f, _)| f == *form);
            assert_eq!(kept, k <= 20 || k < 30 - dropped, "position {k}");
        }
    }
}
