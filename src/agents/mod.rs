//! Built-in opponents: the systems of the reference papers, so the bot can be compared with them.
//!
//! A spec such as `minimax:depth=4` or `mcts` names one; `parse` builds it.

mod alphago;
pub mod basis6;
mod classic;
pub mod eval;
mod minimax;
pub mod perceptron;
mod policy_only;
mod score;
pub mod seed_eval;
pub mod weighted;

use crate::board::Board;
use crate::bot::Bot;
use crate::mcts::{Limits, Params, RolloutPolicy, Search, Tunable};
use crate::moves::Move;
use std::time::Instant;

pub use classic::{Greedy, RandomAgent, Reflex};
pub use minimax::{Expectimax, Minimax};

/// A player that runs inside the referee's process.
pub trait Agent: Send {
    /// Called before each game, which starts after the `opening` moves (none: the empty board).
    fn new_game(&mut self, opening: &[Move]) {
        let _ = opening;
    }
    /// The move for `board` (never finished), to be answered before `deadline`.
    /// `last` is the opponent's last move, `None` on the first move of the game.
    fn choose(&mut self, board: &Board, last: Option<Move>, deadline: Instant) -> Move;
    /// What the agent would say on stderr about its last move (the bot's per-move line), once.
    fn take_note(&mut self) -> Option<String> {
        None
    }
}

/// A fixed iteration count when one was asked for, else the referee's deadline.
fn agent_limits(iterations: Option<u64>, deadline: Instant) -> Limits {
    match iterations {
        Some(n) => Limits::iterations(n),
        None => Limits { deadline: Some(deadline), max_iterations: None },
    }
}

/// The referee's deadline, or sooner when the agent is told to think only `think` per move.
fn think_deadline(think: Option<std::time::Duration>, deadline: Instant) -> Instant {
    match think {
        Some(t) => deadline.min(Instant::now() + t),
        None => deadline,
    }
}

/// The bot itself, driven exactly as the referee loop drives it.
pub struct BotAgent {
    make: Box<dyn Fn() -> Bot + Send>,
    bot: Bot,
    iterations: Option<u64>,
    /// Thinking time per move (`bot:ms=100`: the arena's pace against opponents given longer limits).
    think: Option<std::time::Duration>,
    note: Option<String>,
}

impl Agent for BotAgent {
    fn new_game(&mut self, opening: &[Move]) {
        self.bot = (self.make)();
        if let Err(e) = self.bot.start_from(opening) {
            eprintln!("uttt: {e}");
        }
    }
    fn choose(&mut self, board: &Board, last: Option<Move>, deadline: Instant) -> Move {
        if let Some(m) = last {
            self.bot.opponent_moved(Some(m));
        }
        let start = Instant::now();
        let legal = board.legal_moves();
        let limits = agent_limits(self.iterations, think_deadline(self.think, deadline));
        let choice = self.bot.choose(Some(&legal), limits, &mut Vec::new());
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        self.note = choice.as_ref().map(|c| crate::protocol::describe(self.bot.turn(), ms, c));
        choice.map(|c| c.mv()).unwrap_or(legal[0])
    }
    fn take_note(&mut self) -> Option<String> {
        self.note.take()
    }
}

/// Plain search with given parameters (the textbook `mcts` baseline).
pub struct SearchAgent {
    params: Params,
    seed: u64,
    search: Search,
    iterations: Option<u64>,
    /// Thinking time per move (`mcts:ms=500`, seed 004's "MCTS 0.5 s"), within the referee's deadline.
    think: Option<std::time::Duration>,
}

impl Agent for SearchAgent {
    fn new_game(&mut self, _: &[Move]) {
        self.seed = self.seed.wrapping_add(1);
        self.search = Search::new(self.params, 1_000_000, self.seed);
    }
    fn choose(&mut self, board: &Board, _last: Option<Move>, deadline: Instant) -> Move {
        let limits = agent_limits(self.iterations, think_deadline(self.think, deadline));
        self.search.search(board, None, limits).best
    }
}

/// The move of `moves` with the highest `score`, ties broken at random: how every one-move chooser here
/// picks (a greedy or searching agent's scores of its successors).
pub fn best_move(moves: &[Move], mut score: impl FnMut(Move) -> f64, rng: &mut crate::rng::Rng) -> Move {
    let mut best = (f64::NEG_INFINITY, Vec::new());
    for &m in moves {
        let s = score(m);
        if s > best.0 {
            best = (s, vec![m]);
        } else if s == best.0 {
            best.1.push(m);
        }
    }
    best.1[rng.below(best.1.len() as u32) as usize]
}

