//! The grown tree's tests (`tree.rs`): minimax, the next searches, the book over the base.
use super::*;
use crate::board::symmetry::canonical;
use crate::book::Book;
use crate::protocol::parse_opening;

/// A search of the canonical position `moves` reach: each listed move with its visits and value.
fn searched(moves: &str, items: &[(&str, u32, f32)]) -> Searched {
    let path = if moves.is_empty() { vec![] } else { parse_opening(moves).unwrap() };
    let (form, path) = canonical_path(&path).unwrap();
    let board = Board::from_moves(&path).unwrap();
    assert_eq!(canonical(&board).0, form);
    let to_frame = |m: &str| {
        // The listed moves are in the frame of `moves`; carry them to the canonical one.
        let raw = if moves.is_empty() { vec![] } else { parse_opening(moves).unwrap() };
        let raw_board = Board::from_moves(&raw).unwrap();
        let s = canonical(&raw_board).1;
        crate::board::symmetry::transform(parse_opening(m).unwrap()[0], s)
    };
    let visits: Vec<(Move, u32)> = items.iter().map(|&(m, n, _)| (to_frame(m), n)).collect();
    let values = items.iter().map(|&(_, _, q)| q).collect();
    let best = visits.iter().max_by_key(|(_, n)| *n).unwrap().0;
    let value = items.iter().max_by_key(|(_, n, _)| *n).unwrap().2;
    Searched { path, best, value, visits, values, iterations: 1000 }
}

fn form(moves: &str) -> Board {
    canonical(&Board::from_moves(&parse_opening(moves).unwrap()).unwrap()).0
}

fn of(list: Vec<Searched>) -> Searches {
    list.into_iter().map(|s| (s.position(), s)).collect()
}

#[test]
fn a_searched_reply_overrules_the_parents_own_choice_by_minimax() {
    // After the centre, O's search prefers the corner 3 3 (0.30) to the edge 3 4 (0.28).
    let root = searched("", &[("4 4", 900, 0.7), ("0 0", 100, 0.6)]);
    let centre = searched("4 4", &[("3 3", 600, 0.30), ("3 4", 400, 0.28)]);
    let mut tree = of(vec![root.clone(), centre.clone()]);
    let t = GrownTree::new(&tree);
    assert_eq!(t.book_move(&form("4 4")), Some(centre.best), "drop-out: the search's own choice");
    assert!((t.value(&form("4 4")).unwrap() - 0.30).abs() < 1e-6);
    // Searched deeper, the corner is worse for O than it looked (X scores 0.8 there), the edge holds.
    tree.extend(of(vec![
        searched("4 4,3 3", &[("0 0", 10, 0.8), ("1 1", 1, 0.5)]),
        searched("4 4,3 4", &[("1 4", 10, 0.68)]),
    ]));
    let t = GrownTree::new(&tree);
    let edge = t.moves(&form("4 4")).into_iter().max_by(|a, b| a.value.total_cmp(&b.value)).unwrap();
    assert_eq!(t.book_move(&form("4 4")), Some(edge.mv));
    assert!((t.value(&form("4 4")).unwrap() - 0.32).abs() < 1e-6, "1 - 0.68");
    assert!((t.value(&Board::new()).unwrap() - 0.68).abs() < 1e-6, "the centre's value backs up to the root");
    assert_ne!(edge.mv, centre.best);
}

#[test]
fn the_next_search_is_where_the_games_go_the_second_player_first() {
    let tree = of(vec![
        searched("", &[("4 4", 900, 0.7), ("0 0", 100, 0.6)]),
        // O's reply: the corner far better than the edge for O.
        searched("4 4", &[("3 3", 600, 0.30), ("3 4", 400, 0.10)]),
    ]);
    let t = GrownTree::new(&tree);
    let params = GrowParams::default();
    let frontier = t.frontier(&params, &Met::new());
    // First: O's own book move (full weight for O, and X's opponent's likeliest reply).
    assert_eq!(frontier[0].form, form("4 4,3 3"));
    assert!(frontier[0].weight[0] > 0.99 && frontier[0].weight[1] > 0.95, "{:?}", frontier[0]);
    // X's other first move: only O's games go there (as often as a strong X opens there).
    let corner = frontier.iter().find(|c| c.form == form("0 0")).expect("X's corner opening");
    assert!(corner.weight[0] < 1e-4 && corner.weight[1] > 0.01 && corner.weight[1] < 0.1, "{corner:?}");
    // The edge, a blunder for O, is below what X's games expect from it, and below the corner's
    // opening in weight for O.
    let edge = frontier.iter().find(|c| c.form == form("4 4,3 4")).expect("credible");
    assert!(edge.weight[0] < 0.01 && edge.weight[1] < 1e-6, "{edge:?}");
    // Every candidate is unsearched, and they come most weighty first.
    assert!(frontier.iter().all(|c| !tree.contains_key(&c.form)));
    assert!(frontier.windows(2).all(|w| w[0].priority >= w[1].priority));
    // Reach: X's games all go to the centre; O's follow X's choices.
    let reach = t.reach(&params, &Met::new());
    assert_eq!(reach[&form("4 4")][0], 1.0);
    assert!(reach[&form("4 4")][1] > 0.9 && reach[&form("4 4")][1] < 1.0);
}

