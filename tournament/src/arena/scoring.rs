//! An arena's points, as lichess scores its arenas: a win 2, a draw 1, a loss 0; on fire
//! (after two wins in a row) a win 4 and a draw 2 until the streak breaks; a berserk win of
//! at least 7 moves one more; a draw in fewer than 10 moves 0; and a short draw that follows a
//! draw (with only losses between) 0.

use serde::{Deserialize, Serialize};

use crate::entrant::Outcome;

/// The lengths, in plies, that the rules of scoring look at. The defaults are lichess's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lengths {
    /// A draw of fewer plies is a quick draw: 0 points, and no streak kept or broken by it.
    pub quick_draw_below: u32,
    /// A berserk win counts its extra point from this many plies on.
    pub berserk_counts_from: u32,
    /// A draw of this many plies or more scores even right after another draw.
    pub long_game_from: u32,
}

impl Default for Lengths {
    fn default() -> Self {
        Lengths {
            quick_draw_below: 20,
            berserk_counts_from: 14,
            long_game_from: 60,
        }
    }
}

/// One finished arena game, seen from one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    pub outcome: Outcome,
    /// Moves played by both sides.
    pub plies: u32,
    /// Whether this player halved their clock for the game.
    pub berserk: bool,
}

/// What a game's result was, for scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Result {
    Win,
    Draw,
    Loss,
    /// A draw in fewer plies than [`Lengths::quick_draw_below`].
    QuickDraw,
}

/// How a result counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Flag {
    /// A short draw right after a draw: no points.
    Null,
    Normal,
    /// A win that may start a streak (shown as such until the next game is not a win).
    StreakStarter,
    /// On fire: points doubled.
    Double,
}

/// Whether the player went berserk, and whether it counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Berserk {
    No,
    /// Berserk in a game that lasted long enough.
    Valid,
    /// Berserk in a game too short for the extra point.
    Invalid,
}

/// One game's line of a player's sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub result: Result,
    pub flag: Flag,
    pub berserk: Berserk,
}

impl Score {
    /// The points it is worth.
    pub fn points(&self) -> u32 {
        let base = match (self.result, self.flag) {
            (Result::Win, Flag::Double) => 4,
            (Result::Win, _) => 2,
            (Result::Draw, Flag::Double) => 2,
            (Result::Draw, Flag::Null) => 0,
            (Result::Draw, _) => 1,
            (Result::Loss | Result::QuickDraw, _) => 0,
        };
        let bonus = u32::from(self.result == Result::Win && self.berserk == Berserk::Valid);
        base + bonus
    }
}

/// A player's games in an arena, oldest first, and their points.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    scores: Vec<Score>,
    total: u32,
}

impl Sheet {
    /// The scores, oldest first.
    pub fn scores(&self) -> &[Score] {
        &self.scores
    }

    /// The points in all.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// On fire: the last two games were wins, so the next win scores double.
    pub fn on_fire(&self) -> bool {
        let n = self.scores.len();
        n >= 2
            && self.scores[n - 1].result == Result::Win
            && self.scores[n - 2].result == Result::Win
    }

    /// Adds a finished game. `streaks` is the arena's setting: without it nobody is on fire.
    pub fn add(&mut self, game: Finished, streaks: bool, lengths: &Lengths) {
        let berserk = match (game.berserk, game.plies >= lengths.berserk_counts_from) {
            (false, _) => Berserk::No,
            (true, true) => Berserk::Valid,
            (true, false) => Berserk::Invalid,
        };
        let fire = streaks && self.on_fire();
        let (result, flag) = match game.outcome {
            Outcome::Draw if game.plies < lengths.quick_draw_below => {
                (Result::QuickDraw, Flag::Normal)
            }
            Outcome::Draw if fire => (Result::Draw, Flag::Double),
            Outcome::Draw if game.plies < lengths.long_game_from && self.after_a_draw() => {
                (Result::Draw, Flag::Null)
            }
            Outcome::Draw => (Result::Draw, Flag::Normal),
            Outcome::Win if !streaks => (Result::Win, Flag::Normal),
            Outcome::Win if fire => (Result::Win, Flag::Double),
            Outcome::Win => (Result::Win, Flag::StreakStarter),
            Outcome::Loss => (Result::Loss, Flag::Normal),
        };
        // A streak starter that is not followed by a win started nothing.
        if game.outcome != Outcome::Win
            && let Some(last) = self.scores.last_mut()
            && last.flag == Flag::StreakStarter
        {
            last.flag = Flag::Normal;
        }
        let score = Score {
            result,
            flag,
            berserk,
        };
        self.total += score.points();
        self.scores.push(score);
    }

