//! `uttt analyse GAME… [--iterations I] [--seed S] [--exact NODES] [--jobs J] [--json | --html FILE]`: where
//! a game was won and lost, move by move. A game is a move list (as copied from the arena's replay, or
//! written by hand; the plain 3×3 game too), `LOG#N` (one game of a `uttt arena`/`tournament` log) or a
//! log (all its games). Every position is valued at the same fixed effort (`judge.rs`), so an analysis is
//! the same on any machine and with any `--jobs`; the text, the JSON and the page (`page.rs`) show it.

pub mod games;
pub mod judge;
pub mod page;

use crate::board::{Player, Status};
use crate::cli::{default_jobs, Args};
use crate::json::{array, number, object, string};
use crate::mcts::endgame::Endgame;
use games::{Game, GameRecord};
use judge::{Effort, Marks, MoveJudgement, PlayerSummary, Verdict};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const USAGE: &str = "usage: uttt analyse GAME... [--iterations I] [--seed S] [--exact NODES] [--jobs J]
                    [--inaccuracy X] [--mistake Y] [--blunder Z] [--rules plain|ultimate] [--json | --html FILE]
  GAME: a move list (\"4 4 3 3 ...\", or a file of one), LOG#N (game N of a uttt log) or LOG (all its games)";

/// One game's analysis.
pub struct Analysis {
    /// The game analysed.
    pub game: GameRecord,
    /// The value of each position, from the start (after 0 moves) to the end.
    pub verdicts: Vec<Verdict>,
    /// Each judged move (the set opening's are not).
    pub moves: Vec<MoveJudgement>,
    /// How the game ended (`Ongoing`: it did not).
    pub result: Status,
    /// X's and O's summaries.
    pub players: [PlayerSummary; 2],
    /// The move (index) that decided the game, for a decisive one.
    pub decided_at: Option<usize>,
}

/// Values every position of `games` on `jobs` threads (positions shared out one at a time), saying how
/// far it is on stderr when `progress`.
pub fn analyse(
    games: Vec<GameRecord>,
    effort: &Effort,
    marks: &Marks,
    jobs: usize,
    progress: bool,
) -> Vec<Analysis> {
    let positions: Vec<(usize, usize)> = games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| (game.opening..=game.moves.len()).map(move |k| (g, k)))
        .collect();
    let verdicts: Mutex<Vec<Vec<Option<Verdict>>>> =
        Mutex::new(games.iter().map(|g| vec![None; g.moves.len() + 1]).collect());
    let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, positions.len().max(1)) {
            scope.spawn(|| {
                while let Some(&(g, k)) = positions.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let game = &games[g];
                    // A fresh solver table each position (4 MB, about a millisecond): what a table kept
                    // from the thread's earlier positions would settle depends on how they were shared out.
                    let mut endgame = Endgame::default();
                    let verdict = judge::evaluate(game.game, &game.moves[..k], effort, &mut endgame);
                    verdicts.lock().expect("no thread panicked")[g][k] = Some(verdict);
                    let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if progress && (n % 10 == 0 || n == positions.len()) {
                        eprint!("\ruttt analyse: {n}/{} positions", positions.len());
                    }
                }
            });
        }
    });
    if progress {
        eprintln!();
    }
    let verdicts = verdicts.into_inner().expect("no thread panicked");
    games
        .into_iter()
        .zip(verdicts)
        .map(|(game, values)| {
            // Before the set opening nothing was valued: those positions are never read.
            let verdicts: Vec<Verdict> = values
                .into_iter()
                .map(|v| v.unwrap_or(Verdict { value: 0.5, best: None, exact: None }))
                .collect();
            let moves = judge::judge_moves(&game, &verdicts, marks);
            let result = judge::result_of(&game);
            let players = judge::summarise(&game, &moves, &verdicts, result);
            let decided_at = judge::decided_at(&verdicts, result, game.opening);
            Analysis { game, verdicts, moves, result, players, decided_at }
        })
        .collect()
}

fn result_text(result: Status, players: &[String; 2]) -> String {
    match result {
        Status::Won(p) => {
            let side = if p == Player::X { "X" } else { "O" };
            match players[p.index()].as_str() {
                name if name == side => format!("{side} won"),
                name => format!("{name} ({side}) won"),
            }
        }
        Status::Draw => "draw".into(),
        Status::Ongoing => "unfinished".into(),
    }
}

/// The plain-text report of one analysis.
pub fn text(a: &Analysis, marks: &Marks) -> String {
    let game_name = if a.game.game == Game::Plain { "plain tic-tac-toe" } else { "Ultimate" };
    let mut out = format!(
        "{}: {} vs {}, {game_name}, {} moves, {}\n",
        a.game.source,
        a.game.players[0],
        a.game.players[1],
        a.game.moves.len(),
        result_text(a.result, &a.game.players)
    );
    out += &format!(
        "expected score for the player who moves, before → after; marks at {:.2} / {:.2} / {:.2} given away\n",
        marks.inaccuracy, marks.mistake, marks.blunder
    );
    out += "  move  by  played  before → after  best    given  mark\n";
    for j in &a.moves {
        let best = j.best.map_or("-".to_string(), |m| m.to_string());
        let note =
            [j.mark, j.proven].iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(": ");
        out += &format!(
            "  {:>4}  {}   {:<6}  {:.3} → {:.3}  {:<6}  {:.3}  {note}\n",
            j.ply + 1,
            if j.player == Player::X { "X" } else { "O" },
            j.played.to_string(),
            j.before,
            j.after,
            best,
            j.given,
        );
    }
    for p in &a.players {
        let worst: Vec<String> = p
            .worst
            .iter()
            .map(|&ply| {
                let j = &a.moves[ply - a.game.opening];
                format!(
                    "move {} ({}, -{:.2}, best {})",
                    ply + 1,
                    j.played,
                    j.given,
                    j.best.map_or("-".into(), |m| m.to_string())
                )
            })
            .collect();
        out += &format!(
            "{}: accuracy {:.1}% over {} moves; {} inaccuracies, {} mistakes, {} blunders{}{}\n",
            p.name,
            p.accuracy,
            p.moves,
            p.counts[0],
            p.counts[1],
            p.counts[2],
            if worst.is_empty() { String::new() } else { format!("; worst: {}", worst.join(", ")) },
            p.held_lost_from
                .map_or(String::new(), |k| format!("; held a lost game (proven lost after move {k})")),
        );
    }
    out += &match a.decided_at {
        Some(ply) => format!("decided at move {} ({})\n", ply + 1, a.game.moves[ply]),
        None => "no move decided it\n".into(),
    };
    out
}

