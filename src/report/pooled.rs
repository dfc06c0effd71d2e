//! `uttt report LOG... [--player NAME]` (without `--html`): one player's pooled figures over several
//! logged matches — its score and Elo with the interval of all their games, the same over game pairs, by
//! colour, by log, its later turns' times and its faults — so that matches run one seed at a time add up
//! to one figure.
//!
//! Game pairs (one opening, both colours) are formed within each log, never across two: game numbers
//! restart in every log. A pair's two games share an opening, so their scores are alike; the pairs'
//! interval counts that, and is the one to quote for matches from a book of openings.

use super::model::Run;
use crate::arena::stats::{self, percentile, Wdl};
use crate::board::Player;
use crate::moves::Move;

/// The first ply of the middle game and of the endings, for the search speed by phase: the endings'
/// walks stop at once in finished and proven positions, and their thousands of iterations a millisecond
/// would rule a figure over whole games.
const PHASE_STARTS: [usize; 2] = [20, 40];

/// The faults a referee can judge, in the order they are reported.
const FAULT_KINDS: [&str; 4] = ["timeout", "malformed", "illegal", "crash"];

/// One player's figures over the games of one or more logs.
#[derive(Clone, Debug, PartialEq)]
pub struct Pooled {
    /// The player.
    pub name: String,
    /// Everyone it played, in order of first appearance.
    pub opponents: Vec<String>,
    /// Its wins, draws and losses in every game.
    pub all: Wdl,
    /// The same as X, the first player.
    pub as_first: Wdl,
    /// The same as O, the second player.
    pub as_second: Wdl,
    /// Its mean score in each game pair, the pairs of every log.
    pub pair_scores: Vec<f64>,
    /// Its wins, draws and losses in each log, in the logs' order.
    pub by_log: Vec<Wdl>,
    /// The times of its turns after its first in each game (whose limit is the later turns'), sorted.
    pub later_turns_ms: Vec<f64>,
    /// The search iterations its notes give for its later turns, and those turns' time in ms, by phase of
    /// the game (`PHASE_STARTS`); then the same for its opponents in these games: each side's iterations a
    /// millisecond of the arena's clock, under the same machine's load, turn by turn (`search_lines`).
    pub later_search: [[(u64, f64); 3]; 2],
    /// The depths an alpha-beta player's notes give for its later turns (`depth D`), summed, and the turns
    /// that gave one, by phase of the game (`PHASE_STARTS`); zeros for a tree search.
    pub later_depth: [(u64, u64); 3],
    /// How many games it forfeited, by kind (`FAULT_KINDS`' order).
    pub faults: [usize; 4],
    /// Its games as X and as O: each one's moves and its score, for the lines (`arena/lines.rs`).
    pub lines: [Vec<(Vec<Move>, f64)>; 2],
}

