//! Unit tests of the search: the solver, priors, tree reuse and the root's kept scores.

use super::*;
use crate::board::Status;

/// Random positions where the side to move has a game-winning move.
fn positions_with_a_win_in_one(count: usize) -> Vec<(Board, Vec<Move>)> {
    let mut rng = Rng::new(21);
    let mut found = Vec::new();
    while found.len() < count {
        let mut b = Board::new();
        while !b.is_over() {
            let wins = b.winning_moves();
            if !wins.is_empty() {
                found.push((b, wins));
                break;
            }
            b.play(b.random_move(&mut rng).unwrap());
        }
    }
    found
}

#[test]
fn the_solver_finds_a_win_in_one_and_proves_it() {
    for (board, wins) in positions_with_a_win_in_one(10) {
        let mut s = Search::new(Params::BOT, 100_000, 1);
        let r = s.search(&board, None, Limits::iterations(3000));
        assert!(
            wins.contains(&r.best),
            "missed a winning move: {r:?} wins {wins:?} board {board:?} {}",
            board.to_text()
        );
        assert_eq!(r.proof, Proof::Win);
    }
}

#[test]
fn a_win_in_two_is_found() {
    // Positions where the opponent's every reply allows a game-winning move: after one of our moves.
    let mut rng = Rng::new(5);
    let mut checked = 0;
    'games: for _ in 0..3000 {
        let mut b = Board::new();
        while !b.is_over() {
            let me = b.side_to_move();
            // A move after which every reply leaves us a win in one, and which does not itself win.
            let forcing = b.legal_moves().iter().copied().find(|&m| {
                let mut n = b;
                n.play(m);
                !n.is_over()
                    && n.legal_moves().iter().all(|&reply| {
                        let mut k = n;
                        k.play(reply);
                        k.status() == Status::Won(me)
                            || k.legal_moves().iter().any(|&w| {
                                let mut z = k;
                                z.play(w);
                                z.status() == Status::Won(me)
                            })
                    })
            });
            let immediate = b.legal_moves().iter().any(|&m| {
                let mut n = b;
                n.play(m);
                n.status() == Status::Won(me)
            });
            if let (Some(_), false) = (forcing, immediate) {
                let mut s = Search::new(Params::BOT, 200_000, 3);
                let r = s.search(&b, None, Limits::iterations(20_000));
                assert_eq!(r.proof, Proof::Win, "a forced win in two was not proven");
                checked += 1;
                if checked == 3 {
                    break 'games;
                }
                continue 'games;
            }
            b.play(b.random_move(&mut rng).unwrap());
        }
    }
    assert_eq!(checked, 3, "found too few positions to test");
}

#[test]
fn a_proven_loss_is_avoided() {
    // From positions where one move hands the opponent a win in one and another does not,
    // the search never picks a move that lets the opponent win at once.
    let mut rng = Rng::new(8);
    let mut checked = 0;
    while checked < 8 {
        let mut b = Board::new();
        while !b.is_over() {
            let losing: Vec<Move> = b
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| {
                    let mut n = b;
                    n.play(m);
                    !n.winning_moves().is_empty()
                })
                .collect();
            if !losing.is_empty() && losing.len() < b.count_moves() as usize {
                let mut s = Search::new(Params::BOT, 200_000, 2);
                let r = s.search(&b, None, Limits::iterations(5000));
                assert!(
                    !losing.contains(&r.best),
                    "played into a loss: {r:?} losing {losing:?}\n{}",
                    b.to_text()
                );
                checked += 1;
                break;
            }
            b.play(b.random_move(&mut rng).unwrap());
        }
    }
}

