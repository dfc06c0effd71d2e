//! Property test: the bit-packed board agrees, move by move, with a plain 81-cell reference.

use proptest::prelude::*;
use uttt::{Board, Move, Player, Status};

/// The rules written the obvious way (docs/rules.md), on a plain array. Slow and simple on purpose.
#[derive(Clone)]
struct Reference {
    cells: [u8; 81], // 0 empty, 1 X, 2 O; index 9 * board + cell
    small: [u8; 9],  // 0 open, 1 X won, 2 O won, 3 full without a line
    last_cell: Option<usize>,
    to_move: u8,
    result: Option<Status>,
}

const LINES: [[usize; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn line_of(get: impl Fn(usize) -> u8, who: u8) -> bool {
    LINES.iter().any(|l| l.iter().all(|&i| get(i) == who))
}

impl Reference {
    fn new() -> Self {
        Reference { cells: [0; 81], small: [0; 9], last_cell: None, to_move: 1, result: None }
    }

    fn legal(&self) -> Vec<usize> {
        if self.result.is_some() {
            return vec![];
        }
        let boards: Vec<usize> = match self.last_cell {
            Some(c) if self.small[c] == 0 => vec![c],
            _ => (0..9).filter(|&b| self.small[b] == 0).collect(),
        };
        let mut moves: Vec<usize> = boards
            .iter()
            .flat_map(|&b| (0..9).map(move |c| b * 9 + c))
            .filter(|&i| self.cells[i] == 0)
            .collect();
        moves.sort();
        moves
    }

    fn play(&mut self, i: usize) {
        let (b, c, who) = (i / 9, i % 9, self.to_move);
        self.cells[i] = who;
        if line_of(|k| self.cells[b * 9 + k], who) {
            self.small[b] = who;
        } else if (0..9).all(|k| self.cells[b * 9 + k] != 0) {
            self.small[b] = 3;
        }
        self.last_cell = Some(c);
        self.to_move = 3 - who;
        if line_of(|k| self.small[k], who) {
            self.result = Some(Status::Won(if who == 1 { Player::X } else { Player::O }));
        } else if self.legal().is_empty() {
            let x = self.small.iter().filter(|&&s| s == 1).count();
            let o = self.small.iter().filter(|&&s| s == 2).count();
            self.result = Some(match x.cmp(&o) {
                std::cmp::Ordering::Greater => Status::Won(Player::X),
                std::cmp::Ordering::Less => Status::Won(Player::O),
                std::cmp::Ordering::Equal => Status::Draw,
            });
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// `choices` picks a move among the legal ones at each ply, so every generated game is legal.
    #[test]
    fn fast_board_matches_reference(choices in proptest::collection::vec(any::<u16>(), 81)) {
        let mut fast = Board::new();
        let mut slow = Reference::new();
        let mut plies = 0;
        for pick in choices {
            let expected = slow.legal();
            let got: Vec<usize> = fast.legal_moves().iter().map(|m| m.index()).collect();
            prop_assert_eq!(&got, &expected);
            prop_assert_eq!(fast.count_moves() as usize, expected.len());
            prop_assert_eq!(fast.status(), slow.result.unwrap_or(Status::Ongoing));
            if expected.is_empty() {
                break;
            }
            let m = expected[pick as usize % expected.len()];
            fast.play(Move(m as u8));
            slow.play(m);
            plies += 1;
        }
        prop_assert!(fast.is_over(), "game still going after {} plies", plies);
        prop_assert!(plies <= 81);
        prop_assert_eq!(fast.status(), slow.result.unwrap());
    }
}

/// Arena games, written to the log format and read back, replay through the reference rules with the
/// same moves legal and the same result.
#[test]
fn arena_games_agree_with_the_reference_rules() {
    use std::time::Duration;
    use uttt::arena::player::PlayerSpec;
    use uttt::arena::referee::TimeControl;
    use uttt::arena::{game_log_line, moves_from_log_line, run_match, MatchConfig};
    let tc = TimeControl {
        first_turn: Duration::from_secs(5),
        later_turns: Duration::from_secs(5),
        grace: Duration::ZERO,
    };
    let (a, b) = (PlayerSpec::Builtin("greedy".into()), PlayerSpec::Builtin("reflex".into()));
    let result = run_match(&a, &b, MatchConfig::new(40, 2, tc, 17), |_| {});
    assert_eq!(result.games.len(), 40);
    for g in &result.games {
        assert!(g.record.fault.is_none());
        let line = game_log_line(g, "greedy", "reflex");
        let moves = moves_from_log_line(&line).expect("the log line has moves");
        assert_eq!(moves, g.record.moves);
        let mut reference = Reference::new();
        for m in &moves {
            assert!(reference.legal().contains(&m.index()), "reference rejects {m}");
            reference.play(m.index());
        }
        let logged = if line.contains("\"result\": \"X\"") {
            Status::Won(Player::X)
        } else if line.contains("\"result\": \"O\"") {
            Status::Won(Player::O)
        } else {
            Status::Draw
        };
        assert_eq!(reference.result, Some(logged), "{line}");
    }
}

impl Reference {
    /// Move sequences of length `depth`, counted the slow way.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|i| {
                let mut next = self.clone();
                next.play(i);
                next.perft(depth - 1)
            })
            .sum()
    }
}

/// The perft data file, counted by the reference rules (a second generator sharing no code with the
/// engine) wherever the expected count is small: the file's counts and both generators agree.
#[test]
fn the_reference_rules_reproduce_the_perft_file() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt"))
        .expect("tests/data/perft.txt is readable");
    let cases = uttt::perft::parse_perft_file(&text).expect("the perft file parses");
    let mut checked = 0;
    for case in &cases {
        let mut reference = Reference::new();
        for m in &case.moves {
            assert!(reference.legal().contains(&m.index()), "line {}: {m} illegal", case.line_number);
            reference.play(m.index());
        }
        for (depth, &expected) in case.expected.iter().enumerate().take_while(|(_, &n)| n <= 20_000) {
            assert_eq!(
                reference.perft(depth as u32 + 1),
                expected,
                "line {} depth {}",
                case.line_number,
                depth + 1
            );
            checked += 1;
        }
    }
    assert!(checked > 80, "only {checked} counts checked");
}
