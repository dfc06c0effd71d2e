//! The local referee: matches between two players, tournaments, game logs and replays.
//!
//! `uttt arena A B --games N --jobs J …` where a player is `builtin:NAME[:opts]` or a shell command
//! spoken to exactly as the CodinGame referee does (docs/rules.md).

mod commands;
pub mod glicko;
pub mod human;
pub mod lines;
pub mod log;
pub mod openings;
pub mod plain;
pub mod player;
pub mod realistic;
pub mod referee;
pub mod runner;
pub mod stats;
pub mod summary;

pub use commands::{main, make_openings, tournament, PageWriter};
pub use log::{game_log_line, header_line, match_log, moves_from_log_line, show};
pub use referee::time_control;
pub use runner::{progress_line, run_match, MatchConfig, MatchGame, MatchResult, Sprt};
pub use summary::summary;
