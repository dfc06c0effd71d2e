//! `uttt make-book`: the opening book (`src/book/`) from long searches of the positions the bot meets.
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
//!
//! Real opponents also play moves a long search rarely visits: where logged games met a position often,
//! the opponents' choices there count beside the model (`met.rs`, `weights/book-met.txt`).

pub mod budget;
pub mod deepen;
pub mod extend;
pub mod grow;
pub mod learn;
pub mod met;
pub mod searches;
pub mod tree;

use crate::board::symmetry::canonical;
use crate::board::Board;
use crate::book::Book;
use crate::cli::Args;
use crate::moves::Move;
use met::Met;
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
    /// The same chance where the logged games' opponents count beside the model (`met::opponent_share`).
    pub seen: [f64; 2],
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
/// returned is the first one with a position not yet searched (or `shape.depth`). `met`: how often the
/// logged games met each position, which sharpens the model of the opponent where they met it often.
pub fn plan(shape: &Shape, searched: &HashMap<Board, Searched>, met: &Met) -> Vec<Vec<Planned>> {
    let empty = Planned { form: Board::new(), path: Vec::new(), reach: [1.0; 2], seen: [1.0; 2] };
    let mut plies = vec![vec![empty]];
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
            let shares: HashMap<Move, f64> = s.shares(shape.temperature).collect();
            // Per class one move on: the moves to it, the model's chance of them, whether one is ours.
            let mut classes: HashMap<Board, (Vec<Move>, f64, bool)> = HashMap::new();
            for &m in p.form.legal_moves().iter() {
                let mut child = p.form;
                child.play(m);
                if child.is_over() {
                    continue;
                }
                // X's first move: most programs open in the centre, as this bot does.
                let share = if p.path.is_empty() {
                    f64::from(u8::from(m == ours))
                } else {
                    shares.get(&m).copied().unwrap_or(0.0)
                };
                let (form, s) = canonical(&child);
                let class = classes.entry(form).or_insert_with(|| {
                    let path = p.path.iter().chain([&m]).map(|&m| crate::board::symmetry::transform(m, s));
                    (path.collect(), 0.0, false)
                });
                class.1 += share;
                class.2 |= m == ours;
            }
            for (form, (path, share, on_line)) in classes {
                // Each colour's chance by the model, and with the logged games.
                let (mut reach, mut seen) = ([0.0; 2], [0.0; 2]);
                if on_line {
                    (reach[mover], seen[mover]) = (p.reach[mover], p.seen[mover]);
                }
                let opponent = 1 - mover;
                reach[opponent] = p.reach[opponent] * share;
                seen[opponent] = p.seen[opponent] * met::opponent_share(met, &p.form, &form, opponent, share);
                let entry =
                    next.entry(form).or_insert(Planned { form, path, reach: [0.0; 2], seen: [0.0; 2] });
                // Different ways into one class add up: they are different games.
                for c in 0..2 {
                    entry.reach[c] += reach[c];
                    entry.seen[c] += seen[c];
                }
            }
        }
        // As second player, every first move of X: the arena's opponents open anywhere.
        let first = plies.len() == 1;
        let mut next: Vec<Planned> = next
            .into_values()
            .filter(|p| first || p.reach.iter().chain(&p.seen).any(|&r| r >= shape.min_reach))
            .collect();
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

/// Makes the folder that `file` (a searches file a run appends to) lies in.
fn create_parent_dir(file: &str) -> Result<(), String> {
    match std::path::Path::new(file).parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display())),
        None => Ok(()),
    }
}

/// Searches `todo` on `jobs` threads, appending each result to `out` as it comes; each one's progress
/// line on stderr starts with `who` (the command).
fn search_all(
    todo: &[&Planned],
    config: &SearchConfig,
    jobs: usize,
    (out, who): (&str, &str),
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
                let logs = match p.seen == p.reach {
                    true => String::new(),
                    false => format!(", with the logs X {:.3} O {:.3}", p.seen[0], p.seen[1]),
                };
                eprintln!(
                    "{who}: ply {} {}/{} ({:.0} s) reach X {:.3} O {:.3}{logs}",
                    p.path.len(),
                    done.unwrap_or(0),
                    todo.len(),
                    started.elapsed().as_secs_f64(),
                    p.reach[0],
                    p.reach[1],
                );
            });
        }
    });
    Ok(results.into_inner().unwrap_or_default())
}

