//! Every trainer (none is part of the bot), grouped by what it makes:
//! - the move policy, `policy/`: self-play records (`data.rs`) and SGD on the features (`fit.rs`);
//!   `uttt regenerate-weights`;
//! - the value net, `value/`: self-play (`data.rs`, `records.rs`), Adam on the float net and quantisation
//!   (`fit/`, `float_net.rs`), the generation loop (`regenerate.rs`), the net's error by phase (`error.rs`)
//!   and its rollout head (`rollout_head_fit.rs`);
//! - the opening book, `book/`: long searches of the positions the bot meets, packed (`uttt make-book`);
//! - the seed documents' evaluations, `seeds/`: seed 000's TD learning (`td.rs`), seed 003's (`basis6_td.rs`);
//! - `manifest.rs`: each weight file's section of `weights/MANIFEST.txt`.
//!
//! The command entry points (`uttt selfplay`, `train`, `train-value`, …) are here.

pub mod book;
pub mod manifest;
pub mod policy;
pub mod seeds;
pub mod value;

use crate::cli::{parse_shard, Args};

/// `uttt train-basis6 [--games N] [--depth D] [--alpha A] [--seed S] [--rules codingame|points]
/// [--out FILE]`: seed 003's learning.
pub fn train_basis6_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let games: usize = a.value_or("--games", 20)?;
    let depth: u32 = a.value_or("--depth", 3)?;
    let alpha: f64 = a.value_or("--alpha", 0.002)?;
    let seed: u64 = a.value_or("--seed", 1)?;
    let rules_name: String = a.value_or("--rules", "codingame".to_string())?;
    let rules = crate::board::variants::Rules::parse(&rules_name)?;
    let out: String = a.value_or("--out", "weights/basis6.txt".to_string())?;
    a.positionals()?;
    println!("| game | learner plays | learner's result | moves | c1 score | c2 centre | c3 corner | c4 side | c5 blocking | c6 potential |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut game = 0;
    let plan = seeds::basis6_td::TrainingPlan { games, depth, alpha, seed, rules };
    let c = seeds::basis6_td::train(plan, |g| {
        game += 1;
        let result = match g.score {
            s if s > 0.75 => "win",
            s if s < 0.25 => "loss",
            _ => "draw",
        };
        let cs: Vec<String> = g.constants.iter().map(|x| format!("{x:.3}")).collect();
        println!("| {game} | {:?} | {result} | {} | {} |", g.learner, g.moves, cs.join(" | "));
    });
    let header = format!(
        "Seed 003's basis-6 constants (score, centre, corner, side, blocking, potential), learned by TD.\n\
         command: uttt train-basis6 --games {games} --depth {depth} --alpha {alpha} --seed {seed} --rules {rules_name}"
    );
    std::fs::write(&out, crate::agents::basis6::constants_to_text(&c, &header))
        .map_err(|e| format!("{out}: {e}"))?;
    Ok(0)
}

/// `uttt train-td [--games N] [--simulations K] [--eta X] [--seed S] [--out FILE]`: seed 000's TD learning.
pub fn train_td_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let d = seeds::td::TdConfig::default();
    let config = seeds::td::TdConfig {
        games: a.value_or("--games", d.games)?,
        simulations: a.value_or("--simulations", d.simulations)?,
        eta: a.value_or("--eta", d.eta)?,
        seed: a.value_or("--seed", d.seed)?,
    };
    let out: String = a.value_or("--out", "weights/td.txt".to_string())?;
    a.positionals()?;
    let start = std::time::Instant::now();
    let weights = seeds::td::train(&config, |done, score, w| {
        eprint!(
            "\rgame {done}/{}  learner's score vs random {:.1}%  relativeWins {:.3} gridsDifference {:.3}  {:.0} s ",
            config.games,
            100.0 * score,
            w[2],
            w[11],
            start.elapsed().as_secs_f64()
        );
    });
    eprintln!();
    let header = format!(
        "Seed 000's linear evaluation (Advanced Feature Extractor), learned by TD(0).\n\
         command: uttt train-td --games {} --simulations {} --eta {} --seed {}\n\
         {:.0} s on one thread",
        config.games,
        config.simulations,
        config.eta,
        config.seed,
        start.elapsed().as_secs_f64()
    );
    std::fs::write(&out, crate::agents::perceptron::weights_to_text(&weights, &header))
        .map_err(|e| format!("{out}: {e}"))?;
    print!("{}", crate::agents::perceptron::weights_to_text(&weights, ""));
    Ok(0)
}

