//! `uttt analyse … --html FILE`: one self-contained page per analysis run. Under the board, the evaluation
//! graph (X's expected score after each move, mistakes coloured); a click on a point or a move jumps to it,
//! the arrow keys step, and the board draws the engine's preferred move in the position shown.

use super::judge::{Effort, Marks};
use crate::json::{array, number, object};

const TEMPLATE: &str = include_str!("page.html");

/// The page of the analyses whose JSON objects are `games` (as `--json` writes each).
pub fn html(games: impl IntoIterator<Item = String>, effort: &Effort, marks: &Marks) -> String {
    let data = object(&[
        ("games", array(games)),
        ("iterations", number(effort.iterations as f64)),
        ("seed", number(effort.seed as f64)),
        ("exact_nodes", number(effort.exact_nodes as f64)),
        ("marks", array([marks.inaccuracy, marks.mistake, marks.blunder].map(number))),
    ]);
    // `json::string` escapes every `<`, so nothing in the data can close the script element.
    TEMPLATE.replacen("{{DATA}}", &data, 1)
}

#[cfg(test)]
mod tests {
    use super::super::games::from_list;
    use super::*;

    #[test]
    fn the_page_holds_the_games_data_and_its_script() {
        let game = from_list("/home/someone/games/moves.txt", "1 1 0 1 0 0 1 0 2 2", None).unwrap();
        let effort = Effort { iterations: 100, seed: 1, exact_nodes: 0 };
        let analyses = super::super::analyse(vec![game], &effort, &Marks::DEFAULT, 2, false);
        let page = html(analyses.iter().map(super::super::page_json), &effort, &Marks::DEFAULT);
        assert!(!page.contains("{{DATA}}"));
        // The source by file name only: no folder of the machine that made the page.
        assert!(page.contains("\"source\": \"moves.txt\"") && !page.contains("/home/someone"), "{page}");
        assert!(page.contains("\"game\": \"plain\"") && page.contains("\"mark\": \"blunder\""), "{page}");
        assert!(page.contains("dataset.rendered = \"ok\"") && page.contains("ArrowLeft"));
    }
}
