//! `uttt league run`: plays game pairs on `jobs` threads until told to stop, each pairing chosen by
//! `schedule.rs` from every game so far and the players as `players.txt` says at that moment; each game's
//! line is appended to `games.log` as it ends. Killed, it loses the games under way; run again, it goes on
//! (game pair numbers, and with them seeds and openings, continue after the highest logged).

use super::schedule::next_pair;
use super::standings::{fit_by_games, tallies};
use super::store::{Entrant, League};
use crate::arena::openings::Openings;
use crate::arena::player::PlayerSpec;
use crate::arena::referee::{play_game, TimeControl};
use crate::arena::{game_log_line, MatchGame};
use crate::board::variants::Rules;
use crate::report::model::parse_game_line;
use std::sync::Mutex;

/// When a run stops.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stop {
    /// When it is killed.
    Never,
    /// After this many games of its own.
    Games(usize),
    /// When every active player's 95 % interval is at most ± this many Elo.
    Interval(f64),
}

/// A finished game as matchmaking reads it: X, O, X's score.
type Result3 = (String, String, f64);

/// What the workers share.
struct Shared {
    /// Every game's result, the logged ones and this run's.
    results: Vec<Result3>,
    /// The game pairs under way.
    in_flight: Vec<(String, String)>,
    /// The next game pair's number.
    next_pair: usize,
    /// Games this run has played.
    played: usize,
    /// Set once a worker found the stop reached.
    stopping: bool,
}

/// The next game pair for a worker, or `None` when the run should stop.
fn next_job(league: &League, shared: &mut Shared, stop: Stop) -> Option<(usize, Entrant, Entrant)> {
    if shared.stopping {
        return None;
    }
    let players = league.players().0;
    let active: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    let under_way = shared.in_flight.iter().flat_map(|(a, b)| [(&a[..], &b[..], 0.5), (&b[..], &a[..], 0.5)]);
    let done = shared.results.iter().map(|(x, o, s)| (&x[..], &o[..], *s));
    let (points, games) = tallies(&players, done.chain(under_way));
    let reached = match stop {
        Stop::Never => false,
        Stop::Games(n) => shared.played + 2 * shared.in_flight.len() >= n,
        Stop::Interval(w) => {
            let (_, covariance) = fit_by_games(&points, &games);
            active.len() >= 2 && active.iter().all(|&i| 1.959964 * covariance[i][i].max(0.0).sqrt() <= w)
        }
    };
    let Some((i, j)) = next_pair(&active, &points, &games).filter(|_| !reached) else {
        shared.stopping = true;
        return None;
    };
    let pair = shared.next_pair;
    shared.next_pair += 1;
    shared.in_flight.push((players[i].name.clone(), players[j].name.clone()));
    Some((pair, players[i].clone(), players[j].clone()))
}

/// Plays one game and appends its line; returns the line's result.
fn play_one(
    league: &League,
    (index, x, o): (usize, &Entrant, &Entrant),
    opening: &[crate::moves::Move],
    (tc, rules, seed): (&TimeControl, Rules, u64),
) -> Result<Result3, String> {
    let (xs, os) = (PlayerSpec::parse(&x.command), PlayerSpec::parse(&o.command));
    let record = play_game(&xs, &os, tc, rules, seed, opening);
    if let Some((p, fault)) = &record.fault {
        let who = if *p == crate::board::Player::X { &x.name } else { &o.name };
        eprintln!("league: game {index}: {who} forfeits: {fault}");
    }
    let game = MatchGame { index, a_is_x: true, record };
    // The arena's game line with the moment the game ended, for the ratings over time (`history.rs`).
    let ended = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let line = game_log_line(&game, &x.name, &o.name);
    let line = format!("{}, \"ended\": {ended}}}", line.strip_suffix('}').unwrap_or(&line));
    league.append("games.log", &line)?;
    let logged = parse_game_line(&line)?;
    let score = logged.score_of(&x.name);
    eprintln!(
        "league: game {index}: {} (X) against {} (O): {}",
        x.name,
        o.name,
        ["lost", "drawn", "won"][(2.0 * score) as usize]
    );
    Ok((x.name.clone(), o.name.clone(), score))
}

/// Plays the league until `stop`; `jobs` game pairs at once.
pub fn run(league: &League, jobs: usize, stop: Stop) -> Result<usize, String> {
    let _lock = league.lock()?;
    league.repair("games.log")?;
    let settings = league.settings()?;
    let (tc, rules) = (settings.time_control(), settings.game_rules());
    let openings = match settings.openings {
        true => Openings::parse(&league.path("openings.txt").to_string_lossy())?,
        false => Openings::EmptyBoard,
    };
    let (games, warnings) = league.games();
    let (_, player_warnings) = league.players();
    for w in warnings.iter().chain(&player_warnings) {
        eprintln!("league: {w}");
    }
    let next_pair = games.iter().map(|g| g.index / 2 + 1).max().unwrap_or(0);
    let results = games.iter().map(|g| (g.x.clone(), g.o.clone(), g.score_of(&g.x))).collect();
    let shared = Mutex::new(Shared { results, in_flight: Vec::new(), next_pair, played: 0, stopping: false });
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let job = next_job(league, &mut shared.lock().expect("no worker panics"), stop);
                let Some((pair, a, b)) = job else { return };
                let seed = settings.seed.wrapping_add(pair as u64);
                let opening = openings.for_pair(pair, settings.seed);
                let mut finished = Vec::new();
                for (k, (x, o)) in [(&a, &b), (&b, &a)].into_iter().enumerate() {
                    match play_one(league, (2 * pair + k, x, o), &opening, (&tc, rules, seed)) {
                        Ok(r) => finished.push(r),
                        Err(e) => {
                            *failure.lock().expect("no worker panics") = Some(e);
                            shared.lock().expect("no worker panics").stopping = true;
                            break;
                        }
                    }
                }
                let mut s = shared.lock().expect("no worker panics");
                if let Some(k) = s.in_flight.iter().position(|(x, o)| *x == a.name && *o == b.name) {
                    s.in_flight.remove(k);
                }
                s.played += finished.len();
                s.results.extend(finished);
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or(None) {
        return Err(e);
    }
    Ok(shared.into_inner().map(|s| s.played).unwrap_or(0))
}
