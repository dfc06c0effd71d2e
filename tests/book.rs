//! The opening book through its command and the bot: `uttt make-book` gives the same book however its
//! work is split, and the bot plays the book's moves only while its game is in the book and in step.

use uttt::board::Board;
use uttt::book::Book;
use uttt::moves::Move;
use uttt::options::BotOptions;
use uttt::protocol::run;

fn make_book(dir: &std::path::Path, extra: &[&str]) -> Result<i32, String> {
    let mut args: Vec<String> =
        ["--depth", "4", "--min-reach", "0.05", "--iterations", "1500", "--nodes", "60000", "--jobs", "2"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(["--out", "book.txt", "--manifest", "MANIFEST.txt"].map(|s| s.to_string()));
    let args: Vec<String> = args
        .iter()
        .map(|a| if a.ends_with(".txt") { dir.join(a).to_string_lossy().into_owned() } else { a.clone() })
        .collect();
    uttt::train::book::main(&args)
}

#[test]
fn make_book_is_the_same_on_threads_and_in_shards() {
    let base = std::env::temp_dir().join(format!("uttt-book-test-{}", std::process::id()));
    let (whole, sharded) = (base.join("whole"), base.join("sharded"));
    std::fs::create_dir_all(&whole).unwrap();
    std::fs::create_dir_all(&sharded).unwrap();
    assert_eq!(make_book(&whole, &["--searches", "s.txt"]), Ok(0));
    // Shards: each searches its part of the first unfinished ply and stops; rerun until the book is written.
    let mut rounds = 0;
    while !sharded.join("book.txt").exists() {
        for k in 0..3 {
            let shard = format!("{k}/3");
            let mine = format!("s{k}.txt");
            let mut args = vec!["--shard", &shard, "--searches", &mine];
            let others: Vec<String> = (0..3).filter(|j| *j != k).map(|j| format!("s{j}.txt")).collect();
            for o in &others {
                args.extend(["--searches", o.as_str()]);
            }
            assert_eq!(make_book(&sharded, &args), Ok(0));
        }
        rounds += 1;
        assert!(rounds <= 6, "the shards never finished the book (depth 4: five plies, then the writing)");
    }
    let text = |dir: &std::path::Path| std::fs::read_to_string(dir.join("book.txt")).unwrap();
    assert_eq!(text(&whole), text(&sharded));
    let book = Book::from_text(&text(&whole)).unwrap();
    assert!(book.len() >= 15 + 2, "the first moves and more: {} positions", book.len());
    let manifest = std::fs::read_to_string(whole.join("MANIFEST.txt")).unwrap();
    assert!(manifest.starts_with("# Learned opening book (book.txt)"), "{manifest}");
    // Per ply, the chance that the mover's game is in the book: a probability, 1 at the first two plies.
    let chances: Vec<f64> = manifest
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .filter_map(|l| l.split_whitespace().last()?.parse().ok())
        .collect();
    assert_eq!(chances.len(), 5, "plies 0 to 4: {manifest}");
    assert!((chances[0] - 1.0).abs() < 1e-9 && (chances[1] - 1.0).abs() < 1e-9, "{chances:?}");
    assert!(chances.iter().all(|&c| (0.0..=1.0 + 1e-9).contains(&c)), "{chances:?}");
    // Rerunning finds every search done: nothing is searched again and the same book is written. A run
    // stopped while writing a line leaves it cut off: the next run drops it and searches that position again.
    let searches = std::fs::read_to_string(whole.join("s.txt")).unwrap();
    let last_start = searches.trim_end().rfind('\n').unwrap() + 1;
    std::fs::write(whole.join("s.txt"), &searches[..last_start + 10]).unwrap();
    std::fs::remove_file(whole.join("book.txt")).unwrap();
    assert_eq!(make_book(&whole, &["--searches", "s.txt"]), Ok(0));
    assert_eq!(
        std::fs::read_to_string(whole.join("s.txt")).unwrap().lines().count(),
        searches.lines().count()
    );
    assert_eq!(text(&whole), text(&sharded));
    let _ = std::fs::remove_dir_all(&base);
}

/// The bot's answers and log for `input` (the referee loop in this process).
fn play(input: &str, use_book: bool) -> (Vec<String>, String) {
    let options = BotOptions { iterations: Some(100), nodes: 20_000, use_book, ..BotOptions::default() };
    let (mut out, mut log) = (Vec::new(), Vec::new());
    run(input.as_bytes(), &mut out, &mut log, &options);
    let answers = String::from_utf8(out).unwrap().lines().map(String::from).collect();
    (answers, String::from_utf8(log).unwrap())
}

fn turn(last: Move, board: &Board) -> String {
    let legal = board.legal_moves();
    let mut text = format!("{last}\n{}\n", legal.len());
    legal.as_slice().iter().for_each(|m| text += &format!("{m}\n"));
    text
}

#[test]
fn the_bot_plays_the_book_while_in_it_and_in_step() {
    let book = Book::embedded().unwrap();
    // As second player after a first move of X: the book's answer, logged as such (not after `0 0`,
    // which may also open plain tic-tac-toe and gets that game's answer, docs/rules.md).
    for first in [Move::new(4, 4), Move::new(0, 2), Move::new(2, 7)] {
        let mut board = Board::new();
        board.play(first);
        let (answers, log) = play(&turn(first, &board), true);
        assert_eq!(answers, [book.move_for(&board).unwrap().to_string()], "{log}");
        assert!(log.contains("(book)"), "{log}");
        // The turn's phases: the nodes kept and the re-rooting's time, then the search loop's.
        assert!(log.contains(" reused 0 (") && log.contains("ms) loop "), "{log}");
        let (_, log) = play(&turn(first, &board), false);
        assert!(!log.contains("(book)"), "--no-book searches: {log}");
    }
    // A referee list that disagrees with the bot's state: out of step, so no book move.
    let mut board = Board::new();
    board.play(Move::new(4, 4));
    let wrong = "4 4\n2\n3 3\n3 4\n";
    let (answers, log) = play(wrong, true);
    assert!(!log.contains("(book)"), "{log}");
    assert!(answers == ["3 3"] || answers == ["3 4"], "{answers:?}");
}
