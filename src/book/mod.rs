//! The opening book: for positions the bot meets early in its games, the move a search far longer than a
//! turn allows chose there (`uttt make-book`, docs/training.md). The bot plays it while its game is in the
//! book and in step with the referee, and searches as usual from the first position the book lacks.
//!
//! One position stands for its eight images under the board's symmetries (`board/symmetry.rs`): the book
//! keys each class by its canonical form and stores the move in that form's frame. The book is a tree from
//! the empty board (its text: `text.rs`). A position may be in the tree without a move: a position on the
//! way to deeper ones (`uttt extend-book`: the opponent's, or one where the mover trails), where the bot,
//! were it to move, searches.

use crate::board::symmetry::{canonical, inverse, transform};
use crate::board::Board;
use crate::moves::Move;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

mod text;

/// The committed book (`uttt make-book`, weights/MANIFEST.txt).
pub const BOOK_TEXT: &str = include_str!("../../weights/book.txt");

/// Book positions, canonical, with their moves in the canonical frame.
#[derive(Clone, Debug, Default)]
pub struct Book {
    moves: BookMap,
}

/// The tree's positions to their moves (`None`: on the way only), hashed by `PositionHasher`.
type BookMap = HashMap<Board, Option<Move>, BuildHasherDefault<PositionHasher>>;

/// A multiply-rotate hash of a position's words: the book is built at start-up, inside the first turn's
/// time, and std's default (SipHash, keyed against hostile input) took a quarter of the book's load there;
/// a book's positions are ours, not an attacker's.
#[derive(Default)]
struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let word = chunk.iter().rev().fold(0u64, |w, &b| w << 8 | b as u64);
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517C_C1B7_2722_0A95);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

impl Book {
    /// The book in `weights/book.txt`.
    pub fn embedded() -> Result<Book, String> {
        Book::from_text(BOOK_TEXT).map_err(|e| format!("weights/book.txt: {e}"))
    }

    /// A book read from its text; an error when the text is damaged or names an illegal move.
    pub fn from_text(text: &str) -> Result<Book, String> {
        Ok(Book { moves: text::read(text)? })
    }

    /// A book read from the text in the file `path`; an error names the file. (The bot's `--book` reads
    /// its file inline in `options.rs`: calling this from there costs the arena file 48 bytes.)
    #[cfg(not(bundle))]
    pub fn from_file(path: &str) -> Result<Book, String> {
        std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| Book::from_text(&text))
            .map_err(|e| format!("{path}: {e}"))
    }

    /// How many positions (classes of eight images) the book holds a move for.
    pub fn len(&self) -> usize {
        self.moves.values().filter(|m| m.is_some()).count()
    }

    /// True when the book holds no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The book's move in `board`, if the book holds one (for any of its images).
    pub fn move_for(&self, board: &Board) -> Option<Move> {
        let (form, s) = canonical(board);
        let m = transform((*self.moves.get(&form)?)?, inverse(s));
        board.is_legal(m).then_some(m)
    }

    /// The book's positions (canonical) and moves, in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = (&Board, &Move)> {
        self.moves.iter().filter_map(|(form, m)| Some((form, m.as_ref()?)))
    }

    /// Every position of the book's tree (canonical) with its move, `None` where it has none.
    #[cfg(not(bundle))]
    pub fn tree(&self) -> impl Iterator<Item = (Board, Option<Move>)> + '_ {
        self.moves.iter().map(|(&form, &m)| (form, m))
    }

    /// A book of these canonical positions and moves. Only the positions joined to the empty board by a
    /// chain of book positions (each one move from the one before) are kept: the text is that tree.
    #[cfg(not(bundle))]
    pub fn from_entries(entries: impl IntoIterator<Item = (Board, Move)>) -> Book {
        Book::from_tree(entries.into_iter().map(|(form, m)| (form, Some(m))))
    }

    /// A book of these canonical positions, each with its move or `None` (on the way only): the positions
    /// joined to the empty board by a chain of tree positions, but those without a move that lead to no
    /// position with one, which would cost bytes and answer nothing. A later entry for a position
    /// replaces an earlier one.
    #[cfg(not(bundle))]
    pub fn from_tree(entries: impl IntoIterator<Item = (Board, Option<Move>)>) -> Book {
        let moves: BookMap = entries.into_iter().collect();
        let mut kept = BookMap::default();
        let mut seen = std::collections::HashSet::from([Board::new()]);
        walk(&moves, Board::new(), &mut seen, &mut |position| {
            kept.insert(position, moves.get(&position).copied().flatten());
        });
        // Positions without a move that lead to no tree position go, then those that led only to them.
        loop {
            let bare: Vec<Board> = kept
                .iter()
                .filter(|(form, m)| m.is_none() && !leads_into(&kept, form))
                .map(|(&form, _)| form)
                .collect();
            if bare.is_empty() {
                break;
            }
            for form in bare {
                kept.remove(&form);
            }
        }
        Book { moves: kept }
    }

    /// The book's text and its coded size (`codec::Writer::sizes`).
    #[cfg(not(bundle))]
    pub fn to_text(&self) -> (String, Vec<crate::codec::SectionSize>) {
        text::write(&self.moves)
    }
}

