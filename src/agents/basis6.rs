//! Seed 003's utility: six basis functions, each "MAX's count minus MIN's", weighted by constants
//! c1…c6 (the document's defaults 3, 2, .5, .5, .5, .5), for `minimax:eval=basis6`.
//!
//! - score: small boards won;
//! - centre, corner and side pieces, over every small board;
//! - blocking: lines (row, column, diagonal of a small board) holding three pieces not all one player's,
//!   counted for the player who holds one of them (who blocked the other's two);
//! - potential: lines of an open small board holding two of a player's pieces and an empty cell.
//!
//! Where the document is vague (blocking and potential have no owner there) we chose as said. A finished
//! game scores ±`WIN_SCORE` (0 for a draw), as for every evaluation here.

use super::score::finished_score;
use crate::board::{popcount9, Board, Player, FULL, LINES};

/// The document's default constants (its static AI).
pub const DEFAULT_CONSTANTS: [f64; 6] = [3.0, 2.0, 0.5, 0.5, 0.5, 0.5];

const CENTRE: u16 = 0o020;
const CORNERS: u16 = 0o505;
const SIDES: u16 = 0o252;

/// The six basis functions for MAX = `me`, in the document's order.
pub fn basis(board: &Board, me: Player) -> [f64; 6] {
    let mut f = [0i32; 6];
    let closed = board.closed_boards();
    for (sign, p) in [(1, me), (-1, me.other())] {
        f[0] += sign * popcount9(board.won_boards(p)) as i32;
        for b in 0..9 {
            let (mine, theirs) = (board.marks(p, b), board.marks(p.other(), b));
            f[1] += sign * popcount9(mine & CENTRE) as i32;
            f[2] += sign * popcount9(mine & CORNERS) as i32;
            f[3] += sign * popcount9(mine & SIDES) as i32;
            let empty = !(mine | theirs) & FULL;
            for line in LINES {
                let (m, t) = (popcount9(mine & line), popcount9(theirs & line));
                f[4] += sign * (m == 1 && t == 2) as i32;
                let open = closed & (1 << b) == 0;
                f[5] += sign * (open && m == 2 && empty & line != 0) as i32;
            }
        }
    }
    f.map(f64::from)
}

/// The utility of `board` for `me` with constants `c`, before scaling.
pub fn utility(c: &[f64; 6], board: &Board, me: Player) -> f64 {
    basis(board, me).iter().zip(c).map(|(f, c)| f * c).sum()
}

/// The utility as the searches' integer score (×100), with finished games at ±`WIN_SCORE`.
pub fn score(c: &[f64; 6], board: &Board, me: Player) -> i32 {
    finished_score(board, me).unwrap_or_else(|| (utility(c, board, me) * 100.0).round() as i32)
}

/// The constants as the text of `weights/basis6.txt`: `# comment` lines, then the six numbers.
pub fn constants_to_text(c: &[f64; 6], header: &str) -> String {
    let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
    out += &c.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(" ");
    out + "\n"
}

/// Reads `constants_to_text`'s format.
pub fn constants_from_text(text: &str) -> Result<[f64; 6], String> {
    let numbers: Vec<f64> = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(|w| w.parse::<f64>().map_err(|_| format!("not a number: {w:?}")))
        .collect::<Result<_, _>>()?;
    numbers.try_into().map_err(|v: Vec<f64>| format!("expected 6 constants, found {}", v.len()))
}

/// `weights/basis6.txt`, built in (not part of the bundled bot).
pub fn embedded_constants() -> [f64; 6] {
    constants_from_text(include_str!("../../weights/basis6.txt"))
        .expect("weights/basis6.txt is checked by a test")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    fn board(moves: &[(usize, usize)]) -> Board {
        let mut b = Board::new();
        for &(big, cell) in moves {
            b.play(Move::new(big, cell));
        }
        b
    }

    #[test]
    fn basis_functions_give_hand_counted_values() {
        // X: (4,4) (8,4) (0,4): three centres. O: (4,8) (4,0) corners, (4,1) a side.
        // Board 4 (X at 4; O at 0, 1, 8): the diagonal 0-4-8 is full and mixed, X holding one: a block for X;
        // O's row 0-1-2 has two and an empty cell: a potential line for O.
        let b = board(&[(4, 4), (4, 8), (8, 4), (4, 0), (0, 4), (4, 1)]);
        assert_eq!(basis(&b, Player::X), [0.0, 3.0, -2.0, -1.0, 1.0, -1.0]);
        assert_eq!(basis(&b, Player::O), [0.0, -3.0, 2.0, 1.0, -1.0, 1.0]);
        // X (1,4), then O completes its row (4,2): board 4 is O's and closed, so its lines hold no potential;
        // the block stays (pieces stay on a won board).
        let b = board(&[(4, 4), (4, 8), (8, 4), (4, 0), (0, 4), (4, 1), (1, 4), (4, 2)]);
        assert_eq!(basis(&b, Player::X), [-1.0, 4.0, -3.0, -1.0, 1.0, 0.0]);
        let c = DEFAULT_CONSTANTS;
        assert!((utility(&c, &b, Player::X) + utility(&c, &b, Player::O)).abs() < 1e-12);
        assert!((utility(&c, &b, Player::X) - (-3.0 + 8.0 - 1.5 - 0.5 + 0.5)).abs() < 1e-12);
    }
}
