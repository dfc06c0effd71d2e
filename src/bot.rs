//! The bot's game state and move choice: keeps its own board from both players' moves, checks it against
//! the referee's list of legal moves, and falls back to that list when the two disagree. It also tells
//! the arena's first leagues (plain tic-tac-toe on one 3×3 board) from Ultimate by the lists, and plays
//! the plain game perfectly (docs/rules.md).

use crate::board::plain::{cells, PlainBoard};
use crate::board::Board;
#[cfg(not(bundle))]
use crate::board::Player;
use crate::book::Book;
#[cfg(bundle)]
use crate::mcts::Search;
use crate::mcts::{Limits, SearchReport};
use crate::moves::Move;
use crate::rng::Rng;
use std::time::Instant;

/// Time kept back from the search for building the report and writing the answer.
const ANSWER_RESERVE: std::time::Duration = std::time::Duration::from_millis(1);

/// The share of a later book turn's budget that its search of the position beyond may spend. That search
/// only grows the tree the next turn keeps, and book turns were where the bot's own over-time turns came (four
/// in 1,600 games against the baseline, 108–116 ms, three at one position; docs/journal/book.md): the rest
/// of the budget is margin.
const BOOK_TURN_SHARE: f64 = 0.7;

/// The search the bot plays with: in the crate either family (`engine.rs`: `uttt --search alphabeta`), in
/// the arena file the tree search alone.
#[cfg(not(bundle))]
pub type Engine = crate::engine::Engine;
#[cfg(bundle)]
pub type Engine = Search;

/// The arena bot: its game state, kept in step with the referee, and its search.
pub struct Bot {
    search: Engine,
    /// The opening book, played while the game is in it and in step with the referee.
    book: Option<Book>,
    board: Board,
    /// False once our board is known to differ from the referee's game.
    in_sync: bool,
    turn: u32,
    rng: Rng,
    /// The last move of the opening the game started from, if any (see `start_from`).
    opening_last: Option<Move>,
    /// The plain game's board while every move and list so far fits plain tic-tac-toe.
    plain: Option<PlainBoard>,
    /// True once a list fits only the plain game: the game is plain tic-tac-toe.
    plain_only: bool,
}

/// How a move was chosen, for the log.
pub enum Choice {
    /// Chosen by the search.
    Searched(SearchReport),
    /// Our state and the referee's disagree and no searched move was allowed: a move from its list.
    Fallback(Move),
    /// The fixed first move when the bot opens the game, with the search of the position it leads to.
    Opening(Move, Option<SearchReport>),
    /// The opening book's move, with the search of the position it leads to.
    Book(Move, Option<SearchReport>),
    /// A move of plain tic-tac-toe, with its exact value for the bot (`PlainBoard::value`'s scale).
    Plain(Move, i32),
}

impl Choice {
    /// The move chosen.
    pub fn mv(&self) -> Move {
        match self {
            Choice::Searched(r) => r.best,
            Choice::Fallback(m) | Choice::Opening(m, _) | Choice::Book(m, _) | Choice::Plain(m, _) => *m,
        }
    }
}

impl Bot {
    /// A bot that plays with `search`; `seed` drives its fallback choices.
    pub fn with_search(search: impl Into<Engine>, seed: u64) -> Bot {
        Bot {
            search: search.into(),
            book: None,
            board: Board::new(),
            in_sync: true,
            turn: 0,
            rng: Rng::new(seed ^ 0x5EED),
            opening_last: None,
            plain: Some(PlainBoard::new()),
            plain_only: false,
        }
    }

    /// Plays `book`'s moves while the game is in it.
    pub fn with_book(mut self, book: Book) -> Bot {
        self.book = Some(book);
        self
    }

    /// The bot's view of the game.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// How many turns the bot has answered.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Whether the search runs its copy compiled for AVX2 (`mcts/wide.rs`).
    pub fn is_wide(&self) -> bool {
        self.search.is_wide()
    }

    /// False once the bot's board is known to differ from the referee's game.
    pub fn in_sync(&self) -> bool {
        self.in_sync
    }

    /// Starts the game from `opening` (moves from the empty board) instead of the empty board: the
    /// referee's first "last move" is then the opening's last move, which is already played.
    pub fn start_from(&mut self, opening: &[Move]) -> Result<(), String> {
        self.board = Board::from_moves(opening).map_err(|i| format!("opening move {} is illegal", i + 1))?;
        self.opening_last = opening.last().copied();
        if !opening.is_empty() {
            self.plain = None; // openings are Ultimate's
        }
        Ok(())
    }

