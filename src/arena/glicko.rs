//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation and a
//! volatility per player, updated one rating period at a time. Seed 004 rated its competition this way;
//! `uttt tournament --rating glicko2` prints these beside the Bradley–Terry table.

/// Glicko's scale factor between the rating scale and the internal one (400 / ln 10).
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change in one period (0.3–1.2 in the paper).
pub const TAU: f64 = 0.5;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 1e-6;

/// One player's Glicko-2 state, on the rating scale (1500 for an unrated player).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// The rating deviation (RD): the rating's uncertainty, one standard deviation.
    pub deviation: f64,
    /// The volatility σ: how erratic the player's results are.
    pub volatility: f64,
}

impl Default for Glicko {
    /// An unrated player: 1500, RD 350, σ 0.06 (the paper's defaults).
    fn default() -> Self {
        Glicko { rating: 1500.0, deviation: 350.0, volatility: 0.06 }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

impl Glicko {
    /// This player's state after one rating period with `games`: (opponent's state at the period's start,
    /// this player's score 1, ½ or 0). A period without games only widens the deviation.
    pub fn update(self, games: &[(Glicko, f64)], tau: f64) -> Glicko {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let widened = (phi * phi + sigma * sigma).sqrt();
            return Glicko { deviation: widened * SCALE, ..self };
        }
        let (mut inv_v, mut delta_sum) = (0.0, 0.0);
        for (opp, score) in games {
            let (mu_j, phi_j) = ((opp.rating - 1500.0) / SCALE, opp.deviation / SCALE);
            let g_j = g(phi_j);
            let expected = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
            inv_v += g_j * g_j * expected * (1.0 - expected);
            delta_sum += g_j * (score - expected);
        }
        let v = 1.0 / inv_v;
        let delta = v * delta_sum;
        let sigma = new_volatility(phi, sigma, v, delta, tau);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * delta_sum;
        Glicko { rating: SCALE * mu_new + 1500.0, deviation: SCALE * phi_new, volatility: sigma }
    }
}

/// Step 5 of the paper: the new volatility, by the Illinois variant of regula falsi.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

/// Ratings of `players` players after `periods` rating periods, each a list of games
/// `(i, j, score of i)`; every player starts unrated and all updates of a period use its start.
pub fn rate(players: usize, periods: &[Vec<(usize, usize, f64)>], tau: f64) -> Vec<Glicko> {
    let mut state = vec![Glicko::default(); players];
    for period in periods {
        let before = state.clone();
        for (p, s) in state.iter_mut().enumerate() {
            let games: Vec<(Glicko, f64)> = period
                .iter()
                .filter_map(|&(i, j, score)| match p {
                    _ if p == i => Some((before[j], score)),
                    _ if p == j => Some((before[i], 1.0 - score)),
                    _ => None,
                })
                .collect();
            *s = before[p].update(&games, tau);
        }
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_worked_example_is_reproduced() {
        // Glickman (2013), section "Example": 1500/200/0.06 plays 1400/30 (win), 1550/100 (loss),
        // 1700/300 (loss) with τ = 0.5 and ends at 1464.06 / 151.52 / 0.05999.
        let me = Glicko { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opp = |rating, deviation| Glicko { rating, deviation, volatility: 0.06 };
        let after =
            me.update(&[(opp(1400.0, 30.0), 1.0), (opp(1550.0, 100.0), 0.0), (opp(1700.0, 300.0), 0.0)], 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_stronger_player_ends_higher_and_deviations_shrink_with_games() {
        // Player 0 scores 3 of 4 against player 1 in every period.
        let period = vec![(0, 1, 1.0), (0, 1, 1.0), (0, 1, 1.0), (0, 1, 0.0)];
        let r = rate(2, &vec![period; 10], TAU);
        // A 75 % score is 191 Elo on the logistic scale Glicko shares.
        assert!((r[0].rating - r[1].rating - 191.0).abs() < 20.0, "{r:?}");
        assert!((r[0].rating + r[1].rating - 3000.0).abs() < 1e-6, "{r:?}");
        assert!(r.iter().all(|p| p.deviation < 100.0), "{r:?}");
        let idle = Glicko::default().update(&[], TAU);
        assert!(idle.deviation > 350.0 && idle.rating == 1500.0);
    }
}
