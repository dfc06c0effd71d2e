//! `uttt slips LOG… [--player NAME] [--won X] [--lost Y] [--exact NODES]`: where a player's games turn,
//! read from its own values in the logs (and, with `--exact`, from the exact results near the end:
//! `throws.rs`).
//!
//! Each of the bot's moves logs its value of the position (its expected score, 0..1). A game the player
//! judged won (its value reached `won`, 0.7 by default) and did not win **slipped**; a game it lost
//! **turned** at the first ply its value fell to `lost` (0.3). By colour, this tells where first-player
//! wins slip and where second-player games are lost, so that a change to the search or the net can show it
//! mends them. A net that values the first player's game above 0.7 from the first move (net 22, taught by
//! self-play in which the first player wins most games: about 0.73) needs bars as far past its opening
//! value: `--won 0.8 --lost 0.2` (docs/strength.md).

use super::model::{LoggedGame, Run};
use crate::board::Player;

/// The values at which the player is taken to judge its game won or lost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// A value at or above this: the player judged the game won.
    pub won: f64,
    /// A value at or below this: the player judged the game lost.
    pub lost: f64,
}

impl Thresholds {
    /// The bars: 0.7 and 0.3.
    pub const DEFAULT: Thresholds = Thresholds { won: 0.7, lost: 0.3 };
}

/// One colour's games of one player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ColourSlips {
    /// Games played with this colour, and how they ended for the player.
    pub games: usize,
    /// Wins, draws and losses.
    pub wdl: (usize, usize, usize),
    /// Games whose value reached `won` at some ply, and games whose value fell to `lost`, whatever their end.
    pub judged: (usize, usize),
    /// For each game judged won but not won: the ply its value first reached `won`, and the ply it then
    /// first fell below ½ (`None` when it never did: a win judged to the end, lost on the board count).
    pub slipped: Vec<(usize, Option<usize>)>,
    /// For each lost game: the ply its value first fell to `lost` (`None`: never judged lost).
    pub turned: Vec<Option<usize>>,
    /// Games judged lost at some ply but not lost.
    pub saved: usize,
    /// For each game: how many of the player's first moves came from its opening book (the notes say
    /// `(book)`, or `(opening)` for the first player's centre), and the ply of its first searched move.
    pub book: Vec<(usize, usize)>,
}

/// The plies (counting from 0) of `side`'s own moves, from its first after the game's set opening.
fn own_plies(game: &LoggedGame, side: Player) -> impl Iterator<Item = usize> + '_ {
    let first = if side == Player::X { 0 } else { 1 };
    (first..game.moves.len()).step_by(2).filter(move |&ply| ply >= game.opening)
}

/// The player's value after each of its moves: (ply, value), the ply counting every move of the game.
fn values_of(game: &LoggedGame, side: Player) -> Vec<(usize, f64)> {
    own_plies(game, side).filter_map(|ply| Some((ply + 1, game.logged_value(ply)?))).collect()
}

/// How many of `side`'s moves, from its first after the game's set opening, were played from its book,
/// and the ply (counting from 1) of its first move that was searched instead.
fn book_moves_of(game: &LoggedGame, side: Player) -> (usize, usize) {
    let first = own_plies(game, side).next().unwrap_or(game.moves.len());
    let count = own_plies(game, side).take_while(|&ply| game.from_book(ply)).count();
    (count, first + 2 * count + 1)
}

/// `name`'s games in `run`, by colour: [as X, as O].
pub fn analyse(run: &Run, name: &str, bars: Thresholds) -> [ColourSlips; 2] {
    let mut out = [ColourSlips::default(), ColourSlips::default()];
    for game in &run.games {
        let side = if game.x == name {
            Player::X
        } else if game.o == name {
            Player::O
        } else {
            continue;
        };
        let c = &mut out[side.index()];
        c.games += 1;
        c.book.push(book_moves_of(game, side));
        let values = values_of(game, side);
        let won_at = values.iter().find(|v| v.1 >= bars.won).map(|v| v.0);
        let lost_at = values.iter().find(|v| v.1 <= bars.lost).map(|v| v.0);
        c.judged.0 += usize::from(won_at.is_some());
        c.judged.1 += usize::from(lost_at.is_some());
        match game.winner {
            Some(p) if p == side => c.wdl.0 += 1,
            Some(_) => {
                c.wdl.2 += 1;
                c.turned.push(lost_at);
            }
            None => c.wdl.1 += 1,
        }
        if let (Some(at), false) = (won_at, game.winner == Some(side)) {
            let fell = values.iter().find(|v| v.0 > at && v.1 < 0.5).map(|v| v.0);
            c.slipped.push((at, fell));
        }
        if lost_at.is_some() && game.winner != Some(side.other()) {
            c.saved += 1;
        }
    }
    out
}

