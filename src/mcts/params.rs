//! The search's tunable constants, declared once, and `TUNABLES`: the one table that names them for the
//! options, the tuner, the help and the docs (docs/tuning.md).

/// How a rollout picks its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutPolicy {
    /// Play a move that wins the game at once when there is one.
    pub take_game_wins: bool,
    /// Prefer a move that wins a small board.
    pub take_board_wins: bool,
    /// Avoid sending the opponent where it can win the game at once.
    pub avoid_losing_sends: bool,
}

impl RolloutPolicy {
    /// Uniformly random moves, no tactics.
    pub const UNIFORM: RolloutPolicy =
        RolloutPolicy { take_game_wins: false, take_board_wins: false, avoid_losing_sends: false };
    /// Every tactic on (measured weaker than `GAME_WINS`: kept for comparison, docs/tuning.md).
    pub const HEURISTIC: RolloutPolicy =
        RolloutPolicy { take_game_wins: true, take_board_wins: true, avoid_losing_sends: true };
    /// Uniform moves except that a game-winning move is always taken: the bot's rollouts.
    pub const GAME_WINS: RolloutPolicy =
        RolloutPolicy { take_game_wins: true, take_board_wins: false, avoid_losing_sends: false };
}

/// Every tunable of the search, declared once (`builtin:bot:NAME=VALUE` changes one in a match).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// UCT exploration constant `c` in `Q + c * sqrt(ln N / n)`.
    pub exploration: f32,
    /// Value given to a child never visited (first-play urgency), raised by its prior. Lower keeps the
    /// search on the children it has tried (with the prior: the ones the prior likes); higher tries more.
    pub first_play_urgency: f32,
    /// Weight of the learned prior in selection (0 = plain UCT).
    pub prior_weight: f32,
    /// Visits to a node at which its children's priors are sharpened by the value net's values of them
    /// (`expand.rs`, `refine_priors`); 0: never.
    pub value_prior_visits: u32,
    /// Temperature of those values in the refined prior: `P' ∝ P · exp(value / τ)`.
    pub value_prior_temperature: f32,
    /// Visits of the net's value each child is given at that refinement (0: none; at most one less than
    /// the child needs for its own): its mean starts from the net's value, not from its first leaf.
    pub value_prior_virtual_visits: u32,
    /// Visits a leaf gets (each a rollout from it) before it is expanded: expanding costs move
    /// generation and priors for every child, so later expansion buys iterations.
    pub expand_after: u32,
    /// Visits to a node, after the one that expanded it, before its children get the learned policy's
    /// priors (uniform until then). 1 saves the policy on nodes never visited again (+3.5 % iterations)
    /// but played weaker than 0 (docs/tuning.md), so the bot asks at expansion.
    pub prior_delay: u8,
    /// How rollouts choose their moves.
    pub rollout: RolloutPolicy,
    /// Weight of the value net in a leaf's value (1 = the net alone, 0 = the rollout alone); used only
    /// when the search has a net. ½ for the bot: the blend has less bias than the net and less noise than
    /// a rollout (docs/tuning.md). With the rollout head the rollout's share counts its surprise over the
    /// head's prediction (`evaluate.rs`).
    pub value_weight: f32,
    /// Prove wins, losses and draws and let them decide (MCTS-solver).
    pub solver: bool,
    /// Search the root's moves exactly first (`endgame.rs`) when its open boards hold at most this many
    /// empty cells (0: never).
    pub endgame_cells: u32,
    /// The share of a turn's time that exact search may take (the tree has the rest).
    pub endgame_share: f32,
    /// Keep the subtree of the position reached between turns.
    pub reuse_tree: bool,
    /// Stop early when the most visited move can no longer be overtaken. Off for the bot: the time it
    /// saves is worth more spent on the subtree that the next turn reuses (docs/tuning.md).
    pub early_stop: bool,
}

impl Params {
    /// The bot before the value net: rollouts alone, tuned for them (`--no-value`, `bot:novalue`; the
    /// policy's and the value net's self-play data were made with it).
    pub const ROLLOUT_BOT: Params = Params {
        exploration: 0.6,
        first_play_urgency: 0.8,
        prior_weight: 1.0,
        value_prior_visits: 0,
        value_prior_temperature: 0.1,
        value_prior_virtual_visits: 0,
        expand_after: 1,
        prior_delay: 0,
        rollout: RolloutPolicy::GAME_WINS,
        value_weight: 0.0,
        solver: true,
        endgame_cells: 0,
        endgame_share: 0.5,
        reuse_tree: true,
        early_stop: false,
    };

