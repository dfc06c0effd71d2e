//! A small, fast, seedable random generator (xorshift64*), so the crate needs no `rand`.

/// xorshift64* (Vigna 2014): one 64-bit word of state, good enough statistics for playouts.
#[derive(Clone, Copy, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// Any seed works: it is scrambled by splitmix64 so that seeds 0, 1, 2 … give unrelated streams.
    pub fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Rng { state: if z == 0 { 0x2545_F491_4F6C_DD1D } else { z } }
    }

    /// A seed from the clock and the process id, for runs that need not repeat.
    pub fn from_entropy() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        Rng::new(nanos ^ ((std::process::id() as u64) << 32))
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.state = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// The next 32 random bits (the high half, the better one of xorshift64*).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A uniform draw from `0..n` (n > 0), without modulo bias: Lemire's multiply-and-reject.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = self.next_u32() as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform float in [0, 1).
    #[inline]
    pub fn unit_f32(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 7];
        for _ in 0..70_000 {
            let v = rng.below(7) as usize;
            assert!(v < 7);
            seen[v] += 1;
        }
        // Each bucket expects 10,000; a 5 % band is over 10 standard deviations wide.
        for count in seen {
            assert!((9_500..10_500).contains(&count), "bucket count {count}");
        }
    }

    #[test]
    fn same_seed_same_stream_and_different_seeds_differ() {
        let (mut a, mut b, mut c) = (Rng::new(1), Rng::new(1), Rng::new(2));
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn unit_float_is_in_unit_interval() {
        let mut rng = Rng::new(3);
        for _ in 0..10_000 {
            let f = rng.unit_f32();
            assert!((0.0..1.0).contains(&f));
        }
    }
}
