//! The move policy's trainer: self-play records (`data.rs`) and SGD on the features (`fit.rs`).

pub mod data;
pub mod fit;
