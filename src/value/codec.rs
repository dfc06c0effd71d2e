//! The value weights as text: a bit stream of signed integers, 15 bits per character.
//!
//! Each character is `U+4E00 + v` with `v` in `0..32768`: always in U+4E00..U+CDFF, so no surrogates, no
//! text-direction controls (rustc rejects those in literals; U+0800.. would reach U+202A), nothing to
//! escape in a string literal, and one UTF-16 unit each (the arena counts UTF-16 units).
//! Values are written with the fewest bits their kind needs (8 for first-layer weights), so one character
//! carries almost two weights. The stream ends with a checksum of everything before it, so a truncated or
//! altered text is rejected instead of giving a wrong net.

const BASE: u32 = 0x4E00;
const BITS_PER_CHAR: u32 = 15;

/// Writes signed integers of chosen widths into text.
#[derive(Default)]
pub struct Writer {
    text: String,
    pending: u64,
    pending_bits: u32,
    checksum: u32,
}

impl Writer {
    /// Appends `value` in `bits` bits (two's complement); `value` must fit.
    pub fn put(&mut self, value: i64, bits: u32) {
        debug_assert!(bits <= 32 && fits(value, bits), "{value} does not fit in {bits} bits");
        let raw = (value as u64) & ((1u64 << bits) - 1);
        self.checksum = mix(self.checksum, raw as u32);
        self.pending |= raw << self.pending_bits;
        self.pending_bits += bits;
        while self.pending_bits >= BITS_PER_CHAR {
            self.push_char();
        }
    }

    fn push_char(&mut self) {
        let v = (self.pending & 0x7FFF) as u32;
        self.text.push(char::from_u32(BASE + v).expect("U+4E00..U+CDFF are chars"));
        self.pending >>= BITS_PER_CHAR;
        self.pending_bits = self.pending_bits.saturating_sub(BITS_PER_CHAR);
    }

    /// The checksum of everything written so far (a fingerprint of those values).
    pub fn checksum(&self) -> u32 {
        self.checksum
    }

    /// The text, with the checksum appended and the last character padded.
    pub fn finish(mut self) -> String {
        let checksum = self.checksum;
        self.put(checksum as i32 as i64, 32);
        if self.pending_bits > 0 {
            self.push_char();
        }
        self.text
    }
}

/// Reads what a `Writer` wrote, in the same order and widths.
pub struct Reader<'a> {
    chars: std::str::Chars<'a>,
    pending: u64,
    pending_bits: u32,
    checksum: u32,
}

impl<'a> Reader<'a> {
    /// A reader of `text` (surrounding whitespace ignored).
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader { chars: text.trim().chars(), pending: 0, pending_bits: 0, checksum: 0 }
    }

    /// The next value of `bits` bits; an error when the text ends or holds a foreign character.
    pub fn get(&mut self, bits: u32) -> Result<i64, String> {
        while self.pending_bits < bits {
            let c = self.chars.next().ok_or("the text ends too early (truncated?)")?;
            let v = (c as u32).wrapping_sub(BASE);
            if v >= 1 << BITS_PER_CHAR {
                return Err(format!("character U+{:04X} is not a weight character", c as u32));
            }
            self.pending |= (v as u64) << self.pending_bits;
            self.pending_bits += BITS_PER_CHAR;
        }
        let raw = self.pending & ((1u64 << bits) - 1);
        self.pending >>= bits;
        self.pending_bits -= bits;
        self.checksum = mix(self.checksum, raw as u32);
        // Sign-extend from `bits` bits.
        let shift = 64 - bits;
        Ok(((raw << shift) as i64) >> shift)
    }

    /// Checks the checksum and that nothing but padding follows.
    pub fn finish(mut self) -> Result<(), String> {
        let expected = self.checksum;
        let stored = self.get(32)? as u32;
        if stored != expected {
            return Err(format!("checksum mismatch (stored {stored:08x}, computed {expected:08x})"));
        }
        if self.chars.next().is_some() {
            return Err("text continues after the checksum".into());
        }
        Ok(())
    }
}

/// True when `value` fits in `bits` signed bits.
pub fn fits(value: i64, bits: u32) -> bool {
    let half = 1i64 << (bits - 1);
    (-half..half).contains(&value)
}

/// FNV-1a-style mixing of one value into the running checksum.
fn mix(hash: u32, value: u32) -> u32 {
    let mut h = if hash == 0 { 0x811C_9DC5 } else { hash };
    for byte in value.to_le_bytes() {
        h = (h ^ byte as u32).wrapping_mul(0x0100_0193);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn sample(seed: u64) -> Vec<(i64, u32)> {
        let mut rng = Rng::new(seed);
        (0..500)
            .map(|_| {
                let bits = 1 + rng.below(32);
                let half = 1i64 << (bits - 1);
                let v = rng.next_u64() as i64 % half;
                (v, bits)
            })
            .collect()
    }

    #[test]
    fn values_round_trip_at_every_width() {
        for seed in 0..20 {
            let values = sample(seed);
            let mut w = Writer::default();
            values.iter().for_each(|&(v, b)| w.put(v, b));
            let text = w.finish();
            assert!(text.chars().all(|c| (0x4E00..0xCE00).contains(&(c as u32))));
            let mut r = Reader::new(&text);
            for &(v, b) in &values {
                assert_eq!(r.get(b).unwrap(), v);
            }
            r.finish().unwrap();
        }
    }

    #[test]
    fn more_than_a_byte_per_character_for_eight_bit_weights() {
        let mut w = Writer::default();
        (0..1000).for_each(|i| w.put(i % 256 - 128, 8));
        let text = w.finish();
        assert!(text.encode_utf16().count() * 15 / 8 >= 1000, "{} units", text.chars().count());
    }

    #[test]
    fn truncation_and_changes_are_detected() {
        let values = sample(99);
        let mut w = Writer::default();
        values.iter().for_each(|&(v, b)| w.put(v, b));
        let text = w.finish();
        let read_all = |t: &str| -> Result<(), String> {
            let mut r = Reader::new(t);
            for &(_, b) in &values {
                r.get(b)?;
            }
            r.finish()
        };
        assert!(read_all(&text).is_ok());
        let cut: String = text.chars().take(text.chars().count() - 3).collect();
        assert!(read_all(&cut).unwrap_err().contains("truncated"));
        let mut chars: Vec<char> = text.chars().collect();
        chars[10] = char::from_u32(chars[10] as u32 ^ 1).unwrap();
        assert!(read_all(&chars.iter().collect::<String>()).unwrap_err().contains("checksum"));
        assert!(read_all("abc").unwrap_err().contains("not a weight character"));
    }
}
