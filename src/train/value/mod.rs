//! The value net's trainers: self-play (`data.rs`), its records (`records.rs`) and their resumable shard files (`shard_file.rs`), Adam on the float net
//! and quantisation (`fit/`, `float_net.rs`; the board's symmetries are `board/symmetry.rs`), the
//! generation loop (`regenerate.rs`), the net's error by phase (`error.rs`) and its rollout head
//! (`rollout_head_fit.rs`); records from logged matches (`from_logs.rs`); self-play positions searched again deeper (`relabel.rs`).

pub mod data;
pub mod error;
pub mod fit;
pub mod float_net;
pub mod from_logs;
pub mod records;
pub mod regenerate;
pub mod relabel;
pub mod rollout_head_fit;
pub mod shard_file;
