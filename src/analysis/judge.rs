//! Judging a game move by move: every position valued at a fixed, deterministic effort (a fresh search of
//! `iterations` from `seed`, or the exact solver where it settles the position; plain tic-tac-toe is always
//! exact), then each move's cost to its player in expected score, marked against stated thresholds.

use super::games::{Game, GameRecord};
use crate::board::plain::{cells, PlainBoard};
use crate::board::{Board, Player, Status};
use crate::mcts::endgame::Endgame;
use crate::mcts::Limits;
use crate::moves::Move;
use crate::options::BotOptions;

/// How hard each position is looked at.
#[derive(Clone, Copy, Debug)]
pub struct Effort {
    /// Search iterations per position.
    pub iterations: u64,
    /// The searches' seed: the same seed and iterations give the same analysis on any machine.
    pub seed: u64,
    /// Most nodes the exact solver may spend on one position (0: never).
    pub exact_nodes: u64,
}

/// The expected score a move gives away (before minus after, for its player) that marks it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marks {
    /// An inaccuracy from this much.
    pub inaccuracy: f64,
    /// A mistake from this much.
    pub mistake: f64,
    /// A blunder from this much.
    pub blunder: f64,
}

impl Marks {
    /// 0.05, 0.10 and 0.20 of expected score (a win is 1, a draw ½).
    pub const DEFAULT: Marks = Marks { inaccuracy: 0.05, mistake: 0.10, blunder: 0.20 };

    /// The mark of a move that gave away `given`.
    pub fn of(&self, given: f64) -> &'static str {
        match given {
            g if g >= self.blunder => "blunder",
            g if g >= self.mistake => "mistake",
            g if g >= self.inaccuracy => "inaccuracy",
            _ => "",
        }
    }
}

/// A position's value for its side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// Expected score for the side to move, 0..1.
    pub value: f64,
    /// The move the engine prefers (none when the game is over).
    pub best: Option<Move>,
    /// The exact result for the side to move (1 win, 0 draw, −1 loss) where it is proven.
    pub exact: Option<i8>,
}

/// Values a position: over, plain (exact), solved exactly, or searched.
pub fn evaluate(game: Game, moves: &[Move], effort: &Effort, endgame: &mut Endgame) -> Verdict {
    match game {
        Game::Plain => plain_verdict(moves),
        Game::Ultimate => {
            let board = Board::from_moves(moves).expect("the moves were checked");
            ultimate_verdict(&board, effort, endgame)
        }
    }
}

fn exact_value(exact: i8) -> f64 {
    (exact as f64 + 1.0) / 2.0
}

fn plain_verdict(moves: &[Move]) -> Verdict {
    let mut board = PlainBoard::new();
    moves.iter().for_each(|m| board.play(m.cell()));
    if board.status() != Status::Ongoing {
        let exact = if board.status() == Status::Draw { 0 } else { -1 };
        return Verdict { value: exact_value(exact), best: None, exact: Some(exact) };
    }
    let exact = board.value().signum() as i8;
    let best = cells(board.best_cells()).next().map(|c| Move::new(0, c));
    Verdict { value: exact_value(exact), best, exact: Some(exact) }
}

fn ultimate_verdict(board: &Board, effort: &Effort, endgame: &mut Endgame) -> Verdict {
    match board.status() {
        // A line is the last mover's win, but a full board is scored by its boards: either side can win it.
        Status::Won(p) => {
            let exact = if p == board.side_to_move() { 1 } else { -1 };
            return Verdict { value: exact_value(exact), best: None, exact: Some(exact) };
        }
        Status::Draw => return Verdict { value: 0.5, best: None, exact: Some(0) },
        Status::Ongoing => {}
    }
    if effort.exact_nodes > 0 {
        let legal = board.legal_moves();
        let mut results = vec![None; legal.len()];
        endgame.solve_moves(board, legal.as_slice(), &mut results, effort.exact_nodes, None);
        // Settled when a move wins, or when every move's result is known.
        let best = results.iter().enumerate().filter_map(|(k, r)| r.map(|r| (r, k))).max();
        if let Some((result, k)) = best.filter(|b| b.0 == 1 || results.iter().all(Option::is_some)) {
            return Verdict {
                value: exact_value(result),
                best: Some(legal.as_slice()[k]),
                exact: Some(result),
            };
        }
    }
    let options = BotOptions {
        seed: effort.seed,
        quiet: true,
        nodes: (effort.iterations as usize).saturating_mul(8).max(10_000),
        use_book: false,
        ..BotOptions::default()
    };
    let report = options.build_search().search(board, None, Limits::iterations(effort.iterations));
    let exact = match report.proof {
        crate::mcts::Proof::Win => Some(1),
        crate::mcts::Proof::Loss => Some(-1),
        crate::mcts::Proof::Draw => Some(0),
        crate::mcts::Proof::Unknown => None,
    };
    let value = exact.map_or(report.best_value as f64, exact_value);
    Verdict { value, best: Some(report.best), exact }
}

