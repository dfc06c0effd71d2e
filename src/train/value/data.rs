//! Self-play data for the value net: deterministic, shardable, resumable, concatenable (the records'
//! text format: `records.rs`). Game `g` depends only on the run's seed and `g`; shard `K/N` plays the games
//! with `g % N == K`; a side line is a root move the search visited often but did not play, recorded so that
//! the net also learns the positions a search meets after moves a game would not play.
use super::records::ValueRecord;
use super::shard_file::{append_games, resume};
use crate::board::Board;
use crate::mcts::{Limits, Params, Search, SearchReport};
use crate::moves::Move;
use crate::options::BotOptions;
use crate::rng::Rng;

/// How self-play games are played.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Search iterations per move.
    pub iterations: u64,
    /// Plies played uniformly at random at the start (before any record), at least this many…
    pub random_plies: u32,
    /// …and then moves sampled in proportion to their visits until this ply.
    pub sampled_until: usize,
    /// The bot searches with a value net: the embedded one, or the one in `value_file`.
    pub use_value: bool,
    /// A value net file to use instead of the embedded one.
    pub value_file: Option<String>,
    /// A rollout head for that net (the embedded head fits only the embedded net).
    pub rollout_head_file: Option<String>,
    /// Record side lines: root moves not played with at least this many visits (0: none).
    pub side_visits: u32,
    /// Playout-cap randomisation: the share of moves searched with `iterations` and recorded; the others
    /// are searched with `fast_iterations` only to move the game on, and not recorded. 1: every move full.
    pub full_share: f64,
    /// Iterations of a move that is not searched fully.
    pub fast_iterations: u64,
    /// Record the fast moves too, each with its shallow search's value: every played position becomes a
    /// record, so a core-hour yields records in proportion to the games it plays.
    pub record_fast: bool,
}

impl Default for SelfPlay {
    fn default() -> Self {
        SelfPlay {
            iterations: 800,
            random_plies: 2,
            sampled_until: 12,
            use_value: true,
            value_file: None,
            rollout_head_file: None,
            side_visits: 0,
            full_share: 1.0,
            fast_iterations: 100,
            record_fast: false,
        }
    }
}

impl SelfPlay {
    /// These settings with the capped self-play options read from `a` — `--full-share P` (the share of
    /// moves searched fully), `--fast-iterations F`, `--record-fast` — as `selfplay-value` and
    /// `regenerate-value` both take them; an error for a share outside (0, 1].
    pub fn with_capping_options(self, a: &mut crate::cli::Args) -> Result<SelfPlay, String> {
        let config = SelfPlay {
            full_share: a.value_or("--full-share", self.full_share)?,
            fast_iterations: a.value_or("--fast-iterations", self.fast_iterations)?,
            record_fast: a.flag("--record-fast") || self.record_fast,
            ..self
        };
        if !(0.0..=1.0).contains(&config.full_share) || config.full_share == 0.0 {
            return Err(format!("--full-share {}: a share of moves in (0, 1]", config.full_share));
        }
        Ok(config)
    }
}

