//! The book within a byte budget: the arena file's 100,000 bytes hold the code, the nets and the book,
//! so a book grown past its share gives up the positions the model meets least. Each position the tree
//! valued has a worth, its chance of being met as `GrownTree::reach` counts it (the second player's
//! weighted as the frontier weighs it); the book keeps the most worth positions that fit, their count
//! found by bisection. Positions without a worth (the base book's, where the tree never went) are
//! kept, and a position is worth at least the most worth position it leads to, so that no kept position
//! is cut off the tree by a dropped one above it.

use crate::board::{Board, Player};
use crate::book::{successors, Book};
use crate::moves::Move;
use std::collections::HashMap;

/// The book's text size in bytes, its line end included (as `write_text` writes it).
pub fn text_bytes(book: &Book) -> usize {
    book.to_text().0.len() + 1
}

/// The book of `entries` that fits `max_bytes`, and how many of the entries with a worth it left out; an
/// error when the entries without a worth alone do not fit.
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
    let always = ranked.iter().filter(|(form, _)| worth[form].is_infinite()).count();
    let fits = |k: usize| text_bytes(&keeping(k)) <= max_bytes;
    if !fits(always) {
        return Err(format!("the book's positions without a worth alone take more than {max_bytes} bytes"));
    }
    // The most positions that fit: more positions, more bytes, so `fits` turns false once.
    let (mut lo, mut hi) = (always, ranked.len());
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

/// Each entry's worth raised to the largest of the entries it leads to (one move on, and so on), those
/// without a worth as worth everything: a position is kept whenever one below it is, as dropping it would
/// cut that one off the tree.
fn closed_upward(entries: &[(Board, Option<Move>)], worth: &HashMap<Board, f64>) -> HashMap<Board, f64> {
    let mut closed: HashMap<Board, f64> =
        entries.iter().map(|(form, _)| (*form, worth.get(form).copied().unwrap_or(f64::INFINITY))).collect();
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
        let mut board = Board::new();
        let mut entries = Vec::new();
        for _ in 0..n {
            let m = board.legal_moves().as_slice()[0];
            let (form, s) = crate::board::symmetry::canonical(&board);
            entries.push((form, Some(crate::board::symmetry::transform(m, s))));
            board.play(m);
        }
        entries
    }

    #[test]
    fn the_least_met_positions_go_first_and_the_book_fits() {
        let entries = line(30);
        // Worth falls along the line, as reach does; the first five have none (the base's) and stay.
        let worth: HashMap<Board, f64> =
            entries.iter().enumerate().skip(5).map(|(k, (form, _))| (*form, 1.0 / k as f64)).collect();
        let whole = text_bytes(&Book::from_tree(entries.iter().copied()));
        let (same, none) = within_bytes(&entries, &worth, whole).unwrap();
        assert_eq!((same.len(), none), (30, 0), "a book that fits is kept whole");
        let (book, dropped) = within_bytes(&entries, &worth, whole - 6).unwrap();
        assert!(text_bytes(&book) <= whole - 6 && dropped > 0, "{dropped} dropped");
        assert_eq!(book.len(), 30 - dropped, "the deepest positions went, and only they");
        // The budget is met by as few drops as it needs: one position more would not fit.
        let (tighter, more) = within_bytes(&entries, &worth, text_bytes(&book) - 1).unwrap();
        assert!(more > dropped && text_bytes(&tighter) < text_bytes(&book));
        // Five positions without a worth never go: a budget below them is refused.
        assert!(within_bytes(&entries, &worth, 3).unwrap_err().contains("without a worth"));
    }

    #[test]
    fn a_position_is_kept_with_every_one_above_it() {
        let entries = line(30);
        // Worth falls along the line but for the 20th position, met far more often (a line the games
        // went down): it stays, and with it the fifteen below the base that lead to it.
        let worth: HashMap<Board, f64> = entries
            .iter()
            .enumerate()
            .skip(5)
            .map(|(k, (form, _))| (*form, if k == 20 { 1.0 } else { 1.0 / k as f64 }))
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
