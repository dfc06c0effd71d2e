//! Rule variants for reproducing the seed documents' tables (`arena --rules`). They change only how the
//! referee scores a finished game, never the board, the moves or the bot.

use crate::board::{has_line, Board, Status};

/// How a finished game is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// The arena's: three small boards in a line win; a full board goes to whoever won more small boards.
    #[default]
    CodinGame,
    /// Seed 000's: only three small boards in a line win; a full board is a draw, however many boards each won.
    LinesOnly,
}

impl Rules {
    /// `codingame` or `lines-only`.
    pub fn parse(name: &str) -> Result<Rules, String> {
        match name {
            "codingame" => Ok(Rules::CodinGame),
            "lines-only" => Ok(Rules::LinesOnly),
            _ => Err(format!("--rules {name:?}: codingame or lines-only")),
        }
    }

    /// The result of the finished (or forfeited) game on `board` under these rules.
    pub fn result(self, board: &Board) -> Status {
        match (self, board.status()) {
            (Rules::LinesOnly, Status::Won(p)) if !has_line(board.won_boards(p)) => Status::Draw,
            (_, status) => status,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            assert_eq!(Rules::CodinGame.result(&b), status);
            let Status::Won(p) = status else {
                assert_eq!(Rules::LinesOnly.result(&b), Status::Draw);
                continue;
            };
            if has_line(b.won_boards(p)) {
                by_line += 1;
                assert_eq!(Rules::LinesOnly.result(&b), Status::Won(p));
            } else {
                by_count += 1;
                assert_eq!(Rules::LinesOnly.result(&b), Status::Draw);
                assert!(b.won_boards(p).count_ones() > b.won_boards(p.other()).count_ones());
            }
        }
        assert!(by_count > 10 && by_line > 10, "{by_count} count wins, {by_line} line wins");
    }
}
