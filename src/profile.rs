//! `uttt profile`: how each move spends the time budget, under the real limits.
//!
//! Plays a self-play game (or searches each position of a given move list) with the bot's clock, and
//! prints a per-move table with p50/p99/max and overruns; optionally CSV and an SVG chart.

use crate::arena::stats::percentile;
use crate::board::Board;
use crate::bot::Choice;
use crate::cli::Args;
use crate::json::{array, number, object};
use crate::moves::Move;
use crate::options::BotOptions;
use crate::report::model::LoggedGame;
use std::fmt::Write as _;
use std::time::Instant;

/// One searched move.
#[derive(Clone, Debug)]
pub struct MoveProfile {
    /// The ply of the game (1-based).
    pub ply: usize,
    /// The move played.
    pub mv: Move,
    /// The budget the bot gave itself.
    pub budget_ms: f64,
    /// The arena's limit for this turn.
    pub limit_ms: f64,
    /// Time the bot took for the turn, from its start to the chosen move.
    pub used_ms: f64,
    /// Search iterations in the turn.
    pub iterations: u64,
    /// Nodes kept from the previous turn.
    pub reused_nodes: usize,
}

impl MoveProfile {
    /// Time left under the limit (negative when over).
    pub fn slack_ms(&self) -> f64 {
        self.limit_ms - self.used_ms
    }
    /// True when the turn took longer than the arena's limit.
    pub fn overrun(&self) -> bool {
        self.used_ms > self.limit_ms
    }
}

/// The arena's limits, which the bot's budgets stay under.
const FIRST_LIMIT_MS: f64 = 1000.0;
const LATER_LIMIT_MS: f64 = 100.0;

/// Plays a game between two bots built from `options` (or replays `moves`, searching each position with
/// a fresh bot's clock) and profiles every move.
pub fn profile_game(options: &BotOptions, moves: Option<&[Move]>) -> Vec<MoveProfile> {
    let mut bots = [options.build(), BotOptions { seed: options.seed + 1, ..options.clone() }.build()];
    let mut board = Board::new();
    let mut rows = Vec::new();
    let mut last: Option<Move> = None;
    let mut ply = 0;
    while !board.is_over() {
        let side = board.side_to_move().index();
        let bot = &mut bots[side];
        let start = Instant::now();
        let first = bot.turn() == 0;
        if let Some(m) = last {
            bot.opponent_moved(Some(m));
        }
        let limits = bot.limits(start, options.first_time_ms, options.time_ms, options.iterations);
        let legal = board.legal_moves();
        let Some(choice) = bot.choose(Some(&legal), limits, &mut Vec::new()) else { break };
        let used_ms = start.elapsed().as_secs_f64() * 1000.0;
        let (iterations, reused_nodes) = match &choice {
            Choice::Searched(r) => (r.iterations, r.nodes_reused),
            _ => (0, 0),
        };
        let mv = match moves {
            Some(list) if ply < list.len() => list[ply],
            Some(_) => break,
            None => choice.mv(),
        };
        if !board.is_legal(mv) {
            break;
        }
        rows.push(MoveProfile {
            ply: ply + 1,
            mv,
            budget_ms: if first { options.first_time_ms } else { options.time_ms } as f64,
            limit_ms: if first { FIRST_LIMIT_MS } else { LATER_LIMIT_MS },
            used_ms,
            iterations,
            reused_nodes,
        });
        if moves.is_some() && choice.mv() != mv {
            // Replaying a given line: the bot must learn the move it did not choose.
            bot.replace_own_move(&board, mv);
        }
        board.play(mv);
        last = Some(mv);
        ply += 1;
    }
    rows
}

/// The per-move table and its summary line.
pub fn table(rows: &[MoveProfile]) -> String {
    let mut s = String::from(" ply  move  budget  used    slack   iters    iters/ms  reused\n");
    for r in rows {
        let _ = writeln!(
            s,
            "{:>4}  {}  {:>6.0}  {:>6.1}  {:>6.1}  {:>7}  {:>8.0}  {:>7}",
            r.ply,
            r.mv,
            r.budget_ms,
            r.used_ms,
            r.slack_ms(),
            r.iterations,
            r.iterations as f64 / r.used_ms.max(1e-3),
            r.reused_nodes
        );
    }
    s + &summary(rows)
}

/// The per-move table's summary line: moves, p50, p99, max and overruns.
pub fn summary(rows: &[MoveProfile]) -> String {
    let mut used: Vec<f64> = rows.iter().filter(|r| r.ply > 2).map(|r| r.used_ms).collect();
    used.sort_by(|a, b| a.total_cmp(b));
    let overruns = rows.iter().filter(|r| r.overrun()).count();
    format!(
        "moves {}  time used after the first turns: p50 {:.1} ms  p99 {:.1} ms  max {:.1} ms  overruns {overruns}\n",
        rows.len(),
        percentile(&used, 0.5),
        percentile(&used, 0.99),
        used.last().copied().unwrap_or(0.0)
    )
}

/// The per-move table as CSV.
pub fn csv(rows: &[MoveProfile]) -> String {
    let mut s = String::from(
        "ply,move,budget_ms,limit_ms,used_ms,slack_ms,iterations,iterations_per_ms,reused_nodes\n",
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{},{},{},{},{:.3},{:.3},{},{:.1},{}",
            r.ply,
            r.mv.to_string().replace(' ', ":"),
            r.budget_ms,
            r.limit_ms,
            r.used_ms,
            r.slack_ms(),
            r.iterations,
            r.iterations as f64 / r.used_ms.max(1e-3),
            r.reused_nodes
        );
    }
    s
}

