//! Auxiliary targets: what a training position's game went on to do, predicted by a head on the value
//! net's hidden units during training and dropped after it (`train-value --aux-weight W`), so they cost
//! the shipped net no byte. They give the hidden units more to learn from each position than its one
//! result: KataGo's ownership and score targets sped its learning (Wu, "Accelerating Self-Play Learning
//! in Go", 2019).
//!
//! Ten outputs, each a sigmoid against a target in 0..1 from the side to move's view: for each small
//! board, who owns it when the game ends (1 the side to move, 0 the other player, ½ drawn or never
//! decided), and the plies the game has left, divided by 81.

use crate::board::symmetry::transform_mask;
use crate::board::{Board, Player, Status};
use crate::rng::Rng;
use crate::train::value::records::ValueRecord;
use crate::value::network::sigmoid;

/// Outputs of the head: nine small boards' owners and the plies left.
pub const AUX_OUTPUTS: usize = 10;

/// How a position's game ended: the small boards each player held and the plies still to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fate {
    /// Boards won by X and by O at the end.
    won: [u16; 2],
    /// Plies from the position to the end; `u8::MAX` when the end is not known.
    plies_left: u8,
}

impl Fate {
    /// No known end: the position trains the value alone.
    pub const UNKNOWN: Fate = Fate { won: [0; 2], plies_left: u8::MAX };

    /// The head's targets for `board` (already under symmetry `symmetry`, as the fate is not), from its
    /// side to move's view; `None` when the end is not known.
    pub fn targets(&self, board: &Board, symmetry: usize) -> Option<[f32; AUX_OUTPUTS]> {
        if self.plies_left == u8::MAX {
            return None;
        }
        let me = board.side_to_move();
        let mine = transform_mask(self.won[me.index()], symmetry);
        let theirs = transform_mask(self.won[me.other().index()], symmetry);
        let mut t = [0.5; AUX_OUTPUTS];
        for (b, target) in t[..9].iter_mut().enumerate() {
            if mine >> b & 1 == 1 {
                *target = 1.0;
            } else if theirs >> b & 1 == 1 {
                *target = 0.0;
            }
        }
        t[9] = self.plies_left as f32 / 81.0;
        Some(t)
    }
}

/// The end of the game that the played record `last` (the game's last recorded position, the side to
/// move's result `result`) was one move from: the first legal move that ends the game with that result.
/// Self-play records every played position but the final one (`--record-fast`, or full self-play), so
/// that move is the game's last, or one as good for the targets; a game whose end is further off (fast
/// moves not recorded) ends at `last` itself, its boards as they stood there. With the plies after `last`.
fn game_end(last: &Board, result: f32) -> (Board, u32) {
    let me = last.side_to_move();
    let ends_as_recorded = |status: Status| match status {
        Status::Ongoing => false,
        status => status.score_for(me) == result,
    };
    last.legal_moves()
        .iter()
        .map(|&m| {
            let mut after = *last;
            after.play(m);
            after
        })
        .find(|after| ends_as_recorded(after.status()))
        .map_or((*last, 0), |end| (end, 1))
}

/// Each record's fate, in `records`' order. A record's game is the longest played record of its game
/// number that extends its moves: records of runs that reuse game numbers stay apart, since their moves
/// differ. Side lines left the game, so their fate is unknown.
pub fn fates(records: &[ValueRecord]) -> Vec<Fate> {
    let mut order: Vec<u32> =
        (0..records.len() as u32).filter(|&i| records[i as usize].result.is_some()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&records[a as usize], &records[b as usize]);
        (a.game, &a.moves).cmp(&(b.game, &b.moves))
    });
    let mut fates = vec![Fate::UNKNOWN; records.len()];
    // From the last in that order: a record that extends to the current end shares it; any other starts one.
    let mut end: Option<(usize, Board, usize)> = None;
    for &i in order.iter().rev() {
        let r = &records[i as usize];
        let continues = end.is_some_and(|(e, _, _)| {
            let e = &records[e];
            e.game == r.game && e.moves.starts_with(&r.moves)
        });
        if !continues {
            let board = Board::from_moves(&r.moves).expect("records were checked when read");
            let (final_board, after) = game_end(&board, r.result.expect("played records only"));
            end = Some((i as usize, final_board, r.moves.len() + after as usize));
        }
        let (_, final_board, plies) = end.expect("set above");
        fates[i as usize] = Fate {
            won: [final_board.won_boards(Player::X), final_board.won_boards(Player::O)],
            plies_left: (plies - r.moves.len()).min(81) as u8,
        };
    }
    fates
}