#[test]
fn a_full_arena_degrades_gracefully() {
    let mut s = Search::new(Params::BOT, 40, 1);
    let mut b = Board::new();
    b.play(Move::new(4, 4));
    let r = s.search(&b, None, Limits::iterations(5000));
    assert!(b.is_legal(r.best));
    assert!(r.nodes_used <= 40);
    assert_eq!(r.iterations, 5000);
    // And the next search from a grandchild still works.
    let mut c = b;
    c.play(r.best);
    c.play(c.legal_moves()[0]);
    let r2 = s.search(&c, None, Limits::iterations(1000));
    assert!(c.is_legal(r2.best));
}

/// Every expanded node of the search's tree with its position, the root's being `root`.
fn expanded_nodes(s: &Search, root: Board) -> Vec<(usize, Board)> {
    let mut found = Vec::new();
    let mut stack = vec![(0usize, root)];
    while let Some((i, board)) = stack.pop() {
        let node = *s.tree.get(i);
        if !node.is_expanded() {
            continue;
        }
        for (k, c) in s.tree.children(i).iter().enumerate() {
            let mut b = board;
            b.play(c.mv);
            stack.push((node.first_child as usize + k, b));
        }
        found.push((i, board));
    }
    found
}

#[test]
fn children_get_the_policys_priors_after_the_delay() {
    let policy = Policy::embedded().expect("committed weights decode");
    // Deferred by one visit, so that both kinds of node are present.
    let params = Params { prior_delay: 1, ..Params::BOT };
    let mut s = Search::new(params, 200_000, 6).with_policy(policy.clone());
    let start = Board::from_moves(&[Move::new(4, 4), Move::new(4, 0)]).unwrap();
    s.search(&start, None, Limits::iterations(3000));
    // Expanded nodes visited often enough have the policy's priors.
    let (mut with_policy, mut uniform) = (0, 0);
    for (i, board) in expanded_nodes(&s, start) {
        let node = *s.tree.get(i);
        let children = s.tree.children(i);
        let moves: Vec<Move> = children.iter().map(|c| c.mv).collect();
        let mut expected = vec![0.0; moves.len()];
        if node.priors_in > 0 {
            let most = s.params.expand_after + s.params.prior_delay as u32;
            assert!(node.visits <= most, "{} visits and still uniform", node.visits);
            expected.fill(1.0 / moves.len() as f32);
            uniform += 1;
        } else {
            policy.priors(&board, &moves, &mut expected);
            with_policy += 1;
        }
        for (c, e) in children.iter().zip(expected) {
            assert!((c.prior - e).abs() < 1e-6, "prior {} expected {e}", c.prior);
        }
    }
    assert!(with_policy > 100 && uniform > 100, "{with_policy} with the policy, {uniform} uniform");
}

#[test]
fn tree_reuse_keeps_the_subtree_of_the_position_reached() {
    let mut s = Search::new(Params::BOT, 500_000, 4);
    let b = Board::from_moves(&[Move::new(4, 4)]).unwrap();
    let r = s.search(&b, None, Limits::iterations(4000));
    let mut c = b;
    c.play(r.best);
    c.play(r.principal_variation.get(1).copied().unwrap_or(c.legal_moves()[0]));
    let r2 = s.search(&c, None, Limits::iterations(10));
    assert!(r2.nodes_reused > 1, "nothing reused");
}

/// Checks every iteration's root choice against `select::select` over the tree's children.
fn root_choices_agree(s: &mut Search, iterations: usize) -> usize {
    let mut fast = 0;
    for _ in 0..iterations {
        if s.tree.get(0).proof != Proof::Unknown || !s.tree.get(0).is_expanded() {
            break;
        }
        let root = *s.tree.get(0);
        let plain = root.first_child as usize + select::select(s.tree.children(0), &s.params, root.visits);
        fast += s.root_scores.is_fresh() as usize;
        assert_eq!(s.select(0), plain, "after {} root visits", root.visits);
        s.iterate();
    }
    fast
}

