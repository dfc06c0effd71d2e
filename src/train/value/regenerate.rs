//! `uttt regenerate-value --seed S`: the whole value-net loop, reproducibly, from one command.
//!
//! Generation 0's data comes from the bot without a value net; each net is trained on all the data so
//! far, and each later generation's data comes from the bot with the best net yet. A new net is kept only
//! when a gating match (game pairs from the opening book, both colours, the arena's time limits) shows it
//! stronger than the best so far. Each net gets its rollout head (`rollout_head.rs`) and every bot plays
//! with it. The best net is written to `--out`, its head to `rollout_head.txt` beside it, its record to
//! `MANIFEST.txt`.

use super::records::read_value_records;
use super::{data as value_data, fit as value_fit, rollout_head_fit};
use crate::arena::openings::Openings;
use crate::arena::player::PlayerSpec;
use crate::arena::referee::TimeControl;
use crate::arena::{run_match, MatchConfig};
use crate::cli::Args;
use crate::train::manifest::write_manifest_section;
use std::time::{Duration, Instant};

/// The loop's settings.
struct Plan {
    seed: u64,
    games: u64,
    /// Each generation's self-play: its iterations and capping (the net is filled in a generation).
    selfplay: value_data::SelfPlay,
    generations: usize,
    gate_games: usize,
    gate_time: TimeControl,
    jobs: usize,
    training: value_fit::TrainConfig,
    dir: String,
    out: String,
    openings: Openings,
}

/// `uttt regenerate-value [--seed S] [--games N] [--iterations I] [--full-share P --fast-iterations F
/// --record-fast] [--generations G] [--gate-games M] [--gate-time-ms T] [--jobs J] [--hidden H] [--epochs E]
/// [--symmetries K] [--dir DIR] [--openings FILE|random:K] [--out FILE]`
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let seed: u64 = a.value_or("--seed", 1)?;
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let gate_ms: u64 = a.value_or("--gate-time-ms", 100)?;
    let d = value_fit::TrainConfig::default();
    let plan = Plan {
        seed,
        games: a.value_or("--games", 38_000)?,
        selfplay: value_data::SelfPlay {
            iterations: a.value_or("--iterations", 800)?,
            ..value_data::SelfPlay::default()
        }
        .with_capping_options(&mut a)?,
        generations: a.value_or("--generations", 2)?,
        gate_games: a.value_or("--gate-games", 200)?,
        gate_time: TimeControl {
            first_turn: Duration::from_millis(gate_ms * 10),
            later_turns: Duration::from_millis(gate_ms),
            grace: Duration::ZERO,
        },
        jobs,
        training: value_fit::TrainConfig {
            hidden: a.value_or("--hidden", d.hidden)?,
            epochs: a.value_or("--epochs", d.epochs)?,
            symmetries: a.value_or("--symmetries", d.symmetries)?,
            threads: jobs,
            seed,
            ..d
        },
        dir: a.value_or("--dir", "target/regenerate-value".to_string())?,
        out: a.value_or("--out", "weights/value.txt".to_string())?,
        openings: Openings::parse(&a.value_or("--openings", "data/openings.txt".to_string())?)?,
    };
    a.positionals()?;
    run(&plan).map(|_| 0)
}

/// The rollout head fitted for the net in `net_file` (`DIR/netN.txt` → `DIR/netN-head.txt`).
fn head_file(net_file: &str) -> String {
    format!("{}-head.txt", net_file.trim_end_matches(".txt"))
}

