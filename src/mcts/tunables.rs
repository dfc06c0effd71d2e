//! `TUNABLES`: the one table that names the search's numeric settings (`Params`' fields) for the tools —
//! the option `bot:NAME=X`, the tuner's `--param NAME`, the help and the table of docs/tuning.md. A row is
//! the option's name, the field, its range and one line of meaning; reading and writing the field and
//! whether it takes whole numbers follow from the field's type (`Setting`). Tools only: the arena file
//! never reads it (`cfg(not(bundle))`), so none of its text costs the bundle a byte.

use super::params::Params;

/// A value a tunable can hold, as the tools see it: a number (a switch is 0 or 1).
pub trait Setting: Copy {
    /// Whole numbers only.
    const INTEGER: bool;
    /// The value as the tools' number.
    fn to_f64(self) -> f64;
    /// The value of a number within the tunable's range.
    fn from_f64(v: f64) -> Self;
}

/// The numeric fields: a cast each way.
macro_rules! numeric_setting {
    ($($ty:ty => $integer:literal),*) => {$(
        impl Setting for $ty {
            const INTEGER: bool = $integer;
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(v: f64) -> Self {
                v as $ty
            }
        }
    )*};
}

numeric_setting!(f32 => false, u32 => true, u8 => true);

impl Setting for bool {
    const INTEGER: bool = true;
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
    fn from_f64(v: f64) -> Self {
        v != 0.0
    }
}

/// One tunable of `Params` as every tool names it: the option `bot:NAME=X`, the tuner's `--param NAME`,
/// the help text and the parameter table of docs/tuning.md all come from `TUNABLES`.
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// The option's name.
    pub name: &'static str,
    /// The field of `Params` it sets.
    pub field: &'static str,
    /// The values that make sense (the tuner's range when `--param NAME` gives none).
    pub range: (f64, f64),
    /// Whole numbers only (a switch is 0 or 1).
    pub integer: bool,
    /// One line of meaning.
    pub meaning: &'static str,
    /// Reads the value from `Params`.
    pub get: fn(&Params) -> f64,
    /// Writes the value into `Params` (within `range`).
    pub set: fn(&mut Params, f64),
}

/// The integer flag of a field, from its type.
const fn integer<T: Setting>(_: fn(&Params) -> T) -> bool {
    T::INTEGER
}

/// One row a tunable: `"option" => field, lo..=hi, "meaning";`.
macro_rules! tunables {
    ($($name:literal => $field:ident, $lo:literal..=$hi:literal, $meaning:literal;)*) => {
        /// Every numeric tunable of the search, in the order the help lists them.
        pub const TUNABLES: &[Tunable] = &[$(Tunable {
            name: $name,
            field: stringify!($field),
            range: ($lo, $hi),
            integer: integer(|p: &Params| p.$field),
            meaning: $meaning,
            get: |p| p.$field.to_f64(),
            set: |p, v| p.$field = Setting::from_f64(v),
        },)*];
    };
}

tunables! {
    "c" => exploration, 0.05..=2.0, "UCT exploration constant c in Q + c·sqrt(ln N / n)";
    "fpu" => first_play_urgency, 0.0..=2.0, "value of a child never visited, raised by its prior";
    "pw" => prior_weight, 0.0..=4.0, "weight of the learned prior in selection (0: plain UCT)";
    "vw" => value_weight, 0.0..=1.0, "the value net's share of a leaf's value (1: the net alone, 0: the rollout alone)";
    "vpv" => value_prior_visits, 0.0..=64.0, "a node's visit at which the net's values of its children sharpen their priors (0: never)";
    "vpt" => value_prior_temperature, 0.01..=1.0, "temperature of those values: P' ∝ P·exp(value / T)";
    "vq" => value_prior_virtual_visits, 0.0..=32.0, "visits of the net's value each child gets at that sharpening";
    "children" => value_children, 0.0..=1.0, "no rollouts: value all of a leaf's children at its expansion, back up their mean (1: on)";
    "expand" => expand_after, 1.0..=8.0, "visits a leaf gets before it is expanded";
    "prior_delay" => prior_delay, 0.0..=4.0, "visits after its expansion before a node's children get the policy's priors";
    "solver" => solver, 0.0..=1.0, "prove wins, losses and draws and let them decide (1: on)";
    "exact" => endgame_cells, 0.0..=81.0, "open boards' empty cells from which the root is first searched exactly (0: never)";
    "exact_share" => endgame_share, 0.0..=1.0, "the share of a turn's time that exact search may take";
    "reuse" => reuse_tree, 0.0..=1.0, "keep the subtree of the position reached between turns (1: on)";
    "early" => early_stop, 0.0..=1.0, "stop once the most visited move cannot be overtaken (1: on)";
    "pick" => move_pick, 0.0..=1.0, "the move played: the best mean among the root's children with this share of the most visits (0: the most visited)";
}

impl Tunable {
    /// The tunable called `name`, if there is one.
    pub fn find(name: &str) -> Option<&'static Tunable> {
        TUNABLES.iter().find(|t| t.name == name)
    }

    /// Sets it in `params` from the text `value`; an error says why the text is not one of its values.
    pub fn set_text(&self, params: &mut Params, value: &str) -> Result<(), String> {
        let v: f64 = value.parse().map_err(|_| format!("{}={value:?}: not a number", self.name))?;
        if self.integer && v.fract() != 0.0 {
            return Err(format!("{}={value}: a whole number", self.name));
        }
        let (lo, hi) = self.range;
        if !(lo..=hi).contains(&v) {
            return Err(format!("{}={value}: outside {lo}..={hi}", self.name));
        }
        (self.set)(params, v);
        Ok(())
    }

    /// The help text's options: `[:c=X][:fpu=X]…[:solver=0|1]…`.
    pub fn help() -> String {
        TUNABLES
            .iter()
            .map(|t| match (t.integer, t.range) {
                (true, (lo, hi)) if lo == 0.0 && hi == 1.0 => format!("[:{}=0|1]", t.name),
                (true, _) => format!("[:{}=N]", t.name),
                (false, _) => format!("[:{}=X]", t.name),
            })
            .collect()
    }

    /// The parameter table of docs/tuning.md: name, field, range, the bot's value, meaning.
    pub fn markdown_table() -> String {
        let mut table = String::from(
            "| option | field of `Params` | range | the bot | meaning |\n|---|---|---|---|---|\n",
        );
        for t in TUNABLES {
            table += &format!(
                "| `{}` | `{}` | {} .. {} | {} | {} |\n",
                t.name,
                t.field,
                t.range.0,
                t.range.1,
                (t.get)(&Params::BOT) as f32,
                t.meaning
            );
        }
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_reads_back_what_it_sets_and_refuses_what_lies_outside() {
        for t in TUNABLES {
            let (lo, hi) = t.range;
            let mut p = Params::BOT;
            t.set_text(&mut p, &format!("{hi}")).unwrap();
            assert_eq!((t.get)(&p) as f32, hi as f32, "{}", t.name);
            t.set_text(&mut p, &format!("{lo}")).unwrap();
            assert_eq!((t.get)(&p) as f32, lo as f32, "{}", t.name);
            assert!(t.set_text(&mut p, &format!("{}", hi + 1.0)).is_err(), "{}", t.name);
            assert!(t.set_text(&mut p, "x").is_err());
            assert!((lo..=hi).contains(&(t.get)(&Params::BOT)), "{}: the bot's value lies outside", t.name);
        }
        let names: std::collections::BTreeSet<&str> = TUNABLES.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), TUNABLES.len(), "two tunables share a name");
    }
}