/// A bar per move (time used, later turns), with the budget and the arena limit drawn as lines.
pub fn svg(rows: &[MoveProfile]) -> String {
    let (w, h, pad) = (800.0, 300.0, 40.0);
    let scale = (h - 2.0 * pad) / LATER_LIMIT_MS * 0.9;
    let bar = (w - 2.0 * pad) / rows.len().max(1) as f64;
    let y = |ms: f64| h - pad - ms.min(LATER_LIMIT_MS * 1.1) * scale;
    let mut s = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" font-family=\"sans-serif\" font-size=\"11\">\n");
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{h}\" fill=\"white\"/>");
    for r in rows {
        let x = pad + (r.ply - 1) as f64 * bar;
        let colour = if r.overrun() {
            "#d33"
        } else if r.limit_ms > LATER_LIMIT_MS {
            "#aaa"
        } else {
            "#4a7"
        };
        let _ = writeln!(
            s,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{colour}\"><title>ply {} {:.1} ms</title></rect>",
            y(r.used_ms),
            (bar - 1.0).max(1.0),
            h - pad - y(r.used_ms),
            r.ply,
            r.used_ms
        );
    }
    let budget = rows.iter().find(|r| r.limit_ms == LATER_LIMIT_MS).map_or(90.0, |r| r.budget_ms);
    for (ms, label, colour) in [(budget, "budget", "#36c"), (LATER_LIMIT_MS, "arena limit", "#d33")] {
        let _ = writeln!(s, "<line x1=\"{pad}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"{colour}\" stroke-dasharray=\"4 3\"/>", w - pad, y(ms), y(ms));
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{:.1}\" fill=\"{colour}\">{label} {ms:.0} ms</text>",
            w - pad - 90.0,
            y(ms) - 3.0
        );
    }
    let _ = writeln!(
        s,
        "<text x=\"{pad}\" y=\"20\">time used per move (ms); first turn capped in the chart</text>\n</svg>"
    );
    s
}

/// `uttt profile [--moves "r c r c …"] [--csv FILE] [--svg FILE] [--html FILE] [bot options]`
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let csv_path: Option<String> = args.value("--csv")?;
    let svg_path: Option<String> = args.value("--svg")?;
    let html_path: Option<String> = args.value("--html")?;
    let moves_text: Option<String> = args.value("--moves")?;
    let mut options = BotOptions::parse(&args.remaining())?;
    options.quiet = true;
    let moves = match moves_text {
        Some(t) => {
            let n: Vec<i64> = t
                .split_whitespace()
                .map(|w| w.parse().map_err(|_| format!("--moves: {w:?}")))
                .collect::<Result<_, _>>()?;
            let list: Option<Vec<Move>> =
                n.chunks(2).map(|rc| Move::from_row_col(rc[0], *rc.get(1).unwrap_or(&-1))).collect();
            Some(list.ok_or("--moves: a coordinate is off the board")?)
        }
        None => None,
    };
    let rows = profile_game(&options, moves.as_deref());
    print!("{}", table(&rows));
    if let Some(p) = csv_path {
        std::fs::write(&p, csv(&rows)).map_err(|e| format!("{p}: {e}"))?;
    }
    if let Some(p) = html_path {
        let data = page_data(&rows, "uttt");
        crate::report::write_page(&p, &crate::report::page::html("uttt profile", &data))?;
    }
    if let Some(p) = svg_path {
        std::fs::write(&p, svg(&rows)).map_err(|e| format!("{p}: {e}"))?;
    }
    Ok(if rows.iter().any(|r| r.overrun()) { 1 } else { 0 })
}

/// The profile page's data: the per-move table, and the game itself for the replay.
fn page_data(rows: &[MoveProfile], bot: &str) -> String {
    let table = rows.iter().map(|r| {
        let (row, col) = r.mv.row_col();
        object(&[
            ("ply", number(r.ply as f64)),
            ("move", number((9 * row + col) as f64)),
            ("budget_ms", number(r.budget_ms)),
            ("limit_ms", number(r.limit_ms)),
            ("used_ms", number(r.used_ms)),
            ("iterations", number(r.iterations as f64)),
            ("reused", number(r.reused_nodes as f64)),
        ])
    });
    let game = LoggedGame {
        index: 0,
        x: format!("{bot} (X)"),
        o: format!("{bot} (O)"),
        winner: {
            let mut board = crate::board::Board::new();
            rows.iter().for_each(|r| board.play(r.mv));
            match board.status() {
                crate::board::Status::Won(p) => Some(p),
                _ => None,
            }
        },
        fault: None,
        opening: 0,
        moves: rows.iter().map(|r| r.mv).collect(),
        times_ms: rows.iter().map(|r| r.used_ms).collect(),
        notes: rows
            .iter()
            .map(|r| {
                format!(
                    "budget {:.0} ms, used {:.1} ms, {} iterations, {} nodes reused",
                    r.budget_ms, r.used_ms, r.iterations, r.reused_nodes
                )
            })
            .collect(),
        notes_cut: false,
        ended: None,
    };
    crate::report::page::profile_data(array(table), &game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_profiled_game_has_a_row_per_move_and_valid_outputs() {
        let options =
            BotOptions { iterations: Some(100), nodes: 50_000, quiet: true, ..BotOptions::default() };
        let rows = profile_game(&options, None);
        assert!(rows.len() >= 17, "a whole game: {} moves", rows.len());
        let mut b = Board::new();
        for r in &rows {
            assert!(b.is_legal(r.mv));
            b.play(r.mv);
        }
        assert!(b.is_over());
        assert_eq!(csv(&rows).lines().count(), rows.len() + 1);
        let chart = svg(&rows);
        assert!(chart.starts_with("<svg") && chart.trim_end().ends_with("</svg>"));
        assert_eq!(chart.matches("<rect").count(), rows.len() + 1);
    }
}
