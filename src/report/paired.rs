//! `uttt report NEW.log --paired BASE.log`: two matches of one seed, game by game. When every player's
//! search is fixed by iterations and seeded by the arena (`--iterations N --seed $UTTT_SEED`), game `k`
//! of both runs is the same game until the two bots' first different move (a different book, say), and
//! the same game to the end when they never differ. So the difference of the two runs' scores comes only
//! from the games that part, and its interval is far narrower than two separate matches' (whose every
//! game is a fresh sample): the pair's difference is measured where it is made. Load cannot change such a
//! game, so these matches may share the machine (docs/book.md).
//!
//! The difference's interval counts the games that part at the same place (the same moves before, and
//! each run's move there) as one cluster, as `arena/lines.rs` does for lines.

use super::model::{read_logs, LoggedGame, Run};
use crate::arena::lines::clustered_margin;
use crate::arena::stats::Wdl;
use crate::moves::Move;

/// One game index of both runs: the game of each, seen from the player compared.
struct GamePair<'a> {
    new: &'a LoggedGame,
    base: &'a LoggedGame,
    /// True when the compared player is X (in both runs).
    as_x: bool,
    new_score: f64,
    base_score: f64,
}

impl GamePair<'_> {
    /// The ply of the first move that differs, `None` for the same game.
    fn parting_ply(&self) -> Option<usize> {
        let (a, b) = (&self.new.moves, &self.base.moves);
        let shared = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        (shared < a.len().max(b.len()) || self.new.winner != self.base.winner).then_some(shared)
    }

    /// Where the games part: the moves before and each run's move there.
    fn parting(&self) -> Option<Place<'_>> {
        let ply = self.parting_ply()?;
        Some((&self.new.moves[..ply], self.new.moves.get(ply), self.base.moves.get(ply)))
    }
}

/// Where two games part: the moves before and each run's move there.
type Place<'a> = (&'a [Move], Option<&'a Move>, Option<&'a Move>);

/// The places where `pairs` part, each with its games and the sum of their differences (new − base),
/// most games first (then by place, so the order is the same on every run).
fn by_place<'a>(pairs: &[&'a GamePair<'a>]) -> Vec<(Place<'a>, usize, f64)> {
    let mut places: Vec<(Place, usize, f64)> = Vec::new();
    for p in pairs {
        let Some(place) = p.parting() else { continue };
        let d = p.new_score - p.base_score;
        match places.iter_mut().find(|(q, _, _)| *q == place) {
            Some((_, games, sum)) => (*games, *sum) = (*games + 1, *sum + d),
            None => places.push((place, 1, d)),
        }
    }
    places.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    places
}

/// The mean score difference (new − base) of `n` game pairs that part at `places` (`by_place`), with its
/// 95 % half-width: the pairs that part at one place one cluster, and each pair that never parts (a
/// difference of zero) one of its own.
fn difference(n: usize, places: &[(Place, usize, f64)]) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = places.iter().map(|(_, _, sum)| sum).sum::<f64>() / n as f64;
    let parted: usize = places.iter().map(|(_, games, _)| games).sum();
    let sums: Vec<f64> = places
        .iter()
        .map(|(_, games, sum)| sum - *games as f64 * mean)
        .chain(std::iter::repeat_n(-mean, n - parted))
        .collect();
    (mean, clustered_margin(&sums, n))
}