#[test]
fn a_base_move_gives_way_only_to_a_move_decided_below() {
    let centre = searched("4 4", &[("3 3", 600, 0.30), ("3 4", 400, 0.28)]);
    let base_move = tree_move_other_than(&centre);
    let base = vec![(Board::new(), Some(Move::new(4, 4))), (form("4 4"), Some(base_move))];
    // The tree's choice at the centre is its own search's (drop-out): the base's move stays.
    let tree = of(vec![centre.clone()]);
    let (entries, changed) = GrownTree::new(&tree).over_base(&base, (40, 0.4), false);
    assert_eq!(changed, 0);
    assert_eq!(Book::from_tree(entries).move_for(&form("4 4")), Some(base_move));
    // Searched below, the corner is confirmed (X scores only 0.65 after it): the tree's move wins.
    let tree = of(vec![centre.clone(), searched("4 4,3 3", &[("0 0", 10, 0.65)])]);
    let (entries, changed) = GrownTree::new(&tree).over_base(&base, (40, 0.4), false);
    assert_eq!(changed, 1);
    assert_eq!(Book::from_tree(entries).move_for(&form("4 4")), Some(centre.best));
}

/// A legal move of `s`'s position other than its search's best.
fn tree_move_other_than(s: &Searched) -> Move {
    s.visits.iter().map(|&(m, _)| m).find(|&m| m != s.best).unwrap()
}

#[test]
fn moves_the_search_hardly_tried_and_trailing_unsettled_moves_stay_out() {
    let s = searched("4 4", &[("3 3", 100_000, 0.30), ("3 4", 50, 0.9)]);
    let tree = of(vec![s]);
    let t = GrownTree::new(&tree);
    let moves = t.moves(&form("4 4"));
    assert_eq!(moves.len(), 1, "50 visits in 100,050 is not credible: {moves:?}");
    assert!((t.value(&form("4 4")).unwrap() - 0.30).abs() < 1e-6);
    // Past ply 0, O trails (0.30) and its book move is its own search's: kept.
    assert_eq!(t.book_entries(0, 0.4)[0].1, Some(moves[0].mv));
    // Where the tree's choice differs from the position's own search's on that search's word alone (a
    // move of fewer visits but a higher value), a trailing mover gets no move past `settled_from`; before
    // it, the tree's move.
    let tree = of(vec![searched("4 4", &[("3 3", 600, 0.30), ("3 4", 400, 0.31)])]);
    let t = GrownTree::new(&tree);
    let centre =
        |entries: Vec<(Board, Option<Move>)>| entries.into_iter().find(|e| e.0 == form("4 4")).unwrap().1;
    assert_eq!(centre(t.book_entries(0, 0.4)), None);
    let tree_move = t.book_move(&form("4 4"));
    assert!(tree_move.is_some() && tree_move != Some(tree[&form("4 4")].best));
    assert_eq!(centre(t.book_entries(1, 0.4)), tree_move);
    assert_eq!(centre(t.book_entries(0, 0.2)), tree_move, "0.31 is not trailing below 0.2");
    // Where a deeper search refutes the search's own choice (a lost game's line), the tree's move stands:
    // the turn's search would walk into the refutation again.
    let tree = of(vec![
        searched("4 4", &[("3 3", 600, 0.30), ("3 4", 400, 0.28)]),
        searched("4 4,3 3", &[("0 0", 10, 0.8)]),
    ]);
    let t = GrownTree::new(&tree);
    let tree_move = t.book_move(&form("4 4"));
    assert!(tree_move.is_some() && tree_move != Some(tree[&form("4 4")].best));
    assert_eq!(centre(t.book_entries(0, 0.4)), tree_move);
}

#[test]
fn over_the_shipped_book_only_changes_join_with_the_way_to_them() {
    // The base book: the centre, and O's corner reply at the centre; nothing past it.
    let centre = searched("4 4", &[("3 3", 600, 0.30), ("3 4", 400, 0.28)]);
    let base = vec![(Board::new(), Some(Move::new(4, 4))), (form("4 4"), Some(centre.best))];
    // A lost game's line, searched: after 4 4, 3 3, 0 0, O's search prefers 1 1, which X refutes.
    let deep = searched("4 4,3 3,0 0", &[("1 1", 900, 0.35), ("0 1", 100, 0.33)]);
    let tree = of(vec![
        searched("", &[("4 4", 900, 0.7)]),
        centre.clone(),
        searched("4 4,3 3", &[("0 0", 10, 0.68)]),
        deep.clone(),
        searched("4 4,3 3,0 0,1 1", &[("3 3", 10, 0.9)]),
    ]);
    let t = GrownTree::new(&tree);
    let (entries, changed) = t.over_base(&base, (40, 0.4), true);
    assert_eq!(changed, 1, "one move where the base had none");
    let book = Book::from_tree(entries.clone());
    let deep_form = form("4 4,3 3,0 0");
    let learned = book.move_for(&Board::from_moves(&parse_opening("4 4,3 3,0 0").unwrap()).unwrap());
    assert!(learned.is_some() && t.book_move(&deep_form) != Some(deep.best), "the refuted choice gives way");
    // Only the change and the way to it join: the position after X's 0 0 (O's book reply's) without a move,
    // and none of the unchanged searched positions of the line.
    assert_eq!(book.len(), 3, "the base's two moves and the change");
    assert!(entries.iter().all(|(f, _)| *f != form("4 4,3 3,0 0,1 1")));
    assert!(entries.contains(&(form("4 4,3 3"), None)));
}
