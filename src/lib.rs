//! uttt: an Ultimate Tic-Tac-Toe engine, MCTS bot and local referee for the CodinGame arena.

pub mod bench;
pub mod board;
pub mod moves;
pub mod perft;
pub mod protocol;
pub mod rng;

pub use board::{Board, Player, Status};
pub use moves::{Move, MoveList};
pub use rng::Rng;
