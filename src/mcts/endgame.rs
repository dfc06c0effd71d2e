//! Exact values of small endgames: alpha-beta over win, draw and loss with a transposition table, for the
//! root's moves.
//!
//! The MCTS-solver proves a node only once every reply on every line below it is proven, which comes late:
//! in logged games the bot let won positions go at plies where an alpha-beta search of under a million
//! nodes settles them (docs/journal/tuning.md, "An exact endgame at the root"). When the root's open boards
//! hold few empty cells, `Search::solve_root` asks this search about each root move first.

use super::node::Proof;
use super::{Limits, Search};
use crate::board::tactics::{game_winning_boards, game_winning_move};
use crate::board::{completing_cells, Board, Status};
use crate::moves::{Move, MoveList};
use std::time::Instant;

thread_local! {
    /// The endgame search of this thread's searches, made at its first use: its table's entries hold for
    /// every game, so the searches of one thread share it.
    static TABLE: std::cell::RefCell<Option<Endgame>> = const { std::cell::RefCell::new(None) };
}

/// Nodes of the exact search that take about the time of one iteration of the tree (7 M against 1 M a
/// second): an iteration-held search (the signature's, the screens') gives it `endgame_share` of its
/// iterations' worth, in place of the clock.
const NODES_PER_ITERATION: f64 = 7.0;

impl Search {
    /// Settles the root's moves exactly when its open boards hold at most `endgame_cells` empty cells, in
    /// at most `endgame_share` of the turn: a winning move becomes a proven win (the search then stops at
    /// once) and losing moves proven losses, never chosen, unless every move loses: then the tree goes on
    /// choosing the line that asks most of the opponent. Drawing moves stay open to the tree, which ranks
    /// them by their chances.
    pub(super) fn solve_root(&mut self, limits: Limits) {
        let board = self.root_board;
        if board.count_moves_anywhere() > self.params.endgame_cells
            || self.tree.get(0).proof != Proof::Unknown
            || !self.tree.get(0).is_expanded() && !self.expand(0, &board)
        {
            return;
        }
        // The most visited moves first: the likeliest to win, and a win ends the search.
        let mut order: Vec<usize> = self.tree.get(0).children().collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.tree.get(i).visits));
        let moves: Vec<Move> = order.iter().map(|&i| self.tree.get(i).mv).collect();
        let mut values = [None; 81];
        let share = self.params.endgame_share as f64;
        let deadline = limits.sooner(share).deadline;
        let node_limit =
            limits.max_iterations.map_or(u64::MAX, |n| (n as f64 * NODES_PER_ITERATION * share) as u64);
        TABLE.with_borrow_mut(|endgame| {
            endgame.get_or_insert_with(Default::default).solve_moves(
                &board,
                &moves,
                &mut values,
                node_limit,
                deadline,
            )
        });
        let all_lose = values[..moves.len()].iter().all(|&v| v == Some(-1));
        for (&i, &value) in order.iter().zip(&values) {
            match value {
                Some(1) => {
                    self.tree.get_mut(i).proof = Proof::Win;
                    self.tree.get_mut(0).proof = Proof::Loss;
                }
                Some(-1) if !all_lose => self.tree.get_mut(i).proof = Proof::Loss,
                _ => {}
            }
        }
    }
}

/// Table slots: 2^18 × 16 bytes = 4 MiB, made at first use. Entries are facts about positions
/// (bounds on their exact values), so they stay valid from turn to turn and game to game.
const TABLE_BITS: u32 = 18;
/// Nodes between two reads of the clock.
const CLOCK_NODES: u64 = 1024;

/// What is known of one position: `lower ..= upper` bounds its value for the side to move, `best` is the
/// move that set them (`Move.0 + 1`; 0: none), tried first when the position comes again.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i8,
    upper: i8,
    best: u8,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16);

/// The endgame search and its table.
pub struct Endgame {
    table: Vec<Entry>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
}

impl Default for Endgame {
    fn default() -> Self {
        Endgame { table: vec![Entry::default(); 1 << TABLE_BITS], nodes: 0, node_limit: 0, deadline: None }
    }
}

