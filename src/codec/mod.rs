//! Weight text: signed integers entropy-coded into printable ASCII, the format of every embedded weight
//! file (the arena counts a file's UTF-8 bytes, so each character must be one byte and carry all it can).
//!
//! A writer codes each value with an adaptive model of its section (one tensor): whether it is zero, its
//! sign, its bit length, and its bits below the leading one, each decision with its own counts
//! (`range.rs`), chosen by the sizes of the value before it and of the value one row (`stride`) before it.
//! Weights peak near zero and neighbours are alike, so a value costs its information, not its width. The
//! coded bytes become base-94 characters (`ascii.rs`). The stream ends with a checksum of the values, so a
//! truncated or altered text is rejected instead of giving wrong weights.

mod ascii;
mod range;

use range::{BitModel, Decoder, Encoder};

/// The error of a text that ends before its values and checksum do.
const TRUNCATED: &str = "the text ends too early (truncated?)";
/// Bit-length buckets of a neighbour that select a value's model.
const NEIGHBOUR_BUCKETS: usize = 6;
/// Bit lengths of a value (up to 32 bits wide).
const MAX_CLASS: usize = 32;
/// Below its leading one, a value's first two bits have models of their own; the rest share one.
const MANTISSA_MODELS: usize = 3;

/// The models of one neighbourhood context.
#[derive(Clone, Copy)]
struct IntModel {
    zero: BitModel,
    sign: BitModel,
    class: [BitModel; MAX_CLASS],
    mantissa: [BitModel; MAX_CLASS * MANTISSA_MODELS],
}

impl Default for IntModel {
    fn default() -> Self {
        let m = BitModel::default();
        IntModel { zero: m, sign: m, class: [m; MAX_CLASS], mantissa: [m; MAX_CLASS * MANTISSA_MODELS] }
    }
}

/// One section's models and the neighbour buckets (`neighbour_bucket`) of the values coded in it so far,
/// which select the models.
struct Section {
    models: Vec<IntModel>,
    buckets: Vec<u8>,
    stride: usize,
}

/// A value's bucket as a neighbour: its bit length, at most `NEIGHBOUR_BUCKETS - 1`.
fn neighbour_bucket(v: i64) -> u8 {
    (64 - v.unsigned_abs().leading_zeros() as usize).min(NEIGHBOUR_BUCKETS - 1) as u8
}

impl Section {
    fn new(stride: usize) -> Section {
        Section {
            models: vec![IntModel::default(); NEIGHBOUR_BUCKETS * NEIGHBOUR_BUCKETS],
            buckets: Vec::new(),
            stride,
        }
    }

    /// The model for the next value: by the bit lengths of the previous value and of the one a row back.
    fn model(&mut self) -> &mut IntModel {
        let n = self.buckets.len();
        let above = if self.stride > 0 && n >= self.stride { self.buckets[n - self.stride] } else { 0 };
        let k = *self.buckets.last().unwrap_or(&0) as usize * NEIGHBOUR_BUCKETS + above as usize;
        &mut self.models[k]
    }

    /// Notes the value just coded, a neighbour of those to come.
    fn push(&mut self, value: i64) {
        self.buckets.push(neighbour_bucket(value));
    }
}

/// Makes lane `k` the one in use, adding fresh lanes (the first's stride) up to it.
fn select_lane(lanes: &mut Vec<Section>, lane: &mut usize, k: usize) {
    while lanes.len() <= k {
        lanes.push(Section::new(lanes[0].stride));
    }
    *lane = k;
}

/// FNV-1a's starting value: the hash of no bytes.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a (64 bits) of `bytes`, continued from `hash` (`FNV_START` for a new one): the fingerprint that
/// tells weight files apart (`weights/MANIFEST.txt`, the bot's first log line) and the behaviour signature.
pub fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// A running FNV-1a-style fingerprint of values as they are written (`bits` wide each).
#[derive(Clone, Copy, Default, Debug)]
pub struct Checksum(u32);

impl Checksum {
    /// Mixes in `value` as `bits` bits of two's complement.
    pub fn add(&mut self, value: i64, bits: u32) {
        let raw = (value as u64 & ((1u64 << bits) - 1)) as u32;
        let mut h = if self.0 == 0 { 0x811C_9DC5 } else { self.0 };
        for byte in raw.to_le_bytes() {
            h = (h ^ byte as u32).wrapping_mul(0x0100_0193);
        }
        self.0 = h;
    }

    /// The fingerprint of everything added so far.
    pub fn value(&self) -> u32 {
        self.0
    }
}

/// What one section cost: its values and the bits they took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SectionSize {
    /// Values written in the section.
    pub values: usize,
    /// Their coded size in bits.
    pub bits: f64,
}

/// Writes signed integers of chosen widths as weight text.
pub struct Writer {
    coder: Encoder,
    /// The current section's lanes (`lane`), the one in use last.
    lanes: Vec<Section>,
    lane: usize,
    checksum: Checksum,
    /// The sections' sizes, the first holding what was written before any `section` call.
    sizes: Vec<SectionSize>,
    /// The coded bits when the current section began.
    section_start_bits: f64,
}

impl Default for Writer {
    fn default() -> Self {
        let sizes = vec![SectionSize::default()];
        let (coder, checksum) = (Encoder::default(), Checksum::default());
        Writer { coder, lanes: vec![Section::new(0)], lane: 0, checksum, sizes, section_start_bits: 0.0 }
    }
}

impl Writer {
    /// Starts a section (a tensor) with fresh models; `stride` is its row length (0: no rows).
    pub fn section(&mut self, stride: usize) {
        (self.lanes, self.lane) = (vec![Section::new(stride)], 0);
        self.sizes.push(SectionSize::default());
        self.section_start_bits = self.coder.cost_bits();
    }

