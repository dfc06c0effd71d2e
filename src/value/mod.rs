//! The learned value net: the expected score of a position for the side to move, evaluated at the
//! search's leaves. Trained by `uttt train-value` and embedded in the binary (and the bundle) as text.
//!
//! `features.rs` the inputs, `accumulator.rs` the first layer kept up to date move by move, `children.rs` a
//! node's children valued from the sums they share,
//! `network.rs` the quantised net and its integer inference, `crate::codec` the weight text, `rollout_head.rs`
//! a second output that predicts a rollout's result.

pub mod accumulator;
mod child_features;
pub mod children;
pub mod features;
pub mod network;
pub mod rollout_head;

pub use accumulator::Accumulator;
pub use network::ValueNet;

/// The committed weights (see weights/MANIFEST.txt for how they were made).
pub const VALUE_TEXT: &str = include_str!("../../weights/value.txt");

impl ValueNet {
    /// The embedded weights, decoded once at start-up; an error names the file and what is wrong.
    pub fn embedded() -> Result<ValueNet, String> {
        ValueNet::decode_named("weights/value.txt", VALUE_TEXT)
    }

    /// Reads weight text that came from the file `name`; an error starts with that name.
    pub fn decode_named(name: &str, text: &str) -> Result<ValueNet, String> {
        ValueNet::decode(text).map_err(|e| format!("{name}: {e}"))
    }

    /// The net in the weight file `path`, or the embedded one when no file is given; an error names the file.
    pub fn load(path: Option<&str>) -> Result<ValueNet, String> {
        match path {
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                ValueNet::decode_named(path, &text)
            }
            None => ValueNet::embedded(),
        }
    }
}