    /// Applies the opponent's move (`None`: we move first). Returns a warning when it does not fit our state.
    pub fn opponent_moved(&mut self, mv: Option<Move>) -> Option<String> {
        self.plain_opponent_moved(mv);
        if self.plain_only {
            return None;
        }
        if self.turn == 0 && mv.is_some() && mv == self.opening_last {
            return None;
        }
        let Some(m) = mv else {
            if self.turn > 0 || self.board != Board::new() {
                self.in_sync = false;
                return Some("'-1 -1' after the first turn: the game state is unknown".into());
            }
            return None;
        };
        if self.board.is_legal(m) {
            self.board.play(m);
            None
        } else {
            self.in_sync = false;
            Some(format!("opponent move {m} is illegal in our state: playing from the referee's list"))
        }
    }

    /// Chooses a move. `actions` is the referee's list when it was read whole.
    pub fn choose(
        &mut self,
        actions: Option<&[Move]>,
        limits: Limits,
        log: &mut Vec<String>,
    ) -> Option<Choice> {
        self.turn += 1;
        if let (1, Some(deadline)) = (self.turn, limits.deadline) {
            // Fault the tree's memory in now rather than page by page in later turns' searches: at most
            // half of this turn, most of which its search would spend on the same faults (none when
            // iteration-held: no clock to save).
            let now = Instant::now();
            self.search.prefault(Some(now + deadline.saturating_duration_since(now) / 2));
        }
        if let Some(choice) = self.plain_choice(actions) {
            return Some(choice);
        }
        let legal = self.board.legal_moves();
        if let Some(actions) = actions {
            let same = actions.len() == legal.len() && actions.iter().all(|m| legal.contains(*m));
            if !same {
                log.push(format!(
                    "referee lists {} moves, our state has {} legal: {}",
                    actions.len(),
                    legal.len(),
                    if self.in_sync {
                        "state lost, playing from the referee's list"
                    } else {
                        "still out of sync"
                    }
                ));
                self.in_sync = false;
            }
        }
        let choice = if self.in_sync && self.board == Board::new() {
            // The centre of the centre board: the strongest and best-studied opening.
            let m = Move::new(4, 4);
            Choice::Opening(m, self.search_beyond(m, limits))
        } else if let Some(m) =
            self.book.as_ref().filter(|_| self.in_sync).and_then(|b| b.move_for(&self.board))
        {
            // The first turn's budget already leaves a tenth of its second as margin.
            let share = if self.turn == 1 { 1.0 } else { BOOK_TURN_SHARE };
            Choice::Book(m, self.search_beyond(m, limits.sooner(share)))
        } else if self.in_sync {
            if legal.is_empty() {
                return None;
            }
            Choice::Searched(self.search.search(&self.board, None, limits))
        } else {
            let actions = actions.unwrap_or(&[]);
            let playable: Vec<Move> = actions.iter().copied().filter(|m| self.board.is_legal(*m)).collect();
            if !playable.is_empty() {
                Choice::Searched(self.search.search(&self.board, Some(&playable), limits))
            } else if !actions.is_empty() {
                Choice::Fallback(actions[self.rng.below(actions.len() as u32) as usize])
            } else if !legal.is_empty() {
                Choice::Searched(self.search.search(&self.board, None, limits))
            } else {
                return None;
            }
        };
        let m = choice.mv();
        if self.board.is_legal(m) {
            self.board.play(m);
        } else {
            // A move from the referee's list that our (wrong) state cannot place: start over from it.
            self.board = Board::new();
            if self.board.is_legal(m) {
                self.board.play(m);
            }
        }
        Some(choice)
    }

    /// Spends a turn whose move is known (the opening, the book's) searching the position it leads to: the
    /// next turn finds the opponent's reply in that tree and keeps it, so that the first search after the
    /// book starts with the book turns' work instead of from nothing.
    fn search_beyond(&mut self, m: Move, limits: Limits) -> Option<SearchReport> {
        let mut after = self.board;
        after.play(m);
        (!after.is_over()).then(|| self.search.search(&after, None, limits))
    }

    /// Keeps the plain game's board in step with the opponent's move, or drops it when the move is not one.
    fn plain_opponent_moved(&mut self, mv: Option<Move>) {
        let Some(plain) = self.plain.as_mut() else { return };
        match mv {
            // `-1 -1` starts a game: only at the first turn.
            None if self.turn == 0 => {}
            Some(m) if m.board() == 0 && plain.is_legal(m.cell()) => plain.play(m.cell()),
            _ => {
                self.plain = None;
                self.plain_only = false;
            }
        }
    }

