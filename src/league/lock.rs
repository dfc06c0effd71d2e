//! A league's run lock (`run.lock`): the holder's process id and its start time, so that a second run on the
//! league is refused while the holder lives, and taken over however the holder died: killed (even while
//! its process is a zombie that no one has reaped), or gone with its machine, its id since reused by
//! another process (the start time tells them apart). Linux's `/proc` says which; where it cannot be
//! read, a lock naming a process id that `/proc` lacks is taken over.

use std::io::Write;
use std::path::{Path, PathBuf};

/// A league held by a run; dropped, it is free again.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// A process as `/proc/PID/stat` gives it: its state letter and its start time (clock ticks after boot).
fn process(pid: &str) -> Option<(char, u64)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // `PID (COMMAND) STATE …`: the command may hold spaces and brackets, so fields count from its last `)`.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
    let state = fields.first()?.chars().next()?;
    // The start time is the stat line's 22nd field, the 20th after the command.
    Some((state, fields.get(19)?.parse().ok()?))
}

/// The lock's text for this process: `PID START`.
fn holder_text() -> String {
    let pid = std::process::id().to_string();
    match process(&pid) {
        Some((_, start)) => format!("{pid} {start}"),
        None => pid,
    }
}

/// Whether the holder a lock names (`PID` or `PID START`) is a live process, and the same one.
fn holder_lives(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let Some(pid) = words.next().filter(|p| p.chars().all(|c| c.is_ascii_digit())) else { return false };
    match process(pid) {
        // A zombie (Z) or a dead task (X) holds nothing; another process under the same id is not the holder.
        Some((state, start)) => {
            !matches!(state, 'Z' | 'X') && words.next().is_none_or(|s| s.parse() == Ok(start))
        }
        None => Path::new(&format!("/proc/{pid}")).exists(),
    }
}

/// Takes the lock at `path` for a run on the league `dir`: an error while its live holder runs.
pub fn take(path: PathBuf, dir: &Path) -> Result<Lock, String> {
    for _ in 0..2 {
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut f) => {
                let _ = writeln!(f, "{}", holder_text());
                return Ok(Lock { path });
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let holder = std::fs::read_to_string(&path).unwrap_or_default();
                if holder_lives(&holder) {
                    let pid = holder.split_whitespace().next().unwrap_or("?");
                    return Err(format!(
                        "{}: another run (process {pid}) holds this league; stop it first",
                        dir.display()
                    ));
                }
                let _ = std::fs::remove_file(&path);
            }
            Err(e) => return Err(format!("{}: {e}", path.display())),
        }
    }
    Err(format!("{}: cannot take the lock", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_holder_keeps_the_lock_and_a_dead_one_or_a_zombie_or_a_reused_id_gives_it_up() {
        let dir = std::env::temp_dir().join(format!("uttt-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.lock");
        let held = take(path.clone(), &dir).expect("a free league");
        assert!(take(path.clone(), &dir).unwrap_err().contains("holds this league"), "this process lives");
        drop(held);
        assert!(!path.exists(), "dropped, the lock is gone");
        let taken_over = |text: &str| {
            std::fs::write(&path, text).unwrap();
            take(path.clone(), &dir).is_ok()
        };
        let me = std::process::id();
        let (_, start) = process(&me.to_string()).expect("Linux's /proc");
        assert!(!taken_over(&format!("{me} {start}\n")), "the same process, the same start");
        assert!(!taken_over(&format!("{me}\n")), "an older lock: the id alone");
        assert!(taken_over(&format!("{me} {}\n", start + 1)), "the id reused by another process");
        assert!(taken_over("4194304999\n"), "no such process");
        assert!(taken_over(""), "an empty lock");
        // A child that has exited and is not yet reaped: a zombie, which holds nothing.
        let mut child = std::process::Command::new("true").spawn().expect("spawns `true`");
        let pid = child.id().to_string();
        while process(&pid).is_some_and(|(state, _)| state != 'Z') {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(process(&pid).is_some(), "a zombie still has its /proc entry");
        assert!(taken_over(&format!("{pid}\n")), "a zombie's lock is taken over");
        child.wait().unwrap();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
