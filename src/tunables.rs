//! The one table that names the searches' numeric settings for the tools: `TUNABLES`, the tree search's
//! (`mcts::Params`: the option `bot:NAME=X`, the tuner's `--param NAME`, the help and the table of
//! docs/tuning.md), and `ALPHABETA_TUNABLES`, the alpha-beta search's (`alphabeta::AbParams`:
//! `alphabeta:NAME=X`). A row is the option's name, the field, its range and one line of meaning; reading
//! and writing the field and whether it takes whole numbers follow from the field's type (`Setting`).
//! Tools only: the arena file never reads it, so none of its text costs the bundle a byte.

use crate::alphabeta::AbParams;
use crate::mcts::Params;

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

/// A settings struct that has a table of tunables: its rows and the values its player starts from.
pub trait Tuned: Sized + 'static {
    /// The rows.
    const TABLE: &'static [Tunable<Self>];
    /// The player's own values (the tables' "the player" column).
    const PLAYED: Self;
    /// The struct's name, for the table's heading.
    const NAME: &'static str;
}

impl Tuned for Params {
    const TABLE: &'static [Tunable<Params>] = TUNABLES;
    const PLAYED: Params = Params::BOT;
    const NAME: &'static str = "Params";
}

impl Tuned for AbParams {
    const TABLE: &'static [Tunable<AbParams>] = ALPHABETA_TUNABLES;
    const PLAYED: AbParams = AbParams::DEFAULT;
    const NAME: &'static str = "AbParams";
}

/// One tunable of a settings struct (`Params` unless named) as every tool names it: the option
/// `bot:NAME=X` (`alphabeta:NAME=X`), the tuner's `--param NAME`, the help text and the parameter tables of
/// docs/tuning.md all come from these rows.
#[derive(Clone, Copy, Debug)]
pub struct Tunable<P: 'static = Params> {
    /// The option's name.
    pub name: &'static str,
    /// The field it sets.
    pub field: &'static str,
    /// The values that make sense (the tuner's range when `--param NAME` gives none).
    pub range: (f64, f64),
    /// Whole numbers only (a switch is 0 or 1).
    pub integer: bool,
    /// One line of meaning.
    pub meaning: &'static str,
    /// Reads the value from the settings.
    pub get: fn(&P) -> f64,
    /// Writes the value into the settings (within `range`).
    pub set: fn(&mut P, f64),
}

/// The integer flag of a field, from its type.
const fn integer<P, T: Setting>(_: fn(&P) -> T) -> bool {
    T::INTEGER
}

