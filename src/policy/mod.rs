//! The learned move policy: priors for the search. (Filled in by the learned-policy work.)

use crate::board::Board;
use crate::moves::Move;

#[derive(Clone, Debug, Default)]
pub struct Policy {}

impl Policy {
    /// Writes a prior for each move (summing to 1) into `out`.
    pub fn priors(&self, _board: &Board, moves: &[Move], out: &mut [f32]) {
        out.fill(1.0 / moves.len().max(1) as f32);
    }
}
