//! The policy's training pipeline (not part of the bot): self-play data, then SGD on the features.
//!
//! `uttt regenerate-weights --seed S` runs both and rewrites `weights/`.

pub mod data;
pub mod fit;

use crate::cli::Args;

/// `uttt selfplay --games N --iterations K [--jobs J] [--seed S] --out FILE`
pub fn selfplay_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let games: usize = a.value_or("--games", 200)?;
    let iterations: u64 = a.value_or("--iterations", 2000)?;
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let seed: u64 = a.value_or("--seed", 1)?;
    let out: String = a.value("--out")?.ok_or("--out FILE is required")?;
    a.positionals()?;
    let records = data::generate(games, iterations, jobs, seed, true);
    std::fs::write(&out, data::to_bytes(&records)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {} positions from {games} games to {out}", records.len());
    Ok(0)
}

/// `uttt train --data FILE [--epochs E] [--seed S] [--lr X] [--out DIR]`
pub fn train_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let path: String = a.value("--data")?.ok_or("--data FILE is required")?;
    let epochs: usize = a.value_or("--epochs", 30)?;
    let seed: u64 = a.value_or("--seed", 1)?;
    let out: String = a.value_or("--out", "weights".to_string())?;
    let lr: f32 = a.value_or("--lr", fit::LEARNING_RATE)?;
    a.positionals()?;
    let bytes = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
    let records = data::from_bytes(&bytes)?;
    let summary = fit::train_with(&records, epochs, seed, lr, true);
    fit::write_weights(
        &out,
        &summary,
        &format!("data: {path} ({} positions), learning rate {lr}", records.len()),
    )?;
    Ok(0)
}

/// `uttt regenerate-weights [--seed S] [--games N] [--iterations K] [--epochs E] [--jobs J] [--out DIR]`
pub fn regenerate_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let seed: u64 = a.value_or("--seed", 1)?;
    let games: usize = a.value_or("--games", 800)?;
    let iterations: u64 = a.value_or("--iterations", 4000)?;
    let epochs: usize = a.value_or("--epochs", 20)?;
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let out: String = a.value_or("--out", "weights".to_string())?;
    a.positionals()?;
    let start = std::time::Instant::now();
    let records = data::generate(games, iterations, jobs, seed, true);
    let selfplay_s = start.elapsed().as_secs_f64();
    let summary = fit::train(&records, epochs, seed, true);
    let train_s = start.elapsed().as_secs_f64() - selfplay_s;
    let provenance = format!(
        "command: uttt regenerate-weights --seed {seed} --games {games} --iterations {iterations} --epochs {epochs}\n\
         self-play: {games} games, {} positions, {:.0} s on {jobs} threads\ntraining: {:.1} s",
        records.len(),
        selfplay_s,
        train_s
    );
    fit::write_weights(&out, &summary, &provenance)?;
    Ok(0)
}