/// `uttt selfplay --games N --iterations K [--jobs J] [--seed S] --out FILE`
pub fn selfplay_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let games: usize = a.value_or("--games", 200)?;
    let iterations: u64 = a.value_or("--iterations", 2000)?;
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let seed: u64 = a.value_or("--seed", 1)?;
    let out: String = a.value("--out")?.ok_or("--out FILE is required")?;
    a.positionals()?;
    let records = policy::data::generate(games, iterations, jobs, seed, true);
    std::fs::write(&out, policy::data::to_bytes(&records)).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {} positions from {games} games to {out}", records.len());
    Ok(0)
}

/// `uttt train (--data FILE | --value-data FILE... | --searches FILE...) [--epochs E] [--seed S] [--lr X]
/// [--step Q] [--init FILE] [--out DIR]`
pub fn train_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let path: Option<String> = a.value("--data")?;
    let mut value_paths = a.values("--value-data")?;
    let search_paths = a.values("--searches")?;
    let epochs: usize = a.value_or("--epochs", 30)?;
    let seed: u64 = a.value_or("--seed", 1)?;
    let out: String = a.value_or("--out", "weights".to_string())?;
    let lr: f32 = a.value_or("--lr", policy::fit::LEARNING_RATE)?;
    let step: i64 = a.value_or("--step", crate::policy::codec::STEP)?;
    if !(1..=crate::policy::codec::MAX_STEP).contains(&step) {
        return Err(format!("--step {step}: expected 1..={}", crate::policy::codec::MAX_STEP));
    }
    let init = match a.value::<String>("--init")? {
        Some(path) => {
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
            Some(crate::policy::Policy::decode_named(&path, &text)?.weights().to_vec())
        }
        None => None,
    };
    // Like `train-value`: the files after `--value-data` need not repeat the option.
    let rest = a.positionals()?;
    if !rest.is_empty() && value_paths.is_empty() {
        return Err(format!("unexpected arguments {rest:?}"));
    }
    value_paths.extend(rest);
    let (mut records, source) = match (path, value_paths.is_empty()) {
        (None, true) if !search_paths.is_empty() => (Vec::new(), "no self-play".to_string()),
        (Some(path), true) => {
            let bytes = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
            (policy::data::from_bytes(&bytes)?, path)
        }
        (None, false) => {
            // Per file: runs with different seeds reuse game numbers.
            let mut records = Vec::new();
            for path in &value_paths {
                records.extend(policy::data::from_value_records(&value::records::read_value_records(
                    std::slice::from_ref(path),
                )?));
            }
            (records, format!("the moves played in {} (value self-play)", value_paths.join(" ")))
        }
        _ => return Err("give --data FILE, --value-data FILE... or --searches FILE...".to_string()),
    };
    let played = records.len();
    for path in &search_paths {
        records.extend(book::searches::policy_records(path)?);
    }
    let source = match search_paths.is_empty() {
        true => source,
        false => format!("{source}, and the book's searches in {}", search_paths.join(" ")),
    };
    eprintln!("train: {} positions ({played} played, {} searched)", records.len(), records.len() - played);
    let settings = policy::fit::Settings { epochs, seed, learning_rate: lr, step, init };
    let summary = policy::fit::train_with(&records, &settings, true);
    policy::fit::write_weights(
        &out,
        &summary,
        &format!(
            "command: uttt train {}\ndata: {source} ({} positions), learning rate {lr}",
            words.join(" "),
            records.len()
        ),
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
    let records = policy::data::generate(games, iterations, jobs, seed, true);
    let selfplay_s = start.elapsed().as_secs_f64();
    let summary = policy::fit::train(&records, epochs, seed, true);
    let train_s = start.elapsed().as_secs_f64() - selfplay_s;
    let provenance = format!(
        "command: uttt regenerate-weights --seed {seed} --games {games} --iterations {iterations} --epochs {epochs}\n\
         self-play: {games} games, {} positions, {:.0} s on {jobs} threads\ntraining: {:.1} s",
        records.len(),
        selfplay_s,
        train_s
    );
    policy::fit::write_weights(&out, &summary, &provenance)?;
    Ok(0)
}