/// `name`'s figures over `runs`, each run read from one log; an error when no game of any run is its.
pub fn pool(runs: &[Run], name: &str) -> Result<Pooled, String> {
    let mut pooled = Pooled {
        name: name.to_string(),
        opponents: Vec::new(),
        all: Wdl::default(),
        as_first: Wdl::default(),
        as_second: Wdl::default(),
        pair_scores: Vec::new(),
        by_log: Vec::new(),
        later_turns_ms: Vec::new(),
        later_search: [[(0, 0.0); 3]; 2],
        later_depth: [(0, 0); 3],
        faults: [0; 4],
        lines: Default::default(),
    };
    let mut scores_by_colour: [Vec<f64>; 2] = Default::default();
    for run in runs {
        let games: Vec<_> = run.games.iter().filter(|g| g.x == name || g.o == name).collect();
        pooled.by_log.push(Wdl::from_scores(games.iter().map(|g| g.score_of(name))));
        pooled
            .pair_scores
            .extend(stats::pair_scores(games.iter().map(|g| (g.index, g.x == name, g.score_of(name)))));
        for g in &games {
            let (side, opponent) = if g.x == name { (Player::X, &g.o) } else { (Player::O, &g.x) };
            if !pooled.opponents.contains(opponent) {
                pooled.opponents.push(opponent.clone());
            }
            scores_by_colour[side.index()].push(g.score_of(name));
            pooled.lines[side.index()].push((g.moves.clone(), g.score_of(name)));
            pooled.later_turns_ms.extend(g.turn_times(name).into_iter().skip(1));
            for (ply, _) in g.turns(name).skip(1) {
                if let Some(depth) = g.logged_depth(ply) {
                    let phase = &mut pooled.later_depth[phase_of(ply)];
                    *phase = (phase.0 + depth, phase.1 + 1);
                }
            }
            for (searched, player) in pooled.later_search.iter_mut().zip([name, opponent.as_str()]) {
                for (ply, ms) in g.turns(player).skip(1) {
                    if let Some(iterations) = g.logged_iterations(ply) {
                        let phase = &mut searched[phase_of(ply)];
                        *phase = (phase.0 + iterations, phase.1 + ms);
                    }
                }
            }
            if let Some(fault) = g.fault.as_ref().filter(|f| f.player == side) {
                if let Some(k) = FAULT_KINDS.iter().position(|&kind| kind == fault.kind) {
                    pooled.faults[k] += 1;
                }
            }
        }
    }
    if pooled.by_log.iter().all(|w| w.games() == 0) {
        return Err(format!("no game of {name:?} in the logs"));
    }
    let [first, second] = &scores_by_colour;
    pooled.as_first = Wdl::from_scores(first.iter().copied());
    pooled.as_second = Wdl::from_scores(second.iter().copied());
    pooled.all = Wdl::from_scores(first.iter().chain(second).copied());
    pooled.later_turns_ms.sort_by(f64::total_cmp);
    Ok(pooled)
}

/// The text of `pool`, each log named by its path in `paths`.
pub fn describe(p: &Pooled, paths: &[String]) -> String {
    let mut text = format!(
        "{} against {}: {} games in {} log{}\n",
        p.name,
        p.opponents.join(", "),
        p.all.games(),
        paths.len(),
        if paths.len() == 1 { "" } else { "s" }
    );
    text += &format!("{}\n", p.all.headline());
    if !p.pair_scores.is_empty() {
        text += &stats::pairs_line(&p.pair_scores);
    }
    for (colour, w) in [("moving first (X)", p.as_first), ("moving second (O)", p.as_second)] {
        text += &format!(
            "{colour}: {} games, W/D/L {}/{}/{}, score {:.1}%\n",
            w.games(),
            w.wins,
            w.draws,
            w.losses,
            100.0 * w.score()
        );
    }
    for (colour, games) in ["as X", "as O"].iter().zip(&p.lines) {
        let games: Vec<(&[Move], f64)> = games.iter().map(|(m, s)| (&m[..], *s)).collect();
        text += &crate::arena::lines::colour_line(&format!("{} {colour}", p.name), &games);
    }
    let t = &p.later_turns_ms;
    text += &format!(
        "later turns: {} of them, p50 {:.2} ms, p99 {:.2} ms, max {:.1} ms\n",
        t.len(),
        percentile(t, 0.5),
        percentile(t, 0.99),
        t.last().copied().unwrap_or(0.0)
    );
    text += &search_lines(&p.later_search);
    text += &depth_line(&p.later_depth);
    let faults: Vec<String> = FAULT_KINDS.iter().zip(p.faults).map(|(k, n)| format!("{k} {n}")).collect();
    text += &format!("faults: {}\n", faults.join(", "));
    for (path, w) in paths.iter().zip(&p.by_log) {
        text += &match w.games() {
            0 => format!("  {path}: no game of {}\n", p.name),
            n => format!("  {path}: {n} games, {}\n", w.headline()),
        };
    }
    text
}

/// The phase of the game (`PHASE_STARTS`) of the move at `ply`: 0, 1 or 2.
fn phase_of(ply: usize) -> usize {
    PHASE_STARTS.iter().filter(|&&start| ply >= start).count()
}

