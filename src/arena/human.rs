//! `uttt play`: a person against any player in the terminal, and the board drawing it uses.

use super::player::{Contestant, PlayerSpec};
use crate::board::{Board, Player, Status};
use crate::cli::Args;
use crate::moves::Move;
use std::io::{BufRead, Write};
use std::time::Duration;

/// The board with coordinates, the forced board marked with `*`, won boards shown on the big grid.
pub fn render(board: &Board, last: Option<Move>) -> String {
    let forced = board.forced_board();
    let playable = board.playable_boards();
    let mut out = String::from("     0 1 2   3 4 5   6 7 8\n");
    for row in 0..9 {
        if row % 3 == 0 {
            out += "   +-------+-------+-------+\n";
        }
        out += &format!(" {row} |");
        for col in 0..9 {
            let m = Move::from_row_col(row, col).expect("in range");
            let ch = match board.cell_owner(m) {
                Some(Player::X) => 'X',
                Some(Player::O) => 'O',
                None if playable & (1 << m.board()) != 0
                    && board.free_cells(m.board()) & (1 << m.cell()) != 0 =>
                {
                    if forced.is_some() {
                        '*'
                    } else {
                        '.'
                    }
                }
                None => ' ',
            };
            out.push(' ');
            out.push(ch);
            if col % 3 == 2 {
                out += " |";
            }
        }
        out.push('\n');
    }
    out += "   +-------+-------+-------+\n";
    let big: String = (0..9)
        .map(|b| {
            let s = if board.won_boards(Player::X) & (1 << b) != 0 {
                'X'
            } else if board.won_boards(Player::O) & (1 << b) != 0 {
                'O'
            } else if board.closed_boards() & (1 << b) != 0 {
                '='
            } else {
                '.'
            };
            if b % 3 == 2 && b < 8 {
                format!("{s}/")
            } else {
                s.to_string()
            }
        })
        .collect();
    out += &format!("big board {big}   (X/O won, = drawn, . open; * marks the forced board)\n");
    if let Some(m) = last {
        out += &format!("last move {m}\n");
    }
    out
}

/// `uttt watch [X] [O]`: one game between two players, drawn move by move. By default this very binary,
/// spoken to through the real protocol, plays X against the built-in minimax.
pub fn watch(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let ms: u64 = args.value_or("--time-ms", 100)?;
    let seed: u64 = args.value_or("--seed", 1)?;
    let pos = args.positionals()?;
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let default_x = format!("'{}' --quiet", me.display());
    let x = PlayerSpec::parse(pos.first().map(String::as_str).unwrap_or(&default_x));
    let o = PlayerSpec::parse(pos.get(1).map(String::as_str).unwrap_or("builtin:minimax"));
    x.validate()?;
    o.validate()?;
    let tc = super::referee::TimeControl { later_turns: Duration::from_millis(ms), ..Default::default() };
    let record = super::referee::play_game(&x, &o, &tc, Default::default(), seed, &[]);
    let mut board = Board::new();
    for (m, t) in record.moves.iter().zip(&record.times) {
        let who = if board.side_to_move() == Player::X { x.label() } else { o.label() };
        board.play(*m);
        println!("{who} plays {m} ({:.0} ms)\n{}", t.as_secs_f64() * 1000.0, render(&board, Some(*m)));
    }
    if let Some((p, f)) = &record.fault {
        println!("{p:?} forfeits: {f}");
    }
    match record.winner() {
        Some(Player::X) => println!("X ({}) wins", x.label()),
        Some(Player::O) => println!("O ({}) wins", o.label()),
        None => println!("draw"),
    }
    Ok(0)
}

/// `uttt play OPPONENT [--second] [--time-ms T]`
pub fn main(words: &[String]) -> Result<i32, String> {
    let mut args = Args::new(words);
    let second = args.flag("--second");
    let ms: u64 = args.value_or("--time-ms", 100)?;
    let pos = args.positionals()?;
    let spec = PlayerSpec::parse(pos.first().map(String::as_str).unwrap_or("builtin:bot"));
    spec.validate()?;
    let mut opponent: Box<dyn Contestant> = spec.start(1, &[]).map_err(|f| f.to_string())?;
    let human = if second { Player::O } else { Player::X };
    let mut board = Board::new();
    let mut last = None;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut first_turn = true;
    while !board.is_over() {
        println!("{}", render(&board, last));
        let m = if board.side_to_move() == human {
            print!("your move (row col): ");
            std::io::stdout().flush().ok();
            let Some(Ok(line)) = lines.next() else { return Ok(0) };
            match super::player::parse_answer(&line) {
                Some(m) if board.is_legal(m) => m,
                Some(m) => {
                    println!("{m} is not legal here: play in a cell marked . or *");
                    continue;
                }
                None => {
                    println!("type the row and column, 0 to 8 each, e.g. `4 4`");
                    continue;
                }
            }
        } else {
            let limit = Duration::from_millis(if first_turn { 1000 } else { ms });
            first_turn = false;
            let (answer, took) = opponent.turn(&board, last, limit);
            let m = answer.map_err(|f| format!("the opponent forfeits: {f}"))?;
            println!("{} plays {m} ({:.0} ms)", spec.label(), took.as_secs_f64() * 1000.0);
            m
        };
        board.play(m);
        last = Some(m);
    }
    println!("{}", render(&board, last));
    match board.status() {
        Status::Won(p) if p == human => println!("you win!"),
        Status::Won(_) => println!("{} wins.", spec.label()),
        _ => println!("a draw."),
    }
    Ok(0)
}
