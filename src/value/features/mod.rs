//! The value net's inputs: one encoding, kept here and nowhere else.
//!
//! A position is seen from one player's view (the *perspective*); the net is always asked from the view
//! of the side to move. The inputs are 0/1 features, listed by index:
//!
//! | indices | feature |
//! |---|---|
//! | `0..81` | own mark on cell `9 * board + cell` of an open small board |
//! | `81..162` | opponent's mark on that cell of an open small board |
//! | `162..171` | small board won by the perspective's player |
//! | `171..180` | small board won by the opponent |
//! | `180..189` | small board drawn (full, no line) |
//! | `189..198` | the side to move must play in this board |
//! | `198` | the side to move may play in any open board |
//! | `199..208` | the perspective's player could win this open small board with one more mark |
//! | `208..217` | the opponent could win this open small board with one more mark |
//! | `217` | the side to move can win the game with its next move |
//! | `218` | the player not to move threatens to win the game with its next move |
//! | `219..267` | big-board line `l` still open for player `p` (each of its boards won by `p` or still winnable by `p`) with `k` of them won: `219 + 6l + 3p + k`, `p` 0 own, 1 opponent, `k` 0..=2 |
//! | `267..276` | open small board whose win would complete a big-board line for the perspective's player |
//! | `276..285` | the same for the opponent |
//! | `285..295` | the tie-break's standing (rule 6): small boards won minus lost, clamped to −2..=2, at `287 + lead` while some big-board line is open for either player, at `292 + lead` once none is |
//! | `295..298` | the player not to move threatens to win the game and the side to move has 0, 1 or 2+ moves that send it elsewhere (to an open board where it cannot win the game at once) |
//! | `298..307` | the perspective's player has two or more cells that would win this open small board (a fork) |
//! | `307..316` | the same for the opponent |
//! | `316..325` | the perspective's player can no longer win this open small board (each line holds an opponent's mark) |
//! | `325..334` | the same for the opponent |
//!
//! Cells of closed boards are left out: they can no longer matter, and leaving them out keeps the
//! encoding canonical (a won board reads the same however it was won). The threat features and the two
//! game-level ones were added because a net without them scored far below rollouts (docs/training.md):
//! one hidden layer cannot see "two in a line and the third cell free" from the marks alone. The big-board
//! line features came from the same reason one level up: which lines each side can still make, and how far
//! along they are, is a conjunction over three boards that one layer of 64 units sees poorly. The game
//! points, the tie-break's standing and the safe replies (`267..298`) name what
//! decides the late middle game, where the net is weakest: which boards end the game, who wins when no
//! line can be made, and whether the side to move can still avoid sending its opponent to a winning board.
//! The forks and dead boards (`298..334`) name two more conjunctions inside a small board: a fork cannot
//! be blocked by one mark, and a board neither player can win is as good as drawn before it fills.
//! A net trained before a feature existed reads it with zero weights (`NetShape::inputs`).

use crate::board::tactics::game_winning_boards;
use crate::board::{completing_cells, Board, Player, FULL, LINES};

/// Number of input features.
pub const INPUTS: usize = 334;
/// The first of the opponent's marks' features.
pub const OPPONENT_CELLS: usize = 81;
const WON: usize = 162;
const LOST: usize = 171;
const DRAWN: usize = 180;
pub(super) const FORCED: usize = 189;
pub(super) const ANYWHERE: usize = 198;
const OWN_THREAT: usize = 199;
const OPPONENT_THREAT: usize = 208;
pub(super) const WIN_NOW: usize = 217;
pub(super) const LOSS_THREAT: usize = 218;
pub(super) const OPEN_LINES: usize = 219;
pub(super) const GAME_POINTS: usize = 267;
pub(super) const BOARD_LEAD: usize = 285;
pub(super) const SAFE_REPLIES: usize = 295;
/// The first per-board feature after the game-level ones: the features before it are those of the nets
/// trained before forks and dead boards were features.
pub const FORKS: usize = 298;
const OPPONENT_FORKS: usize = 307;
const OWN_DEAD: usize = 316;
const OPPONENT_DEAD: usize = 325;
/// The most game-level features a position can have: the forced board, two threats, one per big-board
/// line and player, one per open board and player for the game points, the standing, the safe replies.
pub const MAX_GAME_FEATURES: usize = 3 + 16 + 18 + 2;

/// Output buckets by the board the side to move is sent to: one per small board, one for a free choice.
pub const NEXT_BOARD_BUCKETS: usize = 10;

