//! The bot alone: the entry the bundler turns into the one file submitted to the arena.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(uttt::protocol::start(&args));
}
