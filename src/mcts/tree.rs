//! The node arena: allocated once, never grown, recycled between turns by copying the kept subtree.

use super::node::Node;
use crate::moves::Move;
use std::time::Instant;

/// Nodes per buffer that `Tree::prefault` touches ahead of use (120 MB for both buffers, of the default
/// 200 MB). A first turn at the arena's 1,000 ms builds 1.8 M nodes at the median and 2.9 M at most (the
/// 80-unit net, 3,000 first turns' logs on a 2-core machine), later turns at most 2.3 M; pages past this are
/// touched only by longer turns, as they are used (about 2 µs a page). Memory never touched is not freed at
/// exit either: a virtual machine that hands freed memory back to its host can be stopped whole for 10–35 ms
/// a batch, two seconds later, in another game's turn (docs/journal/2026-11-30-gen35.md).
pub const PREFAULT_NODES: usize = 3_000_000;

/// Two fixed-capacity buffers; the live tree is in `nodes`, `spare` receives it when the root moves.
pub struct Tree {
    nodes: Vec<Node>,
    spare: Vec<Node>,
    capacity: usize,
}

impl Tree {
    /// Reserves both buffers now so the search never allocates. Memory is touched as nodes are used, or
    /// all at once by `prefault`.
    pub fn with_capacity(capacity: usize) -> Tree {
        let capacity = capacity.clamp(2, u32::MAX as usize);
        let mut nodes = Vec::with_capacity(capacity);
        nodes.push(Node::new(Move(0), 1.0));
        Tree { nodes, spare: Vec::with_capacity(capacity), capacity }
    }

    /// Touches the pages of both buffers, up to `PREFAULT_NODES` each, so that later expansions and
    /// re-rootings pay no first-touch page faults (about 2 µs per 4 KiB page, +7 % iterations while the tree
    /// grows into new memory). Stops at `until` if given: the rest is then touched as it is used, as without
    /// this.
    pub fn prefault(&mut self, until: Option<Instant>) {
        const NODES_PER_PAGE: usize = 4096 / std::mem::size_of::<Node>();
        // The clock is read once per megabyte.
        const PAGES_PER_CHECK: usize = 256;
        for buffer in [&mut self.nodes, &mut self.spare] {
            let wanted = PREFAULT_NODES.saturating_sub(buffer.len());
            let free = buffer.spare_capacity_mut();
            let reach = wanted.min(free.len());
            let free = &mut free[..reach];
            for chunk in free.chunks_mut(NODES_PER_PAGE * PAGES_PER_CHECK) {
                if until.is_some_and(|t| Instant::now() >= t) {
                    return;
                }
                for slot in chunk.iter_mut().step_by(NODES_PER_PAGE) {
                    slot.write(Node::new(Move(0), 0.0));
                }
                // The writes are to unused capacity: keep the compiler from dropping them.
                std::hint::black_box(chunk.as_ptr());
            }
        }
    }

    /// Nodes each buffer can hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Nodes in use.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when no node is in use (never, in practice: the root is always there).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node at index `i`.
    #[inline]
    pub fn get(&self, i: usize) -> &Node {
        &self.nodes[i]
    }

    /// The node at index `i`, to change it.
    #[inline]
    pub fn get_mut(&mut self, i: usize) -> &mut Node {
        &mut self.nodes[i]
    }

    /// The children of node `i`, as a slice.
    #[inline]
    pub fn children(&self, i: usize) -> &[Node] {
        &self.nodes[self.nodes[i].children()]
    }

    /// Adds the children of node `i` in one block; `false` (and no change) when there is no room.
    #[inline]
    pub fn expand(&mut self, i: usize, children: impl ExactSizeIterator<Item = Node>) -> bool {
        let n = children.len();
        if n == 0 || self.nodes.len() + n > self.capacity {
            return false;
        }
        let first = self.nodes.len() as u32;
        self.nodes.extend(children);
        let node = &mut self.nodes[i];
        node.first_child = first;
        node.num_children = n as u8;
        true
    }