/// The output layer of `buckets` that a position is valued with. Fewer than `NEXT_BOARD_BUCKETS`: by
/// phase, bucket `k` for `2k` or `2k + 1` closed small boards, the last one also for every position with
/// more. A multiple of it: by the next board, the board the side to move must play in (9: any), in
/// `buckets / NEXT_BOARD_BUCKETS` phases. Separate output weights cost nothing at evaluation (the same
/// hidden sums, another row of output weights): by phase they let the net read its hidden units
/// differently in the late middle game, where it is weakest; by the next board they give each forced
/// board its own reading of the whole position, which a sum of one column per feature cannot make from
/// the forced-board input (docs/training.md).
#[inline]
pub fn output_bucket(board: &Board, buckets: usize) -> usize {
    let by_next_board = buckets >= NEXT_BOARD_BUCKETS;
    let phases = if by_next_board { buckets / NEXT_BOARD_BUCKETS } else { buckets };
    let phase = (board.closed_boards().count_ones() as usize / 2).min(phases - 1);
    match by_next_board {
        true => NEXT_BOARD_BUCKETS * phase + board.forced_board().unwrap_or(9),
        false => phase,
    }
}

/// `WINNABLE[opponent marks]`: some small-board line has none of them.
pub(super) const WINNABLE: [bool; 512] = {
    let mut table = [false; 512];
    let mut m = 0;
    while m < 512 {
        let mut l = 0;
        while l < 8 {
            table[m] |= LINES[l] & m as u16 == 0;
            l += 1;
        }
        m += 1;
    }
    table
};

/// Small boards that still count towards a big-board line of `p`: won by `p`, or open and winnable.
#[inline]
pub(super) fn live_boards(board: &Board, p: Player) -> u16 {
    let mut live = board.won_boards(p);
    let mut open = !board.closed_boards() & FULL;
    while open != 0 {
        let b = open.trailing_zeros() as usize;
        open &= open - 1;
        if WINNABLE[board.marks(p.other(), b) as usize & 0x1FF] {
            live |= 1 << b;
        }
    }
    live
}

/// At most one feature per cell or small board's state, two threats per board, two forks or dead boards
/// per board (a player with a fork can still win the board), and the game-level ones.
pub const MAX_ACTIVE: usize = 81 + 18 + 18 + MAX_GAME_FEATURES;

/// The features of small board `b` seen by `me`: its state if closed, else its marks, threats, forks and
/// whether either player can no longer win it. The forks and dead boards are left out for a net of
/// `inputs` ≤ `FORKS` features, which reads them with zero weights: the search skips their work.
#[inline(always)]
pub fn board_features(board: &Board, me: Player, b: usize, inputs: usize, mut f: impl FnMut(usize)) {
    let bit = 1u16 << b;
    if board.closed_boards() & bit != 0 {
        f(if board.won_boards(me) & bit != 0 {
            WON + b
        } else if board.won_boards(me.other()) & bit != 0 {
            LOST + b
        } else {
            DRAWN + b
        });
        return;
    }
    board_marks(board, me, b, &mut f);
    board_threats(board, me, b, &mut f);
    // The arena file plays the shipped shape only (`network::shape::SHIPPED_IN_THE_ARENA_FILE`), which
    // reads none of these.
    #[cfg(not(bundle))]
    if inputs > FORKS {
        board_forks(board, me, b, f);
    }
}

/// The forks and dead-board features of open small board `b` seen by `me` (inputs from `FORKS` on).
#[cfg(not(bundle))]
#[inline(always)]
pub fn board_forks(board: &Board, me: Player, b: usize, f: impl FnMut(usize)) {
    fork_or_dead(board, me, b, board.free_cells(b)).into_iter().flatten().for_each(f);
}

/// The marks of open small board `b` seen by `me`, a feature each.
#[inline(always)]
pub fn board_marks(board: &Board, me: Player, b: usize, mut f: impl FnMut(usize)) {
    for (offset, owner) in [(0, me), (OPPONENT_CELLS, me.other())] {
        let mut marks = board.marks(owner, b) & FULL;
        while marks != 0 {
            f(offset + 9 * b + marks.trailing_zeros() as usize);
            marks &= marks - 1;
        }
    }
}

/// The threats in open small board `b` seen by `me`: whether each player can win it with one more mark.
#[inline(always)]
pub fn board_threats(board: &Board, me: Player, b: usize, mut f: impl FnMut(usize)) {
    let free = board.free_cells(b);
    for (threat, owner) in [(OWN_THREAT, me), (OPPONENT_THREAT, me.other())] {
        if completing_cells(board.marks(owner, b), free) != 0 {
            f(threat + b);
        }
    }
}

/// For each player of open board `b` (free cells `free`), its fork or dead-board feature if it has one.
/// Never inlined: the search's hot loops stay as compact as they were for nets that do not read these.
#[inline(never)]
fn fork_or_dead(board: &Board, me: Player, b: usize, free: u16) -> [Option<usize>; 2] {
    let sides = [(FORKS, OWN_DEAD, me), (OPPONENT_FORKS, OPPONENT_DEAD, me.other())];
    sides.map(|(fork, dead, owner)| {
        let completing = completing_cells(board.marks(owner, b), free);
        if completing & completing.wrapping_sub(1) != 0 {
            Some(fork + b)
        } else if !WINNABLE[board.marks(owner.other(), b) as usize & 0x1FF] {
            Some(dead + b)
        } else {
            None
        }
    })
}

