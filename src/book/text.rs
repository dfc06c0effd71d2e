//! The book's text: its tree walked depth first from the empty board, in the weight files' code
//! (`codec/`). At each position: its move (0: none, a position on the way to deeper ones), whether the
//! position that move leads to is a child here, how many other children it has; then the move's child
//! and its subtree, then each other child (its index among the legal moves but the book move, as an
//! increasing gap) and its subtree. A child is a tree position one move on that the walk has not met
//! before.
//!
//! Most of a book's children are its own moves' (a line the book plays goes on), so that child costs a
//! flag instead of its index. Each kind of value has its lane, with models of its own (`Writer::lane`),
//! and moves, flags and counts are told apart by whether their position came by its parent's book move:
//! such a position is the other colour's turn on a line the book plays.

use super::{after, BookMap};
use crate::board::Board;
use crate::codec::Reader;
use crate::moves::Move;

/// Bits each coded value is written with: a move index (0..=81), a count (0..=81) or a flag.
const VALUE_BITS: u32 = 8;
/// The lanes: the move (+1 for a position its parent's book move led to), the flag for the move's
/// child (likewise), the other children's count (+1 with a move, +2 with the move's child too), the
/// gaps between them (+1 with a move).
const MOVE: usize = 0;
const FLAG: usize = 2;
const OTHERS: usize = 4;
const GAP: usize = 7;

/// What a text that no writer wrote gets: a move or branch beyond the legal moves, a flag that is not
/// one, a position met twice.
const DAMAGED: &str = "a damaged book tree";

/// The book's positions read from its text; an error when the text is damaged or names an illegal move.
pub fn read(text: &str) -> Result<BookMap, String> {
    let mut reader = Reader::new(text)?;
    // Room for a bundle-sized book's tree from the start: growing the table rehashes it, at start-up.
    let mut moves = BookMap::default();
    moves.reserve(1 << 13);
    read_subtree(&mut reader, Board::new(), 0, &mut moves)?;
    reader.finish()?;
    Ok(moves)
}

/// Reads the subtree of `position` (`via` 1 when its parent's book move led to it) into `moves`.
fn read_subtree(r: &mut Reader, position: Board, via: usize, moves: &mut BookMap) -> Result<(), String> {
    let legal = position.legal_moves();
    r.lane(MOVE + via);
    let chosen = match r.get(VALUE_BITS)? {
        0 => None,
        k => Some(*legal.as_slice().get(k as usize - 1).ok_or(DAMAGED)?),
    };
    if moves.insert(position, chosen).is_some() || moves.len() > 1 << 20 {
        return Err(DAMAGED.into());
    }
    let mut flag = 0;
    if chosen.is_some() {
        r.lane(FLAG + via);
        flag = r.get(VALUE_BITS)?;
    }
    r.lane(OTHERS + chosen.is_some() as usize + flag as usize);
    let others = r.get(VALUE_BITS)?;
    match (chosen, flag) {
        (Some(m), 1) => read_subtree(r, after(position, m), 1, moves)?,
        (_, 0) => {}
        _ => return Err(DAMAGED.into()),
    }
    let mut rest = legal.as_slice().iter().filter(|&&m| Some(m) != chosen);
    for _ in 0..others {
        r.lane(GAP + chosen.is_some() as usize);
        let gap = r.get(VALUE_BITS)?;
        let m = *rest.nth(gap as usize).filter(|_| gap >= 0).ok_or(DAMAGED)?;
        read_subtree(r, after(position, m), 0, moves)?;
    }
    Ok(())
}

/// The text of the tree in `moves` (every position joined to the empty board), and its coded size.
#[cfg(not(bundle))]
pub fn write(moves: &BookMap) -> (String, Vec<crate::codec::SectionSize>) {
    let mut writer = crate::codec::Writer::default();
    writer.section(0);
    let mut seen = std::collections::HashSet::from([Board::new()]);
    write_subtree(&mut writer, moves, Board::new(), 0, &mut seen);
    let sizes = writer.sizes().to_vec();
    (writer.finish(), sizes)
}

/// Writes the subtree of `position` as `read_subtree` reads it; `seen` holds the positions listed so far.
#[cfg(not(bundle))]
fn write_subtree(
    w: &mut crate::codec::Writer,
    moves: &BookMap,
    position: Board,
    via: usize,
    seen: &mut std::collections::HashSet<Board>,
) {
    let legal = position.legal_moves();
    let chosen = moves[&position];
    // The children are claimed before any subtree is walked, so that none is listed below a sibling.
    let mut claim = |m: Move| {
        let child = after(position, m);
        moves.contains_key(&child) && seen.insert(child)
    };
    let flag = chosen.is_some_and(&mut claim);
    let rest = legal.as_slice().iter().filter(|&&m| Some(m) != chosen);
    let others: Vec<(usize, Move)> =
        rest.enumerate().filter(|&(_, &m)| claim(m)).map(|(k, &m)| (k, m)).collect();
    let index = |m: Move| legal.as_slice().iter().position(|&l| l == m).expect("a legal move") as i64;
    w.lane(MOVE + via);
    w.put(chosen.map_or(0, |m| index(m) + 1), VALUE_BITS);
    if chosen.is_some() {
        w.lane(FLAG + via);
        w.put(flag as i64, VALUE_BITS);
    }
    w.lane(OTHERS + chosen.is_some() as usize + flag as usize);
    w.put(others.len() as i64, VALUE_BITS);
    if let (Some(m), true) = (chosen, flag) {
        write_subtree(w, moves, after(position, m), 1, seen);
    }
    let mut last = -1;
    for (k, m) in others {
        w.lane(GAP + chosen.is_some() as usize);
        w.put(k as i64 - last - 1, VALUE_BITS);
        last = k as i64;
        write_subtree(w, moves, after(position, m), 0, seen);
    }
}
