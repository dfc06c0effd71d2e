//! How far a value net, one rollout and the self-play search are from the games' results, by phase.
//!
//! `uttt value-error --data FILE… [--value-weights F] [--positions N] [--seed S]`: for each ten plies, the
//! mean squared error against the final result of the net's value, of one rollout (the bot's), of the
//! recorded search value, and the net's distance from the search value. It shows where the net is weak
//! (the late middle game: docs/training.md) and what a leaf's blend of net and rollout is worth there.
//! Run it on games the net was not trained on.

use crate::board::Board;
use crate::cli::Args;
use crate::mcts::{rollout::rollout, RolloutPolicy};
use crate::moves::Move;
use crate::rng::Rng;
use crate::train::value::records::ValueRecord;
use crate::value::ValueNet;

/// Rows of ten plies each; the last also holds every later ply.
const PHASES: usize = 7;

/// Sums of squared errors over the positions of one phase.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PhaseError {
    /// Positions in the phase.
    pub positions: usize,
    /// The net's value against the result.
    pub net: f64,
    /// One rollout's result against the game's.
    pub rollout: f64,
    /// The recorded search value against the result.
    pub search: f64,
    /// The net's value against the search value.
    pub net_to_search: f64,
    /// Positions whose next move in the game is known (the search's choice).
    pub choices: usize,
    /// Of those, how many the net's one-ply choice agrees with: a screen of what the search asks of
    /// the net (to rank a node's children), which its loss on the game's own positions does not measure.
    pub agreements: usize,
}

impl PhaseError {
    fn mean(&self, sum: f64) -> f64 {
        sum / self.positions.max(1) as f64
    }
}

/// The move whose position the net values best for the side to move (a finished game by its result; on a
/// tie the finished game, since a sure net's value rounds to exactly 1 or 0 in `f32`).
pub fn one_ply_choice(board: &Board, net: &ValueNet) -> Option<Move> {
    let me = board.side_to_move();
    let mut best: Option<((f32, bool), Move)> = None;
    board.for_each_move(|m| {
        let mut after = *board;
        after.play(m);
        let over = after.is_over();
        let value = if over { after.status().score_for(me) } else { 1.0 - net.evaluate(&after) };
        if best.is_none_or(|(v, _)| (value, over) > v) {
            best = Some(((value, over), m));
        }
    });
    best.map(|(_, m)| m)
}

/// The move the game went on with from record `i`: the next played record of its game, one move longer.
fn next_move(records: &[ValueRecord], i: usize) -> Option<Move> {
    let r = &records[i];
    records[i + 1..]
        .iter()
        .take_while(|n| n.game == r.game)
        .find(|n| n.result.is_some() && n.moves.len() == r.moves.len() + 1 && n.moves.starts_with(&r.moves))
        .map(|n| n.moves[r.moves.len()])
}

/// The errors of `records` (sorted by game, as read) by phase (`ply / 10`, the last row open-ended).
pub fn phase_errors(records: &[ValueRecord], net: &ValueNet, seed: u64) -> [PhaseError; PHASES] {
    let mut rng = Rng::new(seed);
    let mut rows = [PhaseError::default(); PHASES];
    // Side lines have no result to measure against.
    for (i, r) in records.iter().enumerate() {
        let Some(result) = r.result else { continue };
        let board = Board::from_moves(&r.moves).expect("records were checked when read");
        let me = board.side_to_move();
        let rolled = rollout(board, RolloutPolicy::GAME_WINS, &mut rng).score_for(me) as f64;
        let (net_value, result, search) = (net.evaluate(&board) as f64, result as f64, r.value as f64);
        let row = &mut rows[(r.moves.len() / 10).min(PHASES - 1)];
        row.positions += 1;
        row.net += (net_value - result).powi(2);
        row.rollout += (rolled - result).powi(2);
        row.search += (search - result).powi(2);
        row.net_to_search += (net_value - search).powi(2);
        if let Some(next) = next_move(records, i) {
            row.choices += 1;
            row.agreements += (one_ply_choice(&board, net) == Some(next)) as usize;
        }
    }
    rows
}

