//! The match report page: its embedded data is valid JSON that holds every game, move, fault and stderr
//! line of the log it was built from; old logs still make a page; the page needs no network.

use uttt::arena::player::PlayerSpec;
use uttt::arena::referee::{TimeControl, CUT_MARK};
use uttt::arena::{match_log, run_match, MatchConfig};
use uttt::json::Json;
use uttt::report::run_page;

const DATA_START: &str = "<script id=\"data\" type=\"application/json\">";

/// The JSON embedded in a page, parsed back.
fn page_data(page: &str) -> Json {
    let start = page.find(DATA_START).expect("the page has a data element") + DATA_START.len();
    let end = start + page[start..].find("</script>").expect("the data element is closed");
    Json::parse(&page[start..end]).expect("the embedded data is valid JSON")
}

fn match_log_of(a: &str, b: &str, games: usize) -> String {
    let (a, b) = (PlayerSpec::parse(a), PlayerSpec::parse(b));
    let tc = TimeControl::default();
    let result = run_match(&a, &b, MatchConfig::new(games, 2, tc, 3), |_| {});
    match_log(&result, &a.label(), &b.label(), &tc, 3)
}

fn field<'a>(v: &'a Json, key: &str) -> &'a Json {
    v.get(key).unwrap_or_else(|| panic!("no {key:?} in {v:?}"))
}

fn numbers(v: &Json) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|n| n.as_f64().unwrap()).collect()
}

#[test]
fn the_page_holds_every_game_move_and_stderr_line_of_the_log() {
    let bot = format!("{} --iterations 300", env!("CARGO_BIN_EXE_uttt"));
    // The opponent thinks a few milliseconds a move, as real opponents do: a line is filed by when the
    // referee's reading thread saw it, and an opponent answering in microseconds on a loaded machine
    // could let the next turn start before the line was read.
    let log = match_log_of(&bot, "builtin:bot:iters=3000", 4);
    let data = page_data(&run_page(std::slice::from_ref(&log)).unwrap());
    assert_eq!(field(&data, "kind").as_str(), Some("match"));
    let games = field(&data, "games").as_array().unwrap();
    let lines: Vec<Json> = log.lines().skip(1).map(|l| Json::parse(l).unwrap()).collect();
    assert_eq!(games.len(), 4);
    assert_eq!(lines.len(), 4);
    let mut noted = 0;
    for (game, line) in games.iter().zip(&lines) {
        // Moves: the page's cell numbers are the log's "r c" moves.
        let logged: Vec<f64> = field(line, "moves")
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                let (r, c) = m.as_str().unwrap().split_once(' ').unwrap();
                (9 * r.parse::<usize>().unwrap() + c.parse::<usize>().unwrap()) as f64
            })
            .collect();
        assert_eq!(numbers(field(game, "moves")), logged);
        assert_eq!(field(game, "notes"), field(line, "notes"));
        assert_eq!(field(game, "x"), field(line, "x"));
        // Each of the bot's moves has its stderr line, filed under that move; the built-in bot's too.
        let moves = field(line, "moves").as_array().unwrap();
        for (m, note) in moves.iter().zip(field(line, "notes").as_array().unwrap()) {
            let first_line = note.as_str().unwrap().lines().next().unwrap_or("");
            noted += first_line.contains(&format!("move {}", m.as_str().unwrap())) as usize;
        }
    }
    let total: usize = lines.iter().map(|l| field(l, "moves").as_array().unwrap().len()).sum();
    // The command bot writes its line before its answer, so a line lands under another move only when
    // the machine delays the reading thread by a whole turn: rare even here.
    assert!(noted * 10 >= total * 9, "{noted} of {total} lines name their move");
    let summary = field(&data, "summary");
    let wdl: f64 = ["wins", "draws", "losses"].iter().map(|k| field(summary, k).as_f64().unwrap()).sum();
    assert_eq!(wdl, 4.0);
    let times = field(&data, "times").as_array().unwrap();
    assert_eq!(times.len(), 2, "a time series per player");
}

