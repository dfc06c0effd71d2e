//! The built-in agents by name: each with the options it takes (its help line) and its constructor, which
//! reads its own options. `builtin:NAME[:opt…]` finds its agent here; an option the agent does not know is
//! an error that names it.

use super::family::Family;
use super::{alphago, basis6, eval, minimax, perceptron, policy_only, seed_eval, weighted};
use super::{Agent, BotAgent, Greedy, RandomAgent, Reflex, SearchAgent};
use crate::alphabeta::AbParams;
use crate::board::variants::Rules;
use crate::mcts::{Params, RolloutPolicy, Search};
use crate::tunables::Tunable;
use std::time::Duration;

/// An agent's constructor: from its options and a seed.
pub type Build = fn(&mut Options, u64) -> Result<Box<dyn Agent>, String>;

/// One built-in agent.
pub struct AgentKind {
    /// Its name in a spec.
    pub name: &'static str,
    /// Its options, as the help lists them after the name.
    pub options: fn() -> String,
    /// Builds it from its options.
    pub build: Build,
}

/// Every built-in agent, in the order the help lists them.
pub const AGENTS: &[AgentKind] = &[
    AgentKind { name: "random", options: String::new, build: |_, seed| Ok(Box::new(RandomAgent::new(seed))) },
    AgentKind { name: "reflex", options: String::new, build: |_, seed| Ok(Box::new(Reflex::new(seed))) },
    AgentKind { name: "greedy", options: String::new, build: |_, seed| Ok(Box::new(Greedy::new(seed))) },
    AgentKind {
        name: "policy",
        options: || "[:greedy]".into(),
        build: |o, seed| Ok(Box::new(policy_only::PolicyAgent::new(seed, o.flag("greedy"))?)),
    },
    AgentKind {
        name: "alphago",
        options: || "[:iters=N][:c=X] (seed 001's Q + c·P search, c 5, 250 iterations)".into(),
        build: |o, _| {
            let iterations = o.value("iters")?.unwrap_or(alphago::DOCUMENT_ITERATIONS);
            Ok(Box::new(alphago::AlphaGo::new(iterations, o.value("c")?.unwrap_or(alphago::DOCUMENT_C))?))
        },
    },
    AgentKind {
        name: "perceptron",
        options: || "[:advanced[:weights=W]]".into(),
        build: |o, seed| {
            let extractor = if o.flag("advanced") {
                let weights = o.value::<String>("weights")?.map(|w| linear_weight_set(&w)).transpose()?;
                perceptron::Extractor::Advanced(weights.unwrap_or(perceptron::PUBLISHED_WEIGHTS))
            } else {
                perceptron::Extractor::Simple
            };
            Ok(Box::new(perceptron::Perceptron::new(extractor, seed)))
        },
    },
    AgentKind {
        name: "minimax",
        options: || {
            "[:depth=N][:fullmoves][:top=K][:timed][:points][:eval=heuristic|net|e1|e2|basis6[:weights=FILE]|basis6-learned|td[:weights=W]]".into()
        },
        build: |o, seed| {
            let depth = plies(o, 4)?;
            let timed = o.flag("timed");
            let top = o.value("top")?;
            let rules = if o.flag("points") { Rules::Points } else { Rules::CodinGame };
            let evaluation = evaluation(o)?;
            let m = minimax::Minimax::new(depth, timed, seed)
                .with_eval(evaluation)
                .with_top(top)
                .with_rules(rules);
            Ok(Box::new(m))
        },
    },
    AgentKind {
        name: "expectimax",
        options: || "[:depth=N][:fullmoves][:eval=…] (W: published|td|zero|FILE)".into(),
        build: |o, seed| {
            let depth = plies(o, 3)?;
            Ok(Box::new(minimax::Expectimax::new(depth, seed).with_eval(evaluation(o)?)))
        },
    },
    AgentKind {
        name: "weighted",
        options: || {
            "[:NAME=X…][:softsign=0|1][:ignore_giving=0|1][:n=N][:k=K][:opening=jumper|drunk] (NAME: take_cell … best_enemy_move, src/agents/weighted.rs)".into()
        },
        build: |o, seed| Ok(Box::new(weighted::Weighted::from_options(o.take_all().into_iter(), seed)?)),
    },
    AgentKind {
        name: "mcts",
        options: || "[:iters=N][:ms=N]".into(),
        build: |o, seed| {
            let (iterations, think) = (o.value("iters")?, o.value("ms")?.map(Duration::from_millis));
            let search = Search::new(Params::TEXTBOOK, 1_000_000, seed);
            Ok(Box::new(SearchAgent { params: Params::TEXTBOOK, seed, search, iterations, think }))
        },
    },
    AgentKind {
        name: "bot",
        options: || {
            format!(
                "[:iters=N][:ms=N]{}{}[:rollout=uniform|heuristic|gamewins|gamewins+danger|nodanger|noboardwins] (the tunables: `uttt help params`)",
                crate::options::SWITCHES
                    .iter()
                    .map(|s| match s.takes {
                        Some(what) => format!("[:{}={what}]", s.spec),
                        None => format!("[:{}]", s.spec),
                    })
                    .collect::<String>(),
                Tunable::<Params>::help()
            )
        },
        build: build_bot,
    },
    AgentKind {
        name: "alphabeta",
        options: || {
            format!(
                "[:iters=N][:ms=N][:nobook][:nopolicy][:net=FILE]{} (alpha-beta over the value net, the bot's book and clock; iters: nodes)",
                Tunable::<AbParams>::help()
            )
        },
        build: build_alphabeta,
    },
];

