//! The courses as data: one TOML file a game (`courses/*.toml`, embedded in the crate), read
//! into [`Course`] and [`Stage`] values and checked as they are read.

use std::collections::{BTreeMap, HashSet};

use chaupal_rules::any::AnyGame;
use chaupal_rules::game::{GameKind, MoveError, PositionError};
use serde::Deserialize;
use thiserror::Error;

use crate::goal::Goal;

/// One game's course: its stages in the order they are taught.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    pub game: GameKind,
    pub stages: Vec<Stage>,
}

/// One stage of a course.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// The game it is played in.
    pub game: GameKind,
    /// Kebab-case, unique in its course; the client's Fluent keys are
    /// `learn-<game>-<id>-title`, `-goal` and `-hint`.
    pub id: String,
    /// The game's position text; the learner is its side to move.
    pub position: String,
    /// Rule pairs applied under the position's own.
    pub rules: BTreeMap<String, String>,
    pub goal: Goal,
    /// The learner's moves for three stars.
    pub par: u32,
    /// The opponent's scripted replies, in order.
    pub replies: Vec<String>,
    /// A learner's move that starts a solution.
    pub hint: String,
    /// Losing a piece fails the move: it is refused and explained.
    pub lose_none: bool,
}

/// A course's file, as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCourse {
    game: GameKind,
    #[serde(default)]
    stage: Vec<RawStage>,
}

/// A stage, as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStage {
    id: String,
    position: String,
    #[serde(default)]
    rules: BTreeMap<String, String>,
    goal: Goal,
    par: u32,
    #[serde(default)]
    replies: Vec<String>,
    hint: String,
    #[serde(default)]
    lose_none: bool,
}

/// A course file that cannot be used.
#[derive(Debug, Error)]
pub enum CourseError {
    #[error("course file: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("the course is for {found}, not {expected}")]
    WrongGame { expected: GameKind, found: GameKind },
    #[error("the course has no stages")]
    NoStages,
    #[error("stage id '{0}' is not kebab-case")]
    BadId(String),
    #[error("stage id '{0}' is used twice")]
    DuplicateId(String),
    #[error("stage '{id}': its goal is not one {game} can ask")]
    GoalNotForGame { id: String, game: GameKind },
    #[error("stage '{id}': par must be at least 1")]
    ZeroPar { id: String },
    #[error("stage '{id}': {source}")]
    Position {
        id: String,
        #[source]
        source: PositionError,
    },
    #[error("stage '{id}': the hint: {source}")]
    Hint {
        id: String,
        #[source]
        source: MoveError,
    },
}

impl Course {
    /// The course of `game`, embedded in the crate. The tests read every course, so a course
    /// that does not read is a bug caught before release.
    pub fn of(game: GameKind) -> Course {
        Course::parse(game, Course::text(game))
            .unwrap_or_else(|e| panic!("the {game} course is broken: {e}"))
    }

    /// The TOML text of `game`'s course.
    pub fn text(game: GameKind) -> &'static str {
        match game {
            GameKind::BaghChal => include_str!("../courses/bagh-chal.toml"),
            GameKind::Kalah => include_str!("../courses/kalah.toml"),
            GameKind::SholoGuti => include_str!("../courses/sholo-guti.toml"),
            GameKind::Jungle => include_str!("../courses/jungle.toml"),
        }
    }

    /// Reads and checks a course of `game`: ids kebab-case and unique, goals the game can ask,
    /// positions legal, the hint a legal move.
    pub fn parse(game: GameKind, text: &str) -> Result<Course, CourseError> {
        let raw: RawCourse = toml::from_str(text)?;
        if raw.game != game {
            return Err(CourseError::WrongGame {
                expected: game,
                found: raw.game,
            });
        }
        if raw.stage.is_empty() {
            return Err(CourseError::NoStages);
        }
        let mut seen = HashSet::new();
        let mut stages = Vec::with_capacity(raw.stage.len());
        for s in raw.stage {
            if !is_kebab(&s.id) {
                return Err(CourseError::BadId(s.id));
            }
            if !seen.insert(s.id.clone()) {
                return Err(CourseError::DuplicateId(s.id));
            }
            if !s.goal.fits(game) {
                return Err(CourseError::GoalNotForGame { id: s.id, game });
            }
            if s.par == 0 {
                return Err(CourseError::ZeroPar { id: s.id });
            }
            let stage = Stage {
                game,
                id: s.id,
                position: s.position,
                rules: s.rules,
                goal: s.goal,
                par: s.par,
                replies: s.replies,
                hint: s.hint,
                lose_none: s.lose_none,
            };
            let mut start = stage.start().map_err(|source| CourseError::Position {
                id: stage.id.clone(),
                source,
            })?;
            start
                .play_text(&stage.hint)
                .map_err(|source| CourseError::Hint {
                    id: stage.id.clone(),
                    source,
                })?;
            stages.push(stage);
        }
        Ok(Course { game, stages })
    }
}

impl Stage {
    /// The stage's position, as a game.
    pub fn start(&self) -> Result<AnyGame, PositionError> {
        AnyGame::from_position_text(self.game, &self.position, &self.rules)
    }

    /// The client's Fluent key for `part` of this stage (`title`, `goal`, `hint`).
    pub fn fluent_key(&self, part: &str) -> String {
        format!("learn-{}-{}-{part}", self.game.name(), self.id)
    }
}

/// Lower-case words of letters and digits joined by single hyphens.
fn is_kebab(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_kebab_case() {
        assert!(is_kebab("sow-round-the-board"));
        assert!(is_kebab("step2"));
        assert!(!is_kebab("Sow"));
        assert!(!is_kebab("a--b"));
        assert!(!is_kebab("-a"));
        assert!(!is_kebab(""));
    }

    #[test]
    fn a_duplicate_id_is_refused() {
        let stage = r#"
[[stage]]
id = "one"
position = "3,3,3,3:0/3,3,3,3:0 s pits=4 seeds=3"
goal = { kind = "extra_turn" }
par = 1
hint = "2"
"#;
        let text = format!("game = \"kalah\"\n{stage}{stage}");
        assert!(matches!(
            Course::parse(GameKind::Kalah, &text),
            Err(CourseError::DuplicateId(id)) if id == "one"
        ));
        let text = format!("game = \"kalah\"\n{stage}");
        assert!(matches!(
            Course::parse(GameKind::Jungle, &text),
            Err(CourseError::WrongGame { .. })
        ));
        assert_eq!(
            Course::parse(GameKind::Kalah, &text)
                .map(|c| c.stages.len())
                .ok(),
            Some(1)
        );
    }
}
