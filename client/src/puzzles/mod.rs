//! The Puzzles screen's state, apart from drawing and the network: the puzzle on the board and
//! the attempt at it ([`attempt`]), the choices for the next one (a game or any, a theme or
//! any, rated or a streak), the themes the server has, the day's puzzles (asked for again once
//! the UTC date passes their day), the puzzles made from the player's own mistakes still to
//! open, and the player's puzzle rating and best streak; and the second press that confirms
//! leaving a rated attempt that leaving would cost ([`Leave`]). What the screen says is in
//! [`words`].

pub mod attempt;
#[cfg(test)]
pub mod testing;
pub mod words;

use std::collections::VecDeque;

use chaupal_rules::GameKind;
use chaupal_shared::protocol::ThemeCount;
use chaupal_shared::protocol::puzzles::{DailyPuzzle, PuzzleMode, PuzzleQuery, PuzzleRating};

use crate::words::Phrase;
pub use attempt::{Attempt, Judged, Stage};

/// How long the client waits before asking for the day's puzzles again while the server still
/// gives an earlier day's (its clock and the device's differ), in milliseconds.
pub const DAILY_AGAIN_MS: u64 = 60_000;

/// Seconds a first press on a way to another puzzle waits for the second press that confirms
/// it, while leaving the puzzle on the board would cost its rated attempt.
pub const LEAVE_CONFIRM_SECS: f32 = 4.0;

/// A way to another puzzle in place of the one on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The next puzzle (the Puzzles screen's button).
    Next,
    /// The puzzle of this id (the lobby's puzzle of the day).
    Open(String),
}

/// The UTC day of `epoch_ms`, `YYYY-MM-DD`, as the server writes a day's puzzle's day.
pub fn day_of(epoch_ms: u64) -> String {
    chaupal_rules::record::date_of(epoch_ms).replace('.', "-")
}

/// What was asked of the server about puzzles, to make sense of a refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleAsk {
    /// A puzzle (the next one, or one by its id).
    Puzzle,
    /// A move's judgement.
    Move,
    /// The solution.
    Solution,
    /// The puzzles made from the player's mistakes in a game.
    Mistakes,
}

/// The Puzzles screen's state.
#[derive(Clone, Debug, Default)]
pub struct Puzzles {
    /// The puzzle on the board, and the attempt at it.
    pub attempt: Option<Attempt>,
    /// Whether a puzzle was asked for and not given yet.
    pub asking: bool,
    /// Why no puzzle is on the board (the server found none that fits, say).
    pub problem: Option<Phrase>,
    /// The next puzzle's game (none: any).
    pub game: Option<GameKind>,
    /// The next puzzle's theme (none: any).
    pub theme: Option<String>,
    /// Rated puzzles, or a streak.
    pub mode: PuzzleMode,
    /// Each game's themes, with their counts, as the server lists them.
    pub themes: Vec<ThemeCount>,
    /// Whether the themes were asked for on this connection.
    pub themes_asked: bool,
    /// The day's puzzle of each game.
    pub daily: Vec<DailyPuzzle>,
    /// The day (`YYYY-MM-DD`, UTC) of the day's puzzles, once they came.
    pub daily_day: Option<String>,
    /// When the day's puzzles were last asked for again because the date had passed theirs
    /// (the wall clock's milliseconds).
    pub daily_asked_ms: Option<u64>,
    /// Puzzles made from the player's mistakes in a game, still to open, in the game's order.
    pub mistakes: VecDeque<String>,
    /// How many there were.
    pub mistakes_total: usize,
    /// The player's puzzle rating, as last heard.
    pub rating: Option<PuzzleRating>,
    /// The player's longest streak, as last heard.
    pub best_streak: u32,
    /// A way to another puzzle pressed once while leaving would cost the attempt, and the
    /// seconds left for the second press that confirms it.
    pub leave_asked: Option<(Leave, f32)>,
}

impl Puzzles {
    /// What the next puzzle is asked for with.
    pub fn query(&self) -> PuzzleQuery {
        PuzzleQuery {
            game: self.game,
            theme: self.theme.clone(),
            mode: self.mode,
        }
    }

    /// Whether another puzzle given in place of the one on the board would settle its rated
    /// attempt as failed ([`Attempt::leaving_costs`]).
    pub fn leaving_costs(&self) -> bool {
        self.attempt.as_ref().is_some_and(Attempt::leaving_costs)
    }

