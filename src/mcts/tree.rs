//! The node arena: allocated once, never grown, recycled between turns by copying the kept subtree.

use super::node::Node;
use crate::moves::Move;

/// Two fixed-capacity buffers; the live tree is in `nodes`, `spare` receives it when the root moves.
pub struct Tree {
    nodes: Vec<Node>,
    spare: Vec<Node>,
    capacity: usize,
}

impl Tree {
    /// Reserves both buffers now so the search never allocates. Memory is touched only as nodes are used.
    pub fn with_capacity(capacity: usize) -> Tree {
        let capacity = capacity.clamp(2, u32::MAX as usize);
        let mut nodes = Vec::with_capacity(capacity);
        nodes.push(Node::new(Move(0), 1.0));
        Tree { nodes, spare: Vec::with_capacity(capacity), capacity }
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    #[inline]
    pub fn get(&self, i: usize) -> &Node {
        &self.nodes[i]
    }

    #[inline]
    pub fn get_mut(&mut self, i: usize) -> &mut Node {
        &mut self.nodes[i]
    }

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
    /// the spare buffer (Cheney's algorithm: the copied nodes are their own work queue). Returns the nodes kept.
    pub fn reroot(&mut self, new_root: usize) -> usize {
        self.spare.clear();
        let mut root = self.nodes[new_root];
        root.prior = 1.0;
        self.spare.push(root);
        let mut scan = 0;
        while scan < self.spare.len() {
            let old = self.spare[scan];
            if old.is_expanded() {
                let first = self.spare.len() as u32;
                self.spare.extend_from_slice(&self.nodes[old.children()]);
                self.spare[scan].first_child = first;
            }
            scan += 1;
        }
        std::mem::swap(&mut self.nodes, &mut self.spare);
        self.nodes.len()
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
    fn reroot_keeps_exactly_the_subtree() {
        let mut t = Tree::with_capacity(100);
        t.expand(0, [leaf(1), leaf(2)].into_iter());
        t.expand(2, [leaf(3), leaf(4), leaf(5)].into_iter());
        t.expand(1, [leaf(6)].into_iter());
        t.expand(4, [leaf(7)].into_iter()); // child of move 3
        t.get_mut(2).visits = 9;
        let kept = t.reroot(2);
        assert_eq!(kept, 5);
        assert_eq!(t.get(0).visits, 9);
        let moves: Vec<u8> = t.children(0).iter().map(|n| n.mv.0).collect();
        assert_eq!(moves, vec![3, 4, 5]);
        let grandchild = t.children(t.get(0).first_child as usize + 1); // under move 4
        assert_eq!(grandchild.len(), 1);
        assert_eq!(grandchild[0].mv, Move(7));
    }
}
