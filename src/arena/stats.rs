//! Match statistics: score, Elo difference with a 95% interval, SPRT, and tournament ratings.

/// Wins, draws and losses from the first player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Wdl {
    /// The tally of per-game scores (1 win, ½ draw, 0 loss).
    pub fn from_scores(scores: impl IntoIterator<Item = f64>) -> Wdl {
        let mut w = Wdl::default();
        for s in scores {
            match s {
                s if s > 0.75 => w.wins += 1,
                s if s < 0.25 => w.losses += 1,
                _ => w.draws += 1,
            }
        }
        w
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Mean score per game (1 win, ½ draw).
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
    }

    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    /// Elo difference and its 95% interval (normal approximation of the mean score).
    pub fn elo_interval(&self) -> (f64, f64, f64) {
        let n = self.games() as f64;
        let s = self.score();
        let margin = 1.959964 * (self.variance() / n.max(1.0)).sqrt();
        (elo_from_score(s), elo_from_score(s - margin), elo_from_score(s + margin))
    }

    /// `W/D/L 30/4/6  score 80.0%  elo +240.8 (95% +135.9 .. +410.3)`: the line every report starts from.
    pub fn headline(&self) -> String {
        let (elo, lo, hi) = self.elo_interval();
        let elo_text = if self.games() > 0 && self.wins == self.games() {
            "elo +inf (every game won)".to_string()
        } else if self.games() > 0 && self.losses == self.games() {
            "elo -inf (every game lost)".to_string()
        } else {
            format!("elo {elo:+.1} (95% {lo:+.1} .. {hi:+.1})")
        };
        format!(
            "W/D/L {}/{}/{}  score {:.1}%  {elo_text}",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        )
    }

    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0), with the usual normal approximation.
    pub fn sprt_llr(&self, elo0: f64, elo1: f64) -> f64 {
        let var = self.variance();
        if self.games() == 0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_from_elo(elo0), score_from_elo(elo1));
        let n = self.games() as f64;
        n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }
}

/// Player A's mean score in each game pair, from every game's (number, whether A moved first, A's score).
/// Games 2k and 2k+1 are a pair (one opening, both colours) when A moved first in 2k and second in
/// 2k+1; with fixed colours (`--first`) no two games make a pair. Unfinished pairs are left out.
pub fn pair_scores(games: impl IntoIterator<Item = (usize, bool, f64)>) -> Vec<f64> {
    let mut by_pair = std::collections::BTreeMap::<usize, Vec<f64>>::new();
    for (index, _, score) in games.into_iter().filter(|&(index, a_first, _)| a_first == (index % 2 == 0)) {
        by_pair.entry(index / 2).or_default().push(score);
    }
    by_pair.into_values().filter(|s| s.len() == 2).map(|s| (s[0] + s[1]) / 2.0).collect()
}

/// Elo difference and its 95% interval from the mean scores of game pairs (each pair: one opening,
/// both colours), whose variance also counts how much the two games of a pair resemble each other.
pub fn pair_elo_interval(pair_scores: &[f64]) -> (f64, f64, f64) {
    let n = pair_scores.len().max(1) as f64;
    let s = pair_scores.iter().sum::<f64>() / n;
    let variance = pair_scores.iter().map(|x| (x - s).powi(2)).sum::<f64>() / n;
    let margin = 1.959964 * (variance / n).sqrt();
    let clamp = |x: f64| x.clamp(1e-6, 1.0 - 1e-6);
    (elo_from_score(clamp(s)), elo_from_score(clamp(s - margin)), elo_from_score(clamp(s + margin)))
}

/// The summary's line for game pairs: their count and the Elo interval over them.
pub fn pairs_line(pair_scores: &[f64]) -> String {
    let (elo, lo, hi) = pair_elo_interval(pair_scores);
    format!(
        "over {} game pairs (one opening, both colours): elo {elo:+.1} (95% {lo:+.1} .. {hi:+.1})\n",
        pair_scores.len()
    )
}

/// How far a set of games run together: the moves all of them share from the start (none for fewer
/// than two games), and how many different lines they follow `past` moves after that (games shorter than
/// that count by their whole length). Two bots with opening books and a steady clock can play every game
/// of a match from the empty board down one line for twenty moves: those games are not independent
/// samples, and an interval that counts them as such is too narrow.
pub fn shared_start<T: Ord>(lines: &[&[T]], past: usize) -> (usize, usize) {
    let (Some(first), true) = (lines.first(), lines.len() >= 2) else {
        return (0, lines.len());
    };
    let shared = lines.iter().map(|l| l.iter().zip(first.iter()).take_while(|(a, b)| a == b).count()).min();
    let shared = shared.unwrap_or(0);
    let mut starts: Vec<&[T]> = lines.iter().map(|l| &l[..l.len().min(shared + past)]).collect();
    starts.sort();
    starts.dedup();
    (shared, starts.len())
}