/// The options of one spec, each to be taken by the agent that knows it.
pub struct Options<'a> {
    spec: &'a str,
    items: Vec<&'a str>,
    taken: Vec<bool>,
}

impl<'a> Options<'a> {
    /// The options of `spec` (`NAME:opt:opt…`), after its name.
    pub fn new(spec: &'a str) -> Options<'a> {
        let items: Vec<&str> = spec.split(':').skip(1).collect();
        Options { spec, taken: vec![false; items.len()], items }
    }

    /// True when the bare option `name` is given.
    pub fn flag(&mut self, name: &str) -> bool {
        let found = self.items.iter().position(|&o| o == name);
        found.inspect(|&k| self.taken[k] = true).is_some()
    }

    /// The value of `name=VALUE`, if given; an error when it does not read as a `T`.
    pub fn value<T: std::str::FromStr>(&mut self, name: &str) -> Result<Option<T>, String> {
        let Some(k) = self.items.iter().position(|o| o.split_once('=').is_some_and(|(n, _)| n == name))
        else {
            return Ok(None);
        };
        self.taken[k] = true;
        let text = self.items[k].split_once('=').expect("found with a =").1;
        text.parse().map(Some).map_err(|_| format!("bad {name} in {:?}", self.spec))
    }

    /// Every `name=VALUE` option not yet taken, taken now (for the search's tunables).
    fn rest_with_values(&mut self) -> Vec<(&'a str, &'a str)> {
        let mut rest = Vec::new();
        for (k, o) in self.items.iter().enumerate() {
            if let (false, Some(pair)) = (self.taken[k], o.split_once('=')) {
                if Tunable::<Params>::find(pair.0).is_some() {
                    self.taken[k] = true;
                    rest.push(pair);
                }
            }
        }
        rest
    }

    /// Every option, taken (an agent that reads its options itself).
    fn take_all(&mut self) -> Vec<&'a str> {
        self.taken.iter_mut().for_each(|t| *t = true);
        self.items.clone()
    }

    /// An error naming the first option no one took.
    pub fn finish(&self) -> Result<(), String> {
        match self.items.iter().zip(&self.taken).find(|(_, &taken)| !taken) {
            Some((o, _)) => Err(format!("unknown option {o:?} in {:?}", self.spec)),
            None => Ok(()),
        }
    }
}

/// Builds the agent of `spec` (`NAME[:opt…]`); `seed` makes it repeatable.
pub fn parse(spec: &str, seed: u64) -> Result<Box<dyn Agent>, String> {
    let name = spec.split(':').next().unwrap_or("");
    let kind = AGENTS
        .iter()
        .find(|a| a.name == name)
        .ok_or_else(|| format!("unknown agent {name:?}: one of {}", names()))?;
    let mut options = Options::new(spec);
    let agent = (kind.build)(&mut options, seed)?;
    options.finish()?;
    Ok(agent)
}

/// Names of the built-in agents and their options, for help texts.
pub fn names() -> String {
    AGENTS.iter().map(|a| format!("{}{}", a.name, (a.options)())).collect::<Vec<_>>().join(", ")
}

/// A search depth in plies: `depth=N` (`default` without it), doubled by `fullmoves` (seed 000 counts
/// depth in full moves: the depth drops only at the opponent's nodes).
fn plies(o: &mut Options, default: u32) -> Result<u32, String> {
    let depth = o.value("depth")?.unwrap_or(default);
    Ok(if o.flag("fullmoves") { 2 * depth } else { depth })
}

/// The classic searches' evaluation: `eval=…`, with `weights=` for the linear and basis-6 ones.
fn evaluation(o: &mut Options) -> Result<eval::Evaluation, String> {
    let name: Option<String> = o.value("eval")?;
    let weights: Option<String> = o.value("weights")?;
    Ok(match (name.as_deref(), weights) {
        (None | Some("heuristic"), _) => eval::Evaluation::Heuristic,
        (Some("net"), _) => eval::Evaluation::Net(crate::value::ValueNet::embedded()?),
        (Some("e1"), _) => eval::Evaluation::Seed(seed_eval::SeedEval::E1),
        (Some("e2"), _) => eval::Evaluation::Seed(seed_eval::SeedEval::E2),
        (Some("basis6"), None) => eval::Evaluation::Basis6(basis6::DEFAULT_CONSTANTS),
        (Some("basis6"), Some(path)) => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("weights={path}: {e}"))?;
            eval::Evaluation::Basis6(
                basis6::constants_from_text(&text).map_err(|e| format!("weights={path}: {e}"))?,
            )
        }
        (Some("basis6-learned"), _) => eval::Evaluation::Basis6(basis6::embedded_constants()),
        // Seed 000's linear evaluation: ours from weights/td.txt unless `weights=` names others.
        (Some("td"), w) => eval::Evaluation::Linear(match w {
            Some(w) => linear_weight_set(&w)?,
            None => perceptron::embedded_weights(),
        }),
        (Some(other), _) => return Err(format!("unknown eval {other:?}")),
    })
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