fn run(plan: &Plan) -> Result<(), String> {
    std::fs::create_dir_all(&plan.dir).map_err(|e| format!("{}: {e}", plan.dir))?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let exe = exe.to_string_lossy().to_string();
    let mut data_files: Vec<String> = Vec::new();
    let mut best: Option<String> = None;
    let mut record = Vec::new();
    for generation in 0..plan.generations {
        let start = Instant::now();
        let data = format!("{}/gen{generation}.txt", plan.dir);
        let config = value_data::SelfPlay {
            use_value: best.is_some(),
            value_file: best.clone(),
            rollout_head_file: best.as_deref().map(head_file),
            ..plan.selfplay.clone()
        };
        // Each generation plays its own games: seed and generation both pick them.
        let seed = plan.seed.wrapping_mul(1000).wrapping_add(generation as u64);
        let positions = value_data::run_shard(&config, plan.games, seed, (0, 1), plan.jobs, &data)?;
        data_files.push(data);
        let selfplay_s = start.elapsed().as_secs_f64();
        let records = read_value_records(&data_files)?;
        let trained = value_fit::train(&records, &plan.training, true);
        let candidate = format!("{}/net{}.txt", plan.dir, generation + 1);
        std::fs::write(&candidate, trained.quantised.encode()).map_err(|e| format!("{candidate}: {e}"))?;
        // Its rollout head, so that every bot plays as the shipped one does.
        let head =
            rollout_head_fit::fit(&trained.quantised, &records, 6, seed, rollout_head_fit::Target::Rollout)?
                .head;
        std::fs::write(head_file(&candidate), crate::value::rollout_head::encode(&head))
            .map_err(|e| format!("{}: {e}", head_file(&candidate)))?;
        let train_s = start.elapsed().as_secs_f64() - selfplay_s;
        let bot =
            |net: &str| format!("{exe} --quiet --value-weights {net} --rollout-head {}", head_file(net));
        let new = PlayerSpec::Command(bot(&candidate));
        let old = PlayerSpec::Command(match &best {
            Some(net) => bot(net),
            None => format!("{exe} --quiet --no-value"),
        });
        let config = MatchConfig {
            openings: plan.openings.clone(),
            ..MatchConfig::new(plan.gate_games, plan.jobs, plan.gate_time, seed)
        };
        let result = run_match(&new, &old, config, |_| {});
        let (score, (elo, lo, hi)) =
            (result.wdl().score(), crate::arena::stats::pair_elo_interval(&result.pair_scores()));
        let kept = score > 0.5;
        let line = format!(
            "generation {}: self-play {} games ({positions} new positions, {:.0} s, {}), train on {} positions ({:.0} s, validation {:.5}, quantised {:.5}, constant {:.5}), gate against {}: {} score {:.1} %, pair Elo {elo:+.0} ({lo:+.0} .. {hi:+.0}): {}",
            generation + 1,
            plan.games,
            selfplay_s,
            if best.is_some() { "bot with the last net" } else { "bot without a value net" },
            records.len(),
            train_s,
            trained.losses.0,
            trained.losses.1,
            trained.losses.2,
            best.as_deref().unwrap_or("the bot without a value net"),
            result.wdl().headline(),
            100.0 * score,
            if kept { "kept" } else { "rejected" }
        );
        eprintln!("regenerate-value: {line}");
        record.push(line);
        if kept {
            best = Some(candidate);
        }
    }
    let Some(best) = best else {
        return Err("no generation beat the bot without a value net: weights left unchanged".into());
    };
    std::fs::copy(&best, &plan.out).map_err(|e| format!("{}: {e}", plan.out))?;
    let head_out = std::path::Path::new(&plan.out).with_file_name("rollout_head.txt");
    std::fs::copy(head_file(&best), &head_out).map_err(|e| format!("{}: {e}", head_out.display()))?;
    let section = format!(
        "# Learned value net (value.txt), made by: uttt regenerate-value --seed {} --games {} --iterations {} --full-share {} --fast-iterations {}{} --generations {} --gate-games {}\n{}\n",
        plan.seed,
        plan.games,
        plan.selfplay.iterations,
        plan.selfplay.full_share,
        plan.selfplay.fast_iterations,
        if plan.selfplay.record_fast { " --record-fast" } else { "" },
        plan.generations,
        plan.gate_games,
        record.join("\n")
    );
    let manifest = std::path::Path::new(&plan.out).with_file_name("MANIFEST.txt");
    write_manifest_section(&manifest.to_string_lossy(), "# Learned value net", &section)?;
    eprintln!("regenerate-value: wrote {} from {best}", plan.out);
    Ok(())
}