/// Names of the built-in agents and their options, for help texts (the bot's tunables from `TUNABLES`).
pub fn names() -> String {
    format!(
        "random, reflex, greedy, policy[:greedy], alphago[:iters=N][:c=X] (seed 001's Q + c·P search, c 5, 250 iterations), perceptron[:advanced[:weights=W]], minimax[:depth=N][:fullmoves][:top=K][:timed][:points][:eval=heuristic|net|e1|e2|basis6[:weights=FILE]|basis6-learned|td[:weights=W]], expectimax[:depth=N][:fullmoves][:eval=…] (W: published|td|zero|FILE), weighted[:NAME=X…][:softsign=0|1][:ignore_giving=0|1][:n=N][:k=K][:opening=jumper|drunk] (NAME: take_cell … best_enemy_move, src/agents/weighted.rs), mcts[:iters=N][:ms=N], bot[:iters=N][:ms=N][:nopolicy][:novalue][:net=FILE][:rhead=FILE][:norhead]{}[:rollout=uniform|heuristic|gamewins|gamewins+danger|nodanger|noboardwins] (the tunables: `uttt help params`)",
        Tunable::help()
    )
}

/// Seed 000's linear weights by name: `published` (the document's), `td` (weights/td.txt), `zero`
/// (the untrained start), or a file in weights/td.txt's format.
fn linear_weight_set(name: &str) -> Result<[f64; 13], String> {
    match name {
        "published" => Ok(perceptron::PUBLISHED_WEIGHTS),
        "td" => Ok(perceptron::embedded_weights()),
        "zero" => Ok([0.0; 13]),
        path => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("weights={path}: {e}"))?;
            perceptron::weights_from_text(&text).map_err(|e| format!("weights={path}: {e}"))
        }
    }
}