/// The compared player's games of both runs, index by index; an error when the runs are not one seed's
/// (a game missing, colours or opponents that differ).
fn game_pairs<'a>(new: &'a Run, base: &'a Run) -> Result<Vec<GamePair<'a>>, String> {
    let (new_name, base_name) = (player_of(new)?, player_of(base)?);
    if new.games.len() != base.games.len() {
        return Err(format!("{} games against {}: not one seed's runs", new.games.len(), base.games.len()));
    }
    let by_index = |run: &'a Run| {
        let mut games: Vec<&LoggedGame> = run.games.iter().collect();
        games.sort_by_key(|g| g.index);
        games
    };
    by_index(new)
        .into_iter()
        .zip(by_index(base))
        .map(|(n, b)| {
            let as_x = n.x == new_name;
            let opponent = |g: &LoggedGame, me: &str| if g.x == me { g.o.clone() } else { g.x.clone() };
            if n.index != b.index
                || as_x != (b.x == base_name)
                || opponent(n, new_name) != opponent(b, base_name)
            {
                return Err(format!("game {}: not the same game's seat in both runs", n.index));
            }
            Ok(GamePair {
                new: n,
                base: b,
                as_x,
                new_score: n.score_of(new_name),
                base_score: b.score_of(base_name),
            })
        })
        .collect()
}

/// A run's compared player: the first named in its header (the arena's first).
fn player_of(run: &Run) -> Result<&str, String> {
    run.players.first().map(String::as_str).ok_or_else(|| "the log names no player".into())
}

/// The comparison's text: the games that part, and the difference of scores with its interval, in all
/// and by colour.
fn describe(pairs: &[GamePair]) -> String {
    let mut text = String::new();
    for (label, filter) in [("all", None), ("as X", Some(true)), ("as O", Some(false))] {
        let chosen: Vec<&GamePair> = pairs.iter().filter(|p| filter.is_none_or(|x| p.as_x == x)).collect();
        let parted: Vec<&GamePair> = chosen.iter().copied().filter(|p| p.parting_ply().is_some()).collect();
        let score = |f: fn(&GamePair) -> f64| Wdl::from_scores(chosen.iter().map(|p| f(p)));
        let (new, base) = (score(|p| p.new_score), score(|p| p.base_score));
        let by_place = by_place(&chosen);
        let (mean, half) = difference(chosen.len(), &by_place);
        let mut plies: Vec<usize> = parted.iter().filter_map(|p| p.parting_ply()).collect();
        plies.sort_unstable();
        let places = by_place.len();
        text += &format!(
            "{label}: {} games, {} part (at {} places, median ply {}); new {:.1} %, base {:.1} %, \
             difference {:+.1} points (95 %: {:+.1} .. {:+.1})\n",
            chosen.len(),
            parted.len(),
            places,
            plies.get(plies.len() / 2).map_or("-".to_string(), |p| p.to_string()),
            100.0 * new.score(),
            100.0 * base.score(),
            100.0 * mean,
            100.0 * (mean - half),
            100.0 * (mean + half),
        );
    }
    text
}

/// The places where most games part (up to `count`), each with its games and the new run's points over
/// the base's there: where a new book gains and where it loses.
fn places(pairs: &[GamePair], count: usize) -> String {
    let pairs: Vec<&GamePair> = pairs.iter().collect();
    let by_place = by_place(&pairs);
    let show = |m: Option<&Move>| m.map_or("(end)".to_string(), Move::to_string);
    let mut text = String::new();
    for ((before, new, base), games, sum) in by_place.into_iter().take(count) {
        let line: Vec<String> = before.iter().map(Move::to_string).collect();
        text += &format!(
            "  after [{}] new {} / base {}: {games} games, {:+.1} points\n",
            line.join(", "),
            show(new),
            show(base),
            sum
        );
    }
    text
}

