//! A binary range coder (LZMA's carry scheme) with counting bit models.
//!
//! A bit is coded with the probability its model gives, so a bit the model expects costs little. The
//! models count what they have seen (the Krichevsky–Trofimov estimator, `(n₀ + ½)/(n + 1)`): weights are a
//! fixed sample, not a drifting stream, and for such data counting comes closest to the entropy.

/// Probabilities are 16-bit fractions.
const PROB_BITS: u32 = 16;
/// The range is renormalised (a byte shifted out) whenever it falls below this.
const TOP: u32 = 1 << 24;

/// An adaptive model of one binary decision: the counts of zeros and ones seen so far.
#[derive(Clone, Copy, Default, Debug)]
pub struct BitModel {
    zeros: u32,
    ones: u32,
    /// `p0_of` the counts, kept (computed when they change, so that its division is off the decoder's
    /// chain of dependent bits), stored XOR `P0_UNSEEN` so that the derived default (0) is a fresh
    /// model's chance.
    p0_xor_unseen: u32,
}

/// A model that has seen nothing gives a zero half the range.
const P0_UNSEEN: u32 = 1 << (PROB_BITS - 1);

impl BitModel {
    /// The chance of a zero, in 1..2^16 (never 0 or 1: every bit stays codable).
    #[inline]
    fn p0(&self) -> u32 {
        self.p0_xor_unseen ^ P0_UNSEEN
    }

    #[inline]
    fn update(&mut self, bit: bool) {
        if bit {
            self.ones += 1;
        } else {
            self.zeros += 1;
        }
        self.p0_xor_unseen = p0_of(self.zeros as u64, (self.zeros + self.ones) as u64) ^ P0_UNSEEN;
    }
}

/// `⌊((2 zeros + 1) · 2^16) / (2 seen + 2)⌋`, clamped to 1..2^16, through a floating-point division: exact
/// (both integers are below 2^53 and the quotient below 2^17, so its rounding error, under 2^-36, cannot
/// carry it across an integer, which a non-integer quotient misses by at least 1/(2 seen + 2)), and several
/// times quicker than a 64-bit integer division, which took most of the weights' decoding at start-up.
fn p0_of(zeros: u64, seen: u64) -> u32 {
    let p = ((2 * zeros + 1) << PROB_BITS) as f64 / (2 * seen + 2) as f64;
    (p as u32).clamp(1, (1 << PROB_BITS) - 1)
}

/// Writes bits into bytes.
pub struct Encoder {
    low: u64,
    range: u32,
    /// The last byte not yet written (a carry may still reach it), and the 0xFF bytes after it.
    cache: u8,
    pending: u64,
    started: bool,
    out: Vec<u8>,
    /// The information coded so far, in bits: Σ −log₂ of each coded bit's probability.
    cost_bits: f64,
}

impl Default for Encoder {
    fn default() -> Self {
        Encoder {
            low: 0,
            range: u32::MAX,
            cache: 0,
            pending: 1,
            started: false,
            out: Vec::new(),
            cost_bits: 0.0,
        }
    }
}

impl Encoder {
    /// Codes `bit` with its model, then teaches the model.
    pub fn bit(&mut self, model: &mut BitModel, bit: bool) {
        self.raw(bit, model.p0());
        model.update(bit);
    }

