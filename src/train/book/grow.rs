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

use super::met::{self, Met};
use super::searches::{self, SearchConfig};
use super::tree::{GrowParams, GrownTree, Searches};
use super::{create_parent_dir, search_all, write_text, Planned, MANIFEST_HEADER};
use crate::board::Board;
use crate::book::Book;
use crate::cli::Args;
use crate::train::manifest::write_manifest_section;

/// The folder of the searches, one file or more (`*.txt`), all read.
pub const SEARCHES_DIR: &str = "weights/book-searches";

/// The manifest section of the grown tree.
/// (A section starts with `# Learned `: `train/manifest.rs`.)
pub const TREE_HEADER: &str = "# Learned book tree (weights/book-searches/)";

/// Past this ply a trailing mover keeps the tree's move only where its own search chose it (`tree.rs`).
const SETTLED_FROM: usize = 19;

/// Below this value the mover trails.
const TRAILING: f64 = 0.4;

const USAGE: &str =
    "usage: uttt grow-book [--positions N] [--batch B] [--iterations I] [--nodes N] [--jobs J] \
[--shard K/N] [--searches DIR] [--append FILE] [--temperature T] [--own-temperature T] [--o-weight W] \
[--max-ply D] [--centre-share S] [--met FILE|none] [--base FILE|none] [--max-bytes B] [--worth-met FILE]... \
[--out FILE] [--manifest FILE]";

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
    if let Some(extra) = a.positionals()?.first() {
        return Err(format!("unexpected argument {extra:?}\n{USAGE}"));
    }
    if batch == 0 || params.temperature <= 0.0 || params.own_temperature <= 0.0 {
        return Err(format!("--batch, --temperature and --own-temperature must be above 0\n{USAGE}"));
    }
    let met = if met_file == "none" { Met::new() } else { met::read(&met_file)? };
    create_parent_dir(&append)?;
    let mut searched = read_folder(&dir, &append)?;
    let started = std::time::Instant::now();
    let mut done = 0;
    while done < positions {
        let frontier = GrownTree::new(&searched).frontier(&params, &met);
        // The round's batch: its first `batch` candidates (a fixed order, so that shards agree), and of
        // those a shard's every N-th.
        let round: Vec<Planned> = frontier
            .into_iter()
            .take(batch)
            .enumerate()
            .filter(|(i, _)| shard.is_none_or(|(k, n)| *i as u64 % n == k))
            .map(|(_, c)| Planned { form: c.form, path: c.path, reach: c.weight, seen: c.weight })
            .take(positions - done)
            .collect();
        if round.is_empty() {
            eprintln!("grow-book: nothing left to search up to ply {}", params.max_ply);
            break;
        }
        let todo: Vec<&Planned> = round.iter().collect();
        for s in search_all(&todo, &config, jobs, (&append, "grow-book"))? {
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
    write_grown_book(&searched, &params, (&met, &shares), max_bytes, (&base_file, &out, &manifest))?;
    Ok(0)
}

/// Writes the base book with the tree's moves over it, the book's manifest section and the tree's.
fn write_grown_book(
    searched: &Searches,
    params: &GrowParams,
    (met, shares): (&Met, &Met),
    max_bytes: Option<usize>,
    (base_file, out, manifest): (&str, &str, &str),
) -> Result<(), String> {
    let base = if base_file == "none" { Book::default() } else { Book::from_file(base_file)? };
    let tree = GrownTree::new(searched);
    let mut base_entries: Vec<_> = base.tree().collect();
    base_entries.sort_by_key(|entry| entry.0);
    let (entries, changed) = tree.over_base(&base_entries, SETTLED_FROM, TRAILING);
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
    report += &format!(
        "grown: the base {base_file} ({} positions) with the tree's move at its {} searched positions, \
         a base move only where searches below decide ({changed} changed): uttt grow-book \
         (weights/book-searches/, {TREE_HEADER:?})\n",
        base.len(),
        searched.len()
    );
    write_manifest_section(manifest, MANIFEST_HEADER, &report)?;
    let tree_report = tree_summary(&tree, searched, params, met);
    write_manifest_section(manifest, TREE_HEADER, &tree_report)?;
    eprint!("{report}{tree_report}");
    Ok(())
}

/// The tree's section of the manifest: its size and value, and ply by ply the positions searched and each
/// colour's chance of still being in the tree, by the model.
fn tree_summary(tree: &GrownTree, searched: &Searches, params: &GrowParams, met: &Met) -> String {
    let reach = tree.reach(params, met);
    let iterations: u64 = searched.values().map(|s| s.iterations).sum();
    let mut text = format!(
        "{TREE_HEADER}: {} positions searched, {:.1} G iterations; the empty board's value for X {:.3}\n",
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

    #[test]
    fn a_round_searches_the_empty_board_first_and_a_rerun_resumes_from_the_folder() {
        let dir = std::env::temp_dir().join(format!("uttt-grow-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let d = dir.join("searches").to_string_lossy().into_owned();
        let file = |name: &str| dir.join(name).to_string_lossy().into_owned();
        let appended = format!("{d}/searches.txt");
        let run = |positions: &str| {
            let words: Vec<String> = [
                "--positions",
                positions,
                "--batch",
                "2",
                "--iterations",
                "300",
                "--nodes",
                "20000",
                "--jobs",
                "2",
                "--searches",
                &d,
                "--met",
                "none",
                "--base",
                "none",
                "--out",
                &file("book.txt"),
                "--manifest",
                &file("MANIFEST.txt"),
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            main(&words).expect("grow-book runs")
        };
        run("3");
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
}