/// `uttt report NEW.log... --paired BASE.log...`: each NEW log against the BASE log at its place.
pub fn main(new_paths: &[String], base_paths: &[String]) -> Result<i32, String> {
    if new_paths.len() != base_paths.len() {
        return Err("--paired takes as many base logs as new ones, in the same order".into());
    }
    let read = |path: &String| -> Result<Run, String> {
        Run::from_logs(&read_logs(std::slice::from_ref(path))?).map_err(|e| format!("{path}: {e}"))
    };
    let runs: Vec<(Run, Run)> = new_paths
        .iter()
        .zip(base_paths)
        .map(|(n, b)| Ok((read(n)?, read(b)?)))
        .collect::<Result<_, String>>()?;
    let mut all = Vec::new();
    for ((new, base), (n, b)) in runs.iter().zip(new_paths.iter().zip(base_paths)) {
        let pairs = game_pairs(new, base).map_err(|e| format!("{n} against {b}: {e}"))?;
        print!("{n} against {b}\n{}where most games part:\n{}", describe(&pairs), places(&pairs, 6));
        all.extend(pairs);
    }
    if runs.len() > 1 {
        print!("pooled\n{}", describe(&all));
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Player;

    /// Game `index` of `me` against "them", `me` X when `as_x`, with these moves and winner.
    fn game(
        index: usize,
        me: &str,
        as_x: bool,
        moves: &[(usize, usize)],
        winner: Option<Player>,
    ) -> LoggedGame {
        let (x, o) = if as_x { (me, "them") } else { ("them", me) };
        LoggedGame {
            moves: moves.iter().map(|&(b, c)| Move::new(b, c)).collect(),
            ..LoggedGame::result_only(index, x, o, winner)
        }
    }

    fn run(me: &str, games: Vec<LoggedGame>) -> Run {
        Run::arena_match(vec![me.into(), "them".into()], games)
    }

    #[test]
    fn only_the_games_that_part_make_the_difference() {
        let (x, o) = (Some(Player::X), Some(Player::O));
        let line = [(4, 4), (4, 0), (0, 8)];
        let other = [(4, 4), (4, 0), (0, 4)];
        // Games 0 and 1 the same in both runs; game 2 parts at ply 2 and turns a loss as O into a draw;
        // game 3 parts at the same place and turns a loss into a win.
        let new = run(
            "new",
            vec![
                game(0, "new", true, &line, x),
                game(1, "new", false, &line, x),
                game(2, "new", false, &other, None),
                game(3, "new", false, &other, o),
            ],
        );
        let base = run(
            "base",
            vec![
                game(0, "base", true, &line, x),
                game(1, "base", false, &line, x),
                game(2, "base", false, &line, x),
                game(3, "base", false, &line, x),
            ],
        );
        let pairs = game_pairs(&new, &base).unwrap();
        assert_eq!(
            pairs.iter().map(|p| p.parting_ply()).collect::<Vec<_>>(),
            vec![None, None, Some(2), Some(2)]
        );
        let all: Vec<&GamePair> = pairs.iter().collect();
        let (mean, half) = difference(all.len(), &by_place(&all));
        assert!((mean - 1.5 / 4.0).abs() < 1e-12, "{mean}");
        assert!(half.is_finite() && half > 0.0);
        let text = describe(&pairs);
        assert!(text.contains("all: 4 games, 2 part (at 1 places, median ply 2)"), "{text}");
        assert!(text.contains("as X: 1 games, 0 part"), "{text}");
        assert!(text.contains("as O: 3 games, 2 part"), "{text}");
        assert!(text.contains("difference +50.0 points"), "{text}");
        let parts = places(&pairs, 6);
        assert_eq!(parts, "  after [4 4, 3 3] new 1 1 / base 2 2: 2 games, +1.5 points\n", "{parts}");
    }

    #[test]
    fn the_same_games_differ_by_nothing_and_other_seeds_are_refused() {
        let line = [(4, 4), (4, 0)];
        let games = |me: &str| (0..6).map(|k| game(k, me, k % 2 == 0, &line, None)).collect::<Vec<_>>();
        let pairs_of = (run("new", games("new")), run("base", games("base")));
        let pairs = game_pairs(&pairs_of.0, &pairs_of.1).unwrap();
        let all: Vec<&GamePair> = pairs.iter().collect();
        assert_eq!(difference(all.len(), &by_place(&all)), (0.0, 0.0));
        // Colours swapped in one run: not one seed's games.
        let swapped = run("base", (0..6).map(|k| game(k, "base", k % 2 == 1, &line, None)).collect());
        assert!(game_pairs(&pairs_of.0, &swapped).is_err());
        let shorter = run("base", games("base")[..5].to_vec());
        assert!(game_pairs(&pairs_of.0, &shorter).is_err());
    }
}
