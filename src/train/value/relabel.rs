//! `uttt relabel-value`: self-play records searched again, far deeper than the self-play move, so that a
//! net can be taught by a stronger teacher than the one that played the games.
//!
//! Each record's value is the root value of a search at the self-play bot's iterations (6,400 for every
//! generation since gen-22); its result is the game's. This command takes some of those positions (a
//! position of game `g` at ply `p` is taken when a hash of the seed, `g` and `p` falls under `1 / every`,
//! and only from ply `min_ply` on) and writes them again with the value of a search of `iterations`
//! iterations by the bot (its net, or `--value-weights F`), keeping the game's result. The output is in the
//! records' format (`records.rs`), a game's taken positions together, so `uttt train-value --data` reads
//! it as it is. Like self-play it is deterministic, shardable by game (`g % N == K`) and resumable: games
//! already complete in the output are kept and skipped.

use super::records::{read_value_records, ValueRecord};
use super::shard_file::{append_games, resume};
use crate::board::Board;
use crate::cli::Args;
use crate::mcts::{Limits, Params, Search};
use crate::options::BotOptions;
use crate::rng::Rng;

/// Which positions are searched again, and how deeply.
#[derive(Clone, Debug)]
pub struct Relabel {
    /// Search iterations for each taken position.
    pub iterations: u64,
    /// About one position in `every` is taken.
    pub every: u32,
    /// No position before this ply is taken (the opening's values differ little between searches).
    pub min_ply: usize,
    /// The selection's seed.
    pub seed: u64,
    /// A value net file to search with instead of the embedded one.
    pub value_file: Option<String>,
    /// That net's rollout head (the embedded head fits only the embedded net).
    pub rollout_head_file: Option<String>,
}

/// Whether the position of game `game` after `ply` moves is taken.
pub fn taken(config: &Relabel, game: u64, ply: usize) -> bool {
    if ply < config.min_ply {
        return false;
    }
    let mut rng = Rng::new(config.seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (ply as u64) << 48);
    rng.next_u64();
    rng.below(config.every.max(1)) == 0
}

/// The taken played positions of one game (`records`, all of the same game), with their values from a
/// search of `config.iterations`.
pub fn relabel_game(config: &Relabel, records: &[ValueRecord]) -> Vec<ValueRecord> {
    let chosen: Vec<&ValueRecord> =
        records.iter().filter(|r| r.result.is_some() && taken(config, r.game, r.moves.len())).collect();
    let Some(first) = chosen.first() else { return Vec::new() };
    let options = BotOptions {
        params: Params::BOT,
        seed: config.seed ^ first.game,
        nodes: (config.iterations as usize).saturating_mul(40).max(1_000_000),
        value_file: config.value_file.clone(),
        rollout_head_file: config.rollout_head_file.clone(),
        ..Default::default()
    };
    let mut search: Search = options.build_search();
    chosen
        .into_iter()
        .map(|r| {
            let board = Board::from_moves(&r.moves).expect("read records hold legal moves");
            let report = search.search(&board, None, Limits::iterations(config.iterations));
            ValueRecord { value: report.best_value.clamp(0.0, 1.0), ..r.clone() }
        })
        .collect()
}

/// Relabels the games of shard `shard` of `shards` among `records` into `out`, resuming a stopped run.
/// Returns the number of new records.
pub fn run_shard(
    config: &Relabel,
    records: &[ValueRecord],
    (shard, shards): (u64, u64),
    jobs: usize,
    out: &str,
) -> Result<usize, String> {
    let done = resume(out)?;
    // `read_value_records` sorts by game, so each game's records are together.
    let todo: Vec<&[ValueRecord]> = records
        .chunk_by(|x, y| x.game == y.game)
        .filter(|g| g[0].game % shards == shard && done.binary_search(&g[0].game).is_err())
        .collect();
    append_games(out, &todo, jobs, "relabel-value", |game| relabel_game(config, game))
}

/// `uttt relabel-value --data FILE... [--iterations I] [--every K] [--min-ply P] [--seed S] [--shard K/N]
/// [--jobs J] [--value-weights F [--rollout-head H]] --out FILE`
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let data: Vec<String> = a.values("--data")?;
    let config = Relabel {
        iterations: a.value_or("--iterations", 51_200)?,
        every: a.value_or("--every", 8)?,
        min_ply: a.value_or("--min-ply", 8)?,
        seed: a.value_or("--seed", 1)?,
        value_file: a.value("--value-weights")?,
        rollout_head_file: a.value("--rollout-head")?,
    };
    let shard: String = a.value_or("--shard", "0/1".to_string())?;
    let jobs: usize = a.value_or("--jobs", 1)?;
    let out: String = a.value("--out")?.ok_or("--out FILE is required")?;
    a.positionals()?;
    if data.is_empty() {
        return Err("give the self-play records to search again: --data FILE...".into());
    }
    let (k, n) = crate::cli::parse_shard(&shard)?;
    let records = read_value_records(&data)?;
    let positions = run_shard(&config, &records, (k, n), jobs, &out)?;
    eprintln!("relabel-value: {positions} new positions in {out}");
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(every: u32) -> Relabel {
        Relabel { iterations: 200, every, min_ply: 8, seed: 3, value_file: None, rollout_head_file: None }
    }

    #[test]
    fn takes_about_one_position_in_every_and_none_before_the_first_ply() {
        let c = config(8);
        let taken_count =
            (0..2000u64).flat_map(|g| (0..60).map(move |p| (g, p))).filter(|&(g, p)| taken(&c, g, p)).count();
        let eligible = 2000 * (60 - 8);
        assert!((taken_count as f64 / eligible as f64 - 0.125).abs() < 0.01, "{taken_count} of {eligible}");
        assert!((0..2000u64).all(|g| (0..8).all(|p| !taken(&c, g, p))));
    }

    #[test]
    fn a_relabelled_game_keeps_its_positions_and_results_and_searches_them_again() {
        // A short self-play game at few iterations, so that the test stays quick.
        let selfplay = super::super::data::SelfPlay { iterations: 100, ..Default::default() };
        let records = super::super::data::play_game(&selfplay, 5, 0);
        let c = config(2);
        let out = relabel_game(&c, &records);
        let expected: Vec<&ValueRecord> =
            records.iter().filter(|r| taken(&c, r.game, r.moves.len())).collect();
        assert!(!out.is_empty());
        assert_eq!(out.len(), expected.len());
        for (new, old) in out.iter().zip(&expected) {
            assert_eq!((new.game, &new.moves, new.result), (old.game, &old.moves, old.result));
            assert!((0.0..=1.0).contains(&new.value));
        }
        assert!(
            out.iter().zip(&expected).any(|(new, old)| new.value != old.value),
            "the values were searched again"
        );
        // The same search again gives the same values: the relabelling depends on its inputs alone.
        assert_eq!(relabel_game(&c, &records), out);
    }
}
