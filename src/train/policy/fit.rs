//! Fitting the policy: softmax cross-entropy against the search's visit distribution, Adam, held-out check.

use crate::policy::codec;
use crate::policy::features::{active_features, feature_count, MAX_ACTIVE};
use crate::policy::patterns::Patterns;
use crate::rng::Rng;
use crate::train::policy::data::Record;

/// One position ready for training: per legal move its features, and the target probability.
struct Sample {
    features: Vec<([u16; MAX_ACTIVE], u8)>,
    target: Vec<f32>,
}

fn samples(patterns: &Patterns, records: &[Record]) -> Vec<Sample> {
    records
        .iter()
        .filter_map(|r| {
            let board = r.board().ok()?;
            let total: u32 = r.visits.iter().map(|&(_, v)| v).sum();
            if total == 0 || r.visits.len() < 2 {
                return None; // nothing to learn from a forced or unsearched move
            }
            let features = r
                .visits
                .iter()
                .map(|&(m, _)| {
                    let mut f = [0u16; MAX_ACTIVE];
                    let n = active_features(patterns, &board, m, &mut f);
                    (f, n as u8)
                })
                .collect();
            let target = r.visits.iter().map(|&(_, v)| v as f32 / total as f32).collect();
            Some(Sample { features, target })
        })
        .collect()
}

fn softmax(weights: &[f32], s: &Sample, out: &mut Vec<f32>) {
    out.clear();
    out.extend(
        s.features.iter().map(|(f, n)| f[..*n as usize].iter().map(|&i| weights[i as usize]).sum::<f32>()),
    );
    let max = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for x in out.iter_mut() {
        *x = (*x - max).exp();
        sum += *x;
    }
    out.iter_mut().for_each(|x| *x /= sum);
}

/// Mean cross-entropy and top-1 accuracy (the most likely move is the most visited one).
fn evaluate(weights: &[f32], set: &[&Sample]) -> (f64, f64) {
    let (mut loss, mut hits) = (0.0f64, 0usize);
    let mut p = Vec::new();
    for s in set {
        softmax(weights, s, &mut p);
        loss -= s.target.iter().zip(&p).map(|(&t, &q)| t as f64 * (q.max(1e-9) as f64).ln()).sum::<f64>();
        let argmax = |v: &[f32]| v.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).map(|(i, _)| i);
        hits += (argmax(&p) == argmax(&s.target)) as usize;
    }
    (loss / set.len().max(1) as f64, hits as f64 / set.len().max(1) as f64)
}

/// What a training run produced and measured.
pub struct TrainSummary {
    /// The trained weights, as the text of step `step` holds them.
    pub weights: Vec<f32>,
    /// The text's step (`codec::STEP` unless told otherwise).
    pub step: i64,
    /// Epochs run.
    pub epochs: usize,
    /// Positions trained on.
    pub train_positions: usize,
    /// Positions held out for validation.
    pub held_out_positions: usize,
    /// Cross-entropy on the held-out positions.
    pub held_out_loss: f64,
    /// Top-1 accuracy on the held-out positions.
    pub held_out_accuracy: f64,
    /// Cross-entropy of the uniform policy on the same positions.
    pub uniform_loss: f64,
    /// Entropy of the targets: the lowest loss possible.
    pub floor_loss: f64,
    /// The embedded policy's cross-entropy and top-1 accuracy on the same held-out positions (`None` when
    /// its weights are unusable): what a new policy must beat.
    pub embedded: Option<(f64, f64)>,
    /// One line per epoch.
    pub log: Vec<String>,
}

/// Adam on mini-batches; 10 % of the positions (chosen by `seed`) are held out.
pub fn train(records: &[Record], epochs: usize, seed: u64, verbose: bool) -> TrainSummary {
    train_with(records, &Settings { epochs, seed, ..Settings::default() }, verbose)
}

/// Adam's step size; measured on the committed data (docs/training.md).
pub const LEARNING_RATE: f32 = 0.002;

