//! The bit layout's tables: a small board is a 9-bit mask (bit `3 * row + col`), and these `const`
//! tables answer "is there a line", "which cells complete one" and "which bits are set" in one load.

use crate::rng::Rng;

/// The 9-bit mask of a full small board.
pub const FULL: u16 = 0x1FF;
/// `forced` value meaning "play in any open board".
pub const ANY_BOARD: u8 = 9;

/// The eight lines of a 3×3 grid as 9-bit masks.
pub const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

/// `WINS[m]`: does the 9-bit mask `m` contain a line? Built at compile time.
pub(super) const WINS: [bool; 512] = {
    let mut table = [false; 512];
    let mut m = 0;
    while m < 512 {
        let mut l = 0;
        while l < 8 {
            if m as u16 & LINES[l] == LINES[l] {
                table[m] = true;
            }
            l += 1;
        }
        m += 1;
    }
    table
};

/// `COMPLETERS[m]`: the cells that would complete a line for a player holding mask `m` (occupied or not).
const COMPLETERS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut c = 0;
        while c < 9 {
            if m & (1 << c) == 0 && WINS[m | (1 << c)] {
                table[m] |= 1 << c;
            }
            c += 1;
        }
        m += 1;
    }
    table
};

/// `PICKS[m]`: the set bits of the 9-bit mask `m`, packed for a loop-free random pick with one load:
/// the low nibble holds the count, then one nibble per set bit holds its index, lowest first.
const PICKS: [u64; 512] = {
    let mut table = [0u64; 512];
    let mut m = 0;
    while m < 512 {
        let (mut c, mut n) = (0, 0u64);
        while c < 9 {
            if m & (1 << c) != 0 {
                table[m] |= (c as u64) << (4 + 4 * n);
                n += 1;
            }
            c += 1;
        }
        table[m] |= n;
        m += 1;
    }
    table
};

/// Number of set bits of a 9-bit mask.
#[inline]
pub fn popcount9(mask: u16) -> u32 {
    (PICKS[mask as usize & 0x1FF] & 15) as u32
}

/// True when the 9-bit mask holds three in a line.
#[inline]
pub fn has_line(mask: u16) -> bool {
    WINS[mask as usize]
}

/// Cells that would complete a line for `own`, restricted to `free` cells.
#[inline]
pub fn completing_cells(own: u16, free: u16) -> u16 {
    COMPLETERS[own as usize] & free
}

/// The index of the `n`-th set bit of `mask` (n < popcount).
#[inline]
pub fn nth_set_bit(mask: u16, n: u32) -> usize {
    debug_assert!(n < popcount9(mask));
    (PICKS[mask as usize & 0x1FF] >> (4 + 4 * n)) as usize & 15
}

/// A uniformly random set bit of a non-empty 9-bit mask: one table load gives both count and cells.
#[inline]
pub fn random_set_bit(mask: u16, rng: &mut Rng) -> usize {
    let packed = PICKS[mask as usize & 0x1FF];
    let k = rng.below(packed as u32 & 15);
    (packed >> (4 + 4 * k)) as usize & 15
}
