//! The bot's command-line options (`uttt [options]`, docs in docs/commands.md) and the bot they build: its
//! search, with the embedded policy, value net and (where it blends in rollouts) rollout head unless told
//! otherwise. The referee loop (`protocol.rs`) and every tool that plays the bot (agents, bench, profile,
//! self-play) build it here.

use crate::book::Book;
use crate::bot::Bot;
use crate::cli::Args;
use crate::mcts::{Params, Search, DEFAULT_NODES};
use crate::moves::Move;
use crate::policy::Policy;
#[cfg(not(bundle))]
use crate::value::rollout_head;
use crate::value::ValueNet;

/// The later turns' budget, in ms, of the arena's 100: the rest is the margin for reading the turn,
/// answering and the machine's delays. A build without `-O` (debug assertions on) keeps a wider margin: its
/// answer takes milliseconds more outside the search, and its turns lose little with less time.
pub const LATER_TURN_MS: u64 = if cfg!(debug_assertions) { 80 } else { 90 };

/// The first turn's budget, in ms, of the arena's 1,000, counted from the process's start when the turn was
/// waiting for it (`protocol.rs`). A build without `-O` keeps 300 ms back: on a CI machine such a first turn
/// once ran 170 ms past its 850 (not reproduced here), and its search is worth little either way.
pub const FIRST_TURN_MS: u64 = if cfg!(debug_assertions) { 700 } else { 900 };

/// The bot's command-line options.
#[derive(Clone, Debug)]
pub struct BotOptions {
    /// Budget of every later turn, in ms.
    pub time_ms: u64,
    /// Budget of the bot's first turn, in ms.
    pub first_time_ms: u64,
    /// Seed of the search's randomness.
    pub seed: u64,
    /// A fixed iteration count per move (the deterministic mode), instead of the clock.
    pub iterations: Option<u64>,
    /// No log line on stderr.
    pub quiet: bool,
    /// Tree capacity in nodes per buffer.
    pub nodes: usize,
    /// Use the learned policy prior.
    pub use_policy: bool,
    /// Evaluate leaves with the learned value net.
    pub use_value: bool,
    /// A value net to read from this file instead of the embedded one (training and gating).
    pub value_file: Option<String>,
    /// A rollout head to read from this file instead of the embedded one, which fits only the embedded net.
    pub rollout_head_file: Option<String>,
    /// Count the blend's rollout by its surprise over the rollout head's prediction of it (docs/tuning.md).
    pub use_rollout_head: bool,
    /// Play the opening book's moves while the game is in it.
    pub use_book: bool,
    /// A book to read from this file instead of the embedded one (`uttt make-book --out FILE`).
    pub book_file: Option<String>,
    /// The search's parameters.
    pub params: Params,
    /// Search with baseline x86-64 instructions only, even where wider ones are there (`mcts/wide.rs`).
    pub portable: bool,
    /// Moves the game started with before the bot's first turn (from `UTTT_OPENING`, set by uttt's arena
    /// for matches from opening positions; the CodinGame arena never sets it).
    pub opening: Vec<Move>,
}

/// One of the bot's switches, as both of its vocabularies name it: the command line (`--no-value`) and a
/// built-in player's spec (`builtin:bot:novalue`); both parsers read this table, so a switch is added here.
pub struct Switch {
    /// The command line's name.
    pub flag: &'static str,
    /// The spec's name.
    pub spec: &'static str,
    /// What its value is (`FILE`), or `None` for a bare switch.
    pub takes: Option<&'static str>,
    /// What it does to the options (given its value; `""` for a bare switch).
    pub apply: fn(&mut BotOptions, &str),
}

/// The bot's switches.
pub const SWITCHES: &[Switch] = &[
    Switch { flag: "--no-policy", spec: "nopolicy", takes: None, apply: |o, _| o.use_policy = false },
    Switch { flag: "--no-value", spec: "novalue", takes: None, apply: |o, _| o.use_value = false },
    Switch { flag: "--no-book", spec: "nobook", takes: None, apply: |o, _| o.use_book = false },
    Switch { flag: "--book", spec: "book", takes: Some("FILE"), apply: |o, v| o.book_file = Some(v.into()) },
    Switch {
        flag: "--value-weights",
        spec: "net",
        takes: Some("FILE"),
        apply: |o, v| o.value_file = Some(v.into()),
    },
    Switch {
        flag: "--rollout-head",
        spec: "rhead",
        takes: Some("FILE"),
        apply: |o, v| o.rollout_head_file = Some(v.into()),
    },
    Switch {
        flag: "--no-rollout-head",
        spec: "norhead",
        takes: None,
        apply: |o, _| o.use_rollout_head = false,
    },
];