    /// A press on a way to another puzzle (`to`): whether to go now. Where leaving costs, the
    /// first press asks for a second, and only a second press on the same way within
    /// [`LEAVE_CONFIRM_SECS`] goes; elsewhere every press goes.
    pub fn confirm_leave(&mut self, to: Leave) -> bool {
        let asked = self.leave_asked.take();
        if !self.leaving_costs() || asked.is_some_and(|(way, _)| way == to) {
            return true;
        }
        self.leave_asked = Some((to, LEAVE_CONFIRM_SECS));
        false
    }

    /// Whether a first press on `to` waits for the second press that confirms it.
    pub fn leave_asked(&self, to: &Leave) -> bool {
        self.leaving_costs() && self.leave_asked.as_ref().is_some_and(|(way, _)| way == to)
    }

    /// Seconds until a press waiting for its confirmation lapses (the screen changes then).
    pub fn leave_lapses_in(&self) -> Option<f32> {
        self.leave_asked
            .as_ref()
            .filter(|_| self.leaving_costs())
            .map(|(_, left)| left.max(0.0))
    }

    /// Moves the app's clock on by `dt` seconds: a press unconfirmed for
    /// [`LEAVE_CONFIRM_SECS`] lapses.
    pub fn tick(&mut self, dt: f32) {
        if let Some((_, left)) = &mut self.leave_asked {
            *left -= dt.max(0.0);
            if *left <= 0.0 {
                self.leave_asked = None;
            }
        }
    }

    /// The themes offered for the game chosen (every game's when any), most puzzles first:
    /// the theme choice's values after "Any theme".
    pub fn theme_choices(&self) -> Vec<String> {
        let mut counts: Vec<(String, u64)> = Vec::new();
        for t in self
            .themes
            .iter()
            .filter(|t| self.game.is_none_or(|g| g == t.game))
        {
            match counts.iter_mut().find(|(name, _)| *name == t.theme) {
                Some((_, n)) => *n += u64::from(t.count),
                None => counts.push((t.theme.clone(), u64::from(t.count))),
            }
        }
        counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        counts.into_iter().map(|(name, _)| name).collect()
    }

    /// Steps the game choice: any game, then each game, round.
    pub fn cycle_game(&mut self, forward: bool) {
        let choices: Vec<Option<GameKind>> = std::iter::once(None)
            .chain(GameKind::ALL.into_iter().map(Some))
            .collect();
        self.game = step(&choices, &self.game, forward);
        // A theme the game has no puzzles of is dropped.
        if let Some(theme) = &self.theme
            && !self.themes.is_empty()
            && !self.theme_choices().contains(theme)
        {
            self.theme = None;
        }
    }

    /// Steps the theme choice: any theme, then the game's themes, round.
    pub fn cycle_theme(&mut self, forward: bool) {
        let choices: Vec<Option<String>> = std::iter::once(None)
            .chain(self.theme_choices().into_iter().map(Some))
            .collect();
        self.theme = step(&choices, &self.theme, forward);
    }

    /// The day's puzzles came, at `now_ms`: their day is the server's (the wall clock's when
    /// there are none).
    pub fn daily_came(&mut self, daily: Vec<DailyPuzzle>, now_ms: u64) {
        self.daily_day = Some(
            daily
                .first()
                .map_or_else(|| day_of(now_ms), |d| d.day.clone()),
        );
        self.daily = daily;
    }

    /// Whether to ask for the day's puzzles again at `now_ms`: the UTC date has passed the day
    /// of those shown, and no such ask was made in the last [`DAILY_AGAIN_MS`]. A yes is
    /// noted as an ask.
    pub fn daily_due(&mut self, now_ms: u64) -> bool {
        let passed = self
            .daily_day
            .as_ref()
            .is_some_and(|day| day_of(now_ms) > *day);
        let waited = self
            .daily_asked_ms
            .is_none_or(|at| now_ms.saturating_sub(at) >= DAILY_AGAIN_MS);
        if passed && waited {
            self.daily_asked_ms = Some(now_ms);
        }
        passed && waited
    }

    /// The day's puzzle of `kind`, when the server named one.
    pub fn daily_of(&self, kind: GameKind) -> Option<&DailyPuzzle> {
        self.daily.iter().find(|d| d.game == kind)
    }

    /// Which of the mistakes' puzzles is on the board (from 1), and how many there are, while
    /// they are being gone through.
    pub fn mistake_place(&self) -> Option<(usize, usize)> {
        (self.mistakes_total > 0 && self.attempt.is_some()).then(|| {
            (
                self.mistakes_total - self.mistakes.len(),
                self.mistakes_total,
            )
        })
    }
}