    /// The bot's settings: leaves valued half by the net, half by a rollout, and less exploration, since
    /// those values are less noisy (c 0.3); a node's priors sharpened by the net's values of its children
    /// at its sixteenth visit, each value also counted as twelve visits of its child (eight with net 12;
    /// net 22 earns more). Each is a match against the bot without it: docs/tuning.md.
    pub const BOT: Params = Params {
        exploration: 0.3,
        value_weight: 0.5,
        value_prior_visits: 16,
        value_prior_virtual_visits: 12,
        ..Params::ROLLOUT_BOT
    };

    /// These settings with rollouts alone, as the bot searched before the value net.
    pub const fn without_value(self) -> Params {
        Params {
            value_weight: 0.0,
            value_prior_visits: 0,
            value_prior_virtual_visits: 0,
            exploration: Params::ROLLOUT_BOT.exploration,
            ..self
        }
    }

    /// These settings for a search without the learned prior (`--no-policy`, self-play for training).
    /// The urgency is the one the bot had before the prior: the committed weights were trained on
    /// self-play with it, and 0.8 was tuned with the prior, which ranks the untried children (docs/tuning.md).
    pub const fn without_prior(self) -> Params {
        Params {
            prior_weight: 0.0,
            first_play_urgency: 1.1,
            value_prior_visits: 0,
            value_prior_virtual_visits: 0,
            ..self
        }
    }

    /// Textbook UCT with uniformly random rollouts: the built-in `mcts` baseline.
    pub const TEXTBOOK: Params = Params {
        exploration: std::f32::consts::SQRT_2,
        first_play_urgency: f32::INFINITY,
        prior_weight: 0.0,
        value_prior_visits: 0,
        value_prior_temperature: 0.1,
        value_prior_virtual_visits: 0,
        expand_after: 1,
        prior_delay: 0,
        rollout: RolloutPolicy::UNIFORM,
        value_weight: 0.0,
        solver: false,
        endgame_cells: 0,
        endgame_share: 0.5,
        reuse_tree: false,
        early_stop: false,
    };
}

/// One tunable of `Params` as every tool names it: the option `bot:NAME=X`, the tuner's `--param NAME`,
/// the help text and the parameter table of docs/tuning.md all come from `TUNABLES`.
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// The option's name.
    pub name: &'static str,
    /// The field of `Params` it sets.
    pub field: &'static str,
    /// The values that make sense (the tuner's range when `--param NAME` gives none).
    pub range: (f64, f64),
    /// Whole numbers only (a switch is 0 or 1).
    pub integer: bool,
    /// One line of meaning.
    pub meaning: &'static str,
    /// Reads the value from `Params`.
    pub get: fn(&Params) -> f64,
    /// Writes the value into `Params` (within `range`).
    pub set: fn(&mut Params, f64),
}

/// Every numeric tunable of the search, in the order the help lists them.
pub const TUNABLES: &[Tunable] = &[
    Tunable {
        name: "c",
        field: "exploration",
        range: (0.05, 2.0),
        integer: false,
        meaning: "UCT exploration constant c in Q + c·sqrt(ln N / n)",
        get: |p| p.exploration as f64,
        set: |p, v| p.exploration = v as f32,
    },
    Tunable {
        name: "fpu",
        field: "first_play_urgency",
        range: (0.0, 2.0),
        integer: false,
        meaning: "value of a child never visited, raised by its prior",
        get: |p| p.first_play_urgency as f64,
        set: |p, v| p.first_play_urgency = v as f32,
    },
    Tunable {
        name: "pw",
        field: "prior_weight",
        range: (0.0, 4.0),
        integer: false,
        meaning: "weight of the learned prior in selection (0: plain UCT)",
        get: |p| p.prior_weight as f64,
        set: |p, v| p.prior_weight = v as f32,
    },
    Tunable {
        name: "vw",
        field: "value_weight",
        range: (0.0, 1.0),
        integer: false,
        meaning: "the value net's share of a leaf's value (1: the net alone, 0: the rollout alone)",
        get: |p| p.value_weight as f64,
        set: |p, v| p.value_weight = v as f32,
    },
    Tunable {
        name: "vpv",
        field: "value_prior_visits",
        range: (0.0, 64.0),
        integer: true,
        meaning: "a node's visit at which the net's values of its children sharpen their priors (0: never)",
        get: |p| p.value_prior_visits as f64,
        set: |p, v| p.value_prior_visits = v as u32,
    },
    Tunable {
        name: "vpt",
        field: "value_prior_temperature",
        range: (0.01, 1.0),
        integer: false,
        meaning: "temperature of those values: P' ∝ P·exp(value / T)",
        get: |p| p.value_prior_temperature as f64,
        set: |p, v| p.value_prior_temperature = v as f32,
    },
    Tunable {
        name: "vq",
        field: "value_prior_virtual_visits",
        range: (0.0, 32.0),
        integer: true,
        meaning: "visits of the net's value each child gets at that sharpening",
        get: |p| p.value_prior_virtual_visits as f64,
        set: |p, v| p.value_prior_virtual_visits = v as u32,
    },
    Tunable {
        name: "expand",
        field: "expand_after",
        range: (1.0, 8.0),
        integer: true,
        meaning: "visits a leaf gets before it is expanded",
        get: |p| p.expand_after as f64,
        set: |p, v| p.expand_after = v as u32,
    },
    Tunable {
        name: "prior_delay",
        field: "prior_delay",
        range: (0.0, 4.0),
        integer: true,
        meaning: "visits after its expansion before a node's children get the policy's priors",
        get: |p| p.prior_delay as f64,
        set: |p, v| p.prior_delay = v as u8,
    },
    Tunable {
        name: "solver",
        field: "solver",
        range: (0.0, 1.0),
        integer: true,
        meaning: "prove wins, losses and draws and let them decide (1: on)",
        get: |p| p.solver as u8 as f64,
        set: |p, v| p.solver = v != 0.0,
    },
    Tunable {
        name: "exact",
        field: "endgame_cells",
        range: (0.0, 81.0),
        integer: true,
        meaning: "open boards' empty cells from which the root is first searched exactly (0: never)",
        get: |p| p.endgame_cells as f64,
        set: |p, v| p.endgame_cells = v as u32,
    },
    Tunable {
        name: "exact_share",
        field: "endgame_share",
        range: (0.0, 1.0),
        integer: false,
        meaning: "the share of a turn's time that exact search may take",
        get: |p| p.endgame_share as f64,
        set: |p, v| p.endgame_share = v as f32,
    },
    Tunable {
        name: "reuse",
        field: "reuse_tree",
        range: (0.0, 1.0),
        integer: true,
        meaning: "keep the subtree of the position reached between turns (1: on)",
        get: |p| p.reuse_tree as u8 as f64,
        set: |p, v| p.reuse_tree = v != 0.0,
    },
    Tunable {
        name: "early",
        field: "early_stop",
        range: (0.0, 1.0),
        integer: true,
        meaning: "stop once the most visited move cannot be overtaken (1: on)",
        get: |p| p.early_stop as u8 as f64,
        set: |p, v| p.early_stop = v != 0.0,
    },
];