/// `uttt make-book [--depth D] [--min-reach R] [--iterations I] [--nodes N] [--jobs J] [--shard K/N]
/// [--searches FILE]... [--met FILE|none] [--out FILE] [--manifest FILE]`. The defaults make the shipped
/// book.
pub fn main(args: &[String]) -> Result<i32, String> {
    let mut a = Args::new(args);
    let shape = Shape {
        depth: a.value_or("--depth", 19)?,
        min_reach: a.value_or("--min-reach", 0.002)?,
        temperature: a.value_or("--temperature", 2.0)?,
    };
    let config = SearchConfig {
        iterations: a.value_or("--iterations", 4_000_000)?,
        nodes: a.value_or("--nodes", 16_000_000)?,
    };
    let jobs: usize = a.value_or("--jobs", crate::cli::default_jobs())?;
    let shard = a.value::<String>("--shard")?.map(|s| crate::cli::parse_shard(&s)).transpose()?;
    let mut files = a.values("--searches")?;
    if files.is_empty() {
        files.push("data/book/searches.txt".into());
    }
    let met_file: String = a.value_or("--met", "weights/book-met.txt".to_string())?;
    let met = if met_file == "none" { Met::new() } else { met::read(&met_file)? };
    let out: String = a.value_or("--out", "weights/book.txt".to_string())?;
    let manifest: String = a.value_or("--manifest", "weights/MANIFEST.txt".to_string())?;
    if let Some(extra) = a.positionals()?.first() {
        return Err(format!("unexpected argument {extra:?}"));
    }
    create_parent_dir(&files[0])?;
    let mut searched = HashMap::new();
    for (k, f) in files.iter().enumerate() {
        searched.extend(searches::read(f, k == 0)?);
    }
    loop {
        let plies = plan(&shape, &searched, &met);
        let last = plies.last().expect("ply 0");
        // A shard's part: every N-th position of the ply's fixed order, whatever is searched already.
        let mine = |i: usize| shard.is_none_or(|(k, n)| i as u64 % n == k);
        let unsearched = |p: &&Planned| !searched.contains_key(&p.form);
        if !last.iter().any(|p| unsearched(&p)) {
            write_book(&shape, &config, &plies, &searched, (&met_file, &out, &manifest))?;
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
        for s in search_all(&todo, &config, jobs, (&files[0], "make-book"))? {
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

/// The manifest section's first line (`MANIFEST_HEADER`, the positions, the bytes, the FNV-1a the bot's
/// first log line repeats).
pub const MANIFEST_HEADER: &str = "# Learned opening book (book.txt)";

/// Writes `book`'s text to `out`; returns the manifest section's first two lines (its header and packing).
fn write_text(book: &Book, out: &str) -> Result<String, String> {
    let (text, sizes) = book.to_text();
    let text = format!("{text}\n");
    std::fs::write(out, &text).map_err(|e| format!("{out}: {e}"))?;
    let packing = crate::codec::packing_line(&["", "tree"], &sizes).replace("per weight", "per value");
    Ok(format!(
        "{MANIFEST_HEADER}: {} positions, {} bytes, FNV-1a {:016x}\n{packing}\n",
        book.len(),
        text.len(),
        crate::codec::fnv1a(crate::codec::FNV_START, text.as_bytes())
    ))
}

/// Writes the book's text and its section of the manifest; `files`: the met positions read, the book, the
/// manifest.
fn write_book(
    shape: &Shape,
    config: &SearchConfig,
    plies: &[Vec<Planned>],
    searched: &HashMap<Board, Searched>,
    (met_file, out, manifest): (&str, &str, &str),
) -> Result<(), String> {
    let book = book_of(plies, searched);
    let mut report = write_text(&book, out)?;
    report += &format!(
        "command: uttt make-book --depth {} --min-reach {} --temperature {} --iterations {} --nodes {} --met {met_file}\n",
        shape.depth, shape.min_reach, shape.temperature, config.iterations, config.nodes
    );
    report +=
        "ply  mover  positions  on the mover's book line  chance the mover's game is there  with the logs\n";
    for (d, ply) in plies.iter().enumerate() {
        let mover = d % 2;
        let ours: Vec<&Planned> = ply.iter().filter(|p| p.reach[mover].max(p.seen[mover]) > 0.0).collect();
        let chance: f64 = ours.iter().map(|p| p.reach[mover]).sum();
        let seen: f64 = ours.iter().map(|p| p.seen[mover]).sum();
        report += &format!(
            "{d:>3}  {:>5}  {:>9}  {:>24}  {chance:>32.3}  {seen:>13.3}\n",
            ["X", "O"][mover],
            ply.len(),
            ours.len()
        );
    }
    report += &format!(
        "(the chance: of a game in which that colour plays the book's moves and its opponent picks each \
         move by the searches' visits at temperature {}; with the logs: where the logged games of {met_file} \
         met a position, the opponents' moves there counting beside that model as {} games)\n",
        shape.temperature,
        met::MODEL_GAMES
    );
    crate::train::manifest::write_manifest_section(manifest, MANIFEST_HEADER, &report)?;
    eprint!("{report}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::parse_opening;

    /// `searched` for every position of `ply`: its first legal move chosen, `visits` or else that move alone.
    fn search_all_of(ply: &[Planned], searched: &mut HashMap<Board, Searched>, visits: &[(&str, u32)]) {
        for p in ply {
            let first = p.form.legal_moves().as_slice()[0];
            let listed: Vec<(Move, u32)> =
                visits.iter().map(|(m, n)| (parse_opening(m).unwrap()[0], *n)).collect();
            let mine = listed.iter().all(|(m, _)| p.form.is_legal(*m)) && !listed.is_empty();
            let visits = if mine { listed } else { vec![(first, 10)] };
            let best = visits[0].0;
            searched.insert(
                p.form,
                Searched { path: p.path.clone(), best, value: 0.5, visits, values: vec![], iterations: 0 },
            );
        }
    }

    #[test]
    fn positions_met_in_logged_games_join_the_book_with_their_share() {
        let shape = Shape { depth: 2, min_reach: 0.01, temperature: 1.0 };
        let centre = canonical(&Board::from_moves(&[Move::new(4, 4)]).unwrap()).0;
        let mut searched = HashMap::new();
        let root: Vec<(Move, u32)> = Board::new().legal_moves().iter().map(|&m| (m, 1)).collect();
        searched.insert(
            Board::new(),
            Searched {
                path: vec![],
                best: Move::new(4, 4),
                value: 0.6,
                visits: root,
                values: vec![],
                iterations: 0,
            },
        );
        let ply1 = plan(&shape, &searched, &Met::new()).pop().unwrap();
        assert_eq!(ply1.len(), 15, "every first move of X, by class");
        // After the centre O has two classes of moves, a corner (3 3) and an edge (3 4).
        let centre_plan: Vec<Planned> = ply1.iter().filter(|p| p.form == centre).cloned().collect();
        search_all_of(&ply1, &mut searched, &[]);
        let edge = canonical(&Board::from_moves(&parse_opening("4 4,3 4").unwrap()).unwrap()).0;
        let corner = canonical(&Board::from_moves(&parse_opening("4 4,3 3").unwrap()).unwrap()).0;
        // The logs: the centre met in 100 games of each colour, the edge in `games`, the corner in the rest.
        let met_edge = |games: [f64; 2]| {
            Met::from([(centre, [100.0; 2]), (edge, games), (corner, [100.0 - games[0], 100.0 - games[1]])])
        };
        // Its long search chose the corner and tried the edge once in 1,001 visits, or never.
        for visits in [&[("3 3", 1000), ("3 4", 1)][..], &[("3 3", 1000)]] {
            search_all_of(&centre_plan, &mut searched, visits);
            // The edge's chances for X: by the model, and with the logs.
            let edge_reach = |met: &Met| {
                let ply2 = plan(&shape, &searched, met).pop().unwrap();
                for with_logs in [false, true] {
                    let chance: f64 =
                        ply2.iter().map(|p| if with_logs { p.seen[0] } else { p.reach[0] }).sum();
                    assert!(
                        chance > 0.99 && chance <= 1.0 + 1e-9,
                        "a chance, nearly all of X's games: {chance}"
                    );
                }
                ply2.iter().find(|p| p.form == edge).map(|p| (p.reach[0], p.seen[0]))
            };
            assert_eq!(edge_reach(&Met::new()), None, "the model alone leaves the edge out");
            // X met the edge in 30 of its 100 games: about that share with the logs (the model counting as 8
            // games), the model's own share beside it.
            let (model, seen) = edge_reach(&met_edge([30.0, 0.0])).expect("met, so planned");
            assert!(model < 0.002 && (seen - 30.0 / 108.0).abs() < 2e-4, "{visits:?}: {model} {seen}");
            // O moved there, and its book move is the corner: its own logged games cannot put the edge in.
            assert_eq!(edge_reach(&met_edge([0.0, 50.0])), None);
        }
    }
}