    /// Switches to lane `k` of the section: a section's values can be of several kinds (a book's moves,
    /// counts and gaps), each lane with models of its own and its own neighbours, fresh at first use.
    pub fn lane(&mut self, k: usize) {
        select_lane(&mut self.lanes, &mut self.lane, k);
    }

    /// Each section's size so far (the first: values written before the first `section` call).
    pub fn sizes(&self) -> &[SectionSize] {
        &self.sizes
    }

    /// Appends `value`, which must fit in `bits` signed bits (`bits` ≤ 32).
    pub fn put(&mut self, value: i64, bits: u32) {
        assert!((1..=32).contains(&bits) && fits(value, bits), "{value} does not fit in {bits} bits");
        self.checksum.add(value, bits);
        let coder = &mut self.coder;
        let m = self.lanes[self.lane].model();
        coder.bit(&mut m.zero, value != 0);
        if value != 0 {
            coder.bit(&mut m.sign, value < 0);
            let a = value.unsigned_abs();
            let class = 63 - a.leading_zeros() as usize;
            for i in 0..class {
                coder.bit(&mut m.class[i], true);
            }
            if class + 1 < bits as usize {
                coder.bit(&mut m.class[class], false);
            }
            for j in 1..=class {
                let bit = a >> (class - j) & 1 == 1;
                coder.bit(&mut m.mantissa[class * MANTISSA_MODELS + (j - 1).min(MANTISSA_MODELS - 1)], bit);
            }
        }
        self.lanes[self.lane].push(value);
        let size = self.sizes.last_mut().expect("a first section from the start");
        size.values += 1;
        size.bits = self.coder.cost_bits() - self.section_start_bits;
    }

    /// The checksum of everything written so far (a fingerprint of those values).
    pub fn checksum(&self) -> u32 {
        self.checksum.value()
    }

    /// The text: the coded values and their checksum.
    pub fn finish(mut self) -> String {
        let sum = self.checksum.value();
        for k in (0..32).rev() {
            self.coder.raw(sum >> k & 1 == 1, 1 << 15);
        }
        ascii::bytes_to_text(&self.coder.finish())
    }
}

/// One line on how tight `sizes` (named by `names`, empty sections skipped) are packed: per tensor, its
/// values and bits per value, for `weights/MANIFEST.txt`.
#[cfg(not(bundle))]
pub fn packing_line(names: &[&str], sizes: &[SectionSize]) -> String {
    let parts: Vec<String> = names
        .iter()
        .zip(sizes)
        .filter(|(_, s)| s.values > 0)
        .map(|(name, s)| format!("{name} {} × {:.2} bits", s.values, s.bits / s.values as f64))
        .collect();
    format!("packing (bits per weight, printable ASCII): {}", parts.join(", "))
}

/// Reads what a `Writer` wrote, in the same sections, order and widths.
pub struct Reader {
    coder: Decoder,
    lanes: Vec<Section>,
    lane: usize,
    checksum: Checksum,
}

impl Reader {
    /// A reader of `text` (a line ending after it ignored); an error names a character that no weight
    /// text holds.
    pub fn new(text: &str) -> Result<Reader, String> {
        let bytes = ascii::text_to_bytes(text.trim_end_matches(['\n', '\r']))?;
        Ok(Reader {
            coder: Decoder::new(bytes),
            lanes: vec![Section::new(0)],
            lane: 0,
            checksum: Checksum::default(),
        })
    }

    /// Starts a section, as the writer did.
    pub fn section(&mut self, stride: usize) {
        (self.lanes, self.lane) = (vec![Section::new(stride)], 0);
    }

    /// Switches to lane `k` of the section, as the writer did.
    pub fn lane(&mut self, k: usize) {
        select_lane(&mut self.lanes, &mut self.lane, k);
    }

    /// The next value of `bits` bits; an error when the text ends early or holds what no writer wrote.
    pub fn get(&mut self, bits: u32) -> Result<i64, String> {
        let coder = &mut self.coder;
        let m = self.lanes[self.lane].model();
        let mut value = 0i64;
        if coder.bit(&mut m.zero) {
            let negative = coder.bit(&mut m.sign);
            let mut class = 0;
            while class + 1 < bits as usize && class < MAX_CLASS && coder.bit(&mut m.class[class]) {
                class += 1;
            }
            let mut a = 1u64;
            for j in 1..=class {
                let bit =
                    coder.bit(&mut m.mantissa[class * MANTISSA_MODELS + (j - 1).min(MANTISSA_MODELS - 1)]);
                a = a << 1 | bit as u64;
            }
            value = if negative { -(a as i64) } else { a as i64 };
        }
        if self.coder.overran() {
            return Err(TRUNCATED.into());
        }
        if !(1..=32).contains(&bits) || !fits(value, bits) {
            return Err(format!("a value of {value} where {bits} bits were written (damaged text?)"));
        }
        self.checksum.add(value, bits);
        self.lanes[self.lane].push(value);
        Ok(value)
    }

    /// Checks the checksum and that nothing follows it.
    pub fn finish(mut self) -> Result<(), String> {
        let stored = (0..32).fold(0u32, |s, _| s << 1 | self.coder.raw(1 << 15) as u32);
        if self.coder.overran() {
            return Err(TRUNCATED.into());
        }
        let computed = self.checksum.value();
        if stored != computed {
            return Err(format!(
                "checksum mismatch (stored {stored:08x}, computed {computed:08x}): damaged text"
            ));
        }
        if self.coder.has_more() {
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

#[cfg(test)]
mod tests;
