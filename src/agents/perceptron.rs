//! Seed 000's perceptron agents: score each legal move by a linear function of the features of the
//! position it leads to, seen by the player who made it, and play the best (ties at random).
//!
//! - `perceptron`: the Simple Feature Extractor (small boards won, small-board centres held, corners held,
//!   adjacent pieces) with the document's weights 5, .2, .1, .4.
//! - `perceptron:advanced`: the 13-feature Advanced Feature Extractor with the weights the document
//!   published after its hour of TD learning; `perceptron:advanced:weights=td` with ours
//!   (`uttt train-td`, `weights/td.txt`).
//!
//! Where the document is vague we chose, and say so here: "adjacent" means the 8 neighbours inside the
//! same small board; a finished game scores ±1000 (a win is taken, a loss avoided); `gridsDifference`
//! counts open small boards where the player has more marks than the opponent, minus the reverse (the
//! document's "grids the agent controls", which would otherwise repeat `relativeWins`);
//! `advantageOfNextGrid` counts the adjacent pieces of the side to move in the board it must play in
//! (none when it may choose), positive when that side is the player, negative otherwise.

use super::agent::Agent;
use crate::board::{popcount9, Board, Player, Status};
use crate::moves::Move;
use crate::rng::Rng;
use std::time::Instant;

/// The corner cells of a 3×3 grid, as a 9-bit mask.
const CORNERS: u16 = 0b101_000_101;
/// The centre cell.
const CENTRE: u16 = 0b000_010_000;

/// Cells of a 3×3 grid adjacent (8 directions) to each cell.
const NEIGHBOURS: [u16; 9] = {
    let mut n = [0u16; 9];
    let mut c = 0;
    while c < 9 {
        let (r, k) = (c / 3, c % 3);
        let mut d = 0;
        while d < 9 {
            let (dr, dk) = (d / 3, d % 3);
            if d != c && dr + 1 >= r && dr <= r + 1 && dk + 1 >= k && dk <= k + 1 {
                n[c] |= 1 << d;
            }
            d += 1;
        }
        c += 1;
    }
    n
};

/// Marks of `grid` that have another mark of `grid` next to them.
fn adjacent(grid: u16) -> u32 {
    (0..9).filter(|&c| grid & (1 << c) != 0 && grid & NEIGHBOURS[c] != 0).count() as u32
}

/// The Simple Feature Extractor for `p`: wins, centre pieces, corner pieces, adjacent pieces.
pub fn simple_features(board: &Board, p: Player) -> [f64; 4] {
    let (mut centre, mut corner, mut adj) = (0, 0, 0);
    for b in 0..9 {
        let mine = board.marks(p, b);
        centre += popcount9(mine & CENTRE);
        corner += popcount9(mine & CORNERS);
        adj += adjacent(mine);
    }
    [popcount9(board.won_boards(p)) as f64, centre as f64, corner as f64, adj as f64]
}

/// The document's weights for the simple features.
pub const SIMPLE_WEIGHTS: [f64; 4] = [5.0, 0.2, 0.1, 0.4];

/// The Advanced Feature Extractor for `p`, in the order of `ADVANCED_NAMES`.
pub fn advanced_features(board: &Board, p: Player) -> [f64; 13] {
    let q = p.other();
    let [wins, centre, corner, adj] = simple_features(board, p);
    let [other_wins, other_centre, other_corner, other_adj] = simple_features(board, q);
    let closed = board.closed_boards();
    let (mut ahead, mut behind) = (0.0, 0.0);
    for b in (0..9).filter(|b| closed & (1 << b) == 0) {
        let (mine, theirs) = (popcount9(board.marks(p, b)), popcount9(board.marks(q, b)));
        ahead += (mine > theirs) as u32 as f64;
        behind += (theirs > mine) as u32 as f64;
    }
    let mover = board.side_to_move();
    let next_grid = match board.forced_board() {
        Some(b) if !board.is_over() => {
            let n = adjacent(board.marks(mover, b)) as f64;
            if mover == p {
                n
            } else {
                -n
            }
        }
        _ => 0.0,
    };
    [
        wins,
        other_wins,
        wins - other_wins,
        centre,
        other_centre,
        corner,
        other_corner,
        adj,
        other_adj,
        adjacent(board.won_boards(p)) as f64,
        adjacent(board.won_boards(q)) as f64,
        ahead - behind,
        next_grid,
    ]
}

