//! The book within a byte budget: the arena file's 100,000 bytes hold the code, the nets and the book,
//! so a book grown past its share gives up the positions the model meets least. Each position the tree
//! valued has a worth, its chance of being met as `GrownTree::reach` counts it (the second player's
//! weighted as the frontier weighs it); the book keeps every position at or above the lowest worth that
//! fits, found by bisection. Positions without a worth (the base book's, where the tree never went) are
//! kept, and a position dropped takes the ones only it led to (`Book::from_tree`): their chances are no
//! larger than its own.

use crate::board::Board;
use crate::book::Book;
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
    let keeping = |least: f64| {
        let kept = entries.iter().filter(|(form, _)| worth.get(form).is_none_or(|&w| w >= least));
        Book::from_tree(kept.copied())
    };
    let whole = keeping(f64::NEG_INFINITY);
    if text_bytes(&whole) <= max_bytes {
        return Ok((whole, 0));
    }
    // Each candidate threshold keeps the positions worth at least it; the last one keeps those without a
    // worth alone.
    let mut thresholds: Vec<f64> = entries.iter().filter_map(|(form, _)| worth.get(form).copied()).collect();
    thresholds.sort_by(f64::total_cmp);
    thresholds.dedup();
    thresholds.push(f64::INFINITY);
    let fits = |k: usize| text_bytes(&keeping(thresholds[k])) <= max_bytes;
    let last = thresholds.len() - 1;
    if !fits(last) {
        return Err(format!("the book's positions without a worth alone take more than {max_bytes} bytes"));
    }
    // The lowest threshold that fits: fewer positions, fewer bytes, so `fits` turns true once.
    let (mut lo, mut hi) = (0, last);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if fits(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let least = thresholds[lo];
    let dropped = entries.iter().filter(|(form, _)| worth.get(form).is_some_and(|&w| w < least)).count();
    Ok((keeping(least), dropped))
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
}
