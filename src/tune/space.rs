//! The parameters a tuner searches: names of a built-in player's options with their ranges.
//!
//! The optimisers work in the unit box [0, 1]^n; each parameter maps it linearly onto its own range, so
//! one step size suits parameters of any scale.

/// One option of a built-in player, e.g. `c=0.2:1.5` (a float) or `expand=1:4` (whole numbers).
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The option's name in the player's spec (`bot:c=…`).
    pub name: String,
    /// The lowest value tried.
    pub lo: f64,
    /// The highest value tried.
    pub hi: f64,
    /// Whole numbers only (both bounds were written without a decimal point).
    pub integer: bool,
    /// Where the search starts, in the unit box (from `NAME=LO:HI:START`, else the middle).
    pub start: f64,
}

impl Param {
    /// Reads `NAME=LO:HI` or `NAME=LO:HI:START`, or a bare `NAME` of the search's tunables
    /// (`tunables::TUNABLES`), which gives its whole range.
    pub fn parse(text: &str) -> Result<Param, String> {
        if let Some(t) = crate::tunables::Tunable::<crate::mcts::Params>::find(text) {
            let (lo, hi) = t.range;
            return Ok(Param { name: t.name.to_string(), lo, hi, integer: t.integer, start: 0.5 });
        }
        let bad = || format!("--param {text:?}: expected NAME=LO:HI, NAME=LO:HI:START or a tunable's NAME");
        let (name, range) = text.split_once('=').ok_or_else(bad)?;
        let parts: Vec<&str> = range.split(':').collect();
        if name.is_empty() || !(2..=3).contains(&parts.len()) {
            return Err(bad());
        }
        let num = |s: &str| s.parse::<f64>().map_err(|_| bad());
        let (lo, hi) = (num(parts[0])?, num(parts[1])?);
        if lo.partial_cmp(&hi) != Some(std::cmp::Ordering::Less) {
            return Err(format!("--param {text:?}: LO must be below HI"));
        }
        let integer = !parts[0].contains('.') && !parts[1].contains('.');
        let start = match parts.get(2) {
            Some(s) => (num(s)? - lo) / (hi - lo),
            None => 0.5,
        };
        if !(0.0..=1.0).contains(&start) {
            return Err(format!("--param {text:?}: START must lie between LO and HI"));
        }
        Ok(Param { name: name.to_string(), lo, hi, integer, start })
    }

    /// The value at unit-box coordinate `u`.
    pub fn value(&self, u: f64) -> f64 {
        let v = self.lo + u.clamp(0.0, 1.0) * (self.hi - self.lo);
        if self.integer {
            v.round()
        } else {
            v
        }
    }

    /// The value as written in a spec: whole numbers bare, others with four decimals.
    pub fn format(&self, u: f64) -> String {
        let v = self.value(u);
        if self.integer {
            format!("{v}")
        } else {
            format!("{v:.4}")
        }
    }
}

/// `base` with every parameter set from the unit-box point `x`: `bot:iters=9` → `bot:iters=9:c=0.5210`.
pub fn spec_at(base: &str, params: &[Param], x: &[f64]) -> String {
    let mut spec = base.to_string();
    for (p, u) in params.iter().zip(x) {
        spec.push_str(&format!(":{}={}", p.name, p.format(*u)));
    }
    spec
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ranges_and_maps_the_unit_box() {
        let c = Param::parse("c=0.2:1.0:0.6").unwrap();
        assert!(!c.integer);
        assert!((c.start - 0.5).abs() < 1e-12);
        assert_eq!(c.format(0.25), "0.4000");
        let e = Param::parse("expand=1:4").unwrap();
        assert!(e.integer);
        assert_eq!(e.value(0.5), 3.0); // 2.5 rounds away from zero
        assert_eq!(spec_at("bot:iters=9", &[c, e], &[1.0, 0.0]), "bot:iters=9:c=1.0000:expand=1");
        let whole = Param::parse("vq").unwrap();
        assert_eq!((whole.lo, whole.hi, whole.integer), (0.0, 32.0, true), "a tunable's own range");
        for bad in ["cc", "c=1", "c=1:0", "c=a:2", "=0:1", "c=0:1:5"] {
            assert!(Param::parse(bad).is_err(), "{bad} accepted");
        }
    }
}