/// The value after (or before) `now` among `choices`, round; the first when `now` is not one.
fn step<T: Clone + PartialEq>(choices: &[T], now: &T, forward: bool) -> T {
    let n = choices.len();
    let i = choices.iter().position(|c| c == now);
    let next = match (i, forward) {
        (Some(i), true) => (i + 1) % n,
        (Some(i), false) => (i + n - 1) % n,
        (None, _) => 0,
    };
    choices[next].clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn themes() -> Vec<ThemeCount> {
        let t = |game, theme: &str, count| ThemeCount {
            game,
            theme: theme.to_owned(),
            count,
        };
        vec![
            t(GameKind::BaghChal, "capture", 2140),
            t(GameKind::BaghChal, "trap", 900),
            t(GameKind::Kalah, "extra-turn", 3000),
            t(GameKind::Kalah, "capture", 1500),
            t(GameKind::Jungle, "den", 700),
        ]
    }

    #[test]
    fn the_themes_follow_the_game_chosen_most_puzzles_first() {
        let mut p = Puzzles {
            themes: themes(),
            ..Puzzles::default()
        };
        assert_eq!(
            p.theme_choices(),
            ["capture", "extra-turn", "trap", "den"],
            "every game's, counted together"
        );
        p.game = Some(GameKind::BaghChal);
        assert_eq!(p.theme_choices(), ["capture", "trap"]);
        p.cycle_theme(true);
        assert_eq!(p.theme.as_deref(), Some("capture"));
        p.cycle_theme(true);
        p.cycle_theme(true);
        assert_eq!(p.theme, None, "round to any theme");
        p.cycle_theme(false);
        assert_eq!(p.theme.as_deref(), Some("trap"));
        // Kalah has no traps: the theme goes back to any.
        p.cycle_game(true);
        assert_eq!(p.game, Some(GameKind::Kalah));
        assert_eq!(p.theme, None);
        assert_eq!(
            p.query(),
            PuzzleQuery {
                game: Some(GameKind::Kalah),
                theme: None,
                mode: PuzzleMode::Rated
            }
        );
    }

    fn daily(day: &str) -> Vec<DailyPuzzle> {
        vec![DailyPuzzle {
            game: GameKind::Kalah,
            id: "kalah-00042".to_owned(),
            rating: 1500.0,
            themes: Vec::new(),
            day: day.to_owned(),
        }]
    }

    #[test]
    fn the_days_puzzles_are_due_again_once_the_utc_date_passes_theirs() {
        // 2026-11-28 23:59:00 UTC.
        let before_midnight = 1_795_910_340_000;
        assert_eq!(day_of(before_midnight), "2026-11-28");
        let mut p = Puzzles::default();
        assert!(
            !p.daily_due(before_midnight),
            "none came yet: the greeting asks"
        );
        p.daily_came(daily("2026-11-28"), before_midnight);
        assert!(!p.daily_due(before_midnight));
        let after_midnight = before_midnight + 61_000;
        assert_eq!(day_of(after_midnight), "2026-11-29");
        assert!(p.daily_due(after_midnight), "a new day");
        assert!(!p.daily_due(after_midnight + 1_000), "asked already");
        // The server's clock is still in the day before: the same list, asked again later.
        p.daily_came(daily("2026-11-28"), after_midnight + 2_000);
        assert!(!p.daily_due(after_midnight + 30_000));
        assert!(p.daily_due(after_midnight + DAILY_AGAIN_MS));
        p.daily_came(daily("2026-11-29"), after_midnight + DAILY_AGAIN_MS + 500);
        assert!(!p.daily_due(after_midnight + 10 * DAILY_AGAIN_MS));
        // A server without puzzles: the day is the clock's.
        let mut none = Puzzles::default();
        none.daily_came(Vec::new(), before_midnight);
        assert!(!none.daily_due(before_midnight + 30_000));
        assert!(none.daily_due(after_midnight));
    }

    #[test]
    fn the_game_choice_goes_round_through_any_game() {
        let mut p = Puzzles::default();
        let mut seen = vec![p.game];
        for _ in 0..5 {
            p.cycle_game(true);
            seen.push(p.game);
        }
        assert_eq!(seen[0], None);
        assert_eq!(seen[5], None);
        assert_eq!(seen[1..5], GameKind::ALL.map(Some));
        p.cycle_game(false);
        assert_eq!(p.game, Some(GameKind::SholoGuti));
    }
}
