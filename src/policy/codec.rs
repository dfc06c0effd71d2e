//! The policy's weight text: each weight `w` stored as the integer `round(w · 1024)`, clamped to 15 signed
//! bits and then rounded to a multiple of the text's `step` (stored divided by it, so that a coarser step
//! costs fewer bits a weight), in the shared weight-text code (`crate::codec`) after a header.
//!
//! The header is the marker `STEPPED`, the step and the count. The first format, still read, held the
//! count alone (a count is never negative, so the marker tells them apart) and had the step 1.

use crate::codec::{Reader, SectionSize, Writer};

const SCALE: f32 = 1024.0;
const BITS: u32 = 15;
const LIMIT: f32 = (1 << (BITS - 1)) as f32;
/// The header's first number in a text that states its step.
const STEPPED: i64 = -2;
/// The coarsest step a text may have.
pub const MAX_STEP: i64 = 256;
/// The step of the shipped text and of `uttt train` unless told otherwise: a weight to the nearest 1/32,
/// half the bytes of step 1 for the same held-out loss (docs/journal/2026-11-30-bytes.md).
pub const STEP: i64 = 32;

/// `w`'s stored integer at `step`: rounded to 1/1024 first, then to the step, so a text re-encoded with a
/// coarser step holds exactly what training with that step writes.
fn to_int(w: f32, step: i64) -> i64 {
    let fine = (w * SCALE).round().clamp(-LIMIT, LIMIT - 1.0);
    (fine / step as f32).round() as i64
}

/// The sections of `encode_sized`'s text.
pub const TENSOR_NAMES: [&str; 2] = ["header", "weights"];

/// Quantises `weights` to multiples of `step` / 1024 and writes them as text, with each section's size.
pub fn encode_sized(weights: &[f32], step: i64) -> (String, Vec<SectionSize>) {
    assert!((1..=MAX_STEP).contains(&step), "a policy step of {step}");
    let mut w = Writer::default();
    w.put(STEPPED, 32);
    w.put(step, 16);
    w.put(weights.len() as i64, 32);
    w.section(0);
    weights.iter().for_each(|&x| w.put(to_int(x, step), BITS));
    let sizes = w.sizes().to_vec();
    (w.finish(), sizes)
}

/// The weight as it round-trips through a text of step `step` (what the bot will really use).
pub fn quantise(w: f32, step: i64) -> f32 {
    (to_int(w, step) * step) as f32 / SCALE
}

/// Reads weights written by `encode_sized` (or by the first format); an error says what is wrong.
pub fn decode(text: &str) -> Result<Vec<f32>, String> {
    let mut r = Reader::new(text)?;
    let first = r.get(32)?;
    let (step, count) = if first == STEPPED { (r.get(16)?, r.get(32)?) } else { (1, first) };
    if !(1..=MAX_STEP).contains(&step) {
        return Err(format!("a step of {step}, expected 1..={MAX_STEP}"));
    }
    if !(0..1 << 20).contains(&count) {
        return Err(format!("a count of {count} weights (damaged text?)"));
    }
    r.section(0);
    let weights =
        (0..count).map(|_| r.get(BITS).map(|q| (q * step) as f32 / SCALE)).collect::<Result<_, _>>()?;
    r.finish()?;
    Ok(weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_is_exact_after_quantisation() {
        let w = vec![0.0, 1.5, -2.25, 0.0009765625, 15.99, -16.0, 100.0, -100.0, 0.0234, -0.0234];
        for step in [1, 4, 16, MAX_STEP] {
            let decoded = decode(&encode_sized(&w, step).0).unwrap();
            let expected: Vec<f32> = w.iter().map(|&x| quantise(x, step)).collect();
            assert_eq!(decoded, expected, "step {step}");
            assert_eq!(decoded[1], 1.5, "a multiple of the step stays as it is");
            assert!(decoded.iter().all(|&x| (x * SCALE) as i64 % step == 0), "step {step}: {decoded:?}");
            assert_eq!(decode(&encode_sized(&decoded, step).0).unwrap(), decoded);
        }
        assert_eq!(quantise(100.0, 1), 16383.0 / 1024.0, "clamped to 15 bits");
        assert_eq!(quantise(0.0234, 1), 24.0 / 1024.0);
        assert_eq!(quantise(0.0234, 16), 32.0 / 1024.0, "24 rounds to 2 steps of 16");
        assert_eq!(quantise(-0.0234, 16), -32.0 / 1024.0, "and -24 to -2");
    }

    #[test]
    fn a_coarser_step_is_shorter_and_rounding_twice_is_rounding_once() {
        let mut rng = crate::rng::Rng::new(3);
        let w: Vec<f32> = (0..2000).map(|_| (rng.unit_f32() - 0.5) * 2.0).collect();
        let (fine, coarse) = (encode_sized(&w, 1).0, encode_sized(&w, 16).0);
        assert!(coarse.len() * 10 < fine.len() * 7, "{} vs {}", coarse.len(), fine.len());
        // Re-encoding the fine text's weights at a step gives the text that step writes from the floats.
        let from_fine: Vec<f32> = decode(&fine).unwrap();
        assert_eq!(encode_sized(&from_fine, 16).0, coarse);
    }

    #[test]
    fn the_first_format_reads_with_step_one() {
        let mut w = Writer::default();
        w.put(3, 32);
        w.section(0);
        [1024, -512, 7].iter().for_each(|&q| w.put(q, BITS));
        assert_eq!(decode(&w.finish()).unwrap(), vec![1.0, -0.5, 7.0 / 1024.0]);
    }

    #[test]
    fn bad_text_is_rejected() {
        assert!(decode("").is_err());
        assert!(decode("\u{4e00}").unwrap_err().contains("not a weight character"));
        let t = encode_sized(&[1.0, 2.0], 4).0;
        assert!(decode(&t[..t.len() - 2]).is_err());
        let mut w = Writer::default();
        w.put(STEPPED, 32);
        w.put(0, 16);
        w.put(0, 32);
        w.section(0);
        assert!(decode(&w.finish()).unwrap_err().contains("a step of 0"));
    }
}
