//! The learned value net: the expected score of a position for the side to move, evaluated at the
//! search's leaves. Trained by `uttt train-value` and embedded in the binary (and the bundle) as text.
//!
//! `features/` the inputs, `accumulator.rs` the first layer kept up to date move by move (`board_accumulator.rs`
//! its board part only, the game-level part added at evaluation: alpha-beta's), `board_sums.rs`
//! each small board's columns summed once for the positions the search values, `children.rs`
//! a node's children valued from the sums they share, `network/` the quantised net (its shape in
//! `network/shape.rs`, one file a layer) and its integer inference, `crate::codec` the weight text,
//! `rollout_head.rs` a second output that predicts a rollout's result.

/// The tools' (the bench, the rollout head's fit); the search values from `board_sums`.
#[cfg(not(bundle))]
pub mod accumulator;
/// The alpha-beta search's (tools only).
#[cfg(not(bundle))]
pub mod board_accumulator;
pub mod board_sums;
mod child_features;
pub mod children;
pub mod features;
pub mod network;
/// The tools' blends only: the bot values its leaves by the net alone (`mcts/evaluate.rs`).
#[cfg(not(bundle))]
pub mod rollout_head;

#[cfg(not(bundle))]
pub use accumulator::Accumulator;
#[cfg(not(bundle))]
pub use board_accumulator::BoardAccumulator;
pub use network::ValueNet;

/// The committed weights (see weights/MANIFEST.txt for how they were made).
pub const VALUE_TEXT: &str = include_str!("../../weights/value.txt");

impl ValueNet {
    /// The embedded weights, decoded once at start-up; an error names the file and what is wrong, or
    /// says that they are not of the shipped shape (`network::SHIPPED`).
    pub fn embedded() -> Result<ValueNet, String> {
        ValueNet::decode_named("weights/value.txt", VALUE_TEXT)?.of_shipped_shape("weights/value.txt")
    }

    /// The net itself when it has the shipped shape; an error naming `name` and both shapes otherwise.
    fn of_shipped_shape(self, name: &str) -> Result<ValueNet, String> {
        match self.shape() {
            shape if shape == network::SHIPPED => Ok(self),
            shape => Err(format!("{name}: {shape:?}, not the shipped {:?}", network::SHIPPED)),
        }
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
                // The arena file carries the shipped shape's code only, and its decoder refuses others.
                ValueNet::decode_named(path, &text)
            }
            None => ValueNet::embedded(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::network::{NetShape, SHIPPED};
    use super::*;

    #[test]
    fn the_embedded_net_has_the_shipped_shape_and_another_shape_is_refused() {
        assert_eq!(ValueNet::embedded().unwrap().shape(), SHIPPED);
        let narrow = network::tests::random_net(16, SHIPPED.buckets, 1);
        let err = narrow.of_shipped_shape("n.txt").unwrap_err();
        let shipped = format!("hidden: {}", SHIPPED.hidden);
        assert!(err.contains("n.txt") && err.contains("hidden: 16") && err.contains(&shipped), "{err}");
    }

    #[test]
    fn impossible_shapes_are_named_and_refused() {
        let bad = [
            NetShape { hidden: 60, ..SHIPPED },
            NetShape { hidden: 0, ..SHIPPED },
            NetShape { buckets: 0, ..SHIPPED },
            NetShape { hidden2: 8, ..SHIPPED },
            NetShape { inputs: features::INPUTS + 1, ..SHIPPED },
            NetShape { buckets: 6, ..SHIPPED },
            NetShape { buckets: 30, ..SHIPPED },
        ];
        for shape in bad {
            assert!(shape.check().unwrap_err().contains(&format!("{shape:?}")), "{shape:?}");
        }
        assert!(NetShape { hidden2: 8, squared: false, ..SHIPPED }.check().is_ok());
        for buckets in [1, 5, 10, 20] {
            assert!(NetShape { buckets, ..SHIPPED }.check().is_ok());
        }
    }
}