    /// Codes `bit` with a fixed chance of a zero (`p0` in 1..2^16).
    pub fn raw(&mut self, bit: bool, p0: u32) {
        let bound = (self.range >> PROB_BITS) * p0;
        let p = if bit { (1 << PROB_BITS) - p0 } else { p0 };
        self.cost_bits += PROB_BITS as f64 - (p as f64).log2();
        if bit {
            self.low += bound as u64;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
    }

    fn shift_low(&mut self) {
        if self.low < 0xFF00_0000 || self.low >= 1 << 32 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.pending > 0 {
                // The very first byte is always zero: the decoder assumes it instead of reading it.
                if self.started {
                    self.out.push(byte.wrapping_add(carry));
                }
                self.started = true;
                byte = 0xFF;
                self.pending -= 1;
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    /// The information coded so far, in bits (the bytes come within a few of it).
    pub fn cost_bits(&self) -> f64 {
        self.cost_bits
    }

    /// The coded bytes.
    pub fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        self.out
    }
}

/// Reads the bits an `Encoder` wrote, with the same models in the same order.
pub struct Decoder {
    bytes: Vec<u8>,
    next: usize,
    range: u32,
    code: u32,
}

impl Decoder {
    /// A decoder of `bytes`.
    pub fn new(bytes: Vec<u8>) -> Decoder {
        let mut d = Decoder { bytes, next: 0, range: u32::MAX, code: 0 };
        for _ in 0..4 {
            d.code = d.code << 8 | d.byte() as u32;
        }
        d
    }

    fn byte(&mut self) -> u8 {
        let b = self.bytes.get(self.next).copied().unwrap_or(0);
        self.next += 1;
        b
    }

    /// True when more bytes were read than there are: the text was cut short.
    pub fn overran(&self) -> bool {
        self.next > self.bytes.len()
    }

    /// True while bytes are left unread.
    pub fn has_more(&self) -> bool {
        self.next < self.bytes.len()
    }

    /// Decodes a bit with its model, then teaches the model as the encoder did.
    pub fn bit(&mut self, model: &mut BitModel) -> bool {
        let bit = self.raw(model.p0());
        model.update(bit);
        bit
    }

    /// Decodes a bit coded with a fixed chance of a zero.
    pub fn raw(&mut self, p0: u32) -> bool {
        let bound = (self.range >> PROB_BITS) * p0;
        let bit = self.code >= bound;
        if bit {
            self.code -= bound;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        while self.range < TOP {
            self.range <<= 8;
            self.code = self.code << 8 | self.byte() as u32;
        }
        bit
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn the_floating_point_chance_is_the_integer_quotient() {
        let exact = |zeros: u64, seen: u64| {
            (((2 * zeros + 1) << PROB_BITS) / (2 * seen + 2)).clamp(1, (1 << PROB_BITS) - 1) as u32
        };
        for seen in 0..2_000 {
            for zeros in 0..=seen {
                assert_eq!(p0_of(zeros, seen), exact(zeros, seen), "{zeros} of {seen}");
            }
        }
        let mut rng = Rng::new(9);
        for _ in 0..1_000_000 {
            let seen = rng.below(1 << 30) as u64;
            let zeros = rng.below(seen as u32 + 1) as u64;
            assert_eq!(p0_of(zeros, seen), exact(zeros, seen), "{zeros} of {seen}");
        }
    }

    #[test]
    fn a_fresh_model_keeps_the_chance_of_its_counts() {
        let mut m = BitModel::default();
        assert_eq!(m.p0(), p0_of(0, 0));
        for (k, bit) in [true, false, false, true, true, true].into_iter().enumerate() {
            m.update(bit);
            assert_eq!(m.p0(), p0_of(m.zeros as u64, k as u64 + 1));
        }
    }

    #[test]
    fn skewed_bits_round_trip_in_fewer_bytes_than_bits() {
        let mut rng = Rng::new(4);
        let bits: Vec<bool> = (0..20_000).map(|_| rng.below(10) == 0).collect();
        let mut e = Encoder::default();
        let mut m = BitModel::default();
        bits.iter().for_each(|&b| e.bit(&mut m, b));
        e.raw(true, 1); // the least likely bit there is, to exercise a long carry
        let bytes = e.finish();
        // The entropy of a 1-in-10 bit is 0.469 bits: 1,172 bytes for 20,000.
        assert!(bytes.len() < 1_200, "{} bytes", bytes.len());
        let mut d = Decoder::new(bytes);
        let mut m = BitModel::default();
        assert!(bits.iter().all(|&b| d.bit(&mut m) == b));
        assert!(d.raw(1) && !d.overran() && !d.has_more());
    }
}
