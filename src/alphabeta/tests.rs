//! The alpha-beta search's tests: its keys and accumulators against their from-scratch versions, its
//! scores against a plain negamax at the same depth, its proven results against the exact endgame solver.

use super::score::{self, Score, INFINITE, WIN};
use super::*;
use crate::board::tactics::game_winning_move;
use crate::board::Status;
use crate::mcts::endgame::Endgame;
use crate::rng::Rng;

/// A searcher with a small table (tests make many).
fn searcher(params: AbParams) -> AlphaBeta {
    AlphaBeta::embedded(AbParams { table_mib: 1, ..params }).expect("embedded weights decode")
}

/// Positions `plies` random moves into games drawn from `seed`, unfinished.
fn positions(seed: u64, plies: usize, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let mut b = Board::new();
        for _ in 0..plies {
            if !b.play_random(&mut rng) {
                break;
            }
        }
        if !b.is_over() {
            found.push(b);
        }
    }
    found
}

/// Negamax without pruning, table or ordering, by the same rules as the search: a finished game's result,
/// a game-winning move as a win at the next ply, the net's score at depth 0.
fn negamax(net: &ValueNet, board: &Board, depth: i32, ply: usize) -> Score {
    if board.is_over() {
        return score::of_finished(board, ply);
    }
    if game_winning_move(board).is_some() {
        return WIN - ply as Score - 1;
    }
    if depth == 0 {
        return score::from_expected(net.evaluate(board));
    }
    let mut best = -INFINITE;
    for &m in board.legal_moves().iter() {
        let mut child = *board;
        child.play(m);
        best = best.max(-negamax(net, &child, depth - 1, ply + 1));
    }
    best
}

/// The search's root score at a fixed depth (the iterations before it done too, as in play).
fn root_score(ab: &mut AlphaBeta, board: &Board, depth: u32) -> (Move, Score) {
    ab.params.max_depth = depth;
    let report = ab.search(board, None, Limits::iterations(u64::MAX));
    assert_eq!(report.depth, depth.min(report.depth));
    (report.best, ab.last_root_score)
}

#[test]
fn zobrist_keys_kept_move_by_move_equal_the_keys_from_scratch() {
    let z = Zobrist::new();
    let mut rng = Rng::new(5);
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        let mut b = Board::new();
        let mut key = z.key(&b);
        while let Some(m) = b.random_move(&mut rng) {
            let mut after = b;
            after.play(m);
            key = z.after(key, &b, m, &after);
            b = after;
            assert_eq!(key, z.key(&b), "{b:?}");
            seen.insert((key, b));
        }
    }
    let keys: std::collections::HashSet<u64> = seen.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys.len(), seen.len(), "two positions share a key");
}

#[test]
fn the_accumulator_stack_values_every_position_of_a_line_as_the_net_from_scratch() {
    let mut ab = searcher(AbParams::PLAIN);
    let mut rng = Rng::new(8);
    for _ in 0..30 {
        let mut b = Board::new();
        ab.stack[0].refresh(&ab.net, &b);
        let mut ply = 0;
        while let Some(m) = b.random_move(&mut rng) {
            b = ab.play(&b, m, ply);
            ply += 1;
            if !b.is_over() {
                let from_scratch = score::from_expected(ab.net.evaluate(&b));
                assert_eq!(ab.evaluate(&b, ply), from_scratch, "ply {ply} of {b:?}");
            }
        }
    }
}

#[test]
fn plain_alpha_beta_with_the_table_scores_the_root_as_negamax_at_the_same_depth() {
    let net = ValueNet::embedded().unwrap();
    let mut checked = 0;
    for (k, board) in positions(11, 14, 12).iter().chain(&positions(12, 40, 8)).enumerate() {
        let mut ab = searcher(AbParams::PLAIN);
        for depth in 1..=3 {
            let (best, s) = root_score(&mut ab, board, depth);
            assert_eq!(s, negamax(&net, board, depth as i32, 0), "position {k} depth {depth}: {board:?}");
            let mut after = *board;
            after.play(best);
            assert_eq!(-negamax(&net, &after, depth as i32 - 1, 1), s, "its move scores its score");
            checked += 1;
        }
    }
    assert_eq!(checked, 60);
}

