//! The tuner's state file: the optimiser, the generation being played and the history, as plain text,
//! written after every generation so a stopped run resumes where it stood (numbers round-trip exactly).

use super::cmaes::Cmaes;
use super::linalg::Matrix;
use super::reward::Ladder;
use super::spsa::Spsa;

/// The optimiser and where it stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Optimizer {
    /// CMA-ES with its population size.
    Cmaes(Cmaes, usize),
    /// SPSA.
    Spsa(Spsa),
}

impl Optimizer {
    /// The current best guess in the unit box (CMA-ES's mean, SPSA's θ).
    pub fn centre(&self) -> &[f64] {
        match self {
            Optimizer::Cmaes(es, _) => &es.mean,
            Optimizer::Spsa(s) => &s.theta,
        }
    }
}

/// One finished generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    /// Its number (0-based).
    pub number: u64,
    /// Mean score of its candidates (CMA-ES: against the opponent; SPSA: ½ by construction).
    pub mean_score: f64,
    /// Best candidate's score (SPSA: the winner of the two points).
    pub best_score: f64,
    /// The optimiser's centre after the generation, in the unit box.
    pub centre: Vec<f64>,
    /// The best candidate, in the unit box.
    pub best: Vec<f64>,
}

/// Everything the state file holds.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneState {
    /// The run's settings in words: a state file is only resumed by the same run.
    pub fingerprint: String,
    /// The optimiser.
    pub optimizer: Optimizer,
    /// The candidates of the generation being played (asked, not yet told).
    pub candidates: Vec<Vec<f64>>,
    /// The finished generations.
    pub history: Vec<Generation>,
    /// Where a non-stationary reward's opponent stands.
    pub ladder: Ladder,
}

fn numbers(xs: &[f64]) -> String {
    xs.iter().map(|x| format!("{x:?}")).collect::<Vec<_>>().join(" ")
}

impl TuneState {
    /// The state as text.
    pub fn to_text(&self) -> String {
        let mut out = format!("uttt-tune-state 1\nfingerprint {}\n", self.fingerprint);
        match &self.optimizer {
            Optimizer::Cmaes(es, lambda) => {
                out += &format!("cmaes {lambda} {} {:?}\n", es.generation, es.sigma);
                out += &format!("mean {}\ncov {}\n", numbers(&es.mean), numbers(&es.cov.data));
                out +=
                    &format!("path_sigma {}\npath_cov {}\n", numbers(&es.path_sigma), numbers(&es.path_cov));
            }
            Optimizer::Spsa(s) => {
                out += &format!(
                    "spsa {} {:?} {:?} {:?}\ntheta {}\n",
                    s.step,
                    s.a,
                    s.c,
                    s.big_a,
                    numbers(&s.theta)
                );
            }
        }
        for c in &self.candidates {
            out += &format!("candidate {}\n", numbers(c));
        }
        let l = &self.ladder;
        out += &format!("ladder {} {} champion {}\n", l.defeated, l.level, numbers(&l.champion));
        for g in &self.history {
            out += &format!(
                "generation {} {:?} {:?} centre {} best {}\n",
                g.number,
                g.mean_score,
                g.best_score,
                numbers(&g.centre),
                numbers(&g.best)
            );
        }
        out
    }

