//! The weight code's tests: values round-trip, cost about their information, damage is refused.
use super::*;
use crate::rng::Rng;

/// Values of random widths, some at their widths' extremes.
fn sample(seed: u64) -> Vec<(i64, u32)> {
    let mut rng = Rng::new(seed);
    (0..500)
        .map(|i| {
            let bits = 1 + rng.below(32);
            let half = 1i64 << (bits - 1);
            let v = match i % 7 {
                0 => -half,
                1 => half - 1,
                _ => rng.next_u64() as i64 % half,
            };
            (v, bits)
        })
        .collect()
}

fn write(values: &[(i64, u32)], stride: usize) -> String {
    let mut w = Writer::default();
    for (i, &(v, b)) in values.iter().enumerate() {
        if i % 100 == 0 {
            w.section(stride);
        }
        w.put(v, b);
    }
    w.finish()
}

fn read(text: &str, values: &[(i64, u32)], stride: usize) -> Result<Vec<i64>, String> {
    let mut r = Reader::new(text)?;
    let mut out = Vec::new();
    for (i, &(_, b)) in values.iter().enumerate() {
        if i % 100 == 0 {
            r.section(stride);
        }
        out.push(r.get(b)?);
    }
    r.finish()?;
    Ok(out)
}

#[test]
fn values_round_trip_at_every_width_in_printable_ascii() {
    for seed in 0..20 {
        let values = sample(seed);
        for stride in [0, 3] {
            let text = write(&values, stride);
            assert!(text.bytes().all(|b| (b' '..=b'~').contains(&b) && b != b'"'));
            let back = read(&text, &values, stride).unwrap();
            assert_eq!(back, values.iter().map(|v| v.0).collect::<Vec<_>>());
        }
    }
}

#[test]
fn lanes_keep_their_own_models_and_read_back() {
    // Two kinds of value in a random order: flags (0 or 1, mostly 1) and wide values. A lane each
    // codes the flags near their entropy; sharing models, each kind pays for the other's.
    let mut rng = crate::rng::Rng::new(3);
    let values: Vec<(usize, i64)> = (0..4000)
        .map(|_| match rng.below(2) {
            0 => (0, (rng.below(10) > 0) as i64),
            _ => (1, rng.below(200) as i64 - 100),
        })
        .collect();
    let coded = |lanes: bool| {
        let mut w = Writer::default();
        for &(lane, v) in &values {
            w.lane(if lanes { lane } else { 0 });
            w.put(v, 9);
        }
        w.finish()
    };
    let (apart, together) = (coded(true), coded(false));
    assert!(apart.len() * 100 < together.len() * 95, "{} against {} characters", apart.len(), together.len());
    let mut r = Reader::new(&apart).unwrap();
    for &(lane, v) in &values {
        r.lane(lane);
        assert_eq!(r.get(9).unwrap(), v);
    }
    r.finish().unwrap();
}

#[test]
fn peaked_weights_cost_about_their_entropy() {
    // A two-sided geometric distribution: P(|v| = k) halves every 3 steps; entropy about 4.4 bits.
    let mut rng = Rng::new(3);
    let values: Vec<(i64, u32)> = (0..20_000)
        .map(|_| {
            let mut k = 0i64;
            while rng.below(1000) < 794 && k < 127 {
                k += 1;
            }
            (if rng.below(2) == 0 { k } else { -k }, 8)
        })
        .collect();
    let mut w = Writer::default();
    values.iter().for_each(|&(v, b)| w.put(v, b));
    let text = w.finish();
    let bits_per_value = text.len() as f64 * 94f64.log2() / values.len() as f64;
    assert!(bits_per_value < 4.45, "{bits_per_value:.2} bits a value");
    let mut r = Reader::new(&text).unwrap();
    assert!(values.iter().all(|&(v, b)| r.get(b) == Ok(v)) && r.finish().is_ok());
}

#[test]
fn truncation_and_changes_are_detected() {
    let values = sample(99);
    let text = write(&values, 0);
    assert!(read(&text, &values, 0).is_ok());
    let cut = &text[..text.len() - 11];
    let err = read(cut, &values, 0).unwrap_err();
    assert!(err.contains("truncated"), "{err}");
    for at in [5, text.len() / 2, text.len() - 3] {
        let mut bytes = text.clone().into_bytes();
        bytes[at] = if bytes[at] == b'a' { b'b' } else { b'a' };
        let changed = String::from_utf8(bytes).unwrap();
        assert!(read(&changed, &values, 0).is_err(), "a change at {at} went unseen");
    }
    assert!(read("ab\u{4e00}", &values, 0).unwrap_err().contains("not a weight character"));
    let mut bytes = ascii::text_to_bytes(&text).unwrap();
    bytes.extend([1, 2, 3]);
    let longer = ascii::bytes_to_text(&bytes);
    assert!(read(&longer, &values, 0).unwrap_err().contains("continues"));
}
