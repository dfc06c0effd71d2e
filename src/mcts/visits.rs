//! `1/n` and `1/√n` of visit counts by table: selection scores every child of every node on the path,
//! and without these tables its divisions and square roots were a third of the search's time.

/// Counts below this are looked up (16 KB per table); larger ones are computed.
const TABLE_SIZE: usize = 4096;

/// `RECIPROCALS[n]` = 1/n, and 0 for n = 0.
static RECIPROCALS: [f32; TABLE_SIZE] = {
    let mut table = [0.0f32; TABLE_SIZE];
    let mut n = 1;
    while n < TABLE_SIZE {
        table[n] = (1.0 / n as f64) as f32;
        n += 1;
    }
    table
};

/// `INV_SQRTS[n]` = 1/√n, and 0 for n = 0.
static INV_SQRTS: [f32; TABLE_SIZE] = {
    let mut table = [0.0f32; TABLE_SIZE];
    let mut n = 1;
    while n < TABLE_SIZE {
        table[n] = (1.0 / const_sqrt(n as f64)) as f32;
        n += 1;
    }
    table
};

/// √x for x ≥ 1 by Newton's method (`f64::sqrt` is not `const`); exact to well below an `f32` ulp.
const fn const_sqrt(x: f64) -> f64 {
    let mut s = x;
    let mut i = 0;
    while i < 64 {
        s = 0.5 * (s + x / s);
        i += 1;
    }
    s
}

/// 1/n for n ≥ 1; 0 for n = 0.
#[inline]
pub fn reciprocal(n: u32) -> f32 {
    match RECIPROCALS.get(n as usize) {
        Some(&r) => r,
        None => 1.0 / n as f32,
    }
}

/// 1/√n for n ≥ 1; 0 for n = 0.
#[inline]
pub fn inv_sqrt(n: u32) -> f32 {
    match INV_SQRTS.get(n as usize) {
        Some(&r) => r,
        None => 1.0 / (n as f32).sqrt(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_arithmetic_on_both_sides_of_their_end() {
        assert_eq!((reciprocal(0), inv_sqrt(0)), (0.0, 0.0));
        for n in (1..3 * TABLE_SIZE as u32).chain([1 << 20, u32::MAX]) {
            let (x, r) = (n as f64, reciprocal(n) as f64);
            assert!((r * x - 1.0).abs() < 1e-6, "1/{n} = {r}");
            let s = inv_sqrt(n) as f64;
            assert!((s * s * x - 1.0).abs() < 1e-6, "1/sqrt({n}) = {s}");
        }
    }
}
