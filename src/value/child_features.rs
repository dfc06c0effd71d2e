//! The game-level features of a position's children, each exactly the set `game_features` gives for the
//! position after it, with what the children share computed once.
//!
//! A move in small board `b` that leaves `b` open changes no board's state: the won, lost and closed boards,
//! and so both players' game points and the standing, are the parent's. Of the rest it changes board `b`
//! alone: whether either player can complete a small-board line there now (the new mark may make one or
//! block one), and whether the side to move after it can still make a line there (the new mark may block
//! its last). So such a child takes the parent's facts board by board with `b`'s recomputed, the mover's
//! big-board lines as the parent has them (they read the other player's marks), and its own forced
//! board. The features kept whole (the mover's lines, the game points) are the same for every such child,
//! so `Children` adds their columns once. A move that closes `b` changes the big board, and its child is
//! computed from scratch.

use super::features::{
    game_points, live_boards, open_lines, safe_replies, standing, ANYWHERE, FORCED, LOSS_THREAT,
    MAX_GAME_FEATURES, WINNABLE, WIN_NOW,
};
use crate::board::tactics::completing_boards;
use crate::board::{completing_cells, Board, Player, FULL, LINES};

/// The children's shared game-level facts, from the view of `me`, the side to move after any child.
pub struct ChildGameFeatures {
    me: Player,
    closed: u16,
    /// Open boards whose win completes a big-board line: for `me` and for the mover.
    me_points: u16,
    mover_points: u16,
    /// Open boards where `me` and where the mover can complete a small-board line now.
    me_completes: u16,
    mover_completes: u16,
    /// Boards that count towards a big-board line of `me` and of the mover.
    me_live: u16,
    mover_live: u16,
    /// The mover's won boards.
    mover_won: u16,
    /// Whether some big-board line is open for the mover.
    mover_has_line: bool,
}

impl ChildGameFeatures {
    /// The shared facts of the children of `parent` (not over).
    #[inline(always)]
    pub fn new(parent: &Board) -> ChildGameFeatures {
        let mover = parent.side_to_move();
        let me = mover.other();
        let closed = parent.closed_boards();
        let open = !closed & FULL;
        let mover_live = live_boards(parent, mover);
        ChildGameFeatures {
            me,
            closed,
            me_points: completing_cells(parent.won_boards(me), open),
            mover_points: completing_cells(parent.won_boards(mover), open),
            me_completes: completing_boards(parent, me, open),
            mover_completes: completing_boards(parent, mover, open),
            me_live: live_boards(parent, me),
            mover_live,
            mover_won: parent.won_boards(mover),
            mover_has_line: LINES.iter().any(|&line| line & !mover_live == 0),
        }
    }

    /// The features that every child leaving its board open has as the parent has them, in `out`, and
    /// their count: the mover's big-board lines and both players' game points.
    #[inline(always)]
    pub fn kept(&self, out: &mut [usize; MAX_GAME_FEATURES]) -> usize {
        let n = open_lines(self.mover_live, self.mover_won, 1, out, 0);
        let n = game_points(self.me_points, 0, out, n);
        game_points(self.mover_points, 1, out, n)
    }

    /// The rest of `game_features(after, me)` for `after`, a child (not over) of the parent reached by a
    /// move in board `b` that leaves `b` open, in `out`, and their count; `None` where the move closes `b`
    /// (the child's features are then `game_features`' alone, without `kept`). `Children` takes its two
    /// parts apart, to add the second's columns once a board.
    #[cfg(test)]
    pub fn child(&self, after: &Board, b: usize, out: &mut [usize; MAX_GAME_FEATURES]) -> Option<usize> {
        let (live, n) = self.child_own(after, b, out)?;
        Some(self.lines_and_standing(after, b, live, out, n))
    }

