//! A generation's games: which candidate plays whom, from which opening, and the losses they give.
//!
//! CMA-ES: every candidate plays `games` games against the fixed opponent, all candidates from the same
//! openings and seeds (common random numbers: their differences are not drowned by the openings'). SPSA:
//! its two points play each other. Job `j` is one game; its outcome depends only on the run's seed, the
//! generation and `j`, so any machine can play any job (shards) and the results file is the only record.

use super::reward::{Ladder, Reward};
use super::space::{spec_at, Param};
use crate::arena::openings::Openings;
use crate::arena::player::PlayerSpec;
use crate::arena::referee::{play_game, TimeControl};
use crate::arena::MatchGame;
use crate::board::variants::Rules;
use std::collections::BTreeMap;

/// What every game of the run shares.
#[derive(Clone, Debug)]
pub struct GamePlan {
    /// The built-in player being tuned, before its parameters (`bot:iters=10000`).
    pub player: String,
    /// The opponent of CMA-ES's candidates (a built-in spec; the reward may change it as the run goes).
    pub opponent: String,
    /// How the games become losses.
    pub reward: Reward,
    /// The parameters, in the order of the unit-box coordinates.
    pub params: Vec<Param>,
    /// Games per candidate (CMA-ES) or between the two points (SPSA); even, so colours balance.
    pub games: usize,
    /// Candidates play each other (SPSA) instead of the opponent (CMA-ES).
    pub head_to_head: bool,
    /// Where game pairs start.
    pub openings: Openings,
    /// The players' limits.
    pub time_control: TimeControl,
    /// The run's seed.
    pub seed: u64,
}

/// One game of a generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// The job's number in the generation.
    pub index: usize,
    /// The candidate whose score the game gives.
    pub candidate: usize,
    /// The game's number among that candidate's games.
    pub game: usize,
}

impl GamePlan {
    /// Every game of a generation with `candidates` candidates.
    pub fn jobs(&self, candidates: usize) -> Vec<Job> {
        let scored = if self.head_to_head { 1 } else { candidates };
        (0..scored * self.games)
            .map(|index| Job { index, candidate: index / self.games, game: index % self.games })
            .collect()
    }

    fn generation_seed(&self, generation: u64) -> u64 {
        self.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(generation.wrapping_mul(1_000_003))
    }

    /// Plays one job against the opponent `ladder` gives; returns the score of its candidate (1 win,
    /// ½ draw, 0 loss).
    pub fn play(&self, generation: u64, candidates: &[Vec<f64>], ladder: &Ladder, job: Job) -> f64 {
        let seed = self.generation_seed(generation);
        let me = PlayerSpec::parse(&format!(
            "builtin:{}",
            spec_at(&self.player, &self.params, &candidates[job.candidate])
        ));
        let other = if self.head_to_head {
            format!("builtin:{}", spec_at(&self.player, &self.params, &candidates[1]))
        } else {
            format!("builtin:{}", self.reward.opponent(&self.opponent, &self.player, &self.params, ladder))
        };
        let other = PlayerSpec::parse(&other);
        // Game pairs share an opening and a seed, colours swapped, as in `uttt arena`.
        let pair = job.game / 2;
        let a_is_x = job.game % 2 == 0;
        let opening = self.openings.for_pair(pair, seed);
        let (x, o) = if a_is_x { (&me, &other) } else { (&other, &me) };
        let record =
            play_game(x, o, &self.time_control, Rules::CodinGame, seed.wrapping_add(pair as u64), &opening);
        MatchGame { index: job.index, a_is_x, record }.a_score()
    }

    /// The game scores of each scored candidate (SPSA: of the first point), once every job has a score.
    pub fn candidate_games(&self, candidates: usize, scores: &BTreeMap<usize, f64>) -> Option<Vec<Vec<f64>>> {
        let jobs = self.jobs(candidates);
        if jobs.iter().any(|j| !scores.contains_key(&j.index)) {
            return None;
        }
        let scored = if self.head_to_head { 1 } else { candidates };
        Some(
            (0..scored)
                .map(|c| jobs.iter().filter(|j| j.candidate == c).map(|j| scores[&j.index]).collect())
                .collect(),
        )
    }

