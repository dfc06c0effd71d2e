//! Which two players meet next. A game pair (one opening, each colour once) between players `i` and `j`
//! tells most about the ranking where their order is least sure: the pair with the smallest
//! `z = max(|r_i - r_j|, RESOLUTION) / sd(r_i - r_j)` goes next (the ratings and the covariance from one
//! fit over every game, `standings.rs`): close in rating, and unsure. Two players far apart are settled
//! after a few games, two close ones need many; two of equal strength stop drawing games once their
//! difference is known to `RESOLUTION`. Pairs that never met go first, the fewest games between them
//! first. The game pairs under way count as played (drawn), so that workers running at once spread over
//! the pairs instead of all playing the one most wanted.
//!
//! A round robin spends its games evenly, on settled pairs too
//! (`fewer_games_than_a_round_robin_rank_a_known_league` below measures the difference).

use super::standings::fit;

/// The difference in Elo below which two players' order is not worth more games.
pub const RESOLUTION: f64 = 10.0;

/// The next pair of `active` players (indices into the tallies), or `None` with fewer than two.
/// `points` and `games`: per pair, what they played (the pairs under way already added as draws).
pub fn next_pair(active: &[usize], points: &[Vec<f64>], games: &[Vec<f64>]) -> Option<(usize, usize)> {
    let (ratings, covariance) = fit(points, games);
    let mut best: Option<((bool, f64), (usize, usize))> = None;
    for (a, &i) in active.iter().enumerate() {
        for &j in &active[a + 1..] {
            let unmet = games[i][j] == 0.0;
            let worth = if unmet {
                -games[i].iter().chain(&games[j]).sum::<f64>()
            } else {
                let sd = (covariance[i][i] + covariance[j][j] - 2.0 * covariance[i][j]).max(0.0).sqrt();
                let gap = (ratings[i] - ratings[j]).abs().max(RESOLUTION);
                if sd.is_finite() && sd > 0.0 {
                    -gap / sd
                } else {
                    f64::MAX
                }
            };
            let key = (unmet, worth);
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
