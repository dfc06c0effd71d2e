//! `uttt log-records LOG… --out FILE`: value-net records from logged matches.
//!
//! Every match the arena logs (`uttt arena … --log F`, players run without `--quiet`) holds, for each
//! searched move, the position, the mover's root value (`value V` in the move's note) and the game's
//! result: a value-net record as self-play writes one (`records.rs`), but from a search at the arena's
//! limits, several times the iterations of a self-play move. So the matches that measure the bot are also
//! teacher data. Book turns (their search was of another position), the set opening's moves and games
//! that ended in a fault (no result on the board) give no record.

use super::records::{format_game, ValueRecord};
use crate::board::{Player, Status};
use crate::cli::Args;
use crate::report::model::{LoggedGame, Run};

/// The records of one logged game, numbered `number`; those of `player` alone when given.
pub fn game_records(game: &LoggedGame, number: u64, player: Option<&str>) -> Vec<ValueRecord> {
    if game.fault.is_some() {
        return Vec::new();
    }
    let mut records = Vec::new();
    for ply in game.opening..game.moves.len() {
        let mover = if ply % 2 == 0 { Player::X } else { Player::O };
        let name = if mover == Player::X { &game.x } else { &game.o };
        if player.is_some_and(|p| p != name) || game.from_book(ply) {
            continue;
        }
        let Some(value) = game.logged_value(ply) else { continue };
        records.push(ValueRecord {
            game: number,
            moves: game.moves[..ply].to_vec(),
            result: Some(game.winner.map_or(Status::Draw, Status::Won).score_for(mover)),
            value: value.clamp(0.0, 1.0) as f32,
        });
    }
    records
}

/// `uttt log-records LOG… [--player NAME] --out FILE`: the logs' records, game after game (numbered from 0
/// in the order read), written to FILE for `uttt train-value --data FILE`.
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let player: Option<String> = a.value("--player")?;
    let out: String = a.value("--out")?.ok_or("--out FILE is required")?;
    let logs = a.positionals()?;
    if logs.is_empty() {
        return Err("usage: uttt log-records LOG... [--player NAME] --out FILE".into());
    }
    let mut text = String::new();
    let (mut games, mut positions) = (0u64, 0usize);
    for log in &logs {
        let run = Run::from_logs(&crate::report::read_logs(std::slice::from_ref(log))?)
            .map_err(|e| format!("{log}: {e}"))?;
        for game in &run.games {
            let records = game_records(game, games, player.as_deref());
            if !records.is_empty() {
                positions += records.len();
                text += &format_game(&records);
                games += 1;
            }
        }
    }
    std::fs::write(&out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!(
        "log-records: {positions} positions of {games} games from {} logs written to {out}",
        logs.len()
    );
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::value::records::parse_line;

    const LOG: &str = r#"{"match": {"players": ["a", "b"], "first_ms": 1000, "later_ms": 100, "grace_ms": 0, "seed": 1, "sprt": null}}
{"game": 0, "x": "a", "o": "b", "result": "O", "fault": null, "opening": 0, "moves": ["4 4", "3 3", "0 0", "2 1"], "times_ms": [900, 900, 60, 89], "notes": ["turn 1 move 4 4 (opening) value 0.649", "turn 1 move 3 3 iters 9 value 0.351 pv 3,3", "turn 2 move 0 0 (book) value 0.645", "turn 2 move 2 1 iters 9 value 0.402 pv 2,1"]}
{"game": 1, "x": "b", "o": "a", "result": "X", "fault": {"player": "O", "kind": "timeout", "detail": "late"}, "opening": 0, "moves": ["4 4"], "times_ms": [900], "notes": ["turn 1 move 4 4 iters 9 value 0.7"]}
{"game": 2, "x": "b", "o": "a", "result": "draw", "fault": null, "opening": 2, "moves": ["4 4", "3 3", "0 0"], "times_ms": [0, 0, 90], "notes": ["", "", "turn 1 move 0 0 iters 9 value 0.55"]}
"#;

    #[test]
    fn searched_moves_become_records_and_book_turns_faults_and_openings_do_not() {
        let run = Run::from_logs(&[LOG.to_string()]).expect("the log reads");
        let first = game_records(&run.games[0], 7, None);
        // Plies 1 and 3 were searched; ply 0 was the opening move, ply 2 a book move.
        assert_eq!(first.len(), 2, "{first:?}");
        assert_eq!((first[0].moves.len(), first[0].result, first[0].value), (1, Some(1.0), 0.351));
        assert_eq!((first[1].moves.len(), first[1].result, first[1].value), (3, Some(1.0), 0.402));
        assert!(first.iter().all(|r| r.game == 7));
        // Only the named player's moves: here "b", who played O and won.
        assert_eq!(game_records(&run.games[0], 0, Some("a")).len(), 0);
        assert_eq!(game_records(&run.games[0], 0, Some("b")).len(), 2);
        // A game lost on time has no board result.
        assert!(game_records(&run.games[1], 1, None).is_empty());
        // The set opening's two moves give nothing; the draw scores one half.
        let third = game_records(&run.games[2], 2, None);
        assert_eq!(third.len(), 1);
        assert_eq!((third[0].moves.len(), third[0].result), (2, Some(0.5)));
        // The records read back as self-play's do.
        for line in format_game(&first).lines() {
            let (record, _, n) = parse_line(line).expect("a record line");
            assert_eq!(n, 2);
            assert!(first.contains(&record), "{record:?}");
        }
    }
}
