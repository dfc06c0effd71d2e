//! Self-play records for the value net, as text: one line per searched position, `GAME K/N MOVES RESULT VALUE`,
//! where `GAME` is the game's number in the run, `K/N` the record's number among the game's `N` records,
//! `MOVES` the moves from the empty board as one character each (`'(' + index`, so `(` is cell 0 and `x`
//! cell 80), `RESULT` the game's final score for the side to move (1, 0.5, 0) and `VALUE` the search's root
//! value for it. A **side line** is a position one move off the game (a root move the search visited often
//! but did not play): its `RESULT` is `-`, since the game never went there, and its `VALUE` the search's
//! value of that move. A game's records are written together, so a file cut short by a stopped run is
//! mended by dropping its unfinished last game (`parse_complete`).

use crate::board::Board;
use crate::moves::Move;
use std::collections::{BTreeMap, HashMap};

/// One searched position of a self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct ValueRecord {
    /// The game's number in its run.
    pub game: u64,
    /// The moves from the empty board.
    pub moves: Vec<Move>,
    /// The game's final score for the side to move: 1 win, 0.5 draw, 0 loss; `None` for a side line.
    pub result: Option<f32>,
    /// The search's value of the position for the side to move.
    pub value: f32,
}

const MOVE_BASE: u8 = b'(';

/// Gives each side line whose position of departure is among `records` an estimated result: its search
/// value shifted by how much the game's result surprised the search at that position (by `V − R` there,
/// seen from the side line's side to move), so that a side line's target holds the game's outcome as a
/// played position's does instead of the search value alone. Played positions are left as they are.
pub fn estimate_side_results(records: &mut [ValueRecord]) {
    let played: HashMap<(u64, Vec<Move>), (f32, f32)> =
        records.iter().filter_map(|r| Some(((r.game, r.moves.clone()), (r.result?, r.value)))).collect();
    for r in records.iter_mut().filter(|r| r.result.is_none()) {
        let key = (r.game, r.moves[..r.moves.len().saturating_sub(1)].to_vec());
        if let Some(&(result, value)) = played.get(&key) {
            r.result = Some((r.value + value - result).clamp(0.0, 1.0));
        }
    }
}

/// How far outside 0..1 a record's value may lie and still be read (clamped): files written before the search
/// report clamped its values hold root values as far out as −0.071 and 1.060, and dropping their games lost
/// 46 % of them.
const VALUE_SLACK: f32 = 0.1;

/// A game's records as text lines.
pub fn format_game(records: &[ValueRecord]) -> String {
    let n = records.len();
    let mut out = String::new();
    for (k, r) in records.iter().enumerate() {
        let moves: String = r.moves.iter().map(|m| (MOVE_BASE + m.0) as char).collect();
        let result = r.result.map_or("-".to_string(), |x| x.to_string());
        out += &format!("{} {}/{n} {moves} {result} {:.3}\n", r.game, k + 1, r.value);
    }
    out
}

/// Reads one record line; `(record, k, n)`.
pub fn parse_line(line: &str) -> Result<(ValueRecord, usize, usize), String> {
    let bad = || format!("bad value record {line:?}");
    let mut parts = line.split(' ');
    let mut next = || parts.next().ok_or_else(bad);
    let game: u64 = next()?.parse().map_err(|_| bad())?;
    let (k, n) = next()?.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    let moves_text = next()?;
    let result: Option<f32> = match next()? {
        "-" => None,
        text => Some(text.parse().map_err(|_| bad())?),
    };
    let value: f32 = next()?.parse().map_err(|_| bad())?;
    if !(-VALUE_SLACK..=1.0 + VALUE_SLACK).contains(&value) {
        return Err(bad());
    }
    let value = value.clamp(0.0, 1.0);
    let moves: Vec<Move> = moves_text
        .bytes()
        .map(|c| c.checked_sub(MOVE_BASE).filter(|&i| i < 81).map(Move).ok_or_else(bad))
        .collect::<Result<_, _>>()?;
    Board::from_moves(&moves).map_err(|i| format!("{}: move {} is illegal", bad(), i + 1))?;
    let in_range = |x: f32| (0.0..=1.0).contains(&x);
    if !result.is_none_or(in_range) || k == 0 || k > n {
        return Err(bad());
    }
    Ok((ValueRecord { game, moves, result, value }, k, n))
}

