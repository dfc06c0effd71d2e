//! A tiny command-line option reader shared by the subcommands (std only, no clap).

/// Ends the process quietly when its output's reader goes away (`uttt report LOG | head`), as command-line
/// tools do, instead of panicking at the next `println!`: Rust ignores SIGPIPE, so a write to a closed pipe
/// fails and the print macros panic. For the tools only; the bot (no subcommand) keeps Rust's way.
pub fn end_quietly_when_output_closes() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restoring a signal's default disposition, before any thread is started.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

/// The default for `--jobs`: every core.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
}

/// `--name value` options, `--flag`s and positional words, in any order.
pub struct Args {
    words: Vec<String>,
    used: Vec<bool>,
}

impl Args {
    /// Reads the words after the subcommand.
    pub fn new(words: &[String]) -> Args {
        Args { words: words.to_vec(), used: vec![false; words.len()] }
    }

    /// True when `--name` is present.
    pub fn flag(&mut self, name: &str) -> bool {
        match self.words.iter().position(|w| w == name) {
            Some(i) => {
                self.used[i] = true;
                true
            }
            None => false,
        }
    }

    /// The value after `--name`, parsed; `Ok(None)` when absent.
    pub fn value<T: std::str::FromStr>(&mut self, name: &str) -> Result<Option<T>, String> {
        let Some(i) = self.words.iter().position(|w| w == name) else { return Ok(None) };
        self.used[i] = true;
        let raw = self.words.get(i + 1).ok_or_else(|| format!("{name} needs a value"))?;
        self.used[i + 1] = true;
        raw.parse().map(Some).map_err(|_| format!("{name}: cannot read {raw:?}"))
    }

    /// The values after every `--name`, in order (a repeatable option).
    pub fn values(&mut self, name: &str) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        for i in 0..self.words.len() {
            if self.words[i] == name && !self.used[i] {
                let raw = self.words.get(i + 1).ok_or_else(|| format!("{name} needs a value"))?;
                out.push(raw.clone());
                self.used[i] = true;
                self.used[i + 1] = true;
            }
        }
        Ok(out)
    }

    /// The value after `--name`, or `default`.
    pub fn value_or<T: std::str::FromStr>(&mut self, name: &str, default: T) -> Result<T, String> {
        Ok(self.value(name)?.unwrap_or(default))
    }

    /// Every word not consumed yet, options included: to hand on to another parser.
    pub fn remaining(&self) -> Vec<String> {
        self.words.iter().zip(&self.used).filter(|(_, used)| !**used).map(|(w, _)| w.clone()).collect()
    }

    /// Words not consumed as options, in order; an unknown `--option` is an error.
    pub fn positionals(&self) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        for (w, used) in self.words.iter().zip(&self.used) {
            if !used {
                if w.starts_with("--") {
                    return Err(format!("unknown option {w}"));
                }
                out.push(w.clone());
            }
        }
        Ok(out)
    }
}

/// `--shard K/N` as (K, N), K < N: the part of a run one machine plays.
pub fn parse_shard(shard: &str) -> Result<(u64, u64), String> {
    shard
        .split_once('/')
        .and_then(|(k, n)| Some((k.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
        .filter(|&(k, n)| k < n)
        .ok_or_else(|| format!("--shard {shard:?}: expected K/N with K < N"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Args {
        Args::new(&s.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    #[test]
    fn reads_values_flags_and_positionals() {
        let mut a = args("x --games 10 --json y");
        assert_eq!(a.value::<u32>("--games").unwrap(), Some(10));
        assert!(a.flag("--json"));
        assert!(!a.flag("--quiet"));
        assert_eq!(a.positionals().unwrap(), vec!["x", "y"]);
    }

    #[test]
    fn reports_bad_and_unknown_options() {
        assert!(args("--games ten").value::<u32>("--games").is_err());
        assert!(args("--games").value::<u32>("--games").is_err());
        assert!(args("--nope").positionals().is_err());
    }
}