/// `uttt value-error`: prints the table.
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut a = Args::new(words);
    let mut paths = a.values("--data")?;
    let weights: Option<String> = a.value("--value-weights")?;
    let limit: usize = a.value_or("--positions", 300_000)?;
    let seed: u64 = a.value_or("--seed", 1)?;
    paths.extend(a.positionals()?);
    if paths.is_empty() {
        return Err("--data FILE is required".into());
    }
    let net = ValueNet::load(weights.as_deref())?;
    let mut records = crate::train::value::records::read_value_records(&paths)?;
    records.truncate(limit);
    println!("plies   positions  net      rollout  search   net to search  (mean squared error against the result)  net's 1-ply choice = the game's move");
    for (k, row) in phase_errors(&records, &net, seed).iter().enumerate() {
        let plies =
            if k + 1 < PHASES { format!("{}-{}", 10 * k, 10 * k + 9) } else { format!("{}+", 10 * k) };
        println!(
            "{plies:<7} {:>9}  {:.4}   {:.4}   {:.4}   {:.4}          {:.1} % of {}",
            row.positions,
            row.mean(row.net),
            row.mean(row.rollout),
            row.mean(row.search),
            row.mean(row.net_to_search),
            100.0 * row.agreements as f64 / row.choices.max(1) as f64,
            row.choices
        );
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Status;
    use crate::mcts::rollout::game_winning_move;

    #[test]
    fn the_one_ply_choice_takes_a_game_win() {
        let net = crate::value::ValueNet::embedded().unwrap();
        let (mut rng, mut wins) = (Rng::new(5), 0);
        for _ in 0..100 {
            let mut board = Board::new();
            while let Some(m) = board.random_move(&mut rng) {
                if game_winning_move(&board).is_some() {
                    let mut after = board;
                    after.play(one_ply_choice(&board, &net).unwrap());
                    assert_eq!(after.status(), Status::Won(board.side_to_move()));
                    wins += 1;
                }
                board.play(m);
            }
        }
        assert!(wins > 0);
    }

    #[test]
    fn errors_are_counted_in_their_phase_and_measured_against_the_result() {
        let net = crate::value::ValueNet::embedded().unwrap();
        let mut rng = Rng::new(2);
        let mut records = Vec::new();
        let mut board = Board::new();
        let mut moves: Vec<Move> = Vec::new();
        while let Some(m) = board.random_move(&mut rng) {
            board.play(m);
            moves.push(m);
            // The search value is the result itself: its error must be 0; the net's cannot be.
            let result = if moves.len() % 2 == 0 { 1.0 } else { 0.0 };
            records.push(ValueRecord { game: 0, moves: moves.clone(), result: Some(result), value: result });
        }
        let positions = records.len();
        records.push(ValueRecord { game: 0, moves: moves[..3].to_vec(), result: None, value: 0.0 });
        let rows = phase_errors(&records, &net, 1);
        assert_eq!(rows.iter().map(|r| r.positions).sum::<usize>(), positions, "a side line has no result");
        assert_eq!(rows[0].positions, 9, "plies 1..=9 in the first row");
        assert!(rows.iter().all(|r| r.search == 0.0));
        assert!(rows[0].net > 0.0 && rows[0].net == rows[0].net_to_search);
        assert!(rows.iter().all(|r| r.rollout <= r.positions as f64));
        // Every played position but the last has its next move; the side line does not count.
        assert_eq!(rows.iter().map(|r| r.choices).sum::<usize>(), positions - 1);
        let agreed: usize = rows.iter().map(|r| r.agreements).sum();
        let expected = (0..positions - 1)
            .filter(|&k| {
                let board = Board::from_moves(&moves[..=k]).unwrap();
                one_ply_choice(&board, &net) == Some(moves[k + 1])
            })
            .count();
        assert_eq!(agreed, expected);
    }
}
