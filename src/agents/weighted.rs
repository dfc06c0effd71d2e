//! Seed 002's WeightedUTTT: a parametric move evaluation, searched `n` turns ahead over the `k` best moves,
//! with its "jumper" and "drunk" openings (`weighted[:NAME=VALUE…][:opening=jumper|drunk]`).
//!
//! A move's base score is the sum of the weights of the statements true of it (`take_*`, `stop_*`,
//! `giving_*`, `play_*`, as the document lists them); its full score adds `best_enemy_move` times the best
//! full score among the opponent's `k` best replies (softsign-squashed when `softsign=1`), recursively, to a
//! depth of n' = n − log_k(l) turns for l legal moves. A move that wins the game scores 1,000,000.
//!
//! Where the document is vague we chose: "compleatable 2-in-a-row" is a line with two of the player's marks
//! and an empty cell (of a small board), or two won boards and an open one (of the main board); `stop_*`
//! are true when the move takes the cell the opponent needed; the `giving_*` family looks at the board(s)
//! the move sends the opponent to; `ignore_giving=1` drops it below the top layer; the default weights are
//! ours (the document publishes none); the jumper sends the opponent to a small board with no marks while
//! it can, the drunk plays its first 4 moves at random.

use super::agent::Agent;
use crate::board::{completing_cells, has_line, Board, Player, Status, FULL, LINES};
use crate::moves::Move;
use crate::rng::Rng;
use std::time::Instant;

/// The weights' names, in the order of `Weighted::weights`.
pub const NAMES: [&str; 14] = [
    "take_cell",
    "take_double_cell",
    "take_double_grid",
    "stop_cell",
    "stop_win",
    "stop_double_cell",
    "stop_double_grid",
    "giving_cell",
    "giving_double_cell",
    "giving_double_grid",
    "play_corner",
    "play_sides",
    "play_center",
    "best_enemy_move",
];

/// Our defaults (the document gives none), in `NAMES` order.
pub const DEFAULT_WEIGHTS: [f64; 14] =
    [1.0, 0.3, 0.6, 0.8, 2.0, 0.2, 0.5, -1.0, -0.3, -0.6, 0.1, 0.05, 0.15, -0.5];

const WIN: f64 = 1_000_000.0;

/// How the agent opens the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The evaluation from the first move.
    None,
    /// Centre of the centre board when first; then send the opponent to an empty small board while possible.
    Jumper,
    /// The first 4 own moves at random.
    Drunk,
}

/// The WeightedUTTT agent.
pub struct Weighted {
    weights: [f64; 14],
    softsign: bool,
    ignore_giving: bool,
    n: f64,
    k: usize,
    opening: Opening,
    jumping: bool,
    own_moves: u32,
    rng: Rng,
}

/// Lines of a 3×3 grid through each cell.
fn lines_through(cell: usize) -> impl Iterator<Item = u16> {
    LINES.into_iter().filter(move |l| l & (1 << cell) != 0)
}

/// True when `own` has a line with two marks and the third cell in `free`.
fn has_double(own: u16, free: u16) -> bool {
    completing_cells(own, free) != 0
}

/// Main-board cells (small boards) still open.
fn open_boards(b: &Board) -> u16 {
    !b.closed_boards() & FULL
}