    /// Each candidate's mean score and loss; SPSA's second point scores what the first did not.
    pub fn outcome(&self, games: &[Vec<f64>], ladder: &Ladder) -> (Vec<f64>, Vec<f64>) {
        let mean = |s: &Vec<f64>| s.iter().sum::<f64>() / s.len() as f64;
        if self.head_to_head {
            let s = mean(&games[0]);
            return (vec![s, 1.0 - s], vec![1.0 - s, s]);
        }
        (games.iter().map(mean).collect(), self.reward.losses(games, ladder))
    }
}

/// Reads results lines `GENERATION JOB SCORE`, keeping those of `generation`.
pub fn read_results(text: &str, generation: u64, into: &mut BTreeMap<usize, f64>) -> Result<(), String> {
    for (i, line) in text.lines().enumerate() {
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.is_empty() {
            continue;
        }
        let bad = || format!("line {}: expected `GENERATION JOB SCORE`, got {line:?}", i + 1);
        if w.len() != 3 {
            return Err(bad());
        }
        let g: u64 = w[0].parse().map_err(|_| bad())?;
        let j: usize = w[1].parse().map_err(|_| bad())?;
        let s: f64 = w[2].parse().map_err(|_| bad())?;
        if g == generation {
            into.insert(j, s);
        }
    }
    Ok(())
}

/// One results line.
pub fn result_line(generation: u64, job: usize, score: f64) -> String {
    format!("{generation} {job} {score}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(head_to_head: bool) -> GamePlan {
        GamePlan {
            player: "minimax:depth=1".into(),
            opponent: "random".into(),
            reward: Reward::Score,
            params: vec![Param::parse("depth=1:3").unwrap()],
            games: 4,
            head_to_head,
            openings: Openings::Random(2),
            time_control: TimeControl::default(),
            seed: 5,
        }
    }

    #[test]
    fn jobs_are_repeatable_and_losses_follow_the_scores() {
        let p = plan(false);
        let candidates = vec![vec![0.0], vec![1.0]];
        let jobs = p.jobs(2);
        assert_eq!(jobs.len(), 8);
        let ladder = Ladder::default();
        let first: Vec<f64> = jobs.iter().map(|&j| p.play(3, &candidates, &ladder, j)).collect();
        let again: Vec<f64> = jobs.iter().map(|&j| p.play(3, &candidates, &ladder, j)).collect();
        assert_eq!(first, again, "a job's game must not depend on when or where it is played");
        let mut scores = BTreeMap::new();
        let mut text = String::new();
        for (j, s) in jobs.iter().zip(&first) {
            text += &result_line(3, j.index, *s);
        }
        text += &result_line(2, 0, 0.25); // another generation's line is ignored
        let half: String = text.lines().take(4).map(|l| format!("{l}\n")).collect();
        read_results(&half, 3, &mut scores).unwrap();
        assert!(p.candidate_games(2, &scores).is_none(), "half the games cannot give the losses");
        read_results(&text, 3, &mut scores).unwrap();
        let games = p.candidate_games(2, &scores).unwrap();
        assert_eq!(games, vec![first[..4].to_vec(), first[4..].to_vec()]);
        let mean = |c: usize| first[c * 4..c * 4 + 4].iter().sum::<f64>() / 4.0;
        assert_eq!(p.outcome(&games, &ladder), (vec![mean(0), mean(1)], vec![1.0 - mean(0), 1.0 - mean(1)]));
        assert!(read_results("1 2", 1, &mut scores).is_err());
        // Head to head: one set of games, the two losses sum to one.
        let h = plan(true);
        assert_eq!(h.jobs(2).len(), 4);
        let scores: BTreeMap<usize, f64> = (0..4).map(|i| (i, if i == 0 { 1.0 } else { 0.5 })).collect();
        let games = h.candidate_games(2, &scores).unwrap();
        assert_eq!(h.outcome(&games, &ladder), (vec![0.625, 1.0 - 0.625], vec![1.0 - 0.625, 0.625]));
    }
}
