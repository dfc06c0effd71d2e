//! The alpha-beta search's settings (`AbParams`), declared once; the tools name them through
//! `crate::tunables` (`ALPHABETA_TUNABLES`: `builtin:alphabeta:NAME=X`, the tuner, the help).

/// Every setting of the alpha-beta search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AbParams {
    /// The deepest iteration, in plies (0: as deep as the clock allows). A fixed depth with no clock is the
    /// deterministic mode (tests, `depth=N`).
    pub max_depth: u32,
    /// The transposition table's size in MiB (a power of two of 16-byte entries fits below it).
    pub table_mib: u32,
    /// The least remaining depth at which the learned policy orders a node's moves (0: never). Below it,
    /// moves are ordered by the table's move, killers and history alone: the policy costs a feature count
    /// per move, which a node near the leaves does not repay.
    pub policy_depth: u32,
    /// Two killer moves a ply: quiet moves that cut off a sibling's search are tried early.
    pub killers: bool,
    /// The history heuristic: moves that cut off anywhere, by side and cell, are tried early.
    pub history: bool,
    /// Late move reductions: after the first `lmr_after` moves of a node at depth ≥ 3, a move is searched
    /// a ply shallower with a null window first, and again at full depth only if it beats alpha.
    pub lmr: bool,
    /// Moves of a node searched at full depth before the reductions start.
    pub lmr_after: u32,
    /// A node with one legal move is searched a ply deeper (it costs one node).
    pub extend_single: bool,
    /// A move that sends the opponent to a closed board (a free choice of board) is searched a ply deeper.
    pub extend_free: bool,
    /// A position where the player not to move threatens to win the game at once (the side to move must
    /// not send it to those boards: Ultimate's check) is searched a ply deeper, a leaf included.
    pub extend_threat: bool,
    /// Half-width of the aspiration window around the last iteration's score, in centi-score units
    /// (`score.rs`: 1,000 is a certain win by the net); 0: every iteration with the full window.
    pub window: u32,
    /// The share of a timed turn after which no new iteration starts (the next would rarely finish).
    pub next_iteration_share: f32,
}

impl AbParams {
    /// The sparring partner's settings: the clock, a 64 MiB table, the table's move, killers and the policy
    /// to order moves (the history of cut-offs, which outweighs the policy's logits within a few turns, -79
    /// Elo in a screen: docs/journal/2026-12-07-alphabeta.md), reductions, and a new iteration up to 60 %
    /// of the turn (+20 over 45 % in a screen).
    pub const DEFAULT: AbParams = AbParams {
        max_depth: 0,
        table_mib: 64,
        policy_depth: 2,
        killers: true,
        history: false,
        lmr: true,
        lmr_after: 3,
        extend_single: true,
        extend_free: false,
        extend_threat: false,
        window: 60,
        next_iteration_share: 0.6,
    };

    /// Plain alpha-beta with the table and no ordering, reductions or extensions: what the full search must
    /// agree with at the same depth (tests).
    pub const PLAIN: AbParams = AbParams {
        policy_depth: 0,
        killers: false,
        history: false,
        lmr: false,
        extend_single: false,
        extend_free: false,
        extend_threat: false,
        window: 0,
        ..AbParams::DEFAULT
    };
}
