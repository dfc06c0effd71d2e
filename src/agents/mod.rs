//! Built-in opponents: the systems of the reference papers, so the bot can be compared with them.
//!
//! A spec such as `minimax:depth=4` or `mcts` names one; `parse` builds it (`registry.rs`: each agent with
//! its options and its constructor).

mod agent;
mod alphago;
pub mod basis6;
mod classic;
pub mod eval;
pub mod family;
mod minimax;
pub mod perceptron;
mod policy_only;
mod registry;
mod score;
pub mod seed_eval;
pub mod weighted;

use crate::board::Board;
use crate::bot::Bot;
use crate::mcts::{Params, Search};
use crate::moves::Move;
use agent::{agent_limits, think_deadline};
use std::time::Instant;

pub use agent::{best_move, Agent};
pub use classic::{Greedy, RandomAgent, Reflex};
pub use minimax::{Expectimax, Minimax};
pub use registry::{names, parse, AgentKind, AGENTS};

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