/// Quartiles of plies, as `q1 / median / q3` (`-` when none).
fn quartiles(mut plies: Vec<usize>) -> String {
    if plies.is_empty() {
        return "-".into();
    }
    plies.sort_unstable();
    let at = |q: f64| plies[((plies.len() - 1) as f64 * q).round() as usize];
    format!("{} / {} / {}", at(0.25), at(0.5), at(0.75))
}

/// The text report of `analyse`.
pub fn describe(name: &str, slips: &[ColourSlips; 2], bars: Thresholds) -> String {
    let Thresholds { won, lost } = bars;
    let mut text = format!("{name}: where games turn, by its own values (won ≥ {won}, lost ≤ {lost})\n");
    for (colour, c) in ["X (first)", "O (second)"].iter().zip(slips) {
        let (w, d, l) = c.wdl;
        text += &format!("as {colour}: {} games, W/D/L {w}/{d}/{l}\n", c.games);
        text += &format!(
            "  judged won: {}; not won: {} (ply reaching {won}, quartiles {}; ply falling below 0.5, quartiles {})\n",
            c.judged.0,
            c.slipped.len(),
            quartiles(c.slipped.iter().map(|s| s.0).collect()),
            quartiles(c.slipped.iter().filter_map(|s| s.1).collect()),
        );
        text += &format!(
            "  lost: {} (ply first at {lost} or below, quartiles {}; {} never judged lost); judged lost: {}, not lost: {}\n",
            c.turned.len(),
            quartiles(c.turned.iter().flatten().copied().collect()),
            c.turned.iter().filter(|t| t.is_none()).count(),
            c.judged.1,
            c.saved,
        );
        text += &format!(
            "  from the book: {} games; own book moves, quartiles {}; first searched move at ply, quartiles {}\n",
            c.book.iter().filter(|b| b.0 > 0).count(),
            quartiles(c.book.iter().map(|b| b.0).collect()),
            quartiles(c.book.iter().map(|b| b.1).collect()),
        );
    }
    text
}

