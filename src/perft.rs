//! Perft: counting move sequences to check the move generator against independent counts.
//!
//! The file format is that of `tests/data/perft.txt`: `#` comments, then per line a move sequence in arena
//! coordinates (`row col row col …`), a `;`, and the expected counts for depths 1, 2, ….

use crate::board::Board;
use crate::moves::Move;

/// One line of a perft file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// Line of the file, for messages.
    pub line_number: usize,
    /// The moves from the empty board to the position counted.
    pub moves: Vec<Move>,
    /// Expected counts at depths 1, 2, …
    pub expected: Vec<u64>,
}

/// Parses a perft file; an error names the line and what is wrong with it.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftCase>, String> {
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_number = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (moves_part, counts_part) =
            line.split_once(';').ok_or_else(|| format!("line {line_number}: no ';' separator"))?;
        let numbers = parse_numbers(moves_part).map_err(|e| format!("line {line_number}: {e}"))?;
        if numbers.len() % 2 != 0 {
            return Err(format!("line {line_number}: odd number of coordinates"));
        }
        let moves = numbers
            .chunks(2)
            .map(|rc| Move::from_row_col(rc[0], rc[1]))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| format!("line {line_number}: coordinate out of range"))?;
        let expected = parse_numbers(counts_part)
            .map_err(|e| format!("line {line_number}: {e}"))?
            .into_iter()
            .map(|n| u64::try_from(n).map_err(|_| format!("line {line_number}: negative count")))
            .collect::<Result<Vec<_>, _>>()?;
        cases.push(PerftCase { line_number, moves, expected });
    }
    Ok(cases)
}

fn parse_numbers(s: &str) -> Result<Vec<i64>, String> {
    s.split_whitespace().map(|t| t.parse::<i64>().map_err(|_| format!("not a number: {t:?}"))).collect()
}

/// What checking one case found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PerftOutcome {
    /// Counts computed for depths 1..=n (n may be less than expected when capped).
    Counted(Vec<u64>),
    /// The move at this index of the sequence is illegal.
    IllegalMove(usize),
}

/// Computes a case's counts, depth by depth, skipping depths whose expected count exceeds `node_cap`.
pub fn run_case(case: &PerftCase, node_cap: u64) -> PerftOutcome {
    let board = match Board::from_moves(&case.moves) {
        Ok(b) => b,
        Err(i) => return PerftOutcome::IllegalMove(i),
    };
    let counts = case
        .expected
        .iter()
        .enumerate()
        .take_while(|(_, &e)| e <= node_cap)
        .map(|(d, _)| board.perft(d as u32 + 1))
        .collect();
    PerftOutcome::Counted(counts)
}

/// `uttt perft FILE`: prints every line with its computed counts; returns whether all matched.
pub fn run_file(text: &str, node_cap: u64, out: &mut impl std::io::Write) -> Result<bool, String> {
    let cases = parse_perft_file(text)?;
    let mut all_ok = true;
    for case in &cases {
        let moves: Vec<String> = case.moves.iter().map(|m| m.to_string()).collect();
        let (ok, shown) = match run_case(case, node_cap) {
            PerftOutcome::Counted(c) => {
                let shown = c.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ");
                (c[..] == case.expected[..c.len()], shown)
            }
            PerftOutcome::IllegalMove(i) => (false, format!("illegal move #{} ({})", i + 1, case.moves[i])),
        };
        all_ok &= ok;
        let verdict = if ok { "ok" } else { "MISMATCH" };
        writeln!(out, "{} ; {} [{}]", moves.join(" "), shown, verdict).map_err(|e| e.to_string())?;
        if !ok {
            let expected = case.expected.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" ");
            writeln!(out, "  line {}: expected {}", case.line_number, expected).map_err(|e| e.to_string())?;
        }
    }
    writeln!(out, "{} lines, {}", cases.len(), if all_ok { "all match" } else { "MISMATCHES" })
        .map_err(|e| e.to_string())?;
    Ok(all_ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_comments_moves_and_counts() {
        let cases = parse_perft_file("# c\n ; 81 720\n4 4 ; 9 72\n").unwrap();
        assert_eq!(cases.len(), 2);
        assert!(cases[0].moves.is_empty());
        assert_eq!(cases[1].moves, vec![Move::from_row_col(4, 4).unwrap()]);
        assert_eq!(cases[1].expected, vec![9, 72]);
    }

    #[test]
    fn rejects_malformed_lines() {
        assert!(parse_perft_file("4 4 9 72").is_err());
        assert!(parse_perft_file("4 ; 9").is_err());
        assert!(parse_perft_file("4 x ; 9").is_err());
        assert!(parse_perft_file("4 9 ; 9").is_err());
    }

    #[test]
    fn a_wrong_count_or_illegal_move_is_reported() {
        let mut sink = Vec::new();
        assert!(!run_file(" ; 81 721\n", u64::MAX, &mut sink).unwrap());
        assert!(!run_file("0 0 0 0 ; 1\n", u64::MAX, &mut sink).unwrap());
        assert!(run_file(" ; 81 720\n", u64::MAX, &mut sink).unwrap());
        let text = String::from_utf8(sink).unwrap();
        assert!(text.contains("MISMATCH") && text.contains("illegal move #2"));
    }
}