/// The bot searching by alpha-beta (`engine::Family::AlphaBeta`), with its book, clock and log, and any of
/// the alpha-beta tunables changed.
fn build_alphabeta(o: &mut Options, seed: u64) -> Result<Box<dyn Agent>, String> {
    let spec = o.spec;
    let mut params = AbParams::DEFAULT;
    for (k, item) in o.items.iter().enumerate() {
        let Some((name, value)) = item.split_once('=') else { continue };
        if let Some(set) = Tunable::set_named(&mut params, name, value) {
            set.map_err(|e| format!("{e} in {spec:?}"))?;
            o.taken[k] = true;
        }
    }
    let mut options = crate::options::BotOptions { seed, ..Default::default() };
    options.use_book = !o.flag("nobook");
    options.use_policy = !o.flag("nopolicy");
    options.value_file = o.value("net")?;
    if let Some(path) = &options.value_file {
        crate::value::ValueNet::load(Some(path)).map_err(|e| format!("net= in {spec:?}: {e}"))?;
    }
    let (iterations, think) = (o.value("iters")?, o.value("ms")?.map(Duration::from_millis));
    let family = Family::AlphaBeta(params);
    let make = move || family.bot(&options);
    Ok(Box::new(BotAgent { bot: make(), make: Box::new(make), iterations, think, note: None }))
}

/// The bot itself, with any of its options and tunables changed.
fn build_bot(o: &mut Options, seed: u64) -> Result<Box<dyn Agent>, String> {
    let spec = o.spec;
    let mut params = Params::BOT;
    if let Some(v) = o.value::<String>("rollout")? {
        params.rollout = match v.as_str() {
            "uniform" => RolloutPolicy::UNIFORM,
            "heuristic" => RolloutPolicy::HEURISTIC,
            "gamewins" => RolloutPolicy::GAME_WINS,
            "gamewins+danger" => RolloutPolicy { avoid_losing_sends: true, ..RolloutPolicy::GAME_WINS },
            "nodanger" => RolloutPolicy { avoid_losing_sends: false, ..RolloutPolicy::HEURISTIC },
            "noboardwins" => RolloutPolicy { take_board_wins: false, ..RolloutPolicy::HEURISTIC },
            _ => return Err(format!("unknown rollout {v:?} in {spec:?}")),
        };
    }
    let mut c_given = None;
    for (name, v) in o.rest_with_values() {
        let t = Tunable::<Params>::find(name).expect("only tunables are taken");
        t.set_text(&mut params, v).map_err(|e| format!("{e} in {spec:?}"))?;
        if name == "c" {
            c_given = Some(params.exploration);
        }
    }
    let (iterations, think) = (o.value("iters")?, o.value("ms")?.map(Duration::from_millis));
    let mut options = crate::options::BotOptions { seed, params, ..Default::default() };
    options.apply_switches(|s| match s.takes {
        None => Ok(o.flag(s.spec).then(String::new)),
        Some(_) => o.value(s.spec),
    })?;
    // Another value net, read as `--value-weights FILE` reads it, and a rollout head fitted on it.
    if let Some(path) = &options.value_file {
        crate::value::ValueNet::load(Some(path)).map_err(|e| format!("net= in {spec:?}: {e}"))?;
    }
    if let Some(path) = &options.rollout_head_file {
        let net = crate::value::ValueNet::load(options.value_file.as_deref())
            .map_err(|e| format!("{spec:?}: {e}"))?;
        crate::value::rollout_head::load(&net, Some(path)).map_err(|e| format!("rhead= in {spec:?}: {e}"))?;
    }
    if !options.use_value {
        // `bot:novalue` is the bot before the net, unless told otherwise (`bot:novalue:c=…`).
        options.params = options.params.without_value();
        options.params.exploration = c_given.unwrap_or(options.params.exploration);
    }
    let make = move || options.build();
    Ok(Box::new(BotAgent { bot: make(), make: Box::new(make), iterations, think, note: None }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_agent_takes_its_own_options_and_refuses_others() {
        assert!(parse("minimax:depth=2:top=3:timed", 1).is_ok());
        assert!(parse("alphago:iters=10:c=5", 1).is_ok(), "alphago's own c, not the bot's tunable");
        let err = parse("random:depth=3", 1).err().expect("random takes no depth");
        assert!(err.contains("unknown option \"depth=3\""), "{err}");
        assert!(parse("mcts:novalue", 1).is_err(), "novalue is the bot's");
        assert!(parse("minimax:eval=e3", 1).err().unwrap().contains("unknown eval"));
        let help = names();
        for kind in AGENTS {
            assert!(help.contains(kind.name), "{} not in the help", kind.name);
        }
    }
}