/// The features of the whole position seen by `me`: the forced board, whether either side is one move
/// from winning the game, and the big-board lines each side can still make. Returns how many it wrote
/// into `out`.
#[inline(always)]
pub fn game_features(board: &Board, me: Player, out: &mut [usize; MAX_GAME_FEATURES]) -> usize {
    out[0] = board.forced_board().map_or(ANYWHERE, |b| FORCED + b);
    let mut n = 1;
    if game_winning_boards(board, true) & board.playable_boards() != 0 {
        out[n] = WIN_NOW;
        n += 1;
    }
    let threatened = game_winning_boards(board, false);
    if threatened != 0 {
        out[n] = LOSS_THREAT;
        n += 1;
    }
    let lines_before = n;
    for (side, p) in [me, me.other()].into_iter().enumerate() {
        n = open_lines(live_boards(board, p), board.won_boards(p), side, out, n);
    }
    let some_line_open = n > lines_before;
    let open = !board.closed_boards() & FULL;
    for (side, p) in [me, me.other()].into_iter().enumerate() {
        n = game_points(completing_cells(board.won_boards(p), open), side, out, n);
    }
    out[n] = standing(board, me, some_line_open);
    n += 1;
    if threatened != 0 {
        out[n] = safe_replies(board, threatened);
        n += 1;
    }
    n
}

/// Writes from `out[n]` the big-board lines open for the player on `side` (0 the perspective's, 1 the
/// opponent's), its boards that count `live` and those won `won`; returns the new count.
#[inline(always)]
pub(super) fn open_lines(live: u16, won: u16, side: usize, out: &mut [usize], mut n: usize) -> usize {
    for (l, &line) in LINES.iter().enumerate() {
        if line & !live == 0 {
            out[n] = OPEN_LINES + 6 * l + 3 * side + ((line & won).count_ones() as usize).min(2);
            n += 1;
        }
    }
    n
}

/// Writes from `out[n]` the game points `points` (open boards whose win completes a big-board line) of
/// the player on `side`; returns the new count.
#[inline(always)]
pub(super) fn game_points(mut points: u16, side: usize, out: &mut [usize], mut n: usize) -> usize {
    while points != 0 {
        out[n] = GAME_POINTS + 9 * side + points.trailing_zeros() as usize;
        n += 1;
        points &= points - 1;
    }
    n
}

/// The tie-break's standing seen by `me`, whether some big-board line is still open or not.
#[inline(always)]
pub(super) fn standing(board: &Board, me: Player, some_line_open: bool) -> usize {
    let lead = board.won_boards(me).count_ones() as i32 - board.won_boards(me.other()).count_ones() as i32;
    BOARD_LEAD + if some_line_open { 0 } else { 5 } + (lead.clamp(-2, 2) + 2) as usize
}

/// The safe replies' feature of `board`, whose player not to move threatens to win the game in the
/// boards `threatened` (not empty).
#[inline(always)]
pub(super) fn safe_replies(board: &Board, threatened: u16) -> usize {
    // A move to cell `c` sends the opponent to board `c`: to a board it wins the game in, or to a
    // closed one (a free choice, so it reaches them all), loses at once. Cell `b` of board `b` closes
    // the board it sends to when it wins or fills it.
    let losing_targets = threatened | board.closed_boards();
    let mover = board.side_to_move();
    let mut playable = board.playable_boards();
    let mut safe = 0;
    while playable != 0 {
        let b = playable.trailing_zeros() as usize;
        playable &= playable - 1;
        let free = board.free_cells(b);
        let fills = if free.count_ones() == 1 { free } else { 0 };
        let closes_itself = completing_cells(board.marks(mover, b), free) | fills;
        safe += (free & !losing_targets & !(closes_itself & 1 << b) & FULL).count_ones();
    }
    SAFE_REPLIES + safe.min(2) as usize
}

/// Calls `f` with every active feature of `board` seen by `me` that a net of `inputs` features can read
/// (all of them for `INPUTS`; see `board_features`).
#[inline(always)]
pub fn active_features(board: &Board, me: Player, inputs: usize, mut f: impl FnMut(usize)) {
    for b in 0..9 {
        board_features(board, me, b, inputs, &mut f);
    }
    let mut game = [0; MAX_GAME_FEATURES];
    let n = game_features(board, me, &mut game);
    for &g in &game[..n] {
        f(g);
    }
}

#[cfg(test)]
mod tests;