/// The phases' names.
fn phase_names() -> [String; 3] {
    let [a, b] = PHASE_STARTS;
    [format!("plies 0–{}", a - 1), format!("{a}–{}", b - 1), format!("{b} on")]
}

/// The mean depth an alpha-beta player completed in its later turns, by phase; empty for a tree search.
fn depth_line(depths: &[(u64, u64); 3]) -> String {
    if depths.iter().all(|&(_, turns)| turns == 0) {
        return String::new();
    }
    let mean = |(sum, turns): (u64, u64)| match turns {
        0 => "–".to_string(),
        _ => format!("{:.1}", sum as f64 / turns as f64),
    };
    let by_phase: Vec<String> =
        phase_names().iter().zip(depths).map(|(name, &d)| format!("{name} {}", mean(d))).collect();
    format!("later turns' alpha-beta depth, mean of the iterations completed: {}\n", by_phase.join(", "))
}

/// The later turns' search speed of the player and of its opponents by phase of the game, and over all,
/// from their notes' iteration counts over the referee's turn times; empty when the player's notes give
/// none.
fn search_lines(searched: &[[(u64, f64); 3]; 2]) -> String {
    let total = |phases: &[(u64, f64); 3]| phases.iter().fold((0, 0.0), |(n, ms), p| (n + p.0, ms + p.1));
    let [own, theirs] = [total(&searched[0]), total(&searched[1])];
    if own.1 <= 0.0 {
        return String::new();
    }
    let rate = |(n, ms): (u64, f64)| (ms > 0.0 && n > 0).then(|| n as f64 / ms);
    let both = |own: (u64, f64), theirs: (u64, f64)| match (rate(own), rate(theirs)) {
        (Some(a), Some(b)) => format!("{a:.0} / {b:.0} ({:.2}×)", a / b),
        (Some(a), None) => format!("{a:.0} / –"),
        (None, _) => "–".to_string(),
    };
    let by_phase: Vec<String> = phase_names()
        .iter()
        .enumerate()
        .map(|(k, name)| format!("{name} {}", both(searched[0][k], searched[1][k])))
        .collect();
    format!(
        "later turns' search, iterations a ms (its own / its opponents'): {}; all {} ({} iterations in {:.1} s)\n",
        by_phase.join(", "),
        both(own, theirs),
        own.0,
        own.1 / 1000.0
    )
}

/// Renames the players `others` to `name` in every game of `runs`: one build run under several names (a
/// binary copied to another path for another match) pooled as one player. An error for a game between two
/// of the names, whose score would be both sides'.
pub fn merge_names(runs: &mut [Run], name: &str, others: &[String]) -> Result<(), String> {
    let is_one = |player: &str| player == name || others.iter().any(|o| o == player);
    let rename = |player: &mut String| {
        if is_one(player) {
            *player = name.to_string();
        }
    };
    for run in runs.iter_mut() {
        for g in &mut run.games {
            if is_one(&g.x) && is_one(&g.o) {
                return Err(format!(
                    "game {} is between two of the names pooled ({} and {})",
                    g.index, g.x, g.o
                ));
            }
            rename(&mut g.x);
            rename(&mut g.o);
        }
        run.players.iter_mut().for_each(rename);
    }
    Ok(())
}

