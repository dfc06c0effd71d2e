//! The eight symmetries of the square, applied to both levels of the board at once: they map every game
//! to an equally legal game with the same result (a cell's index names the board it sends to, and both
//! are mapped alike), so each training position stands for up to eight, and the opening book stores one
//! position of each class (its canonical form).

use super::{Board, ANY_BOARD};
use crate::moves::Move;

/// How many symmetries there are (0 is the identity).
pub const SYMMETRIES: usize = 8;

/// `MAPS[s][i]`: where symmetry `s` takes index `i = 3 · row + col` of a 3×3 grid (a cell, or a small board).
pub const MAPS: [[u8; 9]; SYMMETRIES] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8], // identity
    [2, 5, 8, 1, 4, 7, 0, 3, 6], // a quarter turn
    [8, 7, 6, 5, 4, 3, 2, 1, 0], // a half turn
    [6, 3, 0, 7, 4, 1, 8, 5, 2], // three quarters
    [2, 1, 0, 5, 4, 3, 8, 7, 6], // mirror left-right
    [6, 7, 8, 3, 4, 5, 0, 1, 2], // mirror top-bottom
    [0, 3, 6, 1, 4, 7, 2, 5, 8], // the main diagonal
    [8, 5, 2, 7, 4, 1, 6, 3, 0], // the other diagonal
];

/// Move `m` under symmetry `s` (`s < SYMMETRIES`).
pub fn transform(m: Move, s: usize) -> Move {
    let map = &MAPS[s];
    Move::new(map[m.board()] as usize, map[m.cell()] as usize)
}

/// The symmetry that undoes `s`.
pub fn inverse(s: usize) -> usize {
    (0..SYMMETRIES).find(|&t| (0..9).all(|i| MAPS[t][MAPS[s][i] as usize] as usize == i)).unwrap_or(0)
}

/// `MASK_IMAGES[s][mask]`: a 9-bit mask of grid indices under symmetry `s`, looked up rather than built bit
/// by bit, since the opening book maps every position it holds eight ways at start-up.
const MASK_IMAGES: [[u16; 512]; SYMMETRIES] = {
    let mut table = [[0u16; 512]; SYMMETRIES];
    let mut s = 0;
    while s < SYMMETRIES {
        let mut mask = 0;
        while mask < 512 {
            let mut i = 0;
            while i < 9 {
                if mask >> i & 1 == 1 {
                    table[s][mask] |= 1 << MAPS[s][i];
                }
                i += 1;
            }
            mask += 1;
        }
        s += 1;
    }
    table
};

/// A 9-bit mask of grid indices under symmetry `s`.
pub fn transform_mask(mask: u16, s: usize) -> u16 {
    MASK_IMAGES[s][mask as usize & 0x1FF]
}

/// `board` under symmetry `s`: the position reached by playing every move of its game under `s`.
pub fn transform_board(board: &Board, s: usize) -> Board {
    let mut image = *board;
    for player in 0..2 {
        for b in 0..9 {
            image.cells[player][MAPS[s][b] as usize] = transform_mask(board.cells[player][b], s);
        }
        image.won[player] = transform_mask(board.won[player], s);
    }
    image.closed = transform_mask(board.closed, s);
    if board.forced != ANY_BOARD {
        image.forced = MAPS[s][board.forced as usize];
    }
    image
}

/// `INVERSE_MAPS[s][i]`: the index that symmetry `s` maps to `i`.
#[cfg(not(bundle))]
const INVERSE_MAPS: [[u8; 9]; SYMMETRIES] = {
    let mut inverse = [[0u8; 9]; SYMMETRIES];
    let mut s = 0;
    while s < SYMMETRIES {
        let mut i = 0;
        while i < 9 {
            inverse[s][MAPS[s][i] as usize] = i as u8;
            i += 1;
        }
        s += 1;
    }
    inverse
};

/// Word `k` of the image of `board` under symmetry `s`, in the order `Board` compares its fields: both
/// players' small boards (`cells`), then `won`, `closed` and `forced` (the side to move and the result
/// are the same in every image).
#[cfg(not(bundle))]
#[inline]
fn image_word(board: &Board, s: usize, k: usize) -> u16 {
    match k {
        0..=17 => transform_mask(board.cells[k / 9][INVERSE_MAPS[s][k % 9] as usize], s),
        18 | 19 => transform_mask(board.won[k - 18], s),
        20 => transform_mask(board.closed, s),
        _ if board.forced == ANY_BOARD => ANY_BOARD as u16,
        _ => MAPS[s][board.forced as usize] as u16,
    }
}

