//! Move features of the learned policy: a few small groups of indicator features, each move's logit
//! being the sum of the weights of its active features.

use super::patterns::Patterns;
use crate::board::{completing_cells, popcount9, Board, FULL, LINES};
use crate::moves::Move;

// Feature index layout: [cell 9][local lines 9][target 11][board win × big lines 10][send × their big lines 10]
// [game win 1][small-board pattern classes …]
const CELL: usize = 0;
const LOCAL: usize = CELL + 9;
const TARGET: usize = LOCAL + 9;
const BOARD_WIN: usize = TARGET + 11;
const SEND_BIG: usize = BOARD_WIN + 10;
const GAME_WIN: usize = SEND_BIG + 10;
/// Where the pattern classes start.
const PATTERN: usize = GAME_WIN + 1;

/// Number of weights of a policy over `patterns`.
pub fn feature_count(patterns: &Patterns) -> usize {
    PATTERN + patterns.count()
}

/// At most this many features are active for one move.
pub const MAX_ACTIVE: usize = 10;

/// Lines of a 3×3 grid through each cell.
const LINES_THROUGH: [[u16; 4]; 9] = {
    let mut t = [[0u16; 4]; 9];
    let mut c = 0;
    while c < 9 {
        let (mut k, mut l) = (0, 0);
        while l < 8 {
            if LINES[l] & (1 << c) != 0 {
                t[c][k] = LINES[l];
                k += 1;
            }
            l += 1;
        }
        c += 1;
    }
    t
};

/// `LINES_AVOIDING[b][blocked]`: the lines through cell `b` that avoid every cell of `blocked`.
const LINES_AVOIDING: [[u8; 512]; 9] = {
    let mut t = [[0u8; 512]; 9];
    let mut b = 0;
    while b < 9 {
        let mut blocked = 0;
        while blocked < 512 {
            let mut k = 0;
            while k < 4 {
                let line = LINES_THROUGH[b][k];
                if line != 0 && line & blocked as u16 == 0 {
                    t[b][blocked] += 1;
                }
                k += 1;
            }
            blocked += 1;
        }
        b += 1;
    }
    t
};

/// Open big-board lines through board `b` for a player whose opponent has won `theirs`.
#[inline]
fn open_big_lines(b: usize, theirs: u16, closed_drawn: u16) -> usize {
    LINES_AVOIDING[b][((theirs | closed_drawn) & FULL) as usize] as usize
}

/// The active features of move `m` on `board` (side to move's view), written into `out`; returns how many.
#[inline(always)]
pub fn active_features(patterns: &Patterns, board: &Board, m: Move, out: &mut [u16; MAX_ACTIVE]) -> usize {
    let (mine, theirs) = shape(board, m);
    let mut n = 0;
    let mut push = |f: usize| {
        out[n] = f as u16;
        n += 1;
    };
    push(cell_feature(m));
    shape_features(patterns.class(mine, theirs, m.cell()), line_states(mine, theirs, m.cell()), &mut push);
    context_features(board, m, (mine, theirs), &mut push);
    n
}

/// The mover's and the opponent's marks in the board of move `m`.
#[inline]
pub fn shape(board: &Board, m: Move) -> (u16, u16) {
    let me = board.side_to_move();
    (board.marks(me, m.board()), board.marks(me.other(), m.board()))
}

/// The feature index of the cell a move is played in.
#[inline]
pub fn cell_feature(m: Move) -> usize {
    CELL + m.cell()
}

/// The lines through cell `c`, by how many of their two other cells each player holds, as a set of
/// states (`3 × mine + theirs`): each state present counts once (a cell lies on two to four lines).
#[inline]
pub fn line_states(mine: u16, theirs: u16, c: usize) -> u16 {
    let mut states = 0u16;
    for &line in LINES_THROUGH[c].iter().filter(|&&l| l != 0) {
        let others = line & !(1 << c);
        states |= 1 << (popcount9(mine & others) * 3 + popcount9(theirs & others));
    }
    states
}