/// `uttt report LOG... [--player NAME]...`: `NAME` (default: the first log's first player) over every log;
/// a second or later `--player` names the same build under another name, pooled as the first.
pub fn main(paths: &[String], players: &[String]) -> Result<i32, String> {
    let mut runs = super::model::read_logs(paths)?
        .iter()
        .zip(paths)
        .map(|(text, path)| Run::from_logs(std::slice::from_ref(text)).map_err(|e| format!("{path}: {e}")))
        .collect::<Result<Vec<Run>, String>>()?;
    let name = match players.first() {
        Some(name) => name.clone(),
        None => runs.first().and_then(|r| r.players.first().cloned()).ok_or("the log names no player")?,
    };
    merge_names(&mut runs, &name, players.get(1..).unwrap_or_default())?;
    let pooled = pool(&runs, &name)?;
    // A log none of whose games is the player's adds nothing: say so, since a build copied to another
    // path for another match is another name in its log.
    for ((path, w), run) in paths.iter().zip(&pooled.by_log).zip(&runs) {
        if w.games() == 0 {
            eprintln!(
                "note: {path} has no game of {name:?} (its players: {}); to pool one of them as the same \
                 build, name it with another --player",
                run.players.join(", ")
            );
        }
    }
    print!("{}", describe(&pooled, paths));
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::model::{LoggedFault, LoggedGame};

    /// Game `index` of "bot" against "them", the bot X when `bot_is_x`, won by `winner`; turns of 90 ms
    /// after a first of 900 on each side.
    fn game(index: usize, bot_is_x: bool, winner: Option<Player>) -> LoggedGame {
        let (x, o) = if bot_is_x { ("bot", "them") } else { ("them", "bot") };
        LoggedGame {
            times_ms: vec![900.0, 900.0, 90.0, 91.0, 92.0, 93.0],
            ..LoggedGame::result_only(index, x, o, winner)
        }
    }

    fn run(games: Vec<LoggedGame>) -> Run {
        Run::arena_match(vec!["bot".into(), "them".into()], games)
    }

    #[test]
    fn pairs_are_formed_within_each_log_and_tallies_add_up_by_colour() {
        let (x, o) = (Some(Player::X), Some(Player::O));
        // Log 1: a pair (win as X, draw as O) and a lone game 2 (a loss as X); log 2: games 0 and 1, a
        // pair (loss as X, win as O). Game 2 of log 1 must not pair with game 0 or 1 of log 2.
        let first = run(vec![game(0, true, x), game(1, false, None), game(2, true, o)]);
        let second = run(vec![game(0, true, o), game(1, false, o)]);
        let p = pool(&[first, second], "bot").unwrap();
        assert_eq!(p.opponents, vec!["them".to_string()]);
        assert_eq!((p.all.wins, p.all.draws, p.all.losses), (2, 1, 2));
        assert_eq!((p.as_first.wins, p.as_first.draws, p.as_first.losses), (1, 0, 2));
        assert_eq!((p.as_second.wins, p.as_second.draws, p.as_second.losses), (1, 1, 0));
        assert_eq!(p.pair_scores, vec![0.75, 0.5]);
        assert_eq!(p.by_log.iter().map(Wdl::games).collect::<Vec<_>>(), vec![3, 2]);
        // The bot's later turns: as X plies 2 and 4 (90, 92 ms), as O plies 3 and 5 (91, 93 ms).
        assert_eq!(p.later_turns_ms.len(), 10);
        assert_eq!(p.later_turns_ms.first(), Some(&90.0));
        assert_eq!(p.later_turns_ms.last(), Some(&93.0));
        let text = describe(&p, &["a.log".into(), "b.log".into()]);
        assert!(text.contains("5 games in 2 logs"), "{text}");
        assert!(text.contains("over 2 game pairs"), "{text}");
        assert!(text.contains("  b.log: 2 games, W/D/L 1/0/1"), "{text}");
    }

    #[test]
    fn another_name_of_the_same_build_is_pooled_as_the_first() {
        let (x, o) = (Some(Player::X), Some(Player::O));
        let first = run(vec![game(0, true, x), game(1, false, None)]);
        let copy = |g: LoggedGame| LoggedGame {
            x: g.x.replace("bot", "bot-copy"),
            o: g.o.replace("bot", "bot-copy"),
            ..g
        };
        let second = Run::arena_match(
            vec!["bot-copy".into(), "them".into()],
            vec![copy(game(0, true, o)), copy(game(1, false, o))],
        );
        let mut runs = [first, second];
        assert_eq!(pool(&runs, "bot").unwrap().by_log[1].games(), 0, "without the other name: nothing");
        merge_names(&mut runs, "bot", &["bot-copy".into()]).unwrap();
        let p = pool(&runs, "bot").unwrap();
        assert_eq!((p.all.wins, p.all.draws, p.all.losses), (2, 1, 1));
        assert_eq!(p.by_log.iter().map(Wdl::games).collect::<Vec<_>>(), vec![2, 2]);
        assert_eq!(p.opponents, vec!["them".to_string()]);
        let mut between = [run(vec![game(0, true, x)])];
        assert!(merge_names(&mut between, "bot", &["them".into()]).is_err(), "a game between the names");
    }

    #[test]
    fn each_sides_later_turns_search_speed_comes_from_its_notes_by_phase() {
        // 44 plies of 90 ms; the bot (X, even plies) logs 900 iterations a turn before ply 20, 9,000 to ply
        // 39 and 90,000 after; its opponent 450 a turn, none at ply 43. Each side's first turn is left out.
        let mut g =
            LoggedGame { times_ms: vec![90.0; 44], ..LoggedGame::result_only(0, "bot", "them", None) };
        let iterations = |ply: usize| match (ply % 2, ply) {
            (1, 43) => None,
            (1, _) => Some(450),
            (_, 0..20) => Some(900),
            (_, 20..40) => Some(9_000),
            _ => Some(90_000),
        };
        g.notes = (0..44)
            .map(|ply| match iterations(ply) {
                Some(n) => format!("turn 1 move 4 4 time 90.0ms iters {n} nodes 7"),
                None => "turn 1 move 4 4 time 0.1ms (book)".to_string(),
            })
            .collect();
        let p = pool(&[run(vec![g.clone()])], "bot").unwrap();
        assert!(!describe(&p, &["a.log".into()]).contains("depth"), "a tree search logs no depth");
        // The same turns as an alpha-beta player's: depth 8 before ply 20, 10 to ply 39, 30 after.
        let mut deep = g;
        for (ply, note) in deep.notes.iter_mut().enumerate().filter(|(ply, _)| ply % 2 == 0) {
            note.push_str(&format!(" visits 9 depth {} value 0.5", [8, 10, 30][phase_of(ply)]));
        }
        let line = "later turns' alpha-beta depth, mean of the iterations completed: plies 0–19 8.0, 20–39 10.0, 40 on 30.0";
        assert!(describe(&pool(&[run(vec![deep])], "bot").unwrap(), &["a.log".into()]).contains(line));
        let expected = [
            [(9 * 900, 810.0), (10 * 9_000, 900.0), (2 * 90_000, 180.0)],
            [(9 * 450, 810.0), (10 * 450, 900.0), (450, 90.0)],
        ];
        assert_eq!(p.later_search, expected);
        let text = describe(&p, &["a.log".into()]);
        let line = "later turns' search, iterations a ms (its own / its opponents'): plies 0–19 10 / 5 (2.00×), \
                    20–39 100 / 5 (20.00×), 40 on 1000 / 5 (200.00×); all 147 / 5 (29.43×) (278100 iterations \
                    in 1.9 s)";
        assert!(text.contains(line), "{text}");
        let quiet = pool(&[run(vec![game(0, true, None)])], "bot").unwrap();
        assert!(!describe(&quiet, &["a.log".into()]).contains("search"), "no note gives iterations");
    }

    #[test]
    fn only_the_players_own_faults_are_counted_and_a_stranger_is_refused() {
        let mut lost_on_time = game(0, false, Some(Player::X));
        lost_on_time.fault =
            Some(LoggedFault { player: Player::O, kind: "timeout".into(), detail: "".into() });
        let mut their_crash = game(1, true, Some(Player::X));
        their_crash.fault = Some(LoggedFault { player: Player::O, kind: "crash".into(), detail: "".into() });
        let runs = [run(vec![lost_on_time, their_crash])];
        assert_eq!(pool(&runs, "bot").unwrap().faults, [1, 0, 0, 0]);
        assert_eq!(pool(&runs, "them").unwrap().faults, [0, 0, 0, 1]);
        assert!(pool(&runs, "nobody").is_err());
    }
}
