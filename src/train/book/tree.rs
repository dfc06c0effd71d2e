//! The grown book's tree (`uttt grow-book`): every searched position, its value backed up by minimax over
//! the searched positions one move on, the book's move there, and which position to search next.
//!
//! A move's value at a searched position, for the side to move: the result, where the move ends the game;
//! one minus its position's value, where that position is searched (its search, and those below it, look
//! further than this one); else the value this position's own search gave the move (drop-out), counted
//! only where that search gave it at least `CREDIBLE` of its visits: a move the search hardly tried is not
//! one a strong player makes, and its value is noise. A position's value is its best move's, and the
//! book's move is that move, so a book move is the tree's choice, not one search's.
//!
//! Who goes where: each colour plays the book's moves; its opponent, a strong player of any program,
//! plays each credible move with a chance that falls off as `exp(-loss / temperature)` from the best,
//! sharpened where logged games met the position often (`met.rs`). A position's reach for a colour is the
//! chance that a game of that colour playing the book meets it; transpositions add up.
//!
//! What to search next (drop-out expansion): an unsearched position one move on from a searched one,
//! weighted for each colour by the chance its game goes there: at the opponent's turn by the opponent's
//! choice; at the colour's own turn by `exp(-loss / own_temperature)`, the book's own move at full weight
//! and the moves close to it, which could become the book's move once searched. The second player's
//! weights count `o_weight` times: its lines decide more games.

use super::met::{self, canonical_path, Met};
use super::searches::Searched;
use crate::board::{Board, Player};
use crate::moves::Move;
use std::collections::{BTreeMap, HashMap};

/// The searched positions, by canonical form.
pub type Searches = HashMap<Board, Searched>;

/// The least share of a search's visits that makes a move worth a value of its own (drop-out).
pub const CREDIBLE: f64 = 0.001;

/// How far below its search's value searches below must put a position's chosen move to refute it.
pub const REFUTED_BY: f64 = 0.05;

/// How close to a refuted choice's value that position's search must have valued a move to replace it.
pub const REPLACES_WITHIN: f64 = 0.1;

/// How the tree models the players and weighs what to search.
#[derive(Clone, Debug)]
pub struct GrowParams {
    /// How far an opponent's choices spread from its best move, in value (0..1 expected score).
    pub temperature: f64,
    /// How far from the book's move the colour's own alternatives are still worth searching.
    pub own_temperature: f64,
    /// How many times the second player's weights count beside the first player's.
    pub o_weight: f64,
    /// The deepest ply of a position to search.
    pub max_ply: usize,
    /// The chance that X opens in the centre, as this bot, its baselines and most strong programs do; the
    /// rest is spread over X's first moves by value like any opponent's choice.
    pub centre_share: f64,
}

impl Default for GrowParams {
    fn default() -> GrowParams {
        GrowParams { temperature: 0.03, own_temperature: 0.01, o_weight: 2.0, max_ply: 40, centre_share: 0.5 }
    }
}

/// One move of a searched position, as the tree judges it.
#[derive(Clone, Copy, Debug)]
pub struct Judged {
    /// The move, in the position's (canonical) frame.
    pub mv: Move,
    /// Its value for the side to move (0 loss … 1 win).
    pub value: f64,
    /// The canonical form it leads to; `None` where it ends the game.
    pub child: Option<Board>,
    /// Whether that form is searched (or the game ends): its value comes from below, not from drop-out.
    pub decided: bool,
}

/// A position to search next, with the chance of each colour's game going there (summed over the ways in).
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The moves to its canonical form.
    pub path: Vec<Move>,
    /// The canonical form.
    pub form: Board,
    /// `weight[c]`: how much searching it counts for colour `c`'s book; their sum (O's counted
    /// `o_weight` times) orders the candidates.
    pub weight: [f64; 2],
    /// The ordering weight.
    pub priority: f64,
}

/// The searched positions with their minimax values.
pub struct GrownTree<'a> {
    searched: &'a Searches,
    values: HashMap<Board, f64>,
    /// Each searched position's judged moves, as `new` valued it.
    judged: HashMap<Board, Vec<Judged>>,
}