/// One move judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveJudgement {
    /// The move's index in the game (0: the first move).
    pub ply: usize,
    /// Who played it.
    pub player: Player,
    /// The move played.
    pub played: Move,
    /// The player's expected score before the move (with the engine's best play) and after it.
    pub before: f64,
    /// The player's expected score after it.
    pub after: f64,
    /// The engine's preferred move and its value (`before`).
    pub best: Option<Move>,
    /// Expected score given away: `before − after`, never below 0 (0 for the engine's own move).
    pub given: f64,
    /// "", "inaccuracy", "mistake" or "blunder".
    pub mark: &'static str,
    /// What the solver proves the move did: "threw a won game", "threw a draw", or "".
    pub proven: &'static str,
}

/// The judgement of each move of `game` from the values of its positions (`verdicts[k]`: the position
/// after `k` moves, `opening` of them not judged).
pub fn judge_moves(game: &GameRecord, verdicts: &[Verdict], marks: &Marks) -> Vec<MoveJudgement> {
    (game.opening..game.moves.len())
        .map(|ply| {
            let (now, next) = (&verdicts[ply], &verdicts[ply + 1]);
            let player = if ply % 2 == 0 { Player::X } else { Player::O };
            let played = game.moves[ply];
            let (before, after) = (now.value, 1.0 - next.value);
            let given = if now.best == Some(played) { 0.0 } else { (before - after).max(0.0) };
            let after_exact = next.exact.map(|e| -e);
            let proven = match (now.exact, after_exact) {
                (Some(1), Some(a)) if a < 1 => "threw a won game",
                (Some(0), Some(-1)) => "threw a draw",
                _ => "",
            };
            let mark = if proven.is_empty() { marks.of(given) } else { "blunder" };
            MoveJudgement { ply, player, played, before, after, best: now.best, given, mark, proven }
        })
        .collect()
}

/// One player's figures over a game.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    /// The player's name (`X`, `O` for a typed list).
    pub name: String,
    /// Moves judged.
    pub moves: usize,
    /// 100 × (1 − the mean expected score given away per move).
    pub accuracy: f64,
    /// Inaccuracies, mistakes and blunders.
    pub counts: [usize; 3],
    /// The plies of the player's three costliest marked moves, costliest first.
    pub worst: Vec<usize>,
    /// The ply at which the player was first proven lost, when the game then did not end in their loss.
    pub held_lost_from: Option<usize>,
}

/// Each player's summary, [X, O].
pub fn summarise(
    game: &GameRecord,
    judged: &[MoveJudgement],
    verdicts: &[Verdict],
    result: Status,
) -> [PlayerSummary; 2] {
    [Player::X, Player::O].map(|p| {
        let own: Vec<&MoveJudgement> = judged.iter().filter(|j| j.player == p).collect();
        let mean_given = own.iter().map(|j| j.given).sum::<f64>() / own.len().max(1) as f64;
        let count = |mark: &str| own.iter().filter(|j| j.mark == mark).count();
        let mut worst: Vec<&&MoveJudgement> = own.iter().filter(|j| !j.mark.is_empty()).collect();
        worst.sort_by(|a, b| b.given.total_cmp(&a.given).then(a.ply.cmp(&b.ply)));
        let lost = result == Status::Won(p.other());
        // A position after `k` moves with `p` to move and proven lost for them.
        let held_lost_from = (!lost)
            .then(|| {
                (game.opening..verdicts.len())
                    .find(|&k| (k % 2 == 0) == (p == Player::X) && verdicts[k].exact == Some(-1))
            })
            .flatten();
        PlayerSummary {
            name: game.players[p.index()].clone(),
            moves: own.len(),
            accuracy: 100.0 * (1.0 - mean_given),
            counts: [count("inaccuracy"), count("mistake"), count("blunder")],
            worst: worst.iter().take(3).map(|j| j.ply).collect(),
            held_lost_from,
        }
    })
}

/// X's expected score after each position (`verdicts[k]` is for the side to move after `k` moves): the
/// evaluation graph's points.
pub fn x_scores(verdicts: &[Verdict]) -> Vec<f64> {
    verdicts.iter().enumerate().map(|(k, v)| if k % 2 == 0 { v.value } else { 1.0 - v.value }).collect()
}