/// Builds an agent from a spec like `minimax:depth=4`; `seed` makes it repeatable.
pub fn parse(spec: &str, seed: u64) -> Result<Box<dyn Agent>, String> {
    let mut parts = spec.split(':');
    let name = parts.next().unwrap_or("");
    if name == "weighted" {
        return Ok(Box::new(weighted::Weighted::from_options(parts, seed)?));
    }
    let mut depth = None;
    let mut iterations = None;
    let mut timed = false;
    let mut evaluation = eval::Evaluation::Heuristic;
    let mut policy = true;
    let mut greedy = false;
    let mut advanced = false;
    let mut think = None;
    let mut full_moves = false;
    let mut top = None;
    let mut weights_name = None;
    let mut value = true;
    let mut value_file = None;
    let mut rollout_head_file = None;
    let mut use_rollout_head = true;
    let mut params = Params::BOT;
    let mut c_given = None;
    let mut rules = crate::board::variants::Rules::CodinGame;
    for opt in parts {
        match opt.split_once('=') {
            // The search's tunables (`mcts/params.rs`, `TUNABLES`): `c`, `fpu`, `vw`, `vpv`, …
            Some((name, v)) if Tunable::find(name).is_some() => {
                let t = Tunable::find(name).expect("just found");
                t.set_text(&mut params, v).map_err(|e| format!("{e} in {spec:?}"))?;
                if name == "c" {
                    c_given = Some(params.exploration);
                }
            }
            Some(("rollout", v)) => {
                params.rollout = match v {
                    "uniform" => RolloutPolicy::UNIFORM,
                    "heuristic" => RolloutPolicy::HEURISTIC,
                    "gamewins" => RolloutPolicy::GAME_WINS,
                    "gamewins+danger" => {
                        RolloutPolicy { avoid_losing_sends: true, ..RolloutPolicy::GAME_WINS }
                    }
                    "nodanger" => RolloutPolicy { avoid_losing_sends: false, ..RolloutPolicy::HEURISTIC },
                    "noboardwins" => RolloutPolicy { take_board_wins: false, ..RolloutPolicy::HEURISTIC },
                    _ => return Err(format!("unknown rollout {v:?} in {spec:?}")),
                }
            }
            Some(("depth", v)) => {
                depth = Some(v.parse::<u32>().map_err(|_| format!("bad depth in {spec:?}"))?)
            }
            Some(("iters", v)) => {
                iterations = Some(v.parse::<u64>().map_err(|_| format!("bad iters in {spec:?}"))?)
            }
            None if opt == "timed" => timed = true,
            Some(("eval", "heuristic")) => evaluation = eval::Evaluation::Heuristic,
            Some(("eval", "net")) => evaluation = eval::Evaluation::Net(crate::value::ValueNet::embedded()?),
            Some(("eval", "e1")) => evaluation = eval::Evaluation::Seed(seed_eval::SeedEval::E1),
            Some(("eval", "e2")) => evaluation = eval::Evaluation::Seed(seed_eval::SeedEval::E2),
            Some(("eval", "basis6")) => evaluation = eval::Evaluation::Basis6(basis6::DEFAULT_CONSTANTS),
            Some(("eval", "basis6-learned")) => {
                evaluation = eval::Evaluation::Basis6(basis6::embedded_constants())
            }
            // Seed 000's linear evaluation; its weights are `weights=` (ours from weights/td.txt by default).
            Some(("eval", "td")) => evaluation = eval::Evaluation::Linear([0.0; 13]),
            Some(("weights", w)) => weights_name = Some(w),
            None if opt == "fullmoves" => full_moves = true,
            None if opt == "points" => rules = crate::board::variants::Rules::Points,
            Some(("top", v)) => top = Some(v.parse::<usize>().map_err(|_| format!("bad top in {spec:?}"))?),
            None if opt == "nopolicy" => policy = false,
            None if opt == "greedy" => greedy = true,
            None if opt == "advanced" => advanced = true,
            Some(("ms", v)) => {
                think = Some(std::time::Duration::from_millis(
                    v.parse().map_err(|_| format!("bad ms in {spec:?}"))?,
                ))
            }
            None if opt == "novalue" => value = false,
            // Another value net for the bot, read as `--value-weights FILE` reads it.
            Some(("net", path)) => {
                crate::value::ValueNet::load(Some(path)).map_err(|e| format!("net= in {spec:?}: {e}"))?;
                value_file = Some(path.to_string())
            }
            // A rollout head for the bot's value net (`uttt fit-rollout-head`).
            Some(("rhead", path)) => rollout_head_file = Some(path.to_string()),
            None if opt == "norhead" => use_rollout_head = false,
            _ => return Err(format!("unknown option {opt:?} in {spec:?}")),
        }
    }
    if let Some(path) = &rollout_head_file {
        let net =
            crate::value::ValueNet::load(value_file.as_deref()).map_err(|e| format!("{spec:?}: {e}"))?;
        crate::value::rollout_head::load(&net, Some(path)).map_err(|e| format!("rhead= in {spec:?}: {e}"))?;
    }
    if !value {
        // `bot:novalue` is the bot before the net, unless told otherwise (`bot:novalue:c=…`).
        params = params.without_value();
        params.exploration = c_given.unwrap_or(params.exploration);
    }
    // `weights=` names seed 000's linear weights, or a constants file for the basis-6 evaluation.
    let mut linear_weights = None;
    match (&mut evaluation, weights_name) {
        (eval::Evaluation::Basis6(c), Some(path)) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("weights={path}: {e}"))?;
            *c = basis6::constants_from_text(&text).map_err(|e| format!("weights={path}: {e}"))?;
        }
        (_, Some(w)) => linear_weights = Some(linear_weight_set(w)?),
        _ => {}
    }
    if let eval::Evaluation::Linear(w) = &mut evaluation {
        *w = linear_weights.unwrap_or_else(perceptron::embedded_weights);
    }
    // Seed 000 counts depth in full moves: the depth drops only at the opponent's nodes.
    let plies = |d: u32| if full_moves { 2 * d } else { d };
    Ok(match name {
        "random" => Box::new(RandomAgent::new(seed)),
        "policy" => Box::new(policy_only::PolicyAgent::new(seed, greedy)?),
        "alphago" => Box::new(alphago::AlphaGo::new(
            iterations.unwrap_or(alphago::DOCUMENT_ITERATIONS),
            c_given.unwrap_or(alphago::DOCUMENT_C),
        )?),
        "perceptron" => Box::new(perceptron::Perceptron::new(
            if advanced {
                perceptron::Extractor::Advanced(linear_weights.unwrap_or(perceptron::PUBLISHED_WEIGHTS))
            } else {
                perceptron::Extractor::Simple
            },
            seed,
        )),
        "reflex" => Box::new(Reflex::new(seed)),
        "greedy" => Box::new(Greedy::new(seed)),
        "minimax" => Box::new(
            Minimax::new(plies(depth.unwrap_or(4)), timed, seed)
                .with_eval(evaluation)
                .with_top(top)
                .with_rules(rules),
        ),
        "expectimax" => Box::new(Expectimax::new(plies(depth.unwrap_or(3)), seed).with_eval(evaluation)),
        "mcts" => Box::new(SearchAgent {
            params: Params::TEXTBOOK,
            seed,
            search: Search::new(Params::TEXTBOOK, 1_000_000, seed),
            iterations,
            think,
        }),
        "bot" => {
            let options = crate::options::BotOptions {
                seed,
                use_policy: policy,
                use_value: value,
                value_file,
                rollout_head_file,
                use_rollout_head,
                params,
                ..Default::default()
            };
            let make = move || options.build();
            Box::new(BotAgent { bot: make(), make: Box::new(make), iterations, think, note: None })
        }
        _ => return Err(format!("unknown agent {name:?}: one of {}", names())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::time::Duration;

    #[test]
    fn every_agent_plays_only_legal_moves() {
        let specs = [
            "random",
            "reflex",
            "greedy",
            "minimax:depth=2",
            "minimax:depth=2:eval=net",
            "bot:iters=200:novalue",
            "expectimax:depth=1",
            "mcts:iters=200",
            "mcts:ms=2",
            "bot:iters=200",
            "policy",
            "policy:greedy",
            "alphago:iters=50",
            "perceptron",
            "perceptron:advanced",
            "minimax:depth=2:eval=e1",
            "minimax:depth=2:eval=e2",
        ];
        let mut rng = Rng::new(4);
        for spec in specs {
            for game in 0..20 {
                let mut a = parse(spec, game).unwrap();
                a.new_game(&[]);
                let mut board = Board::new();
                let mut last = None;
                while !board.is_over() {
                    // The agent plays X in even games and O in odd ones; a random mover plays the other side.
                    let agent_turn = (board.side_to_move() == crate::board::Player::X) == (game % 2 == 0);
                    let m = if agent_turn {
                        a.choose(&board, last, Instant::now() + Duration::from_millis(50))
                    } else {
                        board.random_move(&mut rng).unwrap()
                    };
                    assert!(board.is_legal(m), "{spec} played an illegal {m}");
                    board.play(m);
                    last = Some(m);
                }
            }
        }
    }

    #[test]
    fn agents_are_repeatable_under_a_seed() {
        for spec in ["random", "reflex", "greedy", "minimax:depth=3", "mcts:iters=300", "bot:iters=300"] {
            let play = |seed| {
                let mut a = parse(spec, seed).unwrap();
                a.new_game(&[]);
                let mut board = Board::new();
                let mut last = None;
                let mut moves = Vec::new();
                for _ in 0..12 {
                    if board.is_over() {
                        break;
                    }
                    let m = a.choose(&board, last, Instant::now() + Duration::from_secs(5));
                    board.play(m);
                    last = Some(m);
                    moves.push(m);
                }
                moves
            };
            assert_eq!(play(7), play(7), "{spec}");
        }
    }

    #[test]
    fn bad_specs_are_rejected() {
        assert!(parse("nobody", 0).is_err());
        assert!(parse("minimax:depth=x", 0).is_err());
        assert!(parse("minimax:fast", 0).is_err());
        assert!(parse("minimax:eval=e3", 0).is_err());
        assert!(parse("mcts:ms=soon", 0).is_err());
        let missing = parse("bot:net=no/such/net.txt", 0).err().expect("a missing net is an error");
        assert!(missing.contains("no/such/net.txt"), "{missing}");
    }

    #[test]
    fn a_bot_given_a_nets_file_evaluates_with_that_net() {
        // The embedded net with its output negated: the bot that reads it must play differently.
        let net = crate::value::ValueNet::embedded().unwrap();
        let (w1, b1, second, w2, b2) = net.parts();
        let negated = crate::value::ValueNet::new(
            net.hidden(),
            w1.to_vec(),
            b1.to_vec(),
            second.clone(),
            w2.iter().map(|w| -w).collect(),
            b2.iter().map(|b| -b).collect(),
        )
        .unwrap();
        let path = std::env::temp_dir().join(format!("uttt-negated-net-{}.txt", std::process::id()));
        std::fs::write(&path, negated.encode()).unwrap();
        let spec = |net: &str| format!("bot:iters=300:net={net}");
        let play = |spec: &str| {
            let mut agent = parse(spec, 5).unwrap();
            let (mut board, mut last, mut moves) = (crate::board::Board::new(), None, Vec::new());
            let deadline = std::time::Instant::now() + Duration::from_secs(60);
            while moves.len() < 16 && !board.is_over() {
                let m = agent.choose(&board, last, deadline);
                board.play(m);
                moves.push(m);
                last = Some(m);
            }
            moves
        };
        let (embedded, same, flipped) =
            (play("bot:iters=300"), play(&spec("weights/value.txt")), play(&spec(&path.to_string_lossy())));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(same, embedded, "the embedded net's own file plays as the embedded net");
        assert_ne!(flipped, embedded, "another net plays other moves");
    }
}
