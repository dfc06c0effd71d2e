//! The report page: the data of a run as one JSON object, set into a self-contained HTML page whose
//! markup, style and script are the plain web files beside this one (`page.html`, `page.css`, `page.js`).

use super::model::{LoggedGame, Run, RunKind};
use crate::arena::stats::{self, percentile, Wdl};
use crate::board::Player;
use crate::json::{array, number, object, string};

const TEMPLATE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// The page for `data` (a JSON object, see `run_data` and `profile_data`) under `title`.
pub fn html(title: &str, data: &str) -> String {
    // `json::string` escapes every `<`, so nothing in the data can close the script element.
    let title = html_escape(title);
    fill(
        TEMPLATE,
        &[("{{TITLE}}", &title), ("/*{{STYLE}}*/", STYLE), ("/*{{SCRIPT}}*/", SCRIPT), ("{{DATA}}", data)],
    )
}

/// `template` with each marker replaced by its text, in one pass: a text that happens to contain a
/// marker (a player named `{{DATA}}`) is left as it is.
fn fill(template: &str, markers: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + markers.iter().map(|(_, t)| t.len()).sum::<usize>());
    let mut rest = template;
    while let Some((at, marker, text)) =
        markers.iter().filter_map(|(m, t)| rest.find(m).map(|at| (at, *m, *t))).min_by_key(|(at, _, _)| *at)
    {
        out.push_str(&rest[..at]);
        out.push_str(text);
        rest = &rest[at + marker.len()..];
    }
    out.push_str(rest);
    out
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page's data for a match or a tournament.
pub fn run_data(run: &Run) -> String {
    object(&run_fields(run))
}

/// The fields of `run_data`, for a page that adds its own (a league's).
pub fn run_fields(run: &Run) -> Vec<(&'static str, String)> {
    let kind = match run.kind {
        RunKind::Match => "match",
        RunKind::Tournament => "tournament",
    };
    let mut fields = vec![
        ("kind", string(kind)),
        ("players", array(run.players.iter().map(|p| string(p)))),
        (
            "limits",
            object(&[
                ("first_ms", number(run.first_ms)),
                ("later_ms", number(run.later_ms)),
                ("grace_ms", number(run.grace_ms)),
            ]),
        ),
        ("times", array(run.players.iter().map(|p| time_series(run, p)))),
        ("games", array(run.games.iter().enumerate().map(|(id, g)| game_data(id, g)))),
    ];
    match run.kind {
        RunKind::Match => fields.push(("summary", match_summary(run))),
        RunKind::Tournament => fields.push(("table", tournament_table(run))),
    }
    fields
}

/// Player `a`'s wins, draws and losses against anyone in `games`.
fn wdl_of(a: &str, games: &[&LoggedGame]) -> Wdl {
    Wdl::from_scores(games.iter().map(|g| g.score_of(a)))
}

/// The summary of a two-player run, from the first player's view.
fn match_summary(run: &Run) -> String {
    let (a, b) = (&run.players[0], &run.players[1]);
    let games: Vec<&LoggedGame> = run.games.iter().collect();
    let w = wdl_of(a, &games);
    let (elo, lo, hi) = w.elo_interval();
    let pair_scores = stats::pair_scores(games.iter().map(|g| (g.index, g.x == *a, g.score_of(a))));
    let (pair_elo, pair_lo, pair_hi) = stats::pair_elo_interval(&pair_scores);
    let by_colour = |name: &str, side: Player| {
        let played: Vec<&LoggedGame> =
            games.iter().copied().filter(|g| (if side == Player::X { &g.x } else { &g.o }) == name).collect();
        let w = wdl_of(name, &played);
        object(&[("games", number(w.games() as f64)), ("score", number(w.score()))])
    };
    let colours =
        |name: &str| object(&[("first", by_colour(name, Player::X)), ("second", by_colour(name, Player::O))]);
    let n = games.len().max(1) as f64;
    let mean_length = games.iter().map(|g| (g.moves.len() - g.opening) as f64).sum::<f64>() / n;
    let x_wins = games.iter().filter(|g| g.winner == Some(Player::X)).count() as f64 / n;
    object(&[
        ("a", string(a)),
        ("b", string(b)),
        ("games", number(w.games() as f64)),
        ("wins", number(w.wins as f64)),
        ("draws", number(w.draws as f64)),
        ("losses", number(w.losses as f64)),
        ("score", number(w.score())),
        ("elo", number(elo)),
        ("elo_low", number(lo)),
        ("elo_high", number(hi)),
        ("pairs", number(pair_scores.len() as f64)),
        ("pair_elo", number(pair_elo)),
        ("pair_elo_low", number(pair_lo)),
        ("pair_elo_high", number(pair_hi)),
        ("sprt", run.sprt.as_deref().map(string).unwrap_or_else(|| "null".into())),
        ("colours", array([colours(a), colours(b)])),
        ("mean_length", number(mean_length)),
        ("first_player_wins", number(x_wins)),
    ])
}

