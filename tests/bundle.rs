//! The real bundle: under the arena's size limit, compiles alone, and plays the same moves as the
//! cargo-built binary in deterministic mode.

#[path = "../bundler/src/lib.rs"]
#[allow(dead_code)]
mod bundler;
mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use uttt::{Board, Move, Rng};

/// The arena's limit, in bytes of UTF-8 (docs/rules.md).
const LIMIT: usize = 100_000;

fn options() -> bundler::Options {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    bundler::Options::minified(root.join("src/lib.rs"), root.join("src/bin/bot.rs"), "uttt")
}

#[test]
fn the_real_bundle_is_under_the_limit() {
    let shrunk = bundler::bundle(&options()).expect("the crate bundles");
    let size = shrunk.text.len();
    assert!(size <= LIMIT, "bundle is {size} bytes, over {LIMIT}");
    assert!(shrunk.text.bytes().all(|b| b == b'\n' || (b' '..=b'~').contains(&b)), "the bundle is ASCII");
    assert!(shrunk.left_out.contains(&"arena".to_string()), "the arena is not part of the bot");
}

/// Plays the cargo-built bot against a seeded random opponent, returning the referee's input and the
/// bot's answers.
fn record_game(seed: u64, bot_first: bool, value_weight: &str) -> (String, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_uttt"))
        .args(["--iterations", "300", "--seed", "5", "--quiet", "--value-weight", value_weight])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut rng = Rng::new(seed);
    let mut board = Board::new();
    let (mut transcript, mut answers) = (String::new(), Vec::new());
    let mut last: Option<Move> = None;
    if !bot_first {
        let m = board.random_move(&mut rng).unwrap();
        board.play(m);
        last = Some(m);
    }
    while !board.is_over() {
        let mut moves = board.legal_moves().to_vec();
        for i in (1..moves.len()).rev() {
            moves.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let mut turn = last.map_or("-1 -1\n".to_string(), |m| format!("{m}\n"));
        turn += &format!("{}\n", moves.len());
        moves.iter().for_each(|m| turn += &format!("{m}\n"));
        stdin.write_all(turn.as_bytes()).unwrap();
        stdin.flush().unwrap();
        transcript += &turn;
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let m = {
            let mut w = line.split_whitespace().map(|x| x.parse::<i64>().unwrap());
            Move::from_row_col(w.next().unwrap(), w.next().unwrap()).unwrap()
        };
        assert!(board.is_legal(m), "cargo bot played illegal {m}");
        answers.push(line.trim_end().to_string());
        board.play(m);
        if board.is_over() {
            break;
        }
        let reply = board.random_move(&mut rng).unwrap();
        board.play(reply);
        last = Some(reply);
    }
    drop(stdin);
    child.wait().unwrap();
    (transcript, answers)
}

fn compile_bundle() -> Option<PathBuf> {
    let dir = std::env::temp_dir().join(format!("uttt-bundle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("uttt.rs");
    std::fs::write(&src, bundler::bundle(&options()).unwrap().text).unwrap();
    let bin = dir.join("uttt-bundle");
    match bundler::compile_check(&src, &bin) {
        Ok(Some(_)) => Some(bin),
        Ok(None) => None,
        Err(e) => panic!("the bundle does not compile:\n{e}"),
    }
}

#[test]
fn the_bundle_compiles_and_plays_the_same_moves() {
    let Some(bin) = compile_bundle() else {
        eprintln!("rustc not found: skipping the compile check");
        return;
    };
    // The bot as it plays by default (rollouts), and with the embedded value net at its leaves.
    let mut compared = 0;
    for (seed, bot_first, value_weight) in [(1, true, "0"), (2, false, "0"), (3, true, "1"), (4, false, "1")]
    {
        let (transcript, answers) = record_game(seed, bot_first, value_weight);
        let (bundle_answers, _) = replay(&bin, &transcript, &["--value-weight", value_weight]);
        assert_eq!(bundle_answers, answers, "game with seed {seed}");
        compared += answers.len();
    }
    // Whole games against a random player: a win takes at least nine of the bot's moves.
    assert!(compared > 40, "only {compared} answers compared");
    nets_from_files_must_have_the_shipped_shape(&bin);
    std::fs::remove_dir_all(bin.parent().unwrap()).ok();
}

/// The bundle's answers to a recorded game's referee input, with `args` beside those `record_game` gives
/// the cargo-built bot, and its stderr.
fn replay(bin: &Path, transcript: &str, args: &[&str]) -> (Vec<String>, String) {
    let out = common::run_with_input(
        bin,
        &[&["--iterations", "300", "--seed", "5", "--quiet"], args].concat(),
        transcript,
    );
    let answers = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    (answers, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The arena file carries the shipped shape's code only: a net file of that shape plays as the embedded
/// net, one of another shape is refused on stderr (the bot then plays on rollouts).
fn nets_from_files_must_have_the_shipped_shape(bin: &Path) {
    let (transcript, answers) = record_game(3, true, "1");
    let dir = bin.parent().unwrap();
    let shipped = uttt::value::ValueNet::embedded().unwrap();
    let other = shipped.clone().with_inputs(200);
    for (name, net, refused) in [("shipped.txt", shipped, false), ("other.txt", other, true)] {
        let file = dir.join(name);
        std::fs::write(&file, net.encode()).unwrap();
        let (played, stderr) =
            replay(bin, &transcript, &["--value-weight", "1", "--value-weights", file.to_str().unwrap()]);
        assert_eq!(
            stderr.contains("value net unusable") && stderr.contains("not the shipped"),
            refused,
            "{name}: {stderr}"
        );
        assert_eq!(played.len(), answers.len(), "{name}: an answer every turn");
        if !refused {
            assert_eq!(played, answers, "the shipped net from a file plays as the embedded one");
        }
    }
}
