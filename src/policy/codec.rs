//! The embedded weight format: one Basic-Multilingual-Plane character per weight, 15 bits each.
//!
//! A weight `w` is stored as `q = round(w * SCALE)` clamped to 15 signed bits, then as the character
//! `U+0800 + (q + 16384)`, which lies in U+0800..U+87FF: no surrogates, nothing to escape in a string
//! literal, and one UTF-16 unit each (the arena counts UTF-16 units). The first character is the count.

const SCALE: f32 = 1024.0;
const BASE: u32 = 0x800;
const OFFSET: i32 = 16384;

fn to_char(q: i32) -> char {
    char::from_u32(BASE + (q.clamp(-OFFSET, OFFSET - 1) + OFFSET) as u32).expect("U+0800..U+87FF are chars")
}

/// Quantises `weights` and writes them as text.
pub fn encode(weights: &[f32]) -> String {
    let mut s = String::new();
    s.push(to_char(weights.len() as i32 - OFFSET));
    for &w in weights {
        s.push(to_char((w * SCALE).round() as i32));
    }
    s
}

/// The weights as they round-trip through `encode` (what the bot will really use).
pub fn quantise(w: f32) -> f32 {
    ((w * SCALE).round().clamp(-OFFSET as f32, (OFFSET - 1) as f32)) / SCALE
}

/// Reads weights written by `encode`; an error says what is wrong.
pub fn decode(text: &str) -> Result<Vec<f32>, String> {
    let mut values = text.trim().chars().map(|c| {
        let u = c as u32;
        if (BASE..BASE + 2 * OFFSET as u32).contains(&u) {
            Ok((u - BASE) as i32 - OFFSET)
        } else {
            Err(format!("character U+{u:04X} is outside the weight range"))
        }
    });
    let count = values.next().ok_or("no weights")?? + OFFSET;
    let weights: Vec<f32> = values.map(|q| q.map(|q| q as f32 / SCALE)).collect::<Result<_, _>>()?;
    if weights.len() != count as usize {
        return Err(format!("header says {count} weights, found {}", weights.len()));
    }
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
        assert_eq!(decode(&encode(&decoded)).unwrap(), decoded);
    }

    #[test]
    fn encoded_text_is_bmp_without_surrogates_or_escapes() {
        let w: Vec<f32> = (0..2000).map(|i| (i as f32 - 1000.0) / 37.0).collect();
        let text = encode(&w);
        assert_eq!(text.encode_utf16().count(), w.len() + 1);
        assert!(text.chars().all(|c| (0x800..0x8800).contains(&(c as u32)) && c != '"' && c != '\\'));
    }

    #[test]
    fn bad_text_is_rejected() {
        assert!(decode("").is_err());
        assert!(decode("abc").is_err());
        let mut t = encode(&[1.0, 2.0]);
        t.pop();
        assert!(decode(&t).is_err());
    }
}
