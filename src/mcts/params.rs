//! The search's settings (`Params`) and its presets. The tools name the numeric ones through
//! `crate::tunables` (`TUNABLES`: options, tuner, help, docs/tuning.md).

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
    /// The arena leader's search: no leaf value and no rollout; a leaf is expanded when reached, every
    /// child valued by the net from shared sums (`value/children.rs`) and counted as one visit, and the
    /// mean of those values under the sharpened priors backed up (the refinement of `value_prior_visits`
    /// done at every expansion instead). Needs a value net; otherwise ignored. Tools only (not in the
    /// arena file): it played −47 against the bot (docs/journal/2026-11-29-shape.md).
    pub value_children: bool,
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
    /// The move played: the root's child with the best mean among those with at least this share of the
    /// most visited one's visits (0: the most visited itself). A move the search found late, better
    /// than the most visited one, is played before its visits catch up (`search_report.rs`).
    pub move_pick: f32,
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
        value_children: false,
        expand_after: 1,
        prior_delay: 0,
        rollout: RolloutPolicy::GAME_WINS,
        value_weight: 0.0,
        solver: true,
        endgame_cells: 0,
        endgame_share: 0.5,
        reuse_tree: true,
        early_stop: false,
        move_pick: 0.0,
    };

    /// The bot's settings: leaves valued by the net alone, no rollout (since 2026-12-03: with the net's
    /// sums kept by small board, an iteration without the rollout is 1.45× as many, worth more than the
    /// rollout's tactics; the blend of one half before), and less exploration, since those values are
    /// less noisy (c 0.3); a node's priors sharpened by the net's values of its children at its twelfth
    /// visit (sixteen before net 33, whose values are worth the earlier price), each value also counted as
    /// twelve visits of its child (eight with net 12; net 22 earns more); and the move played the best
    /// mean among the root's children with 30 % of the most visits (2026-12-03). Each is a match against
    /// the bot without it: docs/tuning.md.
    pub const BOT: Params = Params {
        exploration: 0.3,
        value_weight: 1.0,
        value_prior_visits: 12,
        value_prior_virtual_visits: 12,
        move_pick: 0.3,
        ..Params::ROLLOUT_BOT
    };

    /// These settings with rollouts alone, as the bot searched before the value net.
    pub const fn without_value(self) -> Params {
        Params {
            value_weight: 0.0,
            value_prior_visits: 0,
            value_prior_virtual_visits: 0,
            exploration: Params::ROLLOUT_BOT.exploration,
            move_pick: Params::ROLLOUT_BOT.move_pick,
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
        value_children: false,
        expand_after: 1,
        prior_delay: 0,
        rollout: RolloutPolicy::UNIFORM,
        value_weight: 0.0,
        solver: false,
        endgame_cells: 0,
        endgame_share: 0.5,
        reuse_tree: false,
        early_stop: false,
        move_pick: 0.0,
    };
}
