//! Seed 003's points game, for the arena's `--rules points` only (`cfg(not(bundle))`: never in the arena
//! file): the first move goes in the centre board, three won boards in a line do not end the game, play
//! goes on until every small board is closed, and whoever won more small boards wins.

use super::Board;
use crate::moves::Move;

impl Board {
    /// The points game's first position: the side to move is sent to the centre board.
    pub fn points_start() -> Board {
        Board { forced: 4, ..Board::new() }
    }

    /// Plays a legal `m` under the points game's rules: a line of boards is not the end; the game ends,
    /// on the count of won boards, once every small board is closed.
    pub fn play_points(&mut self, m: Move) {
        self.play(m);
        self.result = 0;
        self.end_if_no_move_left();
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{has_line, Board, Player, Status, FULL};
    use crate::rng::Rng;

    #[test]
    fn points_games_start_in_the_centre_and_end_only_when_every_board_is_closed() {
        let mut lines_played_through = 0;
        for seed in 0..300 {
            let (mut b, mut rng) = (Board::points_start(), Rng::new(seed));
            assert!(b.legal_moves().iter().all(|m| m.board() == 4));
            let mut past_a_line = false;
            while b.status() == Status::Ongoing {
                let m = b.random_move(&mut rng).unwrap();
                b.play_points(m);
                let line = [Player::X, Player::O].iter().any(|&p| has_line(b.won_boards(p)));
                past_a_line |= line && b.status() == Status::Ongoing;
            }
            lines_played_through += past_a_line as u32;
            assert_eq!(b.closed_boards(), FULL);
            let (x, o) = (b.won_boards(Player::X).count_ones(), b.won_boards(Player::O).count_ones());
            let expected = match x.cmp(&o) {
                std::cmp::Ordering::Greater => Status::Won(Player::X),
                std::cmp::Ordering::Less => Status::Won(Player::O),
                std::cmp::Ordering::Equal => Status::Draw,
            };
            assert_eq!(b.status(), expected, "most boards wins");
        }
        assert!(lines_played_through > 50, "only {lines_played_through} games went on past a line");
    }
}