/// The records of every complete game in `text`, and the numbers of those games. Lines of unfinished
/// games (a run stopped mid-write) are left out.
pub fn parse_complete(text: &str) -> (Vec<ValueRecord>, Vec<u64>) {
    let mut games: BTreeMap<u64, (usize, Vec<ValueRecord>)> = BTreeMap::new();
    for line in text.lines() {
        if let Ok((r, _, n)) = parse_line(line) {
            let entry = games.entry(r.game).or_insert((n, Vec::new()));
            entry.1.push(r);
        }
    }
    let mut records = Vec::new();
    let mut done = Vec::new();
    for (g, (n, recs)) in games {
        if recs.len() == n {
            done.push(g);
            records.extend(recs);
        }
    }
    (records, done)
}

/// What to say of a file of `lines` lines of which `kept` were read as records of complete games: nothing
/// when all were. A few lines left out are a run stopped mid-write; most of a file left out is the mark of
/// runs concatenated into one file (their game numbers collide, so no game looks complete).
fn left_out_warning(path: &str, lines: usize, kept: usize) -> Option<String> {
    (kept < lines).then(|| {
        format!(
            "{path}: {} of {lines} lines left out: unfinished games (a run stopped mid-write), unreadable lines, \
             or game numbers used twice (runs concatenated into one file: give each run its own file)",
            lines - kept
        )
    })
}

/// Reads value records from files, sorted by game so that the data does not depend on file order. Of two
/// records of the same game and moves the one read first is kept: relabelled records (`relabel.rs`) given
/// before the self-play file they came from replace its records.
pub fn read_value_records(paths: &[String]) -> Result<Vec<ValueRecord>, String> {
    let mut records = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let complete = parse_complete(&text).0;
        if let Some(warning) = left_out_warning(path, text.lines().count(), complete.len()) {
            eprintln!("{warning}");
        }
        records.extend(complete);
    }
    // Runs with different seeds reuse game numbers: only a record read twice (the same file given twice)
    // is a duplicate.
    records.sort_by(|a, b| (a.game, &a.moves).cmp(&(b.game, &b.moves)));
    records.dedup_by(|a, b| a.game == b.game && a.moves == b.moves);
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_concatenated_into_one_file_lose_their_colliding_games_and_say_so() {
        let game = |value: f32| {
            let r = |moves: Vec<Move>| ValueRecord { game: 3, moves, result: Some(1.0), value };
            format_game(&[r(vec![Move(40)]), r(vec![Move(40), Move(36)])])
        };
        let one_run = game(0.25);
        assert_eq!(parse_complete(&one_run).0.len(), 2);
        assert_eq!(left_out_warning("a.txt", one_run.lines().count(), 2), None);
        // The same game number from another run, appended: neither game is complete any more.
        let concatenated = one_run + &game(0.75);
        let kept = parse_complete(&concatenated).0.len();
        assert_eq!(kept, 0);
        let warning = left_out_warning("a.txt", concatenated.lines().count(), kept).unwrap();
        assert!(
            warning.starts_with("a.txt: 4 of 4 lines left out") && warning.contains("concatenated"),
            "{warning}"
        );
    }

    #[test]
    fn of_two_records_of_one_position_the_first_file_wins() {
        let record =
            |value: f32| ValueRecord { game: 7, moves: vec![Move(40), Move(36)], result: Some(1.0), value };
        let dir = std::env::temp_dir().join(format!("uttt-records-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (deep, shallow) = (dir.join("deep.txt"), dir.join("shallow.txt"));
        std::fs::write(&deep, format_game(&[record(0.25)])).unwrap();
        std::fs::write(&shallow, format_game(&[record(0.75)])).unwrap();
        let path = |p: &std::path::Path| p.to_string_lossy().into_owned();
        let first_deep = read_value_records(&[path(&deep), path(&shallow)]).unwrap();
        let first_shallow = read_value_records(&[path(&shallow), path(&deep)]).unwrap();
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(first_deep, vec![record(0.25)]);
        assert_eq!(first_shallow, vec![record(0.75)]);
    }
}