impl Endgame {
    /// The exact value of each of `moves` (legal at `board`) for the player who plays it: 1 win, 0 draw,
    /// −1 loss, in `out`; `None` where the limits (`node_limit` nodes in all, the `deadline`) stopped it
    /// first. Stops early at the first winning move.
    pub fn solve_moves(
        &mut self,
        board: &Board,
        moves: &[Move],
        out: &mut [Option<i8>],
        node_limit: u64,
        deadline: Option<Instant>,
    ) {
        (self.nodes, self.node_limit, self.deadline) = (0, node_limit, deadline);
        out.fill(None);
        for (o, &m) in out.iter_mut().zip(moves) {
            let mut after = *board;
            after.play(m);
            *o = self.value(&after, -1, 1).map(|v| -v);
            if *o != Some(-1) && *o != Some(0) {
                // A win (nothing better to find) or the limits reached (nothing more to find).
                break;
            }
        }
    }

    /// The exact value of `board` for its side to move (1 win, 0 draw, −1 loss), or `None` when
    /// `node_limit` nodes do not settle it.
    pub fn solve(&mut self, board: &Board, node_limit: u64) -> Option<i8> {
        (self.nodes, self.node_limit, self.deadline) = (0, node_limit, None);
        self.value(board, -1, 1)
    }

    /// The exact value of each of `boards` for its side to move, solved from the last back (each position
    /// then finds in the table what the one after it left there), at most `node_limit` nodes each; `None`
    /// from the last one that the limit did not settle back to the first.
    pub fn solve_from_end(&mut self, boards: &[Board], node_limit: u64) -> Vec<Option<i8>> {
        let mut results = vec![None; boards.len()];
        for (k, board) in boards.iter().enumerate().rev() {
            let Some(v) = self.solve(board, node_limit) else { break };
            results[k] = Some(v);
        }
        results
    }