impl Weighted {
    /// Reads `NAME=VALUE` options (`NAMES`, `softsign`, `ignore_giving`, `n`, `k`, `opening`).
    pub fn from_options<'a>(options: impl Iterator<Item = &'a str>, seed: u64) -> Result<Weighted, String> {
        let mut w = Weighted {
            weights: DEFAULT_WEIGHTS,
            softsign: true,
            ignore_giving: true,
            n: 3.0,
            k: 3,
            opening: Opening::None,
            jumping: true,
            own_moves: 0,
            rng: Rng::new(seed),
        };
        for opt in options {
            let (name, value) =
                opt.split_once('=').ok_or_else(|| format!("weighted: {opt:?} needs =VALUE"))?;
            let num = || value.parse::<f64>().map_err(|_| format!("weighted: bad {name} {value:?}"));
            match name {
                "softsign" => w.softsign = value == "1",
                "ignore_giving" => w.ignore_giving = value == "1",
                "n" => w.n = num()?,
                "k" => w.k = (num()? as usize).max(2),
                "opening" => {
                    w.opening = match value {
                        "jumper" => Opening::Jumper,
                        "drunk" => Opening::Drunk,
                        "none" => Opening::None,
                        _ => return Err(format!("weighted: opening {value:?}: jumper, drunk or none")),
                    }
                }
                _ => {
                    let i = NAMES.iter().position(|n| *n == name).ok_or_else(|| {
                        format!("weighted: unknown option {name:?} (one of {}, softsign, ignore_giving, n, k, opening)", NAMES.join(", "))
                    })?;
                    w.weights[i] = num()?;
                }
            }
        }
        Ok(w)
    }

    /// The statements of `NAMES` (but `best_enemy_move`) that hold for `me` playing `m` on `b`.
    pub fn features(b: &Board, m: Move) -> [bool; 13] {
        let me = b.side_to_move();
        let them = me.other();
        let (big, cell) = (m.board(), m.cell());
        let (mine, theirs) = (b.marks(me, big), b.marks(them, big));
        let after_mine = mine | (1 << cell);
        let takes = lines_through(cell).any(|l| after_mine & l == l);
        let open = open_boards(b) & !(1u16 << big);
        let (won_me, won_them) = (b.won_boards(me), b.won_boards(them));
        let grid_double = |won: u16| has_double(won, open);
        let their_completions = completing_cells(theirs, b.free_cells(big));
        let blocks_cell = their_completions & (1 << cell) != 0;
        let their_win_here = has_line(won_them | (1 << big));
        let mut after = *b;
        after.play(m);
        // Where the opponent plays next: one board, or every open one (none once the game is over).
        let targets: u16 = match after.forced_board() {
            _ if after.is_over() => 0,
            Some(t) => 1 << t,
            None => open_boards(&after),
        };
        let (mut give_cell, mut give_double_cell, mut give_double_grid) = (false, false, false);
        for t in (0..9).filter(|t| targets & (1 << t) != 0) {
            let (their_t, free_t) = (after.marks(them, t), after.free_cells(t));
            if completing_cells(their_t, free_t) != 0 {
                give_cell = true;
                let won = after.won_boards(them) | (1 << t);
                give_double_grid |= has_double(won, open_boards(&after) & !(1u16 << t));
            }
            give_double_cell |=
                LINES.iter().any(|&l| popcount(their_t & l) == 1 && free_t & l == l & !their_t);
        }
        [
            takes,
            !takes && lines_through(cell).any(|l| popcount(after_mine & l) == 2 && theirs & l == 0),
            takes && grid_double(won_me | (1 << big)),
            blocks_cell,
            blocks_cell && their_win_here,
            lines_through(cell).any(|l| popcount(theirs & l) == 1 && mine & l == 0),
            blocks_cell && grid_double(won_them | (1 << big)),
            give_cell,
            give_double_cell,
            give_double_grid,
            matches!(cell, 0 | 2 | 6 | 8),
            matches!(cell, 1 | 3 | 5 | 7),
            cell == 4,
        ]
    }

    fn base(&self, b: &Board, m: Move, top_layer: bool) -> f64 {
        let f = Self::features(b, m);
        (0..13)
            .filter(|&i| f[i] && !(self.ignore_giving && !top_layer && (7..10).contains(&i)))
            .map(|i| self.weights[i])
            .sum()
    }

    /// The full score of `m` for the side to move on `b`, looking `depth` turns ahead.
    fn score(&self, b: &Board, m: Move, depth: u32, top_layer: bool) -> f64 {
        let mut after = *b;
        after.play(m);
        match after.status() {
            Status::Won(_) => return WIN,
            Status::Draw => return 0.0,
            Status::Ongoing => {}
        }
        let base = self.base(b, m, top_layer);
        if depth == 0 {
            return base;
        }
        let best = self
            .top_moves(&after, false)
            .into_iter()
            .map(|r| self.score(&after, r, depth - 1, false))
            .fold(f64::MIN, f64::max);
        let best = if self.softsign { best / (1.0 + best.abs()) } else { best };
        base + self.weights[13] * best
    }

    /// The `k` moves with the best base score.
    fn top_moves(&self, b: &Board, top_layer: bool) -> Vec<Move> {
        let mut scored: Vec<(f64, Move)> =
            b.legal_moves().iter().map(|&m| (self.base(b, m, top_layer), m)).collect();
        scored.sort_by(|x, y| y.0.total_cmp(&x.0));
        scored.into_iter().take(self.k).map(|(_, m)| m).collect()
    }

    fn opening_move(&mut self, b: &Board) -> Option<Move> {
        let moves = b.legal_moves();
        match self.opening {
            Opening::Drunk if self.own_moves < 4 => Some(moves[self.rng.below(moves.len() as u32) as usize]),
            Opening::Jumper if self.jumping => {
                if moves.len() == 81 {
                    return Some(Move::new(4, 4)); // the empty board: we move first
                }
                let empty = |t: usize| {
                    b.marks(Player::X, t) | b.marks(Player::O, t) == 0 && b.closed_boards() & (1 << t) == 0
                };
                let sends: Vec<Move> =
                    moves.iter().copied().filter(|m| m.cell() != m.board() && empty(m.cell())).collect();
                if sends.is_empty() {
                    self.jumping = false;
                    return None;
                }
                Some(sends[self.rng.below(sends.len() as u32) as usize])
            }
            _ => None,
        }
    }
}

