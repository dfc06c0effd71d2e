//! The realistic start positions: where strong players go in their first moves, as a suite of game-pair
//! openings beside the random one (`data/openings.txt`). From X's centre (`4 4`, the bot's and the arena
//! leaders' first move), every move the bot's search rates reasonable for the side to move, to a fixed
//! number of plies; one line for each class of positions the board's symmetries make equal.

use crate::board::symmetry::canonical;
use crate::board::Board;
use crate::mcts::Limits;
use crate::moves::Move;
use crate::options::BotOptions;
use std::collections::BTreeSet;

/// How the suite is chosen.
#[derive(Clone, Copy, Debug)]
pub struct RealisticSuite {
    /// The length of each line, X's centre included.
    pub plies: usize,
    /// Iterations of the search that judges each position's moves.
    pub iterations: u64,
    /// A move is reasonable when its value for the mover is within this of the best move's.
    pub margin: f32,
    /// … and it has at least this share of the most visited move's visits (a mean over few visits is noise).
    pub share: f32,
    /// The search's seed.
    pub seed: u64,
}

impl RealisticSuite {
    /// The command's defaults: four plies (X's centre, O's reply, X's answer, O's answer to it).
    pub const DEFAULT: RealisticSuite =
        RealisticSuite { plies: 4, iterations: 50_000, margin: 0.05, share: 0.1, seed: 1 };

    /// The lines, sorted, each with the side to move's value at its end by the same search.
    pub fn lines(&self) -> Vec<(Vec<Move>, f32)> {
        let options = BotOptions { seed: self.seed, use_book: false, quiet: true, ..Default::default() };
        let mut search = options.build_search();
        let mut frontier = vec![vec![Move::new(4, 4)]];
        let mut seen = BTreeSet::new();
        let mut done = Vec::new();
        while let Some(line) = frontier.pop() {
            let board = Board::from_moves(&line).expect("lines of legal moves");
            if board.is_over() || !seen.insert(canonical(&board).0) {
                continue;
            }
            let report = search.search(&board, None, Limits::iterations(self.iterations));
            if line.len() == self.plies {
                done.push((line, report.best_value));
                continue;
            }
            for m in self.reasonable(&report) {
                let mut next = line.clone();
                next.push(m);
                frontier.push(next);
            }
        }
        done.sort_by(|a, b| a.0.cmp(&b.0));
        done
    }

    /// The root moves of `report` within the margin of the best value with enough visits.
    fn reasonable(&self, report: &crate::mcts::SearchReport) -> Vec<Move> {
        let most = report.root_visits.iter().map(|&(_, v)| v).max().unwrap_or(0) as f32;
        let considered: Vec<(Move, f32)> = report
            .root_visits
            .iter()
            .zip(&report.root_values)
            .filter(|((_, visits), _)| *visits as f32 >= self.share * most)
            .map(|(&(m, _), &value)| (m, value))
            .collect();
        let best = considered.iter().map(|&(_, v)| v).fold(f32::NEG_INFINITY, f32::max);
        considered.into_iter().filter(|&(_, v)| v >= best - self.margin).map(|(m, _)| m).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lines_start_at_the_centre_differ_under_symmetry_and_include_the_best_replies() {
        let suite = RealisticSuite { plies: 3, iterations: 400, ..RealisticSuite::DEFAULT };
        let lines = suite.lines();
        assert!(lines.len() >= 2, "{lines:?}");
        let classes: BTreeSet<Board> =
            lines.iter().map(|(l, _)| canonical(&Board::from_moves(l).unwrap()).0).collect();
        assert_eq!(classes.len(), lines.len(), "two lines are one position turned");
        for (line, value) in &lines {
            assert_eq!((line.len(), line[0]), (3, Move::new(4, 4)));
            assert!((0.0..=1.0).contains(value));
        }
        // The search's own choice after the centre is among the replies kept.
        let options = BotOptions { seed: 1, use_book: false, ..Default::default() };
        let after_centre = Board::from_moves(&[Move::new(4, 4)]).unwrap();
        let best = options.build_search().search(&after_centre, None, Limits::iterations(400)).best;
        let best_class = {
            let mut b = after_centre;
            b.play(best);
            canonical(&b).0
        };
        let replies: BTreeSet<Board> =
            lines.iter().map(|(l, _)| canonical(&Board::from_moves(&l[..2]).unwrap()).0).collect();
        assert!(replies.contains(&best_class));
        // Wider margins keep at least as many lines.
        let wide = RealisticSuite { margin: 0.5, share: 0.0, ..suite }.lines();
        assert!(wide.len() >= lines.len());
    }
}