/// Each legal move in `position` with the canonical form of the position it leads to, in move order.
#[cfg(not(bundle))]
pub fn successors(position: Board) -> impl Iterator<Item = (Move, Board)> {
    let legal = position.legal_moves();
    (0..legal.len()).map(move |k| {
        let m = legal.as_slice()[k];
        (m, after(position, m))
    })
}

/// The canonical form of the position `m` leads to from `position`: a book tree's child.
fn after(position: Board, m: Move) -> Board {
    let mut child = position;
    child.play(m);
    canonical(&child).0
}

/// True when a position one legal move on from `form` is in `moves`.
#[cfg(not(bundle))]
fn leads_into(moves: &BookMap, form: &Board) -> bool {
    successors(*form).any(|(_, child)| moves.contains_key(&child))
}

/// Visits every position of `moves` joined to `position` by a chain of them (each one legal move on
/// from the one before), depth first; `seen` holds those visited.
#[cfg(not(bundle))]
fn walk(
    moves: &BookMap,
    position: Board,
    seen: &mut std::collections::HashSet<Board>,
    visit: &mut impl FnMut(Board),
) {
    visit(position);
    for (_, form) in successors(position) {
        if moves.contains_key(&form) && seen.insert(form) {
            walk(moves, form, seen, visit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::symmetry::{transform_board, SYMMETRIES};
    use crate::rng::Rng;

    /// A book of the positions of a few random games' first `plies` plies, each with a random move.
    fn random_book(seed: u64, games: usize, plies: usize) -> Book {
        let mut rng = Rng::new(seed);
        let mut entries = Vec::new();
        for _ in 0..games {
            let mut board = Board::new();
            for _ in 0..plies {
                let form = canonical(&board).0;
                let Some(m) = form.random_move(&mut rng) else { break };
                entries.push((form, m));
                let Some(next) = board.random_move(&mut rng) else { break };
                board.play(next);
            }
        }
        Book::from_entries(entries)
    }

    #[test]
    fn the_text_reads_back_as_the_same_book() {
        let book = random_book(5, 40, 9);
        assert!(book.len() > 100, "{} positions", book.len());
        let (text, _) = book.to_text();
        let read = Book::from_text(&text).expect("a book's own text");
        assert_eq!(read.moves, book.moves);
        assert!(text.bytes().all(|b| (b' '..=b'~').contains(&b) && b != b'"'), "printable, no quote");
    }

    #[test]
    fn a_line_the_book_plays_costs_a_flag_where_another_child_costs_its_index() {
        // The same positions twice: once each holding the move its line goes on by, once another move.
        let mut rng = Rng::new(9);
        let (mut played, mut other) = (Vec::new(), Vec::new());
        for _ in 0..30 {
            let mut board = Board::new();
            for _ in 0..20 {
                let (form, s) = canonical(&board);
                let Some(m) = board.random_move(&mut rng) else { break };
                let own = transform(m, s);
                // Another legal move, as random as the line's own.
                let Some(elsewhere) = form.random_move(&mut rng).filter(|&l| l != own) else { break };
                played.push((form, own));
                other.push((form, elsewhere));
                board.play(m);
            }
        }
        let (played, other) = (Book::from_entries(played), Book::from_entries(other));
        assert_eq!(played.tree().count(), other.tree().count());
        let bits = |book: &Book| book.to_text().1.iter().map(|s| s.bits).sum::<f64>();
        let saved = (bits(&other) - bits(&played)) / played.len() as f64;
        assert!(saved > 1.5, "{saved:.2} bits a position saved");
    }

    #[test]
    fn positions_off_the_tree_are_left_out() {
        let mut far = Board::new();
        for m in [Move::new(4, 4), Move::new(4, 0), Move::new(0, 8)] {
            far.play(m);
        }
        let (far, _) = canonical(&far);
        let book =
            Book::from_entries([(Board::new(), Move::new(4, 4)), (far, far.legal_moves().as_slice()[0])]);
        assert_eq!(book.len(), 1, "the position three plies on has no book position between it and the root");
    }

    #[test]
    fn positions_on_the_way_carry_no_move_and_bare_leaves_go() {
        let after = |moves: &[Move]| canonical(&Board::from_moves(moves).unwrap()).0;
        let (a, b, c) = (Move::new(4, 4), Move::new(4, 0), Move::new(0, 8));
        let (one, two, three) = (after(&[a]), after(&[a, b]), after(&[a, b, c]));
        let three_move = three.legal_moves().as_slice()[0];
        // A bare position that leads nowhere, one ply on from the root by another move.
        let bare_leaf = after(&[Move::new(0, 0)]);
        let book = Book::from_tree([
            (Board::new(), Some(a)),
            (one, None),
            (two, Some(two.legal_moves().as_slice()[0])),
            (three, Some(three_move)),
            (bare_leaf, None),
        ]);
        assert_eq!(book.len(), 3, "the root, two and three plies on hold moves");
        assert_eq!(book.tree().count(), 4, "one ply on stays bare, joining them; the bare leaf went");
        assert_eq!(book.move_for(&Board::from_moves(&[a]).unwrap()), None);
        assert!(book.move_for(&Board::from_moves(&[a, b, c]).unwrap()).is_some());
        // The text keeps the bare position, so the moves below it read back.
        let (text, _) = book.to_text();
        let read = Book::from_text(&text).unwrap();
        assert_eq!(read.moves, book.moves);
        // Without the bare position, nothing past the root is joined.
        let cut = Book::from_entries([
            (Board::new(), a),
            (two, two.legal_moves().as_slice()[0]),
            (three, three_move),
        ]);
        assert_eq!(cut.len(), 1);
    }

    #[test]
    fn every_image_of_a_book_position_gets_the_image_of_its_move() {
        let book = random_book(6, 20, 7);
        for (form, &m) in book.entries() {
            for s in 0..SYMMETRIES {
                let image = transform_board(form, s);
                let answer = book.move_for(&image).expect("an image of a book position");
                let (mut played, mut expected) = (image, *form);
                played.play(answer);
                expected.play(m);
                assert_eq!(canonical(&played).0, canonical(&expected).0, "symmetry {s}");
            }
        }
        // Eight plies on: deeper than any of this book's positions.
        let mut rng = Rng::new(8);
        let mut off = Board::new();
        for _ in 0..8 {
            off.play(off.random_move(&mut rng).expect("an open game"));
        }
        assert_eq!(book.move_for(&off), None);
    }

    #[test]
    fn damaged_text_is_refused_without_a_panic() {
        let (text, _) = random_book(7, 10, 6).to_text();
        let bytes = text.as_bytes();
        let mut refused = 0;
        for k in (0..bytes.len()).step_by(3) {
            let mut damaged = bytes.to_vec();
            damaged[k] = if damaged[k] == b'~' { b'!' } else { damaged[k] + 1 };
            refused += Book::from_text(std::str::from_utf8(&damaged).unwrap()).is_err() as usize;
        }
        assert!(
            refused * 10 >= (bytes.len() / 3) * 9,
            "{refused} of {} damaged copies refused",
            bytes.len() / 3
        );
        assert!(Book::from_text(&text[..text.len() / 2]).is_err(), "a truncated text");
    }

    #[test]
    fn the_embedded_book_reads_and_its_moves_are_legal() {
        let book = Book::embedded().expect("weights/book.txt");
        assert!(!book.is_empty());
        for (form, &m) in book.entries() {
            assert!(form.is_legal(m), "{m} in\n{}", form.to_text());
            assert_eq!(canonical(form).0, *form);
        }
        // Both colours: the bot's centre opening and every first move of X are in it.
        let mut after_centre = Board::new();
        after_centre.play(Move::new(4, 4));
        assert!(book.move_for(&after_centre).is_some(), "O's answer to the centre");
        for first in 0..81 {
            let mut b = Board::new();
            b.play(Move::new(first / 9, first % 9));
            assert!(book.move_for(&b).is_some(), "O's answer to X's first move {first}");
        }
    }
}
