//! `uttt arena A B --rules plain`: matches of plain tic-tac-toe, the game of the arena's first leagues
//! (one 3×3 board, coordinates 0–2; docs/rules.md). The same protocol, time limits and strict judging of
//! answers as Ultimate; the built-in players are `builtin:perfect` (exact play, a random choice among the
//! best moves) and `builtin:random`.

use super::player::{ExternalPlayer, Fault, PlayerSpec};
use super::referee::{time_control, TimeControl};
use crate::board::plain::{cells, PlainBoard};
use crate::board::{Player, Status};
use crate::cli::Args;
use crate::moves::Move;
use crate::rng::Rng;
use std::time::Duration;

/// One side of a plain game.
enum Side {
    Perfect(Rng),
    Random(Rng),
    External(ExternalPlayer),
}

impl Side {
    fn start(spec: &PlayerSpec, seed: u64) -> Result<Side, Fault> {
        match spec {
            PlayerSpec::Builtin(name) if name == "perfect" => Ok(Side::Perfect(Rng::new(seed))),
            PlayerSpec::Builtin(name) if name == "random" => Ok(Side::Random(Rng::new(seed))),
            PlayerSpec::Builtin(name) => {
                Err(Fault::Crash(format!("builtin:{name} does not play plain tic-tac-toe (perfect, random)")))
            }
            PlayerSpec::Command(c) => ExternalPlayer::spawn(c, seed, &[], true).map(Side::External),
            PlayerSpec::LenientCommand(c) => ExternalPlayer::spawn(c, seed, &[], false).map(Side::External),
        }
    }

    fn turn(&mut self, board: &PlainBoard, last: Option<Move>, limit: Duration) -> Result<usize, Fault> {
        let legal = board.legal_cells();
        match self {
            Side::Perfect(rng) => Ok(board.best_cell(rng).expect("the game goes on")),
            Side::Random(rng) => {
                let all: Vec<usize> = cells(legal).collect();
                Ok(all[rng.below(all.len() as u32) as usize])
            }
            Side::External(p) => {
                let moves: Vec<Move> = cells(legal).map(|c| Move::new(0, c)).collect();
                let (answer, took) = p.ask(moves, last, limit);
                match answer {
                    Ok(_) if took > limit => Err(Fault::Timeout { ms: limit.as_millis() as u64 }),
                    Ok(m) => Ok(m.cell()),
                    Err(f) => Err(f),
                }
            }
        }
    }
}

/// How a plain game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct PlainGame {
    /// The cells played, in order.
    pub moves: Vec<usize>,
    /// The result (a fault's loser loses).
    pub status: Status,
    /// The side that faulted, and how.
    pub fault: Option<(Player, Fault)>,
}

/// Plays one plain game: `x` moves first.
pub fn play_plain_game(x: &PlayerSpec, o: &PlayerSpec, tc: &TimeControl, seed: u64) -> PlainGame {
    let mut game = PlainGame { moves: Vec::new(), status: Status::Ongoing, fault: None };
    let mut sides = Vec::new();
    for (p, spec) in [(Player::X, x), (Player::O, o)] {
        match Side::start(spec, seed.wrapping_mul(2).wrapping_add(p.index() as u64)) {
            Ok(side) => sides.push(side),
            Err(f) => {
                game.fault = Some((p, f));
                game.status = Status::Won(p.other());
                return game;
            }
        }
    }
    let mut board = PlainBoard::new();
    let mut last = None;
    while board.status() == Status::Ongoing {
        let p = board.side_to_move();
        let first = game.moves.len() < 2;
        let limit = if first { tc.first_turn } else { tc.later_turns } + tc.grace;
        match sides[p.index()].turn(&board, last, limit) {
            Ok(cell) => {
                board.play(cell);
                game.moves.push(cell);
                last = Some(Move::new(0, cell));
            }
            Err(f) => {
                game.fault = Some((p, f));
                game.status = Status::Won(p.other());
                return game;
            }
        }
    }
    game.status = board.status();
    game
}

/// `uttt arena A B --rules plain [--games N] [--seed S] [--time-ms T] [--first-time-ms T] [--grace-ms G]
/// [--lenient-output]`: A and B alternate colours; prints the score with each colour and the faults.
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let games: usize = args.value_or("--games", 20)?;
    let seed: u64 = args.value_or("--seed", 1)?;
    let tc = time_control(&mut args)?;
    let lenient = args.flag("--lenient-output");
    let players = args.positionals()?;
    let [a, b] = &players[..] else { return Err("arena needs exactly two players".into()) };
    let (a, b) = (PlayerSpec::parse(a).lenient(lenient), PlayerSpec::parse(b).lenient(lenient));
    // [A as X, A as O]: (wins, draws, losses) of A.
    let mut tally = [(0, 0, 0); 2];
    let mut faults = Vec::new();
    for g in 0..games {
        let a_is_x = g % 2 == 0;
        let (x, o) = if a_is_x { (&a, &b) } else { (&b, &a) };
        let game = play_plain_game(x, o, &tc, seed.wrapping_add(g as u64));
        let a_side = if a_is_x { Player::X } else { Player::O };
        let t = &mut tally[a_side.index()];
        match game.status {
            Status::Won(p) if p == a_side => t.0 += 1,
            Status::Won(_) => t.2 += 1,
            _ => t.1 += 1,
        }
        if let Some((p, f)) = &game.fault {
            let who = if *p == a_side { a.label() } else { b.label() };
            faults.push(format!("game {g}: {who} ({p:?}): {f}"));
        }
    }
    let line =
        |(w, d, l): (i32, i32, i32), colour: &str| format!("  {} as {colour}: W/D/L {w}/{d}/{l}", a.label());
    println!("plain tic-tac-toe, {games} games: {} against {}", a.label(), b.label());
    println!("{}\n{}", line(tally[0], "X (first)"), line(tally[1], "O (second)"));
    let total = (tally[0].0 + tally[1].0, tally[0].1 + tally[1].1, tally[0].2 + tally[1].2);
    println!("  {}: W/D/L {}/{}/{} in all; faults: {}", a.label(), total.0, total.1, total.2, faults.len());
    faults.iter().for_each(|f| println!("  {f}"));
    Ok(0)
}
