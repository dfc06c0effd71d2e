//! The search a bot plays with, of either family: the tree search (`mcts`, the arena file's only one) or
//! alpha-beta over the value net (`alphabeta`, `uttt --search alphabeta`). Both answer a position with a
//! `SearchReport`, so the bot, its book and its log treat them alike. Tools only: the arena file's bot
//! holds the tree search itself (`bot::Engine`). Which family a player runs is `agents::family`'s.

use crate::alphabeta::AlphaBeta;
use crate::board::Board;
use crate::mcts::{Limits, Search, SearchReport};
use crate::moves::Move;
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
