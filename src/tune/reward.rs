//! How a candidate's games become the loss the optimiser minimises: the plain mean score against a fixed
//! opponent, or one of seed 002's two non-stationary rewards, whose opponent changes as the run goes on.
//!
//! Seed 002 (WeightedUTTT) words them for one game or one match at a time; here a candidate's `G` games
//! of a generation are its match, and the opponent moves on only between generations (every candidate of
//! a generation meets the same one, so their losses compare):
//! - *self-play*: the candidates play the best set so far (the champion, at first the start point); a won
//!   game is worth +n, a lost one −1/n, with n = champions already defeated + 1. A generation whose best
//!   candidate scores above ½ against the champion crowns it (n grows).
//! - *growing MCTS*: the candidates play an MCTS opponent; a match is worth −G/2 + wins, and +G more when
//!   the candidate wins at least two thirds of it (the document's 6 games: −3 + wins, +6 at 4 wins). A
//!   generation in which any candidate earned the bonus multiplies the opponent's iterations by K.

use super::space::{spec_at, Param};

/// Which reward a run uses (`--reward score|selfplay|growing:K`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reward {
    /// Mean score against the fixed opponent.
    Score,
    /// Seed 002's self-play against the best set so far.
    SelfPlay,
    /// Seed 002's MCTS opponent whose iterations grow by `factor` each time it is beaten.
    Growing {
        /// K: the factor the iterations grow by.
        factor: u64,
    },
}

/// Where a non-stationary reward stands; saved in the state file with the optimiser.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Ladder {
    /// Champions defeated so far (self-play's n − 1).
    pub defeated: u32,
    /// The current champion in the unit box (self-play); empty until the run starts.
    pub champion: Vec<f64>,
    /// How many times the opponent's iterations have grown (growing MCTS).
    pub level: u32,
}

/// Games won among `scores` (1 win, ½ draw, 0 loss).
fn wins(scores: &[f64]) -> f64 {
    scores.iter().filter(|&&s| s == 1.0).count() as f64
}

impl Reward {
    /// `score`, `selfplay` or `growing:K`.
    pub fn parse(text: &str) -> Result<Reward, String> {
        let bad = || format!("--reward {text:?}: score, selfplay or growing:K (K a whole number ≥ 2)");
        match text.split_once(':') {
            None if text == "score" => Ok(Reward::Score),
            None if text == "selfplay" => Ok(Reward::SelfPlay),
            Some(("growing", k)) => match k.parse::<u64>() {
                Ok(factor) if factor >= 2 => Ok(Reward::Growing { factor }),
                _ => Err(bad()),
            },
            _ => Err(bad()),
        }
    }