/// The moves of the searched position `s` that the tree values, given the values of the searched positions
/// one move on (`values`).
fn judge(s: &Searched, values: &HashMap<Board, f64>) -> Vec<Judged> {
    let position = s.position();
    let mover: Player = position.side_to_move();
    let total: u64 = s.visits.iter().map(|&(_, n)| n as u64).sum();
    let mut judged = Vec::new();
    for (k, &(m, n)) in s.visits.iter().enumerate() {
        let mut child = position;
        child.play(m);
        if child.is_over() {
            judged.push(Judged {
                mv: m,
                value: child.status().score_for(mover) as f64,
                child: None,
                decided: true,
            });
            continue;
        }
        let form = crate::board::symmetry::canonical(&child).0;
        if let Some(v) = values.get(&form) {
            judged.push(Judged { mv: m, value: 1.0 - v, child: Some(form), decided: true });
            continue;
        }
        let own = match s.values.get(k) {
            Some(&q) => Some(q as f64),
            None => (m == s.best).then_some(s.value as f64),
        };
        if let Some(q) = own.filter(|_| n as f64 >= CREDIBLE * total as f64) {
            judged.push(Judged { mv: m, value: q, child: Some(form), decided: false });
        }
    }
    judged
}

/// The best of `judged`: the highest value, the first such move on a tie.
fn best_of(judged: &[Judged]) -> Option<&Judged> {
    judged.iter().fold(None, |best: Option<&Judged>, j| match best {
        Some(b) if b.value >= j.value => Some(b),
        _ => Some(j),
    })
}

/// The searched positions' forms, by ply.
fn by_ply(searched: &Searches) -> BTreeMap<usize, Vec<Board>> {
    let mut plies: BTreeMap<usize, Vec<Board>> = BTreeMap::new();
    for (form, s) in searched {
        plies.entry(s.path.len()).or_default().push(*form);
    }
    for forms in plies.values_mut() {
        forms.sort();
    }
    plies
}

