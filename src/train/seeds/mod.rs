//! The seed documents' learned evaluations: seed 000's TD learning (`td.rs`) and seed 003's (`basis6_td.rs`).

pub mod basis6_td;
pub mod td;
