//! `cargo run --release -p bundler -- --out dist/uttt.rs`: writes the one-file bot, checks its size in
//! UTF-16 units against the arena's limit, and compiles it with rustc.

use bundler::{bundle, compile_check, utf16_len, Options};
use std::io::Write;
use std::path::PathBuf;

/// `println!` that ignores a closed stdout (`bundler | head`).
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}
use std::process::ExitCode;

const USAGE: &str = "usage: bundler [--out FILE] [--root DIR] [--lib PATH] [--entry PATH] [--crate NAME]
               [--no-shrink] [--limit UNITS] [--no-check]
  defaults: --out dist/uttt.rs --lib src/lib.rs --entry src/bin/bot.rs --crate uttt --limit 100000,
  paths relative to --root (the workspace root).";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bundler: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<(), String> {
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        say!("{USAGE}");
        return Ok(());
    }
    let root = value("--root")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".."));
    let out = root.join(value("--out").unwrap_or_else(|| "dist/uttt.rs".into()));
    let limit: usize = value("--limit")
        .map(|v| v.parse().map_err(|_| format!("--limit: {v:?}")))
        .transpose()?
        .unwrap_or(100_000);
    let opts = Options {
        lib: root.join(value("--lib").unwrap_or_else(|| "src/lib.rs".into())),
        entry: root.join(value("--entry").unwrap_or_else(|| "src/bin/bot.rs".into())),
        crate_name: value("--crate").unwrap_or_else(|| "uttt".into()),
        shrink: !args.iter().any(|a| a == "--no-shrink"),
    };
    let b = bundle(&opts)?;
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&out, &b.text).map_err(|e| format!("{}: {e}", out.display()))?;
    let size = utf16_len(&b.text);
    say!("wrote {} ({size} UTF-16 units, limit {limit}, {} lines)", out.display(), b.text.lines().count());
    say!("largest modules:");
    for (name, units) in b.module_sizes.iter().take(8) {
        say!("  {name:<12} {units:>7}");
    }
    if !b.left_out.is_empty() {
        say!("left out (not used by the entry): {}", b.left_out.join(", "));
    }
    if size > limit {
        return Err(format!("the bundle is {size} UTF-16 units, over the limit of {limit}"));
    }
    if !args.iter().any(|a| a == "--no-check") {
        let binary = out.with_extension("bin");
        match compile_check(&out, &binary) {
            Ok(Some(t)) => say!(
                "compiled with rustc --edition 2021 -O in {:.1} s: {}",
                t.as_secs_f64(),
                binary.display()
            ),
            Ok(None) => say!("rustc not found: the bundle was not compiled"),
            Err(messages) => return Err(format!("the bundle does not compile:\n{messages}")),
        }
    }
    Ok(())
}