impl<'a> GrownTree<'a> {
    /// The tree of `searched`, valued from its deepest positions up.
    pub fn new(searched: &'a Searches) -> GrownTree<'a> {
        let (mut values, mut judged) = (HashMap::new(), HashMap::new());
        for forms in by_ply(searched).values().rev() {
            for form in forms {
                let s = &searched[form];
                let moves = judge(s, &values);
                values.insert(*form, best_of(&moves).map_or(s.value as f64, |j| j.value));
                judged.insert(*form, moves);
            }
        }
        GrownTree { searched, values, judged }
    }

    /// A searched position's minimax value for its side to move.
    pub fn value(&self, form: &Board) -> Option<f64> {
        self.values.get(form).copied()
    }

    /// The moves the tree values at a searched position.
    pub fn moves(&self, form: &Board) -> Vec<Judged> {
        self.judged.get(form).cloned().unwrap_or_default()
    }

    /// The book's move at a searched position: the best by value; on the empty board the centre, as the
    /// bot opens (`bot.rs`).
    pub fn book_move(&self, form: &Board) -> Option<Move> {
        if *form == Board::new() {
            return Some(Move::new(4, 4));
        }
        best_of(&self.moves(form)).map(|j| j.mv)
    }

    /// Each move's chance at a searched position for the opponent of `colour` (credible moves only).
    fn opponent_shares(
        &self,
        form: &Board,
        colour: usize,
        params: &GrowParams,
        met: &Met,
    ) -> Vec<(Judged, f64)> {
        let judged = self.moves(form);
        let Some(best) = best_of(&judged).map(|j| j.value) else { return Vec::new() };
        let weights: Vec<f64> =
            judged.iter().map(|j| ((j.value - best) / params.temperature).exp()).collect();
        let total: f64 = weights.iter().sum();
        let first_move = *form == Board::new();
        let centre = Move::new(4, 4);
        judged
            .iter()
            .zip(weights)
            .map(|(j, w)| {
                let share = match first_move {
                    false => w / total,
                    true => {
                        f64::from(u8::from(j.mv == centre)) * params.centre_share
                            + (1.0 - params.centre_share) * w / total
                    }
                };
                let share = j.child.map_or(share, |c| met::opponent_share(met, form, &c, colour, share));
                (*j, share)
            })
            .collect()
    }

    /// Each searched position's reach for X and for O: the chance that a game in which that colour plays
    /// the book meets it.
    pub fn reach(&self, params: &GrowParams, met: &Met) -> HashMap<Board, [f64; 2]> {
        let mut reach: HashMap<Board, [f64; 2]> = HashMap::from([(Board::new(), [1.0; 2])]);
        for forms in by_ply(self.searched).values() {
            for form in forms {
                let Some(r) = reach.get(form).copied() else { continue };
                let mover = form.side_to_move().index();
                let mut flows: Vec<(Board, usize, f64)> = Vec::new();
                if r[mover] > 0.0 {
                    let book = self.book_move(form);
                    let to = self.moves(form).into_iter().find(|j| Some(j.mv) == book).and_then(|j| j.child);
                    flows.extend(to.map(|c| (c, mover, r[mover])));
                }
                let other = 1 - mover;
                if r[other] > 0.0 {
                    for (j, share) in self.opponent_shares(form, other, params, met) {
                        flows.extend(j.child.map(|c| (c, other, r[other] * share)));
                    }
                }
                for (child, colour, chance) in flows {
                    if self.searched.contains_key(&child) {
                        let entry = reach.entry(child).or_insert([0.0; 2]);
                        entry[colour] = (entry[colour] + chance).min(1.0);
                    }
                }
            }
        }
        reach
    }

    /// The unsearched positions one move on from searched ones up to `params.max_ply`, most worth searching
    /// first (ties by their moves); the empty board alone while it is unsearched.
    pub fn frontier(&self, params: &GrowParams, met: &Met) -> Vec<Candidate> {
        if !self.searched.contains_key(&Board::new()) {
            return vec![Candidate { path: Vec::new(), form: Board::new(), weight: [1.0; 2], priority: 1.0 }];
        }
        let reach = self.reach(params, met);
        // In a fixed order, so that the sums over the ways into a candidate, and with them the order of
        // near ties, are the same in every process (the shards of a round must agree on its batch).
        let mut reached: Vec<(&Board, &[f64; 2])> = reach.iter().collect();
        reached.sort_by(|a, b| a.0.cmp(b.0));
        let mut found: HashMap<Board, Candidate> = HashMap::new();
        for (form, r) in reached {
            let s = &self.searched[form];
            if s.path.len() >= params.max_ply {
                continue;
            }
            let mover = form.side_to_move().index();
            let best = self.value(form).unwrap_or(0.5);
            let mut weights: Vec<(Judged, [f64; 2])> = Vec::new();
            for j in self.moves(form) {
                let own = (-(best - j.value) / params.own_temperature).exp();
                let mut w = [0.0; 2];
                w[mover] = r[mover] * own;
                weights.push((j, w));
            }
            let other = 1 - mover;
            for (j, share) in self.opponent_shares(form, other, params, met) {
                if let Some(entry) = weights.iter_mut().find(|(k, _)| k.mv == j.mv) {
                    entry.1[other] = r[other] * share;
                }
            }
            for (j, w) in weights {
                let Some(child) = j.child.filter(|c| !j.decided && !self.searched.contains_key(c)) else {
                    continue;
                };
                let path: Vec<Move> = s.path.iter().copied().chain([j.mv]).collect();
                let (_, path) = canonical_path(&path).expect("a legal move of a searched position");
                let c = found.entry(child).or_insert(Candidate {
                    path: path.clone(),
                    form: child,
                    weight: [0.0; 2],
                    priority: 0.0,
                });
                if path < c.path {
                    c.path = path;
                }
                c.weight[0] += w[0];
                c.weight[1] += w[1];
            }
        }
        let mut candidates: Vec<Candidate> = found
            .into_values()
            .map(|mut c| {
                c.priority = c.weight[0] + params.o_weight * c.weight[1];
                c
            })
            .filter(|c| c.priority > 0.0)
            .collect();
        candidates.sort_by(|a, b| b.priority.total_cmp(&a.priority).then_with(|| a.path.cmp(&b.path)));
        candidates
    }

    /// Whether the tree's `mv` replaces `would`, the move the bot would play at `form` without it (the
    /// base book's, or the position's own search's choice): searches below refute `would`, its minimax
    /// value lying `REFUTED_BY` or more below the value the position's search gave it (minimax over noisy
    /// values leans against a line searched deeper by a few hundredths: the margin is above that), and
    /// that search valued `mv` within `REPLACES_WITHIN` of its best (a lost game's opponent alone does not
    /// move the book to a move our own search thinks poor).
    fn replaces(&self, form: &Board, would: Move, mv: Option<Move>) -> bool {
        let s = &self.searched[form];
        let Some(mv) = mv.filter(|&m| m != would) else { return false };
        let searched_value = |m: Move| {
            let k = s.visits.iter().position(|&(v, _)| v == m)?;
            s.values.get(k).map(|&q| q as f64).or((m == s.best).then_some(s.value as f64))
        };
        let backed = self.moves(form).into_iter().find(|j| j.mv == would && j.decided).map(|j| j.value);
        let refuted = matches!((backed, searched_value(would)), (Some(b), Some(q)) if b <= q - REFUTED_BY);
        refuted && searched_value(mv).is_some_and(|q| q >= s.value as f64 - REPLACES_WITHIN)
    }

    /// The book from the tree: every searched position with its book move. Past ply `settled_from`, a
    /// position whose mover trails (value below `trailing`) keeps its move only where its own search chose
    /// it too, or where searches below refute that search's choice (a lost game's line, `learn.rs`): in a
    /// lost position the chances lie in the opponent's slips, and a move that only one judgement prefers
    /// closes them for little (docs/book.md); there the turn's search decides.
    pub fn book_entries(&self, settled_from: usize, trailing: f64) -> Vec<(Board, Option<Move>)> {
        let mut entries: Vec<(Board, Option<Move>)> = self
            .searched
            .iter()
            .map(|(form, s)| {
                let mv = self.book_move(form);
                let value = self.value(form).unwrap_or(0.5);
                let unsettled = s.path.len() > settled_from
                    && value < trailing
                    && mv != Some(s.best)
                    && !self.replaces(form, s.best, mv);
                (*form, if unsettled { None } else { mv })
            })
            .collect();
        entries.sort_by_key(|entry| entry.0);
        entries
    }

    /// The book over `base` (its positions, each with its move or none): the tree's entries
    /// (`book_entries`) at the positions it searched, except where the base has a move and the tree's
    /// choice rests on that position's search alone (no searched position below the chosen move): the
    /// base's move came from a longer search, and only minimax over deeper searches overrules it.
    ///
    /// `changes_only` (a tree of lost games' lines over the shipped book, `learn.rs`): the tree's entry only
    /// where it changes what the bot plays (`replaces`), with the tree's positions on the way to it.
    ///
    /// Also how many of the base's moves changed (with `changes_only`, and of the moves it adds).
    pub fn over_base(
        &self,
        base: &[(Board, Option<Move>)],
        (settled_from, trailing): (usize, f64),
        changes_only: bool,
    ) -> (Vec<(Board, Option<Move>)>, usize) {
        let base_moves: HashMap<Board, Option<Move>> = base.iter().copied().collect();
        let (mut entries, mut ways) = (base.to_vec(), Vec::new());
        let mut changed = 0;
        for (form, mv) in self.book_entries(settled_from, trailing) {
            let old = base_moves.get(&form).copied().flatten();
            if old.is_some() && !self.moves(&form).iter().any(|j| Some(j.mv) == mv && j.decided) {
                continue;
            }
            if changes_only {
                // The bot plays the base's move, or where the base has none its turn's search's choice
                // (this position's own search's, at length): worth changing only where searches below
                // refute it.
                if !self.replaces(&form, old.unwrap_or(self.searched[&form].best), mv) {
                    continue;
                }
                let path = &self.searched[&form].path;
                for ply in 0..path.len() {
                    let on_way = canonical_path(&path[..ply]).expect("a searched path").0;
                    if !base_moves.contains_key(&on_way) {
                        ways.push((on_way, None));
                    }
                }
            }
            changed += usize::from(mv != old && (old.is_some() || changes_only));
            entries.push((form, mv));
        }
        // The ways in first: a later entry for a position replaces an earlier one (`Book::from_tree`).
        ways.extend(entries);
        (ways, changed)
    }
}

#[cfg(test)]
#[path = "tree_tests.rs"]
mod tests;