/// `uttt selfplay-value --games N [--seed S] [--shard K/N] [--iterations I] [--jobs J] [--no-value]
/// [--value-weights FILE] [--rollout-head FILE] [--side-visits V] --out FILE`
pub fn selfplay_value_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let games: u64 = a.value_or("--games", 100)?;
    let seed: u64 = a.value_or("--seed", 1)?;
    let shard: String = a.value_or("--shard", "0/1".to_string())?;
    let jobs: usize = a.value_or("--jobs", 1)?;
    let d = value::data::SelfPlay::default();
    let config = value::data::SelfPlay {
        iterations: a.value_or("--iterations", d.iterations)?,
        use_value: !a.flag("--no-value"),
        value_file: a.value("--value-weights")?,
        rollout_head_file: a.value("--rollout-head")?,
        side_visits: a.value_or("--side-visits", d.side_visits)?,
        ..d
    }
    .with_capping_options(&mut a)?;
    let out: String = a.value("--out")?.ok_or("--out FILE is required")?;
    a.positionals()?;
    let (k, n) = parse_shard(&shard)?;
    let positions = value::data::run_shard(&config, games, seed, (k, n), jobs, &out)?;
    eprintln!("selfplay-value: {positions} new positions in {out}");
    Ok(0)
}

/// `uttt train-value --data FILE [--data FILE …] [--hidden H] [--hidden2 H2] [--squared | --clipped] [--w1-step S] [--buckets B] [--epochs E] [--threads T]
/// [--lambda L] [--lr X] [--lr-decay F] [--symmetries K] [--seed S] [--init NET] [--inputs N] [--aux-weight W] [--valid FILE]
/// [--out weights/value.txt]`
pub fn train_value_main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let mut paths = a.values("--data")?;
    let d = value::fit::TrainConfig::default();
    let hidden: Option<usize> = a.value("--hidden")?;
    let hidden2 = a.value_or("--hidden2", d.hidden2)?;
    // The shipped shape's units unless asked otherwise; a second hidden layer's net is clipped.
    let (squared, clipped) = (a.flag("--squared"), a.flag("--clipped"));
    let mut config = value::fit::TrainConfig {
        hidden: hidden.unwrap_or(d.hidden),
        hidden2,
        buckets: a.value_or("--buckets", d.buckets)?,
        epochs: a.value_or("--epochs", d.epochs)?,
        threads: a.value_or("--threads", d.threads)?,
        lambda: a.value_or("--lambda", d.lambda)?,
        learning_rate: a.value_or("--lr", d.learning_rate)?,
        seed: a.value_or("--seed", d.seed)?,
        symmetries: a.value_or("--symmetries", d.symmetries)?,
        lr_decay: a.value_or("--lr-decay", d.lr_decay)?,
        inputs: a.value_or("--inputs", d.inputs)?,
        squared: squared || (d.squared && !clipped && hidden2 == 0),
        w1_step: a.value_or("--w1-step", d.w1_step)?,
        aux_weight: a.value_or("--aux-weight", d.aux_weight)?,
        ..d
    };
    let init: Option<String> = a.value("--init")?;
    if let Some(path) = &init {
        // Fine-tuning keeps the starting net's shape; `--hidden H` above its width widens its one hidden
        // layer (`FloatNet::widened`).
        let start = crate::value::ValueNet::load(Some(path))?;
        let asked = hidden.unwrap_or(start.hidden());
        (config.hidden, config.hidden2, config.buckets) = (asked, start.hidden2(), start.buckets());
        if asked < start.hidden() || (asked > start.hidden() && start.hidden2() > 0) {
            return Err(format!(
                "--hidden {asked} with --init: at least the starting net's {} units, more for one hidden layer only",
                start.hidden()
            ));
        }
        config.squared = start.squared();
        config.init = Some(start);
    }
    config.check()?;
    let out: String = a.value_or("--out", "weights/value.txt".to_string())?;
    let valid: Option<String> = a.value("--valid")?;
    paths.extend(a.positionals()?);
    if paths.is_empty() {
        return Err("--data FILE is required".into());
    }
    let records = value::records::read_value_records(&paths)?;
    if let Some(path) = &valid {
        config.validation = Some(value::records::read_value_records(std::slice::from_ref(path))?);
    }
    let games = records.iter().map(|r| r.game).collect::<std::collections::BTreeSet<_>>().len();
    eprintln!(
        "train-value: {} positions ({games} distinct game numbers; runs with other seeds reuse them)",
        records.len()
    );
    let start = std::time::Instant::now();
    let t = value::fit::train(&records, &config, true);
    let (text, sizes) = t.quantised.encode_sized();
    std::fs::write(&out, &text).map_err(|e| format!("{out}: {e}"))?;
    let (float_loss, quantised_loss, constant_loss) = t.losses;
    let (float_result_loss, quantised_result_loss) = t.result_losses;
    // The shape's options beyond --hidden, as the command gives them and as the title says them.
    let (mut shape_options, mut shape_words) = match (config.hidden2, config.squared) {
        (0, false) => (String::new(), String::new()),
        (0, true) => (" --squared".to_string(), " squared".to_string()),
        (n, _) => (format!(" --hidden2 {n}"), format!(" then {n}")),
    };
    if config.w1_step > 1 {
        shape_options += &format!(" --w1-step {}", config.w1_step);
        shape_words += &format!(" (first layer in steps of {})", config.w1_step);
    }
    let section = format!(
        "# Learned value net (value.txt): {} inputs, {} hidden{}, 1 output from {} buckets; {} bytes, FNV-1a {:016x}\n\
         {}\n\
         command: uttt train-value --data {}{} --hidden {}{} --buckets {} --epochs {} --lambda {} --lr {} --lr-decay {} --symmetries {} --seed {}\n\
         data: {} positions, {games} distinct game numbers ({} training, {} validation)\n\
         training: {:.0} s on {} threads\n\
         validation cross-entropy: float {float_loss:.5}, quantised {quantised_loss:.5}, constant predictor {constant_loss:.5}\n\
         against the results alone: float {float_result_loss:.5}, quantised {quantised_result_loss:.5}\n\n\
         per epoch:\n{}\n",
        t.quantised.inputs(),
        config.hidden,
        shape_words,
        config.buckets,
        text.len(),
        policy::fit::checksum(text.as_bytes()),
        crate::codec::packing_line(&crate::value::network::TENSOR_NAMES, &sizes),
        paths.join(" --data "),
        init.map_or(String::new(), |p| format!(" --init {p}"))
            + &valid.map_or(String::new(), |p| format!(" --valid {p}"))
            + &if config.inputs < crate::value::features::INPUTS {
                format!(" --inputs {}", config.inputs)
            } else {
                String::new()
            }
            + &if config.aux_weight > 0.0 { format!(" --aux-weight {}", config.aux_weight) } else { String::new() },
        config.hidden,
        shape_options,
        config.buckets,
        config.epochs,
        config.lambda,
        config.learning_rate,
        config.lr_decay,
        config.symmetries,
        config.seed,
        records.len(),
        t.sizes.0,
        t.sizes.1,
        start.elapsed().as_secs_f64(),
        config.threads,
        t.log.join("\n")
    );
    let manifest = std::path::Path::new(&out).with_file_name("MANIFEST.txt");
    manifest::write_manifest_section(&manifest.to_string_lossy(), "# Learned value net", &section)?;
    eprintln!("wrote {out} ({} bytes) and {}", text.len(), manifest.display());
    Ok(0)
}
