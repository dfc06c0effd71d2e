//! Which search family a player runs (`uttt --search mcts|alphabeta[:NAME=X…]`, `builtin:alphabeta`), and
//! the bot of that family built from the bot's options: the tools' side of `engine.rs`, above the bot.

use crate::alphabeta::{AbParams, AlphaBeta};
use crate::bot::Bot;
use crate::options::BotOptions;
use crate::policy::Policy;
use crate::tunables::Tunable;
use crate::value::ValueNet;

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
