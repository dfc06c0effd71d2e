//! The local referee judges a bot's answers as strictly as the arena: each malformed line loses, an
//! extra line is read as the next turn's answer, and `--lenient-output` relaxes it.

use std::time::Duration;
use uttt::arena::player::PlayerSpec;
use uttt::arena::referee::TimeControl;
use uttt::arena::{run_match, MatchConfig};

fn tc() -> TimeControl {
    TimeControl {
        first_turn: Duration::from_millis(2000),
        later_turns: Duration::from_millis(1000),
        grace: Duration::ZERO,
    }
}

/// A shell bot that reads one turn and answers `answer` (printf format), then a legal move from the list
/// every later turn.
fn scripted(first_answer: &str) -> String {
    format!(
        "read l; read n; i=0; while [ $i -lt $n ]; do read m; i=$((i+1)); done; printf '{first_answer}'; \
         while read l; do read n; read m; i=1; while [ $i -lt $n ]; do read x; i=$((i+1)); done; echo \"$m\"; done"
    )
}

/// The faults of `spec` moving first against `builtin:random`, over one game.
fn faults_of(spec: PlayerSpec) -> Vec<(&'static str, String)> {
    let config = MatchConfig { a_first: Some(true), ..MatchConfig::new(1, 1, tc(), 5) };
    let r = run_match(&spec, &PlayerSpec::Builtin("random".into()), config, |_| {});
    r.faults(true).into_iter().map(|(k, g)| (k, format!("{g:?}"))).collect()
}

#[test]
fn each_answer_the_arena_refuses_is_a_malformed_fault_here() {
    for answer in [" 4 4\\n", "4 4 \\n", "04 4\\n", "4  4\\n", "4\\t4\\n"] {
        let faults = faults_of(PlayerSpec::Command(scripted(answer)));
        assert_eq!(faults.len(), 1, "{answer:?}: {faults:?}");
        assert_eq!(faults[0].0, "malformed", "{answer:?}");
    }
    // With a message, or read leniently, the same bot plays its game through.
    assert!(faults_of(PlayerSpec::Command(scripted("4 4 hello there\\n"))).is_empty());
    assert!(faults_of(PlayerSpec::Command(scripted(" 4 4 \\n")).lenient(true)).is_empty());
}

#[test]
fn an_extra_line_is_read_as_the_next_turns_answer() {
    // The second line of the first turn is taken as the second turn's answer: malformed there.
    let faults = faults_of(PlayerSpec::Command(scripted("4 4\\njunk\\n")));
    assert_eq!(faults.len(), 1, "{faults:?}");
    assert_eq!(faults[0].0, "malformed");
}
