//! Command-line dispatch only: with no subcommand the binary is the arena bot.

use std::process::ExitCode;

const USAGE: &str = "usage: uttt [bot options]            play as a bot on stdin/stdout (CodinGame protocol)
       uttt perft FILE [--cap N]       check move-generation counts (tests/data/perft.txt format)
       uttt bench [--json] [--value-weights F] | --signature [--no-book]
                                       engine and search speed figures (the net from F)
       uttt watch [X] [O]              watch one game (default: this bot vs builtin:minimax)
       uttt arena A B [--games N] [--jobs J] [--time-ms T] [--first-time-ms T] [--grace-ms G]
                  [--sprt elo0,elo1,alpha,beta] [--json] [--log FILE] [--html FILE] [--seed S] [--first a|b]
                  [--rules codingame|lines-only|lite|points]
                  [--openings FILE|random:K]   game pairs from opening positions, colours swapped
       uttt make-openings [--count N] [--plies K] [--iterations I] --out FILE   a balanced book
       uttt tournament P1 P2 ... [--games N] [--log FILE] [--html FILE] [--rating bt|glicko2]
                  [--first a|b] [--rules R]    round robin with a ratings table (a: the earlier-listed
                                       player of each pairing moves first in every game)
       uttt show LOG GAME              replay a logged game on the terminal
       uttt report LOG... --html FILE  a match or tournament page for the browser, from its logs
       uttt report LOG... [--player NAME]
                                       one player's figures pooled over matches' logs (Elo, by colour, pairs)
       uttt analyse GAME... [--iterations I] [--seed S] [--exact NODES] [--jobs J] [--json | --html FILE]
                                       every move judged (value before and after, the engine's move,
                                       mistakes, blunders); GAME: a move list, LOG#N or LOG
       uttt slips LOG... [--player NAME] [--won X] [--lost Y] [--exact NODES]
                                       where a player's games turn, by colour, from its own logged values
                                       (and the results its moves threw away, solved exactly near the end)
       uttt play [OPPONENT] [--second] play against a bot in the terminal
       uttt profile [--moves \"r c ...\"] [--csv FILE] [--svg FILE] [--html FILE] [bot options]
                                       per-move time budget table of a self-play game
       uttt regenerate-weights [--seed S] [--games N] [--iterations K] [--epochs E]
                                       self-play, train and rewrite weights/ (also: selfplay, train)
       uttt selfplay-value --games N [--seed S] [--shard K/N] [--iterations I] [--jobs J] [--side-visits V]
                           [--full-share P --fast-iterations F] [--value-weights F [--rollout-head H]] --out FILE
                                       self-play records for the value net (resumable, shardable)
       uttt train-value --data FILE... [--hidden H] [--hidden2 H2] [--squared] [--w1-step S] [--buckets B] [--epochs E] [--threads T] [--lambda L]
                        [--lr X] [--lr-decay F] [--symmetries K] [--init NET] [--inputs N] [--out FILE]
                                       train the value net and rewrite weights/value.txt
       uttt fit-rollout-head --data FILE... [--value-weights F] [--epochs E] [--seed S] [--value-target L] [--out FILE]
                                       fit the value net's rollout head (weights/rollout_head.txt)
       uttt relabel-value --data FILE... [--iterations I] [--every K] [--min-ply P] [--seed S] [--shard K/N] [--jobs J]
                           [--exact NODES] --out FILE
                                       self-play positions searched again, deeper (or solved exactly near the end)
       uttt log-records LOG... [--player NAME] --out FILE
                                       value-net records from logged matches (each searched move's value and result)
       uttt value-error --data FILE... [--value-weights F] [--positions N]
                                       the net's, a rollout's and the search's error by phase
       uttt regenerate-value [--seed S] [--games N] [--generations G] [--gate-games M]
                                       self-play, train and gate value nets, generation by generation
       uttt make-book [--depth D] [--min-reach R] [--temperature T] [--iterations I] [--jobs J] [--shard K/N] [--searches FILE]... [--met FILE|none]
                                       the opening book from long searches (weights/book.txt; resumable, shardable)
       uttt book-met LOG... [--player NAME] [--depth D] [--min-reach R] [--out FILE]
                                       the positions the bot met in logged games, for make-book (weights/book-met.txt)
       uttt train-td [--games N] [--simulations K] [--eta X] [--seed S] [--out FILE]
                                       seed 000's TD learning of its linear evaluation (weights/td.txt)
       uttt train-basis6 [--games N] [--depth D] [--alpha A] [--seed S] [--rules R] [--out FILE]
                                       seed 003's TD learning of its six constants (weights/basis6.txt)
       uttt tune PLAYER --param NAME=LO:HI[:START]... [--method cmaes|spsa] [--opponent SPEC] [--games N]
                  [--reward score|selfplay|growing:K] [--generations G] [--population P] [--openings FILE|random:K] [--time-ms T] [--jobs J]
                  [--seed S] [--state FILE] [--shard K/N --results FILE] [--merge FILE...]
                                       tune a built-in player's options by games (resumable, shardable)
       uttt help params                the search's tunables (bot:NAME=X, tune --param NAME): a table
players: a shell command (a bot speaking the arena protocol) or builtin:NAME[:opts]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = if args.is_empty() { &[][..] } else { &args[1..] };
    let asks_help = args.iter().any(|a| matches!(a.as_str(), "help" | "--help" | "-h"));
    let code = match args.first().map(String::as_str) {
        Some("help") if rest.first().map(String::as_str) == Some("params") => {
            print!("{}", uttt::mcts::Tunable::markdown_table());
            0
        }
        _ if asks_help => {
            println!("{USAGE}\nbuilt-in agents: {}", uttt::agents::names());
            0
        }
        Some("perft") => perft_command(rest),
        Some("bench") => uttt::bench::main(rest),
        Some("watch") => report(uttt::arena::human::watch(rest)),
        Some("arena") => report(uttt::arena::main(rest, uttt::report::write_run_page)),
        Some("make-openings") => report(uttt::arena::make_openings(rest)),
        Some("tournament") => report(uttt::arena::tournament(rest, uttt::report::write_run_page)),
        Some("show") => report(uttt::arena::show(rest)),
        Some("play") => report(uttt::arena::human::main(rest)),
        Some("profile") => report(uttt::profile::main(rest)),
        Some("report") => report(uttt::report::main(rest)),
        Some("slips") => report(uttt::report::slips::main(rest)),
        Some("analyse" | "analyze") => report(uttt::analysis::main(rest)),
        Some("selfplay") => report(uttt::train::selfplay_main(rest)),
        Some("train") => report(uttt::train::train_main(rest)),
        Some("selfplay-value") => report(uttt::train::selfplay_value_main(rest)),
        Some("train-value") => report(uttt::train::train_value_main(rest)),
        Some("relabel-value") => report(uttt::train::value::relabel::main(rest)),
        Some("log-records") => report(uttt::train::value::from_logs::main(rest)),
        Some("value-error") => report(uttt::train::value::error::main(rest)),
        Some("fit-rollout-head") => report(uttt::train::value::rollout_head_fit::main(rest)),
        Some("make-book") => report(uttt::train::book::main(rest)),
        Some("book-met") => report(uttt::train::book::met::main(rest)),
        Some("regenerate-value") => report(uttt::train::value::regenerate::main(rest)),
        Some("train-basis6") => report(uttt::train::train_basis6_main(rest)),
        Some("train-td") => report(uttt::train::train_td_main(rest)),
        Some("tune") => report(uttt::tune::main(rest)),
        Some("regenerate-weights") => report(uttt::train::regenerate_main(rest)),
        _ => uttt::protocol::start(&args),
    };
    ExitCode::from(code as u8)
}

/// Prints a subcommand's error on stderr and turns it into an exit status.
fn report(result: Result<i32, String>) -> i32 {
    result.unwrap_or_else(|e| {
        eprintln!("uttt: {e}");
        2
    })
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
