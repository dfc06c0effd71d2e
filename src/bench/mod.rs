//! `uttt bench`: a fixed, deterministic workload whose figures track engine and search speed; `--signature`
//! the behaviour signature (`signature.rs`).

pub mod positions;
pub mod signature;

pub use positions::midgame_positions;

use crate::board::{Board, Status};
use crate::mcts::{rollout, wide_available, Limits, Params, RolloutPolicy};
use crate::moves::Move;
use crate::options::BotOptions;
use crate::playout;
use crate::rng::Rng;
use crate::value::{Accumulator, ValueNet};
use std::time::{Duration, Instant};

/// Measured figures; printed as text or as one JSON object.
#[derive(Clone, Debug, Default)]
pub struct BenchFigures {
    /// Named figures, in the order they were measured.
    pub entries: Vec<(&'static str, f64)>,
}

impl BenchFigures {
    fn add(&mut self, key: &'static str, value: f64) {
        self.entries.push((key, value));
    }

    /// The figure named `key`, if it was measured.
    pub fn get(&self, key: &str) -> Option<f64> {
        self.entries.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }

    /// The figures as one JSON object.
    pub fn to_json(&self) -> String {
        let fields: Vec<String> =
            self.entries.iter().map(|(k, v)| format!("\"{k}\": {}", json_number(*v))).collect();
        format!("{{{}}}", fields.join(", "))
    }
}

fn json_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.6}")
    }
}

/// Bulk-counted perft from the empty board: (nodes, seconds).
pub fn perft_speed(depth: u32) -> (u64, f64) {
    let start = Instant::now();
    let nodes = Board::new().perft(depth);
    (nodes, start.elapsed().as_secs_f64())
}

/// Random playouts from the empty board for about `duration`: playouts per second.
pub fn playout_speed(duration: Duration, seed: u64) -> f64 {
    let mut rng = Rng::new(seed);
    let start = Instant::now();
    let mut playouts = 0u64;
    let mut checksum = 0u32;
    loop {
        for _ in 0..1024 {
            checksum = checksum
                .wrapping_add(
                    matches!(playout::uniform(&Board::new(), &mut rng), crate::board::Status::Draw) as u32,
                );
        }
        playouts += 1024;
        if start.elapsed() >= duration {
            break;
        }
    }
    std::hint::black_box(checksum);
    playouts as f64 / start.elapsed().as_secs_f64()
}

/// Bot search iterations from the empty board in `budget`: the median of `runs` fresh searches, each on
/// tree memory already faulted in, as the bot's is after its first turn.
/// `params.value_weight` > 0 searches with the value net in `value_file` (the embedded one by default).
pub fn mcts_iterations(
    budget: Duration,
    runs: usize,
    use_policy: bool,
    params: Params,
    value_file: Option<&str>,
) -> u64 {
    mcts_iterations_from(&Board::new(), budget, runs, use_policy, params, value_file, false)
}

/// The same from `board`; `portable`: with baseline instructions only (`mcts/wide.rs`).
pub fn mcts_iterations_from(
    board: &Board,
    budget: Duration,
    runs: usize,
    use_policy: bool,
    params: Params,
    value_file: Option<&str>,
    portable: bool,
) -> u64 {
    let mut counts: Vec<u64> = (0..runs)
        .map(|i| {
            let params = Params { early_stop: false, ..params };
            let value_file = value_file.map(str::to_string);
            let options =
                BotOptions { seed: i as u64, params, use_policy, value_file, portable, ..Default::default() };
            let mut search = options.build_search();
            search.prefault(None); // as the bot does in its first turn
            search.search(board, None, Limits::time(Instant::now(), budget)).iterations
        })
        .collect();
    counts.sort_unstable();
    counts[runs / 2]
}

/// The mean over `midgame_positions` of `mcts_iterations_from` each.
pub fn midgame_iterations(
    budget: Duration,
    use_policy: bool,
    params: Params,
    value_file: Option<&str>,
    portable: bool,
) -> f64 {
    let positions = midgame_positions();
    let total: u64 = positions
        .iter()
        .map(|b| mcts_iterations_from(b, budget, 3, use_policy, params, value_file, portable))
        .sum();
    total as f64 / positions.len().max(1) as f64
}

