//! `uttt bench --signature`: one number that changes whenever the bot's behaviour does, as chess engines
//! give their bench node count. A commit that changes no move keeps it; one that means to change play
//! says so and states the new number.
//!
//! The bot as shipped (policy, value net, rollout head, parameters) searches a fixed set of positions at a
//! fixed iteration count and seed: the empty board, positions after seeded random moves, and a short game
//! against itself in which the tree is reused from move to move. The signature is an FNV-1a hash of
//! every search's chosen move and its root's visit counts, so a change anywhere in selection, expansion,
//! evaluation, backup, reuse or the weights shows, and of the opening book's positions and moves.

use crate::board::Board;
use crate::mcts::Limits;
use crate::options::BotOptions;
use crate::rng::Rng;

/// Iterations of each search: enough that every part of the search runs, little enough for CI.
pub const ITERATIONS: u64 = 3_000;
/// Positions from seeded random moves, beside the empty board and the game.
const RANDOM_POSITIONS: u64 = 10;
/// Moves of the game the bot plays against itself, its tree kept between them.
const GAME_MOVES: usize = 12;
/// Tree capacity: more than the searches need, so the tree never fills.
const NODES: usize = 1_000_000;

/// The shipped bot's signature and how many searches it covers.
pub fn signature() -> (u64, usize) {
    signature_of(&BotOptions::default())
}

/// The signature of the bot that `options` build (its seed and tree size set here).
pub fn signature_of(options: &BotOptions) -> (u64, usize) {
    let mut hash = Fnv::default();
    let mut searches = 0;
    let options = BotOptions { seed: 1, quiet: true, nodes: NODES, ..options.clone() };
    let limits = Limits::iterations(ITERATIONS);
    let mut positions = vec![Board::new()];
    for seed in 0..RANDOM_POSITIONS {
        let (mut board, mut rng) = (Board::new(), Rng::new(seed));
        for _ in 0..(4 + 4 * seed) {
            let Some(m) = board.random_move(&mut rng) else { break };
            let mut next = board;
            next.play(m);
            if next.is_over() {
                break; // a position to search has moves left
            }
            board = next;
        }
        positions.push(board);
    }
    for board in &positions {
        let mut search = options.build_search();
        hash.report(&search.search(board, None, limits));
        searches += 1;
    }
    let mut search = options.build_search();
    let mut board = Board::new();
    for _ in 0..GAME_MOVES {
        if board.is_over() {
            break;
        }
        let report = search.search(&board, None, limits);
        hash.report(&report);
        board.play(report.best);
        searches += 1;
    }
    if let Ok(Some(book)) = options.book() {
        let mut entries: Vec<_> = book.entries().collect();
        entries.sort();
        for (form, m) in entries {
            hash.bytes(form.to_text().as_bytes());
            hash.bytes(&[m.0]);
        }
    }
    (hash.0, searches)
}

/// FNV-1a over the searches' outcomes.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(crate::codec::FNV_START)
    }
}

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        self.0 = crate::codec::fnv1a(self.0, bytes);
    }

    fn report(&mut self, r: &crate::mcts::SearchReport) {
        self.bytes(&[r.best.0]);
        for (m, visits) in &r.root_visits {
            self.bytes(&[m.0]);
            self.bytes(&visits.to_le_bytes());
        }
    }
}

/// The shipped bot's signature, pinned: a commit that changes play edits this line (and says so), one that
/// does not leaves it (`uttt bench --signature` prints the current one; CI prints it too).
pub const PINNED: u64 = 0x2d13_c4fc_2265_b881;

/// The signature without the opening book (`uttt bench --signature --no-book`), pinned likewise.
pub const PINNED_NO_BOOK: u64 = 0x64be_8a81_0c1a_fa81;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signatures_are_the_pinned_ones() {
        let no_book = BotOptions { use_book: false, ..BotOptions::default() };
        let found = (signature().0, signature_of(&no_book).0);
        assert_eq!(
            found,
            (PINNED, PINNED_NO_BOOK),
            "the bot plays differently: if that is meant, pin {:016x} and {:016x} here and state it in the commit",
            found.0,
            found.1
        );
    }

    #[test]
    fn the_signature_is_repeatable_and_sees_a_change_of_parameter_or_weights() {
        let shipped = signature();
        assert_eq!(shipped, signature(), "the same bot gives the same signature");
        assert!(shipped.1 > 20);
        let d = BotOptions::default();
        let other_c = BotOptions {
            params: crate::mcts::Params { exploration: d.params.exploration * 1.1, ..d.params },
            ..d.clone()
        };
        assert_ne!(signature_of(&other_c).0, shipped.0, "a parameter changed");
        let rollouts_only = BotOptions { use_value: false, ..d.clone() };
        assert_ne!(signature_of(&rollouts_only).0, shipped.0, "the value net left out");
        let no_book = BotOptions { use_book: false, ..d };
        assert_ne!(signature_of(&no_book).0, shipped.0, "the opening book left out");
    }
}
