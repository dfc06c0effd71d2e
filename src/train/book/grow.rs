//! `uttt grow-book`: the opening book grown best first where strong players of either colour go
//! (`tree.rs`), every search kept as text in `weights/book-searches/` so that each day's compute adds to
//! the last.
//!
//! A round values the tree by minimax over every search the folder holds, takes the `--batch` unsearched
//! positions most worth searching (the second player's first), searches them and appends each result as
//! it finishes. A round depends only on the searches before it and each search only on its position, so
//! the tree is the same on any number of threads; `--shard K/N` searches every N-th position of one
//! round's batch into its own file and stops (GNU parallel, a Slurm array), and the next round starts once
//! every shard's file is in the folder. The book written is the base book (`--base`, the book of `uttt
//! make-book` and `uttt extend-book`) with the tree's move wherever the tree has searched.

use super::learn::{self, LEARNED_GAMES};
use super::met::{self, Met};
use super::searches::{self, SearchConfig, Searched};
use super::tree::{GrowParams, GrownTree, Searches};
use super::{create_parent_dir, search_all, write_text, Planned, MANIFEST_HEADER};
use crate::board::Board;
use crate::book::Book;
use crate::cli::Args;
use crate::train::manifest::write_manifest_section;

/// The folder of the searches, one file or more (`*.txt`), all read.
pub const SEARCHES_DIR: &str = "weights/book-searches";

/// The manifest section of the grown tree whose searches are in the folder `dir`.
/// (A section starts with `# Learned `: `train/manifest.rs`.)
fn tree_header(dir: &str) -> String {
    format!("# Learned book tree ({}/)", dir.trim_end_matches('/'))
}

/// Past this ply a trailing mover keeps the tree's move only where its own search chose it (`tree.rs`).
const SETTLED_FROM: usize = 19;

/// Below this value the mover trails.
const TRAILING: f64 = 0.4;

const USAGE: &str =
    "usage: uttt grow-book [--positions N] [--batch B] [--iterations I] [--nodes N] [--jobs J] \
[--shard K/N] [--searches DIR] [--append FILE] [--temperature T] [--own-temperature T] [--o-weight W] \
[--max-ply D] [--centre-share S] [--met FILE|none] [--base FILE|none] [--max-bytes B] [--worth-met FILE]... \
[--learn LOG]... [--learn-player NAME] [--learned FILE] [--changes-only] [--out FILE] [--manifest FILE]";

/// Every search in the folder's `*.txt` files, by canonical form: the one of most iterations where a
/// position was searched more than once (the later file's on a tie). `append`: the file this run appends
/// to, whose cut-off last line (a stopped run) is repaired.
pub fn read_folder(dir: &str, append: &str) -> Result<Searches, String> {
    let mut files: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .map(|p| p.to_string_lossy().into_owned())
            .collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("{dir}: {e}")),
    };
    files.sort();
    let mut all = Searches::new();
    for file in &files {
        let same = std::path::Path::new(file) == std::path::Path::new(append);
        for (form, s) in searches::read(file, same)? {
            if all.get(&form).is_none_or(|t| t.iterations <= s.iterations) {
                all.insert(form, s);
            }
        }
    }
    Ok(all)
}