/// The features of the small board's shape around the cell: its pattern class and line states. Both
/// are the same for every (pattern, cell) of one class, so the policy sums their weights once per class.
#[inline]
pub fn shape_features(class: usize, mut states: u16, mut push: impl FnMut(usize)) {
    push(PATTERN + class);
    while states != 0 {
        push(LOCAL + states.trailing_zeros() as usize);
        states &= states - 1;
    }
}

/// The features beyond the cell and its shape: what the move does on the big board and where it sends
/// the opponent. `marks` is `shape(board, m)`, which the caller has already.
#[inline(always)]
pub fn context_features(board: &Board, m: Move, marks: (u16, u16), mut push: impl FnMut(usize)) {
    let me = board.side_to_move();
    let (b, c) = (m.board(), m.cell());
    let (mine, theirs) = marks;
    let (won_mine, won_theirs) = (board.won_boards(me), board.won_boards(me.other()));
    let drawn = board.closed_boards() & !(won_mine | won_theirs);
    let wins_board = completing_cells(mine, FULL & !(mine | theirs)) & (1 << c) != 0;
    let won_after = if wins_board { won_mine | (1 << b) } else { won_mine };
    let full_after = (mine | theirs | (1 << c)) == FULL;
    let closed_after = board.closed_boards() | if wins_board || full_after { 1 << b } else { 0 };
    if wins_board && crate::board::has_line(won_after) {
        push(GAME_WIN);
    }
    let my_lines = open_big_lines(b, won_theirs, drawn);
    push(BOARD_WIN + if wins_board { 5 } else { 0 } + my_lines);
    // Where the opponent is sent.
    let t = c;
    if closed_after & (1 << t) != 0 {
        push(TARGET + 10); // a free choice for the opponent
        push(SEND_BIG + 9);
    } else {
        let free_t =
            !(board.marks(me, t) | board.marks(me.other(), t) | if t == b { 1 << c } else { 0 }) & FULL;
        let (mine_t, theirs_t) =
            (board.marks(me, t) | if t == b { 1 << c } else { 0 }, board.marks(me.other(), t));
        let their_threats = popcount9(completing_cells(theirs_t, free_t)).min(2) as usize;
        let my_threats = popcount9(completing_cells(mine_t, free_t)).min(2) as usize;
        push(TARGET + their_threats * 3 + my_threats);
        let their_lines = open_big_lines(t, won_after, drawn).min(4);
        push(SEND_BIG + if their_threats > 0 { 5 } else { 0 } + their_lines.min(4));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn the_open_lines_table_counts_the_unblocked_lines() {
        for b in 0..9 {
            for blocked in 0..512u16 {
                let plain = LINES.iter().filter(|&&l| l & (1 << b) != 0 && l & blocked == 0).count();
                assert_eq!(open_big_lines(b, blocked, 0), plain, "board {b}, blocked {blocked:o}");
            }
        }
    }

    #[test]
    fn features_are_in_range_for_random_positions() {
        let mut rng = Rng::new(1);
        let patterns = Patterns::new();
        let mut seen = vec![false; feature_count(&patterns)];
        for _ in 0..300 {
            let mut b = Board::new();
            while let Some(m) = b.random_move(&mut rng) {
                let mut f = [0u16; MAX_ACTIVE];
                let n = active_features(&patterns, &b, m, &mut f);
                assert!((4..=MAX_ACTIVE).contains(&n));
                for &i in &f[..n] {
                    seen[i as usize] = true;
                }
                b.play(m);
            }
        }
        assert!(seen[GAME_WIN] && seen[TARGET + 10]);
        assert!(seen[..PATTERN].iter().filter(|&&s| s).count() > PATTERN * 2 / 3);
        assert!(seen[PATTERN..].iter().filter(|&&s| s).count() > 1000, "many pattern classes occur");
    }
}
