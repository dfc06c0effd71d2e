//! Self-play positions: the game so far, the search's visit counts per move, and the final result.

use crate::board::{Board, Status};
use crate::mcts::{Limits, Params, Search};
use crate::moves::Move;
use crate::train::value::records::ValueRecord;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// One self-play position: the moves that reach it and the search's root visits there.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The moves from the empty board.
    pub history: Vec<Move>,
    /// Visits of each root move: the policy's training target.
    pub visits: Vec<(Move, u32)>,
    /// Final result for the side to move: 1 win, 0 draw, -1 loss.
    pub result: i8,
}

impl Record {
    /// The position, replayed from the history; an error on an illegal move.
    pub fn board(&self) -> Result<Board, String> {
        Board::from_moves(&self.history).map_err(|i| format!("record has an illegal move at {i}"))
    }
}

/// Plays `games` self-play games at `iterations` per move on `jobs` threads.
pub fn generate(games: usize, iterations: u64, jobs: usize, seed: u64, progress: bool) -> Vec<Record> {
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel();
    for _ in 0..jobs.max(1) {
        let (next, tx) = (next.clone(), tx.clone());
        std::thread::spawn(move || loop {
            let g = next.fetch_add(1, Ordering::SeqCst);
            if g >= games {
                break;
            }
            if tx.send(play_one(iterations, seed.wrapping_mul(1000).wrapping_add(g as u64))).is_err() {
                break;
            }
        });
    }
    drop(tx);
    let mut all = Vec::new();
    for (done, records) in rx.into_iter().enumerate() {
        all.extend(records);
        if progress {
            eprint!("\rself-play: {}/{games} games, {} positions   ", done + 1, all.len());
        }
    }
    if progress {
        eprintln!();
    }
    // Threads finish in any order: sort so the data depends on the seed alone.
    all.sort_by(|a, b| a.history.cmp(&b.history));
    all
}

fn play_one(iterations: u64, seed: u64) -> Vec<Record> {
    // No learned prior: the data, and so the weights, depend on the seed alone.
    let params = Params { early_stop: false, ..Params::ROLLOUT_BOT }.without_prior();
    let mut search = Search::new(params, 2_000_000, seed);
    let mut rng = crate::rng::Rng::new(seed);
    let mut board = Board::new();
    let mut history = Vec::new();
    let mut records = Vec::new();
    // A few random opening moves give the data variety; they are not recorded.
    for _ in 0..2 + rng.below(3) {
        let m = board.random_move(&mut rng).expect("openings do not end games");
        board.play(m);
        history.push(m);
    }
    while !board.is_over() {
        let r = search.search(&board, None, Limits::iterations(iterations));
        records.push(Record { history: history.clone(), visits: r.root_visits.clone(), result: 0 });
        board.play(r.best);
        history.push(r.best);
    }
    for rec in &mut records {
        let mover =
            if rec.history.len() % 2 == 0 { crate::board::Player::X } else { crate::board::Player::O };
        rec.result = match board.status() {
            Status::Won(p) if p == mover => 1,
            Status::Won(_) => -1,
            _ => 0,
        };
    }
    records
}

/// Policy records from value-net self-play: the move each searched position went on with is the target
/// (the visits are 1 for it, 0 for the other legal moves). A game's last record has no next move and is left
/// out, and so are side lines. `records` must hold each game's records together and in order, as `read_value_records` returns them.
pub fn from_value_records(records: &[ValueRecord]) -> Vec<Record> {
    let mut out = Vec::new();
    for game in records.chunk_by(|a, b| a.game == b.game) {
        // Side lines were not played: the move a position went on with is the next played record's.
        let game: Vec<&ValueRecord> = game.iter().filter(|r| r.result.is_some()).collect();
        for pair in game.windows(2) {
            let (here, next) = (&pair[0], &pair[1]);
            let Some(&played) = next.moves.get(here.moves.len()) else { continue };
            if !next.moves.starts_with(&here.moves) {
                continue;
            }
            let Ok(board) = Board::from_moves(&here.moves) else { continue };
            let visits = board.legal_moves().iter().map(|&m| (m, (m == played) as u32)).collect();
            out.push(Record { history: here.moves.clone(), visits, result: 0 });
        }
    }
    out
}

