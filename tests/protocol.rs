//! The bot through the real protocol: whole games against built-in agents, and hostile input.

use proptest::prelude::*;
use std::time::Duration;
use uttt::arena::player::PlayerSpec;
use uttt::arena::referee::TimeControl;
use uttt::arena::{run_match, MatchConfig};
use uttt::options::BotOptions;
use uttt::protocol::run;

fn bot_command(extra: &str) -> PlayerSpec {
    PlayerSpec::Command(format!("'{}' --quiet {extra}", env!("CARGO_BIN_EXE_uttt")))
}

#[test]
fn the_bot_binary_plays_whole_games_as_either_colour() {
    // Generous limits: this checks the protocol, not speed (CI machines are shared and noisy).
    let tc = TimeControl {
        first_turn: Duration::from_secs(5),
        later_turns: Duration::from_secs(2),
        grace: Duration::ZERO,
    };
    for opponent in ["builtin:random", "builtin:greedy"] {
        let opponent_spec = PlayerSpec::parse(opponent);
        let r = run_match(
            &bot_command("--iterations 400"),
            &opponent_spec,
            MatchConfig::new(4, 2, tc, 3),
            |_| {},
        );
        assert_eq!(r.games.len(), 4);
        assert!(r.faults(true).is_empty(), "bot faults against {opponent}: {:?}", r.faults(true));
        assert!(r.games.iter().any(|g| !g.a_is_x), "the bot also played second");
        assert!(r.wdl().wins >= 3, "the bot should beat {opponent}: {:?}", r.wdl());
    }
}

