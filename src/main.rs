//! Command-line dispatch only: one table of subcommands (name, usage, handler) that both the dispatch and
//! the usage text read; with no subcommand the binary is the arena bot.

use std::process::ExitCode;

/// A subcommand: its name (and other spellings), its usage (the first line after `uttt `, the others as
/// printed), and what runs it on the words after the name.
struct Command {
    name: &'static str,
    aliases: &'static [&'static str],
    usage: &'static [&'static str],
    run: fn(&[String]) -> Result<i32, String>,
}

/// The bot's own line of the usage: what runs without a subcommand.
const BOT_USAGE: &str = "[bot options] [--search mcts|alphabeta[:NAME=X…]]\n                                       play as a bot on stdin/stdout (CodinGame protocol)";

/// The last line of the usage.
const PLAYERS: &str = "players: a shell command (a bot speaking the arena protocol) or builtin:NAME[:opts]";

const COMMANDS: &[Command] = &[
    Command {
        name: "perft",
        aliases: &[],
        usage: &[
            "perft FILE [--cap N]       check move-generation counts (tests/data/perft.txt format)",
        ],
        run: perft_command,
    },
    Command {
        name: "bench",
        aliases: &[],
        usage: &[
            "bench [--json] [--value-weights F] | --signature [--no-book]",
            "                                       engine and search speed figures (the net from F)",
            "       uttt bench --midgame-iterations N [--without-value] [--positions F [--plies 20,32]]",
            "                                       N iterations of each midgame position (or F's: a game a line)",
        ],
        run: |a| Ok(uttt::bench::main(a)),
    },
    Command {
        name: "watch",
        aliases: &[],
        usage: &[
            "watch [X] [O]              watch one game (default: this bot vs builtin:minimax)",
        ],
        run: uttt::arena::human::watch,
    },
    Command {
        name: "arena",
        aliases: &[],
        usage: &[
            "arena A B [--games N] [--jobs J] [--time-ms T] [--first-time-ms T] [--grace-ms G]",
            "                  [--sprt elo0,elo1,alpha,beta] [--json] [--log FILE] [--html FILE] [--seed S] [--first a|b]",
            "                  [--rules codingame|lines-only|lite|points]",
            "                  [--openings FILE|random:K]   game pairs from opening positions, colours swapped",
        ],
        run: |a| uttt::arena::main(a, uttt::report::write_run_page),
    },
    Command {
        name: "make-openings",
        aliases: &[],
        usage: &[
            "make-openings [--count N] [--plies K] [--iterations I] --out FILE   a balanced book",
            "make-openings --realistic [--plies K] [--iterations I] [--margin M] [--share S] --out FILE   the realistic suite",
        ],
        run: uttt::arena::make_openings,
    },
    Command {
        name: "tournament",
        aliases: &[],
        usage: &[
            "tournament P1 P2 ... [--games N] [--log FILE] [--html FILE] [--rating bt|glicko2]",
            "                  [--first a|b] [--rules R]    round robin with a ratings table (a: the earlier-listed",
            "                                       player of each pairing moves first in every game)",
        ],
        run: |a| uttt::arena::tournament(a, uttt::report::write_run_page),
    },
    Command {
        name: "show",
        aliases: &[],
        usage: &[
            "show LOG GAME              replay a logged game on the terminal",
        ],
        run: uttt::arena::show,
    },
    Command {
        name: "report",
        aliases: &[],
        usage: &[
            "report LOG... --html FILE  a match or tournament page for the browser, from its logs",
            "       uttt report LOG... [--player NAME]",
            "                                       one player's figures pooled over matches' logs (Elo, by colour, pairs)",
            "       uttt report NEW.log... --paired BASE.log...",
            "                                       two runs of one seed, game by game: the score's difference where games part",
        ],
        run: uttt::report::main,
    },
    Command {
        name: "analyse",
        aliases: &["analyze"],
        usage: &[
            "analyse GAME... [--iterations I] [--seed S] [--exact NODES] [--jobs J] [--json | --html FILE]",
            "                                       every move judged (value before and after, the engine's move,",
            "                                       mistakes, blunders); GAME: a move list, LOG#N or LOG",
        ],
        run: uttt::analysis::main,
    },
    Command {
        name: "slips",
        aliases: &[],
        usage: &[
            "slips LOG... [--player NAME] [--won X] [--lost Y] [--exact NODES]",
            "                                       where a player's games turn, by colour, from its own logged values",
            "                                       (and the results its moves threw away, solved exactly near the end)",
        ],
        run: uttt::report::slips::main,
    },
    Command {
        name: "play",
        aliases: &[],
        usage: &[
            "play [OPPONENT] [--second] play against a bot in the terminal",
        ],
        run: uttt::arena::human::main,
    },
    Command {
        name: "profile",
        aliases: &[],
        usage: &[
            "profile [--moves \"r c ...\"] [--csv FILE] [--svg FILE] [--html FILE] [bot options]",
            "                                       per-move time budget table of a self-play game",
        ],
        run: uttt::profile::main,
    },
    Command {
        name: "regenerate-weights",
        aliases: &[],
        usage: &[
            "regenerate-weights [--seed S] [--games N] [--iterations K] [--epochs E]",
            "                                       self-play, train and rewrite weights/ (also: selfplay, train)",
        ],
        run: uttt::train::regenerate_main,
    },
    Command {
        name: "selfplay",
        aliases: &[],
        usage: &[
            "selfplay --games N --iterations K [--jobs J] [--seed S] --out FILE",
            "                                       the policy's self-play data (a step of regenerate-weights)",
        ],
        run: uttt::train::selfplay_main,
    },
    Command {
        name: "train",
        aliases: &[],
        usage: &[
            "train (--data FILE | --value-data FILE... | --searches FILE...) [--epochs E] [--seed S] [--lr X] [--step Q]",
            "      [--init FILE] [--out DIR]       train the policy (a step of regenerate-weights); Q: its text's step",
            "                                       in 1/1024 (32); --init FILE --epochs 0 re-encodes and measures a policy;",
            "                                       --searches: the book's deep searches too (each file as often as given)",
        ],
        run: uttt::train::train_main,
    },
    Command {
        name: "selfplay-value",
        aliases: &[],
        usage: &[
            "selfplay-value --games N [--seed S] [--shard K/N] [--iterations I] [--jobs J] [--side-visits V]",
            "                           [--full-share P --fast-iterations F [--record-fast]] [--value-weights F [--rollout-head H]] --out FILE",
            "                                       self-play records for the value net (resumable, shardable)",
        ],
        run: uttt::train::selfplay_value_main,
    },
    Command {
        name: "train-value",
        aliases: &[],
        usage: &[
            "train-value --data FILE... [--hidden H] [--hidden2 H2] [--squared | --clipped] [--w1-step S] [--buckets B] [--epochs E] [--threads T] [--lambda L]",
            "                        [--lr X] [--lr-decay F] [--symmetries K] [--init NET] [--inputs N] [--aux-weight W] [--valid FILE] [--out FILE]",
            "                                       train the value net and rewrite weights/value.txt",
            "                                       (W: weight of the games' ends as auxiliary targets, dropped after training)",
            "                                       (B 1..5: buckets by phase; 10, 20: by the next board)",
        ],
        run: uttt::train::train_value_main,
    },
    Command {
        name: "fit-rollout-head",
        aliases: &[],
        usage: &[
            "fit-rollout-head --data FILE... [--value-weights F] [--epochs E] [--seed S] [--value-target L] [--out FILE]",
            "                                       fit the value net's rollout head (weights/rollout_head.txt)",
        ],
        run: uttt::train::value::rollout_head_fit::main,
    },
    Command {
        name: "relabel-value",
        aliases: &[],
        usage: &[
            "relabel-value --data FILE... [--iterations I] [--every K] [--min-ply P] [--seed S] [--shard K/N] [--jobs J]",
            "                           [--exact NODES] --out FILE",
            "                                       self-play positions searched again, deeper (or solved exactly near the end)",
        ],
        run: uttt::train::value::relabel::main,
    },
    Command {
        name: "log-records",
        aliases: &[],
        usage: &[
            "log-records LOG... [--player NAME] --out FILE",
            "                                       value-net records from logged matches (each searched move's value and result)",
        ],
        run: uttt::train::value::from_logs::main,
    },
    Command {
        name: "value-error",
        aliases: &[],
        usage: &[
            "value-error --data FILE... [--value-weights F] [--positions N]",
            "                                       the net's, a rollout's and the search's error by phase",
        ],
        run: uttt::train::value::error::main,
    },
    Command {
        name: "regenerate-value",
        aliases: &[],
        usage: &[
            "regenerate-value [--seed S] [--games N] [--iterations I] [--full-share P --fast-iterations F --record-fast]",
            "                 [--generations G] [--gate-games M] [--symmetries K]",
            "                                       self-play, train and gate value nets, generation by generation",
        ],
        run: uttt::train::value::regenerate::main,
    },
    Command {
        name: "league",
        aliases: &[],
        usage: &[
            "league new|add|remove|run|table|page DIR …   a persistent league of bots: add any time, games where the ratings are least sure",
        ],
        run: uttt::league::main,
    },
    Command {
        name: "make-book",
        aliases: &[],
        usage: &[
            "make-book [--depth D] [--min-reach R] [--temperature T] [--iterations I] [--jobs J] [--shard K/N] [--searches FILE]... [--met FILE|none]",
            "                                       the opening book from long searches (weights/book.txt; resumable, shardable)",
        ],
        run: uttt::train::book::main,
    },
    Command {
        name: "extend-book",
        aliases: &[],
        usage: &[
            "extend-book [--lines FILE] [--min-reach R] [--min-value V] [--confirm I,J…|none] [--book FILE]",
            "                  [--searches FILE] [--iterations I] [--jobs J]",
            "                                       the book carried past its plies along logged lines, where their colour leads or its searches agree",
        ],
        run: uttt::train::book::extend::main,
    },
    Command {
        name: "deepen-book",
        aliases: &[],
        usage: &[
            "deepen-book --lines FILE... [--book FILE] [--searches FILE] [--append FILE] [--colour X|O] [--count N] [--iterations I] [--jobs J]",
            "                                       the book's most met moves of a colour searched again, deeper (weights/book-extension/)",
        ],
        run: uttt::train::book::deepen::main,
    },
    Command {
        name: "grow-book",
        aliases: &[],
        usage: &[
            "grow-book [--positions N] [--batch B] [--iterations I] [--jobs J] [--shard K/N] [--searches DIR]",
            "                  [--temperature T] [--own-temperature T] [--o-weight W] [--max-ply D] [--base FILE|none]",
            "                  [--learn LOG]... [--learn-player NAME] [--learned FILE] [--changes-only]",
            "                                       the book grown best first by deep searches and minimax, both colours (weights/book-searches/);",
            "                                       --learn: the games NAME lost join FILE and are searched first (scripts/learn-book.sh)",
        ],
        run: uttt::train::book::grow::main,
    },
    Command {
        name: "book-met",
        aliases: &[],
        usage: &[
            "book-met LOG... [--player NAME] [--depth D] [--min-reach R] [--out FILE]",
            "                                       the positions the bot met in logged games, for make-book (weights/book-met.txt)",
        ],
        run: uttt::train::book::met::main,
    },
    Command {
        name: "train-td",
        aliases: &[],
        usage: &[
            "train-td [--games N] [--simulations K] [--eta X] [--seed S] [--out FILE]",
            "                                       seed 000's TD learning of its linear evaluation (weights/td.txt)",
        ],
        run: uttt::train::train_td_main,
    },
    Command {
        name: "train-basis6",
        aliases: &[],
        usage: &[
            "train-basis6 [--games N] [--depth D] [--alpha A] [--seed S] [--rules R] [--out FILE]",
            "                                       seed 003's TD learning of its six constants (weights/basis6.txt)",
        ],
        run: uttt::train::train_basis6_main,
    },
    Command {
        name: "tune",
        aliases: &[],
        usage: &[
            "tune PLAYER --param NAME=LO:HI[:START]... [--method cmaes|spsa] [--opponent SPEC] [--games N]",
            "                  [--reward score|selfplay|growing:K] [--generations G] [--population P] [--openings FILE|random:K] [--time-ms T] [--jobs J]",
            "                  [--seed S] [--state FILE] [--shard K/N --results FILE] [--merge FILE...]",
            "                                       tune a built-in player's options by games (resumable, shardable)",
        ],
        run: uttt::tune::main,
    },
    Command {
        name: "help",
        aliases: &[],
        usage: &[
            "help params                the searches' tunables (bot:NAME=X, alphabeta:NAME=X, tune --param NAME): tables",
        ],
        run: help_command,
    },
];