#[test]
fn every_fault_appears_in_the_page_and_a_flood_of_stderr_is_cut() {
    // Says far more than the log keeps on stderr, then answers "0 0" to every line it reads: legal on the
    // empty board, illegal (or stale) after that.
    let chatty = "sh -c 'i=0; while [ $i -lt 800 ]; do echo \"debug line $i with some padding to make it long enough\" >&2; i=$((i+1)); done; while read l; do echo \"0 0\"; done'";
    let log = match_log_of(chatty, "builtin:greedy", 2);
    let data = page_data(&run_page(std::slice::from_ref(&log)).unwrap());
    let games = field(&data, "games").as_array().unwrap();
    let faults: Vec<&Json> = games.iter().map(|g| field(g, "fault")).filter(|f| **f != Json::Null).collect();
    assert_eq!(faults.len(), 2, "the chatty player forfeits both games: {faults:?}");
    for f in faults {
        assert!(field(f, "player").as_str().unwrap().starts_with("sh -c"));
        let kind = field(f, "kind").as_str().unwrap();
        assert!(["illegal", "malformed"].contains(&kind), "{kind}");
    }
    let cut: Vec<&Json> = games.iter().filter(|g| *field(g, "notes_cut") == Json::Bool(true)).collect();
    assert!(!cut.is_empty(), "the flood was not cut");
    for g in cut {
        let kept: usize =
            field(g, "notes").as_array().unwrap().iter().map(|n| n.as_str().unwrap().len()).sum();
        assert!(kept <= uttt::arena::referee::NOTES_PER_GAME + CUT_MARK.len() + 1, "{kept} characters kept");
        assert!(field(g, "notes")
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().ends_with(CUT_MARK)));
    }
}

#[test]
fn a_log_from_before_notes_and_headers_still_makes_a_page() {
    let old = r#"{"game": 0, "x": "a", "o": "b", "result": "O", "fault": {"player": "X", "kind": "timeout", "detail": "no answer within 100 ms"}, "opening": 0, "moves": ["4 4", "3 3"], "times_ms": [12.5, 40.1, 101.0]}"#;
    let page = run_page(&[old.to_string()]).unwrap();
    let data = page_data(&page);
    let game = &field(&data, "games").as_array().unwrap()[0];
    assert_eq!(numbers(field(game, "moves")), vec![40.0, 30.0]);
    assert_eq!(field(game, "notes"), &Json::Array(vec![Json::Str(String::new()), Json::Str(String::new())]));
    assert_eq!(field(field(game, "fault"), "player").as_str(), Some("a"));
    assert_eq!(field(field(&data, "limits"), "later_ms").as_f64(), Some(100.0));
    assert_eq!(field(field(&data, "summary"), "losses").as_f64(), Some(1.0));
    assert!(run_page(&["not json".to_string()]).unwrap_err().contains("line 1"));
    assert!(run_page(&[String::new()]).is_err(), "a log without games makes no page");
}

#[test]
fn three_players_make_a_tournament_page_with_a_full_score_matrix() {
    let line = |n: usize, x: &str, o: &str, r: &str| {
        format!(
            r#"{{"game": {n}, "x": "{x}", "o": "{o}", "result": "{r}", "fault": null, "opening": 0, "moves": ["4 4"], "times_ms": [1.0]}}"#
        )
    };
    let log = [line(0, "a", "b", "X"), line(0, "b", "c", "draw"), line(0, "c", "a", "X")].join("\n");
    let data = page_data(&run_page(&[log]).unwrap());
    assert_eq!(field(&data, "kind").as_str(), Some("tournament"));
    let table = field(&data, "table").as_array().unwrap();
    assert_eq!(table.len(), 3);
    for row in table {
        let cells = field(row, "cells").as_array().unwrap();
        let empty = cells.iter().filter(|c| **c == Json::Null).count();
        assert_eq!(empty, 1, "only the diagonal is empty: {row:?}");
        assert_eq!(field(row, "games").as_f64(), Some(2.0));
    }
    // a beat b and lost to c; b and c drew.
    let score_of = |p: &str| {
        table.iter().find(|r| field(r, "player").as_str() == Some(p)).map(|r| field(r, "score").as_f64())
    };
    assert_eq!(
        (score_of("a"), score_of("b"), score_of("c")),
        (Some(Some(0.5)), Some(Some(0.25)), Some(Some(0.75)))
    );
}

#[test]
fn the_page_stands_alone() {
    let log = match_log_of("builtin:greedy", "builtin:reflex", 2);
    let page = run_page(&[log]).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    for external in ["src=\"http", "href=\"http", "@import", "url(http", "<link"] {
        assert!(!page.contains(external), "the page loads {external}…");
    }
    for marker in ["{{DATA}}", "{{TITLE}}", "/*{{STYLE}}*/", "/*{{SCRIPT}}*/"] {
        assert!(!page.contains(marker), "the template marker {marker} was left");
    }
    assert!(page.contains("data-rendered") || page.contains("dataset.rendered"), "no render marker");
}
