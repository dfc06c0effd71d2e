//! The training positions: a record's board and target as kept between epochs (`Position`), and as the
//! net reads it under one of the board's symmetries (`Example`).

use super::auxiliary::{Fate, AUX_OUTPUTS};
use crate::board::symmetry::transform_board;
use crate::board::Board;
use crate::train::value::records::ValueRecord;
use crate::value::features::{active_features, output_bucket};

/// A position as the net reads it: its active features, output bucket and target, and the auxiliary
/// head's targets where its game's end is known (`auxiliary.rs`).
pub struct Example {
    pub(super) features: Vec<u16>,
    pub(super) bucket: u8,
    pub(super) target: f32,
    pub(super) aux: Option<[f32; AUX_OUTPUTS]>,
}

/// A training position as kept between epochs: its board, target and game's end, 60 bytes. Its features,
/// bucket and symmetric images are made when a step reads it (`Reading`), for less than a tenth of the
/// step's time: kept as examples under eight symmetries, 4 M records took 6.3 GB.
pub struct Position {
    board: Board,
    target: f32,
    pub(super) fate: Fate,
}

const _: () = assert!(std::mem::size_of::<Position>() <= 60);

/// How the training positions are read: entry `e` is position `e / symmetries` under symmetry
/// `e % symmetries`, with the first `inputs` features and `buckets` output buckets.
#[derive(Clone, Copy)]
pub(super) struct Reading {
    pub(super) symmetries: usize,
    pub(super) inputs: usize,
    pub(super) buckets: usize,
}

impl Reading {
    /// Entry `entry` of `positions` as the net reads it.
    pub(super) fn example(&self, positions: &[Position], entry: u32) -> Example {
        let (index, symmetry) = (entry as usize / self.symmetries, entry as usize % self.symmetries);
        let p = &positions[index];
        let board = transform_board(&p.board, symmetry);
        Example {
            aux: p.fate.targets(&board, symmetry),
            ..example(&board, p.target, self.inputs, self.buckets)
        }
    }
}

/// `board` as the net reads it: its first `inputs` features, its bucket of `buckets`, and `target`.
pub(super) fn example(board: &Board, target: f32, inputs: usize, buckets: usize) -> Example {
    let mut features = Vec::with_capacity(64);
    active_features(board, board.side_to_move(), inputs, |f| {
        if f < inputs {
            features.push(f as u16)
        }
    });
    Example { features, bucket: output_bucket(board, buckets) as u8, target, aux: None }
}

/// The position and target of each record.
pub fn positions(records: &[ValueRecord], lambda: f32) -> Vec<Position> {
    records
        .iter()
        .map(|r| {
            let board = Board::from_moves(&r.moves).expect("records were checked when read");
            // A side line without an estimated result (its position of departure not in the data) has
            // only the search's value.
            let target = r.result.map_or(r.value, |result| lambda * result + (1.0 - lambda) * r.value);
            Position { board, target, fate: Fate::UNKNOWN }
        })
        .collect()
}

/// Each record as played, as the net reads it (the first `inputs` features, `buckets` buckets).
pub fn examples(records: &[ValueRecord], lambda: f32, buckets: usize, inputs: usize) -> Vec<Example> {
    positions(records, lambda).iter().map(|p| example(&p.board, p.target, inputs, buckets)).collect()
}
