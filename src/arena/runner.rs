//! Running a match: games spread over worker threads, colours alternating, an optional SPRT stop.

use super::openings::Openings;
use super::player::PlayerSpec;
use super::referee::{play_game, GameRecord, TimeControl};
use super::stats::{self, Wdl};
use crate::board::variants::Rules;
use crate::board::Player;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// A finished game of a match, with who played X.
pub struct MatchGame {
    /// The game's number in the match (0-based).
    pub index: usize,
    /// True when player A played X (moved first).
    pub a_is_x: bool,
    /// The game itself.
    pub record: GameRecord,
}

impl MatchGame {
    /// Player A's score in this game: 1 win, ½ draw, 0 loss.
    pub fn a_score(&self) -> f64 {
        let a = if self.a_is_x { Player::X } else { Player::O };
        match self.record.winner() {
            Some(p) if p == a => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// What the summary is computed from.
#[derive(Default)]
pub struct MatchResult {
    /// The finished games, sorted by index.
    pub games: Vec<MatchGame>,
    /// The SPRT verdict, when a test stopped the match.
    pub sprt: Option<String>,
}

/// A sequential probability ratio test: H0 Elo, H1 Elo, and the error rates alpha and beta.
#[derive(Clone, Copy, Debug)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative hypothesis.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl MatchResult {
    /// Player A's wins, draws and losses.
    pub fn wdl(&self) -> Wdl {
        Wdl::from_scores(self.games.iter().map(MatchGame::a_score))
    }

    /// Move times of player A (`true`) or B, in milliseconds, sorted: every turn, or (`later_only`) every
    /// turn after the player's first, whose limit is the later turns' (the first has ten times as long).
    pub fn move_times(&self, of_a: bool, later_only: bool) -> Vec<f64> {
        let mut t: Vec<f64> = self
            .games
            .iter()
            .flat_map(|g| {
                let x_parity = if g.a_is_x == of_a { 0 } else { 1 };
                g.record
                    .times
                    .iter()
                    .enumerate()
                    .skip(g.record.opening)
                    .filter(move |(i, _)| i % 2 == x_parity)
                    .skip(usize::from(later_only))
                    .map(|(_, d)| d.as_secs_f64() * 1000.0)
            })
            .collect();
        t.sort_by(|a, b| a.total_cmp(b));
        t
    }

    /// Player A's wins, draws and losses in the games where A moved first (`true`) or second.
    pub fn wdl_as_first(&self, a_first: bool) -> Wdl {
        Wdl::from_scores(self.games.iter().filter(|g| g.a_is_x == a_first).map(MatchGame::a_score))
    }

    /// Player A's score in each game, in game order.
    pub fn a_scores(&self) -> Vec<f64> {
        self.games.iter().map(MatchGame::a_score).collect()
    }

    /// Player A's mean score in each game pair (one opening, both colours) whose two games are finished.
    pub fn pair_scores(&self) -> Vec<f64> {
        stats::pair_scores(self.games.iter().map(|g| (g.index, g.a_is_x, g.a_score())))
    }

    /// Faults of player A (`true`) or B: (kind, detail).
    pub fn faults(&self, of_a: bool) -> Vec<(&'static str, String)> {
        self.games
            .iter()
            .filter_map(|g| {
                let (side, f) = g.record.fault.as_ref()?;
                let a_side = if g.a_is_x { Player::X } else { Player::O };
                ((*side == a_side) == of_a).then(|| (f.kind(), format!("game {}: {f}", g.index)))
            })
            .collect()
    }
}

/// How a match is run.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games to play (fewer when an SPRT decides early).
    pub games: usize,
    /// Games played at once, each on its own thread.
    pub jobs: usize,
    /// The limits each player's turns are held to.
    pub time_control: TimeControl,
    /// Seed of the players' randomness: game pair `k` uses `seed + k`.
    pub seed: u64,
    /// Stop as soon as this test decides.
    pub sprt: Option<Sprt>,
    /// Where each game pair starts.
    pub openings: Openings,
    /// `Some(true)`: A moves first in every game, `Some(false)`: B does; `None`: colours alternate.
    pub a_first: Option<bool>,
    /// How finished games are scored.
    pub rules: Rules,
}

impl MatchConfig {
    /// A match without an SPRT.
    pub fn new(games: usize, jobs: usize, time_control: TimeControl, seed: u64) -> MatchConfig {
        MatchConfig {
            games,
            jobs,
            time_control,
            seed,
            sprt: None,
            openings: Openings::EmptyBoard,
            a_first: None,
            rules: Rules::CodinGame,
        }
    }
}

/// Runs a match between `a` and `b`, colours alternating game by game.
/// `progress` is called after each game with the results so far.
pub fn run_match(
    a: &PlayerSpec,
    b: &PlayerSpec,
    config: MatchConfig,
    mut progress: impl FnMut(&MatchResult),
) -> MatchResult {
    let MatchConfig { games, jobs, time_control: tc, seed, sprt, openings, a_first, rules } = config;
    let openings = Arc::new(openings);
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let mut workers = Vec::new();
    for _ in 0..jobs.max(1) {
        let (a, b, next, stop, tx) = (a.clone(), b.clone(), next.clone(), stop.clone(), tx.clone());
        let openings = openings.clone();
        workers.push(std::thread::spawn(move || loop {
            let index = next.fetch_add(1, Ordering::SeqCst);
            if index >= games || stop.load(Ordering::SeqCst) {
                break;
            }
            let a_is_x = a_first.unwrap_or(index % 2 == 0);
            let (x, o) = if a_is_x { (&a, &b) } else { (&b, &a) };
            // Both colours of a pair share a seed and an opening, so the pair is a fair comparison. With
            // fixed colours a pair would replay one game twice: every game is then a pair of its own.
            let pair = if a_first.is_some() { index } else { index / 2 };
            let opening = openings.for_pair(pair, seed);
            let record = play_game(x, o, &tc, rules, seed.wrapping_add(pair as u64), &opening);
            if tx.send(MatchGame { index, a_is_x, record }).is_err() {
                break;
            }
        }));
    }
    drop(tx);
    let mut result = MatchResult::default();
    for game in rx {
        result.games.push(game);
        progress(&result);
        if let Some(s) = sprt {
            let llr = result.wdl().sprt_llr(s.elo0, s.elo1);
            let (lower, upper) = stats::sprt_bounds(s.alpha, s.beta);
            if result.sprt.is_none() && (llr <= lower || llr >= upper) {
                let verdict = if llr >= upper { "H1 accepted" } else { "H0 accepted" };
                result.sprt = Some(format!(
                    "{verdict}: LLR {llr:.2} outside [{lower:.2}, {upper:.2}] after {} games",
                    result.games.len()
                ));
                stop.store(true, Ordering::SeqCst);
            }
        }
    }
    for w in workers {
        let _ = w.join();
    }
    result.games.sort_by_key(|g| g.index);
    result
}

/// A one-line progress report.
pub fn progress_line(r: &MatchResult, total: usize) -> String {
    format!("games {}/{}  {}", r.games.len(), total, r.wdl().headline())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_turn_times_leave_out_each_players_first_turn() {
        let (a, b) = (PlayerSpec::parse("builtin:random"), PlayerSpec::parse("builtin:reflex"));
        let r = run_match(&a, &b, MatchConfig::new(6, 2, TimeControl::default(), 5), |_| {});
        for of_a in [true, false] {
            let (all, later) = (r.move_times(of_a, false), r.move_times(of_a, true));
            let moves: usize =
                r.games.iter().map(|g| (g.record.moves.len() + usize::from(g.a_is_x == of_a)) / 2).sum();
            assert_eq!(all.len(), moves, "every move of the player");
            assert_eq!(later.len(), moves - r.games.len(), "one first turn a game");
        }
    }

    #[test]
    fn fixed_colours_give_every_game_its_own_seed_and_no_pairs() {
        let (a, b) = (PlayerSpec::parse("builtin:random"), PlayerSpec::parse("builtin:reflex"));
        let config =
            MatchConfig { a_first: Some(false), ..MatchConfig::new(8, 2, TimeControl::default(), 4) };
        let r = run_match(&a, &b, config, |_| {});
        assert_eq!(r.games.len(), 8);
        assert!(r.games.iter().all(|g| !g.a_is_x), "B moves first in every game");
        let distinct: std::collections::BTreeSet<String> =
            r.games.iter().map(|g| format!("{:?}", g.record.moves)).collect();
        assert_eq!(distinct.len(), 8, "a game was replayed");
        assert!(r.pair_scores().is_empty());
        assert_eq!(r.wdl_as_first(false).games(), 8);
        assert_eq!(r.wdl_as_first(true).games(), 0);
        // Alternating colours: four pairs, A first in the even games.
        let r = run_match(&a, &b, MatchConfig::new(8, 2, TimeControl::default(), 4), |_| {});
        assert_eq!(r.pair_scores().len(), 4);
        assert!(r.games.iter().all(|g| g.a_is_x == (g.index % 2 == 0)));
        assert_eq!(r.wdl_as_first(true).games() + r.wdl_as_first(false).games(), 8);
    }
}
