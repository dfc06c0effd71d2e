//! A rollout head: a second output layer on the value net's hidden units that predicts the result of
//! one of the bot's rollouts from a position (for the side to move).
//!
//! The bot values a leaf `w·net + (1 − w)·rollout`. A rollout finds tactics the net misses, but on average
//! it also pulls the value towards what near-random play scores. Knowing a rollout's expected result `r`,
//! the search can count the rollout by its surprise alone, `net + (1 − w)·(rollout − r)` (`mcts/evaluate.rs`).
//! The head costs one more dot product over hidden units the net computes anyway.
//!
//! `uttt fit-rollout-head --data FILE… [--value-weights NET] [--epochs E] [--seed S] --out FILE`: one
//! rollout (the bot's policy) from every played position of the self-play records as the target, and a
//! logistic regression per output bucket of it on the net's clipped hidden units (the net's own layers stay
//! as they are), by Adam; a sixteenth of the games held out, as `train-value` does. The file written holds the
//! head's output layer (`value/rollout_head.rs`; `weights/rollout_head.txt` by default), read with
//! `bot:rhead=FILE` or `--rollout-head FILE`.

use crate::board::Board;
use crate::cli::Args;
use crate::mcts::{rollout::rollout, Params};
use crate::rng::Rng;
use crate::train::value::fit::{is_validation_game, Adam};
use crate::train::value::records::ValueRecord;
use crate::value::network::{output_weight_limit, sigmoid, QA, QB};
use crate::value::{rollout_head, Accumulator, ValueNet};

/// One position: the net's activated hidden units (0..=1), its output bucket, a rollout's result.
struct Row {
    units: Vec<f32>,
    bucket: usize,
    target: f32,
}

/// What an output layer is fitted to: one rollout's result (a rollout head), or the value net's own target,
/// `λ · result + (1 − λ) · search value` (its output refitted on its rounded hidden units: `--value-target λ`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// One rollout from the position, by the bot's rollout policy.
    Rollout,
    /// The value net's target with this λ.
    Value(f32),
}

/// The rows of the played positions of `records` that are not over, each with its target.
fn rows(net: &ValueNet, records: &[&ValueRecord], target: Target, rng: &mut Rng) -> Vec<Row> {
    let h = net.hidden();
    let mut out = Vec::with_capacity(records.len());
    for r in records {
        let Some(result) = r.result else { continue };
        let board = Board::from_moves(&r.moves).expect("records were checked when read");
        if board.is_over() {
            continue;
        }
        let me = board.side_to_move();
        let mut acc = Accumulator::default();
        acc.refresh_side(net, &board, me);
        let units = acc.side(me)[..h].iter().map(|&a| net.unit(a)).collect();
        let bucket = net.bucket(&board);
        let target = match target {
            Target::Value(lambda) => lambda * result + (1.0 - lambda) * r.value,
            Target::Rollout => rollout(board, Params::BOT.rollout, rng).score_for(me),
        };
        out.push(Row { units, bucket, target });
    }
    out
}

/// The head's output layer, one row of weights and a bias per bucket.
struct Head {
    hidden: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

impl Head {
    fn predict(&self, row: &Row) -> f32 {
        let w = &self.w[row.bucket * self.hidden..(row.bucket + 1) * self.hidden];
        sigmoid(row.units.iter().zip(w).map(|(u, w)| u * w).sum::<f32>() + self.b[row.bucket])
    }

    /// The head as `net`'s output layer, in the net's scales: weights times `QB` on units of `QA`, biases
    /// times `QA · QB`.
    fn quantise(&self, net: &ValueNet) -> Result<ValueNet, String> {
        let max = output_weight_limit(net.hidden(), net.squared()) as f32;
        let w2 = self.w.iter().map(|w| (w * QB as f32).round().clamp(-max, max) as i16).collect();
        let b2 = self.b.iter().map(|b| (b * (QA * QB) as f32).round() as i32).collect();
        net.with_output(w2, b2)
    }

