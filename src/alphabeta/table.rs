//! The transposition table: positions searched before, by Zobrist key, with their score, the kind of bound
//! it is, the depth it was searched to and the best move found. Buckets of four entries share a cache
//! line; a new entry replaces the one of its key, or else the one least worth keeping: shallow, or from
//! an earlier turn's search (its age).

use super::score::Score;
use crate::moves::Move;

/// What a stored score says about the position's true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// No entry (a cleared slot).
    Empty = 0,
    /// The true score is this one (a PV node).
    Exact = 1,
    /// At least this score (a cut: some move reached beta).
    Lower = 2,
    /// At most this score (no move reached alpha).
    Upper = 3,
}

impl Bound {
    /// What a node's best score `best` says, searched within (`alpha`, `beta`).
    pub fn of(best: Score, alpha: Score, beta: Score) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// One stored position.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub score: i16,
    /// The best move found, or 255 for none.
    pub mv: u8,
    pub depth: u8,
    pub bound: Bound,
    /// The search (turn) that stored it, modulo 256.
    pub age: u8,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 16);

const EMPTY: Entry = Entry { key: 0, score: 0, mv: 255, depth: 0, bound: Bound::Empty, age: 0 };

impl Entry {
    /// The stored best move, if any.
    pub fn best_move(&self) -> Option<Move> {
        (self.mv < 81).then_some(Move(self.mv))
    }
}

/// Four entries, one 64-byte cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([Entry; 4]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

/// The table.
pub struct Table {
    buckets: Vec<Bucket>,
    /// `buckets.len() - 1` (a power of two less one).
    mask: u64,
    age: u8,
}

impl Table {
    /// A table of at most `mib` MiB (at least one bucket).
    pub fn new(mib: u32) -> Table {
        // Every entry is written here (an empty entry is not all zero bytes), so no search pays for a page's
        // first touch: 64 MiB costs start-up some tens of ms, within the first turn's budget.
        let bytes = (mib as usize) << 20;
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() / 2 };
        Table { buckets: vec![Bucket([EMPTY; 4]); count], mask: count as u64 - 1, age: 0 }
    }

    /// Starts a new search: entries stored from now on are this search's, older ones give way first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket; the whole key is kept to tell positions apart.
        ((key >> 32) & self.mask) as usize
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)].0.iter().find(|e| e.key == key && e.bound != Bound::Empty).copied()
    }

    /// Stores a search's result for `key`. The entry of the same key is replaced (keeping its move when
    /// this result has none); otherwise the one worth least: its depth less eight plies a search of age.
    #[inline]
    pub fn store(&mut self, key: u64, score: Score, bound: Bound, depth: u32, mv: Option<Move>) {
        let age = self.age;
        let bucket = self.bucket(key);
        let entries = &mut self.buckets[bucket].0;
        let worth = |e: &Entry| match e.bound {
            Bound::Empty => i32::MIN,
            _ => e.depth as i32 - 8 * age.wrapping_sub(e.age) as i32,
        };
        let slot = match entries.iter().position(|e| e.key == key && e.bound != Bound::Empty) {
            Some(k) => k,
            None => (0..4).min_by_key(|&k| worth(&entries[k])).expect("four entries"),
        };
        let old = entries[slot];
        let mv = match mv {
            Some(m) => m.0,
            None if old.key == key => old.mv,
            None => 255,
        };
        entries[slot] = Entry {
            key,
            score: score.clamp(i16::MIN as Score, i16::MAX as Score) as i16,
            mv,
            depth: depth.min(255) as u8,
            bound,
            age,
        };
    }
}
