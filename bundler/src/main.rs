//! `cargo run --release -p bundler -- --out dist/uttt.rs`: writes the one-file bot, checks its size against
//! the arena's limit (100,000 bytes of UTF-8, docs/rules.md), says where the bytes go, and compiles it.

use bundler::{bundle, compile_check, utf16_len, Options};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `println!` that ignores a closed stdout (`bundler | head`).
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

const USAGE: &str = "usage: bundler [--out FILE] [--root DIR] [--lib PATH] [--entry PATH] [--crate NAME]
               [--no-shrink] [--no-rename] [--no-prune] [--no-flatten] [--limit N] [--count bytes|utf16] [--map FILE]
               [--no-check]
  defaults: --out dist/uttt.rs --lib src/lib.rs --entry src/bin/bot.rs --crate uttt --limit 100000
  --count bytes, paths relative to --root (the workspace root).
  --no-shrink: the readable bundle (no step below); --no-rename, --no-prune, --no-flatten: leave one
  step out (flattening merges the modules once the dead items are cut, so --no-prune leaves it out too).
  --map FILE: each renamed name and its new name, to read the bundle's compiler messages.";

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
    let flag = |name: &str| args.iter().any(|a| a == name);
    if flag("--help") || flag("-h") {
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
    let count_utf16 = match value("--count").as_deref() {
        None | Some("bytes") => false,
        Some("utf16") => true,
        Some(other) => return Err(format!("--count: {other:?}, expected bytes or utf16")),
    };
    let lib = root.join(value("--lib").unwrap_or_else(|| "src/lib.rs".into()));
    let entry = root.join(value("--entry").unwrap_or_else(|| "src/bin/bot.rs".into()));
    let crate_name = value("--crate").unwrap_or_else(|| "uttt".into());
    let opts = if flag("--no-shrink") {
        Options::readable(lib, entry, &crate_name)
    } else {
        Options {
            rename: !flag("--no-rename"),
            prune: !flag("--no-prune"),
            flatten: !flag("--no-flatten"),
            ..Options::minified(lib, entry, &crate_name)
        }
    };
    let b = bundle(&opts)?;
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(&out, &b.text).map_err(|e| format!("{}: {e}", out.display()))?;
    if let Some(map) = value("--map") {
        let lines: String = b.renames.iter().map(|(from, to)| format!("{to} {from}\n")).collect();
        std::fs::write(root.join(&map), lines).map_err(|e| format!("{map}: {e}"))?;
    }
    let (bytes, units) = (b.text.len(), utf16_len(&b.text));
    let size = if count_utf16 { units } else { bytes };
    let unit = if count_utf16 { "UTF-16 units" } else { "bytes" };
    say!(
        "wrote {} ({bytes} bytes, {units} UTF-16 units; limit {limit} {unit}, headroom {})",
        out.display(),
        limit as i64 - size as i64
    );
    say!("where the bytes go:");
    say!("  {:<28} {:>7}", "part", "bytes");
    let code: usize = b.parts.iter().map(|p| p.code).sum();
    for p in &b.parts {
        say!("  {:<28} {:>7}", format!("{} (code)", p.name), p.code);
        for (file, n) in &p.texts {
            say!("  {:<28} {:>7}", format!("{} ({file})", p.name), n);
        }
    }
    say!("  {:<28} {:>7}", "all code", code);
    say!("  {:<28} {:>7}", "all weight texts", bytes - code);
    if !b.left_out.is_empty() {
        say!("left out (not used by the entry): {}", b.left_out.join(", "));
    }
    if !b.pruned.is_empty() {
        say!("cut as dead ({} items): {}", b.pruned.len(), b.pruned.join(", "));
    }
    if opts.rename {
        say!(
            "renamed {} names{}",
            b.renames.len(),
            if value("--map").is_some() { " (see the map)" } else { "" }
        );
    }
    for note in &b.notes {
        say!("note: {note}");
    }
    if size > limit {
        return Err(format!("the bundle is {size} {unit}, over the limit of {limit}"));
    }
    if !flag("--no-check") {
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