/// The advanced features' names, as the document spells them.
pub const ADVANCED_NAMES: [&str; 13] = [
    "numWins",
    "otherWins",
    "relativeWins",
    "numCenterPieces",
    "numOtherCenterPieces",
    "numCornerPieces",
    "numOtherCornerPieces",
    "numAdjacentPieces",
    "numOtherAdjacentPieces",
    "numAdjacentWonGrids",
    "numOtherAdjacentWonGrids",
    "gridsDifference",
    "advantageOfNextGrid",
];

/// The weights the document published after an hour of TD learning, in `ADVANCED_NAMES` order.
pub const PUBLISHED_WEIGHTS: [f64; 13] = [
    0.5323490704404454,
    -0.48297541654574627,
    1.0153244869861855,
    0.021778991208712777,
    0.0809559760347321,
    0.811020200948285,
    0.7058793287408335,
    0.7130969880480094,
    -1.2963960051123138,
    0.969296961952278,
    -0.6814807021505367,
    1.6507776641028122,
    0.5395673542865317,
];

/// The linear evaluation over the advanced features of `board` for `me` (seed 000's Eval).
pub fn linear(weights: &[f64; 13], board: &Board, me: Player) -> f64 {
    advanced_features(board, me).iter().zip(weights).map(|(f, w)| f * w).sum()
}

/// Which extractor and weights a perceptron uses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Extractor {
    /// Simple features, weights 5 / .2 / .1 / .4.
    Simple,
    /// Advanced features with these weights (the published ones, or ours from `uttt train-td`).
    Advanced([f64; 13]),
}

/// The perceptron agent.
pub struct Perceptron {
    extractor: Extractor,
    rng: Rng,
}

impl Perceptron {
    /// A perceptron with `extractor`, seeded for its tie-breaks.
    pub fn new(extractor: Extractor, seed: u64) -> Self {
        Perceptron { extractor, rng: Rng::new(seed) }
    }

    /// The score of the position `after` for `me`, who just moved into it.
    pub fn score(&self, after: &Board, me: Player) -> f64 {
        match after.status() {
            Status::Won(p) => return if p == me { 1000.0 } else { -1000.0 },
            Status::Draw => return 0.0,
            Status::Ongoing => {}
        }
        match self.extractor {
            Extractor::Simple => {
                simple_features(after, me).iter().zip(SIMPLE_WEIGHTS).map(|(f, w)| f * w).sum()
            }
            Extractor::Advanced(w) => linear(&w, after, me),
        }
    }
}

impl Agent for Perceptron {
    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        let me = board.side_to_move();
        let mut rng = self.rng;
        let m = super::agent::best_move(
            &board.legal_moves(),
            |m| {
                let mut after = *board;
                after.play(m);
                self.score(&after, me)
            },
            &mut rng,
        );
        self.rng = rng;
        m
    }
}

/// The weights as the text of `weights/td.txt`: `# comment` lines, then `name value` per feature.
pub fn weights_to_text(weights: &[f64; 13], header: &str) -> String {
    let mut out: String = header.lines().map(|l| format!("# {l}\n")).collect();
    for (name, w) in ADVANCED_NAMES.iter().zip(weights) {
        out += &format!("{name} {w:?}\n");
    }
    out
}