    /// The opponent's spec for this generation: the fixed one, the champion, or the MCTS opponent with
    /// its iterations grown (its spec must name `iters=N`).
    pub fn opponent(&self, opponent: &str, player: &str, params: &[Param], ladder: &Ladder) -> String {
        match self {
            Reward::Score => opponent.to_string(),
            Reward::SelfPlay => spec_at(player, params, &ladder.champion),
            Reward::Growing { factor } => {
                let grown = |n: u64| n.saturating_mul(factor.saturating_pow(ladder.level));
                opponent
                    .split(':')
                    .map(|part| match part.strip_prefix("iters=").and_then(|n| n.parse::<u64>().ok()) {
                        Some(n) => format!("iters={}", grown(n)),
                        None => part.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(":")
            }
        }
    }

    /// Checks that the opponent suits the reward.
    pub fn check(&self, opponent: &str) -> Result<(), String> {
        match self {
            Reward::Growing { .. } if !opponent.split(':').any(|p| p.starts_with("iters=")) => {
                Err(format!("--reward growing: the opponent {opponent:?} must name its iterations (iters=N)"))
            }
            _ => Ok(()),
        }
    }

    /// Each candidate's loss from its games' scores (1 win, ½ draw, 0 loss).
    pub fn losses(&self, games: &[Vec<f64>], ladder: &Ladder) -> Vec<f64> {
        games
            .iter()
            .map(|scores| {
                let g = scores.len() as f64;
                let wins = wins(scores);
                match self {
                    Reward::Score => 1.0 - scores.iter().sum::<f64>() / g,
                    Reward::SelfPlay => {
                        let n = ladder.defeated as f64 + 1.0;
                        let lost = scores.iter().filter(|&&s| s == 0.0).count() as f64;
                        -(wins * n - lost / n) / g
                    }
                    Reward::Growing { .. } => {
                        let bonus = if Self::earns_bonus(wins, g) { g } else { 0.0 };
                        -(wins - g / 2.0 + bonus) / g
                    }
                }
            })
            .collect()
    }

    fn earns_bonus(wins: f64, games: f64) -> bool {
        3.0 * wins >= 2.0 * games
    }

    /// Moves the opponent on after a generation: `games` each candidate's game scores, `best` the index
    /// of the candidate with the lowest loss.
    pub fn update(&self, ladder: &mut Ladder, candidates: &[Vec<f64>], games: &[Vec<f64>], best: usize) {
        let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
        match self {
            Reward::Score => {}
            Reward::SelfPlay => {
                if mean(&games[best]) > 0.5 {
                    ladder.champion = candidates[best].clone();
                    ladder.defeated += 1;
                }
            }
            Reward::Growing { .. } => {
                if games.iter().any(|s| Self::earns_bonus(wins(s), s.len() as f64)) {
                    ladder.level += 1;
                }
            }
        }
    }

    /// Where the ladder stands, in words, for the progress lines (empty for the plain score).
    pub fn describe(&self, opponent: &str, ladder: &Ladder) -> String {
        match self {
            Reward::Score => String::new(),
            Reward::SelfPlay => {
                format!("; champions defeated {} (a win is worth {})", ladder.defeated, ladder.defeated + 1)
            }
            Reward::Growing { .. } => format!("; opponent {}", self.opponent(opponent, "", &[], ladder)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_follow_the_document() {
        let ladder = Ladder { defeated: 2, champion: vec![0.5], level: 0 };
        // Self-play, n = 3: two wins, a draw, a loss over four games: (2·3 − 1/3) / 4.
        let selfplay = Reward::SelfPlay.losses(&[vec![1.0, 1.0, 0.5, 0.0]], &ladder);
        assert!((selfplay[0] + (6.0 - 1.0 / 3.0) / 4.0).abs() < 1e-12);
        // Growing, six games: 3 wins give −3 + 3 = 0; 4 wins give −3 + 4 + 6 = 7 (the bonus).
        let growing = Reward::Growing { factor: 2 };
        let three = vec![1.0, 1.0, 1.0, 0.0, 0.5, 0.0];
        let four = vec![1.0, 1.0, 1.0, 1.0, 0.5, 0.0];
        let losses = growing.losses(&[three.clone(), four.clone()], &ladder);
        assert_eq!(losses, vec![0.0, -7.0 / 6.0]);
        assert_eq!(Reward::Score.losses(std::slice::from_ref(&three), &ladder), vec![1.0 - 3.5 / 6.0]);

        // The opponent moves on: the bonus doubles the iterations; a champion beaten is replaced.
        let mut l = Ladder { champion: vec![0.5], ..Ladder::default() };
        growing.update(&mut l, &[vec![0.1], vec![0.9]], &[three.clone(), three.clone()], 0);
        assert_eq!(l.level, 0);
        growing.update(&mut l, &[vec![0.1], vec![0.9]], &[three.clone(), four.clone()], 1);
        assert_eq!(l.level, 1);
        assert_eq!(growing.opponent("mcts:iters=250:c=1", "", &[], &l), "mcts:iters=500:c=1");
        Reward::SelfPlay.update(&mut l, &[vec![0.1], vec![0.9]], &[three.clone(), vec![0.5, 0.5]], 1);
        assert_eq!((l.defeated, l.champion.clone()), (0, vec![0.5]), "half the points does not crown");
        Reward::SelfPlay.update(&mut l, &[vec![0.1], vec![0.9]], &[three, four], 1);
        assert_eq!((l.defeated, l.champion.clone()), (1, vec![0.9]));
        let c = Param::parse("c=0.0:1.0").unwrap();
        assert_eq!(Reward::SelfPlay.opponent("x", "bot", &[c], &l), "bot:c=0.9000");

        assert_eq!(Reward::parse("growing:3"), Ok(Reward::Growing { factor: 3 }));
        for bad in ["growing", "growing:1", "self", "score:2"] {
            assert!(Reward::parse(bad).is_err(), "{bad}");
        }
        assert!(growing.check("mcts").is_err() && growing.check("mcts:iters=9").is_ok());
    }
}