#[test]
fn the_roots_kept_scores_choose_as_select_does() {
    let policy = Policy::embedded().expect("committed weights decode");
    let mut rng = Rng::new(12);
    let mut fast = 0;
    for round in 0..12 {
        let params = Params { prior_delay: (round % 3) as u8, ..Params::BOT };
        let mut s = Search::new(params, 300_000, round);
        if round % 4 != 3 {
            s = s.with_policy(policy.clone());
        }
        // From the empty board (81 children), mid-game and late positions (where root children get
        // proven); then two moves on, with the tree reused, and with a restricted root.
        let mut board = Board::new();
        for _ in 0..(round * 7) % 50 {
            if board.is_over() || board.legal_moves().len() == 1 {
                break;
            }
            board.play(board.random_move(&mut rng).unwrap());
        }
        s.search(&board, None, Limits::iterations(1));
        fast += root_choices_agree(&mut s, 1500);
        let r = s.search(&board, None, Limits::iterations(10));
        let mut next = board;
        for m in r.principal_variation.iter().take(2) {
            next.play(*m);
        }
        if next.is_over() {
            continue;
        }
        s.search(&next, None, Limits::iterations(1));
        fast += root_choices_agree(&mut s, 1000);
        let allowed: Vec<Move> = next.legal_moves().iter().copied().step_by(2).collect();
        s.search(&next, Some(&allowed), Limits::iterations(1));
        fast += root_choices_agree(&mut s, 500);
    }
    assert!(fast > 10_000, "the kept scores were used {fast} times");
}

#[test]
fn the_report_values_are_expected_scores_even_when_the_leaves_stray() {
    let mut s = Search::new(Params::BOT, 10_000, 3);
    s.search(&Board::new(), None, Limits::iterations(500));
    // Leaves that count a rollout's surprise can average past 1 or below 0: make two root children do so.
    let children = s.tree.get(0).children();
    let (a, b) = (children.start, children.start + 1);
    for (i, factor) in [(a, 1.06), (b, -0.07)] {
        let n = s.tree.get_mut(i);
        n.visits = n.visits.max(1) + 100_000;
        n.value_sum = n.visits as f32 * factor;
    }
    let r = SearchReport::of_tree(&s.tree, &s.root_board, 0, 0, s.params.move_pick);
    assert!((0.0..=1.0).contains(&r.best_value), "{}", r.best_value);
    assert!(r.root_values.iter().all(|v| (0.0..=1.0).contains(v)), "{:?}", r.root_values);
    assert!(r.root_values.contains(&1.0) && r.root_values.contains(&0.0));
}

#[test]
fn priors_are_sharpened_by_the_nets_values_once_a_node_is_visited_often_enough() {
    let policy = Policy::embedded().expect("committed weights decode");
    let net = ValueNet::embedded().expect("committed net decodes");
    // 14 of the net's visits: a child with two real visits would pass its own 16th without one.
    let params = Params { value_prior_visits: 16, value_prior_virtual_visits: 14, ..Params::BOT };
    let mut s = Search::new(params, 200_000, 8).with_policy(policy.clone()).with_value(net.clone());
    let start = Board::from_moves(&[Move::new(4, 4), Move::new(4, 0)]).unwrap();
    s.search(&start, None, Limits::iterations(3000));
    // Every expanded node passed at its 16th visit (the net's visits counted) has `P · exp(v / τ)`,
    // normalised, and up to 14 more visits of value `v` in each child, never so many that a child skips
    // its own 16th; the others have the policy's priors.
    let (mut sharpened, mut plain, mut only_virtual) = (0, 0, 0);
    for (i, board) in expanded_nodes(&s, start) {
        let node = *s.tree.get(i);
        let children = s.tree.children(i);
        let moves: Vec<Move> = children.iter().map(|c| c.mv).collect();
        let mut expected = vec![0.0; moves.len()];
        policy.priors(&board, &moves, &mut expected);
        if node.visits > params.value_prior_visits {
            for ((e, &m), child) in expected.iter_mut().zip(&moves).zip(children) {
                let mut after = board;
                after.play(m);
                let mover = board.side_to_move();
                let value = if after.is_over() {
                    after.status().score_for(mover)
                } else {
                    1.0 - net.evaluate(&after)
                };
                *e *= (value / params.value_prior_temperature).exp();
                if child.visits == 14 {
                    assert!((child.mean() - value).abs() < 1e-5, "a child never visited has the net's value");
                    only_virtual += 1;
                }
            }
            let sum: f32 = expected.iter().sum();
            expected.iter_mut().for_each(|e| *e /= sum);
            assert!(children.iter().all(|c| c.visits >= 14), "every child has the net's visits");
            sharpened += 1;
        } else {
            plain += 1;
        }
        for (c, e) in children.iter().zip(expected) {
            assert!((c.prior - e).abs() < 1e-4, "prior {} expected {e} at {} visits", c.prior, node.visits);
        }
    }
    assert!(sharpened > 20 && plain > 100, "{sharpened} sharpened, {plain} with the policy's priors alone");
    assert!(only_virtual > 20, "{only_virtual} children with the net's visits alone");
    // Some of those values were the ones kept from the children's visits as leaves (`leaf_values.rs`),
    // and the priors above agree with the net's values all the same.
    let counts = s.counts();
    assert!(
        counts.child_values_recalled > 20 && counts.child_values > counts.child_values_recalled,
        "{counts:?}"
    );
    assert!(counts.sharpenings >= sharpened as u64 && counts.iterations == 3000, "{counts:?}");
}

