//! `uttt make-book`: the opening book (`src/book.rs`) from long searches of the positions the bot meets.
//!
//! The book grows from the empty board ply by ply. Every position in it is searched far longer than a turn
//! allows (`searches.rs`); the search's move is the book's move there, and the visits of its root moves
//! are how likely a strong opponent is to play each. A position one move on is in the book when either
//! colour, playing the book's moves and meeting the opponent's moves as often as the searches visit them,
//! reaches it with a chance of at least `--min-reach`, up to `--depth` plies. As first player the bot
//! always opens in the centre (`bot.rs`), so that is X's book move on the empty board; as second player
//! every first move of X is in the book (one of each of the fifteen classes), and the centre is taken to be
//! X's usual first move, as it is this bot's.
//!
//! A ply's positions depend only on the searches before it, and each search only on its position, so the
//! book is the same however the work is split: `--jobs` threads, or `--shard K/N` processes (GNU
//! parallel, a Slurm array) that each search their part of the first unfinished ply and stop, each
//! appending to its own file, all files read back with repeated `--searches`.

pub mod searches;

use crate::board::symmetry::canonical;
use crate::board::Board;
use crate::book::Book;
use crate::cli::Args;
use crate::moves::Move;
use searches::{SearchConfig, Searched};
use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Which positions the book holds.
#[derive(Clone, Debug)]
pub struct Shape {
    /// The deepest ply searched (0: the empty board only).
    pub depth: usize,
    /// The least chance, for either colour playing the book, of meeting a position it holds.
    pub min_reach: f64,
    /// How much flatter than the long searches' visits the opponent's choices are taken to be: a move's
    /// chance is its visits to the power `1 / temperature`, normalised. An opponent thinks for one turn,
    /// not for a book search, and the arena's opponents are other programs.
    pub temperature: f64,
}

/// A position of one ply: canonical, the moves to it, and each colour's chance of meeting it.
#[derive(Clone, Debug)]
pub struct Planned {
    /// The position, canonical.
    pub form: Board,
    /// Moves from the empty board to `form`.
    pub path: Vec<Move>,
    /// `reach[p]`: the chance that player `p`, playing the book's moves, meets this position.
    pub reach: [f64; 2],
}

/// The book's move on a searched position: the search's, except X's opening move.
fn book_move(form: &Board, searched: &Searched) -> Move {
    if *form == Board::new() {
        Move::new(4, 4)
    } else {
        searched.best
    }
}

/// The plies of the book as far as the searches reach: ply 0 is the empty board, and the last ply
/// returned is the first one with a position not yet searched (or `shape.depth`).
pub fn plan(shape: &Shape, searched: &HashMap<Board, Searched>) -> Vec<Vec<Planned>> {
    let mut plies = vec![vec![Planned { form: Board::new(), path: Vec::new(), reach: [1.0, 1.0] }]];
    while plies.len() <= shape.depth {
        let ply = plies.last().expect("ply 0");
        if ply.iter().any(|p| !searched.contains_key(&p.form)) {
            break;
        }
        let mut next: HashMap<Board, Planned> = HashMap::new();
        for p in ply {
            let s = &searched[&p.form];
            let mover = p.form.side_to_move().index();
            let ours = book_move(&p.form, s);
            for (m, share) in s.shares(shape.temperature) {
                let mut child = p.form;
                child.play(m);
                if child.is_over() {
                    continue;
                }
                let mut reach = [0.0; 2];
                reach[mover] = if m == ours { p.reach[mover] } else { 0.0 };
                // X's first move: most programs open in the centre, as this bot does.
                let share = if p.path.is_empty() { f64::from(u8::from(m == ours)) } else { share };
                reach[1 - mover] = p.reach[1 - mover] * share;
                let (form, s) = canonical(&child);
                let entry = next.entry(form).or_insert_with(|| {
                    let path = p.path.iter().chain([&m]).map(|&m| crate::board::symmetry::transform(m, s));
                    Planned { form, path: path.collect(), reach: [0.0; 2] }
                });
                // Moves to one class, and different ways into it, add up: they are different games.
                entry.reach = [entry.reach[0] + reach[0], entry.reach[1] + reach[1]];
            }
        }
        // As second player, every first move of X: the arena's opponents open anywhere.
        let first = plies.len() == 1;
        let mut next: Vec<Planned> =
            next.into_values().filter(|p| first || p.reach[0].max(p.reach[1]) >= shape.min_reach).collect();
        // A fixed order (by the moves) so that shards agree on which positions are whose.
        next.sort_by(|a, b| a.path.cmp(&b.path));
        plies.push(next);
    }
    plies
}

/// The book from the searches of the planned plies (only complete plies and the searched part of the last).
pub fn book_of(plies: &[Vec<Planned>], searched: &HashMap<Board, Searched>) -> Book {
    let entries =
        plies.iter().flatten().filter_map(|p| searched.get(&p.form).map(|s| (p.form, book_move(&p.form, s))));
    Book::from_entries(entries)
}