/// The head: `AUX_OUTPUTS` sigmoid outputs on the activated hidden units.
pub struct AuxHead {
    /// `weights[k * hidden + i]`: unit `i`'s weight into output `k`.
    pub weights: Vec<f32>,
    /// One bias an output.
    pub biases: Vec<f32>,
    hidden: usize,
}

impl AuxHead {
    /// Small random weights for a net of `hidden` units.
    pub fn random(hidden: usize, seed: u64) -> AuxHead {
        let mut rng = Rng::new(seed ^ 0xA0C5);
        let weights = (0..AUX_OUTPUTS * hidden).map(|_| (rng.unit_f32() * 2.0 - 1.0) * 0.1).collect();
        AuxHead { weights, biases: vec![0.0; AUX_OUTPUTS], hidden }
    }

    /// Parameters in the gradient's layout: weights, then biases.
    pub fn parameters(&self) -> usize {
        self.weights.len() + self.biases.len()
    }

    /// Every parameter, in the gradient's layout.
    pub fn parameters_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.weights.iter_mut().chain(self.biases.iter_mut())
    }

    /// The mean cross-entropy of the outputs on the activated units `units` against `targets`, times
    /// `weight`; adds its gradient into `grad` (this head's layout) and, through `slopes` (each unit's
    /// activation's derivative), into `dsums` (the gradient of the hidden units' sums).
    pub fn backward(
        &self,
        units: &[f32],
        slopes: &[f32],
        targets: &[f32; AUX_OUTPUTS],
        weight: f32,
        grad: &mut [f32],
        dsums: &mut [f32],
    ) -> f64 {
        let h = self.hidden;
        let (gw, gb) = grad.split_at_mut(AUX_OUTPUTS * h);
        let scale = weight / AUX_OUTPUTS as f32;
        let mut loss = 0.0;
        for (k, &t) in targets.iter().enumerate() {
            let row = &self.weights[k * h..(k + 1) * h];
            let p = sigmoid(units.iter().zip(row).map(|(u, w)| u * w).sum::<f32>() + self.biases[k]);
            loss += super::cross_entropy(p, t);
            let d = scale * (p - t);
            gb[k] += d;
            let grow = &mut gw[k * h..(k + 1) * h];
            for i in 0..h {
                grow[i] += d * units[i];
                dsums[i] += d * row[i] * slopes[i];
            }
        }
        loss * scale as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::symmetry::{transform_board, SYMMETRIES};
    use crate::moves::Move;

    /// A game that opens with `first` and goes on by random moves to its end, recorded as self-play
    /// records it: every position after the opening but the end.
    fn recorded_game(game: u64, first: Move, seed: u64) -> (Vec<ValueRecord>, Board) {
        let mut rng = Rng::new(seed);
        let (mut board, mut moves, mut records) = (Board::new(), vec![first], Vec::new());
        board.play(first);
        while !board.is_over() {
            records.push(ValueRecord { game, moves: moves.clone(), result: Some(0.0), value: 0.5 });
            let m: Move = board.random_move(&mut rng).expect("not over");
            board.play(m);
            moves.push(m);
        }
        for r in &mut records {
            let me = Board::from_moves(&r.moves).unwrap().side_to_move();
            r.result = Some(board.status().score_for(me));
        }
        (records, board)
    }

    #[test]
    fn every_record_learns_its_own_games_end_even_where_runs_share_game_numbers() {
        let mut exact = 0;
        for seed in 0..40 {
            // Two runs' games under one number, each recorded up to its last move.
            let (mut records, end_a) = recorded_game(5, Move(40), seed);
            let (more, end_b) = recorded_game(5, Move(0), seed + 1000);
            let split = records.len();
            records.extend(more);
            let fates = fates(&records);
            let owned = |f: &Fate| [f.won[0], f.won[1]];
            for (i, r) in records.iter().enumerate() {
                let (end, total) = if i < split { (&end_a, split) } else { (&end_b, records.len() - split) };
                let left = total - (r.moves.len() - 1);
                assert_eq!(fates[i].plies_left as usize, left, "seed {seed}, record {i}");
                assert_eq!(
                    owned(&fates[i]),
                    owned(&fates[if i < split { 0 } else { split }]),
                    "one end a game"
                );
                // The final move found may be another that ends the game alike: one board won for another.
                let apart = (fates[i].won[0] ^ end.won_boards(Player::X)).count_ones()
                    + (fates[i].won[1] ^ end.won_boards(Player::O)).count_ones();
                assert!(apart <= 2, "seed {seed}, record {i}: {apart} boards apart");
            }
            exact += [(0, &end_a), (split, &end_b)]
                .iter()
                .filter(|(i, end)| {
                    owned(&fates[*i]) == [end.won_boards(Player::X), end.won_boards(Player::O)]
                })
                .count();
        }
        assert!(exact >= 60, "{exact} of 80 games' ends found exactly");
    }

    #[test]
    fn targets_follow_the_side_to_move_and_the_symmetry() {
        let (records, end) = recorded_game(1, Move(40), 7);
        let fate = fates(&records)[10];
        let board = Board::from_moves(&records[10].moves).unwrap();
        for s in 0..SYMMETRIES {
            let image = transform_board(&board, s);
            let t = fate.targets(&image, s).unwrap();
            let end_image = transform_board(&end, s);
            let me = image.side_to_move();
            for (b, &target) in t[..9].iter().enumerate() {
                let expected = if end_image.won_boards(me) >> b & 1 == 1 {
                    1.0
                } else if end_image.won_boards(me.other()) >> b & 1 == 1 {
                    0.0
                } else {
                    0.5
                };
                // The fate's final move may differ from the game's: compare where the two ends agree.
                if (fate.won[0] ^ end.won_boards(Player::X)) | (fate.won[1] ^ end.won_boards(Player::O)) == 0
                {
                    assert_eq!(target, expected, "symmetry {s}, board {b}");
                }
            }
            assert_eq!(t[9], (records.len() - 10) as f32 / 81.0, "the plies left");
        }
        assert_eq!(Fate::UNKNOWN.targets(&board, 0), None);
    }

    #[test]
    fn the_heads_gradient_is_the_losss_slope() {
        let h = 6;
        let mut head = AuxHead::random(h, 3);
        let units: Vec<f32> = (0..h).map(|i| 0.1 + 0.13 * i as f32).collect();
        let slopes = vec![1.0; h];
        let targets = [1.0, 0.0, 0.5, 0.5, 1.0, 0.0, 0.5, 1.0, 0.0, 0.3];
        let loss = |head: &AuxHead| {
            let mut g = vec![0.0; head.parameters()];
            head.backward(&units, &slopes, &targets, 2.0, &mut g, &mut vec![0.0; h])
        };
        let mut grad = vec![0.0; head.parameters()];
        let mut dsums = vec![0.0; h];
        head.backward(&units, &slopes, &targets, 2.0, &mut grad, &mut dsums);
        for k in [0, 7, 25, 59, 61, 69] {
            let eps = 1e-3;
            let nudge =
                |head: &mut AuxHead, by: f32| *head.parameters_mut().nth(k).expect("a parameter") += by;
            nudge(&mut head, eps);
            let up = loss(&head);
            nudge(&mut head, -2.0 * eps);
            let down = loss(&head);
            nudge(&mut head, eps);
            let numeric = ((up - down) / (2.0 * eps as f64)) as f32;
            assert!((numeric - grad[k]).abs() < 2e-3, "parameter {k}: {numeric} against {}", grad[k]);
        }
        assert!(dsums.iter().any(|&d| d != 0.0));
    }
}