/// `uttt grow-book`: see the module's documentation and docs/book.md.
pub fn main(args: &[String]) -> Result<i32, String> {
    let mut a = Args::new(args);
    let positions: usize = a.value_or("--positions", 0)?;
    let batch: usize = a.value_or("--batch", 16)?;
    let config = SearchConfig {
        iterations: a.value_or("--iterations", 1_000_000)?,
        nodes: a.value_or("--nodes", 8_000_000)?,
    };
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let shard = a.value::<String>("--shard")?.map(|s| crate::cli::parse_shard(&s)).transpose()?;
    let dir: String = a.value_or("--searches", SEARCHES_DIR.to_string())?;
    let append: String = a.value_or("--append", format!("{dir}/searches.txt"))?;
    let defaults = GrowParams::default();
    let params = GrowParams {
        temperature: a.value_or("--temperature", defaults.temperature)?,
        own_temperature: a.value_or("--own-temperature", defaults.own_temperature)?,
        o_weight: a.value_or("--o-weight", defaults.o_weight)?,
        max_ply: a.value_or("--max-ply", defaults.max_ply)?,
        centre_share: a.value_or("--centre-share", defaults.centre_share)?,
    };
    // The logged games are against the opponents the book is measured on: none by default.
    let met_file: String = a.value_or("--met", "none".to_string())?;
    let base_file: String = a.value_or("--base", "weights/book-base.txt".to_string())?;
    let out: String = a.value_or("--out", "weights/book.txt".to_string())?;
    // The book's share of the arena file (`budget.rs`); the whole book without it.
    let max_bytes: Option<usize> = a.value("--max-bytes")?;
    let manifest: String = a.value_or("--manifest", "weights/MANIFEST.txt".to_string())?;
    let worth_files = a.values("--worth-met")?;
    // Lost games (`learn.rs`): those of the logs join the games file, whose positions are searched first.
    let learn_logs = a.values("--learn")?;
    let learn_player: Option<String> = a.value("--learn-player")?;
    let learned_file: Option<String> = a.value("--learned")?;
    let changes_only = a.flag("--changes-only");
    if let Some(extra) = a.positionals()?.first() {
        return Err(format!("unexpected argument {extra:?}\n{USAGE}"));
    }
    if batch == 0 || params.temperature <= 0.0 || params.own_temperature <= 0.0 {
        return Err(format!("--batch, --temperature and --own-temperature must be above 0\n{USAGE}"));
    }
    let mut met = if met_file == "none" { Met::new() } else { met::read(&met_file)? };
    // Without --learned, the games file only where logs are learned from.
    let learned_file = learned_file.or_else(|| (!learn_logs.is_empty()).then(|| LEARNED_GAMES.to_string()));
    let learned = match &learned_file {
        Some(file) => learn::games(file, &learn_logs, learn_player.as_deref())?,
        None => Vec::new(),
    };
    for (form, games) in learn::met(&learned, params.max_ply) {
        let m = met.entry(form).or_insert([0.0; 2]);
        *m = [m[0] + games[0], m[1] + games[1]];
    }
    create_parent_dir(&append)?;
    let mut searched = read_folder(&dir, &append)?;
    if !learned.is_empty() {
        let todo = learn::unsearched(&learned, params.max_ply, &searched).len();
        eprintln!(
            "grow-book: {} lost games, {todo} of their positions to ply {} unsearched",
            learned.len(),
            params.max_ply
        );
    }
    let started = std::time::Instant::now();
    let mut done = 0;
    while done < positions {
        // The lost games' positions first, then the frontier's.
        let mut candidates = learn::unsearched(&learned, params.max_ply, &searched);
        if candidates.is_empty() {
            candidates = GrownTree::new(&searched)
                .frontier(&params, &met)
                .into_iter()
                .map(|c| Planned { form: c.form, path: c.path, reach: c.weight, seen: c.weight })
                .collect();
        }
        // The round's batch: its first `batch` candidates (a fixed order, so that shards agree), and of
        // those a shard's every N-th.
        let round: Vec<Planned> = candidates
            .into_iter()
            .take(batch)
            .enumerate()
            .filter(|(i, _)| shard.is_none_or(|(k, n)| *i as u64 % n == k))
            .map(|(_, p)| p)
            .take(positions - done)
            .collect();
        if round.is_empty() {
            eprintln!("grow-book: nothing left to search up to ply {}", params.max_ply);
            break;
        }
        let todo: Vec<&Planned> = round.iter().collect();
        for s in search_all(&todo, &config, jobs, (&append, "grow-book"))? {
            // As written (values rounded): the book made now is the one a later run makes from the files.
            let s = Searched::from_line(&s.to_line())?;
            searched.insert(s.position(), s);
        }
        done += round.len();
        if shard.is_some() {
            eprintln!(
                "grow-book: this shard's part of the round is searched; run again once every shard's is"
            );
            return Ok(0);
        }
    }
    if done > 0 {
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "grow-book: {done} positions searched in {seconds:.0} s on {jobs} threads: {:.0} a core-hour at {} iterations",
            done as f64 * 3600.0 / (seconds * jobs as f64),
            config.iterations
        );
    }
    // The fit's worth: the shares of the games logged in --met and in every --worth-met file (the
    // games the book's earlier layers were made from), the largest of them.
    let mut shares = Met::new();
    for file in std::iter::once(&met_file).filter(|f| *f != "none").chain(&worth_files) {
        for (form, s) in met::read_shares(file)? {
            let w = shares.entry(form).or_insert([0.0; 2]);
            *w = [w[0].max(s[0]), w[1].max(s[1])];
        }
    }
    let files = (base_file.as_str(), dir.as_str(), out.as_str(), manifest.as_str());
    write_grown_book(&searched, &params, (&met, &shares), (max_bytes, changes_only), files)?;
    Ok(0)
}

