//! The eight symmetries of the square, applied to both levels of the board at once: they map every game
//! to an equally legal game with the same result (a cell's index names the board it sends to, and both
//! are mapped alike), so each training position stands for up to eight.

use crate::moves::Move;

/// How many symmetries there are (0 is the identity).
pub const SYMMETRIES: usize = 8;

/// `MAPS[s][i]`: where symmetry `s` takes index `i = 3 · row + col` of a 3×3 grid.
const MAPS: [[u8; 9]; SYMMETRIES] = [
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
}
