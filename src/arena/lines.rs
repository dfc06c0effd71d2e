//! How many different games a match holds. Two bots with opening books and steady clocks can play most
//! games of a match from the empty board down a few lines: those games are not independent samples, and an
//! interval that counts every game as one is too narrow. This counts each colour's distinct lines at plies
//! 10, 20 and 30, and gives the score's interval with the games of one line (their first `CLUSTER_PLY`
//! moves) counted as one cluster: the cluster-robust variance of a mean, which is the games' own interval
//! when every game follows a line of its own, and grows towards the lines' count when they share.

use super::stats::elo_from_score;

/// The plies at which the distinct lines are counted.
pub const LINE_PLIES: [usize; 3] = [10, 20, 30];

/// The ply whose lines are the clusters of the interval.
pub const CLUSTER_PLY: usize = 20;

/// How many distinct first `ply` moves `games` have (a game shorter than `ply` counts by its whole length).
pub fn distinct_lines<T: Ord>(games: &[&[T]], ply: usize) -> usize {
    let mut starts = sorted_starts(games, ply);
    starts.dedup();
    starts.len()
}

/// Each game's first `ply` moves (a shorter game's whole length), sorted: a line's games side by side.
fn sorted_starts<'a, T: Ord>(games: &[&'a [T]], ply: usize) -> Vec<&'a [T]> {
    let mut starts: Vec<&[T]> = games.iter().map(|g| &g[..g.len().min(ply)]).collect();
    starts.sort();
    starts
}

/// The share of `games` whose first `ply` moves another game of them shares too: those a book of the lines
/// met more than once could hold at that ply (the rest were met once, where no such book reaches).
pub fn shared_share<T: Ord>(games: &[&[T]], ply: usize) -> f64 {
    let starts = sorted_starts(games, ply);
    let shared = (0..starts.len())
        .filter(|&k| (k > 0 && starts[k - 1] == starts[k]) || starts.get(k + 1) == Some(&starts[k]))
        .count();
    shared as f64 / starts.len().max(1) as f64
}

/// The mean score as Elo with its 95 % interval, the games grouped by their first `ply` moves into
/// clusters: (Elo, low, high, clusters). The variance is the cluster-robust one,
/// `G/(G-1) · Σ_c (Σ_{i∈c} (s_i - s̄))² / n²` over `G` clusters; with one cluster it is unbounded.
pub fn clustered_elo_interval<T: Ord>(games: &[(&[T], f64)], ply: usize) -> (f64, f64, f64, usize) {
    let n = games.len();
    if n == 0 {
        return (0.0, f64::NEG_INFINITY, f64::INFINITY, 0);
    }
    let mean = games.iter().map(|(_, s)| s).sum::<f64>() / n as f64;
    let mut by_line: Vec<(&[T], f64)> =
        games.iter().map(|(g, s)| (&g[..g.len().min(ply)], s - mean)).collect();
    by_line.sort_by(|a, b| a.0.cmp(b.0));
    let mut sums: Vec<f64> = Vec::new();
    for (k, (line, deviation)) in by_line.iter().enumerate() {
        if k == 0 || by_line[k - 1].0 != *line {
            sums.push(0.0);
        }
        *sums.last_mut().expect("a cluster was pushed") += deviation;
    }
    let margin = clustered_margin(&sums, n);
    if margin.is_infinite() {
        return (elo_from_score(mean), f64::NEG_INFINITY, f64::INFINITY, sums.len());
    }
    (elo_from_score(mean), elo_from_score(mean - margin), elo_from_score(mean + margin), sums.len())
}

/// The 95 % half-width of a mean of `n` values from each cluster's sum of deviations from that mean: the
/// cluster-robust `1.96 · sqrt(G/(G-1) · Σ_c sum_c² / n²)` over `G` clusters; unbounded with fewer than two.
pub fn clustered_margin(cluster_sums: &[f64], n: usize) -> f64 {
    let g = cluster_sums.len() as f64;
    if g < 2.0 {
        return f64::INFINITY;
    }
    let variance = g / (g - 1.0) * cluster_sums.iter().map(|s| s * s).sum::<f64>() / (n as f64).powi(2);
    1.959964 * variance.sqrt()
}