    /// Whether the last game that was not a loss was a draw (a quick one included).
    fn after_a_draw(&self) -> bool {
        self.scores
            .iter()
            .rev()
            .find(|s| s.result != Result::Loss)
            .is_some_and(|s| matches!(s.result, Result::Draw | Result::QuickDraw))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game in the table: W, D, L a game of 40 plies; w a win of 12 plies (too short for
    /// berserk to count); d a draw of 30 plies (not quick, not long); q a quick draw (10
    /// plies); `=` a long draw (80 plies); a `+` after a game marks it berserk.
    fn games(text: &str) -> Vec<Finished> {
        let mut out: Vec<Finished> = Vec::new();
        for c in text.chars() {
            let (outcome, plies) = match c {
                'W' => (Outcome::Win, 40),
                'w' => (Outcome::Win, 12),
                'D' => (Outcome::Draw, 40),
                'd' => (Outcome::Draw, 30),
                '=' => (Outcome::Draw, 80),
                'q' => (Outcome::Draw, 10),
                'L' => (Outcome::Loss, 40),
                '+' => {
                    if let Some(last) = out.last_mut() {
                        last.berserk = true;
                    }
                    continue;
                }
                other => panic!("no game {other}"),
            };
            out.push(Finished {
                outcome,
                plies,
                berserk: false,
            });
        }
        out
    }

    fn points(text: &str, streaks: bool) -> (Vec<u32>, u32) {
        let mut sheet = Sheet::default();
        for g in games(text) {
            sheet.add(g, streaks, &Lengths::default());
        }
        let each = sheet.scores().iter().map(Score::points).collect();
        (each, sheet.total())
    }

    /// lichess's arena points, game by game, for sequences of results.
    #[test]
    fn the_table_of_results_scores_as_lichess_scores() {
        let table: [(&str, &[u32], u32); 16] = [
            ("W", &[2], 2),
            ("D", &[1], 1),
            ("L", &[0], 0),
            // On fire after two wins: a win 4, a draw 2, until the streak breaks.
            ("WWW", &[2, 2, 4], 8),
            ("WWWW", &[2, 2, 4, 4], 12),
            ("WWD", &[2, 2, 2], 6),
            ("WWDW", &[2, 2, 2, 2], 8),
            ("WWLW", &[2, 2, 0, 2], 6),
            ("WWLWWW", &[2, 2, 0, 2, 2, 4], 12),
            // Berserk: one more for a win of at least 14 plies; nothing for a short one or a
            // draw.
            ("W+", &[3], 3),
            ("w+", &[2], 2),
            ("WWW+", &[2, 2, 5], 9),
            ("D+", &[1], 1),
            // A quick draw: nothing, and the streak is over.
            ("WWqW", &[2, 2, 0, 2], 6),
            // A short draw after a draw, with only losses between: nothing; a long one counts.
            ("DdLd=", &[1, 0, 0, 0, 1], 2),
            ("DWd", &[1, 2, 1], 4),
        ];
        for (text, each, total) in table {
            assert_eq!(points(text, true), (each.to_vec(), total), "{text}");
        }
    }

    #[test]
    fn without_streaks_nobody_is_on_fire() {
        assert_eq!(points("WWWWD", false), (vec![2, 2, 2, 2, 1], 9));
        assert_eq!(points("WWW+", false), (vec![2, 2, 3], 7));
    }

    #[test]
    fn a_streak_starter_that_starts_nothing_is_normal() {
        let mut sheet = Sheet::default();
        for g in games("WL") {
            sheet.add(g, true, &Lengths::default());
        }
        assert_eq!(sheet.scores()[0].flag, Flag::Normal);
        let mut sheet = Sheet::default();
        for g in games("WW") {
            sheet.add(g, true, &Lengths::default());
        }
        assert_eq!(sheet.scores()[0].flag, Flag::StreakStarter);
        assert!(sheet.on_fire());
    }
}
