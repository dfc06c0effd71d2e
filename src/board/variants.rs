//! Rule variants for reproducing the seed documents' tables (`arena --rules`, and the agents and trainers
//! that play under them). They change only when a game ends and how it is scored, never the bot: the points
//! game's own moves live beside the board (`points.rs`), and none of this is in the arena file.

use super::{has_line, Board, Player, Status};
use crate::moves::Move;

/// How a finished game is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// The arena's: three small boards in a line win; a full board goes to whoever won more small boards.
    #[default]
    CodinGame,
    /// Seed 000's: only three small boards in a line win; a full board is a draw, however many boards each won.
    LinesOnly,
    /// Seed 004's "lite" game: the first small board won wins the game.
    Lite,
    /// Seed 003's points game: the first move in the centre board, play until every small board is
    /// closed (a line of boards does not end it), most boards won wins.
    Points,
}

impl Rules {
    /// `codingame`, `lines-only`, `lite` or `points`.
    pub fn parse(name: &str) -> Result<Rules, String> {
        match name {
            "codingame" => Ok(Rules::CodinGame),
            "lines-only" => Ok(Rules::LinesOnly),
            "lite" => Ok(Rules::Lite),
            "points" => Ok(Rules::Points),
            _ => Err(format!("--rules {name:?}: codingame, lines-only, lite or points")),
        }
    }

    /// The position after `opening` under these rules; `Err(k)` when its move `k` is illegal.
    pub fn start(self, opening: &[Move]) -> Result<Board, usize> {
        let mut board = if self == Rules::Points { Board::points_start() } else { Board::new() };
        for (k, &m) in opening.iter().enumerate() {
            if !board.is_legal(m) {
                return Err(k);
            }
            self.play(&mut board, m);
        }
        Ok(board)
    }

    /// Plays the legal move `m` under these rules.
    pub fn play(self, board: &mut Board, m: Move) {
        match self {
            Rules::Points => board.play_points(m),
            _ => board.play(m),
        }
    }

    /// The game's state on `board` under these rules: `Ongoing` while play goes on, else its result.
    pub fn status(self, board: &Board) -> Status {
        match (self, board.status()) {
            (Rules::LinesOnly, Status::Won(p)) if !has_line(board.won_boards(p)) => Status::Draw,
            (Rules::Lite, status) => {
                // Only the side that just moved can have won a board, and only one: the first ends it.
                match [Player::X, Player::O].into_iter().find(|&p| board.won_boards(p) != 0) {
                    Some(p) => Status::Won(p),
                    None => status,
                }
            }
            (_, status) => status,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lite_ends_at_the_first_small_board_won() {
        for seed in 0..200 {
            let (mut b, mut rng) = (Board::new(), crate::rng::Rng::new(seed));
            while Rules::Lite.status(&b) == Status::Ongoing {
                assert_eq!(b.won_boards(Player::X) | b.won_boards(Player::O), 0);
                let moves = b.legal_moves();
                b.play(moves[rng.below(moves.len() as u32) as usize]);
            }
            let mover = b.side_to_move().other();
            assert_eq!(Rules::Lite.status(&b), Status::Won(mover), "the side that just moved won");
            assert_eq!(b.won_boards(mover).count_ones(), 1);
            assert_eq!(b.won_boards(mover.other()), 0);
            assert_eq!(b.status(), Status::Ongoing, "one small board never ends the arena's game");
        }
    }

    #[test]
    fn lines_only_turns_board_count_wins_into_draws_and_keeps_line_wins() {
        let (mut by_count, mut by_line) = (0, 0);
        for seed in 0..400 {
            let (mut b, mut rng) = (Board::new(), crate::rng::Rng::new(seed));
            while !b.is_over() {
                let moves = b.legal_moves();
                b.play(moves[rng.below(moves.len() as u32) as usize]);
            }
            let status = b.status();
            assert_eq!(Rules::CodinGame.status(&b), status);
            let Status::Won(p) = status else {
                assert_eq!(Rules::LinesOnly.status(&b), Status::Draw);
                continue;
            };
            if has_line(b.won_boards(p)) {
                by_line += 1;
                assert_eq!(Rules::LinesOnly.status(&b), Status::Won(p));
            } else {
                by_count += 1;
                assert_eq!(Rules::LinesOnly.status(&b), Status::Draw);
                assert!(b.won_boards(p).count_ones() > b.won_boards(p.other()).count_ones());
            }
        }
        assert!(by_count > 10 && by_line > 10, "{by_count} count wins, {by_line} line wins");
    }
}
