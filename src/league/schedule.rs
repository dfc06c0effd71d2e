//! Which two players meet next: a game pair (one opening, each colour once) where it tells the most. From
//! one fit over every game (`standings.rs`: the ratings and their covariance), a pair `i`, `j` is
//!
//! - **unsettled** while neither their order nor their being level is known: `|r_i - r_j| ≤ 1.96 sd` and
//!   `1.96 sd ≥ RESOLUTION`, `sd` the standard deviation of `r_i - r_j`. The unsettled pair with the
//!   smallest `z = max(|r_i - r_j|, RESOLUTION) / sd` goes first: close in rating, and unsure. Two players
//!   far apart are settled after a few games, two close ones need many, two of equal strength are left
//!   level once their difference is known to within `RESOLUTION`.
//! - **settled** otherwise. Once every pair is, games go where one more tells most about all the ratings
//!   together, the largest `p (1 - p) · Var(r_i - r_j)` (`p` the expected score: the gain in the fit's
//!   information, as a D-optimal design counts it), so every rating keeps narrowing.
//!
//! Pairs that never met go first, the fewest games between them first. The game pairs under way count as
//! played (drawn), so that workers running at once spread over the pairs instead of all playing the one
//! most wanted. A round robin spends its games evenly, on settled pairs too: the tests below measure both.

use super::standings::fit;
use crate::arena::stats::score_from_elo;

/// The difference in Elo within which two players are left level. With the order alone as the goal (and
/// a resolution of 10), a six-version league whose two newest versions play alike from balanced openings
/// (one differs only in its book) gave them nearly all of its first 400 games; at 40 the equal pair of
/// `two_versions_that_play_alike_leave_games_for_the_rest` takes 146 of 400 game pairs.
pub const RESOLUTION: f64 = 40.0;

