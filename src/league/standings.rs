//! The league's table: one Bradley–Terry fit over all its games (`arena::stats::ratings`, Elo scale), each rating's 95 % interval from the fit's covariance, and per player its games, score by colour,
//! faults and later turns' p99. The fit reads only how many points each player took from each other, so
//! the numbers are the same whichever order the games finished in.
//!
//! The covariance: the fit's Fisher information is `n_ij · p_ij (1 - p_ij) · k²` between two players
//! (`k = ln 10 / 400` per Elo point), a Laplacian whose null space is the shift of every rating together,
//! fixed by the mean of 0; its pseudo-inverse, `(L + J/n)^-1 - J/n` with `J` all ones, is the covariance.
//! A player cut off from the rest (no games, or a group that never met the others) gets no bound.
//!
//! The table states each rating against the league's average game (`fit_by_games`): the mean rating,
//! each player weighted by its games, is 0. A player with few games, or none won, is known only
//! loosely, and with the plain mean its doubt spread into every other rating's interval; weighted by
//! games, it stays with that player. Differences, and so the matchmaking, are the same either way.

use super::store::Entrant;
use crate::arena::stats::{self, percentile, score_from_elo, Wdl};
use crate::board::Player;
use crate::report::model::LoggedGame;

/// Elo points to natural-log strength units.
const K: f64 = std::f64::consts::LN_10 / 400.0;

/// One row of the table.
#[derive(Clone, Debug)]
pub struct Standing {
    /// The player.
    pub name: String,
    /// Still playing (not removed).
    pub active: bool,
    /// Its rating, Elo, the league's mean 0.
    pub rating: f64,
    /// Half the width of its 95 % interval (infinite when nothing bounds it).
    pub margin: f64,
    /// Its results as X and as O.
    pub by_colour: [Wdl; 2],
    /// Games it forfeited.
    pub faults: usize,
    /// Its later turns' 99th percentile, ms.
    pub later_p99_ms: f64,
}

impl Standing {
    /// Its games.
    pub fn games(&self) -> u32 {
        self.by_colour[0].games() + self.by_colour[1].games()
    }
}

/// The ratings and their covariance from per-pair points and games (`points[i][j]`: i's points against j).
pub fn fit(points: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = points.len();
    if n == 0 {
        return (Vec::new(), Vec::new());
    }
    let ratings = stats::ratings(points, games);
    // The information matrix, plus J/n.
    let mut m = vec![vec![1.0 / n as f64; n]; n];
    for i in 0..n {
        for j in (0..n).filter(|&j| j != i) {
            let p = score_from_elo(ratings[i] - ratings[j]);
            let info = games[i][j] * p * (1.0 - p) * K * K;
            m[i][j] -= info;
            m[i][i] += info;
        }
    }
    let mut covariance = invert(m).unwrap_or_else(|| vec![vec![f64::INFINITY; n]; n]);
    for row in covariance.iter_mut() {
        for c in row.iter_mut() {
            *c -= 1.0 / n as f64;
        }
    }
    (ratings, covariance)
}

/// The inverse of a square matrix by Gauss–Jordan elimination with partial pivoting; `None` when it is
/// singular (or nearly: a pivot below 1e-12 of the largest entry).
fn invert(mut m: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let scale = m.iter().flatten().fold(0.0f64, |a, &b| a.max(b.abs())).max(1e-300);
    let mut inv: Vec<Vec<f64>> =
        (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 * scale {
            return None;
        }
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let d = m[col][col];
        for k in 0..n {
            m[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in (0..n).filter(|&r| r != col) {
            let f = m[row][col];
            if f != 0.0 {
                for k in 0..n {
                    m[row][k] -= f * m[col][k];
                    inv[row][k] -= f * inv[col][k];
                }
            }
        }
    }
    Some(inv)
}

/// Per pair of `players` (by index), the points and games between them in `results` (each game's X, O
/// and X's score; a game of a player not listed is left out).
pub fn tallies<'a>(
    players: &[Entrant],
    results: impl IntoIterator<Item = (&'a str, &'a str, f64)>,
) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
    let n = players.len();
    let (mut points, mut played) = (vec![vec![0.0; n]; n], vec![vec![0.0; n]; n]);
    let index = |name: &str| players.iter().position(|p| p.name == name);
    for (x, o, sx) in results {
        let (Some(x), Some(o)) = (index(x), index(o)) else { continue };
        if x == o {
            continue;
        }
        points[x][o] += sx;
        points[o][x] += 1.0 - sx;
        played[x][o] += 1.0;
        played[o][x] += 1.0;
    }
    (points, played)
}