/// `uttt slips LOG… [--player NAME] [--won X] [--lost Y] [--exact NODES]` (default: the log's first
/// player, 0.7 and 0.3, no exact results).
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = crate::cli::Args::new(words);
    let player: Option<String> = args.value("--player")?;
    let won: f64 = args.value_or("--won", Thresholds::DEFAULT.won)?;
    let lost: f64 = args.value_or("--lost", Thresholds::DEFAULT.lost)?;
    let exact: Option<u64> = args.value("--exact")?;
    let paths = args.positionals()?;
    if paths.is_empty() {
        return Err("usage: uttt slips LOG... [--player NAME] [--won X] [--lost Y] [--exact NODES]".into());
    }
    if !(0.0..=1.0).contains(&lost) || !(lost..=1.0).contains(&won) {
        return Err(format!("--lost {lost} and --won {won}: values of 0..1 with lost ≤ won"));
    }
    let bars = Thresholds { won, lost };
    let run = Run::from_logs(&super::model::read_logs(&paths)?)?;
    let name = player.or_else(|| run.players.first().cloned()).ok_or("the log names no player")?;
    let has_values = run.games.iter().any(|g| g.notes.iter().any(|n| n.contains(" value ")));
    if !has_values {
        return Err(
            "no values in the log: play the bot without --quiet, so that its stderr lines are logged".into(),
        );
    }
    print!("{}", describe(&name, &analyse(&run, &name, bars), bars));
    if let Some(nodes) = exact {
        print!("{}", super::throws::describe(&super::throws::analyse(&run, &name, nodes), nodes, quartiles));
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    /// A game of `values.len()` moves by each side, the bot's values as given, `winner` its result.
    fn game(bot_is_x: bool, values: &[f64], winner: Option<Player>) -> LoggedGame {
        let mut notes = Vec::new();
        for (k, v) in values.iter().enumerate() {
            // The first move of each game comes from the book.
            let how = if k == 0 { "(book) iters 10" } else { "iters 10 (10/ms)" };
            let mine =
                format!("turn 1 move 4 4 time 1.0ms {how} nodes 1 reused 0 visits 1 value {v:.3} pv 4,4");
            if bot_is_x {
                notes.extend([mine, "other".into()]);
            } else {
                notes.extend(["other".into(), mine]);
            }
        }
        let (x, o) = if bot_is_x { ("bot", "them") } else { ("them", "bot") };
        LoggedGame {
            index: 0,
            x: x.into(),
            o: o.into(),
            winner,
            fault: None,
            opening: 0,
            moves: vec![Move(0); notes.len()],
            times_ms: vec![1.0; notes.len()],
            notes,
            notes_cut: false,
            ended: None,
        }
    }

    #[test]
    fn slips_and_turns_are_found_at_their_plies_by_colour() {
        let run = Run::arena_match(
            vec!["bot".into(), "them".into()],
            vec![
                // As X: judged won at its third move (ply 5), fell below ½ at ply 9, drew.
                game(true, &[0.6, 0.65, 0.75, 0.6, 0.45, 0.5], None),
                // As X: won.
                game(true, &[0.6, 0.8, 0.95], Some(Player::X)),
                // As O: lost, judged lost at its second move (ply 4).
                game(false, &[0.4, 0.25, 0.1], Some(Player::X)),
                // As O: judged lost (ply 2), drew: saved.
                game(false, &[0.3, 0.5], None),
            ],
        );
        let [x, o] = analyse(&run, "bot", Thresholds::DEFAULT);
        assert_eq!((x.games, x.wdl, x.judged), (2, (1, 1, 0), (2, 0)));
        assert_eq!(o.judged, (0, 2));
        assert_eq!(x.slipped, vec![(5, Some(9))]);
        assert_eq!((o.games, o.wdl, o.saved), (2, (0, 1, 1), 1));
        assert_eq!(o.turned, vec![Some(4)]);
        assert_eq!((x.book.clone(), o.book.clone()), (vec![(1, 3); 2], vec![(1, 4); 2]));
        // Higher bars: the X game's 0.75 is no longer judged won, the O loss turns at ply 6 (0.1).
        let high = Thresholds { won: 0.9, lost: 0.1 };
        let [x2, o2] = analyse(&run, "bot", high);
        assert_eq!((x2.slipped.len(), o2.turned.clone(), o2.saved), (0, vec![Some(6)], 0));
        assert!(describe("bot", &[x2, o2], high).contains("won ≥ 0.9, lost ≤ 0.1"));
        let text = describe("bot", &[x, o], Thresholds::DEFAULT);
        assert!(text.contains("judged won: 2; not won: 1") && text.contains("lost: 1"), "{text}");
        assert!(text.contains("judged lost: 2, not lost: 1"), "{text}");
        // X's second move (ply 3) and O's second (ply 4) are the first searched.
        assert!(text.contains("quartiles 3 / 3 / 3\n") && text.contains("quartiles 4 / 4 / 4\n"), "{text}");
    }

    #[test]
    fn book_moves_count_from_the_first_move_after_a_set_opening() {
        let mut g = game(true, &[0.5, 0.5, 0.5], None);
        g.opening = 2;
        g.notes[0] = String::new();
        g.notes[2] = g.notes[4].replace("iters 10 (10/ms)", "(book) iters 10");
        // X's own moves start at ply 3 (the third move); one from the book, then ply 5 searched.
        assert_eq!(book_moves_of(&g, Player::X), (1, 5));
        // O's first own move (ply 4) was not from the book.
        assert_eq!(book_moves_of(&g, Player::O), (0, 4));
    }
}
