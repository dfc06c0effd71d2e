//! `uttt tune`: CMA-ES or SPSA over named options of a built-in player, scored by games.
//!
//! The run is a sequence of generations. Each generation's candidates are kept in a state file; its games
//! (`games.rs`) are played in process on every core, or as shards on many machines (`--shard K/N
//! --results FILE`, then `--merge FILE…`), with the same results lines either way. A stopped run resumes
//! from the state file and the games already recorded.

pub mod cmaes;
pub mod games;
pub mod linalg;
pub mod reward;
pub mod space;
pub mod spsa;
pub mod state;

use crate::cli::Args;
use crate::rng::Rng;
use cmaes::Cmaes;
use games::{read_results, result_line, GamePlan, Job};
use reward::{Ladder, Reward};
use space::{spec_at, Param};
use spsa::Spsa;
use state::{Generation, Optimizer, TuneState};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Instant;

/// The options of one run.
struct Run {
    plan: GamePlan,
    generations: usize,
    jobs: usize,
    state_path: String,
    fingerprint: String,
    method: String,
    population: usize,
    sigma: f64,
    spsa_a: f64,
    spsa_c: f64,
}

impl Run {
    fn parse(args: &mut Args) -> Result<Run, String> {
        let method: String = args.value_or("--method", "cmaes".to_string())?;
        if method != "cmaes" && method != "spsa" {
            return Err(format!("--method {method:?}: cmaes or spsa"));
        }
        let param_texts = args.values("--param")?;
        let params = param_texts.iter().map(|p| Param::parse(p)).collect::<Result<Vec<_>, _>>()?;
        if params.is_empty() {
            return Err("name at least one --param NAME=LO:HI[:START]".into());
        }
        let games: usize = args.value_or("--games", 20)?;
        if games == 0 || games % 2 != 0 {
            return Err("--games must be even (game pairs, colours swapped)".into());
        }
        let openings_spec: String = args.value_or("--openings", "random:4".to_string())?;
        let generations = args.value_or("--generations", 10)?;
        let jobs = args.value_or("--jobs", crate::cli::default_jobs())?;
        let state_path = args.value_or("--state", "tune-state.txt".to_string())?;
        let seed: u64 = args.value_or("--seed", 1)?;
        let time_control = crate::arena::time_control(args)?;
        let population = args.value_or("--population", Cmaes::default_population(params.len()))?;
        let sigma = args.value_or("--sigma", 0.2)?;
        let spsa_c = args.value_or("--spsa-c", 0.1)?;
        let spsa_a = args.value_or("--spsa-a", 0.05)?;
        let opponent: Option<String> = args.value("--opponent")?;
        let reward_text: String = args.value_or("--reward", "score".to_string())?;
        let reward = Reward::parse(&reward_text)?;
        if method == "spsa" && reward != Reward::Score {
            return Err("--reward applies to CMA-ES (SPSA's two points play each other)".into());
        }
        let words = args.positionals()?;
        let player = words.first().cloned().ok_or("name the built-in player to tune")?;
        let player = player.strip_prefix("builtin:").unwrap_or(&player).to_string();
        let opponent = opponent.map(|o| o.strip_prefix("builtin:").unwrap_or(&o).to_string());
        let opponent = opponent.unwrap_or_else(|| player.clone());
        for spec in [&player, &opponent] {
            crate::agents::parse(spec, 0)?;
        }
        reward.check(&opponent)?;
        let start: Vec<f64> = params.iter().map(|p| p.start).collect();
        crate::agents::parse(&spec_at(&player, &params, &start), 0)?;
        let fingerprint = format!(
            "{method} player={player} opponent={opponent} params={} games={games} openings={openings_spec} seed={seed} \
             population={population} sigma={sigma} spsa={spsa_a},{spsa_c} time={:?}{}",
            param_texts.join(","),
            time_control,
            // The plain score's runs keep the fingerprint they had before rewards existed.
            if reward == Reward::Score { String::new() } else { format!(" reward={reward_text}") }
        );
        let plan = GamePlan {
            player,
            opponent,
            reward,
            params,
            games,
            head_to_head: method == "spsa",
            openings: crate::arena::openings::Openings::parse(&openings_spec)?,
            time_control,
            seed,
        };
        Ok(Run {
            plan,
            generations,
            jobs,
            state_path,
            fingerprint,
            method,
            population,
            sigma,
            spsa_a,
            spsa_c,
        })
    }