#[test]
fn searched_to_the_end_its_proven_results_are_the_exact_solvers() {
    let mut endgame = Endgame::default();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for board in positions(21, 60, 400) {
        if board.count_moves_anywhere() > 14 {
            continue;
        }
        let Some(exact) = endgame.solve(&board, 2_000_000) else { continue };
        let mut ab = searcher(AbParams::PLAIN);
        let (best, s) = root_score(&mut ab, &board, 81);
        match exact {
            1 => {
                wins += 1;
                assert!(s >= score::PROVEN, "a win scored {s}: {board:?}");
                let mut after = board;
                after.play(best);
                assert_eq!(endgame.solve(&after, 2_000_000), Some(-1), "its move does not win: {board:?}");
            }
            -1 => {
                losses += 1;
                assert!(s <= -score::PROVEN, "a loss scored {s}: {board:?}");
            }
            _ => {
                draws += 1;
                assert_eq!(s, 0, "a draw scored {s}: {board:?}");
            }
        }
    }
    assert!(wins >= 10 && losses >= 10 && draws >= 1, "{wins} wins, {losses} losses, {draws} draws");
}

#[test]
fn the_full_search_finds_the_wins_of_the_plain_one() {
    // Reductions and extensions change which lines are searched how deep, never a forced win in a few plies.
    let mut found = 0;
    for board in positions(31, 45, 200) {
        let mut plain = searcher(AbParams::PLAIN);
        let (_, s) = root_score(&mut plain, &board, 5);
        if s < score::PROVEN {
            continue;
        }
        found += 1;
        let mut full = searcher(AbParams::DEFAULT);
        let (best, full_score) = root_score(&mut full, &board, 5);
        assert!(full_score >= score::PROVEN, "{full_score}: {board:?}");
        let mut after = board;
        after.play(best);
        let keeps =
            after.is_over() || root_score(&mut searcher(AbParams::PLAIN), &after, 4).1 <= -score::PROVEN;
        assert!(keeps, "{best} does not keep the win: {board:?}");
    }
    assert!(found >= 5, "{found}");
}

#[test]
fn a_node_budget_gives_the_same_move_twice_and_the_allowed_moves_are_kept() {
    for board in positions(41, 20, 5) {
        let run = |allowed: Option<&[Move]>| {
            searcher(AbParams::DEFAULT).search(&board, allowed, Limits::iterations(20_000))
        };
        let (a, b) = (run(None), run(None));
        assert_eq!((a.best, a.iterations, a.depth), (b.best, b.iterations, b.depth));
        assert!(a.iterations >= 20_000 && a.iterations < 20_000 + 64, "{}", a.iterations);
        let legal = board.legal_moves();
        let allowed = [legal[legal.len() - 1]];
        assert_eq!(run(Some(&allowed)).best, allowed[0]);
        assert_eq!(a.principal_variation.first(), Some(&a.best));
        let mut line = board;
        for &m in &a.principal_variation {
            assert!(line.is_legal(m), "the principal variation is not a line");
            line.play(m);
        }
    }
}

#[test]
fn a_game_winning_move_is_played_and_reported_proven() {
    let mut rng = Rng::new(51);
    let mut checked = 0;
    while checked < 20 {
        let mut b = Board::new();
        while !b.is_over() && game_winning_move(&b).is_none() {
            b.play_random(&mut rng);
        }
        if b.is_over() {
            continue;
        }
        let report = searcher(AbParams::DEFAULT).search(&b, None, Limits::iterations(50_000));
        let mut after = b;
        after.play(report.best);
        assert_eq!(after.status(), Status::Won(b.side_to_move()), "{b:?}");
        assert_eq!(report.proof, crate::mcts::Proof::Win);
        checked += 1;
    }
}