    /// Reads a state written by `to_text`.
    pub fn from_text(text: &str) -> Result<TuneState, String> {
        let mut lines = text.lines();
        if lines.next() != Some("uttt-tune-state 1") {
            return Err("not a tuner state file (first line is not `uttt-tune-state 1`)".into());
        }
        let mut fingerprint = None;
        let mut head: Option<Vec<String>> = None;
        let mut vectors: std::collections::HashMap<String, Vec<f64>> = Default::default();
        let mut candidates = Vec::new();
        let mut history = Vec::new();
        let mut ladder = Ladder::default();
        for (i, line) in lines.enumerate() {
            let bad = |what: &str| format!("line {}: {what}", i + 2);
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let parse = |s: &str| {
                s.split_whitespace()
                    .map(|w| w.parse::<f64>().map_err(|_| bad("bad number")))
                    .collect::<Result<Vec<f64>, String>>()
            };
            match key {
                "fingerprint" => fingerprint = Some(rest.to_string()),
                "cmaes" | "spsa" => {
                    head = Some(
                        std::iter::once(key.to_string())
                            .chain(rest.split_whitespace().map(String::from))
                            .collect(),
                    )
                }
                "mean" | "cov" | "path_sigma" | "path_cov" | "theta" => {
                    vectors.insert(key.to_string(), parse(rest)?);
                }
                "candidate" => candidates.push(parse(rest)?),
                "ladder" => {
                    let (counts, champion) = rest.split_once("champion").ok_or_else(|| bad("no champion"))?;
                    let counts = parse(counts)?;
                    if counts.len() != 2 {
                        return Err(bad("expected champions defeated and level"));
                    }
                    let champion = parse(champion)?;
                    ladder = Ladder { defeated: counts[0] as u32, level: counts[1] as u32, champion };
                }
                "generation" => {
                    let (nums, rest) = rest.split_once(" centre ").ok_or_else(|| bad("no centre"))?;
                    let (centre, best) = rest.split_once(" best ").ok_or_else(|| bad("no best"))?;
                    let nums = parse(nums)?;
                    if nums.len() != 3 {
                        return Err(bad("expected number, mean and best scores"));
                    }
                    history.push(Generation {
                        number: nums[0] as u64,
                        mean_score: nums[1],
                        best_score: nums[2],
                        centre: parse(centre)?,
                        best: parse(best)?,
                    });
                }
                "" => {}
                other => return Err(bad(&format!("unknown key {other:?}"))),
            }
        }
        let head = head.ok_or("no optimiser line (cmaes or spsa)")?;
        let num = |k: usize| head.get(k).and_then(|w| w.parse::<f64>().ok()).ok_or("bad optimiser line");
        let vector = |k: &str| vectors.get(k).cloned().ok_or(format!("no {k} line"));
        let optimizer = if head[0] == "cmaes" {
            let mean = vector("mean")?;
            let n = mean.len();
            let cov = vector("cov")?;
            let (ps, pc) = (vector("path_sigma")?, vector("path_cov")?);
            if cov.len() != n * n || ps.len() != n || pc.len() != n {
                return Err("cmaes vectors do not match the mean's dimension".into());
            }
            let es = Cmaes {
                mean,
                sigma: num(3)?,
                cov: Matrix { n, data: cov },
                path_sigma: ps,
                path_cov: pc,
                generation: num(2)? as u64,
            };
            Optimizer::Cmaes(es, num(1)? as usize)
        } else {
            Optimizer::Spsa(Spsa {
                theta: vector("theta")?,
                step: num(1)? as u64,
                a: num(2)?,
                c: num(3)?,
                big_a: num(4)?,
            })
        };
        let fingerprint = fingerprint.ok_or("no fingerprint line")?;
        Ok(TuneState { fingerprint, optimizer, candidates, history, ladder })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn state_text_round_trips_exactly() {
        let mut es = Cmaes::new(vec![0.5, 0.25], 0.3);
        let mut rng = Rng::new(1);
        let xs = es.ask(6, &mut rng);
        es.tell(&xs, &[0.3, 0.1, 0.7, 0.2, 0.9, 0.0]);
        let history = vec![Generation {
            number: 0,
            mean_score: 0.5123,
            best_score: 0.75,
            centre: es.mean.clone(),
            best: xs[5].clone(),
        }];
        let state = TuneState {
            fingerprint: "player bot params c".into(),
            optimizer: Optimizer::Cmaes(es, 6),
            candidates: xs.clone(),
            history,
            ladder: Ladder { defeated: 3, champion: xs[2].clone(), level: 1 },
        };
        assert_eq!(TuneState::from_text(&state.to_text()).unwrap(), state);
        let spsa = TuneState {
            optimizer: Optimizer::Spsa(Spsa::new(vec![0.1, 0.9], 0.05, 0.1, 5.0)),
            history: Vec::new(),
            ladder: Ladder::default(),
            ..state
        };
        assert_eq!(TuneState::from_text(&spsa.to_text()).unwrap(), spsa);
        assert!(TuneState::from_text("hello").is_err());
        assert!(TuneState::from_text("uttt-tune-state 1\nfingerprint x\ncmaes 6 0 0.3\nmean 0.5\n").is_err());
    }
}