/// `fit` re-expressed against the average game: the ratings shifted so that their mean weighted by each
/// player's games is 0, and the covariance of those (`P C Pᵀ`, `P = I - 1 wᵀ`, `w` the games' shares).
/// Left in `fit`'s terms where no game was played or some rating has no bound.
pub fn fit_by_games(points: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let (mut ratings, mut covariance) = fit(points, games);
    let played: Vec<f64> = games.iter().map(|row| row.iter().sum()).collect();
    let total: f64 = played.iter().sum();
    if total == 0.0 || covariance.iter().flatten().any(|c| !c.is_finite()) {
        return (ratings, covariance);
    }
    let w: Vec<f64> = played.iter().map(|g| g / total).collect();
    let mean: f64 = ratings.iter().zip(&w).map(|(r, w)| r * w).sum();
    ratings.iter_mut().for_each(|r| *r -= mean);
    let cw: Vec<f64> = covariance.iter().map(|row| row.iter().zip(&w).map(|(c, w)| c * w).sum()).collect();
    let wcw: f64 = cw.iter().zip(&w).map(|(c, w)| c * w).sum();
    for (i, row) in covariance.iter_mut().enumerate() {
        for (j, c) in row.iter_mut().enumerate() {
            *c += wcw - cw[i] - cw[j];
        }
    }
    (ratings, covariance)
}

/// The table of `players` over `games`, best first (then by name).
pub fn standings(players: &[Entrant], games: &[LoggedGame]) -> Vec<Standing> {
    let (points, played) = tallies(players, games.iter().map(|g| (&g.x[..], &g.o[..], g.score_of(&g.x))));
    let (ratings, covariance) = fit_by_games(&points, &played);
    let mut rows: Vec<Standing> = players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mine: Vec<&LoggedGame> = games.iter().filter(|g| g.x == p.name || g.o == p.name).collect();
            let colour = |side: Player| {
                Wdl::from_scores(
                    mine.iter()
                        .filter(|g| (side == Player::X) == (g.x == p.name))
                        .map(|g| g.score_of(&p.name)),
                )
            };
            let faults = mine
                .iter()
                .filter(|g| g.fault.as_ref().is_some_and(|f| (f.player == Player::X) == (g.x == p.name)))
                .count();
            let mut later: Vec<f64> =
                mine.iter().flat_map(|g| g.turn_times(&p.name).into_iter().skip(1)).collect();
            later.sort_by(f64::total_cmp);
            let variance = covariance[i][i];
            let bounded = variance.is_finite() && variance >= 0.0 && played[i].iter().sum::<f64>() > 0.0;
            Standing {
                name: p.name.clone(),
                active: p.active,
                rating: ratings[i],
                margin: if bounded { 1.959964 * variance.sqrt() } else { f64::INFINITY },
                by_colour: [colour(Player::X), colour(Player::O)],
                faults,
                later_p99_ms: percentile(&later, 0.99),
            }
        })
        .collect();
    rows.sort_by(|a, b| b.rating.total_cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    rows
}

/// The table as text.
pub fn table_text(rows: &[Standing], games: usize) -> String {
    let mut text = format!("{games} games\n");
    text += "rank  player                                    rating   95% ±   games  as X    as O    faults  p99 ms\n";
    for (k, r) in rows.iter().enumerate() {
        let margin = if r.margin.is_finite() { format!("{:.1}", r.margin) } else { "inf".into() };
        text += &format!(
            "{:>4}  {:<40}  {:>+6.1}  {:>6}  {:>6}  {:>5.1}%  {:>5.1}%  {:>6}  {:>6.1}{}\n",
            k + 1,
            r.name,
            r.rating,
            margin,
            r.games(),
            100.0 * r.by_colour[0].score(),
            100.0 * r.by_colour[1].score(),
            r.faults,
            r.later_p99_ms,
            if r.active { "" } else { "  (removed)" }
        );
    }
    text
}