    /// A move of plain tic-tac-toe when the game may be that: while the referee's lists are its empty
    /// cells. A list that fits only the plain game settles it; one that fits both games (our first turn
    /// after an opening move at `0 0`) gets the plain game's move, which Ultimate's rules also allow.
    fn plain_choice(&mut self, actions: Option<&[Move]>) -> Option<Choice> {
        let plain = self.plain?;
        let fits = |list: &[Move]| {
            let mask =
                list.iter().fold(0u16, |mask, m| if m.board() == 0 { mask | 1 << m.cell() } else { 0x200 });
            mask == plain.legal_cells() && list.len() == cells(mask).count()
        };
        match actions {
            Some(list) if fits(list) => {
                if !fits(&self.board.legal_moves()) {
                    self.plain_only = true;
                }
            }
            None if self.plain_only => {}
            _ => {
                self.plain = None;
                self.plain_only = false;
                return None;
            }
        }
        let cell = plain.best_cell(&mut self.rng)?;
        let mut after = plain;
        after.play(cell);
        self.plain = Some(after);
        let m = Move::new(0, cell);
        if !self.plain_only && self.board.is_legal(m) {
            self.board.play(m);
        }
        Some(Choice::Plain(m, -after.value()))
    }

    /// Makes `mv` (played from `before`) our last move instead of the one we chose: replays of a given line.
    pub fn replace_own_move(&mut self, before: &Board, mv: Move) {
        self.board = *before;
        self.board.play(mv);
    }

    /// Starts a new turn's clock-based limits.
    pub fn limits(&self, start: Instant, first_ms: u64, later_ms: u64, iterations: Option<u64>) -> Limits {
        #[cfg(not(bundle))]
        if let (Some(_), Some(deep)) = (iterations, deep_opening_iterations(&self.board)) {
            return Limits::iterations(deep);
        }
        match iterations {
            Some(n) => Limits::iterations(n),
            None => {
                let ms = if self.turn == 0 { first_ms } else { later_ms };
                // The search stops a little early: the report and the answer's write come after it.
                let budget = std::time::Duration::from_millis(ms).saturating_sub(ANSWER_RESERVE);
                Limits::time(start, budget)
            }
        }
    }
}

/// Tools only (never in the arena file): `UTTT_DEEP_OPENING=PLIES:N[:x|o]` searches the turns before ply
/// `PLIES` at `N` iterations (of one side only when named) in a bot given `--iterations`: what a book that
/// covered every position its games reach before that ply with searches of `N` iterations could be worth at
/// most (docs/book.md, "What a bigger book could be worth").
#[cfg(not(bundle))]
fn deep_opening_iterations(board: &Board) -> Option<u64> {
    let text = std::env::var("UTTT_DEEP_OPENING").ok()?;
    let parsed = parse_deep_opening(&text);
    if parsed.is_none() {
        eprintln!("uttt: UTTT_DEEP_OPENING={text:?}: expected PLIES:N or PLIES:N:x|o; ignored");
    }
    let (plies, n, side) = parsed?;
    let ply: u32 = (0..9).map(|b| (board.marks(Player::X, b) | board.marks(Player::O, b)).count_ones()).sum();
    let ours = side.is_none_or(|p| p == board.side_to_move());
    (ply < plies && ours).then_some(n)
}

/// `PLIES:N[:x|o]` as its parts.
#[cfg(not(bundle))]
fn parse_deep_opening(text: &str) -> Option<(u32, u64, Option<Player>)> {
    let mut parts = text.trim().split(':');
    let plies = parts.next()?.parse().ok()?;
    let n = parts.next()?.parse().ok()?;
    let side = match parts.next() {
        None => None,
        Some("x") => Some(Player::X),
        Some("o") => Some(Player::O),
        Some(_) => return None,
    };
    parts.next().is_none().then_some((plies, n, side))
}

#[cfg(test)]
mod deep_opening_tests {
    use super::*;

    #[test]
    fn the_deep_opening_setting_reads_plies_iterations_and_a_side() {
        assert_eq!(parse_deep_opening("30:200000"), Some((30, 200_000, None)));
        assert_eq!(parse_deep_opening("12:5:o"), Some((12, 5, Some(Player::O))));
        for bad in ["", "30", "30:x", "30:5:z", "30:5:o:1", "-1:5"] {
            assert_eq!(parse_deep_opening(bad), None, "{bad:?}");
        }
    }
}