    fn candidate_rng(&self, generation: u64) -> Rng {
        Rng::new(self.plan.seed ^ generation.wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    /// The saved state, or a fresh one (the same on every machine: shards may each create it).
    fn load_or_start(&self) -> Result<TuneState, String> {
        match std::fs::read_to_string(&self.state_path) {
            Ok(text) => {
                let state = TuneState::from_text(&text).map_err(|e| format!("{}: {e}", self.state_path))?;
                if state.fingerprint != self.fingerprint {
                    return Err(format!(
                        "{} belongs to another run:\n  saved: {}\n  asked: {}",
                        self.state_path, state.fingerprint, self.fingerprint
                    ));
                }
                Ok(state)
            }
            Err(_) => {
                let start: Vec<f64> = self.plan.params.iter().map(|p| p.start).collect();
                let optimizer = if self.method == "spsa" {
                    let big_a = 0.1 * self.generations as f64;
                    Optimizer::Spsa(Spsa::new(start.clone(), self.spsa_a, self.spsa_c, big_a))
                } else {
                    Optimizer::Cmaes(Cmaes::new(start.clone(), self.sigma), self.population)
                };
                let mut state = TuneState {
                    fingerprint: self.fingerprint.clone(),
                    optimizer,
                    candidates: Vec::new(),
                    history: Vec::new(),
                    ladder: Ladder { champion: start.clone(), ..Ladder::default() },
                };
                state.candidates = self.ask(&state);
                Ok(state)
            }
        }
    }

    fn ask(&self, state: &TuneState) -> Vec<Vec<f64>> {
        let mut rng = self.candidate_rng(state.history.len() as u64);
        match &state.optimizer {
            Optimizer::Cmaes(es, lambda) => es.ask(*lambda, &mut rng),
            Optimizer::Spsa(s) => s.ask(&mut rng),
        }
    }

    fn save(&self, state: &TuneState) -> Result<(), String> {
        // A name of its own: shards starting together may each write the (identical) first state.
        let tmp = format!("{}.tmp{}", self.state_path, std::process::id());
        std::fs::write(&tmp, state.to_text()).map_err(|e| format!("cannot write {tmp}: {e}"))?;
        std::fs::rename(&tmp, &self.state_path).map_err(|e| format!("cannot write {}: {e}", self.state_path))
    }

    /// Tells the optimiser the generation's results (each scored candidate's game scores), moves the
    /// reward's opponent on, records the generation and asks the next candidates.
    fn advance(&self, state: &mut TuneState, games: &[Vec<f64>]) -> Generation {
        let number = state.history.len() as u64;
        let (scores, losses) = self.plan.outcome(games, &state.ladder);
        let best_i = (0..losses.len()).min_by(|&a, &b| losses[a].total_cmp(&losses[b])).unwrap_or(0);
        let best = state.candidates[best_i].clone();
        match &mut state.optimizer {
            Optimizer::Cmaes(es, _) => es.tell(&state.candidates, &losses),
            Optimizer::Spsa(s) => s.tell(&state.candidates, &losses),
        }
        self.plan.reward.update(&mut state.ladder, &state.candidates, games, best_i);
        let generation = Generation {
            number,
            mean_score: scores.iter().sum::<f64>() / scores.len() as f64,
            best_score: scores[best_i],
            centre: state.optimizer.centre().to_vec(),
            best,
        };
        state.history.push(generation.clone());
        state.candidates = self.ask(state);
        generation
    }

    /// One finished generation in words.
    fn generation_line(&self, g: &Generation, ladder: &Ladder) -> String {
        format!(
            "generation {}: mean score {:.3}, best {:.3} ({}); centre {}{}",
            g.number,
            g.mean_score,
            g.best_score,
            self.describe(&g.best),
            self.describe(&g.centre),
            self.plan.reward.describe(&self.plan.opponent, ladder)
        )
    }

    fn describe(&self, x: &[f64]) -> String {
        self.plan
            .params
            .iter()
            .zip(x)
            .map(|(p, u)| format!("{}={}", p.name, p.format(*u)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Plays `todo` on `self.jobs` threads, appending each result to `out` as it comes.
    fn play(
        &self,
        state: &TuneState,
        todo: Vec<Job>,
        out: &str,
        mut progress: impl FnMut(usize),
    ) -> Result<(), String> {
        let generation = state.history.len() as u64;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(out)
            .map_err(|e| format!("cannot write {out}: {e}"))?;
        let todo = Arc::new(todo);
        let next = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = mpsc::channel();
        let mut workers = Vec::new();
        for _ in 0..self.jobs.max(1) {
            let (todo, next, tx) = (todo.clone(), next.clone(), tx.clone());
            let (plan, candidates, ladder) =
                (self.plan.clone(), state.candidates.clone(), state.ladder.clone());
            workers.push(std::thread::spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(&job) = todo.get(i) else { break };
                if tx.send((job.index, plan.play(generation, &candidates, &ladder, job))).is_err() {
                    break;
                }
            }));
        }
        drop(tx);
        let mut done = 0;
        for (index, score) in rx {
            file.write_all(result_line(generation, index, score).as_bytes())
                .map_err(|e| format!("{out}: {e}"))?;
            done += 1;
            progress(done);
        }
        for w in workers {
            let _ = w.join();
        }
        Ok(())
    }
}

fn recorded(paths: &[String], generation: u64) -> Result<BTreeMap<usize, f64>, String> {
    let mut scores = BTreeMap::new();
    for p in paths {
        if let Ok(text) = std::fs::read_to_string(p) {
            read_results(&text, generation, &mut scores).map_err(|e| format!("{p}: {e}"))?;
        }
    }
    Ok(scores)
}

fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    format!("{}m{:02}s", s / 60, s % 60)
}

/// `uttt tune PLAYER --param NAME=LO:HI[:START]... [--method cmaes|spsa] [--opponent SPEC] [--games N]
/// [--reward score|selfplay|growing:K] [--generations G] [--population P] [--sigma S] [--spsa-a A] [--spsa-c C] [--openings FILE|random:K]
/// [--time-ms T] [--first-time-ms T] [--jobs J] [--seed S] [--state FILE] [--shard K/N --results FILE]
/// [--merge FILE...]` (the results files are the words after the player)
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let shard: Option<String> = args.value("--shard")?;
    let results: Option<String> = args.value("--results")?;
    let merging = args.flag("--merge");
    let run = Run::parse(&mut args)?;
    let merge: Vec<String> = args.positionals()?.into_iter().skip(1).collect();
    if !merging && !merge.is_empty() {
        return Err(format!("unexpected words {merge:?} (results files follow --merge)"));
    }
    let mut state = run.load_or_start()?;
    let generation = state.history.len() as u64;
    let all_jobs = run.plan.jobs(state.candidates.len());
    if let Some(shard) = shard {
        // One machine's part of the current generation: the jobs with index % N == K.
        let (k, n) = crate::cli::parse_shard(&shard)?;
        let out = results.ok_or("--shard needs --results FILE")?;
        if std::fs::metadata(&run.state_path).is_err() {
            run.save(&state)?;
        }
        let done = recorded(std::slice::from_ref(&out), generation)?;
        let todo: Vec<Job> = all_jobs
            .into_iter()
            .filter(|j| j.index as u64 % n == k && !done.contains_key(&j.index))
            .collect();
        let total = todo.len();
        run.play(&state, todo, &out, |d| {
            eprint!("\rgeneration {generation} shard {shard}: {d}/{total} games")
        })?;
        eprintln!();
        return Ok(0);
    }
    if merging {
        let scores = recorded(&merge, generation)?;
        let games = run.plan.candidate_games(state.candidates.len(), &scores).ok_or_else(|| {
            format!(
                "generation {generation}: {} of {} games recorded in the merged files",
                scores.len(),
                all_jobs.len()
            )
        })?;
        let g = run.advance(&mut state, &games);
        run.save(&state)?;
        println!("{}", run.generation_line(&g, &state.ladder));
        return Ok(0);
    }
    let games_path = format!("{}.games", run.state_path);
    let started = Instant::now();
    let mut played = 0usize;
    while state.history.len() < run.generations {
        let generation = state.history.len() as u64;
        let jobs = run.plan.jobs(state.candidates.len());
        let done = recorded(std::slice::from_ref(&games_path), generation)?;
        let todo: Vec<Job> = jobs.iter().copied().filter(|j| !done.contains_key(&j.index)).collect();
        let (per_gen, left_gens) = (jobs.len(), run.generations - state.history.len());
        let before = played;
        run.play(&state, todo, &games_path, |d| {
            let rate = (before + d) as f64 / started.elapsed().as_secs_f64().max(1e-9);
            let left = (left_gens * per_gen).saturating_sub(done.len() + d);
            let last = state
                .history
                .last()
                .map(|g| format!("  last: mean {:.3} best {:.3}", g.mean_score, g.best_score));
            eprint!(
                "\rgeneration {}/{}  games {}/{per_gen}  {rate:.2} games/s  ETA {}{}   ",
                generation + 1,
                run.generations,
                done.len() + d,
                clock(left as f64 / rate),
                last.unwrap_or_default()
            );
        })?;
        played += jobs.len() - done.len();
        let scores = recorded(std::slice::from_ref(&games_path), generation)?;
        let games =
            run.plan.candidate_games(state.candidates.len(), &scores).ok_or("a game's result is missing")?;
        let g = run.advance(&mut state, &games);
        run.save(&state)?;
        eprintln!("\n{}", run.generation_line(&g, &state.ladder));
    }
    let _ = std::fs::remove_file(&games_path);
    print!("{}", final_report(&run, &state));
    Ok(0)
}

fn final_report(run: &Run, state: &TuneState) -> String {
    let mut out = String::from(
        "| generation | mean score | best score | best candidate | centre after |\n|---|---|---|---|---|\n",
    );
    for g in &state.history {
        out += &format!(
            "| {} | {:.3} | {:.3} | {} | {} |\n",
            g.number,
            g.mean_score,
            g.best_score,
            run.describe(&g.best),
            run.describe(&g.centre)
        );
    }
    let ladder = run.plan.reward.describe(&run.plan.opponent, &state.ladder);
    if let Some(stripped) = ladder.strip_prefix("; ") {
        out += &format!("\nat the end: {stripped}\n");
    }
    let centre = spec_at(&run.plan.player, &run.plan.params, state.optimizer.centre());
    out += &format!(
        "\ntuned: builtin:{centre}\nconfirm: uttt arena builtin:{centre} builtin:{} --games 400 --openings data/openings.txt\n",
        run.plan.opponent
    );
    out
}
