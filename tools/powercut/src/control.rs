//! The control channel: the daemon reads commands from standard input, one a line, and answers
//! each with one line on standard output (after its ready line).
//!
//! | command | answer |
//! | --- | --- |
//! | `stats` | `stats pending_bytes=N pending_files=N fsyncs=N dir_fsyncs=N bytes_written=N bytes_synced=N` |
//! | `help` | `commands: stats help` |
//! | anything else | `error unknown command: ...` |

use std::io::{self, BufRead, Write};

use crate::stats::Stats;

/// The line the daemon prints once its mount is live: `ready MOUNTPOINT`.
pub const READY: &str = "ready";

/// Answers commands from `input` on `output` until `input` ends.
pub fn serve(
    input: impl BufRead,
    mut output: impl Write,
    stats: impl Fn() -> Stats,
) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        let command = line.trim();
        match command {
            "" => continue,
            "stats" => writeln!(output, "{}", stats())?,
            "help" => writeln!(output, "commands: stats help")?,
            other => writeln!(output, "error unknown command: {other}")?,
        }
        output.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn each_command_has_one_line_of_answer() {
        let mut out = Vec::new();
        let stats = Stats {
            fsyncs: 2,
            ..Stats::default()
        };
        serve(&b"stats\n\nbogus\nhelp\n"[..], &mut out, || stats).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].parse::<Stats>().unwrap(), stats);
        assert_eq!(lines[1], "error unknown command: bogus");
        assert_eq!(lines[2], "commands: stats help");
    }
}