/// How `train_with` trains (`uttt train`'s options).
#[derive(Clone, Debug)]
pub struct Settings {
    /// Passes over the training positions (0: the start weights are only quantised and measured).
    pub epochs: usize,
    /// Seed of the held-out split and the shuffles.
    pub seed: u64,
    /// Adam's step size.
    pub learning_rate: f32,
    /// The written text's step (`codec::encode_sized`).
    pub step: i64,
    /// Weights to start from (a policy's, `uttt train --init FILE`) instead of zeros.
    pub init: Option<Vec<f32>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { epochs: 20, seed: 1, learning_rate: LEARNING_RATE, step: codec::STEP, init: None }
    }
}

/// Trains the policy on `records` as `settings` say, holding out a tenth.
pub fn train_with(records: &[Record], settings: &Settings, verbose: bool) -> TrainSummary {
    let Settings { epochs, seed, learning_rate: lr, step: text_step, .. } = *settings;
    let patterns = Patterns::shared();
    let count = feature_count(patterns);
    let all = samples(patterns, records);
    let mut order: Vec<usize> = (0..all.len()).collect();
    let mut rng = Rng::new(seed);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let held = order.len() / 10;
    let test: Vec<&Sample> = order[..held].iter().map(|&i| &all[i]).collect();
    let mut train: Vec<&Sample> = order[held..].iter().map(|&i| &all[i]).collect();
    let uniform_loss =
        test.iter().map(|s| (s.target.len() as f64).ln()).sum::<f64>() / test.len().max(1) as f64;
    // The entropy of the targets: no policy can reach a lower cross-entropy.
    let floor_loss = test
        .iter()
        .map(|s| -s.target.iter().filter(|&&t| t > 0.0).map(|&t| t as f64 * (t as f64).ln()).sum::<f64>())
        .sum::<f64>()
        / test.len().max(1) as f64;
    let mut w = settings.init.clone().unwrap_or_else(|| vec![0.0f32; count]);
    assert_eq!(w.len(), count, "start weights of another policy's size");
    let (mut m, mut v) = (vec![0.0f32; count], vec![0.0f32; count]);
    let (beta1, beta2, l2, batch) = (0.9f32, 0.999f32, 1e-4f32, 64);
    let mut step = 0i32;
    let mut log = Vec::new();
    let mut p = Vec::new();
    for epoch in 1..=epochs {
        for i in (1..train.len()).rev() {
            train.swap(i, rng.below(i as u32 + 1) as usize);
        }
        for chunk in train.chunks(batch) {
            let mut grad = vec![0.0f32; count];
            for s in chunk {
                softmax(&w, s, &mut p);
                for ((f, n), (&q, &t)) in s.features.iter().zip(p.iter().zip(&s.target)) {
                    for &i in &f[..*n as usize] {
                        grad[i as usize] += q - t;
                    }
                }
            }
            step += 1;
            for k in 0..count {
                let g = grad[k] / chunk.len() as f32 + l2 * w[k];
                m[k] = beta1 * m[k] + (1.0 - beta1) * g;
                v[k] = beta2 * v[k] + (1.0 - beta2) * g * g;
                let mh = m[k] / (1.0 - beta1.powi(step));
                let vh = v[k] / (1.0 - beta2.powi(step));
                w[k] -= lr * mh / (vh.sqrt() + 1e-8);
            }
        }
        let (train_loss, train_acc) = evaluate(&w, &train);
        let (test_loss, test_acc) = evaluate(&w, &test);
        let line = format!(
            "epoch {epoch:>3}  train loss {train_loss:.4} acc {:.1}%  held-out loss {test_loss:.4} acc {:.1}%  (uniform {uniform_loss:.4}, floor {floor_loss:.4})",
            100.0 * train_acc,
            100.0 * test_acc
        );
        if verbose {
            eprintln!("{line}");
        }
        log.push(line);
    }
    // Report what the bot will use: the quantised weights.
    let weights: Vec<f32> = w.iter().map(|&x| codec::quantise(x, text_step)).collect();
    let (held_out_loss, held_out_accuracy) = evaluate(&weights, &test);
    let embedded = crate::policy::Policy::embedded().ok().map(|p| evaluate(p.weights(), &test));
    TrainSummary {
        embedded,
        weights,
        step: text_step,
        epochs,
        train_positions: train.len(),
        held_out_positions: test.len(),
        held_out_loss,
        held_out_accuracy,
        uniform_loss,
        floor_loss,
        log,
    }
}