/// Leaf evaluations per second over the positions of random games, for about `duration` each: the value
/// net from scratch, the value net kept up to date move by move, and the bot's rollouts.
pub fn leaf_speeds(net: &ValueNet, duration: Duration) -> (f64, f64, f64) {
    let mut rng = Rng::new(9);
    let games: Vec<Vec<(Board, Move, Board)>> = (0..64)
        .map(|_| {
            let mut b = Board::new();
            let mut steps = Vec::new();
            while let Some(m) = b.random_move(&mut rng) {
                let before = b;
                b.play(m);
                steps.push((before, m, b));
            }
            steps
        })
        .collect();
    let positions: usize = games.iter().map(Vec::len).sum();
    let timed = |mut pass: Box<dyn FnMut() -> f32 + '_>| {
        let start = Instant::now();
        let (mut n, mut checksum) = (0, 0.0);
        while start.elapsed() < duration {
            checksum += pass();
            n += positions;
        }
        std::hint::black_box(checksum);
        n as f64 / start.elapsed().as_secs_f64()
    };
    let scratch = timed(Box::new(|| games.iter().flatten().map(|(_, _, after)| net.evaluate(after)).sum()));
    let incremental = timed(Box::new(|| {
        let mut sum = 0.0;
        for game in &games {
            let mut acc = Accumulator::default();
            acc.refresh(net, &Board::new());
            for (before, m, after) in game {
                acc.play(net, before, *m, after);
                sum += net.output(acc.side(after.side_to_move()), net.bucket(after));
            }
        }
        sum
    }));
    let mut rollout_rng = Rng::new(3);
    let rollouts = timed(Box::new(|| {
        games
            .iter()
            .flatten()
            .map(|(_, _, after)| {
                rollout::rollout(*after, RolloutPolicy::GAME_WINS, &mut rollout_rng) == Status::Draw
            })
            .filter(|&d| d)
            .count() as f32
    }));
    (scratch, incremental, rollouts)
}

/// Time to build the bot as the arena starts it (tree buffers reserved, policy decoded), in ms.
pub fn startup_ms() -> f64 {
    let start = Instant::now();
    let bot = BotOptions::default().build();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    std::hint::black_box(bot);
    ms
}

/// Time the bot spends in its first turn faulting in its tree memory (`Tree::prefault`), in ms.
pub fn prefault_ms() -> f64 {
    let mut search = BotOptions::default().build_search();
    let start = Instant::now();
    search.prefault(None);
    start.elapsed().as_secs_f64() * 1000.0
}

/// Runs the whole workload, the value net read from `value_file` (the embedded one by default).
pub fn run_all(value_file: Option<&str>) -> Result<BenchFigures, String> {
    let net = ValueNet::load(value_file)?;
    let mut figures = BenchFigures::default();
    // First, while nothing is built yet: tree buffers, weight decoding, the pattern table.
    figures.add("startup_ms", startup_ms());
    figures.add("prefault_ms", prefault_ms());
    let (nodes, seconds) = perft_speed(8);
    figures.add("perft8_nodes", nodes as f64);
    figures.add("perft8_seconds", seconds);
    figures.add("perft8_nps", nodes as f64 / seconds);
    figures.add("playouts_per_sec", playout_speed(Duration::from_secs(2), 1));
    let budget = Duration::from_millis(100);
    // The bot (the net alone at the leaves since 2026-12-03), the blend it replaced (half net, half rollout,
    // with the rollout head), rollouts alone (the bot before the net, `--no-value`), and rollouts without the
    // learned prior.
    let iterations = |use_policy, params| mcts_iterations(budget, 5, use_policy, params, value_file) as f64;
    figures.add("mcts_iters_per_100ms", iterations(true, Params::BOT));
    figures.add("mcts_iters_per_100ms_blend", iterations(true, Params { value_weight: 0.5, ..Params::BOT }));
    figures.add("mcts_iters_per_100ms_no_value", iterations(true, Params::ROLLOUT_BOT));
    figures.add("mcts_iters_per_100ms_no_policy", iterations(false, Params::ROLLOUT_BOT));
    // From the middle game, where boards hold more marks and rollouts are shorter.
    let midgame = |params, portable| midgame_iterations(budget, true, params, value_file, portable);
    figures.add("mcts_iters_per_100ms_midgame", midgame(Params::BOT, false));
    figures.add("mcts_iters_per_100ms_midgame_no_value", midgame(Params::ROLLOUT_BOT, false));
    // The search's baseline copy (`--portable`), where the processor has the wide one (`mcts/wide.rs`).
    figures.add("wide_instructions", if wide_available() { 1.0 } else { 0.0 });
    figures.add("mcts_iters_per_100ms_midgame_portable", midgame(Params::BOT, true));
    let (scratch, incremental, rollouts) = leaf_speeds(&net, Duration::from_secs(1));
    figures.add("value_evals_per_sec", scratch);
    figures.add("value_evals_per_sec_incremental", incremental);
    figures.add("rollouts_per_sec_midgame", rollouts);
    if let Some(kb) = crate::protocol::peak_rss_kb() {
        figures.add("peak_rss_mb", kb as f64 / 1024.0);
    }
    Ok(figures)
}

