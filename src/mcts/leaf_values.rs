//! The net's values of recent leaves, by node, for the sharpening of their parent's priors.
//!
//! A node is valued by the net when it is first reached as a leaf; its parent's priors are sharpened at
//! the parent's twelfth visit by the net's values of all its children, most often a few iterations later
//! (a child given virtual visits is expanded at its first real visit and sharpened at its next, so one of
//! its children was a leaf just before). That value is the same number, bit for bit (`value::children`
//! computes exactly `ValueNet::evaluate`), so the sharpening takes it from here instead of computing it
//! again. A direct-mapped table: a slot holds the last leaf whose node index maps to it, so a value is
//! found only while no later leaf took its slot, and a miss is computed as before; either way the same
//! number. Node indices change when the tree is re-rooted: the table is cleared then.

/// Slots: 16,384 of 8 bytes (128 KB, in the second-level cache).
const LEAF_SLOTS: usize = 1 << 14;
/// The index of no node (a tree holds fewer than `u32::MAX` nodes).
const NO_NODE: u32 = u32::MAX;

/// The table; `Copy` entries, allocated once with the search.
pub struct LeafValues {
    slots: Box<[(u32, f32)]>,
}

const _: () = assert!(std::mem::size_of::<(u32, f32)>() == 8);

impl LeafValues {
    /// An empty table.
    pub fn new() -> LeafValues {
        LeafValues { slots: vec![(NO_NODE, 0.0); LEAF_SLOTS].into_boxed_slice() }
    }

    /// Forgets every value (the tree's node indices are about to change).
    pub fn clear(&mut self) {
        self.slots.fill((NO_NODE, 0.0));
    }

    /// Keeps `value`, the net's value of node `node`'s position for its side to move.
    #[inline(always)]
    pub fn remember(&mut self, node: usize, value: f32) {
        self.slots[node % LEAF_SLOTS] = (node as u32, value);
    }

    /// The net's value of node `node`'s position, if it is still kept.
    #[inline(always)]
    pub fn recall(&self, node: usize) -> Option<f32> {
        let (held, value) = self.slots[node % LEAF_SLOTS];
        (held == node as u32).then_some(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_found_until_its_slot_is_taken_or_the_table_cleared() {
        let mut t = LeafValues::new();
        assert_eq!(t.recall(5), None);
        t.remember(5, 0.25);
        assert_eq!(t.recall(5), Some(0.25));
        t.remember(5 + LEAF_SLOTS, 0.75);
        assert_eq!((t.recall(5), t.recall(5 + LEAF_SLOTS)), (None, Some(0.75)));
        t.clear();
        assert_eq!(t.recall(5 + LEAF_SLOTS), None);
        assert_eq!(t.recall(0), None, "an empty slot holds no node");
    }
}
