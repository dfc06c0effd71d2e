//! Command-line dispatch only: with no subcommand the binary is the arena bot.

use std::process::ExitCode;

const USAGE: &str = "usage: uttt [bot options]            play as a bot on stdin/stdout (CodinGame protocol)
       uttt perft FILE [--cap N]       check move-generation counts (shared/perft.txt format)
       uttt bench [--json]             engine and search speed figures";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = if args.is_empty() { &[][..] } else { &args[1..] };
    let code = match args.first().map(String::as_str) {
        Some("perft") => perft_command(rest),
        Some("bench") => uttt::bench::main(rest),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            0
        }
        _ => uttt::protocol::main(&args),
    };
    ExitCode::from(code as u8)
}

fn perft_command(args: &[String]) -> i32 {
    let Some(path) = args.first() else {
        eprintln!("{USAGE}");
        return 2;
    };
    let cap = match args.iter().position(|a| a == "--cap").and_then(|i| args.get(i + 1)) {
        Some(n) => match n.parse() {
            Ok(n) => n,
            Err(_) => {
                eprintln!("--cap needs a number, got {n:?}");
                return 2;
            }
        },
        None => u64::MAX,
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return 2;
        }
    };
    match uttt::perft::run_file(&text, cap, &mut std::io::stdout().lock()) {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("{e}");
            2
        }
    }
}