/// The commands that only read and print (no player process): the ones a reader pipes into `head`, which end
/// quietly when it stops reading (`cli::end_quietly_when_output_closes`). Not the others: a closed pipe to
/// a player that died must reach the referee as an error (a fault), not end it.
const PRINTS_ONLY: &[&str] = &["report", "show", "slips", "analyse", "bench", "perft", "book-met", "help"];

/// The usage text, one entry a command, in the table's order.
fn usage() -> String {
    let mut text = format!("usage: uttt {BOT_USAGE}\n");
    for command in COMMANDS {
        text += &format!("       uttt {}\n", command.usage.join("\n"));
    }
    text + PLAYERS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = if args.is_empty() { &[][..] } else { &args[1..] };
    let first = args.first().map(String::as_str);
    let command = COMMANDS.iter().find(|c| first.is_some_and(|f| c.name == f || c.aliases.contains(&f)));
    let asks_help = args.iter().any(|a| matches!(a.as_str(), "--help" | "-h"));
    let code = match command {
        _ if asks_help && first != Some("help") => help_command(&[]).unwrap_or(2),
        Some(command) => {
            if PRINTS_ONLY.contains(&command.name) {
                uttt::cli::end_quietly_when_output_closes();
            }
            (command.run)(rest).unwrap_or_else(|e| {
                eprintln!("uttt: {e}");
                2
            })
        }
        None => match uttt::agents::family::take_search_option(&args) {
            Ok((rest, family)) => uttt::protocol::start_with(&rest, |options| family.bot(options)),
            Err(e) => {
                eprintln!("uttt: {e}");
                2
            }
        },
    };
    ExitCode::from(code as u8)
}

/// `uttt help`: the usage and the built-in agents; `uttt help params`: the search's tunables.
fn help_command(args: &[String]) -> Result<i32, String> {
    match args.first().map(String::as_str) {
        Some("params") => print!("{}", uttt::tunables::markdown_tables()),
        _ => println!("{}\nbuilt-in agents: {}", usage(), uttt::agents::names()),
    }
    Ok(0)
}

/// `uttt perft FILE [--cap N]`: exit status 1 when a count differs.
fn perft_command(words: &[String]) -> Result<i32, String> {
    let mut args = uttt::cli::Args::new(words);
    let cap = args.value_or("--cap", u64::MAX)?;
    let [path] = &args.positionals()?[..] else {
        return Err(format!("perft FILE [--cap N]: one file expected\n{}", usage()));
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    Ok(if uttt::perft::run_file(&text, cap, &mut std::io::stdout().lock())? { 0 } else { 1 })
}
