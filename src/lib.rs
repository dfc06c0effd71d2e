//! uttt: an Ultimate Tic-Tac-Toe engine, MCTS bot and local referee for the CodinGame arena.
//!
//! Data flows one way: `protocol` (referee lines) → `bot` (game state) → `mcts` (search) → a move.

pub mod agents;
pub mod alphabeta;
pub mod analysis;
pub mod arena;
pub mod bench;
pub mod board;
pub mod book;
pub mod bot;
pub mod cli;
pub mod codec;
pub mod engine;
pub mod json;
pub mod league;
pub mod mcts;
pub mod moves;
pub mod options;
pub mod perft;
pub mod playout;
pub mod policy;
pub mod profile;
pub mod protocol;
pub mod report;
pub mod rng;
pub mod train;
pub mod tunables;
pub mod tune;
pub mod value;

pub use board::{Board, Player, Status};
pub use moves::{Move, MoveList};
pub use rng::Rng;
