//! The positions `uttt bench` searches: its own middle-game positions (each build's self-play), or those
//! of a file (`--positions FILE`), so that a profile sees no set-up games and two builds the same work.

use crate::analysis::games::parse_move_list;
use crate::board::Board;
use crate::mcts::Limits;
use crate::options::BotOptions;

/// Middle-game positions, the same every run: plies 20 and 32 of three games the bot plays against
/// itself at 2,000 iterations a move.
pub fn midgame_positions() -> Vec<Board> {
    let mut positions = Vec::new();
    for seed in 0..3 {
        let options = BotOptions { seed, quiet: true, nodes: 200_000, ..Default::default() };
        let mut search = options.build_search();
        let mut board = Board::new();
        for ply in 1..=32 {
            if board.is_over() {
                break;
            }
            board.play(search.search(&board, None, Limits::iterations(2000)).best);
            if (ply == 20 || ply == 32) && !board.is_over() {
                positions.push(board);
            }
        }
    }
    positions
}

/// The positions of a file's `text` for `--positions`: a line a game, the `row col` moves from the empty
/// board (as `uttt analyse` reads them); blank lines and those starting with `#` are skipped. Each line
/// gives the position after its last move, or with `plies`, the positions after each of those plies (a
/// shorter line gives those it reaches). An illegal move, or a searched position whose game is over, is an
/// error that names its line: a search of it would measure nothing.
pub fn parse_positions(text: &str, plies: Option<&[usize]>) -> Result<Vec<Board>, String> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate().map(|(k, line)| (k + 1, line.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let moves = parse_move_list(line).map_err(|e| format!("line {number}: {e}"))?;
        if let Err(k) = Board::from_moves(&moves) {
            return Err(format!("line {number}: move {} ({}) is not legal there", k + 1, moves[k]));
        }
        let wanted = |ply: &usize| plies.map_or(*ply == moves.len(), |plies| plies.contains(ply));
        for ply in (0..=moves.len()).filter(wanted) {
            let board = Board::from_moves(&moves[..ply]).expect("a prefix of a legal game is legal");
            if board.is_over() {
                return Err(format!("line {number}: the game is over after {ply} moves"));
            }
            positions.push(board);
        }
    }
    if positions.is_empty() {
        return Err("no position to search".to_string());
    }
    Ok(positions)
}

/// The plies of `--plies LIST`: whole numbers separated by commas.
pub fn parse_plies(list: &str) -> Result<Vec<usize>, String> {
    list.split(',')
        .map(|p| p.trim().parse().map_err(|_| format!("--plies: {p:?} is not a whole number")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    fn after(moves: &[(i64, i64)]) -> Board {
        let mut board = Board::new();
        for &(r, c) in moves {
            board.play(Move::from_row_col(r, c).unwrap());
        }
        board
    }

    #[test]
    fn a_line_gives_its_last_position_or_those_of_the_plies_asked() {
        let text = "# two games\n4 4 3 3\n\n0 0, 1 1; 3 4\n";
        let last = parse_positions(text, None).unwrap();
        assert_eq!(last, vec![after(&[(4, 4), (3, 3)]), after(&[(0, 0), (1, 1), (3, 4)])]);
        let some = parse_positions(text, Some(&[0, 3])).unwrap();
        // The first line has no third ply: it gives the empty board only.
        assert_eq!(some, vec![Board::new(), Board::new(), after(&[(0, 0), (1, 1), (3, 4)])]);
    }

    #[test]
    fn an_illegal_move_or_a_finished_game_names_its_line() {
        let e = parse_positions("4 4\n4 4 4 4\n", None).unwrap_err();
        assert!(e.contains("line 2") && e.contains("move 2"), "{e}");
        // 4 4 sends O to the middle board: 0 0 lies elsewhere.
        assert!(parse_positions("4 4 0 0", None).unwrap_err().contains("line 1: move 2"));
        assert!(parse_positions("4 4 3", None).unwrap_err().contains("line 1"));
        assert_eq!(parse_positions("# nothing\n", None).unwrap_err(), "no position to search");
        // A random game played to its end: the position before its last move is searched, the last not.
        let mut rng = crate::rng::Rng::new(5);
        let (mut board, mut moves) = (Board::new(), Vec::new());
        while let Some(m) = board.random_move(&mut rng) {
            board.play(m);
            moves.push(m.to_string());
        }
        let played = moves.join(" ");
        let before_last = parse_positions(&played, Some(&[moves.len() - 1])).unwrap();
        assert_eq!(before_last.len(), 1);
        assert!(!before_last[0].is_over());
        let e = parse_positions(&played, None).unwrap_err();
        assert!(e.contains(&format!("the game is over after {} moves", moves.len())), "{e}");
    }

    #[test]
    fn plies_are_whole_numbers_separated_by_commas() {
        assert_eq!(parse_plies("20, 32").unwrap(), vec![20, 32]);
        assert!(parse_plies("20,x").unwrap_err().contains("\"x\""));
    }
}