/// Reads `weights_to_text`'s format; every feature must be named once.
pub fn weights_from_text(text: &str) -> Result<[f64; 13], String> {
    let mut weights = [f64::NAN; 13];
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || format!("line {}: expected `featureName number`, got {line:?}", i + 1);
        let (name, value) = line.split_once(' ').ok_or_else(bad)?;
        let k = ADVANCED_NAMES.iter().position(|n| *n == name).ok_or_else(bad)?;
        weights[k] = value.trim().parse().map_err(|_| bad())?;
    }
    match ADVANCED_NAMES.iter().zip(&weights).find(|(_, w)| w.is_nan()) {
        Some((name, _)) => Err(format!("no weight for {name}")),
        None => Ok(weights),
    }
}

/// `weights/td.txt`, built in (seed 000's linear weights as `uttt train-td` learns them; not part of the bundled bot).
pub fn embedded_weights() -> [f64; 13] {
    weights_from_text(include_str!("../../weights/td.txt")).expect("weights/td.txt is checked by a test")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_text_round_trips_and_the_shipped_file_reads() {
        let w: [f64; 13] = std::array::from_fn(|i| i as f64 * 0.37 - 2.0);
        assert_eq!(weights_from_text(&weights_to_text(&w, "a\nb")).unwrap(), w);
        assert!(weights_from_text("numWins 1\n").unwrap_err().contains("otherWins"));
        assert!(weights_from_text("numWins one\n").is_err());
        assert!(embedded_weights().iter().any(|&w| w != 0.0));
    }

    fn board(moves: &[(i64, i64)]) -> Board {
        let mut b = Board::new();
        for &(r, c) in moves {
            b.play(Move::from_row_col(r, c).unwrap());
        }
        b
    }

    #[test]
    fn the_simple_features_count_what_they_say() {
        // X: centre of board 4 (4,4) and cell 1 of board 4 (3,4): two adjacent marks, one centre.
        // O: cell 0 of board 4 (3,3) and cell 4 of board 0 (1,1): a centre; (3,3) is next to X's, not O's.
        let b = board(&[(4, 4), (3, 3), (0, 0), (1, 1), (3, 4)]);
        // X also holds (0,0): a corner of board 0.
        assert_eq!(simple_features(&b, Player::X), [0.0, 1.0, 1.0, 2.0]);
        assert_eq!(simple_features(&b, Player::O), [0.0, 1.0, 1.0, 0.0]);
        assert_eq!(NEIGHBOURS[4], 0b111_101_111);
        assert_eq!(NEIGHBOURS[0], 0b000_011_010);
    }

    #[test]
    fn advanced_features_mirror_between_the_players_and_perceptrons_take_wins() {
        let b = board(&[(4, 4), (3, 3), (0, 0), (1, 1), (3, 4), (0, 3)]);
        let (fx, fo) = (advanced_features(&b, Player::X), advanced_features(&b, Player::O));
        assert_eq!((fx[0], fx[1]), (fo[1], fo[0]), "wins and otherWins swap");
        assert_eq!(fx[2], -fo[2]);
        assert_eq!(fx[11], -fo[11], "gridsDifference is antisymmetric");
        assert_eq!(fx[12], -fo[12], "advantageOfNextGrid changes sign with the point of view");
        // Where a move wins the game, the perceptron plays a winning move.
        let mut agent = Perceptron::new(Extractor::Simple, 1);
        let mut checked = 0;
        for seed in 0..20 {
            let (mut g, mut rng) = (Board::new(), Rng::new(seed));
            while !g.is_over() {
                let me = g.side_to_move();
                let wins = |m: Move| {
                    let mut a = g;
                    a.play(m);
                    a.status() == Status::Won(me)
                };
                let moves = g.legal_moves();
                if moves.iter().any(|&m| wins(m)) {
                    assert!(wins(agent.choose(&g, None, Instant::now())));
                    checked += 1;
                }
                g.play(moves[rng.below(moves.len() as u32) as usize]);
            }
        }
        assert!(checked > 5, "only {checked} positions with a winning move");
    }
}