impl Default for BotOptions {
    fn default() -> Self {
        BotOptions {
            time_ms: LATER_TURN_MS,
            first_time_ms: FIRST_TURN_MS,
            seed: 0,
            iterations: None,
            quiet: false,
            nodes: DEFAULT_NODES,
            use_policy: true,
            use_value: true,
            value_file: None,
            rollout_head_file: None,
            use_rollout_head: true,
            use_book: true,
            book_file: None,
            params: Params::BOT,
            portable: false,
            opening: Vec::new(),
        }
    }
}

impl BotOptions {
    /// Reads the options; an error names the one that is wrong.
    pub fn parse(words: &[String]) -> Result<BotOptions, String> {
        let mut a = Args::new(words);
        let d = BotOptions::default();
        let mut options = BotOptions {
            time_ms: a.value_or("--time-ms", d.time_ms)?,
            first_time_ms: a.value_or("--first-time-ms", d.first_time_ms)?,
            seed: a.value_or("--seed", d.seed)?,
            iterations: a.value("--iterations")?,
            quiet: a.flag("--quiet"),
            nodes: a.value_or("--nodes", d.nodes)?,
            params: Params { value_weight: a.value_or("--value-weight", d.params.value_weight)?, ..d.params },
            portable: a.flag("--portable"),
            ..d
        };
        options.apply_switches(|s| match s.takes {
            None => Ok(a.flag(s.flag).then(String::new)),
            Some(_) => a.value(s.flag),
        })?;
        // Without the net the bot searches as it did before it: rollouts, with their exploration.
        if !options.use_value {
            options.params = options.params.without_value();
        }
        if let Some(extra) = a.positionals()?.first() {
            return Err(format!("unexpected argument {extra:?}"));
        }
        Ok(options)
    }

    /// Applies each switch of `SWITCHES` that `given` finds (its value; `""` for a bare switch).
    pub fn apply_switches(
        &mut self,
        mut given: impl FnMut(&Switch) -> Result<Option<String>, String>,
    ) -> Result<(), String> {
        for switch in SWITCHES {
            if let Some(value) = given(switch)? {
                (switch.apply)(self, &value);
            }
        }
        Ok(())
    }

    /// The bot these options describe.
    pub fn build(&self) -> Bot {
        self.build_with(self.build_search())
    }

    /// The bot these options describe, searching with `search` (a tree search, or in the crate another
    /// family: `engine.rs`).
    pub fn build_with(&self, search: impl Into<crate::bot::Engine>) -> Bot {
        let mut bot = Bot::with_search(search, self.seed);
        match self.book() {
            Ok(Some(book)) => bot = bot.with_book(book),
            Ok(None) => {}
            Err(e) => eprintln!("uttt: opening book unusable ({e}): searching from the first move"),
        }
        if let Err(e) = bot.start_from(&self.opening) {
            eprintln!("uttt: {e}: starting from the empty board");
        }
        bot
    }

    /// What runs, for the first turn's log line: the build (an arena that compiles without `-O` gives a
    /// bot about thirty times slower, with debug assertions on) and each weight text's FNV-1a (its first
    /// eight hex digits, as `weights/MANIFEST.txt` lists them), or the file it was read from.
    pub fn what_runs(&self) -> String {
        let build = if cfg!(debug_assertions) {
            "debug assertions on (unoptimised? compile with -O)"
        } else {
            "optimised"
        };
        let fingerprint = |file: &Option<String>, text: &str| match file {
            Some(path) => path.clone(),
            None => format!("{:08x}", crate::codec::fnv1a(crate::codec::FNV_START, text.as_bytes()) >> 32),
        };
        let mut weights = vec![
            ("policy", &None, crate::policy::POLICY_TEXT),
            ("value", &self.value_file, crate::value::VALUE_TEXT),
            ("book", &self.book_file, crate::book::BOOK_TEXT),
        ];
        // The head where a blend reads it; a statement, not a list element: the bundler cuts whole items
        // and statements.
        #[cfg(not(bundle))]
        if self.blends_rollouts() && self.use_rollout_head {
            weights.insert(2, ("head", &self.rollout_head_file, rollout_head::ROLLOUT_HEAD_TEXT));
        }
        let weights: Vec<String> =
            weights.iter().map(|(name, file, text)| format!("{name} {}", fingerprint(file, text))).collect();
        format!("build: {build}; weights: {}", weights.join(" "))
    }