    /// Nodes searched by the last `solve_moves`.
    #[cfg(test)]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `board` for its side to move within the window `alpha .. beta` (fail-hard outside it),
    /// or `None` once the limits are reached.
    fn value(&mut self, board: &Board, mut alpha: i8, beta: i8) -> Option<i8> {
        match board.status() {
            Status::Ongoing => {}
            Status::Draw => return Some(0),
            // The tie-break can crown either player when the last cell fills.
            Status::Won(p) => return Some(if p == board.side_to_move() { 1 } else { -1 }),
        }
        self.nodes += 1;
        if self.nodes % CLOCK_NODES == 0
            && (self.nodes >= self.node_limit || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            return None;
        }
        if game_winning_move(board).is_some() {
            return Some(1);
        }
        let key = board.key();
        let slot = key as usize & ((1 << TABLE_BITS) - 1);
        let known = self.table[slot];
        let mut first = None;
        if known.key == key {
            if known.lower == known.upper || known.lower >= beta {
                return Some(known.lower);
            }
            if known.upper <= alpha {
                return Some(known.upper);
            }
            first = known.best.checked_sub(1).map(Move);
        }
        let moves = ordered(board, first);
        let alpha_in = alpha;
        let mut best = (-2i8, 0u8);
        for &m in moves.iter() {
            let mut after = *board;
            after.play(m);
            let v = -self.value(&after, -beta, -alpha)?;
            if v > best.0 {
                best = (v, m.0 + 1);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let (lower, upper) = match best.0 {
            v if v <= alpha_in => (-1, v),
            v if v >= beta => (v, 1),
            v => (v, v),
        };
        self.table[slot] = Entry { key, lower, upper, best: best.1 };
        Some(best.0)
    }
}

/// The legal moves of `board`, likeliest best first: the table's move, then moves that win a small board,
/// and last those that let the opponent win the game at once or choose its board.
#[inline]
fn ordered(board: &Board, first: Option<Move>) -> MoveList {
    let me = board.side_to_move();
    let threats = game_winning_boards(board, false);
    let closed = board.closed_boards();
    let mut keyed = [(0i8, Move(0)); 81];
    let mut n = 0;
    board.for_each_move(|m| {
        let (b, c) = (m.board(), m.cell());
        let wins = completing_cells(board.marks(me, b), 1 << c) != 0;
        // Where the opponent goes next: the cell's board, unless it is closed (or this move closes it).
        let free = closed >> c & 1 != 0 || b == c && (wins || board.free_cells(b).count_ones() == 1);
        let key = if Some(m) == first {
            9
        } else if free && threats != 0 || threats >> c & 1 != 0 {
            -4
        } else {
            2 * wins as i8 - free as i8
        };
        keyed[n] = (key, m);
        n += 1;
    });
    keyed[..n].sort_unstable_by_key(|&(key, _)| -key);
    let mut list = MoveList::new();
    for &(_, m) in &keyed[..n] {
        list.push(m);
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcts::Params;
    use crate::rng::Rng;

    /// Plain minimax over win, draw and loss, without pruning or table.
    fn minimax(board: &Board) -> i8 {
        match board.status() {
            Status::Ongoing => {}
            Status::Draw => return 0,
            Status::Won(p) => return if p == board.side_to_move() { 1 } else { -1 },
        }
        board
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut after = *board;
                after.play(m);
                -minimax(&after)
            })
            .max()
            .expect("an ongoing game has a move")
    }

    /// A random position with at most `left` empty cells in its open boards.
    fn late_position(rng: &mut Rng, left: u32) -> Board {
        loop {
            let mut b = Board::new();
            while !b.is_over() {
                if b.count_moves_anywhere() <= left {
                    return b;
                }
                b.play_random(rng);
            }
        }
    }

    #[test]
    fn agrees_with_plain_minimax_on_small_endgames() {
        let mut rng = Rng::new(11);
        let mut endgame = Endgame::default();
        let mut seen = [0; 3];
        for _ in 0..300 {
            let b = late_position(&mut rng, 11);
            let moves = b.legal_moves();
            let mut out = [None; 81];
            endgame.solve_moves(&b, &moves, &mut out, u64::MAX, None);
            let mut won = false;
            for (k, &m) in moves.iter().enumerate() {
                let mut after = b;
                after.play(m);
                let exact = -minimax(&after);
                if won {
                    assert_eq!(out[k], None, "moves after a win are left unsolved");
                    continue;
                }
                assert_eq!(out[k], Some(exact), "{}\nmove {m}", b.to_text());
                seen[(exact + 1) as usize] += 1;
                won = exact == 1;
            }
        }
        assert!(seen.iter().all(|&n| n > 20), "wins, draws and losses all met: {seen:?}");
    }

    #[test]
    fn stops_at_its_node_limit() {
        let mut rng = Rng::new(12);
        let b = late_position(&mut rng, 45);
        let moves = b.legal_moves();
        let mut out = [Some(0); 81];
        let mut endgame = Endgame::default();
        endgame.solve_moves(&b, &moves, &mut out, 2 * CLOCK_NODES, None);
        assert!(endgame.nodes() <= 2 * CLOCK_NODES, "{}", endgame.nodes());
        assert!(out[..moves.len()].iter().any(|v| v.is_none()), "{out:?}");
    }

    /// The move each search plays at `board` and its exact value for the player who plays it.
    fn played(board: &Board, endgame_cells: u32) -> (i8, Proof) {
        let mut search = Search::new(Params { endgame_cells, ..Params::BOT }, 20_000, 1);
        let report = search.search(board, None, Limits::iterations(1000));
        let mut after = *board;
        after.play(report.best);
        (-minimax(&after), report.proof)
    }

    #[test]
    fn the_root_plays_a_proven_win_and_never_a_proven_loss() {
        let mut rng = Rng::new(13);
        let (mut wins, mut saves, mut plain_misses) = (0, 0, 0);
        for _ in 0..200 {
            let b = late_position(&mut rng, 12);
            let exact: Vec<i8> = b
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut after = b;
                    after.play(m);
                    -minimax(&after)
                })
                .collect();
            let best = *exact.iter().max().expect("moves");
            let (value, proof) = played(&b, 81);
            assert_eq!(value, best, "{}", b.to_text());
            if best == 1 {
                assert_eq!(proof, Proof::Win);
                wins += 1;
            }
            saves += (best == 0 && exact.contains(&-1)) as u32;
            // The same short search without the exact one: it must sometimes go wrong, or this test
            // would pass without `solve_root`.
            plain_misses += (played(&b, 0).0 < best) as u32;
        }
        assert!(wins > 20 && saves > 5 && plain_misses > 3, "{wins} {saves} {plain_misses}");
    }
}