/// One row a tunable: `"option" => field, lo..=hi, "meaning";`, after the table's name and struct.
macro_rules! tunables {
    ($(#[$doc:meta])* $table:ident: $ty:ty {
        $($name:literal => $field:ident, $lo:literal..=$hi:literal, $meaning:literal;)*
    }) => {
        $(#[$doc])*
        pub const $table: &[Tunable<$ty>] = &[$(Tunable {
            name: $name,
            field: stringify!($field),
            range: ($lo, $hi),
            integer: integer(|p: &$ty| p.$field),
            meaning: $meaning,
            get: |p| p.$field.to_f64(),
            set: |p, v| p.$field = Setting::from_f64(v),
        },)*];
    };
}

tunables! {
    /// Every numeric tunable of the tree search, in the order the help lists them.
    TUNABLES: Params {
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
}}

tunables! {
    /// Every numeric tunable of the alpha-beta search (`builtin:alphabeta:NAME=X`).
    ALPHABETA_TUNABLES: AbParams {
    "depth" => max_depth, 0.0..=81.0, "the deepest iteration in plies (0: as deep as the clock allows)";
    "table" => table_mib, 1.0..=256.0, "the transposition table's size in MiB";
    "policy_depth" => policy_depth, 0.0..=81.0, "the least remaining depth at which the policy orders moves (0: never)";
    "killers" => killers, 0.0..=1.0, "two killer moves a ply tried after the table's move (1: on)";
    "history" => history, 0.0..=1.0, "moves ordered by their cut-offs by side and cell (1: on)";
    "lmr" => lmr, 0.0..=1.0, "late moves searched a ply shallower first (1: on)";
    "lmr_after" => lmr_after, 1.0..=40.0, "moves of a node searched at full depth before the reductions";
    "single" => extend_single, 0.0..=1.0, "a node with one legal move searched a ply deeper (1: on)";
    "free" => extend_free, 0.0..=1.0, "a move that gives the opponent a free choice of board searched a ply deeper (1: on)";
    "threat" => extend_threat, 0.0..=1.0, "a position where the opponent threatens to win the game at once searched a ply deeper (1: on)";
    "window" => window, 0.0..=1000.0, "half-width of the aspiration window (1,000: a sure win by the net; 0: off)";
    "next" => next_iteration_share, 0.05..=1.0, "the share of a turn after which no new iteration starts";
}}

impl<P: Tuned> Tunable<P> {
    /// The tunable called `name`, if there is one.
    pub fn find(name: &str) -> Option<&'static Tunable<P>> {
        P::TABLE.iter().find(|t| t.name == name)
    }

    /// Sets it in `params` from the text `value`; an error says why the text is not one of its values.
    pub fn set_text(&self, params: &mut P, value: &str) -> Result<(), String> {
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

    /// Sets the tunable `name` in `params` from the text `value`: `None` when `name` is none of `P`'s
    /// tunables (an option for someone else), else whether the value was one of its values.
    pub fn set_named(params: &mut P, name: &str, value: &str) -> Option<Result<(), String>> {
        Tunable::<P>::find(name).map(|t| t.set_text(params, value))
    }

    /// The help text's options: `[:c=X][:fpu=X]…[:solver=0|1]…`.
    pub fn help() -> String {
        P::TABLE
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
        let mut table = format!(
            "| option | field of `{}` | range | the player | meaning |\n|---|---|---|---|---|\n",
            P::NAME
        );
        for t in P::TABLE {
            table += &format!(
                "| `{}` | `{}` | {} .. {} | {} | {} |\n",
                t.name,
                t.field,
                t.range.0,
                t.range.1,
                (t.get)(&P::PLAYED) as f32,
                t.meaning
            );
        }
        table
    }
}

/// Both searches' tables, the tree search's first (`uttt help params`, docs/tuning.md).
pub fn markdown_tables() -> String {
    format!(
        "{}\nAlpha-beta (`builtin:alphabeta:NAME=X`, `uttt --search alphabeta:NAME=X`):\n\n{}",
        Tunable::<Params>::markdown_table(),
        Tunable::<AbParams>::markdown_table()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tunable_reads_back_what_it_sets_and_refuses_what_lies_outside() {
        reads_back::<Params>();
        reads_back::<AbParams>();
    }

    fn reads_back<P: Tuned + Copy>() {
        for t in P::TABLE {
            let (lo, hi) = t.range;
            let mut p = P::PLAYED;
            t.set_text(&mut p, &format!("{hi}")).unwrap();
            assert_eq!((t.get)(&p) as f32, hi as f32, "{}", t.name);
            t.set_text(&mut p, &format!("{lo}")).unwrap();
            assert_eq!((t.get)(&p) as f32, lo as f32, "{}", t.name);
            assert!(t.set_text(&mut p, &format!("{}", hi + 1.0)).is_err(), "{}", t.name);
            assert!(t.set_text(&mut p, "x").is_err());
            assert!((lo..=hi).contains(&(t.get)(&P::PLAYED)), "{}: the player's value lies outside", t.name);
        }
        let names: std::collections::BTreeSet<&str> = P::TABLE.iter().map(|t| t.name).collect();
        assert_eq!(names.len(), P::TABLE.len(), "two tunables share a name");
    }
}