    /// Starts afresh with an empty root.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::new(Move(0), 1.0));
    }

    /// Makes node `new_root` the root, keeping its subtree and dropping the rest. Breadth-first copy into
    /// the spare buffer (Cheney's algorithm: the copied nodes are their own work queue). Returns the nodes kept, or `None`
    /// when `until` came first: the live tree is then as it was, for the caller to clear or keep.
    pub fn reroot(&mut self, new_root: usize, until: Option<Instant>) -> Option<usize> {
        // The clock is read once per this many nodes copied.
        const NODES_PER_CHECK: usize = 1 << 14;
        self.spare.clear();
        let mut root = self.nodes[new_root];
        root.prior = 1.0;
        self.spare.push(root);
        let mut scan = 0;
        while scan < self.spare.len() {
            if scan % NODES_PER_CHECK == NODES_PER_CHECK - 1 && until.is_some_and(|t| Instant::now() >= t) {
                return None;
            }
            let old = self.spare[scan];
            if old.is_expanded() {
                let first = self.spare.len() as u32;
                self.spare.extend_from_slice(&self.nodes[old.children()]);
                self.spare[scan].first_child = first;
            }
            scan += 1;
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
        Some(self.nodes.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(m: u8) -> Node {
        Node::new(Move(m), 1.0)
    }

    #[test]
    fn expansion_respects_capacity() {
        let mut t = Tree::with_capacity(4);
        assert!(t.expand(0, [leaf(1), leaf(2)].into_iter()));
        assert!(!t.expand(1, [leaf(3), leaf(4)].into_iter()), "5 nodes would exceed 4");
        assert!(t.expand(1, [leaf(3)].into_iter()));
        assert_eq!(t.len(), 4);
        assert!(!t.get(2).is_expanded());
    }

    #[test]
    fn prefault_changes_no_node() {
        let mut t = Tree::with_capacity(5000);
        t.expand(0, [leaf(1), leaf(2)].into_iter());
        t.reroot(2, None);
        t.expand(0, [leaf(3)].into_iter());
        t.prefault(None);
        assert_eq!(t.len(), 2);
        assert_eq!(t.children(0)[0].mv, Move(3));
        assert!(!t.children(0)[0].is_expanded(), "a prefaulted slot must not read as a node");
        assert!(t.expand(1, (0..4998).map(|_| leaf(4))), "all the capacity is still free");
    }

    #[test]
    fn a_reroot_past_its_time_gives_up_and_leaves_the_tree_as_it_was() {
        // Under node 2: 50 children, 2,500 grandchildren, 22,500 great-grandchildren.
        let mut t = Tree::with_capacity(40_000);
        t.expand(0, [leaf(1), leaf(2)].into_iter());
        let mut level = vec![2];
        for width in [50, 50, 9] {
            let mut next = Vec::new();
            for node in level {
                let first = t.len();
                assert!(t.expand(node, (0..width).map(|_| leaf(3))));
                next.extend(first..t.len());
            }
            level = next;
        }
        let len = t.len();
        assert_eq!(len, 3 + 50 + 2_500 + 22_500);
        assert_eq!(t.reroot(2, Some(Instant::now())), None);
        assert_eq!((t.len(), t.get(0).num_children), (len, 2));
        assert_eq!(t.reroot(2, Some(Instant::now() + std::time::Duration::from_secs(60))), Some(len - 2));
    }

    #[test]
    fn reroot_keeps_exactly_the_subtree() {
        let mut t = Tree::with_capacity(100);
        t.expand(0, [leaf(1), leaf(2)].into_iter());
        t.expand(2, [leaf(3), leaf(4), leaf(5)].into_iter());
        t.expand(1, [leaf(6)].into_iter());
        t.expand(4, [leaf(7)].into_iter()); // child of move 3
        t.get_mut(2).visits = 9;
        let kept = t.reroot(2, None);
        assert_eq!(kept, Some(5));
        assert_eq!(t.get(0).visits, 9);
        let moves: Vec<u8> = t.children(0).iter().map(|n| n.mv.0).collect();
        assert_eq!(moves, vec![3, 4, 5]);
        let grandchild = t.children(t.get(0).first_child as usize + 1); // under move 4
        assert_eq!(grandchild.len(), 1);
        assert_eq!(grandchild[0].mv, Move(7));
    }
}
