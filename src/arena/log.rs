//! Game logs (`--log FILE`): a first line that says what was played and under which limits, then one
//! JSON line per game; read back by `uttt show` and `uttt report`.

use super::referee::TimeControl;
use super::runner::{MatchGame, MatchResult};
use super::{human, player};
use crate::board::{Board, Player, Status};
use crate::cli::Args;
use crate::json::string as json_string;
use crate::moves::Move;

/// One game as a JSON line for the log file.
pub fn game_log_line(g: &MatchGame, a: &str, b: &str) -> String {
    let (x, o) = if g.a_is_x { (a, b) } else { (b, a) };
    let moves: Vec<String> = g.record.moves.iter().map(|m| json_string(&m.to_string())).collect();
    let times: Vec<String> =
        g.record.times.iter().map(|t| format!("{:.3}", t.as_secs_f64() * 1000.0)).collect();
    let result = match g.record.winner() {
        Some(Player::X) => "X",
        Some(Player::O) => "O",
        None => "draw",
    };
    let fault = match &g.record.fault {
        Some((p, f)) => format!(
            "{{\"player\": \"{p:?}\", \"kind\": \"{}\", \"detail\": {}}}",
            f.kind(),
            json_string(&f.to_string())
        ),
        None => "null".into(),
    };
    let notes: Vec<String> = g.record.notes.iter().map(|n| json_string(n)).collect();
    format!(
        "{{\"game\": {}, \"x\": {}, \"o\": {}, \"result\": \"{result}\", \"fault\": {fault}, \"opening\": {}, \"moves\": [{}], \"times_ms\": [{}], \"notes\": [{}], \"notes_cut\": {}}}",
        g.index,
        json_string(x),
        json_string(o),
        g.record.opening,
        moves.join(", "),
        times.join(", "),
        notes.join(", "),
        g.record.notes_cut
    )
}

/// The log's first line: the kind of run (`match` or `tournament`), its players, limits, seed and, for
/// a match stopped by a test, the SPRT verdict.
pub fn header_line(
    kind: &str,
    players: &[String],
    tc: &TimeControl,
    seed: u64,
    sprt: Option<&str>,
) -> String {
    let names: Vec<String> = players.iter().map(|p| json_string(p)).collect();
    format!(
        "{{\"{kind}\": {{\"players\": [{}], \"first_ms\": {}, \"later_ms\": {}, \"grace_ms\": {}, \"seed\": {seed}, \"sprt\": {}}}}}",
        names.join(", "),
        tc.first_turn.as_millis(),
        tc.later_turns.as_millis(),
        tc.grace.as_millis(),
        sprt.map(json_string).unwrap_or_else(|| "null".into())
    )
}

/// The whole log of a match: its header line, then one line per game.
pub fn match_log(result: &MatchResult, a: &str, b: &str, tc: &TimeControl, seed: u64) -> String {
    let mut text =
        header_line("match", &[a.to_string(), b.to_string()], tc, seed, result.sprt.as_deref()) + "\n";
    for g in &result.games {
        text += &(game_log_line(g, a, b) + "\n");
    }
    text
}

/// The moves of a game log line (the `"moves": ["r c", …]` field).
pub fn moves_from_log_line(line: &str) -> Option<Vec<Move>> {
    let start = line.find("\"moves\": [")? + "\"moves\": [".len();
    let end = start + line[start..].find(']')?;
    line[start..end]
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| player::parse_answer(s.trim().trim_matches('"')))
        .collect()
}

/// `uttt show LOG GAME`: prints a logged game move by move.
pub fn show(words: &[String]) -> Result<i32, String> {
    let args = Args::new(words);
    let pos = args.positionals()?;
    let [path, game] = &pos[..] else { return Err("usage: uttt show LOG GAME_NUMBER".into()) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let wanted = format!("{{\"game\": {game},");
    let line =
        text.lines().find(|l| l.starts_with(&wanted)).ok_or_else(|| format!("no game {game} in {path}"))?;
    let moves = moves_from_log_line(line).ok_or("the log line has no readable moves")?;
    let mut board = Board::new();
    for (i, m) in moves.iter().enumerate() {
        if !board.is_legal(*m) {
            return Err(format!("move {} ({m}) is illegal", i + 1));
        }
        let who = board.side_to_move();
        board.play(*m);
        println!("move {} by {who:?}: {m}\n{}", i + 1, human::render(&board, Some(*m)));
    }
    println!(
        "result: {}",
        match board.status() {
            Status::Won(p) => format!("{p:?} wins"),
            Status::Draw => "draw".into(),
            Status::Ongoing => "unfinished (a player forfeited; see the log's fault)".into(),
        }
    );
    Ok(0)
}