    /// The opening book these options play: the file's, the embedded one, or none (`--no-book`).
    pub fn book(&self) -> Result<Option<Book>, String> {
        if !self.use_book {
            return Ok(None);
        }
        let book = match &self.book_file {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|text| Book::from_text(&text))
                .map_err(|e| format!("{path}: {e}"))?,
            None => Book::embedded()?,
        };
        Ok(Some(book))
    }

    /// The search these options describe, with the embedded policy when it is used.
    pub fn build_search(&self) -> Search {
        let params = if self.use_policy { self.params } else { self.params.without_prior() };
        let mut search = Search::new(params, self.nodes, self.seed);
        if self.portable {
            search = search.portable();
        }
        if self.use_policy && self.params.prior_weight > 0.0 {
            match Policy::embedded() {
                Ok(policy) => search = search.with_policy(policy),
                Err(e) => eprintln!("uttt: embedded policy weights unusable ({e}): searching without them"),
            }
        }
        if self.use_value && self.params.value_weight > 0.0 {
            match ValueNet::load(self.value_file.as_deref()) {
                Ok(net) => search = self.with_value_and_head(search, net),
                Err(e) => eprintln!("uttt: value net unusable ({e}): evaluating leaves by rollouts"),
            }
        }
        search
    }

    /// `search` with the value net and, where a leaf's value blends in a rollout (`value_weight` under 1;
    /// the bot's net alone reads none) and unless turned off, its rollout head: the file's, or the
    /// embedded one, which fits only the embedded net (another net from a file without a head of its own
    /// blends as before, silently). The arena file has no head: it blends plainly if told to blend.
    fn with_value_and_head(&self, search: Search, net: ValueNet) -> Search {
        #[cfg(not(bundle))]
        if self.blends_rollouts() {
            return self.with_rollout_head(search, net);
        }
        search.with_value(net)
    }

    /// Whether a leaf's value blends in a rollout (`value_weight` under 1), which the rollout head serves.
    #[cfg(not(bundle))]
    fn blends_rollouts(&self) -> bool {
        self.params.value_weight < 1.0
    }

    /// `search` with the value net and its rollout head (`with_value_and_head`).
    #[cfg(not(bundle))]
    fn with_rollout_head(&self, search: Search, net: ValueNet) -> Search {
        let head = match &self.rollout_head_file {
            _ if !self.use_rollout_head => None,
            Some(path) => Some(rollout_head::load(&net, Some(path))),
            None => Some(rollout_head::load(&net, None)).filter(|h| h.is_ok() || self.value_file.is_none()),
        };
        let mut search = search.with_value(net);
        if let Some(Err(e)) = head.map(|head| head.and_then(|head| search.set_rollout_head(head))) {
            eprintln!("uttt: rollout head unusable ({e}): blending rollouts as they come");
        }
        search
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options as text, with the search's parameters left out (the command line also turns a
    /// net-less bot's parameters into the rollout bot's).
    fn described(mut o: BotOptions) -> String {
        o.params = Params::BOT;
        format!("{o:?}")
    }

    #[test]
    fn every_switch_reads_the_same_on_the_command_line_and_in_a_spec() {
        for switch in SWITCHES {
            let value = switch.takes.map(|_| "some/file.txt");
            let words: Vec<String> = std::iter::once(switch.flag).chain(value).map(String::from).collect();
            let cli = BotOptions::parse(&words).unwrap();
            let mut spec = BotOptions::default();
            spec.apply_switches(|s| Ok((s.spec == switch.spec).then(|| value.unwrap_or("").to_string())))
                .unwrap();
            assert_eq!(described(cli.clone()), described(spec), "{}", switch.flag);
            assert_ne!(described(cli), described(BotOptions::default()), "{} changes nothing", switch.flag);
        }
        let names: std::collections::BTreeSet<&str> =
            SWITCHES.iter().flat_map(|s| [s.flag, s.spec]).collect();
        assert_eq!(names.len(), 2 * SWITCHES.len(), "two switches share a name");
        assert!(BotOptions::parse(&["--no-value".into()]).unwrap().params == Params::BOT.without_value());
    }
}