/// Compact binary: per record, history length and moves, child count and (move, visits as u16), result.
pub fn to_bytes(records: &[Record]) -> Vec<u8> {
    let mut out = b"UTTTSP1\n".to_vec();
    for r in records {
        out.push(r.history.len() as u8);
        out.extend(r.history.iter().map(|m| m.0));
        out.push(r.visits.len() as u8);
        for &(m, v) in &r.visits {
            out.push(m.0);
            out.extend((v.min(u16::MAX as u32) as u16).to_le_bytes());
        }
        out.push(r.result as u8);
    }
    out
}

/// Reads records written by `to_bytes`; an error says where the data is bad.
pub fn from_bytes(bytes: &[u8]) -> Result<Vec<Record>, String> {
    let body = bytes.strip_prefix(b"UTTTSP1\n").ok_or("not a self-play data file")?;
    let mut it = body.iter().copied();
    let mut next = || it.next().ok_or_else(|| "truncated data file".to_string());
    let mut records = Vec::new();
    while let Ok(n) = next() {
        let n = n as usize;
        let history = (0..n).map(|_| next().map(Move)).collect::<Result<Vec<_>, _>>()?;
        let k = next()? as usize;
        let mut visits = Vec::with_capacity(k);
        for _ in 0..k {
            let m = Move(next()?);
            let v = u16::from_le_bytes([next()?, next()?]) as u32;
            visits.push((m, v));
        }
        let result = next()? as i8;
        records.push(Record { history, visits, result });
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_play_records_round_trip_and_are_consistent() {
        let records = generate(2, 60, 2, 3, false);
        assert!(records.len() > 20);
        for r in &records {
            let b = r.board().unwrap();
            let legal = b.legal_moves();
            assert_eq!(r.visits.len(), legal.len());
            assert!(r.visits.iter().all(|(m, _)| legal.contains(*m)));
            assert!((-1..=1).contains(&r.result));
        }
        assert_eq!(from_bytes(&to_bytes(&records)).unwrap(), records);
        assert_eq!(generate(2, 60, 1, 3, false), records, "same seed, same data, whatever the threads");
    }

    #[test]
    fn value_records_become_policy_records_of_the_moves_played() {
        use crate::train::value::data::{play_game, SelfPlay};
        let config = SelfPlay { iterations: 200, use_value: false, side_visits: 10, ..SelfPlay::default() };
        let (a, b) = (play_game(&config, 5, 1), play_game(&config, 5, 2));
        let policy = from_value_records(&[a.clone(), b.clone()].concat());
        // Side lines are not moves played.
        let game_only = |r: Vec<ValueRecord>| -> Vec<ValueRecord> {
            r.into_iter().filter(|r| r.result.is_some()).collect()
        };
        let (sides, a, b) = (a.len() + b.len(), game_only(a), game_only(b));
        assert!(sides > a.len() + b.len(), "the games had side lines");
        assert_eq!(policy.len(), a.len() - 1 + b.len() - 1, "every record but each game's last");
        for (r, next) in policy.iter().zip(a.iter().skip(1).chain(b.iter().skip(1))) {
            let legal = r.board().unwrap().legal_moves();
            assert_eq!(r.visits.len(), legal.len());
            let played: Vec<Move> = r.visits.iter().filter(|&&(_, v)| v == 1).map(|&(m, _)| m).collect();
            assert_eq!(played, [next.moves[r.history.len()]]);
            assert!(r.visits.iter().all(|&(m, v)| v <= 1 && legal.contains(m)));
        }
    }
}