fn popcount(x: u16) -> u32 {
    x.count_ones()
}

impl Agent for Weighted {
    fn new_game(&mut self, _: &[Move]) {
        self.jumping = true;
        self.own_moves = 0;
    }

    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        let chosen = self.opening_move(board).unwrap_or_else(|| {
            let l = board.legal_moves().len().max(2) as f64;
            let depth = (self.n - l.ln() / (self.k as f64).ln()).floor().max(0.0) as u32;
            let mut rng = self.rng;
            let m = super::agent::best_move(
                &board.legal_moves(),
                |m| self.score(board, m, depth, true),
                &mut rng,
            );
            self.rng = rng;
            m
        });
        self.own_moves += 1;
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_statements_match_what_the_move_does() {
        let mut rng = Rng::new(8);
        let (mut takes, mut gives) = (0, 0);
        for _ in 0..300 {
            let mut b = Board::new();
            for _ in 0..rng.below(50) {
                match b.random_move(&mut rng) {
                    Some(m) => b.play(m),
                    None => break,
                }
            }
            if b.is_over() {
                continue;
            }
            let me = b.side_to_move();
            for &m in b.legal_moves().iter() {
                let f = Weighted::features(&b, m);
                let mut after = b;
                after.play(m);
                let won_it = after.won_boards(me) & (1 << m.board()) != 0;
                assert_eq!(f[0], won_it, "take_cell");
                takes += f[0] as u32;
                // giving_cell: some reply wins a small board.
                let reply_wins = !after.is_over()
                    && after.legal_moves().iter().any(|&r| {
                        let mut next = after;
                        next.play(r);
                        next.won_boards(me.other()) != after.won_boards(me.other())
                    });
                assert_eq!(f[7], reply_wins, "giving_cell");
                gives += f[7] as u32;
                assert_eq!(f[10] as u32 + f[11] as u32 + f[12] as u32, 1, "corner, side or centre");
                assert!(!f[4] || f[3], "stop_win implies stop_cell");
            }
        }
        assert!(takes > 20 && gives > 100, "{takes} board wins, {gives} gifts seen");
    }
}