/// The next pair of `active` players (indices into the tallies), or `None` with fewer than two.
/// `points` and `games`: per pair, what they played (the pairs under way already added as draws).
pub fn next_pair(active: &[usize], points: &[Vec<f64>], games: &[Vec<f64>]) -> Option<(usize, usize)> {
    let (ratings, covariance) = fit(points, games);
    let mut best: Option<((u8, f64), (usize, usize))> = None;
    for (a, &i) in active.iter().enumerate() {
        for &j in &active[a + 1..] {
            let key = if games[i][j] == 0.0 {
                (2, -games[i].iter().chain(&games[j]).sum::<f64>())
            } else {
                let variance = covariance[i][i] + covariance[j][j] - 2.0 * covariance[i][j];
                let sd = variance.max(0.0).sqrt();
                let gap = (ratings[i] - ratings[j]).abs();
                if !sd.is_finite() || sd == 0.0 {
                    (1, f64::MAX)
                } else if gap <= 1.96 * sd && 1.96 * sd >= RESOLUTION {
                    // Unsettled: neither their order nor their being level is known.
                    (1, -gap.max(RESOLUTION) / sd)
                } else {
                    // Settled: what one more game tells about all the ratings together.
                    let p = score_from_elo(ratings[i] - ratings[j]);
                    (0, variance * p * (1.0 - p))
                }
            };
            if best.is_none_or(|(b, _)| key.0 > b.0 || (key.0 == b.0 && key.1 > b.1)) {
                best = Some((key, (i, j)));
            }
        }
    }
    best.map(|(_, pair)| pair)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::stats::score_from_elo;
    use crate::rng::Rng;

    /// Plays a game pair between players of true strengths `elo` (draws a third of the time between equals,
    /// fewer apart): adds it to the tallies.
    fn play(
        elo: &[f64],
        (i, j): (usize, usize),
        points: &mut [Vec<f64>],
        games: &mut [Vec<f64>],
        rng: &mut Rng,
    ) {
        for _ in 0..2 {
            let p = score_from_elo(elo[i] - elo[j]);
            let draw = 0.3 * (1.0 - (2.0 * p - 1.0).abs());
            let u = rng.below(1_000_000) as f64 / 1e6;
            let s = if u < p - draw / 2.0 {
                1.0
            } else if u < p + draw / 2.0 {
                0.5
            } else {
                0.0
            };
            points[i][j] += s;
            points[j][i] += 1.0 - s;
            games[i][j] += 1.0;
            games[j][i] += 1.0;
        }
    }

    /// Whether the fitted ratings order every neighbouring pair of the true order with 95 % confidence.
    fn ranked(elo: &[f64], points: &[Vec<f64>], games: &[Vec<f64>]) -> bool {
        let (r, c) = fit(points, games);
        let mut order: Vec<usize> = (0..elo.len()).collect();
        order.sort_by(|&a, &b| elo[b].total_cmp(&elo[a]));
        order.windows(2).all(|w| {
            let (a, b) = (w[0], w[1]);
            let sd = (c[a][a] + c[b][b] - 2.0 * c[a][b]).max(0.0).sqrt();
            r[a] - r[b] > 1.96 * sd
        })
    }

    /// Game pairs until the league is ranked, by `choose` (at most 20,000).
    fn pairs_to_rank(
        elo: &[f64],
        seed: u64,
        choose: &dyn Fn(usize, &[Vec<f64>], &[Vec<f64>]) -> (usize, usize),
    ) -> usize {
        let n = elo.len();
        let (mut points, mut games) = (vec![vec![0.0; n]; n], vec![vec![0.0; n]; n]);
        let mut rng = Rng::new(seed);
        for k in 0..20_000 {
            let pair = choose(k, &points, &games);
            play(elo, pair, &mut points, &mut games, &mut rng);
            if k % 10 == 9 && ranked(elo, &points, &games) {
                return k + 1;
            }
        }
        20_000
    }

    #[test]
    fn fewer_games_than_a_round_robin_rank_a_known_league() {
        // Six versions: two close pairs and wide gaps, as a bot's history has them.
        let elo = [0.0, 40.0, 200.0, 240.0, 450.0, 600.0];
        let pairs: Vec<(usize, usize)> = (0..6).flat_map(|i| (i + 1..6).map(move |j| (i, j))).collect();
        let active: Vec<usize> = (0..6).collect();
        let (mut scheduled, mut round_robin) = (0, 0);
        for seed in 1..=4 {
            scheduled += pairs_to_rank(&elo, seed, &|_, p, g| next_pair(&active, p, g).unwrap());
            round_robin += pairs_to_rank(&elo, seed, &|k, _, _| pairs[k % pairs.len()]);
        }
        eprintln!("game pairs until ranked, four seeds: scheduled {scheduled}, round robin {round_robin}");
        assert!(
            (scheduled as f64) < 0.8 * round_robin as f64,
            "scheduled {scheduled} game pairs, round robin {round_robin}"
        );
    }

    #[test]
    fn two_versions_that_play_alike_leave_games_for_the_rest() {
        // Two equal versions, and two others far below: the equal pair is left level once its difference
        // is known to about `RESOLUTION`, not played for ever.
        let elo = [600.0, 600.0, 300.0, 0.0];
        let (mut points, mut games) = (vec![vec![0.0; 4]; 4], vec![vec![0.0; 4]; 4]);
        let mut rng = Rng::new(3);
        let mut equal_pair = 0;
        for _ in 0..400 {
            let pair = next_pair(&[0, 1, 2, 3], &points, &games).unwrap();
            equal_pair += usize::from(pair == (0, 1));
            play(&elo, pair, &mut points, &mut games, &mut rng);
        }
        eprintln!("{equal_pair} of 400 game pairs between the equal versions");
        assert!(equal_pair < 250, "{equal_pair} of 400 game pairs between the equal versions");
        assert!(games[1][2] + games[0][2] >= 40.0 && games[2][3] >= 40.0, "{games:?}");
    }

    #[test]
    fn pairs_that_never_met_go_first_and_one_player_has_no_pair() {
        let n = 3;
        let mut games = vec![vec![0.0; n]; n];
        let mut points = vec![vec![0.0; n]; n];
        games[0][1] = 10.0;
        games[1][0] = 10.0;
        points[0][1] = 5.0;
        points[1][0] = 5.0;
        let pair = next_pair(&[0, 1, 2], &points, &games).unwrap();
        assert!(pair.1 == 2, "{pair:?}: the newcomer plays first");
        assert_eq!(next_pair(&[1], &points, &games), None);
    }
}
