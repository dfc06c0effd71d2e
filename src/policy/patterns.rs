//! Small-board patterns for the policy: the 3×3 board a move is played in, from the mover's point of
//! view, with the cell played, reduced by the board's eight symmetries to one class id.

use crate::board::symmetry::MAPS;

/// `TERNARY[m]`: the base-3 number whose digit k is 1 where bit k of the 9-bit mask `m` is set.
const TERNARY: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let (mut k, mut power, mut v) = (0, 1u16, 0u16);
        while k < 9 {
            if m & (1 << k) != 0 {
                v += power;
            }
            power *= 3;
            k += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
};

const PATTERNS: usize = 19683; // 3^9

/// `POWERS[k]`: 3^k, a cell's weight in a pattern's base-3 code.
const POWERS: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];

/// The class table, built once at start-up (a few milliseconds).
#[derive(Clone, Debug)]
pub struct Patterns {
    /// `class[pattern * 9 + cell]`, for an empty `cell` of `pattern`.
    class: Vec<u16>,
    count: usize,
}

impl Patterns {
    /// The table, built on first use and shared by every policy in the process.
    pub fn shared() -> &'static Patterns {
        static SHARED: std::sync::OnceLock<Patterns> = std::sync::OnceLock::new();
        SHARED.get_or_init(Patterns::new)
    }

    /// Builds the pattern table (about 7,758 symmetry classes of small boards).
    pub fn new() -> Patterns {
        let mut class = vec![u16::MAX; PATTERNS * 9];
        let mut count = 0usize;
        let mut digits = [0usize; 9];
        // Each pattern's eight images, computed once for all of its empty cells.
        let mut images = [0usize; 8];
        for code in 0..PATTERNS {
            // `digits` counts up in base 3 with `code` (its digits after the first code's zeros).
            if code > 0 {
                let carried = digits.iter().take_while(|&&d| d == 2).count();
                digits[..carried].fill(0);
                digits[carried] += 1;
            }
            let mut images_known = false;
            for cell in 0..9 {
                if digits[cell] != 0 || class[code * 9 + cell] != u16::MAX {
                    continue;
                }
                if !images_known {
                    for (image, sym) in images.iter_mut().zip(&MAPS) {
                        *image = (0..9).map(|k| digits[k] * POWERS[sym[k] as usize]).sum();
                    }
                    images_known = true;
                }
                // Give the whole orbit of (pattern, cell) under the symmetries one new id.
                for (image, sym) in images.iter().zip(&MAPS) {
                    class[image * 9 + sym[cell] as usize] = count as u16;
                }
                count += 1;
            }
        }
        Patterns { class, count }
    }

    /// Number of classes.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The class of playing `cell` in a board where the mover holds `mine` and the opponent `theirs`.
    #[inline]
    pub fn class(&self, mine: u16, theirs: u16, cell: usize) -> usize {
        let code = TERNARY[mine as usize & 0x1FF] as usize + 2 * TERNARY[theirs as usize & 0x1FF] as usize;
        self.class[code * 9 + cell] as usize
    }
}

impl Default for Patterns {
    fn default() -> Self {
        Patterns::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_positions_share_a_class_and_others_do_not() {
        let p = Patterns::new();
        assert!(p.count() > 6000 && p.count() < 9000, "{} classes", p.count());
        // Mine in a corner, playing the opposite corner: all four rotations alike.
        let corners = [(0, 8), (2, 6), (8, 0), (6, 2)];
        let first = p.class(1 << corners[0].0, 0, corners[0].1);
        for (mine, cell) in corners {
            assert_eq!(p.class(1 << mine, 0, cell), first);
        }
        // Playing next to one's corner is another class, and so is the same shape with colours swapped.
        assert_ne!(p.class(1, 0, 1), first);
        assert_ne!(p.class(0, 1, 8), first);
        // Every (pattern, empty cell) has a class.
        assert!(p.class.iter().enumerate().all(|(i, &c)| {
            let (code, cell) = (i / 9, i % 9);
            (code / 3usize.pow(cell as u32)) % 3 != 0 || (c as usize) < p.count()
        }));
    }
}