/// The table as JSON.
pub fn table_json(rows: &[Standing], games: usize) -> String {
    use crate::json::{number, object, string};
    let wdl = |w: &Wdl| {
        object(&[
            ("wins", w.wins.to_string()),
            ("draws", w.draws.to_string()),
            ("losses", w.losses.to_string()),
            ("score", number(w.score())),
        ])
    };
    let players = rows.iter().map(|r| {
        object(&[
            ("name", string(&r.name)),
            ("active", r.active.to_string()),
            ("rating", number(r.rating)),
            ("margin", if r.margin.is_finite() { number(r.margin) } else { "null".into() }),
            ("games", r.games().to_string()),
            ("as_x", wdl(&r.by_colour[0])),
            ("as_o", wdl(&r.by_colour[1])),
            ("faults", r.faults.to_string()),
            ("later_p99_ms", number(r.later_p99_ms)),
        ])
    });
    object(&[("games", games.to_string()), ("players", crate::json::array(players))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_covariance_bounds_each_rating_and_shrinks_with_games() {
        // Three players in a chain: A beats B 70 %, B beats C 70 %, over `n` games each; A and C never met.
        let at = |n: f64| {
            let points = vec![vec![0.0, 0.7 * n, 0.0], vec![0.3 * n, 0.0, 0.7 * n], vec![0.0, 0.3 * n, 0.0]];
            let games = vec![vec![0.0, n, 0.0], vec![n, 0.0, n], vec![0.0, n, 0.0]];
            fit(&points, &games)
        };
        let (r, c) = at(100.0);
        assert!(r[0] > r[1] && r[1] > r[2]);
        assert!((r.iter().sum::<f64>()).abs() < 1e-6, "mean 0");
        // B, in the middle, is the surest; the ends share B's uncertainty.
        assert!(c[1][1] < c[0][0] && (c[0][0] - c[2][2]).abs() < 1e-6 * c[0][0]);
        // Four times the games: half the margin.
        let (_, c4) = at(400.0);
        assert!((c[0][0].sqrt() / c4[0][0].sqrt() - 2.0).abs() < 0.05);
        // Two players who never met anyone: no bound.
        let (_, none) = fit(&[vec![0.0, 0.0], vec![0.0, 0.0]], &[vec![0.0, 0.0], vec![0.0, 0.0]]);
        assert!(none[0][0].is_infinite());
    }

    #[test]
    fn against_the_average_game_a_loosely_known_player_keeps_its_doubt_to_itself() {
        // A and B level over 400 games; C lost its 4 games to B.
        let points = vec![vec![0.0, 200.0, 0.0], vec![200.0, 0.0, 4.0], vec![0.0, 0.0, 0.0]];
        let games = vec![vec![0.0, 400.0, 0.0], vec![400.0, 0.0, 4.0], vec![0.0, 4.0, 0.0]];
        let (plain_r, plain) = fit(&points, &games);
        let (r, c) = fit_by_games(&points, &games);
        let played = [400.0, 404.0, 4.0];
        let weighted_mean: f64 = r.iter().zip(played).map(|(r, g)| r * g).sum::<f64>() / 808.0;
        assert!(weighted_mean.abs() < 1e-9, "{r:?}");
        // The differences are the fit's.
        assert!(((r[0] - r[2]) - (plain_r[0] - plain_r[2])).abs() < 1e-9);
        let var_diff = |c: &[Vec<f64>], i: usize, j: usize| c[i][i] + c[j][j] - 2.0 * c[i][j];
        assert!((var_diff(&c, 0, 2) - var_diff(&plain, 0, 2)).abs() < 1e-6 * var_diff(&plain, 0, 2));
        // A's interval no longer carries C's doubt.
        assert!(c[0][0] < plain[0][0] / 4.0 && c[2][2] > 10.0 * c[0][0], "{c:?} {plain:?}");
    }

    #[test]
    fn the_table_is_the_same_whichever_order_the_games_ended_in() {
        let players: Vec<Entrant> = ["a", "b", "c"]
            .iter()
            .map(|n| Entrant { name: n.to_string(), command: "builtin:random".into(), active: true })
            .collect();
        let game = |k: usize| {
            let winner = [Some(Player::X), None, Some(Player::O), Some(Player::X)][k % 4];
            LoggedGame::result_only(k, ["a", "b", "c"][k % 3], ["b", "c", "a"][k % 3], winner)
        };
        let games: Vec<LoggedGame> = (0..60).map(game).collect();
        // The same games, ended in another order: every seventh first, then the rest backwards.
        let mut shuffled: Vec<LoggedGame> = games.iter().step_by(7).cloned().collect();
        shuffled.extend(games.iter().enumerate().rev().filter(|(k, _)| k % 7 != 0).map(|(_, g)| g.clone()));
        assert_eq!(shuffled.len(), games.len());
        let (one, other) = (standings(&players, &games), standings(&players, &shuffled));
        for (p, q) in one.iter().zip(&other) {
            assert_eq!(p.name, q.name);
            assert!((p.rating - q.rating).abs() < 1e-9 && (p.margin - q.margin).abs() < 1e-9, "{p:?} {q:?}");
        }
    }

    #[test]
    fn a_matrix_times_its_inverse_is_the_identity() {
        let m = vec![vec![4.0, 1.0, 2.0], vec![1.0, 3.0, 0.5], vec![2.0, 0.5, 5.0]];
        let inv = invert(m.clone()).unwrap();
        for i in 0..3 {
            for j in 0..3 {
                let v: f64 = (0..3).map(|k| m[i][k] * inv[k][j]).sum();
                assert!((v - f64::from(u8::from(i == j))).abs() < 1e-12);
            }
        }
        assert!(invert(vec![vec![1.0, 2.0], vec![2.0, 4.0]]).is_none());
    }
}