/// The value at fraction `p` (0..=1) of an ascending list, nearest rank; 0 for an empty list.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// The Elo difference that gives expected score `s` (clamped away from 0 and 1).
pub fn elo_from_score(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected score against an opponent `elo` points weaker (logistic Elo model).
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An SPRT's decision bounds: (lower, upper) on the LLR.
pub fn sprt_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

/// Bradley–Terry ratings (Elo scale, mean 0) from a score matrix: `score[i][j]` points of i against j in
/// `games[i][j]` games. Minorise–maximise iterations; draws count as half a win for each side.
pub fn ratings(score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<f64> {
    let n = score.len();
    let mut strength = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = vec![0.0; n];
        for i in 0..n {
            let wins: f64 = score[i].iter().sum::<f64>() + 0.5; // +½ a win each: a prior that keeps 0-scores finite
            let denom: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| (games[i][j] + 1.0 / (n as f64 - 1.0).max(1.0)) / (strength[i] + strength[j]))
                .sum();
            next[i] = wins / denom.max(1e-12);
        }
        let mean_log = next.iter().map(|s: &f64| s.ln()).sum::<f64>() / n as f64;
        strength = next.iter().map(|s| (s.ln() - mean_log).exp()).collect();
    }
    strength.iter().map(|s| 400.0 * s.log10()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_matches_known_values() {
        assert!((elo_from_score(0.5)).abs() < 1e-9);
        assert!((elo_from_score(0.75) - 190.848).abs() < 0.01);
        assert!((score_from_elo(400.0) - 10.0 / 11.0).abs() < 1e-12);
        let wdl = Wdl { wins: 60, draws: 20, losses: 20 };
        assert!((wdl.score() - 0.7).abs() < 1e-12);
        let (elo, lo, hi) = wdl.elo_interval();
        assert!((elo - 147.19).abs() < 0.1);
        assert!(lo < elo && elo < hi);
        assert_eq!(wdl.headline(), "W/D/L 60/20/20  score 70.0%  elo +147.2 (95% +86.2 .. +218.3)");
        assert!(Wdl { wins: 5, draws: 0, losses: 0 }.headline().contains("+inf"));
        assert_eq!(Wdl::from_scores([1.0, 0.5, 0.0, 1.0]), Wdl { wins: 2, draws: 1, losses: 1 });
        // Variance: (60*.09 + 20*.04 + 20*.49)/100 = 0.16; margin 1.96*0.04 = 0.0784.
        assert!((lo - elo_from_score(0.7 - 0.078399)).abs() < 0.01);
    }

    #[test]
    fn sprt_accepts_a_clear_gain_and_rejects_a_clear_loss() {
        let (lower, upper) = sprt_bounds(0.05, 0.05);
        assert!((upper - 2.944).abs() < 0.001 && (lower + 2.944).abs() < 0.001);
        let strong = Wdl { wins: 300, draws: 100, losses: 100 };
        assert!(strong.sprt_llr(0.0, 50.0) > upper);
        let weak = Wdl { wins: 100, draws: 100, losses: 300 };
        assert!(weak.sprt_llr(0.0, 50.0) < lower);
    }

    #[test]
    fn games_down_one_line_are_counted_as_one_start() {
        let lines: [&[u8]; 4] = [&[1, 2, 3, 4, 5], &[1, 2, 3, 9, 9], &[1, 2, 3, 4, 6], &[1, 2, 3]];
        assert_eq!(shared_start(&lines, 1), (3, 3), "…4, …9 and the game that ended at 3");
        assert_eq!(shared_start(&lines, 2), (3, 4));
        assert_eq!(shared_start(&lines[..1], 10), (0, 1), "one game shares nothing");
        assert_eq!(shared_start(&[&[1u8, 2][..], &[2, 1]], 5), (0, 2));
        assert_eq!(shared_start::<u8>(&[], 5), (0, 0));
    }

    #[test]
    fn ratings_order_players_by_results() {
        // A beats B 75%, B beats C 75%, A beats C 90%.
        let games = vec![vec![0.0, 100.0, 100.0], vec![100.0, 0.0, 100.0], vec![100.0, 100.0, 0.0]];
        let score = vec![vec![0.0, 75.0, 90.0], vec![25.0, 0.0, 75.0], vec![10.0, 25.0, 0.0]];
        let r = ratings(&score, &games);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!(r.iter().sum::<f64>().abs() < 1e-6);
        assert!((r[0] - r[1] - 190.0).abs() < 60.0, "{r:?}");
    }
}
