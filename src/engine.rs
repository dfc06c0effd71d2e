//! The search a bot plays with, of either family: the tree search (`mcts`, the arena file's only one) or
//! alpha-beta over the value net (`alphabeta`, `uttt --search alphabeta`). Both answer a position with a
//! `SearchReport`, so the bot, its book and its log treat them alike. Tools only: the arena file's bot
//! holds the tree search itself (`bot::Engine`).

use crate::alphabeta::{AbParams, AlphaBeta};
use crate::board::Board;
use crate::bot::Bot;
use crate::mcts::{Limits, Search, SearchReport};
use crate::moves::Move;
use crate::options::BotOptions;
use crate::policy::Policy;
use crate::tunables::Tunable;
use crate::value::ValueNet;
use std::time::Instant;

/// A search of either family.
pub enum Engine {
    /// The tree search (boxed, as the other: the bot holds one or the other, never both).
    Mcts(Box<Search>),
    /// Alpha-beta over the value net.
    AlphaBeta(Box<AlphaBeta>),
}

impl From<Search> for Engine {
    fn from(search: Search) -> Engine {
        Engine::Mcts(Box::new(search))
    }
}

impl From<AlphaBeta> for Engine {
    fn from(search: AlphaBeta) -> Engine {
        Engine::AlphaBeta(Box::new(search))
    }
}

impl Engine {
    /// Searches `board` within `limits`, among `allowed` moves when given.
    pub fn search(&mut self, board: &Board, allowed: Option<&[Move]>, limits: Limits) -> SearchReport {
        match self {
            Engine::Mcts(s) => s.search(board, allowed, limits),
            Engine::AlphaBeta(s) => s.search(board, allowed, limits),
        }
    }

    /// Touches the search's memory before `deadline` (the tree's buffers; the alpha-beta table was written
    /// when it was made).
    pub fn prefault(&mut self, deadline: Option<Instant>) {
        if let Engine::Mcts(s) = self {
            s.prefault(deadline);
        }
    }

    /// Whether the search runs its copy compiled for AVX2 (the tree search's; alpha-beta has one copy).
    pub fn is_wide(&self) -> bool {
        match self {
            Engine::Mcts(s) => s.is_wide(),
            Engine::AlphaBeta(_) => false,
        }
    }
}

/// Which family a player searches with, and its settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Family {
    /// The tree search, with the bot's own options.
    Mcts,
    /// Alpha-beta with these settings.
    AlphaBeta(AbParams),
}

impl Family {
    /// `mcts`, or `alphabeta[:NAME=X…]` with any of the alpha-beta tunables (`uttt help params`).
    pub fn parse(spec: &str) -> Result<Family, String> {
        let mut parts = spec.split(':');
        match parts.next() {
            Some("mcts") if spec == "mcts" => Ok(Family::Mcts),
            Some("alphabeta") => {
                let mut params = AbParams::DEFAULT;
                for option in parts {
                    let (name, value) = option.split_once('=').unwrap_or((option, ""));
                    Tunable::set_named(&mut params, name, value)
                        .ok_or_else(|| format!("unknown alpha-beta option {name:?}"))?
                        .map_err(|e| format!("{e} in {spec:?}"))?;
                }
                Ok(Family::AlphaBeta(params))
            }
            _ => Err(format!("--search {spec:?}: mcts or alphabeta[:NAME=X…]")),
        }
    }

    /// The bot of `options` searching with this family. Alpha-beta reads the net `options` name (the
    /// embedded one unless `--value-weights`) and orders by the embedded policy unless `--no-policy`; where
    /// a net does not decode, the bot says so on stderr and plays the tree search.
    pub fn bot(&self, options: &BotOptions) -> Bot {
        let Family::AlphaBeta(params) = *self else { return options.build() };
        let params = if options.use_policy { params } else { AbParams { policy_depth: 0, ..params } };
        let policy = match params.policy_depth {
            0 => Ok(None),
            _ => Policy::embedded().map(Some),
        };
        match (ValueNet::load(options.value_file.as_deref()), policy) {
            (Ok(net), Ok(policy)) => options.build_with(AlphaBeta::new(params, net, policy)),
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("uttt: alpha-beta unusable ({e}): playing the tree search");
                options.build()
            }
        }
    }
}

/// Takes `--search SPEC` out of the bot's command line: the rest, and the family it names (the tree search
/// when none).
pub fn take_search_option(args: &[String]) -> Result<(Vec<String>, Family), String> {
    let Some(k) = args.iter().position(|a| a == "--search") else {
        return Ok((args.to_vec(), Family::Mcts));
    };
    let spec = args.get(k + 1).ok_or("--search needs a value: mcts or alphabeta[:NAME=X…]")?;
    let family = Family::parse(spec)?;
    let rest = args[..k].iter().chain(&args[k + 2..]).cloned().collect();
    Ok((rest, family))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_option_names_a_family_and_its_settings_and_refuses_others() {
        assert_eq!(Family::parse("mcts"), Ok(Family::Mcts));
        let expected = AbParams { max_depth: 3, table_mib: 8, ..AbParams::DEFAULT };
        assert_eq!(Family::parse("alphabeta:depth=3:table=8"), Ok(Family::AlphaBeta(expected)));
        assert_eq!(Family::parse("alphabeta"), Ok(Family::AlphaBeta(AbParams::DEFAULT)));
        for bad in ["alphabeta:depth=x", "alphabeta:bogus=1", "alphabeta:table=999", "mcts:c=1", "minimax"] {
            assert!(Family::parse(bad).is_err(), "{bad}");
        }
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let (rest, family) =
            take_search_option(&words(&["--quiet", "--search", "alphabeta:depth=2"])).unwrap();
        assert_eq!(rest, words(&["--quiet"]));
        assert_eq!(family, Family::AlphaBeta(AbParams { max_depth: 2, ..AbParams::DEFAULT }));
        assert_eq!(take_search_option(&words(&["--quiet"])).unwrap(), (words(&["--quiet"]), Family::Mcts));
        assert!(take_search_option(&words(&["--search"])).is_err());
    }
}
