//! Seed 001's search (`builtin:alphago`) plays better than its policy alone: the value net and the tree
//! must add something, and a backup with the wrong sign would make it worse, not better.

use uttt::arena::player::PlayerSpec;
use uttt::arena::referee::TimeControl;
use uttt::arena::{run_match, MatchConfig};

#[test]
fn the_search_beats_its_policy_alone() {
    let a = PlayerSpec::parse("builtin:alphago:iters=100");
    let b = PlayerSpec::parse("builtin:policy");
    let r = run_match(&a, &b, MatchConfig::new(40, 2, TimeControl::default(), 3), |_| {});
    let w = r.wdl();
    assert_eq!(w.games(), 40);
    assert!(w.score() >= 0.9, "alphago scored {:.3} against the policy alone", w.score());
}