/// Where a decisive game was decided: the first move after which the winner's expected score stays at
/// `DECIDED` or above (or proven won) to the end; `None` for a draw.
pub fn decided_at(verdicts: &[Verdict], result: Status, opening: usize) -> Option<usize> {
    /// The winner's expected score from which a game counts as decided.
    const DECIDED: f64 = 0.8;
    let Status::Won(winner) = result else { return None };
    let scores = x_scores(verdicts);
    let of_winner = |k: usize| if winner == Player::X { scores[k] } else { 1.0 - scores[k] };
    let mut at = verdicts.len() - 1;
    while at > opening + 1 && of_winner(at - 1) >= DECIDED {
        at -= 1;
    }
    // Position `at` (after `at` moves) is the first of the run: the move that reached it was move `at − 1`.
    Some(at.saturating_sub(1).max(opening))
}

/// The game's result from its last position.
pub fn result_of(game: &GameRecord) -> Status {
    match game.game {
        Game::Plain => {
            let mut board = PlainBoard::new();
            game.moves.iter().for_each(|m| board.play(m.cell()));
            board.status()
        }
        Game::Ultimate => Board::from_moves(&game.moves).map(|b| b.status()).unwrap_or(Status::Ongoing),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::games::parse_move_list;

    fn record(text: &str, game: Game) -> GameRecord {
        let moves = parse_move_list(text).unwrap();
        GameRecord { source: "t".into(), players: ["a".into(), "b".into()], game, moves, opening: 0 }
    }

    #[test]
    fn a_plain_game_is_judged_exactly_and_a_thrown_win_is_named() {
        // X takes the centre and a corner; O blocks badly (1 0 instead of 2 2's line block): X wins.
        let game = record("1 1  0 1  0 0  1 0  2 2", Game::Plain);
        let effort = Effort { iterations: 100, seed: 1, exact_nodes: 0 };
        let mut endgame = Endgame::default();
        let verdicts: Vec<Verdict> = (0..=game.moves.len())
            .map(|k| evaluate(game.game, &game.moves[..k], &effort, &mut endgame))
            .collect();
        assert_eq!(verdicts[0].exact, Some(0), "the empty board is a draw");
        let judged = judge_moves(&game, &verdicts, &Marks::DEFAULT);
        // O's 0 1 (an edge next to X's centre) loses by force: a draw thrown.
        assert_eq!((judged[1].proven, judged[1].mark, judged[1].given), ("threw a draw", "blunder", 0.5));
        assert_eq!(judged[0].given, 0.0);
        let result = result_of(&game);
        assert_eq!(result, Status::Won(Player::X));
        let [x, o] = summarise(&game, &judged, &verdicts, result);
        assert_eq!((x.moves, x.counts, o.moves), (3, [0, 0, 0], 2));
        assert!(o.counts[2] >= 1 && o.worst[0] == 1, "{o:?}");
        assert!(x.accuracy > o.accuracy);
        assert_eq!(decided_at(&verdicts, result, 0), Some(1), "decided by O's first move");
        assert_eq!(x_scores(&verdicts)[0], 0.5);
    }

    #[test]
    fn a_full_board_is_valued_for_the_player_its_boards_give_it_to() {
        // Play a random game to its end; the last position's value says who won, whoever moved last.
        let mut rng = crate::rng::Rng::new(5);
        let effort = Effort { iterations: 10, seed: 1, exact_nodes: 0 };
        for _ in 0..40 {
            let mut board = Board::new();
            let mut moves = Vec::new();
            while let Some(m) = board.random_move(&mut rng) {
                board.play(m);
                moves.push(m);
            }
            let end = evaluate(Game::Ultimate, &moves, &effort, &mut Endgame::default());
            let expected = match board.status() {
                Status::Won(p) if p == board.side_to_move() => 1,
                Status::Won(_) => -1,
                _ => 0,
            };
            assert_eq!(end.exact, Some(expected), "{moves:?}");
        }
    }

    #[test]
    fn an_ultimate_position_is_searched_the_same_way_twice() {
        let game = record("4 4 3 3 0 0", Game::Ultimate);
        let effort = Effort { iterations: 500, seed: 3, exact_nodes: 1_000 };
        let once = evaluate(game.game, &game.moves, &effort, &mut Endgame::default());
        assert_eq!(once, evaluate(game.game, &game.moves, &effort, &mut Endgame::default()));
        assert!(once.best.is_some() && (0.0..=1.0).contains(&once.value));
        assert_eq!(Marks::DEFAULT.of(0.3), "blunder");
        assert_eq!(Marks::DEFAULT.of(0.12), "mistake");
        assert_eq!(Marks::DEFAULT.of(0.01), "");
    }
}
