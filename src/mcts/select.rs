//! Choosing the child to descend into: UCT with a PUCT prior term, and the solver's proofs first.
//!
//! `Q + c·√(ln N / n) + w·P·√N / (1 + n)`, computed as `Q + c·√(ln N)·(1/√n) + w·√N·P·(1/(1 + n))` with
//! the per-parent factors hoisted and the per-child ones from tables (`visits.rs`): this loop runs over
//! every child of every node on the path, 81 of them at an open root.

use super::node::{Node, Proof};
use super::params::Params;
use super::visits::{inv_sqrt, reciprocal, sqrt_ln};

/// A child's score is `value + exploration · explore + prior_scale · prior`: these are its own terms, the
/// two factors the parent's (`parent_factors`). The root keeps its children's terms (`root_scores.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Terms {
    pub value: f32,
    pub explore: f32,
    pub prior: f32,
}

#[inline]
pub fn terms(child: &Node, params: &Params) -> Terms {
    match child.visits {
        // First-play urgency: every unvisited child gets a fixed score, raised by its prior.
        0 => Terms {
            value: params.first_play_urgency + params.prior_weight * child.prior,
            explore: 0.0,
            prior: 0.0,
        },
        v => Terms {
            value: child.value_sum * reciprocal(v),
            explore: inv_sqrt(v),
            prior: child.prior * reciprocal(v + 1),
        },
    }
}

/// `(exploration, prior_scale)` for a parent visited `parent_visits` times.
#[inline]
pub fn parent_factors(params: &Params, parent_visits: u32) -> (f32, f32) {
    (params.exploration * sqrt_ln(parent_visits), params.prior_weight * (parent_visits.max(1) as f32).sqrt())
}

#[inline]
pub fn score(t: Terms, (exploration, prior_scale): (f32, f32)) -> f32 {
    t.value + exploration * t.explore + prior_scale * t.prior
}

/// The index among `children` of the child to descend into: a proven win at once, else the best score,
/// proven losses last.
#[inline(always)]
pub fn select(children: &[Node], params: &Params, parent_visits: u32) -> usize {
    let factors = parent_factors(params, parent_visits);
    let exploration = factors.0;
    let score = |child: &Node| score(terms(child, params), factors);
    // Proofs are rare: the common loop only notes whether any child has one, without a branch.
    let mut any_proven = 0u8;
    let mut best = (0, f32::NEG_INFINITY);
    for (k, child) in children.iter().enumerate() {
        any_proven |= child.proof as u8;
        let s = score(child);
        if s > best.1 {
            best = (k, s);
        }
    }
    if any_proven == 0 {
        return best.0;
    }
    let mut best = (0, f32::NEG_INFINITY);
    for (k, child) in children.iter().enumerate() {
        let s = match child.proof {
            Proof::Win => return k,
            Proof::Loss => -1e9 + child.visits as f32,
            Proof::Draw if params.solver => 0.5 + exploration * inv_sqrt(child.visits + 1),
            _ => score(child),
        };
        if s > best.1 {
            best = (k, s);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    fn child(visits: u32, value_sum: f32, prior: f32, proof: Proof) -> Node {
        Node { visits, value_sum, proof, ..Node::new(Move(0), prior) }
    }

    /// The score as the formula reads, for comparison with the hoisted and tabled one.
    fn plain_score(c: &Node, p: &Params, parent: u32) -> f32 {
        if c.visits == 0 {
            return p.first_play_urgency + p.prior_weight * c.prior;
        }
        let (n, big_n) = (c.visits as f32, parent as f32);
        c.value_sum / n
            + p.exploration * (big_n.ln() / n).sqrt()
            + p.prior_weight * c.prior * big_n.sqrt() / (1.0 + n)
    }

    #[test]
    fn picks_the_child_with_the_best_plain_score() {
        let mut rng = crate::rng::Rng::new(4);
        for params in [Params::BOT, Params::TEXTBOOK] {
            for _ in 0..500 {
                let children: Vec<Node> = (0..1 + rng.below(30))
                    .map(|_| {
                        let visits = rng.below(6000);
                        child(visits, visits as f32 * rng.unit_f32(), rng.unit_f32() * 0.2, Proof::Unknown)
                    })
                    .collect();
                let parent = children.iter().map(|c| c.visits).sum::<u32>() + 1;
                let scores: Vec<f32> = children.iter().map(|c| plain_score(c, &params, parent)).collect();
                let chosen = select(&children, &params, parent);
                let best = scores.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
                // Rounding may reorder near-ties only.
                let near_best = scores[chosen] == best || scores[chosen] >= best - 1e-4 * best.abs().max(1.0);
                assert!(near_best, "{scores:?} chose {chosen}");
            }
        }
    }

    #[test]
    fn proofs_decide_before_scores() {
        let p = Params::BOT;
        let good = child(100, 90.0, 0.5, Proof::Unknown);
        let lost = child(100, 99.0, 0.5, Proof::Loss);
        let won = child(1, 0.0, 0.0, Proof::Win);
        let drawn = child(100, 50.0, 0.1, Proof::Draw);
        assert_eq!(select(&[good, won], &p, 201), 1);
        assert_eq!(select(&[lost, good], &p, 201), 1);
        assert_eq!(select(&[lost, drawn], &p, 201), 1);
        assert_eq!(select(&[lost, lost], &p, 201), 0);
    }
}
