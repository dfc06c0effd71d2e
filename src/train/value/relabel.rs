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
//!
//! With `--exact NODES` the teacher is the exact endgame search (`mcts/endgame.rs`) instead: each game's
//! played positions are solved from its last back, at most NODES nodes each, until one is too deep to
//! settle, and every settled position is written with its exact score (1, 0.5, 0) as its value, the
//! game's result kept. `--every` and `--min-ply` do not apply: a game's end is taken whole, as far back as
//! it settles (solving backwards lets each position reuse the table of the one after it).

use super::records::{read_value_records, ValueRecord};
use super::shard_file::{append_games, resume};
use crate::board::Board;
use crate::cli::Args;
use crate::mcts::endgame::Endgame;
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
    /// Solve positions exactly, at most this many nodes each, instead of searching them (`--exact`).
    pub exact_nodes: Option<u64>,
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
    if let Some(node_limit) = config.exact_nodes {
        return solve_game_end(records, node_limit);
    }
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

/// The played positions among `records` (one game's) that `node_limit` nodes settle, solved from the last
/// back until one does not, each with its exact score for the side to move as its value; in game order.
pub fn solve_game_end(records: &[ValueRecord], node_limit: u64) -> Vec<ValueRecord> {
    let played: Vec<&ValueRecord> = records.iter().filter(|r| r.result.is_some()).collect();
    let boards: Vec<Board> =
        played.iter().map(|r| Board::from_moves(&r.moves).expect("read records hold legal moves")).collect();
    let exact = Endgame::default().solve_from_end(&boards, node_limit);
    played
        .into_iter()
        .zip(exact)
        .filter_map(|(r, v)| Some(ValueRecord { value: (v? as f32 + 1.0) / 2.0, ..r.clone() }))
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
/// [--jobs J] [--value-weights F [--rollout-head H]] [--exact NODES] --out FILE`
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
        exact_nodes: a.value("--exact")?,
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
        Relabel {
            iterations: 200,
            every,
            min_ply: 8,
            seed: 3,
            value_file: None,
            rollout_head_file: None,
            exact_nodes: None,
        }
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

    #[test]
    fn an_exact_relabelling_solves_the_games_end_and_its_values_hold_together() {
        let selfplay = super::super::data::SelfPlay { iterations: 100, ..Default::default() };
        let mut solved_any = false;
        for game in 0..4 {
            let records = super::super::data::play_game(&selfplay, 7, game);
            let played: Vec<&ValueRecord> = records.iter().filter(|r| r.result.is_some()).collect();
            let out = solve_game_end(&records, 200_000);
            // A suffix of the played positions, their results kept, their values exact scores.
            assert!(out.len() <= played.len());
            for (new, old) in out.iter().zip(&played[played.len() - out.len()..]) {
                assert_eq!((new.game, &new.moves, new.result), (old.game, &old.moves, old.result));
                assert!([0.0, 0.5, 1.0].contains(&new.value), "{}", new.value);
            }
            // The move played is at most as good as the best: a position is worth at least what its
            // successor is worth to the player who moved into it.
            for pair in out.windows(2) {
                if pair[1].moves.len() == pair[0].moves.len() + 1 {
                    assert!(pair[0].value >= 1.0 - pair[1].value, "{pair:?}");
                }
            }
            // A smaller limit settles a shorter end, with the same values.
            let short = solve_game_end(&records, 2_000);
            assert!(short.len() <= out.len());
            assert_eq!(short[..], out[out.len() - short.len()..]);
            solved_any |= !out.is_empty();
        }
        assert!(solved_any, "some game's end was solved");
    }
}
