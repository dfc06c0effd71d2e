//! A search-tree node and what the solver knows about it.

use crate::moves::Move;

/// A proven game-theoretic value, from the viewpoint of the player who moved into the node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Proof {
    /// Nothing proven yet.
    Unknown,
    /// The player who moved into the node wins with best play.
    Win,
    /// The player who moved into the node loses with best play.
    Loss,
    /// Best play draws.
    Draw,
}

impl Proof {
    /// The same fact seen by the other player.
    pub fn flipped(self) -> Proof {
        match self {
            Proof::Win => Proof::Loss,
            Proof::Loss => Proof::Win,
            other => other,
        }
    }
}

/// One node of the flat tree arena. Children are contiguous: `first_child .. first_child + num_children`.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// Index of the first child; 0 means "not expanded" (index 0 is always the root, never a child).
    pub first_child: u32,
    /// Iterations that passed through this node.
    pub visits: u32,
    /// Sum of rewards (1 win, 0.5 draw, 0 loss) for the player who moved into this node.
    pub value_sum: f32,
    /// Selection prior of the move into this node (uniform without a learned policy).
    pub prior: f32,
    /// The move that leads into this node.
    pub mv: Move,
    /// Number of children; 0 while not expanded.
    pub num_children: u8,
    /// What the solver has proven about this node.
    pub proof: Proof,
    /// Visits to this node left before its children get the learned policy's priors (uniform until
    /// then); 0 once they have them, or when there is no policy.
    pub priors_in: u8,
}

const _: () = assert!(std::mem::size_of::<Node>() == 20);

impl Node {
    /// An unvisited, unexpanded node for `mv` with selection prior `prior`.
    pub fn new(mv: Move, prior: f32) -> Node {
        Node {
            first_child: 0,
            visits: 0,
            value_sum: 0.0,
            prior,
            mv,
            num_children: 0,
            proof: Proof::Unknown,
            priors_in: 0,
        }
    }

    /// True once the node's children exist.
    #[inline]
    pub fn is_expanded(&self) -> bool {
        self.num_children > 0
    }

    /// Mean reward for the player who moved into this node.
    #[inline]
    pub fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.value_sum / self.visits as f32
        }
    }

    /// The proven reward for the player who moved into this node, else its mean reward.
    pub fn proven_or_mean(&self) -> f32 {
        match self.proof {
            Proof::Win => 1.0,
            Proof::Loss => 0.0,
            Proof::Draw => 0.5,
            Proof::Unknown => self.mean(),
        }
    }

    /// The indices of the node's children in the arena.
    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        self.first_child as usize..self.first_child as usize + self.num_children as usize
    }
}