/// `uttt bench --midgame-iterations N [--positions FILE [--plies LIST]]`: the bot's search of each
/// midgame position (the bench's own, or those of `FILE`: `positions.rs`) for exactly `N` iterations
/// (seed 1, a fresh tree): the same work on every run and machine, for a profiler that counts instructions
/// (`valgrind --tool=callgrind`; docs/performance.md). A file's positions need no set-up games, so a profile
/// of them is the searches alone, and two builds search the same ones.
fn fixed_midgame(iterations: u64, without_value: bool, positions: Vec<Board>) -> i32 {
    let params = if without_value { Params::BOT.without_value() } else { Params::BOT };
    let start = Instant::now();
    let (counts, loops) = search_each(&positions, iterations, params);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{} positions, {iterations} iterations each, {seconds:.2} s (the search loops {:.3} s; the rest is \
         building each search and faulting in its tree)",
        positions.len(),
        loops.as_secs_f64()
    );
    println!("per iteration:");
    for (name, value) in counts.per_iteration() {
        println!("{name:>24}  {value:.3}");
    }
    0
}

/// The positions of `--positions FILE [--plies LIST]`, else the bench's own.
fn chosen_positions(a: &mut crate::cli::Args) -> Result<Vec<Board>, String> {
    let plies = a.value::<String>("--plies")?.map(|list| positions::parse_plies(&list)).transpose()?;
    match a.value::<String>("--positions")? {
        Some(file) => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("--positions {file}: {e}"))?;
            positions::parse_positions(&text, plies.as_deref())
                .map_err(|e| format!("--positions {file}: {e}"))
        }
        None if plies.is_some() => Err("--plies needs --positions FILE".to_string()),
        None => Ok(midgame_positions()),
    }
}

/// The searches of `fixed_midgame`, apart so that a profiler counts them alone
/// (`valgrind --tool=callgrind --toggle-collect='*search_each*'`; that count includes building each search
/// and faulting in its tree), with the time of their search loops alone.
#[inline(never)]
pub fn search_each(
    positions: &[Board],
    iterations: u64,
    params: Params,
) -> (crate::mcts::SearchCounts, Duration) {
    let mut counts = crate::mcts::SearchCounts::default();
    let mut loops = Duration::ZERO;
    for board in positions {
        let options = crate::options::BotOptions { seed: 1, quiet: true, params, ..Default::default() };
        let mut search = options.build_search();
        search.prefault(None);
        loops += search.search(board, None, Limits::iterations(iterations)).loop_time;
        counts = counts.plus(search.counts());
    }
    (counts, loops)
}

/// `uttt bench [--json] [--value-weights FILE]`, or `uttt bench --signature [--no-book]` (the searches
/// alone: the signature before the opening book).
pub fn main(args: &[String]) -> i32 {
    let mut a = crate::cli::Args::new(args);
    if a.flag("--signature") {
        let start = Instant::now();
        let options = crate::options::BotOptions { use_book: !a.flag("--no-book"), ..Default::default() };
        let (hash, searches) = signature::signature_of(&options);
        println!("signature {hash:016x}");
        eprintln!(
            "({searches} searches of {} iterations, {:.1} s)",
            signature::ITERATIONS,
            start.elapsed().as_secs_f64()
        );
        return 0;
    }
    // A fixed workload takes no other option: an unknown one is said, not ignored.
    let fixed = a.value::<u64>("--midgame-iterations").and_then(|n| match n {
        Some(n) => {
            let (without_value, positions) = (a.flag("--without-value"), chosen_positions(&mut a)?);
            a.positionals()?;
            Ok(Some((n, without_value, positions)))
        }
        None => Ok(None),
    });
    match fixed {
        Ok(Some((n, without_value, positions))) => return fixed_midgame(n, without_value, positions),
        Ok(None) => {}
        Err(e) => {
            eprintln!("uttt bench: {e}");
            return 2;
        }
    }
    let json = a.flag("--json");
    let figures = match a.value::<String>("--value-weights").and_then(|file| {
        a.positionals()?;
        run_all(file.as_deref())
    }) {
        Ok(figures) => figures,
        Err(e) => {
            eprintln!("uttt bench: {e}");
            return 2;
        }
    };
    if json {
        println!("{}", figures.to_json());
    } else {
        for (k, v) in &figures.entries {
            println!("{k:>24}  {}", json_number(*v));
        }
    }
    0
}