impl Tunable {
    /// The tunable called `name`, if there is one.
    pub fn find(name: &str) -> Option<&'static Tunable> {
        TUNABLES.iter().find(|t| t.name == name)
    }

    /// Sets it in `params` from the text `value`; an error says why the text is not one of its values.
    pub fn set_text(&self, params: &mut Params, value: &str) -> Result<(), String> {
        let v: f64 = value.parse().map_err(|_| format!("{}={value:?}: not a number", self.name))?;
        if self.integer && v.fract() != 0.0 {
            return Err(format!("{}={value}: a whole number", self.name));
        }
        let (lo, hi) = self.range;
        if !(lo..=hi).contains(&v) {
            return Err(format!("{}={value}: outside {lo}..={hi}", self.name));
        }
        (self.set)(params, v);
        Ok(())
    }

    /// The help text's options: `[:c=X][:fpu=X]…[:solver=0|1]…`.
    pub fn help() -> String {
        TUNABLES
            .iter()
            .map(|t| match (t.integer, t.range) {
                (true, (lo, hi)) if lo == 0.0 && hi == 1.0 => format!("[:{}=0|1]", t.name),
                (true, _) => format!("[:{}=N]", t.name),
                (false, _) => format!("[:{}=X]", t.name),
            })
            .collect()
    }

    /// The parameter table of docs/tuning.md: name, field, range, the bot's value, meaning.
    pub fn markdown_table() -> String {
        let mut table = String::from(
            "| option | field of `Params` | range | the bot | meaning |\n|---|---|---|---|---|\n",
        );
        for t in TUNABLES {
            table += &format!(
                "| `{}` | `{}` | {} .. {} | {} | {} |\n",
                t.name,
                t.field,
                t.range.0,
                t.range.1,
                (t.get)(&Params::BOT) as f32,
                t.meaning
            );
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_reads_back_what_it_sets_and_refuses_what_lies_outside() {
        for t in TUNABLES {
            let (lo, hi) = t.range;
            let mut p = Params::BOT;
            t.set_text(&mut p, &format!("{hi}")).unwrap();
            assert_eq!((t.get)(&p) as f32, hi as f32, "{}", t.name);
            t.set_text(&mut p, &format!("{lo}")).unwrap();
            assert_eq!((t.get)(&p) as f32, lo as f32, "{}", t.name);
            assert!(t.set_text(&mut p, &format!("{}", hi + 1.0)).is_err(), "{}", t.name);
            assert!(t.set_text(&mut p, "x").is_err());
            assert!((lo..=hi).contains(&(t.get)(&Params::BOT)), "{}: the bot's value lies outside", t.name);
        }
        let names: std::collections::BTreeSet<&str> = TUNABLES.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), TUNABLES.len(), "two tunables share a name");
    }
}