/// The seed of game `g` of a run seeded `seed`.
fn game_seed(seed: u64, g: u64) -> u64 {
    let mut r = Rng::new(seed ^ g.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next_u64()
}

/// Plays game `g` and returns its records.
pub fn play_game(config: &SelfPlay, seed: u64, g: u64) -> Vec<ValueRecord> {
    let s = game_seed(seed, g);
    // The bot as it plays: with its net (blended with rollouts), or as it played before it had one.
    let params = if config.use_value { Params::BOT } else { Params::ROLLOUT_BOT };
    let options = BotOptions {
        params,
        seed: s,
        nodes: 1_000_000,
        use_value: config.use_value,
        value_file: config.value_file.clone(),
        rollout_head_file: config.rollout_head_file.clone(),
        ..Default::default()
    };
    let mut search: Search = options.build_search();
    let mut rng = Rng::new(s ^ 0xDA7A);
    let mut board = Board::new();
    let mut moves = Vec::new();
    for _ in 0..config.random_plies + rng.below(3) {
        let m = board.random_move(&mut rng).expect("an opening does not end the game");
        board.play(m);
        moves.push(m);
    }
    let mut records = Vec::new();
    while !board.is_over() {
        // Drawn only below a share of 1, so that full self-play replays its games of before, record for record.
        let full = config.full_share >= 1.0 || rng.unit_f32() < config.full_share as f32;
        let iterations = if full { config.iterations } else { config.fast_iterations.min(config.iterations) };
        let r = search.search(&board, None, Limits::iterations(iterations));
        if full || config.record_fast {
            records.push(ValueRecord {
                game: g,
                moves: moves.clone(),
                result: Some(0.0),
                value: r.best_value,
            });
        }
        let m = if moves.len() < config.sampled_until {
            sample_by_visits(&r.root_visits, &mut rng)
        } else {
            None
        };
        let m = m.unwrap_or(r.best);
        if full && config.side_visits > 0 {
            records.extend(side_lines(&r, &board, &moves, m, config.side_visits, g));
        }
        board.play(m);
        moves.push(m);
    }
    for rec in records.iter_mut().filter(|r| r.result.is_some()) {
        let mover = Board::from_moves(&rec.moves).expect("recorded moves are legal").side_to_move();
        rec.result = Some(board.status().score_for(mover));
    }
    records
}

/// The side-line records of a search of `board` (reached by `moves`): each root move other than `played`
/// with at least `min_visits` visits that does not end the game, valued for the side to move after it.
fn side_lines(
    report: &SearchReport,
    board: &Board,
    moves: &[Move],
    played: Move,
    min_visits: u32,
    game: u64,
) -> Vec<ValueRecord> {
    let mut out = Vec::new();
    for (&(m, visits), &value) in report.root_visits.iter().zip(&report.root_values) {
        if m == played || visits < min_visits {
            continue;
        }
        let mut after = *board;
        after.play(m);
        if after.is_over() {
            continue;
        }
        let mut line = moves.to_vec();
        line.push(m);
        // The root value is the mover's; the record's is the side to move's after the move.
        out.push(ValueRecord { game, moves: line, result: None, value: 1.0 - value });
    }
    out
}

/// A root move drawn in proportion to its visits (`None` when nothing was visited).
fn sample_by_visits(visits: &[(Move, u32)], rng: &mut Rng) -> Option<Move> {
    let total: u64 = visits.iter().map(|&(_, v)| v as u64).sum();
    if total == 0 || total > u32::MAX as u64 {
        return None;
    }
    let mut pick = rng.below(total as u32) as u64;
    for &(m, v) in visits {
        if pick < v as u64 {
            return Some(m);
        }
        pick -= v as u64;
    }
    None
}

/// Plays the games `0..games` of shard `shard` of `shards` into `out`, resuming a stopped run: games
/// already complete in `out` are kept and skipped, an unfinished one is dropped and replayed.
pub fn run_shard(
    config: &SelfPlay,
    games: u64,
    seed: u64,
    (shard, shards): (u64, u64),
    jobs: usize,
    out: &str,
) -> Result<usize, String> {
    let done = resume(out)?;
    eprintln!("selfplay-value: {} games kept from {out}", done.len());
    let todo: Vec<u64> =
        (0..games).filter(|g| g % shards == shard && done.binary_search(g).is_err()).collect();
    append_games(out, &todo, jobs, "selfplay-value", |&g| play_game(config, seed, g))
}

#[cfg(test)]
mod tests {
    use super::super::records::{estimate_side_results, format_game, parse_complete, parse_line};
    use super::*;

    fn quick() -> SelfPlay {
        quick_at(60)
    }

    fn quick_at(iterations: u64) -> SelfPlay {
        SelfPlay { iterations, use_value: false, ..SelfPlay::default() }
    }

    #[test]
    fn the_capping_options_are_read_onto_the_settings_and_a_share_outside_the_unit_interval_is_refused() {
        let words = |text: &str| text.split_whitespace().map(String::from).collect::<Vec<_>>();
        let mut a = crate::cli::Args::new(&words("--full-share 0.05 --fast-iterations 200 --record-fast"));
        let capped = quick().with_capping_options(&mut a).unwrap();
        assert_eq!((capped.full_share, capped.fast_iterations, capped.record_fast), (0.05, 200, true));
        assert_eq!(capped.iterations, quick().iterations, "the other settings are kept");
        let mut none = crate::cli::Args::new(&[]);
        let plain = quick().with_capping_options(&mut none).unwrap();
        assert_eq!((plain.full_share, plain.record_fast), (1.0, false));
        for bad in ["--full-share 0", "--full-share 1.5"] {
            let err = quick().with_capping_options(&mut crate::cli::Args::new(&words(bad))).unwrap_err();
            assert!(err.contains("--full-share"), "{err}");
        }
    }

    #[test]
    fn values_a_little_outside_the_range_are_read_clamped_and_far_ones_rejected() {
        let value = |text: &str| parse_line(&format!("4 1/1 () {text}")).map(|(r, _, _)| r.value);
        assert_eq!(value("1 1.060"), Ok(1.0));
        assert_eq!(value("0 -0.071"), Ok(0.0));
        assert_eq!(value("0.5 0.25"), Ok(0.25));
        assert!(value("1 1.5").is_err() && value("0 -0.2").is_err() && value("1.2 0.5").is_err());
        // A complete game whose root value strayed past 1 is kept whole.
        let (records, done) = parse_complete("9 1/2 ( 1 1.002\n9 2/2 () 0 -0.003\n");
        assert_eq!((done, records.len()), (vec![9], 2));
    }

    #[test]
    fn a_capped_share_records_only_its_full_searches_and_stays_repeatable() {
        let full = play_game(&quick(), 7, 2);
        let capped = SelfPlay { full_share: 0.25, fast_iterations: 10, ..quick() };
        let some = play_game(&capped, 7, 2);
        assert_eq!(some, play_game(&capped, 7, 2), "the capped game changed");
        // About a quarter of the moves recorded, each at the end of a real game with its result.
        assert!(!some.is_empty() && some.len() < full.len(), "{} of {}", some.len(), full.len());
        assert!(some.iter().all(|r| r.result.is_some()));
        let plies: Vec<usize> = some.iter().map(|r| r.moves.len()).collect();
        assert!(plies.windows(2).all(|w| w[0] < w[1]), "one record a ply at most: {plies:?}");
        // Recording the fast moves too keeps the game and adds a record for every played position.
        let every = play_game(&SelfPlay { record_fast: true, ..capped }, 7, 2);
        assert!(some.iter().all(|r| every.contains(r)), "the full searches' records changed");
        let plies: Vec<usize> = every.iter().map(|r| r.moves.len()).collect();
        assert!(plies.windows(2).all(|w| w[1] == w[0] + 1), "not one record a ply: {plies:?}");
        assert!(every.len() > some.len() && every.iter().all(|r| r.result.is_some()));
    }

    #[test]
    fn records_round_trip_through_text_and_games_are_repeatable() {
        let a = play_game(&quick(), 5, 3);
        assert_eq!(a, play_game(&quick(), 5, 3), "game 3 of seed 5 changed");
        assert_ne!(a, play_game(&quick(), 5, 4));
        let text = format_game(&a);
        let (back, done) = parse_complete(&text);
        assert_eq!(done, [3]);
        for (x, y) in a.iter().zip(&back) {
            assert_eq!((x.game, &x.moves, x.result), (y.game, &y.moves, y.result));
            assert!((x.value - y.value).abs() <= 0.000_51, "{} against {}", x.value, y.value);
        }
        // Results are the final score for the side to move: they alternate unless the game was drawn.
        let last = a.last().unwrap();
        assert!(
            last.result == Some(0.5)
                || a.iter().all(|r| (r.moves.len() % 2 == last.moves.len() % 2) == (r.result == last.result))
        );
        assert!(a.iter().all(|r| r.result.is_some()), "side lines were not asked for");
    }

    #[test]
    fn side_lines_leave_the_game_by_one_unplayed_move_and_round_trip() {
        let config = SelfPlay { iterations: 400, side_visits: 20, ..quick() };
        let records = play_game(&config, 5, 3);
        let (game, side): (Vec<&ValueRecord>, Vec<&ValueRecord>) =
            records.iter().partition(|r| r.result.is_some());
        let plain: Vec<Vec<Move>> = play_game(&quick_at(400), 5, 3).into_iter().map(|r| r.moves).collect();
        let played: Vec<Vec<Move>> = game.iter().map(|r| r.moves.clone()).collect();
        assert_eq!(played, plain, "recording side lines changed the game");
        assert!(!side.is_empty(), "400 iterations left no move with 20 visits unplayed");
        for s in &side {
            let (prefix, last) = s.moves.split_at(s.moves.len() - 1);
            let at =
                game.iter().position(|g| g.moves == prefix).expect("a side line leaves a searched position");
            let next = game.get(at + 1).and_then(|g| g.moves.get(prefix.len()));
            assert_ne!(next, Some(&last[0]), "the played move is not a side line");
            assert!(!Board::from_moves(&s.moves).unwrap().is_over());
        }
        let (back, done) = parse_complete(&format_game(&records));
        assert_eq!((done, back.len()), (vec![3], records.len()));
        assert!(back.iter().zip(&records).all(|(x, y)| x.result == y.result && x.moves == y.moves));
    }

    #[test]
    fn a_side_line_is_shifted_by_the_surprise_of_the_result_where_it_leaves_the_game() {
        let record = |moves: &[u8], result, value| ValueRecord {
            game: 1,
            moves: moves.iter().map(|&m| Move(m)).collect(),
            result,
            value,
        };
        // The side to move at [40] searched 0.6 and won (1): it did 0.4 better than the search thought, so
        // its opponent, to move after a side line, is taken to do 0.4 worse than that line's value.
        let mut records = vec![
            record(&[40], Some(1.0), 0.6),
            record(&[40, 0], None, 0.7),
            record(&[40, 1], None, 0.2),
            record(&[40, 0, 2], Some(0.0), 0.5),
            record(&[40, 0, 2, 18, 7], None, 0.5),
        ];
        estimate_side_results(&mut records);
        let results: Vec<Option<f32>> = records.iter().map(|r| r.result).collect();
        let close = |x: Option<f32>, y: f32| x.is_some_and(|x| (x - y).abs() < 1e-6);
        assert!(close(results[1], 0.3) && close(results[2], 0.0), "{results:?} (0.2 - 0.4 clamps to 0)");
        assert_eq!((results[0], results[3]), (Some(1.0), Some(0.0)), "played positions keep their results");
        assert_eq!(results[4], None, "a side line whose position of departure is missing stays without");
    }

    #[test]
    fn an_unfinished_game_is_dropped_and_a_stopped_run_resumes() {
        let dir = std::env::temp_dir().join(format!("uttt-vd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("shard.txt");
        let path = path.to_str().unwrap();
        run_shard(&quick(), 4, 9, (0, 1), 2, path).unwrap();
        let whole = std::fs::read_to_string(path).unwrap();
        // Cut the file inside its last game, as a killed run would leave it, and resume.
        let cut = &whole[..whole.len() - 30];
        std::fs::write(path, cut).unwrap();
        let (_, done_before) = parse_complete(cut);
        assert_eq!(done_before.len(), 3);
        run_shard(&quick(), 4, 9, (0, 1), 1, path).unwrap();
        let (mut resumed, done) = parse_complete(&std::fs::read_to_string(path).unwrap());
        let (mut original, _) = parse_complete(&whole);
        assert_eq!(done, [0, 1, 2, 3]);
        let key = |r: &ValueRecord| (r.game, r.moves.len());
        resumed.sort_by_key(key);
        original.sort_by_key(key);
        assert_eq!(resumed, original);
        // Two shards concatenated hold the same games as one run.
        let (p0, p1) = (dir.join("s0.txt"), dir.join("s1.txt"));
        run_shard(&quick(), 4, 9, (0, 2), 1, p0.to_str().unwrap()).unwrap();
        run_shard(&quick(), 4, 9, (1, 2), 1, p1.to_str().unwrap()).unwrap();
        let both = std::fs::read_to_string(&p0).unwrap() + &std::fs::read_to_string(&p1).unwrap();
        let (mut sharded, _) = parse_complete(&both);
        sharded.sort_by_key(key);
        assert_eq!(sharded, original);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn malformed_lines_are_rejected() {
        assert!(parse_line("1 1/2 (( 1 0.5").is_err(), "a repeated move is illegal");
        assert!(parse_line("1 3/2 ( 1 0.5").is_err());
        assert!(parse_line("x 1/2 ( 1 0.5").is_err());
        assert!(parse_line("1 1/2 ( 2 0.5").is_err());
        assert!(parse_line("1 1/2 ( 1 0.5").is_ok());
    }
}