/// Writes the base book with the tree's moves over it, the book's manifest section and the tree's.
fn write_grown_book(
    searched: &Searches,
    params: &GrowParams,
    (met, shares): (&Met, &Met),
    (max_bytes, changes_only): (Option<usize>, bool),
    (base_file, dir, out, manifest): (&str, &str, &str, &str),
) -> Result<(), String> {
    let base = if base_file == "none" { Book::default() } else { Book::from_file(base_file)? };
    let tree = GrownTree::new(searched);
    let mut base_entries: Vec<_> = base.tree().collect();
    base_entries.sort_by_key(|entry| entry.0);
    let (entries, changed) = tree.over_base(&base_entries, (SETTLED_FROM, TRAILING), changes_only);
    let (book, dropped) = match max_bytes {
        Some(max_bytes) => {
            // A position's worth: its chance of being met, by the tree's model or in the logged games,
            // whichever is larger (the second player's weighted as the frontier weighs it).
            let reach = tree.reach(params, met);
            let mut worth: std::collections::HashMap<Board, f64> = Default::default();
            for (form, r) in reach.iter().chain(shares) {
                let w = worth.entry(*form).or_insert(0.0);
                *w = w.max(r[0] + params.o_weight * r[1]);
            }
            super::budget::within_bytes(&entries, &worth, max_bytes)?
        }
        None => (Book::from_tree(entries), 0),
    };
    let mut report = write_text(&book, out)?;
    if let Some(max_bytes) = max_bytes {
        report +=
            &format!("within {max_bytes} bytes (--max-bytes): the {dropped} positions met least left out\n");
    }
    let header = tree_header(dir);
    let only = if changes_only { " where it changes the bot's move (--changes-only)" } else { "" };
    report += &format!(
        "grown: the base {base_file} ({} positions) with the tree's move at its {} searched positions{only}, \
         a base move only where searches below decide ({changed} changed): uttt grow-book ({dir}/, {header:?})\n",
        base.len(),
        searched.len()
    );
    write_manifest_section(manifest, MANIFEST_HEADER, &report)?;
    let tree_report = tree_summary(&tree, searched, params, met, &header);
    write_manifest_section(manifest, &header, &tree_report)?;
    eprint!("{report}{tree_report}");
    Ok(())
}

/// The tree's section of the manifest: its size and value, and ply by ply the positions searched and each
/// colour's chance of still being in the tree, by the model.
fn tree_summary(
    tree: &GrownTree,
    searched: &Searches,
    params: &GrowParams,
    met: &Met,
    header: &str,
) -> String {
    let reach = tree.reach(params, met);
    let iterations: u64 = searched.values().map(|s| s.iterations).sum();
    let mut text = format!(
        "{header}: {} positions searched, {:.1} G iterations; the empty board's value for X {:.3}\n",
        searched.len(),
        iterations as f64 / 1e9,
        tree.value(&Board::new()).unwrap_or(f64::NAN)
    );
    text += &format!(
        "model: opponents' temperature {}, own {}, the second player weighted {}, to ply {}, X opens in the centre {}\n",
        params.temperature, params.own_temperature, params.o_weight, params.max_ply, params.centre_share
    );
    text += &format!("main line (both colours play the tree's moves): {}\n", main_line(tree, searched));
    text += "ply  positions  chance X's game is in the tree  chance O's game is\n";
    let deepest = searched.values().map(|s| s.path.len()).max().unwrap_or(0);
    for ply in 0..=deepest {
        let at: Vec<&Board> = searched.iter().filter(|(_, s)| s.path.len() == ply).map(|(f, _)| f).collect();
        let chance = |c: usize| at.iter().filter_map(|f| reach.get(*f)).map(|r| r[c]).sum::<f64>().min(1.0);
        text += &format!("{ply:>3}  {:>9}  {:>30.3}  {:>18.3}\n", at.len(), chance(0), chance(1));
    }
    text
}