    /// The output layer of a quantised head, back in floats.
    fn of(quantised: &ValueNet) -> Head {
        let (_, _, _, w2, b2) = quantised.parts();
        let w = w2.iter().map(|&w| w as f32 / QB as f32).collect();
        let b = b2.iter().map(|&b| b as f32 / (QA * QB) as f32).collect();
        Head { hidden: quantised.hidden(), w, b }
    }

    /// Mean cross-entropy over `rows`.
    fn loss(&self, rows: &[Row]) -> f64 {
        let total: f64 = rows
            .iter()
            .map(|r| {
                let p = self.predict(r).clamp(1e-6, 1.0 - 1e-6) as f64;
                let t = r.target as f64;
                -(t * p.ln() + (1.0 - t) * (1.0 - p).ln())
            })
            .sum();
        total / rows.len().max(1) as f64
    }
}

/// What fitting produced: the head as a net, and the held-out losses of the head and of the constant.
pub struct HeadFit {
    /// The value net's hidden layers with the head's output.
    pub head: ValueNet,
    /// Held-out cross-entropy of the quantised head and of the best constant prediction.
    pub losses: (f64, f64),
    /// A line per epoch.
    pub log: Vec<String>,
}

/// Fits an output layer on `net`'s hidden units to `target` at the played positions of `records`.
pub fn fit(
    net: &ValueNet,
    records: &[ValueRecord],
    epochs: usize,
    seed: u64,
    target: Target,
) -> Result<HeadFit, String> {
    if net.hidden2() > 0 {
        return Err(
            "a rollout head is fitted on the first hidden layer: nets with a second one are not supported"
                .into(),
        );
    }
    let mut rng = Rng::new(seed);
    let (held, kept): (Vec<&ValueRecord>, Vec<&ValueRecord>) =
        records.iter().partition(|r| is_validation_game(r.game));
    let (train, valid) = (rows(net, &kept, target, &mut rng), rows(net, &held, target, &mut rng));
    let (h, buckets) = (net.hidden(), net.buckets());
    let mut head = Head { hidden: h, w: vec![0.0; buckets * h], b: vec![0.0; buckets] };
    let mut adam = Adam::new((h + 1) * buckets);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut log = Vec::new();
    for epoch in 1..=epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u32 + 1) as usize);
        }
        for batch in order.chunks(1024) {
            let mut grad = vec![0.0f32; (h + 1) * buckets];
            for &i in batch {
                let row = &train[i];
                let d = (head.predict(row) - row.target) / batch.len() as f32;
                let k = row.bucket;
                grad[k * h..(k + 1) * h].iter_mut().zip(&row.units).for_each(|(g, u)| *g += d * u);
                grad[buckets * h + k] += d;
            }
            adam.step(head.w.iter_mut().chain(head.b.iter_mut()), &grad, 0.01);
        }
        log.push(format!(
            "epoch {epoch:3}  train loss {:.5}  validation loss {:.5}",
            head.loss(&train),
            head.loss(&valid)
        ));
    }
    let quantised = head.quantise(net)?;
    let mean = valid.iter().map(|r| r.target as f64).sum::<f64>() / valid.len().max(1) as f64;
    let constant =
        Head { hidden: h, w: vec![0.0; buckets * h], b: vec![(mean / (1.0 - mean)).ln() as f32; buckets] };
    let quantised_loss = Head::of(&quantised).loss(&valid);
    Ok(HeadFit { head: quantised, losses: (quantised_loss, constant.loss(&valid)), log })
}

