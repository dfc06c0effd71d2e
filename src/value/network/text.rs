//! The value net's weight text (`crate::codec`): a header of its shape, then one section a tensor.

use super::{NetShape, SecondLayer, ValueNet, LEGACY_SCALE};
use crate::codec::{Reader, SectionSize, Writer};
use crate::value::features::INPUTS;

/// Version 2 added the output buckets (a version-1 net has one), version 3 the second hidden layer
/// (written only for a net that has one, so a one-layer net's text is as before), version 4 the squared
/// units (written only for a net that has them), version 5 the first layer's step (written only for a net
/// whose step is above 1: its first-layer weights are stored divided by it). Version 6 writes every header
/// field and is on the scale `QA` = 128; the earlier ones were on 64, and are read doubled (`LEGACY_SCALE`).
const NET_FORMAT_VERSION: i64 = 6;
/// The weight text's sections, in order (see `encode_sized`).
pub const TENSOR_NAMES: [&str; 7] = ["header", "w1", "b1", "w_mid", "b_mid", "w2", "b2"];

impl ValueNet {
    /// The net as weight text (`crate::codec`).
    pub fn encode(&self) -> String {
        self.encode_sized().0
    }

    /// The net as weight text, and each tensor's size in it (named by `TENSOR_NAMES`).
    pub fn encode_sized(&self) -> (String, Vec<SectionSize>) {
        let mut w = Writer::default();
        let (first, second, output) = (&self.first_layer, &self.second_layer, &self.output_layer);
        w.put(NET_FORMAT_VERSION, 16);
        let shape = [first.inputs, first.hidden, output.biases.len(), second.width];
        shape.iter().for_each(|&n| w.put(n as i64, 16));
        w.put(output.squared as i64, 16);
        w.put(first.step as i64, 16);
        // One section a tensor; a row is a feature's (or a unit's, or a bucket's) weights, so that a
        // weight's model is chosen by its neighbour in the row and by the same unit in the row before.
        let last = second.output_inputs(first.hidden);
        let mut tensor = |values: &mut dyn Iterator<Item = i64>, stride: usize, bits: u32| {
            w.section(stride);
            values.for_each(|v| w.put(v, bits));
        };
        let (hidden, step) = (first.hidden, first.step as i64);
        tensor(&mut first.weights[..first.inputs * hidden].iter().map(|&v| v as i64 / step), hidden, 9);
        tensor(&mut first.biases.iter().map(|&v| v as i64), 0, 16);
        tensor(&mut second.weights.iter().map(|&v| v as i64), hidden, 16);
        tensor(&mut second.biases.iter().map(|&v| v as i64), 0, 32);
        tensor(&mut output.weights.iter().map(|&v| v as i64), last, 16);
        tensor(&mut output.biases.iter().map(|&v| v as i64), 0, 32);
        let sizes = w.sizes().to_vec();
        (w.finish(), sizes)
    }

    /// Reads weight text written by `encode`; an error says what is wrong.
    pub fn decode(text: &str) -> Result<ValueNet, String> {
        let mut r = Reader::new(text)?;
        let (shape, step, scale) = header(&mut r)?;
        let NetShape { inputs, hidden, hidden2: width, buckets, squared } = shape;
        let last = if width > 0 { width } else { hidden };
        // Every value fits its width (checked by `get`), so the casts below keep it.
        let mut read = |n: usize, stride: usize, bits: u32| -> Result<Vec<i64>, String> {
            r.section(stride);
            (0..n).map(|_| r.get(bits)).collect()
        };
        let narrow = |v: Vec<i64>| v.into_iter().map(|x| x as i16).collect::<Vec<_>>();
        let wide = |v: Vec<i64>| v.into_iter().map(|x| x as i32).collect::<Vec<_>>();
        // The features added after the net was trained read zero weights.
        let w1_bits = if scale == 1 { 9 } else { 8 };
        let scaled = |v: Vec<i64>| v.into_iter().map(|x| x * scale).collect::<Vec<_>>();
        let mut w1 =
            narrow(scaled(read(inputs * hidden, hidden, w1_bits)?.into_iter().map(|x| x * step).collect()));
        w1.resize(INPUTS * hidden, 0);
        let b1 = narrow(scaled(read(hidden, 0, 16)?));
        let weights = narrow(read(width * hidden, hidden, 16)?);
        let second = SecondLayer { width, weights, biases: wide(scaled(read(width, 0, 32)?)) };
        let w2 = narrow(read(last * buckets, last, 16)?);
        let b2 = wide(scaled(read(buckets, 0, 32)?));
        r.finish()?;
        ValueNet::new(hidden, w1, b1, second, w2, b2)?
            .with_inputs(inputs)
            .with_squared_units(squared)?
            .with_first_layer_step((step * scale) as i16)
    }
}

/// The text's header: its shape, its first layer's step, and its scale (`LEGACY_SCALE` before version 6:
/// its first layer, and the biases on its scale, are read doubled); an error for an impossible one. Each
/// number is read in 16 bits (so none is huge), then checked as one shape; a step out of range is refused
/// by `with_first_layer_step`.
#[cfg(not(bundle))]
fn header(r: &mut Reader) -> Result<(NetShape, i64, i64), String> {
    let version = r.get(16)?;
    if !(1..=NET_FORMAT_VERSION).contains(&version) {
        return Err(format!("format version {version}, expected 1..={NET_FORMAT_VERSION}"));
    }
    let inputs = r.get(16)? as usize;
    let hidden = r.get(16)? as usize;
    let buckets = if version >= 2 { r.get(16)? } else { 1 } as usize;
    let hidden2 = if version >= 3 { r.get(16)? } else { 0 } as usize;
    let squared = if version >= 4 { r.get(16)? } else { 0 };
    if !(0..=1).contains(&squared) {
        return Err(format!("activation {squared}, expected 0 (clipped) or 1 (squared)"));
    }
    let shape = NetShape { inputs, hidden, hidden2, buckets, squared: squared == 1 };
    shape.check()?;
    let step = if version >= 5 { r.get(16)? } else { 1 };
    Ok((shape, step, if version < 6 { LEGACY_SCALE } else { 1 }))
}

/// The arena file's `header`: it reads the current version (whose header holds every field) of the shipped
/// shape only, so it carries no other shape's code and no older text's.
#[cfg(bundle)]
fn header(r: &mut Reader) -> Result<(NetShape, i64, i64), String> {
    let [version, inputs, hidden, buckets, hidden2, squared, step] = [(); 7].map(|_| r.get(16).unwrap_or(-1));
    let shape = NetShape {
        inputs: inputs as usize,
        hidden: hidden as usize,
        hidden2: hidden2 as usize,
        buckets: buckets as usize,
        squared: squared == 1,
    };
    if version != NET_FORMAT_VERSION || shape != super::SHIPPED {
        return Err(format!("version {version}, {shape:?}: not the shipped net's"));
    }
    Ok((shape, step, 1))
}