#[test]
fn with_children_valued_at_expansion_each_iteration_values_one_nodes_children_by_the_net() {
    let policy = Policy::embedded().expect("committed weights decode");
    let net = ValueNet::embedded().expect("committed net decodes");
    let params = Params { value_children: true, ..Params::BOT };
    let mut s = Search::new(params, 200_000, 8).with_policy(policy).with_value(net.clone());
    let start = Board::from_moves(&[Move::new(4, 4), Move::new(4, 0)]).unwrap();
    let iterations = 2000;
    let r = s.search(&start, None, Limits::iterations(iterations));
    assert!(start.legal_moves().contains(r.best));
    assert_eq!(s.tree.get(0).visits as u64, iterations);
    // One node expanded an iteration, but for those that end on a finished game.
    let expanded = expanded_nodes(&s, start);
    assert!(
        expanded.len() as u64 <= iterations && expanded.len() as u64 > iterations * 8 / 10,
        "{}",
        expanded.len()
    );
    let mut valued_once = 0;
    for (i, board) in expanded {
        for child in s.tree.children(i) {
            assert!(child.visits >= 1, "every child of an expanded node is valued");
            let mut after = board;
            after.play(child.mv);
            if child.visits == 1 && !child.is_expanded() {
                let value = if after.is_over() {
                    after.status().score_for(board.side_to_move())
                } else {
                    1.0 - net.evaluate(&after)
                };
                assert!((child.mean() - value).abs() < 1e-5, "a child valued once holds the net's value");
                valued_once += 1;
            }
        }
    }
    assert!(valued_once > 5 * iterations, "{valued_once} children valued once");
}

#[test]
fn the_wide_copy_of_the_search_plays_as_the_portable_one() {
    // The bot as shipped (net, rollout head, policy), its tree reused from move to move.
    let options = crate::options::BotOptions { nodes: 100_000, quiet: true, ..Default::default() };
    let mut wide = options.build_search();
    let mut portable = crate::options::BotOptions { portable: true, ..options }.build_search();
    assert_eq!(wide.is_wide(), wide_available());
    assert!(!portable.is_wide());
    let mut board = Board::new();
    for ply in 0..12 {
        let a = wide.search(&board, None, Limits::iterations(1500));
        let b = portable.search(&board, None, Limits::iterations(1500));
        assert_eq!(a.root_visits, b.root_visits, "ply {ply}");
        let values = |r: &SearchReport| r.root_values.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(values(&a), values(&b), "ply {ply}");
        board.play(a.best);
    }
}
