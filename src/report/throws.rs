//! `uttt slips LOG… --exact N`: where a game's exact result changed hands, and by whose move.
//!
//! A player's own values say where it believed a game turned; near the end the truth can be known. For
//! each logged game the positions are solved exactly from the last back (alpha-beta over win, draw and
//! loss, `mcts/endgame.rs`, at most `N` nodes each) until one is too deep to settle. Within that settled
//! end no move can improve its player's exact result, so every change of it between two plies is a result
//! **thrown** by the player who moved: a win let go to a draw or a loss, or a draw to a loss.

use super::model::{LoggedGame, Run};
use crate::board::{Board, Player};
use crate::mcts::endgame::Endgame;

/// One move that threw a result away: its ply (counting every move from 1), and the mover's exact result
/// before and after it (1 win, 0 draw, −1 loss).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Throw {
    /// The ply of the move.
    pub ply: usize,
    /// The mover's result before the move.
    pub before: i8,
    /// The mover's result after it.
    pub after: i8,
}

/// One colour's games of one player, as the exact values see them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ColourThrows {
    /// For each game: the first ply whose position was settled (the game's length + 1 when none was).
    pub settled_from: Vec<usize>,
    /// Results thrown by the player's own moves.
    pub own: Vec<Throw>,
    /// Results thrown by the opponent's moves (the player's gifts).
    pub opponent: Vec<Throw>,
}

/// X's exact result at each ply of `game` (index k: the position before move k), solved from the end
/// back; `None` before the first position that `node_limit` nodes could not settle.
pub fn exact_results(game: &LoggedGame, endgame: &mut Endgame, node_limit: u64) -> Vec<Option<i8>> {
    let mut boards = vec![Board::new()];
    for &m in &game.moves {
        let mut next = *boards.last().expect("the empty board");
        if !next.is_legal(m) {
            break;
        }
        next.play(m);
        boards.push(next);
    }
    let results = endgame.solve_from_end(&boards, node_limit);
    results
        .iter()
        .zip(&boards)
        .map(|(v, board)| v.map(|v| if board.side_to_move() == Player::X { v } else { -v }))
        .collect()
}

/// `name`'s games in `run`, by colour ([as X, as O]), with positions solved in at most `node_limit` nodes.
pub fn analyse(run: &Run, name: &str, node_limit: u64) -> [ColourThrows; 2] {
    let mut out = [ColourThrows::default(), ColourThrows::default()];
    let mut endgame = Endgame::default();
    for game in &run.games {
        let side = match (game.x == name, game.o == name) {
            (true, _) => Player::X,
            (_, true) => Player::O,
            _ => continue,
        };
        let results = exact_results(game, &mut endgame, node_limit);
        let c = &mut out[side.index()];
        c.settled_from.push(results.iter().position(Option::is_some).unwrap_or(results.len()) + 1);
        for (k, pair) in results.windows(2).enumerate() {
            let (Some(before), Some(after)) = (pair[0], pair[1]) else { continue };
            if before == after {
                continue;
            }
            // Move k is X's when k is even; results are X's, so O's are the negation.
            let mover = if k % 2 == 0 { Player::X } else { Player::O };
            let sign = if mover == Player::X { 1 } else { -1 };
            let throw = Throw { ply: k + 1, before: sign * before, after: sign * after };
            if mover == side {
                c.own.push(throw);
            } else {
                c.opponent.push(throw);
            }
        }
    }
    out
}

/// `win → draw 2, win → loss 0, draw → loss 1` for a list of throws.
fn kinds(throws: &[Throw]) -> String {
    let count = |b, a| throws.iter().filter(|t| t.before == b && t.after == a).count();
    format!("win → draw {}, win → loss {}, draw → loss {}", count(1, 0), count(1, -1), count(0, -1))
}

/// The text report of `analyse`, under `slips`' own.
pub fn describe(throws: &[ColourThrows; 2], node_limit: u64, quartiles: fn(Vec<usize>) -> String) -> String {
    let mut text = format!("exact results, each position solved in at most {node_limit} nodes:\n");
    for (colour, c) in ["X (first)", "O (second)"].iter().zip(throws) {
        let plies = |t: &[Throw]| quartiles(t.iter().map(|t| t.ply).collect());
        text += &format!("as {colour}: settled from ply, quartiles {}\n", quartiles(c.settled_from.clone()));
        for (whose, t) in [("its own moves", &c.own), ("the opponent's", &c.opponent)] {
            text +=
                &format!("  thrown by {whose}: {} ({}; plies, quartiles {})\n", t.len(), kinds(t), plies(t));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::rng::Rng;

    /// A logged game of `moves` between "bot" (X when `bot_is_x`) and "them".
    fn logged(moves: Vec<Move>, bot_is_x: bool) -> LoggedGame {
        let (x, o) = if bot_is_x { ("bot", "them") } else { ("them", "bot") };
        let n = moves.len();
        LoggedGame {
            index: 0,
            x: x.into(),
            o: o.into(),
            winner: None,
            fault: None,
            opening: 0,
            moves,
            times_ms: vec![1.0; n],
            notes: vec![String::new(); n],
            notes_cut: false,
            ended: None,
        }
    }

    #[test]
    fn throws_are_the_changes_of_the_exact_result_charged_to_the_mover() {
        // Random games end in throws: find them again by brute force, ply by ply.
        let mut rng = Rng::new(5);
        let mut endgame = Endgame::default();
        let (mut own, mut theirs) = (0, 0);
        for g in 0..40 {
            let mut b = Board::new();
            let mut moves = Vec::new();
            while !b.is_over() {
                let m = b.random_move(&mut rng).expect("a move");
                moves.push(m);
                b.play(m);
            }
            let game = logged(moves, g % 2 == 0);
            let results = exact_results(&game, &mut endgame, 200_000);
            assert!(results.last().is_some_and(|r| r.is_some()), "the final position is always settled");
            // Settled positions form one block at the end.
            let first = results.iter().position(Option::is_some).expect("some settled");
            assert!(results[first..].iter().all(Option::is_some));
            let run = Run::arena_match(vec!["bot".into(), "them".into()], vec![game]);
            let [x, o] = analyse(&run, "bot", 200_000);
            let c = if g % 2 == 0 { &x } else { &o };
            assert_eq!(c.settled_from, vec![first + 1]);
            for t in c.own.iter().chain(&c.opponent) {
                // The mover's result fell, by the move at that ply, from `before` to `after`.
                let (before, after) = (results[t.ply - 1].unwrap(), results[t.ply].unwrap());
                let sign = if t.ply % 2 == 1 { 1 } else { -1 };
                assert!(t.after < t.before && (sign * before, sign * after) == (t.before, t.after), "{t:?}");
                let own_move = (t.ply % 2 == 1) == (g % 2 == 0);
                assert_eq!(c.own.contains(t), own_move);
            }
            let changes = results[first..].windows(2).filter(|w| w[0] != w[1]).count();
            assert_eq!(changes, c.own.len() + c.opponent.len());
            own += c.own.len();
            theirs += c.opponent.len();
        }
        assert!(own > 5 && theirs > 5, "random play throws results on both sides: {own} {theirs}");
    }
}