/// FNV-1a, to tell weight files apart in the manifest.
pub fn checksum(bytes: &[u8]) -> u64 {
    crate::codec::fnv1a(crate::codec::FNV_START, bytes)
}

/// Writes `DIR/policy.txt` and `DIR/MANIFEST.txt`.
pub fn write_weights(dir: &str, s: &TrainSummary, provenance: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    let (text, sizes) = codec::encode_sized(&s.weights, s.step);
    std::fs::write(format!("{dir}/policy.txt"), &text).map_err(|e| format!("{dir}/policy.txt: {e}"))?;
    let manifest = format!(
        "# Learned policy weights (policy.txt): {} weights, {} bytes, FNV-1a {:016x}\n{}\n{provenance}\n\
         positions: {} training, {} held out\nepochs: {}\n\
         held-out cross-entropy {:.4} (uniform policy {:.4}, entropy floor {:.4}), top-1 accuracy {:.1}%{}\n\nper epoch:\n{}\n",
        s.weights.len(),
        text.len(),
        checksum(text.as_bytes()),
        crate::codec::packing_line(&codec::TENSOR_NAMES, &sizes),
        s.train_positions,
        s.held_out_positions,
        s.epochs,
        s.held_out_loss,
        s.uniform_loss,
        s.floor_loss,
        100.0 * s.held_out_accuracy,
        s.embedded.map_or(String::new(), |(loss, accuracy)| format!(
            "\nthe policy embedded when it was trained, on the same positions: cross-entropy {loss:.4}, top-1 accuracy {:.1}%",
            100.0 * accuracy
        )),
        s.log.join("\n")
    );
    crate::train::manifest::write_manifest_section(
        &format!("{dir}/MANIFEST.txt"),
        "# Learned policy",
        &manifest,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_beats_the_uniform_policy_on_held_out_data() {
        let records = crate::train::policy::data::generate(12, 400, 2, 1, false);
        let s = train(&records, 10, 1, false);
        assert!(s.held_out_loss < s.uniform_loss, "{} vs uniform {}", s.held_out_loss, s.uniform_loss);
        assert_eq!(s.weights.len(), feature_count(Patterns::shared()));
        // The embedded policy is measured on the same positions, and it too beats the uniform one.
        let (embedded_loss, _) = s.embedded.expect("the embedded policy decodes");
        assert!(embedded_loss < s.uniform_loss, "embedded {embedded_loss} vs uniform {}", s.uniform_loss);
    }

    #[test]
    fn no_epochs_from_start_weights_requantises_them_and_measures_them() {
        let records = crate::train::policy::data::generate(6, 300, 2, 2, false);
        let embedded = crate::policy::Policy::embedded().unwrap().weights().to_vec();
        let settings = Settings { epochs: 0, step: 64, init: Some(embedded.clone()), ..Settings::default() };
        let s = train_with(&records, &settings, false);
        let expected: Vec<f32> = embedded.iter().map(|&w| codec::quantise(w, 64)).collect();
        assert_eq!((s.weights, s.step), (expected, 64));
        // At step 1 the embedded weights are kept exactly, so they measure as the embedded policy does.
        let same = train_with(&records, &Settings { step: 1, ..settings }, false);
        assert_eq!(same.weights, embedded);
        assert_eq!(Some((same.held_out_loss, same.held_out_accuracy)), same.embedded);
    }
}