    /// The part of `child` that differs from child to child in one board: the forced board, the threats
    /// to win the game, the safe replies, in `out` with their count; and whether `b` still counts
    /// towards a big-board line of `me` (the rest follows from that alone: `lines_and_standing`). `None`
    /// where the move closes `b`.
    #[inline(always)]
    pub fn child_own(
        &self,
        after: &Board,
        b: usize,
        out: &mut [usize; MAX_GAME_FEATURES],
    ) -> Option<(bool, usize)> {
        if after.closed_boards() != self.closed {
            return None;
        }
        let (me, mover, bit) = (self.me, self.me.other(), 1u16 << b);
        let free = after.free_cells(b);
        let with_b = |boards: u16, now: bool| boards & !bit | if now { bit } else { 0 };
        let me_completes = with_b(self.me_completes, completing_cells(after.marks(me, b), free) != 0);
        let mover_completes =
            with_b(self.mover_completes, completing_cells(after.marks(mover, b), free) != 0);
        out[0] = after.forced_board().map_or(ANYWHERE, |c| FORCED + c);
        let mut n = 1;
        if self.me_points & me_completes & after.playable_boards() != 0 {
            out[n] = WIN_NOW;
            n += 1;
        }
        let threatened = self.mover_points & mover_completes;
        if threatened != 0 {
            out[n] = LOSS_THREAT;
            n += 1;
            out[n] = safe_replies(after, threatened);
            n += 1;
        }
        Some((WINNABLE[after.marks(mover, b) as usize & 0x1FF], n))
    }

    /// Writes from `out[n]` the features of a child that leaves board `b` open and follow from whether `b`
    /// still counts towards a big-board line of `me` (`live`): `me`'s open big-board lines and the
    /// standing; returns the new count. `board` is the parent or any such child (their won boards are
    /// the same).
    #[inline(always)]
    pub fn lines_and_standing(
        &self,
        board: &Board,
        b: usize,
        live: bool,
        out: &mut [usize],
        n: usize,
    ) -> usize {
        let bit = 1u16 << b;
        let me_live = self.me_live & !bit | if live { bit } else { 0 };
        let lines_end = open_lines(me_live, board.won_boards(self.me), 0, out, n);
        let some_line_open = lines_end > n || self.mover_has_line;
        out[lines_end] = standing(board, self.me, some_line_open);
        lines_end + 1
    }
}

#[cfg(test)]
mod tests {
    use super::super::features::game_features;
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn every_childs_features_are_those_from_scratch() {
        let mut rng = Rng::new(17);
        let (mut checked, mut kept_open) = (0, 0);
        for _ in 0..300 {
            let mut board = Board::new();
            while !board.is_over() {
                let shared = ChildGameFeatures::new(&board);
                for &m in board.legal_moves().iter() {
                    let mut after = board;
                    after.play(m);
                    if after.is_over() {
                        continue;
                    }
                    let mut slow = [0; MAX_GAME_FEATURES];
                    let k = game_features(&after, board.side_to_move().other(), &mut slow);
                    let mut fast = [0; MAX_GAME_FEATURES];
                    let mut kept = [0; MAX_GAME_FEATURES];
                    let kept_count = shared.kept(&mut kept);
                    let kept = &kept[..kept_count];
                    let mut fast: Vec<usize> = match shared.child(&after, m.board(), &mut fast) {
                        Some(n) => fast[..n].iter().chain(kept).copied().collect(),
                        None => slow[..k].to_vec(),
                    };
                    let mut slow = slow[..k].to_vec();
                    // The same features; the first layer adds their columns in any order.
                    fast.sort_unstable();
                    slow.sort_unstable();
                    assert_eq!(fast, slow, "after {m:?}");
                    checked += 1;
                    kept_open += (after.closed_boards() == board.closed_boards()) as usize;
                }
                let m = board.random_move(&mut rng).expect("a move while not over");
                board.play(m);
            }
        }
        // Most children keep their board open: the shared path is the one tested. (Those that close it
        // are `game_features` itself.)
        assert!(kept_open > checked * 3 / 4, "{kept_open} of {checked}");
    }
}