#[test]
fn the_alpha_beta_bot_binary_plays_whole_games_and_logs_its_depth() {
    let tc = TimeControl {
        first_turn: Duration::from_secs(5),
        later_turns: Duration::from_secs(2),
        grace: Duration::ZERO,
    };
    let bot = PlayerSpec::Command(format!(
        "'{}' --search alphabeta:table=4 --iterations 3000",
        env!("CARGO_BIN_EXE_uttt")
    ));
    let r = run_match(&bot, &PlayerSpec::parse("builtin:greedy"), MatchConfig::new(4, 2, tc, 5), |_| {});
    assert!(r.faults(true).is_empty(), "{:?}", r.faults(true));
    assert!(r.games.iter().any(|g| !g.a_is_x), "it also played second");
    assert!(r.wdl().wins >= 3, "alpha-beta should beat greedy: {:?}", r.wdl());
    // Searched turns' notes (a book turn's has no `visits`) give the depth the search completed.
    let notes: Vec<&String> =
        r.games.iter().flat_map(|g| &g.record.notes).filter(|n| n.contains(" visits ")).collect();
    assert!(!notes.is_empty() && notes.iter().all(|n| n.contains(" depth ")), "{notes:?}");
    // A bad search is refused with a message, not played.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_uttt"))
        .args(["--search", "alphabeta:depth=x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("depth"), "{out:?}");
}

#[test]
fn the_referee_reports_a_broken_bot() {
    let tc = TimeControl {
        first_turn: Duration::from_millis(500),
        later_turns: Duration::from_millis(300),
        grace: Duration::ZERO,
    };
    let cases = [
        ("echo garbage; sleep 1", "malformed"),
        ("read a; read n; echo 9 9; sleep 1", "malformed"),
        ("read a; read n; echo 0 0; read x; read y; echo 0 0; sleep 1", "illegal"),
        ("sleep 2", "timeout"),
        ("exit 3", "crash"),
    ];
    for (script, kind) in cases {
        let broken = PlayerSpec::Command(script.to_string());
        let r =
            run_match(&broken, &PlayerSpec::Builtin("random".into()), MatchConfig::new(2, 2, tc, 1), |_| {});
        let faults = r.faults(true);
        assert_eq!(r.games.len(), 2, "{script}: the other games still ran");
        assert!(!faults.is_empty() && faults.iter().all(|(k, _)| *k == kind), "{script}: {faults:?}");
        assert_eq!(r.wdl().losses, 2);
    }
}

fn quick_options() -> BotOptions {
    BotOptions { iterations: Some(20), nodes: 20_000, quiet: false, ..BotOptions::default() }
}

/// Runs the referee loop on `input`; returns stdout. Panics propagate and fail the test.
fn drive(input: &[u8]) -> String {
    let mut out = Vec::new();
    let mut log = Vec::new();
    run(input, &mut out, &mut log, &quick_options());
    String::from_utf8(out).expect("stdout is text")
}

/// One turn of plausible-but-hostile input: any of its parts may be wrong.
fn turn_strategy() -> impl Strategy<Value = (String, Vec<(i64, i64)>, bool)> {
    let coord = prop_oneof![4 => 0i64..9, 1 => -3i64..12];
    let opponent = prop_oneof![
        3 => (coord.clone(), coord.clone()).prop_map(|(r, c)| format!("{r} {c}")),
        1 => Just("-1 -1".to_string()),
        1 => "[ -~]{0,12}",
        1 => (0i64..9, 0i64..9).prop_map(|(r, c)| format!("  {r}   {c} \r")),
    ];
    let actions = proptest::collection::vec((coord.clone(), coord), 0..12);
    (opponent, actions, any::<bool>())
}

fn is_move_line(line: &str) -> bool {
    let w: Vec<&str> = line.split(' ').collect();
    w.len() == 2
        && w.iter().all(|x| x.len() == 1 && x.as_bytes()[0].is_ascii_digit() && x.as_bytes()[0] <= b'8')
}

proptest! {
    // 3000 cases in the default run; `PROPTEST_CASES=100000` for a long fuzzing run.
    #![proptest_config(ProptestConfig::with_cases(std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(3000)))]

    #[test]
    fn random_bytes_never_crash_the_loop(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let out = drive(&bytes);
        prop_assert!(out.lines().all(is_move_line), "stdout: {out:?}");
    }

    #[test]
    fn hostile_turns_get_moves_from_the_list(turns in proptest::collection::vec(turn_strategy(), 1..6), cut in any::<prop::sample::Index>()) {
        let mut input = String::new();
        for (opponent, actions, wrong_count) in &turns {
            input += opponent;
            input += "\n";
            let count = if *wrong_count { actions.len() + 1 } else { actions.len() };
            input += &format!("{count}\n");
            for (r, c) in actions {
                input += &format!("{r} {c}\n");
            }
        }
        // Whole input: every answer is a `row col` line.
        let out = drive(input.as_bytes());
        prop_assert!(out.lines().all(is_move_line), "stdout: {out:?}");
        // The first turn, when well-formed, is answered from its own list.
        let (opponent, actions, wrong) = &turns[0];
        let opponent_is_pair = opponent.split_whitespace().filter(|w| w.parse::<i64>().is_ok()).count() == 2
            && opponent.split_whitespace().count() == 2;
        let valid: Vec<String> = actions.iter().filter(|(r, c)| (0..9).contains(r) && (0..9).contains(c)).map(|(r, c)| format!("{r} {c}")).collect();
        if opponent_is_pair && !wrong && !valid.is_empty() && turns.len() == 1 {
            let first = out.lines().next();
            prop_assert!(first.is_some_and(|l| valid.iter().any(|v| v == l)), "answer {first:?} not in {valid:?}");
        }
        // End of input at any byte: still no crash, still only moves.
        let cut_at = cut.index(input.len() + 1);
        let out = drive(&input.as_bytes()[..cut_at]);
        prop_assert!(out.lines().all(is_move_line));
    }
}

/// The referee's first two turns of a game the bot opens: the whole board, then board 0's cells after O's 3 3.
fn two_opening_turns() -> String {
    "-1 -1\n81\n".to_string()
        + &(0..81).map(|i| format!("{} {}\n", i / 9, i % 9)).collect::<String>()
        + "3 3\n9\n"
        + &(0..9).map(|i| format!("{} {}\n", i / 3, i % 3)).collect::<String>()
}

#[test]
fn deterministic_mode_repeats_itself() {
    let input = two_opening_turns();
    let options =
        BotOptions { iterations: Some(500), seed: 9, quiet: true, nodes: 100_000, ..BotOptions::default() };
    let go = || {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out, &mut Vec::new(), &options);
        String::from_utf8(out).unwrap()
    };
    let first = go();
    assert_eq!(first.lines().count(), 2, "{first:?}");
    assert_eq!(first.lines().next(), Some("4 4"), "the opening is the centre");
    assert_eq!(first, go());
}

/// The first turn's stderr line says what runs, the later turns' do not: the search's copy (`--portable`
/// names the portable one), the build, the weights' fingerprints as `weights/MANIFEST.txt` lists them, and
/// where the turn's clock started (in memory, the input is waiting: from the start).
#[test]
fn the_first_turn_names_what_runs() {
    let input = two_opening_turns();
    let log_of = |portable: bool| {
        let options = BotOptions { portable, ..quick_options() };
        let mut log = Vec::new();
        run(input.as_bytes(), &mut Vec::new(), &mut log, &options);
        String::from_utf8(log).unwrap()
    };
    let copy = if uttt::mcts::wide_available() { "(search: AVX2 copy;" } else { "(search: portable copy;" };
    let build = if cfg!(debug_assertions) { "build: debug assertions on" } else { "build: optimised;" };
    let manifest = std::fs::read_to_string("weights/MANIFEST.txt").unwrap();
    let fingerprint = |file: &str| {
        let line = manifest.lines().find(|l| l.contains(&format!("({file})"))).expect("a manifest entry");
        let hex = line.rsplit("FNV-1a ").next().unwrap();
        hex[..8].to_string()
    };
    for (log, named) in [(log_of(false), copy), (log_of(true), "(search: portable copy;")] {
        let turns: Vec<&str> = log.lines().filter(|l| l.starts_with("turn ")).collect();
        assert_eq!(turns.len(), 2, "{log}");
        assert!(turns[0].starts_with("turn 1 ") && turns[0].contains(named), "{log}");
        assert!(turns[0].contains(build), "{log}");
        for (name, file) in [("policy", "policy.txt"), ("value", "value.txt"), ("book", "book.txt")] {
            assert!(turns[0].contains(&format!("{name} {}", fingerprint(file))), "{name}: {log}");
        }
        // The net alone reads no rollout, so no rollout head is named.
        assert!(!turns[0].contains(&format!("head {}", fingerprint("rollout_head.txt"))), "{log}");
        assert!(turns[0].contains("clock from the process's start (input waiting); start-up "), "{log}");
        assert!(!turns[1].contains("(search:"), "{log}");
    }
}

/// Started in the middle of a game: the first input is a real mid-game turn the bot never saw begin.
#[test]
fn a_bot_started_mid_game_answers_from_the_list() {
    use uttt::{Board, Rng};
    let mut rng = Rng::new(77);
    for _ in 0..20 {
        let mut board = Board::new();
        let mut last = None;
        for _ in 0..(10 + rng.below(20)) {
            match board.random_move(&mut rng) {
                Some(m) if !board.is_over() => {
                    board.play(m);
                    last = Some(m);
                }
                _ => break,
            }
        }
        if board.is_over() {
            continue;
        }
        let legal = board.legal_moves();
        let mut input = format!("{}\n{}\n", last.unwrap(), legal.len());
        legal.iter().for_each(|m| input += &format!("{m}\n"));
        let out = drive(input.as_bytes());
        let answer = out.lines().next().expect("an answer");
        assert!(legal.iter().any(|m| m.to_string() == answer), "{answer} is not in the list");
    }
}

/// `--no-value` is the bot as it was before the value net: rollouts alone, with their exploration.
#[test]
fn without_the_net_the_bot_searches_as_it_did_before_it() {
    use uttt::mcts::Params;
    let parse = |s: &str| BotOptions::parse(&s.split_whitespace().map(String::from).collect::<Vec<_>>());
    assert_eq!(parse("").unwrap().params, Params::BOT);
    assert_ne!(Params::BOT, Params::ROLLOUT_BOT, "the bot searches with the net");
    assert_eq!(parse("--no-value").unwrap().params, Params::ROLLOUT_BOT);
    assert_eq!(parse("--value-weight 1").unwrap().params.value_weight, 1.0);
}

/// In a blend of net and rollout (`--value-weight 0.5`; the bot values by the net alone, which reads no
/// rollout) the embedded rollout head changes the search's values; a head file that cannot be used leaves
/// the plain blend (the same moves and log as `--no-rollout-head`), and the bot plays on.
#[test]
fn an_unusable_rollout_head_leaves_the_plain_blend() {
    let input = two_opening_turns();
    let play = |extra: &str| {
        let words: Vec<String> = format!("--iterations 3000 --seed 4 --nodes 100000 --no-book {extra}")
            .split_whitespace()
            .map(String::from)
            .collect();
        let options = BotOptions::parse(&words).unwrap();
        let (mut out, mut log) = (Vec::new(), Vec::new());
        run(input.as_bytes(), &mut out, &mut log, &options);
        let out = String::from_utf8(out).unwrap();
        assert_eq!(out.lines().count(), 2, "{out:?}");
        // The log lines without their times (`12.3ms`, `(45/ms)`, `(0.1ms)`), which differ from run to run,
        // and without the first turn's note of what runs, which names the head's file.
        let log: Vec<String> = String::from_utf8(log)
            .unwrap()
            .lines()
            .map(|l| l.split(" (search:").next().unwrap_or(l))
            .map(|l| l.split_whitespace().filter(|w| !w.trim_end_matches(')').ends_with("ms")).collect())
            .collect();
        (out, log)
    };
    let plain = play("--value-weight 0.5 --no-rollout-head");
    assert_eq!(play("--value-weight 0.5 --rollout-head /nonexistent/rollout_head.txt"), plain);
    assert_ne!(play("--value-weight 0.5").1, plain.1, "the embedded head changes the blend's values");
    // The net alone, the bot's, plays the same with the head or without it, and not as the blend does.
    let net_alone = play("");
    assert_eq!(play("--no-rollout-head"), net_alone);
    assert_ne!(net_alone.1, plain.1, "the bot values by the net alone");
}
