//! Bytes as printable ASCII: 9 bytes to 11 digits of base 94, the digits written as the printable
//! characters `' '..='~'` without `"` (a raw string literal `r"…"` holds them all as they are).
//!
//! 94^11 ≥ 2^72, so a whole chunk costs 11 characters for 72 bits: 6.545 bits a character, within 0.2 %
//! of the 6.555 that base 94 can carry. A last chunk of k < 9 bytes takes the fewest digits that hold
//! 8·k bits, and those counts differ for every k, so the text's length tells how many bytes it holds.

const BASE: u128 = 94;
const CHUNK_BYTES: usize = 9;

/// The digits that hold `bytes` bytes (at most a chunk's 9): the least `d` with 94^d ≥ 256^bytes.
fn digits_for(bytes: usize) -> usize {
    let (mut d, mut reach, need) = (0, 1u128, 1u128 << (8 * bytes));
    while reach < need {
        reach *= BASE;
        d += 1;
    }
    d
}

fn to_char(digit: u8) -> char {
    let c = b' ' + digit;
    (if c >= b'"' { c + 1 } else { c }) as char
}

fn from_char(c: char) -> Option<u8> {
    match c {
        ' ' | '!' => Some(c as u8 - b' '),
        '#'..='~' => Some(c as u8 - b' ' - 1),
        _ => None,
    }
}

/// `bytes` as text.
pub fn bytes_to_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 11 / 9 + 11);
    for chunk in bytes.chunks(CHUNK_BYTES) {
        let mut n = chunk.iter().fold(0u128, |n, &b| n << 8 | b as u128);
        let mut digits = [0u8; 11];
        let d = digits_for(chunk.len());
        for k in (0..d).rev() {
            digits[k] = (n % BASE) as u8;
            n /= BASE;
        }
        text.extend(digits[..d].iter().map(|&g| to_char(g)));
    }
    text
}

/// The bytes that `bytes_to_text` wrote into `text`; an error names a foreign character or a length that no
/// byte count gives.
pub fn text_to_bytes(text: &str) -> Result<Vec<u8>, String> {
    let digits: Vec<u8> = text
        .chars()
        .map(|c| from_char(c).ok_or_else(|| format!("character {c:?} is not a weight character")))
        .collect::<Result<_, _>>()?;
    let full = digits_for(CHUNK_BYTES);
    let mut bytes = Vec::with_capacity(digits.len() * 9 / 11 + 9);
    for chunk in digits.chunks(full) {
        let count = (0..=CHUNK_BYTES)
            .find(|&k| digits_for(k) == chunk.len())
            .ok_or("the text's length fits no byte count (truncated?)")?;
        let n = chunk.iter().fold(0u128, |n, &g| n * BASE + g as u128);
        if n >> (8 * count) != 0 {
            return Err("a chunk holds more than its bytes (damaged or truncated text)".into());
        }
        bytes.extend((0..count).rev().map(|k| (n >> (8 * k)) as u8));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_length_and_byte_round_trips_in_printable_ascii_without_quotes() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + len * 11) as u8 ^ 0xA5).collect();
            let text = bytes_to_text(&bytes);
            assert!(text.chars().all(|c| (' '..='~').contains(&c) && c != '"'), "{text}");
            assert_eq!(text_to_bytes(&text).unwrap(), bytes);
        }
        let all: Vec<u8> = (0..=255).chain((0..=255).rev()).collect();
        assert_eq!(text_to_bytes(&bytes_to_text(&all)).unwrap(), all);
        assert_eq!(text_to_bytes(&bytes_to_text(&[255; 9])).unwrap(), [255; 9]);
    }

    #[test]
    fn the_alphabet_has_94_characters_and_each_digit_one() {
        let chars: Vec<char> = (0..94).map(to_char).collect();
        assert!(chars.iter().enumerate().all(|(d, &c)| from_char(c) == Some(d as u8)));
        assert_eq!(chars.iter().collect::<std::collections::BTreeSet<_>>().len(), 94);
    }

    #[test]
    fn seventy_two_bits_in_eleven_characters() {
        assert_eq!(bytes_to_text(&[7; 900]).len(), 1100);
        assert!(text_to_bytes("ab\"c").unwrap_err().contains("'\"'"));
        assert!(text_to_bytes("a").unwrap_err().contains("truncated"));
        assert!(text_to_bytes("~~").unwrap_err().contains("damaged"));
    }
}