/// Searches `todo` on `jobs` threads, appending each result to `out` as it comes.
fn search_all(
    todo: &[&Planned],
    config: &SearchConfig,
    jobs: usize,
    out: &str,
) -> Result<Vec<Searched>, String> {
    let file =
        std::fs::OpenOptions::new().create(true).append(true).open(out).map_err(|e| format!("{out}: {e}"))?;
    let (file, next, results) = (Mutex::new(file), AtomicUsize::new(0), Mutex::new(Vec::new()));
    let started = std::time::Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(p) = todo.get(k) else { return };
                let s = searches::search(&p.path, config);
                let line = s.to_line();
                let mut f = file.lock().expect("no thread panics holding the file");
                let _ = writeln!(f, "{line}").and_then(|_| f.flush());
                drop(f);
                let done = results.lock().map(|mut r| {
                    r.push(s);
                    r.len()
                });
                eprintln!(
                    "make-book: ply {} {}/{} ({:.0} s) reach X {:.3} O {:.3}",
                    p.path.len(),
                    done.unwrap_or(0),
                    todo.len(),
                    started.elapsed().as_secs_f64(),
                    p.reach[0],
                    p.reach[1]
                );
            });
        }
    });
    Ok(results.into_inner().unwrap_or_default())
}

/// `uttt make-book [--depth D] [--min-reach R] [--iterations I] [--nodes N] [--jobs J] [--shard K/N]
/// [--searches FILE]... [--out FILE] [--manifest FILE]`. The defaults make the shipped book.
pub fn main(args: &[String]) -> Result<i32, String> {
    let mut a = Args::new(args);
    let shape = Shape {
        depth: a.value_or("--depth", 16)?,
        min_reach: a.value_or("--min-reach", 0.002)?,
        temperature: a.value_or("--temperature", 2.0)?,
    };
    let config = SearchConfig {
        iterations: a.value_or("--iterations", 4_000_000)?,
        nodes: a.value_or("--nodes", 16_000_000)?,
    };
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let shard = a.value::<String>("--shard")?.map(|s| super::parse_shard(&s)).transpose()?;
    let mut files = a.values("--searches")?;
    if files.is_empty() {
        files.push("data/book/searches.txt".into());
    }
    let out: String = a.value_or("--out", "weights/book.txt".to_string())?;
    let manifest: String = a.value_or("--manifest", "weights/MANIFEST.txt".to_string())?;
    if let Some(extra) = a.positionals()?.first() {
        return Err(format!("unexpected argument {extra:?}"));
    }
    if let Some(dir) = std::path::Path::new(&files[0]).parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut searched = HashMap::new();
    for (k, f) in files.iter().enumerate() {
        searched.extend(searches::read(f, k == 0)?);
    }
    loop {
        let plies = plan(&shape, &searched);
        let last = plies.last().expect("ply 0");
        // A shard's part: every N-th position of the ply's fixed order, whatever is searched already.
        let mine = |i: usize| shard.is_none_or(|(k, n)| i as u64 % n == k);
        let unsearched = |p: &&Planned| !searched.contains_key(&p.form);
        if !last.iter().any(|p| unsearched(&p)) {
            write_book(&shape, &config, &plies, &searched, &out, &manifest)?;
            return Ok(0);
        }
        let todo: Vec<&Planned> =
            last.iter().enumerate().filter(|(i, p)| mine(*i) && unsearched(p)).map(|(_, p)| p).collect();
        eprintln!(
            "make-book: ply {}: {} positions, {} to search here",
            plies.len() - 1,
            last.len(),
            todo.len()
        );
        for s in search_all(&todo, &config, jobs, &files[0])? {
            searched.insert(s.position(), s);
        }
        if shard.is_some() {
            eprintln!(
                "make-book: this shard's part of ply {} is done; run again once every shard's is",
                plies.len() - 1
            );
            return Ok(0);
        }
    }
}

/// Writes the book's text and its section of the manifest.
fn write_book(
    shape: &Shape,
    config: &SearchConfig,
    plies: &[Vec<Planned>],
    searched: &HashMap<Board, Searched>,
    out: &str,
    manifest: &str,
) -> Result<(), String> {
    let book = book_of(plies, searched);
    let (text, sizes) = book.to_text();
    std::fs::write(out, format!("{text}\n")).map_err(|e| format!("{out}: {e}"))?;
    let packing = crate::codec::packing_line(&["", "tree"], &sizes).replace("per weight", "per value");
    let mut report = format!(
        "# Learned opening book (book.txt): {} positions, {} bytes\n{packing}\n",
        book.len(),
        text.len() + 1
    );
    report += &format!(
        "command: uttt make-book --depth {} --min-reach {} --temperature {} --iterations {} --nodes {}\n",
        shape.depth, shape.min_reach, shape.temperature, config.iterations, config.nodes
    );
    report += "ply  mover  positions  on the mover's book line  chance the mover's game is there\n";
    for (d, ply) in plies.iter().enumerate() {
        let mover = d % 2;
        let ours: Vec<f64> = ply.iter().map(|p| p.reach[mover]).filter(|&r| r > 0.0).collect();
        let chance: f64 = ours.iter().sum();
        report +=
            &format!("{d:>3}  {:>5}  {:>9}  {:>24}  {chance:.3}\n", ["X", "O"][mover], ply.len(), ours.len());
    }
    report += &format!(
        "(the chance: of a game in which that colour plays the book's moves and its opponent picks each \
         move by the searches' visits at temperature {})\n",
        shape.temperature
    );
    crate::train::manifest::write_manifest_section(manifest, "# Learned opening book", &report)?;
    eprint!("{report}");
    Ok(())
}