/// The line both colours play by the tree's moves from the empty board while the tree has searched the
/// position, each move with the mover's value: `4 4 (0.696) 3 5 (0.303) …`, in the empty board's frame.
fn main_line(tree: &GrownTree, searched: &Searches) -> String {
    let (mut board, mut words) = (Board::new(), Vec::new());
    loop {
        let (form, s) = crate::board::symmetry::canonical(&board);
        let (Some(mv), Some(value)) = (searched.get(&form).and(tree.book_move(&form)), tree.value(&form))
        else {
            break;
        };
        let m = crate::board::symmetry::transform(mv, crate::board::symmetry::inverse(s));
        words.push(format!("{m} ({value:.3})"));
        board.play(m);
        if board.is_over() {
            break;
        }
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of a small `grow-book` run in `dir`: short searches, no base, the book and its manifest
    /// written there; then `extra`.
    fn small_run(dir: &std::path::Path, extra: &[&str]) -> Vec<String> {
        let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
        let fixed = ["--iterations", "300", "--nodes", "20000", "--jobs", "2", "--base", "none"];
        let mut words: Vec<String> = fixed.iter().chain(extra).map(|s| s.to_string()).collect();
        words.extend(["--out".into(), file("book.txt"), "--manifest".into(), file("MANIFEST.txt")]);
        words
    }

    #[test]
    fn a_round_searches_the_empty_board_first_and_a_rerun_resumes_from_the_folder() {
        let dir = std::env::temp_dir().join(format!("uttt-grow-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let d = dir.join("searches").to_string_lossy().into_owned();
        let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
        let appended = format!("{d}/searches.txt");
        let run = |positions: &str| {
            let extra = ["--positions", positions, "--batch", "2", "--searches", &d, "--met", "none"];
            main(&small_run(&dir, &extra)).expect("grow-book runs")
        };
        run("3");
        // The book written beside the searches is the one a run from the files alone writes.
        let written = std::fs::read_to_string(file("book.txt")).unwrap();
        run("0");
        assert_eq!(std::fs::read_to_string(file("book.txt")).unwrap(), written);
        let searched = read_folder(&d, &appended).unwrap();
        assert_eq!(searched.len(), 3, "the empty board, then a round of two");
        assert!(searched.contains_key(&Board::new()));
        assert!(searched.values().all(|s| s.iterations == 300 && s.values.len() == s.visits.len()));
        // Every searched position is one move from another: a tree from the empty board.
        let book = Book::from_text(std::fs::read_to_string(file("book.txt")).unwrap().trim()).unwrap();
        assert_eq!(book.len(), 3);
        assert_eq!(book.move_for(&Board::new()), Some(crate::moves::Move::new(4, 4)));
        // A second run adds to the same file; a half-written last line (a killed run) is dropped first.
        let text = std::fs::read_to_string(&appended).unwrap();
        std::fs::write(&appended, format!("{text}1;4 4;3 3;0.5")).unwrap();
        run("2");
        assert_eq!(read_folder(&d, &appended).unwrap().len(), 5);
        let manifest = std::fs::read_to_string(file("MANIFEST.txt")).unwrap();
        assert!(manifest.contains("5 positions searched"), "{manifest}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_lost_game_joins_the_games_file_and_its_positions_are_searched_first() {
        let dir = std::env::temp_dir().join(format!("uttt-grow-learn-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
        let game = |n: usize, x: &str, o: &str, result: &str| {
            format!(
                "{{\"game\": {n}, \"x\": \"{x}\", \"o\": \"{o}\", \"result\": \"{result}\", \"fault\": null, \
                 \"opening\": 0, \"moves\": [\"4 4\", \"3 3\", \"0 0\", \"1 1\"]}}\n"
            )
        };
        // "a" loses as O, wins as X: only the loss is learned.
        std::fs::write(file("log"), game(0, "b", "a", "X") + &game(1, "a", "b", "X")).unwrap();
        let (log, learned, searches) = (file("log"), file("learned.txt"), file("searches"));
        let words = small_run(
            &dir,
            &[
                "--learn",
                &log,
                "--learn-player",
                "a",
                "--learned",
                &learned,
                "--positions",
                "4",
                "--batch",
                "2",
                "--max-ply",
                "2",
                "--searches",
                &searches,
            ],
        );
        main(&words).expect("grow-book learns");
        let learned = learn::read(&file("learned.txt")).unwrap();
        assert_eq!(learned.len(), 1);
        assert_eq!(learned[0].to_line(), "O;L;4 4,3 3,0 0,1 1");
        let searched = read_folder(&file("searches"), &file("searches/searches.txt")).unwrap();
        assert_eq!(searched.len(), 4, "the game's plies 0 to 2 first, then one of the frontier");
        for ply in 0..=2 {
            let (form, _) = met::canonical_path(&learned[0].moves[..ply]).unwrap();
            assert!(searched.contains_key(&form), "ply {ply} searched");
        }
        // Run again on the same log: nothing new joins the file.
        main(&words).expect("grow-book learns again");
        assert_eq!(learn::read(&file("learned.txt")).unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
