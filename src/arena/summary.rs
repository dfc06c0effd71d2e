//! The end-of-match summary: score, Elo with its interval, move times and faults, as text and JSON.

use super::runner::MatchResult;
use super::stats::{self, percentile};
use crate::board::Player;
use crate::json::string as json_string;

/// How many moves past their shared start the games' lines are counted.
const SHARED_PAST: usize = 10;
/// Shared moves from which the summary warns that the games are not independent.
const SHARED_WARNING: usize = 8;

/// The end-of-match summary, as text and as JSON.
pub fn summary(r: &MatchResult, a: &str, b: &str) -> (String, String) {
    let w = r.wdl();
    let (elo, lo, hi) = w.elo_interval();
    let n = r.games.len().max(1) as f64;
    let avg_len = r.games.iter().map(|g| g.record.moves.len()).sum::<usize>() as f64 / n;
    let x_wins = r.games.iter().filter(|g| g.record.winner() == Some(Player::X)).count() as f64 / n;
    let mut text = format!("{a} vs {b}\n");
    text += &format!("games {}  {}\n", r.games.len(), w.headline());
    let pairs = r.pair_scores();
    let (pair_elo, pair_lo, pair_hi) = stats::pair_elo_interval(&pairs);
    if !pairs.is_empty() {
        text += &stats::pairs_line(&pairs);
    }
    text +=
        &format!("average game length {avg_len:.1} moves, first player (X) wins {:.1}%\n", 100.0 * x_wins);
    let (first, second) = (r.wdl_as_first(true), r.wdl_as_first(false));
    text += &format!(
        "{a} moving first: {} games, W/D/L {}/{}/{}, score {:.1}%; moving second: {} games, W/D/L {}/{}/{}, score {:.1}%\n",
        first.games(),
        first.wins,
        first.draws,
        first.losses,
        100.0 * first.score(),
        second.games(),
        second.wins,
        second.draws,
        second.losses,
        100.0 * second.score()
    );
    // Each colour's games, openings included: how long they run down one line.
    let [a_first, b_first] = [true, false].map(|a_is_x| {
        let lines: Vec<&[_]> =
            r.games.iter().filter(|g| g.a_is_x == a_is_x).map(|g| &g.record.moves[..]).collect();
        stats::shared_start(&lines, SHARED_PAST)
    });
    text += &format!(
        "lines: {a} first, the games share their first {} moves and follow {} lines {SHARED_PAST} moves on; {b} first, {} moves and {} lines\n",
        a_first.0, a_first.1, b_first.0, b_first.1
    );
    for (colour, a_is_x) in [("as X", true), ("as O", false)] {
        let games: Vec<(&[_], f64)> = r
            .games
            .iter()
            .filter(|g| g.a_is_x == a_is_x)
            .map(|g| (&g.record.moves[..], g.a_score()))
            .collect();
        text += &super::lines::colour_line(&format!("{a} {colour}"), &games);
    }
    if a_first.0.max(b_first.0) >= SHARED_WARNING {
        text += "  (games that run down one line are not independent: the intervals above are too narrow)\n";
    }
    let mut json_players = Vec::new();
    for (name, of_a) in [(a, true), (b, false)] {
        let t = r.move_times(of_a, false);
        let later = r.move_times(of_a, true);
        let faults = r.faults(of_a);
        let count = |k: &str| faults.iter().filter(|(kind, _)| *kind == k).count();
        let (p50, p99, max) = (percentile(&t, 0.5), percentile(&t, 0.99), t.last().copied().unwrap_or(0.0));
        let (later_p99, later_max) = (percentile(&later, 0.99), later.last().copied().unwrap_or(0.0));
        text += &format!(
            "{name}: move time p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms (later turns: p99 {later_p99:.2} ms, max {later_max:.1} ms); faults: timeout {}, malformed {}, illegal {}, crash {}\n",
            count("timeout"),
            count("malformed"),
            count("illegal"),
            count("crash")
        );
        for (_, detail) in faults.iter().take(5) {
            text += &format!("  {detail}\n");
        }
        json_players.push(format!(
            "{{\"name\": {}, \"p50_ms\": {p50:.3}, \"p99_ms\": {p99:.3}, \"max_ms\": {max:.3}, \"later_p99_ms\": {later_p99:.3}, \"later_max_ms\": {later_max:.3}, \"timeouts\": {}, \"malformed\": {}, \"illegal\": {}, \"crashes\": {}}}",
            json_string(name),
            count("timeout"),
            count("malformed"),
            count("illegal"),
            count("crash")
        ));
    }
    if let Some(s) = &r.sprt {
        text += &format!("SPRT: {s}\n");
    }
    let json = format!(
        "{{\"games\": {}, \"wins\": {}, \"draws\": {}, \"losses\": {}, \"score\": {:.4}, \"elo\": {elo:.2}, \"elo_low\": {lo:.2}, \"elo_high\": {hi:.2}, \"pairs\": {}, \"pair_elo\": {pair_elo:.2}, \"pair_elo_low\": {pair_lo:.2}, \"pair_elo_high\": {pair_hi:.2}, \"avg_length\": {avg_len:.2}, \"first_player_win_rate\": {x_wins:.4}, \"shared_moves\": [{}, {}], \"lines\": [{}, {}], \"sprt\": {}, \"players\": [{}]}}",
        r.games.len(),
        w.wins,
        w.draws,
        w.losses,
        w.score(),
        pairs.len(),
        a_first.0,
        b_first.0,
        a_first.1,
        b_first.1,
        r.sprt.as_deref().map(json_string).unwrap_or_else(|| "null".into()),
        json_players.join(", ")
    );
    (text, json)
}