/// Bradley–Terry ratings and the pairwise score matrix of a round robin.
fn tournament_table(run: &Run) -> String {
    let n = run.players.len();
    let at = |name: &str| run.players.iter().position(|p| p == name).unwrap_or(0);
    let (mut score, mut played) = (vec![vec![0.0; n]; n], vec![vec![0.0; n]; n]);
    for g in &run.games {
        let (x, o) = (at(&g.x), at(&g.o));
        score[x][o] += g.score_of(&g.x);
        score[o][x] += g.score_of(&g.o);
        played[x][o] += 1.0;
        played[o][x] += 1.0;
    }
    let ratings = stats::ratings(&score, &played);
    let rows = (0..n).map(|i| {
        let total: f64 = score[i].iter().sum();
        let games: f64 = played[i].iter().sum();
        let cells = (0..n).map(|j| {
            if played[i][j] == 0.0 {
                "null".to_string()
            } else {
                object(&[("score", number(score[i][j] / played[i][j])), ("games", number(played[i][j]))])
            }
        });
        object(&[
            ("player", string(&run.players[i])),
            ("elo", number(ratings[i])),
            ("score", number(total / games.max(1.0))),
            ("games", number(games)),
            ("cells", array(cells)),
        ])
    });
    array(rows)
}

/// `name`'s move times by its own move number: `[move, p50, p99, max, games]` per number.
fn time_series(run: &Run, name: &str) -> String {
    let mut by_move: Vec<Vec<f64>> = Vec::new();
    for g in run.games.iter().filter(|g| g.x == name || g.o == name) {
        for (k, t) in g.turn_times(name).into_iter().enumerate() {
            if by_move.len() <= k {
                by_move.push(Vec::new());
            }
            by_move[k].push(t);
        }
    }
    let points = by_move.iter_mut().enumerate().map(|(k, times)| {
        times.sort_by(f64::total_cmp);
        let max = times.last().copied().unwrap_or(0.0);
        array([
            number(k as f64 + 1.0),
            number(percentile(times, 0.5)),
            number(percentile(times, 0.99)),
            number(max),
            number(times.len() as f64),
        ])
    });
    object(&[("player", string(name)), ("points", array(points))])
}

/// One game for the list and the replay; moves as cell numbers `9 · row + column`.
fn game_data(id: usize, g: &LoggedGame) -> String {
    let result = match g.winner {
        Some(Player::X) => "X",
        Some(Player::O) => "O",
        None => "draw",
    };
    let fault = match &g.fault {
        Some(f) => object(&[
            ("player", string(if f.player == Player::X { &g.x } else { &g.o })),
            ("kind", string(&f.kind)),
            ("detail", string(&f.detail)),
        ]),
        None => "null".into(),
    };
    let cells = g.moves.iter().map(|m| {
        let (r, c) = m.row_col();
        number((9 * r + c) as f64)
    });
    object(&[
        ("id", number(id as f64)),
        ("index", number(g.index as f64)),
        ("x", string(&g.x)),
        ("o", string(&g.o)),
        ("result", string(result)),
        ("winner", g.winner_name().map(string).unwrap_or_else(|| "null".into())),
        ("fault", fault),
        ("opening", number(g.opening as f64)),
        ("moves", array(cells)),
        ("times", array(g.times_ms.iter().map(|t| number(*t)))),
        ("notes", array(g.notes.iter().map(|n| string(n)))),
        ("notes_cut", (g.notes_cut).to_string()),
    ])
}

/// The page's data for `uttt profile`: its per-move table (`rows`, a JSON array made by the profile) and
/// the game itself, for the replay.
pub fn profile_data(rows: String, game: &LoggedGame) -> String {
    object(&[
        ("kind", string("profile")),
        ("players", array([string(&game.x), string(&game.o)])),
        ("rows", rows),
        ("games", array([game_data(0, game)])),
    ])
}
