//! The first leagues' plain tic-tac-toe through the real protocol: the bot recognises it from its first
//! turn, as either colour, and never loses it; Ultimate's first turns are not mistaken for it.

use std::time::Duration;
use uttt::arena::plain::play_plain_game;
use uttt::arena::player::PlayerSpec;
use uttt::arena::referee::TimeControl;
use uttt::board::{Player, Status};
use uttt::options::BotOptions;
use uttt::protocol::run;

fn bot() -> PlayerSpec {
    PlayerSpec::Command(format!("'{}' --quiet --iterations 200 --nodes 20000", env!("CARGO_BIN_EXE_uttt")))
}

#[test]
fn the_bot_never_loses_plain_games_and_punishes_errors() {
    let tc = TimeControl {
        first_turn: Duration::from_secs(5),
        later_turns: Duration::from_secs(2),
        grace: Duration::ZERO,
    };
    let mut wins = 0;
    for (opponent, games) in [("perfect", 8), ("random", 16)] {
        let opponent = PlayerSpec::Builtin(opponent.into());
        for g in 0..games {
            let bot_side = if g % 2 == 0 { Player::X } else { Player::O };
            let (x, o) =
                if bot_side == Player::X { (bot(), opponent.clone()) } else { (opponent.clone(), bot()) };
            let game = play_plain_game(&x, &o, &tc, 100 + g as u64);
            assert_eq!(game.fault, None, "game {g}: {game:?}");
            assert_ne!(game.status, Status::Won(bot_side.other()), "the bot lost game {g}: {game:?}");
            wins += (game.status == Status::Won(bot_side)) as usize;
            assert!(game.moves.len() >= 5 && game.moves.len() <= 9);
        }
    }
    assert!(wins >= 8, "the bot beat builtin:random only {wins} times in 16");
}

/// The bot's answers to `input` (the referee loop in this process).
fn answers(input: &str) -> Vec<String> {
    let options = BotOptions { iterations: Some(50), nodes: 20_000, quiet: true, ..BotOptions::default() };
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out, &mut Vec::new(), &options);
    String::from_utf8(out).unwrap().lines().map(String::from).collect()
}

fn turn(last: &str, moves: &[(u8, u8)]) -> String {
    let mut text = format!("{last}\n{}\n", moves.len());
    moves.iter().for_each(|(r, c)| text += &format!("{r} {c}\n"));
    text
}

fn all_but(taken: &[(u8, u8)]) -> Vec<(u8, u8)> {
    (0..3).flat_map(|r| (0..3).map(move |c| (r, c))).filter(|m| !taken.contains(m)).collect()
}

#[test]
fn both_levels_of_the_protocol_are_told_apart_from_the_first_turn() {
    // Plain, second player after a corner: only the centre draws.
    assert_eq!(answers(&turn("0 2", &all_but(&[(0, 2)]))), ["1 1"]);
    // Plain, second player after the centre: a corner.
    let a = answers(&turn("1 1", &all_but(&[(1, 1)])));
    assert!(["0 0", "0 2", "2 0", "2 2"].contains(&a[0].as_str()), "{a:?}");
    // Plain, first player: then a threat to block (X 1 1, O 0 0, X ?, O 0 1: X must take 0 2).
    let first = answers(&turn("-1 -1", &all_but(&[])));
    assert_eq!(first.len(), 1);
    // Ultimate, first player: the usual opening, far from the 3×3 corner.
    let all: Vec<(u8, u8)> = (0..9).flat_map(|r| (0..9).map(move |c| (r, c))).collect();
    assert_eq!(answers(&turn("-1 -1", &all)), ["4 4"]);
    // Ultimate, second player after 4 4: an answer inside the centre board.
    let centre: Vec<(u8, u8)> =
        (3..6).flat_map(|r| (3..6).map(move |c| (r, c))).filter(|&m| m != (4, 4)).collect();
    let a = answers(&turn("4 4", &centre));
    let (r, c) = a[0].split_once(' ').unwrap();
    assert!(
        (3..6).contains(&r.parse::<u8>().unwrap()) && (3..6).contains(&c.parse::<u8>().unwrap()),
        "{a:?}"
    );
}

#[test]
fn a_plain_game_is_played_to_its_end_through_the_protocol() {
    // X (the bot) opens; O answers in the corner 0 0, then wherever the bot leaves the most room.
    let mut input = turn("-1 -1", &all_but(&[]));
    let first = answers(&input);
    let parse = |s: &str| {
        let (r, c) = s.split_once(' ').unwrap();
        (r.parse::<u8>().unwrap(), c.parse::<u8>().unwrap())
    };
    let mut taken = vec![parse(&first[0])];
    let reply = all_but(&taken)[0];
    taken.push(reply);
    input += &turn(&format!("{} {}", reply.0, reply.1), &all_but(&taken));
    let two = answers(&input);
    assert_eq!(two.len(), 2, "{two:?}");
    let second = parse(&two[1]);
    assert!(second.0 < 3 && second.1 < 3 && !taken.contains(&second), "{two:?}");
}