/// One colour's line of a summary: its distinct lines at `LINE_PLIES`, the share of its games on a line
/// another shares there, and its score's interval over the lines at `CLUSTER_PLY`. `games`: each game's
/// moves and the player's score in it.
pub fn colour_line<T: Ord>(who: &str, games: &[(&[T], f64)]) -> String {
    let moves: Vec<&[T]> = games.iter().map(|(g, _)| *g).collect();
    let counts: Vec<String> = LINE_PLIES.iter().map(|&p| distinct_lines(&moves, p).to_string()).collect();
    let shared: Vec<String> =
        LINE_PLIES.iter().map(|&p| format!("{:.0}", 100.0 * shared_share(&moves, p))).collect();
    let (elo, lo, hi, clusters) = clustered_elo_interval(games, CLUSTER_PLY);
    format!(
        "  {who}: {} games, distinct lines at plies {}: {} (games on a line another shares: {} %); elo {elo:+.1}, 95% over its {clusters} lines at ply {CLUSTER_PLY} (a line's games one cluster) {lo:+.1} .. {hi:+.1}\n",
        games.len(),
        LINE_PLIES.map(|p| p.to_string()).join("/"),
        counts.join("/"),
        shared.join("/")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::stats::Wdl;

    /// Four games' moves: three share their first two, two their first three, one follows another.
    fn four_games() -> Vec<&'static [u8]> {
        vec![&[1, 2, 3], &[1, 2, 4], &[1, 5], &[1, 2, 3, 9]]
    }

    #[test]
    fn distinct_lines_count_each_prefix_once() {
        let games = four_games();
        assert_eq!(distinct_lines(&games, 1), 1);
        assert_eq!(distinct_lines(&games, 2), 2);
        assert_eq!(distinct_lines(&games, 3), 3);
        assert_eq!(distinct_lines(&games, 4), 4);
    }

    #[test]
    fn the_shared_share_counts_the_games_whose_line_another_game_follows() {
        let games = four_games();
        assert_eq!(shared_share(&games, 1), 1.0);
        assert_eq!(shared_share(&games, 2), 0.75);
        assert_eq!(shared_share(&games, 3), 0.5);
        assert_eq!(shared_share(&games, 4), 0.0);
        assert_eq!(shared_share::<u8>(&[], 3), 0.0);
    }

    #[test]
    fn games_of_one_line_each_are_the_plain_interval_and_shared_lines_widen_it() {
        // 40 games, 30 won: every game its own line gives (nearly) the games' own interval.
        let lines: Vec<Vec<u8>> = (0..40u8).map(|k| vec![k]).collect();
        let scores: Vec<f64> = (0..40).map(|k| if k < 30 { 1.0 } else { 0.0 }).collect();
        let own: Vec<(&[u8], f64)> = lines.iter().map(|l| &l[..]).zip(scores.iter().copied()).collect();
        let (elo, lo, hi, clusters) = clustered_elo_interval(&own, 1);
        let (e, l, h) = Wdl { wins: 30, draws: 0, losses: 10 }.elo_interval();
        assert_eq!(clusters, 40);
        assert!((elo - e).abs() < 1e-9);
        // The same games, n/(n-1) apart in variance.
        assert!((hi - lo) > (h - l) && (hi - lo) < 1.05 * (h - l), "{lo} {hi} vs {l} {h}");
        // The same scores in four lines of ten games, each line won or lost whole: four samples, not forty.
        let four: Vec<Vec<u8>> = (0..40u8).map(|k| vec![k / 10]).collect();
        let shared: Vec<(&[u8], f64)> = four.iter().map(|l| &l[..]).zip(scores.iter().copied()).collect();
        let (_, lo4, hi4, clusters) = clustered_elo_interval(&shared, 1);
        assert_eq!(clusters, 4);
        assert!(hi4 - lo4 > 2.0 * (hi - lo), "{lo4} .. {hi4}");
        // One line: no interval at all.
        let (_, lo1, hi1, _) = clustered_elo_interval(&shared[..10], 1);
        assert!(lo1.is_infinite() && hi1.is_infinite());
        let line = colour_line("A as X", &shared);
        assert!(line.contains(
            "distinct lines at plies 10/20/30: 4/4/4 (games on a line another shares: 100/100/100 %)"
        ));
    }
}
