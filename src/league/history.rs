//! Each player's rating as it was over the league's life, for the page's chart: the table's own fit
//! (`standings::fit`) over the first `k` games in the order they ended, at evenly spaced `k`. At each
//! point only the players who had played by then are fitted (their games-weighted mean 0), so a newcomer's line
//! starts where it joined instead of at a rating nothing supported.

use super::standings::{fit_by_games, tallies};
use super::store::Entrant;
use crate::json::{array, number, object};
use crate::report::model::LoggedGame;

/// The league as it stood after its first `games` games.
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// Games played by then.
    pub games: usize,
    /// When the last of them ended (seconds since the Unix epoch), when the log says.
    pub ended: Option<u64>,
    /// Per player (in the league's order): its rating and 95 % margin, `None` before its first game.
    pub ratings: Vec<Option<(f64, f64)>>,
}

/// The league after `k` games for at most `points` evenly spaced `k` (always the last), in order.
pub fn history(players: &[Entrant], games: &[LoggedGame], points: usize) -> Vec<Checkpoint> {
    let n = games.len();
    let points = points.max(1).min(n);
    let mut ks: Vec<usize> = (1..=points).map(|p| (p * n).div_ceil(points)).collect();
    ks.dedup();
    ks.into_iter().map(|k| checkpoint(players, &games[..k])).collect()
}

fn checkpoint(players: &[Entrant], games: &[LoggedGame]) -> Checkpoint {
    let seen: Vec<Entrant> =
        players.iter().filter(|p| games.iter().any(|g| g.x == p.name || g.o == p.name)).cloned().collect();
    let (points, played) = tallies(&seen, games.iter().map(|g| (&g.x[..], &g.o[..], g.score_of(&g.x))));
    let (ratings, covariance) = fit_by_games(&points, &played);
    let ratings = players
        .iter()
        .map(|p| {
            let i = seen.iter().position(|s| s.name == p.name)?;
            let variance = covariance[i][i];
            let margin = if variance.is_finite() && variance >= 0.0 {
                1.959964 * variance.sqrt()
            } else {
                f64::INFINITY
            };
            Some((ratings[i], margin))
        })
        .collect();
    Checkpoint { games: games.len(), ended: games.last().and_then(|g| g.ended), ratings }
}

/// The history as the page reads it: `{"players": [...], "points": [{"games", "ended", "ratings":
/// [[rating, margin] | null, ...]}]}` (an unbounded margin as null).
pub fn history_json(players: &[Entrant], history: &[Checkpoint]) -> String {
    let point = |c: &Checkpoint| {
        let ratings = c.ratings.iter().map(|r| match r {
            Some((rating, margin)) => array([number(*rating), number(*margin)]),
            None => "null".into(),
        });
        object(&[
            ("games", c.games.to_string()),
            ("ended", c.ended.map_or("null".into(), |t| t.to_string())),
            ("ratings", array(ratings)),
        ])
    };
    object(&[
        ("players", array(players.iter().map(|p| crate::json::string(&p.name)))),
        ("points", array(history.iter().map(point))),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Player;

    fn player(name: &str) -> Entrant {
        Entrant { name: name.into(), command: "builtin:random".into(), active: true }
    }

    fn game(x: &str, o: &str, winner: Option<Player>, ended: u64) -> LoggedGame {
        LoggedGame { ended: Some(ended), ..LoggedGame::result_only(0, x, o, winner) }
    }

    #[test]
    fn a_rating_appears_with_its_first_game_and_follows_the_results() {
        let players = [player("a"), player("b"), player("c")];
        // a beats b in 30 games, then c joins and beats a in 30.
        let mut games: Vec<LoggedGame> =
            (0..30).map(|t| game("a", "b", if t % 3 == 0 { None } else { Some(Player::X) }, t)).collect();
        games.extend((30..60).map(|t| game("a", "c", Some(Player::O), t)));
        let h = history(&players, &games, 6);
        assert_eq!(h.iter().map(|c| c.games).collect::<Vec<_>>(), [10, 20, 30, 40, 50, 60]);
        assert_eq!(h[2].ended, Some(29));
        assert!(h[2].ratings[2].is_none(), "c has not played after 30 games");
        let (a, b) = (h[2].ratings[0].unwrap(), h[2].ratings[1].unwrap());
        assert!(a.0 > b.0 && (a.0 + b.0).abs() < 1e-6, "mean 0 over those who played: {a:?} {b:?}");
        assert!(h[1].ratings[0].unwrap().1 > a.1, "the margin shrinks as games come");
        let last = &h[5].ratings;
        assert!(last[2].unwrap().0 > last[0].unwrap().0, "c, winning every game, passes a");
        // The last point is the table's own fit.
        let table = super::super::standings::standings(&players, &games);
        let c = table.iter().find(|r| r.name == "c").unwrap();
        assert!((c.rating - last[2].unwrap().0).abs() < 1e-9);
    }

    #[test]
    fn no_games_no_points_and_few_games_one_point_each() {
        assert!(history(&[player("a")], &[], 10).is_empty());
        let games = [game("a", "b", Some(Player::X), 5), game("b", "a", None, 9)];
        let h = history(&[player("a"), player("b")], &games, 10);
        assert_eq!(h.len(), 2);
        let json = crate::json::Json::parse(&history_json(&[player("a"), player("b")], &h)).unwrap();
        let last = &json.get("points").and_then(|p| p.as_array()).unwrap()[1];
        assert_eq!(last.get("ended").and_then(|t| t.as_f64()), Some(9.0));
        let a = last.get("ratings").and_then(|r| r.as_array()).unwrap()[0].as_array().unwrap();
        assert!(a[0].as_f64().unwrap() > 0.0, "a took 1.5 of 2");
    }
}
