//! Seed 000's TD learning: a learned evaluation must beat its untrained start.

use uttt::agents::eval::Evaluation;
use uttt::agents::{Agent, Minimax};
use uttt::arena::player::PlayerSpec;
use uttt::arena::referee::TimeControl;
use uttt::arena::{run_match, MatchConfig};
use uttt::train::seeds::td::{train, TdConfig};
use uttt::{Board, Player, Status};

/// The score of `a` over `games` games against `b`, colours alternating, each game seeded.
fn score(make_a: impl Fn(u64) -> Minimax, make_b: impl Fn(u64) -> Minimax, games: u64) -> f64 {
    let mut points = 0.0;
    for g in 0..games {
        let (mut a, mut b) = (make_a(g), make_b(g + 1000));
        let a_side = if g % 2 == 0 { Player::X } else { Player::O };
        let mut board = Board::new();
        while !board.is_over() {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
            let agent: &mut dyn Agent = if board.side_to_move() == a_side { &mut a } else { &mut b };
            let m = agent.choose(&board, None, deadline);
            board.play(m);
        }
        points += match board.status() {
            Status::Won(p) if p == a_side => 1.0,
            Status::Draw => 0.5,
            _ => 0.0,
        };
    }
    points / games as f64
}

#[test]
fn a_td_trained_evaluation_beats_its_untrained_start() {
    let weights =
        train(&TdConfig { games: 40, simulations: 10, seed: 3, ..TdConfig::default() }, |_, _, _| {});
    let trained = |seed| Minimax::new(2, false, seed).with_eval(Evaluation::Linear(weights));
    let untrained = |seed| Minimax::new(2, false, seed).with_eval(Evaluation::Linear([0.0; 13]));
    let s = score(trained, untrained, 40);
    assert!(s >= 0.75, "trained scored {s:.3} against its zero-weight start");
}

#[test]
fn the_shipped_td_weights_beat_zero_weights_in_the_arena() {
    let a = PlayerSpec::parse("builtin:minimax:depth=1:fullmoves:top=3:eval=td");
    let b = PlayerSpec::parse("builtin:minimax:depth=1:fullmoves:top=3:eval=td:weights=zero");
    let r = run_match(&a, &b, MatchConfig::new(40, 2, TimeControl::default(), 9), |_| {});
    let w = r.wdl();
    assert_eq!(w.games(), 40);
    assert!(w.score() >= 0.75, "eval=td scored {:.3} against eval=zero", w.score());
}

#[test]
fn seed_003s_learned_constants_beat_the_static_defaults() {
    use uttt::agents::basis6::DEFAULT_CONSTANTS;
    use uttt::board::variants::Rules;
    use uttt::train::seeds::basis6_td::{train, TrainingPlan};
    let learned =
        train(TrainingPlan { games: 20, depth: 3, alpha: 0.002, seed: 1, rules: Rules::CodinGame }, |_| {});
    assert_ne!(learned, DEFAULT_CONSTANTS);
    let a = |seed| Minimax::new(3, false, seed).with_eval(Evaluation::Basis6(learned));
    let b = |seed| Minimax::new(3, false, seed).with_eval(Evaluation::Basis6(DEFAULT_CONSTANTS));
    let s = score(a, b, 60);
    assert!(s >= 0.6, "learned constants scored {s:.3} against the defaults");
}
