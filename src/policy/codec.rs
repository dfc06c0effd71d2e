//! The policy's weight text: each weight `w` stored as the integer `round(w · 1024)`, clamped to 15 signed
//! bits, in the shared weight-text code (`crate::codec`) after a header with the count.

use crate::codec::{Reader, SectionSize, Writer};

const SCALE: f32 = 1024.0;
const BITS: u32 = 15;
const LIMIT: f32 = (1 << (BITS - 1)) as f32;

fn to_int(w: f32) -> i64 {
    (w * SCALE).round().clamp(-LIMIT, LIMIT - 1.0) as i64
}

/// Quantises `weights` and writes them as text.
pub fn encode(weights: &[f32]) -> String {
    encode_sized(weights).0
}

/// The sections of `encode_sized`'s text.
pub const TENSOR_NAMES: [&str; 2] = ["count", "weights"];

/// `encode`, and each section's size in the text.
pub fn encode_sized(weights: &[f32]) -> (String, Vec<SectionSize>) {
    let mut w = Writer::default();
    w.put(weights.len() as i64, 32);
    w.section(0);
    weights.iter().for_each(|&x| w.put(to_int(x), BITS));
    let sizes = w.sizes().to_vec();
    (w.finish(), sizes)
}

/// The weights as they round-trip through `encode` (what the bot will really use).
pub fn quantise(w: f32) -> f32 {
    to_int(w) as f32 / SCALE
}

/// Reads weights written by `encode`; an error says what is wrong.
pub fn decode(text: &str) -> Result<Vec<f32>, String> {
    let mut r = Reader::new(text)?;
    let count = r.get(32)?;
    if !(0..1 << 20).contains(&count) {
        return Err(format!("a count of {count} weights (damaged text?)"));
    }
    r.section(0);
    let weights = (0..count).map(|_| r.get(BITS).map(|q| q as f32 / SCALE)).collect::<Result<_, _>>()?;
    r.finish()?;
    Ok(weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_is_exact_after_quantisation() {
        let w = vec![0.0, 1.5, -2.25, 0.0009765625, 15.99, -16.0, 100.0, -100.0];
        let decoded = decode(&encode(&w)).unwrap();
        let expected: Vec<f32> = w.iter().map(|&x| quantise(x)).collect();
        assert_eq!(decoded, expected);
        assert_eq!(decoded[1], 1.5);
        assert_eq!(quantise(100.0), 16383.0 / 1024.0, "clamped to 15 bits");
        assert_eq!(decode(&encode(&decoded)).unwrap(), decoded);
    }

    #[test]
    fn bad_text_is_rejected() {
        assert!(decode("").is_err());
        assert!(decode("\u{4e00}").unwrap_err().contains("not a weight character"));
        let t = encode(&[1.0, 2.0]);
        assert!(decode(&t[..t.len() - 2]).is_err());
    }
}
