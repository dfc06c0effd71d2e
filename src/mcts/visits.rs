//! `1/n`, `1/√n` and `√(ln n)` of visit counts by table: selection scores every child of every node on
//! the path, and without these tables its divisions, square roots and logarithms were a third of the
//! search's time.

/// Counts below this are looked up (16 KB per table); larger ones are computed.
const TABLE_SIZE: usize = 4096;

/// What a table holds for each count n ≥ 1 (entry 0 is 0).
#[derive(Clone, Copy)]
enum Of {
    Reciprocal,
    InvSqrt,
    SqrtLn,
}

const fn table(of: Of) -> [f32; TABLE_SIZE] {
    let mut table = [0.0f32; TABLE_SIZE];
    let mut n = 1;
    while n < TABLE_SIZE {
        let x = n as f64;
        table[n] = match of {
            Of::Reciprocal => 1.0 / x,
            Of::InvSqrt => 1.0 / const_sqrt(x),
            Of::SqrtLn => const_sqrt(const_ln(x)),
        } as f32;
        n += 1;
    }
    table
}

static RECIPROCALS: [f32; TABLE_SIZE] = table(Of::Reciprocal);
static INV_SQRTS: [f32; TABLE_SIZE] = table(Of::InvSqrt);
static SQRT_LNS: [f32; TABLE_SIZE] = table(Of::SqrtLn);

/// `table[n]`, or `compute(n)` past the table's end.
#[inline]
fn look_up(table: &[f32; TABLE_SIZE], n: u32, compute: impl Fn(f32) -> f32) -> f32 {
    match table.get(n as usize) {
        Some(&r) => r,
        None => compute(n as f32),
    }
}

/// ln x for x ≥ 1 (`f64::ln` is not `const`): x = m·2^k with 1 ≤ m < 2, ln x = k·ln 2 + 2·atanh((m−1)/(m+1)),
/// whose series in z = (m−1)/(m+1) ≤ 1/3 converges fast.
const fn const_ln(x: f64) -> f64 {
    let (mut m, mut k) = (x, 0);
    while m >= 2.0 {
        m /= 2.0;
        k += 1;
    }
    let z = (m - 1.0) / (m + 1.0);
    let (mut term, mut sum, mut i) = (z, 0.0, 0);
    while i < 40 {
        sum += term / (2 * i + 1) as f64;
        term *= z * z;
        i += 1;
    }
    k as f64 * std::f64::consts::LN_2 + 2.0 * sum
}

/// √x for x ≥ 0 by Newton's method (`f64::sqrt` is not `const`); exact to well below an `f32` ulp.
const fn const_sqrt(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let mut s = if x < 1.0 { 1.0 } else { x };
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
    look_up(&RECIPROCALS, n, |x| 1.0 / x)
}

/// 1/√n for n ≥ 1; 0 for n = 0.
#[inline]
pub fn inv_sqrt(n: u32) -> f32 {
    look_up(&INV_SQRTS, n, |x| 1.0 / x.sqrt())
}

/// √(ln n) for n ≥ 1; 0 for n = 0.
#[inline]
pub fn sqrt_ln(n: u32) -> f32 {
    look_up(&SQRT_LNS, n, |x| x.ln().sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_arithmetic_on_both_sides_of_their_end() {
        assert_eq!((reciprocal(0), inv_sqrt(0), sqrt_ln(0), sqrt_ln(1)), (0.0, 0.0, 0.0, 0.0));
        for n in (1..3 * TABLE_SIZE as u32).chain([1 << 20, u32::MAX]) {
            let (x, r) = (n as f64, reciprocal(n) as f64);
            assert!((r * x - 1.0).abs() < 1e-6, "1/{n} = {r}");
            let s = inv_sqrt(n) as f64;
            assert!((s * s * x - 1.0).abs() < 1e-6, "1/sqrt({n}) = {s}");
            let l = sqrt_ln(n) as f64;
            assert!(n == 1 || (l * l / x.ln() - 1.0).abs() < 1e-6, "sqrt(ln {n}) = {l}");
        }
    }
}
