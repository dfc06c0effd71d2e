//! The rollout head: a second output layer on the value net's hidden units that predicts the result of
//! one of the bot's rollouts (fitted by `uttt fit-rollout-head`, `train/value/rollout_head_fit.rs`). The search uses
//! it to count a leaf's rollout by its surprise alone (`mcts/evaluate.rs`).
//!
//! Its weight text holds only the output layer, in the value net's codec (`crate::codec`): a format version,
//! the net's shape, a fingerprint of the net's hidden layers (a head fitted on another net's hidden units
//! would be rejected rather than read as garbage), the output weights (16 bits) and biases (32 bits), then
//! the codec's checksum.

use super::network::{ValueNet, LEGACY_SCALE};
use crate::codec::{Checksum, Reader, SectionSize, Writer};

/// The committed head, fitted on the committed value net (weights/MANIFEST.txt).
pub const ROLLOUT_HEAD_TEXT: &str = include_str!("../../weights/rollout_head.txt");
/// Version 2 is on the value net's scale `QA` = 128; version 1 was on 64, and is read with its biases
/// doubled and its fingerprint taken of the net's weights on that scale (as the value net's text, 5 and 6).
const HEAD_FORMAT_VERSION: i64 = 2;

/// A fingerprint of `net`'s hidden layers on a scale `1 / scale` of theirs: the codec's checksum of them.
/// The first layer counts the features the net reads only, so that a feature added later keeps the
/// fingerprints of the heads fitted before.
fn fingerprint(net: &ValueNet, scale: i64) -> u32 {
    let (w1, b1, second, _, _) = net.parts();
    let mut sum = Checksum::default();
    w1[..net.shape().inputs * net.hidden()].iter().chain(b1).for_each(|&v| sum.add(v as i64 / scale, 16));
    second.weights.iter().for_each(|&v| sum.add(v as i64, 16));
    second.biases.iter().for_each(|&v| sum.add(v as i64 / scale, 32));
    sum.value()
}

/// The width of the layer that the output reads: a row of the output weights.
fn last_width(net: &ValueNet) -> usize {
    if net.hidden2() > 0 {
        net.hidden2()
    } else {
        net.hidden()
    }
}

/// The output layer of `head` (a net sharing its hidden layers with the value net) as weight text.
pub fn encode(head: &ValueNet) -> String {
    encode_sized(head).0
}

/// The sections of `encode_sized`'s text.
pub const TENSOR_NAMES: [&str; 3] = ["header", "w2", "b2"];

/// `encode`, and each section's size in the text.
pub fn encode_sized(head: &ValueNet) -> (String, Vec<SectionSize>) {
    let (_, _, _, w2, b2) = head.parts();
    let mut w = Writer::default();
    w.put(HEAD_FORMAT_VERSION, 16);
    for n in [head.hidden(), head.hidden2(), head.buckets()] {
        w.put(n as i64, 16);
    }
    w.put(fingerprint(head, 1) as i32 as i64, 32);
    w.section(last_width(head));
    w2.iter().for_each(|&v| w.put(v as i64, 16));
    w.section(0);
    b2.iter().for_each(|&v| w.put(v as i64, 32));
    let sizes = w.sizes().to_vec();
    (w.finish(), sizes)
}

/// The head that `text` (from `name`) holds for `net`; an error names the file and what is wrong.
pub fn decode_named(net: &ValueNet, name: &str, text: &str) -> Result<ValueNet, String> {
    decode_head(net, text).map_err(|e| format!("{name}: {e}"))
}

fn decode_head(net: &ValueNet, text: &str) -> Result<ValueNet, String> {
    let mut r = Reader::new(text)?;
    let version = r.get(16)?;
    if !(1..=HEAD_FORMAT_VERSION).contains(&version) {
        return Err(format!("format version {version}, expected 1..={HEAD_FORMAT_VERSION}"));
    }
    let scale = if version < 2 { LEGACY_SCALE } else { 1 };
    let shape = (r.get(16)?, r.get(16)?, r.get(16)?);
    let expected = (net.hidden() as i64, net.hidden2() as i64, net.buckets() as i64);
    if shape != expected {
        return Err(format!("a head for a net of shape {shape:?}, the value net's is {expected:?}"));
    }
    if r.get(32)? as u32 != fingerprint(net, scale) {
        return Err("fitted on another value net's hidden units".into());
    }
    let last = last_width(net);
    r.section(last);
    let w2 = (0..last * net.buckets()).map(|_| r.get(16).map(|v| v as i16)).collect::<Result<_, _>>()?;
    r.section(0);
    let b2 = (0..net.buckets()).map(|_| r.get(32).map(|v| (v * scale) as i32)).collect::<Result<_, _>>()?;
    r.finish()?;
    net.with_output(w2, b2)
}

/// The head in the file `path`, or the embedded one when no file is given, for `net`.
pub fn load(net: &ValueNet, path: Option<&str>) -> Result<ValueNet, String> {
    match path {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            decode_named(net, path, &text)
        }
        None => decode_named(net, "weights/rollout_head.txt", ROLLOUT_HEAD_TEXT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded net with its output layer negated: a head as far from the net's output as any.
    fn a_head(net: &ValueNet) -> ValueNet {
        let (_, _, _, w2, b2) = net.parts();
        net.with_output(w2.iter().map(|&w| -w).collect(), b2.iter().map(|&b| -b).collect()).unwrap()
    }

    #[test]
    fn a_head_round_trips_and_is_read_only_for_its_own_net() {
        let net = ValueNet::embedded().unwrap();
        let head = a_head(&net);
        let text = encode(&head);
        assert!(text.len() < 1_000, "only the output layer is written");
        let back = decode_head(&net, &text).unwrap();
        assert_eq!(back.encode(), head.encode());
        // Another net's hidden units: one first-layer weight changed.
        let (w1, b1, second, w2, b2) = net.parts();
        let mut w1 = w1.to_vec();
        w1[5] = if w1[5] == 0 { 1 } else { 0 };
        let other =
            ValueNet::new(net.hidden(), w1, b1.to_vec(), second.clone(), w2.to_vec(), b2.to_vec()).unwrap();
        assert!(decode_head(&other, &text).unwrap_err().contains("another value net"));
    }

    #[test]
    fn a_damaged_head_text_is_an_error_naming_the_file() {
        let net = ValueNet::embedded().unwrap();
        let text = encode(&a_head(&net));
        let cut: String = text.chars().take(text.chars().count() / 2).collect();
        let err = decode_named(&net, "h.txt", &cut).unwrap_err();
        assert!(err.starts_with("h.txt: ") && err.contains("truncated"), "{err}");
        let mut chars: Vec<char> = text.chars().collect();
        chars[10] = char::from_u32(chars[10] as u32 ^ 1).unwrap();
        let err = decode_named(&net, "h.txt", &chars.into_iter().collect::<String>()).unwrap_err();
        assert!(err.starts_with("h.txt: "), "{err}");
    }

    #[test]
    fn the_embedded_head_belongs_to_the_embedded_net() {
        let net = ValueNet::embedded().unwrap();
        let head = load(&net, None).unwrap();
        assert!(net.shares_hidden_layers(&head));
    }
}
