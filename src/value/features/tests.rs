//! The value net's inputs checked against their table in `mod.rs`: in range, distinct, mirrored between
//! the players, each game-level feature against its definition, and hand-made positions.

use super::*;
use crate::moves::Move;
use crate::rng::Rng;

#[test]
fn features_are_in_range_distinct_and_mirror_between_players() {
    let mut rng = Rng::new(3);
    for _ in 0..200 {
        let mut b = Board::new();
        while let Some(m) = b.random_move(&mut rng) {
            b.play(m);
            let (mut x, mut o) = (Vec::new(), Vec::new());
            active_features(&b, Player::X, INPUTS, |f| x.push(f));
            active_features(&b, Player::O, INPUTS, |f| o.push(f));
            assert!(x.len() <= MAX_ACTIVE && x.iter().all(|&f| f < INPUTS));
            let mut sorted = x.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), x.len(), "a feature repeats");
            // Swapping the players swaps own and opponent features and leaves the rest.
            let swap = |f: usize| match f {
                0..81 => f + 81,
                81..162 => f - 81,
                162..171 => f + 9,
                171..180 => f - 9,
                199..208 => f + 9,
                208..217 => f - 9,
                219..267 => {
                    let (l, p, k) = ((f - 219) / 6, (f - 219) % 6 / 3, (f - 219) % 3);
                    219 + 6 * l + 3 * (1 - p) + k
                }
                267..276 => f + 9,
                276..285 => f - 9,
                // The lead changes sign; whether a line is open does not.
                285..290 => 285 + 289 - f,
                290..295 => 290 + 294 - f,
                298..307 | 316..325 => f + 9,
                307..316 | 325..334 => f - 9,
                _ => f,
            };
            let mut swapped: Vec<usize> = x.iter().map(|&f| swap(f)).collect();
            swapped.sort();
            o.sort();
            assert_eq!(swapped, o);
            // A net of fewer inputs is given exactly the features below its count, in the same order.
            let mut older = Vec::new();
            active_features(&b, Player::X, FORKS, |f| older.push(f));
            x.retain(|&f| f < FORKS);
            assert_eq!(older, x);
        }
    }
}

/// The brute-force count of `SAFE_REPLIES`: legal moves after which the opponent must play in an open
/// board where it could not win the game before the move.
fn safe_replies(board: &Board) -> usize {
    let threatened = game_winning_boards(board, false);
    let mut safe = 0;
    board.for_each_move(|m| {
        let mut after = *board;
        after.play(m);
        safe += after.forced_board().is_some_and(|b| threatened & 1 << b == 0) as usize;
    });
    safe
}

#[test]
fn game_points_standing_safe_replies_forks_and_dead_boards_match_their_definitions() {
    let mut rng = Rng::new(11);
    let mut seen = [0usize; 3 + 10 + 2];
    for _ in 0..300 {
        let mut b = Board::new();
        while let Some(m) = b.random_move(&mut rng) {
            b.play(m);
            if b.is_over() {
                // The net never values a finished game.
                break;
            }
            let me = b.side_to_move();
            let mut f = Vec::new();
            active_features(&b, me, INPUTS, |x| f.push(x));
            // Game points: open boards that, won, complete a line of the big board.
            for (side, p) in [me, me.other()].into_iter().enumerate() {
                for board in 0..9 {
                    let open = b.closed_boards() & 1 << board == 0;
                    let won = b.won_boards(p) | 1 << board;
                    let point = open && LINES.iter().any(|&l| l & won == l && l & b.won_boards(p) != l);
                    assert_eq!(f.contains(&(GAME_POINTS + 9 * side + board)), point, "{b:?}");
                }
            }
            // Forks: two cells or more that complete a line. Dead: every line holds the other's mark.
            for (fork, dead, p) in [(FORKS, OWN_DEAD, me), (OPPONENT_FORKS, OPPONENT_DEAD, me.other())] {
                for board in (0..9).filter(|&board| b.closed_boards() & 1 << board == 0) {
                    let (own, theirs) = (b.marks(p, board) & FULL, b.marks(p.other(), board) & FULL);
                    let wins = |c: u16| LINES.iter().any(|&l| l & c != 0 && l & !(own | c) == 0);
                    let winning = (0..9).filter(|&c| (own | theirs) & 1 << c == 0 && wins(1 << c)).count();
                    let dead_for_p = LINES.iter().all(|&l| l & theirs != 0);
                    assert_eq!(f.contains(&(fork + board)), winning >= 2, "{b:?}");
                    assert_eq!(f.contains(&(dead + board)), dead_for_p, "{b:?}");
                    seen[13] += (winning >= 2) as usize;
                    seen[14] += dead_for_p as usize;
                }
            }
            let standing: Vec<usize> =
                f.iter().map(|&x| x.wrapping_sub(BOARD_LEAD)).filter(|&x| x < 10).collect();
            let lead = b.won_boards(me).count_ones() as i32 - b.won_boards(me.other()).count_ones() as i32;
            let any_open = f.iter().any(|&x| (OPEN_LINES..OPEN_LINES + 48).contains(&x));
            assert_eq!(standing, [(lead.clamp(-2, 2) + 2) as usize + if any_open { 0 } else { 5 }]);
            seen[3 + standing[0]] += 1;
            let safe: Vec<usize> =
                f.iter().map(|&x| x.wrapping_sub(SAFE_REPLIES)).filter(|&x| x < 3).collect();
            if game_winning_boards(&b, false) == 0 {
                assert!(safe.is_empty());
            } else {
                assert_eq!(safe, [safe_replies(&b).min(2)], "{b:?}");
                seen[safe[0]] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "some feature never met: {seen:?}");
}

#[test]
fn a_won_board_advances_its_winners_lines_and_closes_the_losers() {
    let moves = [(0, 0), (0, 3), (3, 1), (1, 0), (0, 1), (1, 3), (3, 2), (2, 0), (0, 2)];
    let b = Board::from_moves(&moves.map(|(board, cell)| Move::new(board, cell))).unwrap();
    assert_eq!(b.won_boards(Player::X), 1);
    let mut seen = Vec::new();
    active_features(&b, Player::X, INPUTS, |f| seen.push(f));
    for (l, &line) in LINES.iter().enumerate() {
        let (own, theirs) = (OPEN_LINES + 6 * l, OPEN_LINES + 6 * l + 3);
        if line & 1 != 0 {
            assert!(seen.contains(&(own + 1)), "line {l}: one board won");
            assert!(!(0..3).any(|k| seen.contains(&(theirs + k))), "line {l} is closed to O");
        } else {
            assert!(seen.contains(&own) && seen.contains(&theirs), "line {l} is open to both");
        }
    }
}

#[test]
fn the_empty_board_has_only_the_free_choice() {
    let mut seen = Vec::new();
    active_features(&Board::new(), Player::X, INPUTS, |f| seen.push(f));
    // Every big-board line is open for both players, none begun: own lines first, then the opponent's.
    let open_lines: Vec<usize> =
        (0..2).flat_map(|p| (0..8).map(move |l| OPEN_LINES + 6 * l + 3 * p)).collect();
    // And the standing: no board won by either, lines open.
    let even = BOARD_LEAD + 2;
    assert_eq!(seen, [&[ANYWHERE][..], &open_lines, &[even]].concat());
    let b = Board::from_moves(&[Move::new(4, 2)]).unwrap();
    seen.clear();
    active_features(&b, Player::O, INPUTS, |f| seen.push(f));
    assert_eq!(seen, [&[OPPONENT_CELLS + 9 * 4 + 2, FORCED + 2][..], &open_lines, &[even]].concat());
}
