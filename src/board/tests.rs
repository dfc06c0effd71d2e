//! Unit tests of the board: tables, rules, random play and perft.

use super::*;
use crate::rng::Rng;

fn mv(row: i64, col: i64) -> Move {
    Move::from_row_col(row, col).unwrap()
}

#[test]
fn tables_know_lines() {
    assert!(has_line(0o007) && has_line(0o124) && has_line(FULL));
    assert!(!has_line(0o003) && !has_line(0));
    // Two of the top row: the third cell completes it.
    assert_eq!(completing_cells(0o003, FULL), 0o004);
    assert_eq!(completing_cells(0o003, 0), 0);
}

#[test]
fn empty_board_has_81_moves_and_a_move_sends_the_opponent() {
    let mut b = Board::new();
    assert_eq!(b.count_moves(), 81);
    b.play(mv(4, 5)); // board 4, cell 5
    assert_eq!(b.forced_board(), Some(5));
    assert_eq!(b.side_to_move(), Player::O);
    assert_eq!(b.count_moves(), 9);
    assert!(b.legal_moves().iter().all(|m| m.board() == 5));
}

#[test]
fn won_and_full_boards_close_and_free_the_opponent() {
    let mut rng = Rng::new(5);
    let mut saw_free_choice = false;
    for _ in 0..100 {
        let mut b = Board::new();
        while let Some(m) = b.random_move(&mut rng) {
            let before = b;
            b.play(m);
            let (x, o) = (b.marks(Player::X, m.board()), b.marks(Player::O, m.board()));
            let closes = has_line(x) || has_line(o) || x | o == FULL;
            assert_eq!(b.closed_boards() & (1 << m.board()) != 0, closes);
            assert_eq!(
                b.won_boards(before.side_to_move()) & (1 << m.board()) != 0,
                has_line(x) || has_line(o)
            );
            if !b.is_over() {
                let sent_to_closed = b.closed_boards() & (1 << m.cell()) != 0;
                assert_eq!(b.forced_board(), if sent_to_closed { None } else { Some(m.cell()) });
                saw_free_choice |= sent_to_closed;
                assert!(b.legal_moves().iter().all(|n| b.closed_boards() & (1 << n.board()) == 0));
            }
        }
    }
    assert!(saw_free_choice);
}

#[test]
fn illegal_sequences_are_rejected_at_the_right_move() {
    assert_eq!(Board::from_moves(&[mv(0, 0), mv(0, 0)]), Err(1));
    assert_eq!(Board::from_moves(&[mv(0, 0), mv(8, 8)]), Err(1));
}

#[test]
fn random_moves_are_legal_and_playouts_end() {
    let mut rng = Rng::new(11);
    for _ in 0..200 {
        let mut b = Board::new();
        let mut plies = 0;
        while let Some(m) = b.random_move(&mut rng) {
            assert!(b.is_legal(m));
            b.play(m);
            plies += 1;
        }
        assert!(plies <= 81);
        assert_ne!(b.status(), Status::Ongoing);
        assert_eq!(b.count_moves(), 0);
    }
}

#[test]
fn perft_of_the_empty_board_matches_known_counts() {
    let b = Board::new();
    assert_eq!([1, 2, 3, 4].map(|d| b.perft(d)), [81, 720, 6336, 55080]);
}

#[test]
fn keys_tell_positions_apart() {
    // Every position of many random games, and each with the side to move's board freed or forced
    // elsewhere: positions that differ in one mark or only in the forced board must not share a key.
    let mut rng = Rng::new(21);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..2000 {
        let mut b = Board::new();
        while !b.is_over() {
            for forced in [ANY_BOARD, 0, 1, 4] {
                let variant = Board { forced, ..b };
                let earlier = seen.insert(variant.key(), variant);
                assert!(earlier.is_none_or(|e| e == variant), "{earlier:?} and {variant:?} share a key");
            }
            b.play_random(&mut rng);
        }
    }
    assert!(seen.len() > 100_000, "{}", seen.len());
}