/// The analysis as a JSON object (`--json`).
pub fn json(a: &Analysis) -> String {
    json_as(a, &a.game.source)
}

/// The analysis as the page's data: its source by file name only (`match.log#3`), so that a page or a
/// picture of it shows no folder of the machine that made it.
pub fn page_json(a: &Analysis) -> String {
    json_as(a, a.game.source.rsplit('/').next().unwrap_or(&a.game.source))
}

fn json_as(a: &Analysis, source: &str) -> String {
    let moves = a.moves.iter().map(|j| {
        object(&[
            ("move", number((j.ply + 1) as f64)),
            ("player", string(if j.player == Player::X { "X" } else { "O" })),
            ("played", string(&j.played.to_string())),
            ("before", number(j.before)),
            ("after", number(j.after)),
            ("best", j.best.map_or("null".into(), |m| string(&m.to_string()))),
            ("given", number(j.given)),
            ("mark", string(j.mark)),
            ("proven", string(j.proven)),
        ])
    });
    let players = a.players.iter().map(|p| {
        object(&[
            ("name", string(&p.name)),
            ("moves", number(p.moves as f64)),
            ("accuracy", number(p.accuracy)),
            ("inaccuracies", number(p.counts[0] as f64)),
            ("mistakes", number(p.counts[1] as f64)),
            ("blunders", number(p.counts[2] as f64)),
            ("worst", array(p.worst.iter().map(|&k| number((k + 1) as f64)))),
            ("held_lost_from", p.held_lost_from.map_or("null".into(), |k| number(k as f64))),
        ])
    });
    object(&[
        ("source", string(source)),
        ("game", string(if a.game.game == Game::Plain { "plain" } else { "ultimate" })),
        ("moves_played", array(a.game.moves.iter().map(|&m| string(&m.to_string())))),
        ("opening", number(a.game.opening as f64)),
        ("result", string(&result_text(a.result, &a.game.players))),
        ("x_scores", array(judge::x_scores(&a.verdicts).into_iter().map(number))),
        ("moves", array(moves)),
        ("players", array(players)),
        ("decided_at", a.decided_at.map_or("null".into(), |k| number((k + 1) as f64))),
    ])
}

/// `uttt analyse …`.
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let effort = Effort {
        iterations: args.value_or("--iterations", 20_000u64)?,
        seed: args.value_or("--seed", 1u64)?,
        exact_nodes: args.value_or("--exact", 200_000u64)?,
    };
    let d = Marks::DEFAULT;
    let marks = Marks {
        inaccuracy: args.value_or("--inaccuracy", d.inaccuracy)?,
        mistake: args.value_or("--mistake", d.mistake)?,
        blunder: args.value_or("--blunder", d.blunder)?,
    };
    if !(0.0 < marks.inaccuracy && marks.inaccuracy <= marks.mistake && marks.mistake <= marks.blunder) {
        return Err(
            "--inaccuracy, --mistake and --blunder: increasing shares of expected score above 0".into()
        );
    }
    let jobs: usize = args.value_or("--jobs", default_jobs())?;
    let forced = match args.value::<String>("--rules")?.as_deref() {
        None => None,
        Some("plain") => Some(Game::Plain),
        Some("ultimate" | "codingame") => Some(Game::Ultimate),
        Some(other) => return Err(format!("--rules {other:?}: plain or ultimate")),
    };
    let as_json = args.flag("--json");
    let html: Option<String> = args.value("--html")?;
    let inputs = args.positionals()?;
    if inputs.is_empty() {
        return Err(USAGE.into());
    }
    let mut games = Vec::new();
    for word in &inputs {
        if word == "-" {
            let text = std::io::read_to_string(std::io::stdin()).map_err(|e| format!("stdin: {e}"))?;
            games.push(games::from_list("stdin", &text, forced)?);
        } else {
            games.extend(games::read(word, forced)?);
        }
    }
    let positions: usize = games.iter().map(|g| g.moves.len() + 1 - g.opening).sum();
    let analyses = analyse(games, &effort, &marks, jobs, positions > 20);
    if let Some(path) = html {
        crate::report::write_page(&path, &page::html(analyses.iter().map(page_json), &effort, &marks))?;
    }
    if as_json {
        println!("{}", array(analyses.iter().map(json)));
    } else {
        analyses.iter().for_each(|a| print!("{}", text(a, &marks)));
    }
    Ok(0)
}
