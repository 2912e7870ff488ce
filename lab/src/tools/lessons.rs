//! `chaupal lessons`: the lessons' courses checked as their authors need, one line a stage:
//! its goal and par, and a line of moves that wins it within par (the hint's first), or why
//! none does (docs/LESSONS.md).

use std::io::Write;

use chaupal_learn::{Course, solve, solve_from};
use chaupal_rules::GameKind;
use clap::Args;

use super::ToolError;

/// `chaupal lessons [GAME]`.
#[derive(Args, Clone, Debug)]
pub struct LessonsCli {
    /// The course to check (baghchal, kalah, jungle or sholo-guti); every course when left out.
    pub game: Option<GameKind>,
}

/// Every game, in the order the lobby lists them.
const GAMES: [GameKind; 4] = [
    GameKind::BaghChal,
    GameKind::Kalah,
    GameKind::SholoGuti,
    GameKind::Jungle,
];

/// Writes `GAME ID par N goal G solution M1 M2 ...` for each stage, or `... unsolved` (and, when
/// a line exists that does not start with the hint, `hint H does not win within par`).
/// Fails when a stage cannot be won within its par from its hint.
pub fn run_lessons(args: &LessonsCli, out: &mut impl Write) -> Result<(), ToolError> {
    let games: Vec<GameKind> = args.game.map_or_else(|| GAMES.to_vec(), |g| vec![g]);
    let mut unsolved = Vec::new();
    for game in games {
        let course = Course::of(game);
        for stage in &course.stages {
            write!(
                out,
                "{game} {} par {} goal {}",
                stage.id, stage.par, stage.goal
            )?;
            match solve_from(stage, &stage.hint) {
                Some(line) => writeln!(out, " solution {}", line.join(" "))?,
                None => {
                    match solve(stage) {
                        Some(line) => writeln!(
                            out,
                            " unsolved: hint {} does not win within par ({} does)",
                            stage.hint,
                            line.join(" ")
                        )?,
                        None => writeln!(out, " unsolved")?,
                    }
                    unsolved.push(format!("{game} {}", stage.id));
                }
            }
        }
    }
    if unsolved.is_empty() {
        Ok(())
    } else {
        Err(ToolError::Usage(format!(
            "stages not won within par from their hint: {}",
            unsolved.join(", ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kalah_stage_is_printed_with_a_line_that_starts_with_its_hint() {
        let mut out = Vec::new();
        let args = LessonsCli {
            game: Some(GameKind::Kalah),
        };
        run_lessons(&args, &mut out).expect("every stage won within par");
        let text = String::from_utf8(out).expect("text");
        let course = Course::of(GameKind::Kalah);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), course.stages.len(), "{text}");
        for (line, stage) in lines.iter().zip(&course.stages) {
            let prefix = format!("kalah {} par {} ", stage.id, stage.par);
            assert!(line.starts_with(&prefix), "{line}");
            let solution = line.split(" solution ").nth(1).expect("a solution");
            let moves: Vec<&str> = solution.split(' ').collect();
            assert_eq!(moves[0], stage.hint, "{line}");
            assert!(moves.len() as u32 <= stage.par, "{line}");
        }
    }

    #[test]
    fn every_course_is_checked_when_no_game_is_named() {
        let mut out = Vec::new();
        run_lessons(&LessonsCli { game: None }, &mut out).expect("every stage won within par");
        let text = String::from_utf8(out).expect("text");
        let stages: usize = GAMES.iter().map(|g| Course::of(*g).stages.len()).sum();
        assert_eq!(text.lines().count(), stages);
        for game in GAMES {
            assert!(
                text.lines().any(|l| l.starts_with(&format!("{game} "))),
                "{game}"
            );
        }
    }
}
