//! `weights/MANIFEST.txt`: one section per weight file, each written by the command that made the file.

/// Replaces (or appends) the section of `weights/MANIFEST.txt`-style file `path` that starts with the
/// line `header…`, keeping the other sections (each starts with a line `# Learned …`).
pub fn write_manifest_section(path: &str, header: &str, section: &str) -> Result<(), String> {
    let mut sections = read_sections(path);
    sections.retain(|s| !s.starts_with(header) && !s.trim().is_empty());
    sections.push(section.to_string());
    // One blank line between sections, whatever the file had: rewriting a section changes nothing else.
    let text: Vec<String> = sections.iter().map(|s| s.trim_end().to_string() + "\n").collect();
    std::fs::write(path, text.join("\n")).map_err(|e| format!("{path}: {e}"))
}

/// The section of `weights/MANIFEST.txt`-style file `path` that starts with the line `header…` (none
/// when the file or the section is missing).
pub fn read_manifest_section(path: &str, header: &str) -> Option<String> {
    read_sections(path).into_iter().find(|s| s.starts_with(header))
}

/// The file's sections, each from a line `# Learned …` (and whatever precedes the first), with their
/// line ends; a missing file has none.
fn read_sections(path: &str) -> Vec<String> {
    let old = std::fs::read_to_string(path).unwrap_or_default();
    let mut sections: Vec<String> = Vec::new();
    for line in old.lines() {
        if line.starts_with("# Learned ") || sections.is_empty() {
            sections.push(String::new());
        }
        let last = sections.last_mut().expect("a section was pushed");
        *last += line;
        *last += "\n";
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewriting_a_section_replaces_it_and_changes_nothing_else() {
        let path = std::env::temp_dir().join(format!("uttt-manifest-{}.txt", std::process::id()));
        let path = path.to_str().unwrap();
        let _ = std::fs::remove_file(path);
        write_manifest_section(path, "# Learned a", "# Learned a (a.txt)\nfirst\n").unwrap();
        write_manifest_section(path, "# Learned b", "# Learned b (b.txt)\nb\n\n\n").unwrap();
        let once = std::fs::read_to_string(path).unwrap();
        write_manifest_section(path, "# Learned b", "# Learned b (b.txt)\nb\n").unwrap();
        assert_eq!(std::fs::read_to_string(path).unwrap(), once, "the same section written again");
        write_manifest_section(path, "# Learned a", "# Learned a (a.txt)\nsecond\n").unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let _ = std::fs::remove_file(path);
        assert_eq!(text, "# Learned b (b.txt)\nb\n\n# Learned a (a.txt)\nsecond\n");
    }
}