/// The class representative of `board` (the least of its eight images in `Board`'s order; of equal ones,
/// the first symmetry's) and the symmetry that takes `board` to it. Each image is compared word by word
/// with the least so far and left at its first difference, so only the winner is built whole (the book's
/// load at start-up canonicalises every position it holds). The arena file, where every byte counts and
/// start-up is not measured, builds all eight (the short form below, the test's reference too).
#[cfg(not(bundle))]
pub fn canonical(board: &Board) -> (Board, usize) {
    let mut best = 0;
    for s in 1..SYMMETRIES {
        for k in 0..22 {
            let (image, least) = (image_word(board, s, k), image_word(board, best, k));
            if image != least {
                if image < least {
                    best = s;
                }
                break;
            }
        }
    }
    (transform_board(board, best), best)
}

/// `canonical` in the arena file: the least of the eight images built whole.
#[cfg(bundle)]
pub fn canonical(board: &Board) -> (Board, usize) {
    (0..SYMMETRIES).map(|s| (transform_board(board, s), s)).min().expect("eight symmetries")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Status, LINES};
    use crate::rng::Rng;

    #[test]
    fn every_map_is_a_permutation_that_keeps_lines() {
        for map in MAPS {
            let mut seen = [false; 9];
            map.iter().for_each(|&i| seen[i as usize] = true);
            assert!(seen.iter().all(|&s| s), "{map:?} is not a permutation");
            for line in LINES {
                let image = (0..9).filter(|i| line >> i & 1 == 1).fold(0u16, |acc, i| acc | 1 << map[i]);
                assert!(LINES.contains(&image), "{map:?} breaks line {line:o}");
            }
        }
    }

    #[test]
    fn a_transformed_game_is_legal_and_ends_alike() {
        let mut rng = Rng::new(11);
        for _ in 0..100 {
            let mut board = Board::new();
            let mut images = [Board::new(); SYMMETRIES];
            while let Some(m) = board.random_move(&mut rng) {
                board.play(m);
                for (s, image) in images.iter_mut().enumerate() {
                    assert!(image.is_legal(transform(m, s)), "symmetry {s} made an illegal move");
                    image.play(transform(m, s));
                }
            }
            for image in images {
                assert_eq!(image.status(), board.status());
                assert_ne!(image.status(), Status::Ongoing);
            }
        }
    }

    #[test]
    fn the_canonical_form_is_the_least_image_built_whole() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for _ in 0..300 {
            let mut board = Board::new();
            loop {
                let whole = (0..SYMMETRIES).map(|s| (transform_board(&board, s), s)).min().unwrap();
                assert_eq!(canonical(&board), whole, "{board:?}");
                checked += 1;
                let Some(m) = board.random_move(&mut rng) else { break };
                board.play(m);
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn a_transformed_board_is_the_transformed_game_and_canonical_forms_agree() {
        let mut rng = Rng::new(12);
        for _ in 0..50 {
            let mut board = Board::new();
            let mut images = [Board::new(); SYMMETRIES];
            while let Some(m) = board.random_move(&mut rng) {
                board.play(m);
                for (s, image) in images.iter_mut().enumerate() {
                    image.play(transform(m, s));
                    assert_eq!(transform_board(&board, s), *image, "symmetry {s}");
                    assert_eq!(transform_board(image, inverse(s)), board, "inverse of {s}");
                }
                let (form, s) = canonical(&board);
                assert_eq!(transform_board(&board, s), form);
                assert!(images.iter().all(|image| canonical(image).0 == form), "one form per class");
            }
        }
    }

    #[test]
    fn the_first_moves_fall_into_fifteen_classes() {
        let mut forms: Vec<Board> = (0..81)
            .map(|i| {
                let mut b = Board::new();
                b.play(Move::new(i / 9, i % 9));
                canonical(&b).0
            })
            .collect();
        forms.sort();
        forms.dedup();
        // Burnside: the three turns fix one cell, the four mirrors nine: (81 + 3 + 36) / 8 = 15 orbits.
        assert_eq!(forms.len(), 15);
    }
}
