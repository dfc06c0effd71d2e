//! `weights/MANIFEST.txt`: one section per weight file, each written by the command that made the file.

/// Replaces (or appends) the section of `weights/MANIFEST.txt`-style file `path` that starts with the
/// line `header…`, keeping the other sections (each starts with a line `# Learned …`).
pub fn write_manifest_section(path: &str, header: &str, section: &str) -> Result<(), String> {
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
    sections.retain(|s| !s.starts_with(header) && !s.trim().is_empty());
    sections.push(section.trim_end().to_string() + "\n");
    std::fs::write(path, sections.join("\n")).map_err(|e| format!("{path}: {e}"))
}