/// `uttt fit-rollout-head`: fits the head, writes its text and its section of `MANIFEST.txt` beside it.
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let paths = a.values("--data")?;
    let weights: Option<String> = a.value("--value-weights")?;
    let epochs: usize = a.value_or("--epochs", 6)?;
    let seed: u64 = a.value_or("--seed", 1)?;
    let value_target: Option<f32> = a.value("--value-target")?;
    let out: String = a.value_or("--out", "weights/rollout_head.txt".to_string())?;
    a.positionals()?;
    if paths.is_empty() {
        return Err("--data FILE is required".into());
    }
    let start = std::time::Instant::now();
    let net = ValueNet::load(weights.as_deref())?;
    let records = crate::train::value::records::read_value_records(&paths)?;
    let target = value_target.map_or(Target::Rollout, Target::Value);
    let fit = fit(&net, &records, epochs, seed, target)?;
    fit.log.iter().for_each(|line| eprintln!("{line}"));
    if target != Target::Rollout {
        // The net itself with its output refitted: a value net's text, for `train-value --init` to measure.
        std::fs::write(&out, fit.head.encode()).map_err(|e| format!("{out}: {e}"))?;
        eprintln!(
            "held out: refitted output {:.5}, constant {:.5}; wrote the net to {out}",
            fit.losses.0, fit.losses.1
        );
        return Ok(0);
    }
    let (text, sizes) = rollout_head::encode_sized(&fit.head);
    std::fs::write(&out, &text).map_err(|e| format!("{out}: {e}"))?;
    let section = format!(
        "# Learned rollout head (rollout_head.txt): {} buckets of {} weights on the value net's hidden units; {} bytes, FNV-1a {:016x}\n\
         {}\n\
         command: uttt fit-rollout-head --data {}{} --epochs {epochs} --seed {seed}\n\
         data: {} records, one rollout (the bot's policy) from each played position\n\
         training: {:.0} s\n\
         validation cross-entropy against one rollout: head {:.5}, constant predictor {:.5}\n\n\
         per epoch:\n{}\n",
        fit.head.buckets(),
        fit.head.hidden(),
        text.len(),
        crate::train::policy::fit::checksum(text.as_bytes()),
        crate::codec::packing_line(&rollout_head::TENSOR_NAMES, &sizes),
        paths.join(" --data "),
        weights.map_or(String::new(), |w| format!(" --value-weights {w}")),
        records.len(),
        start.elapsed().as_secs_f64(),
        fit.losses.0,
        fit.losses.1,
        fit.log.join("\n")
    );
    let manifest = std::path::Path::new(&out).with_file_name("MANIFEST.txt");
    crate::train::manifest::write_manifest_section(
        &manifest.to_string_lossy(),
        "# Learned rollout head",
        &section,
    )?;
    eprintln!("held out: head {:.5}, constant {:.5}", fit.losses.0, fit.losses.1);
    eprintln!("wrote {out} and {}", manifest.display());
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions of `games` random games, each recorded with the result and value `label` gives it.
    fn random_records(games: u64, seed: u64, label: impl Fn(&Board) -> (f32, f32)) -> Vec<ValueRecord> {
        let mut rng = Rng::new(seed);
        let mut records = Vec::new();
        for game in 0..games {
            let (mut board, mut moves) = (Board::new(), Vec::new());
            while let Some(m) = board.random_move(&mut rng) {
                board.play(m);
                moves.push(m);
                let (result, value) = label(&board);
                records.push(ValueRecord { game, moves: moves.clone(), result: Some(result), value });
            }
        }
        records
    }

    #[test]
    fn the_head_predicts_rollouts_better_than_a_constant_and_shares_the_nets_layers() {
        let net = ValueNet::embedded().unwrap();
        let records = random_records(400, 4, |_| (0.5, 0.5));
        let fit = fit(&net, &records, 4, 1, Target::Rollout).unwrap();
        assert!(net.shares_hidden_layers(&fit.head));
        let (head, constant) = fit.losses;
        assert!(head < constant - 0.02, "head {head} against constant {constant}");
    }

    /// With the value target the output is fitted to `λ · result + (1 − λ) · value`: here the net's own
    /// values, which its refitted output should learn back far better than a constant.
    #[test]
    fn the_value_target_refits_the_nets_own_output() {
        let net = ValueNet::embedded().unwrap();
        let records = random_records(300, 5, |board| (1.0, net.evaluate(board)));
        let fit = fit(&net, &records, 8, 1, Target::Value(0.0)).unwrap();
        assert!(net.shares_hidden_layers(&fit.head));
        let (refitted, constant) = fit.losses;
        assert!(refitted < constant - 0.02, "refitted {refitted} against constant {constant}");
    }
}
