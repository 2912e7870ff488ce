//! The test hook: what a frame offered to the player, as JSON, for a browser test (or any
//! automation) to read and to click through. A page opened with `?hook` publishes it after each
//! frame it draws as `window.chaupal_hook` (see `client/web/chaupal.js`); without `?hook`
//! nothing is built.
//!
//! It names what the player can see: the screen, the connection, the invitation's link, the
//! game's number and its moves (the puzzle's on the Puzzles screen), the puzzle and how the
//! attempt at it stands, the day's puzzles, and every button (by its label) and board cell (by
//! its name) with where it is in the canvas's pixels and whether a click there does something
//! now, and the parts of the picture that take a press in the order drawn (the places and what
//! covers them: the top bar, a notice, a card). Each frame also names the places whose tap or
//! press acted in it, with the points and the pictures' numbers the pointer went down and came
//! up on, so that a test can check from outside that each was the topmost place there; and
//! the screen's scroll, so that it can tell a place that moved from a screen that scrolled. A
//! test clicks at those places with the real mouse, so the whole path from the browser's
//! events to the server is the one a player's clicks take.

use serde::Serialize;

use chaupal_shared::protocol::puzzles::{PuzzleMode, PuzzleOutcome};
use chaupal_shared::puzzle_set::Goal;

use crate::app::GameAction;
use crate::app::points;
use crate::app::{Action, App, Connection, Field, PushState, Screen, Tone};
use crate::draw::screens::{next_round_words, status_words};
use crate::draw::ui::{Fired, Input, Record, TargetKind};
use crate::geometry::Px;
use crate::puzzles::{Attempt, Puzzles, Stage, words as puzzle_words};
use crate::review::ReviewState;
use crate::words::Words;

/// The state published after a frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hook {
    /// The frames published so far, counting this one.
    pub frame: u64,
    /// The canvas's size in pixels, which the targets' places are in.
    pub width: f32,
    pub height: f32,
    /// The height of the top bar, which what scrolls goes under.
    pub bar_h: f32,
    /// The screen: `connection`, `lobby`, `game`, `game_over`, `replay`, `rules`, `puzzles`,
    /// `tournaments` (the list), `tournament` (a tournament's page) or `new_tournament` (the
    /// card that makes an arena).
    pub screen: &'static str,
    /// Whether the connection to the server is up.
    pub connected: bool,
    /// The connection as the player is told it (the connection card's line).
    pub connection: String,
    /// The player's name.
    pub name: String,
    /// The player's finished games on the server, by number (the lobby's list).
    pub finished: Vec<u64>,
    /// The player's correspondence games in play, by number, in the lobby's order (those
    /// where it is their turn first).
    pub my_games: Vec<u64>,
    /// How many of them wait for the player's move (the game on the screen aside).
    pub turns_waiting: usize,
    /// The player's seeks and invitations the lobby lists as waiting for an opponent, oldest
    /// first.
    pub waiting: Vec<HookWaiting>,
    /// Where notifications of the player's turns stand on this device: `unavailable`,
    /// `blocked`, `off`, `asking` or `on`.
    pub push: &'static str,
    /// The code for playing on another device, while its card shows one.
    pub device_code: Option<String>,
    /// The invitation's link while the player's private game waits for a friend.
    pub invite: Option<String>,
    /// The link to the game on the screen (or replayed) that Share passes on: a private
    /// game's carries its watch key.
    pub game_link: Option<String>,
    /// The number of the game on the screen, as the server knows it.
    pub game: Option<u64>,
    /// The moves of the game whose board is on the screen (the puzzle's on the Puzzles
    /// screen), in notation.
    pub moves: Vec<String>,
    /// Whether that game is over.
    pub over: bool,
    /// Whether the player is to move in it (whatever is being shown meanwhile).
    pub my_turn: bool,
    /// The cells clicked so far towards a move.
    pub selection: Vec<String>,
    /// A move sent to the server and not yet answered.
    pub pending: Option<String>,
    /// Whether moves are still being shown.
    pub animating: bool,
    /// The earlier position looked at (the number of moves played to reach it), if any.
    pub looking: Option<usize>,
    /// What can be clicked.
    pub targets: Vec<HookTarget>,
    /// The parts of the picture that take a press, in the order drawn (topmost last).
    pub layers: Vec<HookLayer>,
    /// The places whose tap or press acted in this frame (the render loop fills them in).
    pub fired: Vec<HookFired>,
    /// How far the screen is scrolled, and the lobby's lists on a wide window.
    pub scroll: f32,
    pub lists_scroll: f32,
    /// The notices on the screen (one at most).
    pub notices: Vec<HookNotice>,
    /// What the card of a link that leads nowhere says, while it is up.
    pub broken_link: Option<String>,
    /// The first line of the card of an invitation opened by its link ("Asha invites you to
    /// play Kalah."), while it waits for Accept or Decline.
    pub invitation: Option<String>,
    /// The text fields on the screen, with their text and selection.
    pub fields: Vec<HookField>,
    /// Where the review of the replayed game stands: `asked`, `running`, `ready` or `failed`
    /// (none: not asked for).
    pub review: Option<&'static str>,
    /// The interface's language, as a tag (`en`, `ne`, `hi`, `bn`, `zh-Hans`).
    pub language: &'static str,
    /// Where the board's keyboard cursor is.
    pub cursor: Option<String>,
    /// The label of the button the keyboard stands on.
    pub key_focus: Option<String>,
    /// The last lines said for a screen reader, oldest first (the render loop fills them in).
    pub spoken: Vec<String>,
    /// Fonts the text on the screen waits for (the render loop fills it in).
    pub fonts_waiting: usize,
    /// The Puzzles screen: the puzzle on the board and the attempt at it, the choices, the
    /// player's puzzle rating.
    pub puzzles: HookPuzzles,
    /// The day's puzzles the lobby offers, one a game.
    pub daily: Vec<HookDaily>,
    /// The game on the screen's clocks, in milliseconds by side (none: no clocks).
    pub clocks: Option<[f64; 2]>,
    /// The sides that went berserk in the game on the screen (an arena's game).
    pub berserk: [bool; 2],
    /// The tournament whose page is open, as it shows it.
    pub tournament: Option<HookTournament>,
}

/// The tournament page's tournament: its summary and the player's place in it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookTournament {
    pub id: u64,
    /// `upcoming`, `running` or `finished`.
    pub status: &'static str,
    pub game: &'static str,
    /// `arena`, `swiss` or `round_robin`.
    pub format: &'static str,
    /// An arena's length (none for a Swiss or a round robin).
    pub minutes: Option<u32>,
    /// A Swiss's or a round robin's rounds: the round being played or last played (0 before
    /// the first), and how many in all.
    pub rounds: Option<[u32; 2]>,
    /// When its next round is paired, while it waits (milliseconds since the Unix epoch).
    pub next_round_ms: Option<u64>,
    /// Days a move, for one by correspondence.
    pub days: Option<u8>,
    /// The games' clock: initial seconds and increment seconds.
    pub clock: [u64; 2],
    pub private: bool,
    pub entrants: u32,
    /// The player's rank, once entered.
    pub rank: Option<u32>,
    /// The player's game in it, while it lasts.
    pub game_in_play: Option<u64>,
    /// What the page says of where it stands, as shown now: its status ("Round 1 of 3"), then a
    /// running Swiss's or round robin's next round ("Round 2 in 25 s") or its games in play.
    pub said: Vec<String>,
    /// The page of standings shown, line by line.
    pub standings: Vec<HookStanding>,
    /// The podium's lines, once finished ("1. Asha: 2 points").
    pub podium: Vec<String>,
}

/// A line of the standings, as shown.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookStanding {
    pub rank: u32,
    pub name: String,
    /// The points as the page shows them (a Swiss's "1½").
    pub points: String,
    /// The tie-breaks as the page shows them ("Buchholz 2 · SB 1½"; empty for an arena).
    pub tie_breaks: String,
}

/// The Puzzles screen's state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookPuzzles {
    /// The puzzle on the board, when there is one.
    pub puzzle: Option<HookPuzzle>,
    /// Whether a puzzle was asked for and not given yet.
    pub asking: bool,
    /// Why no puzzle is on the board, in words.
    pub problem: Option<String>,
    /// The next puzzle's game (none: any), theme (none: any) and mode (`rated` or `streak`).
    pub game: Option<&'static str>,
    pub theme: Option<String>,
    pub mode: &'static str,
    /// The themes offered for the game chosen.
    pub themes: Vec<String>,
    /// The player's puzzle rating, as last heard.
    pub rating: Option<f64>,
}

/// A puzzle on the board, and how the attempt at it stands.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookPuzzle {
    pub id: String,
    /// The game (`baghchal`, `kalah`, `jungle`, `sholo-guti`).
    pub game: &'static str,
    /// Who solves it: `first` or `second`.
    pub solver: &'static str,
    /// `win` or `save_draw`.
    pub goal: &'static str,
    /// What to find, in words.
    pub task: String,
    /// `finding`, `right` (the last move was), `wrong`, `solved` or `solution`.
    pub stage: &'static str,
    /// Why the move was wrong, in words, while it shows.
    pub wrong: Option<String>,
    /// The puzzle's rating as given, and whether this attempt is rated.
    pub rating: f64,
    pub rated: bool,
    /// `rated` or `streak`, and the streak so far.
    pub mode: &'static str,
    pub streak: u32,
    /// The solver's moves found, and still to find.
    pub found: u32,
    pub left: u32,
    /// How the attempt ended, once it did.
    pub outcome: Option<HookOutcome>,
    /// The solution's moves, once shown, and how many are on the board.
    pub solution: Vec<String>,
    pub solution_shown: usize,
}

/// How an attempt ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookOutcome {
    pub solved: bool,
    pub rated: bool,
    /// The player's rating before and after, and the change as shown ("+12").
    pub before: f64,
    pub after: f64,
    pub change: String,
    /// The puzzle's rating after.
    pub puzzle_rating: f64,
    pub streak: u32,
    pub streak_over: bool,
}

/// The day's puzzle of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookDaily {
    pub game: &'static str,
    pub id: String,
}

impl HookPuzzles {
    /// The Puzzles screen's state, its words in `words`.
    fn of(p: &Puzzles, words: &Words) -> HookPuzzles {
        HookPuzzles {
            puzzle: p.attempt.as_ref().map(|a| HookPuzzle::of(a, words)),
            asking: p.asking,
            problem: p.problem.as_ref().map(|why| words.say(why)),
            game: p.game.map(|g| g.name()),
            theme: p.theme.clone(),
            mode: mode_name(p.mode),
            themes: p.theme_choices(),
            rating: p.rating.map(|r| r.rating),
        }
    }
}

impl HookPuzzle {
    /// The attempt `a`, its words in `words`.
    fn of(a: &Attempt, words: &Words) -> HookPuzzle {
        let info = &a.info;
        let (solution, solution_shown) = a
            .solution_shown()
            .map(|(shown, line)| (line.to_vec(), shown))
            .unwrap_or_default();
        HookPuzzle {
            id: info.id.clone(),
            game: info.game.name(),
            solver: match info.solver {
                chaupal_rules::Side::First => "first",
                chaupal_rules::Side::Second => "second",
            },
            goal: match info.goal {
                Goal::Win => "win",
                Goal::SaveDraw => "save_draw",
            },
            task: words.say(&puzzle_words::task(info.game, info.solver, info.goal)),
            stage: match &a.stage {
                Stage::Finding { right: false } => "finding",
                Stage::Finding { right: true } => "right",
                Stage::Wrong { .. } => "wrong",
                Stage::Solved => "solved",
                Stage::Solution { .. } => "solution",
            },
            wrong: matches!(a.stage, Stage::Wrong { .. }).then(|| {
                words.say(&puzzle_words::wrong_reason(
                    info.game,
                    info.solver,
                    info.goal,
                ))
            }),
            rating: info.rating,
            rated: info.rated,
            mode: mode_name(info.mode),
            streak: info.streak,
            found: a.found,
            left: a.left_to_find(),
            outcome: a.outcome.as_ref().map(HookOutcome::of),
            solution,
            solution_shown,
        }
    }
}

impl HookOutcome {
    fn of(o: &PuzzleOutcome) -> HookOutcome {
        let change = puzzle_words::rating_number(o.after.rating)
            - puzzle_words::rating_number(o.before.rating);
        HookOutcome {
            solved: o.solved,
            rated: o.rated,
            before: o.before.rating,
            after: o.after.rating,
            change: puzzle_words::signed(change),
            puzzle_rating: o.puzzle_rating,
            streak: o.streak,
            streak_over: o.streak_over,
        }
    }
}

/// A puzzle mode's name, as the protocol writes it.
fn mode_name(mode: PuzzleMode) -> &'static str {
    match mode {
        PuzzleMode::Rated => "rated",
        PuzzleMode::Streak => "streak",
    }
}

/// A seek or an invitation of the player's waiting for an opponent.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookWaiting {
    /// The server's number for the seek.
    pub seek: u64,
    /// An invitation's code (none: an open seek).
    pub code: Option<String>,
    /// Whether it is played by correspondence.
    pub correspondence: bool,
}

/// A notice on the screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookNotice {
    /// `news` or `problem`.
    pub kind: &'static str,
    pub text: String,
}

/// A text field on the screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookField {
    /// `name`, `code` or `device`.
    pub field: &'static str,
    pub text: String,
    /// Whether it takes the typing.
    pub focused: bool,
    /// The selection in characters, when the platform said where it is.
    pub selection: Option<(usize, usize)>,
}

/// A place that takes a click.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookTarget {
    /// `button` or `cell`.
    pub kind: &'static str,
    /// The button's label or the cell's name.
    pub label: String,
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    /// Whether a click there does something now.
    pub enabled: bool,
    /// Whether it is the chosen one of a set of buttons.
    pub selected: bool,
    /// Whether it shows: wholly in view (in the window, below the top bar; a screen that
    /// scrolls has targets out of view), and topmost at its middle (not under a card, a
    /// notice or a menu drawn after it).
    pub visible: bool,
}

/// A part of the picture that takes a press: a place (its index among the targets) or something
/// drawn over the places (none); its area is what shows of it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookLayer {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    pub target: Option<usize>,
}

/// A place whose tap or press acted: its kind and label, which of the places of that kind and
/// label it is (in the order drawn), and where the pointer went down and came up, as far as
/// the effect depends on them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookFired {
    pub kind: &'static str,
    pub label: String,
    pub nth: usize,
    pub down: Option<HookPoint>,
    pub up: Option<HookPoint>,
}

/// A point of the pointer, and the number of the picture ([`Hook::frame`]) shown then.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HookPoint {
    pub x: f32,
    pub y: f32,
    pub frame: u64,
}

/// The name of a kind of place, as the hook writes it.
fn kind_name(kind: TargetKind) -> &'static str {
    match kind {
        TargetKind::Button => "button",
        TargetKind::Cell => "cell",
        TargetKind::Item => "item",
    }
}

impl HookFired {
    /// What fired, as the hook writes it.
    pub fn of(f: &Fired) -> HookFired {
        let point = |(p, frame): (Px, u64)| HookPoint {
            x: p.x,
            y: p.y,
            frame,
        };
        HookFired {
            kind: kind_name(f.kind),
            label: f.label.clone(),
            nth: f.nth,
            down: f.down.map(point),
            up: f.up.map(point),
        }
    }
}

/// The board cells that `actions` (what a frame's input did) pressed and let go on: a cell's
/// press acts when the finger goes down, and a drag's end where it comes up.
pub fn cell_fires(input: &Input, actions: &[Action]) -> Vec<Fired> {
    let cell = |label: &str, down, up| Fired {
        kind: TargetKind::Cell,
        label: label.to_owned(),
        nth: 0,
        down,
        up,
    };
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Game(GameAction::Press(c)) => {
                Some(cell(c, input.press_at.map(|p| (p, input.aim_frame)), None))
            }
            Action::Game(GameAction::Release(Some(c))) => {
                Some(cell(c, None, Some((input.mouse, input.release_frame))))
            }
            _ => None,
        })
        .collect()
}

/// The answer to stale-frame check `asked`, after picture `frame`: the hashes of the picture
/// on the screen and of one of the state drawn afresh (hex, none where there was no picture),
/// and whether they are the same.
pub fn probe_json(asked: u32, frame: u64, on_screen: Option<u64>, fresh: Option<u64>) -> String {
    let hex = |h: Option<u64>| h.map(|h| format!("{h:016x}"));
    serde_json::json!({
        "probe": asked,
        "frame": frame,
        "shown": hex(on_screen),
        "fresh": hex(fresh),
        "same": on_screen.is_some() && on_screen == fresh,
    })
    .to_string()
}

impl Hook {
    /// The hook for a frame of `size` that drew `record` from `app` in `words`, on the
    /// server's game `game`.
    pub fn new(
        frame: u64,
        size: (f32, f32),
        (app, words): (&App, &Words),
        record: &Record,
        game: Option<u64>,
    ) -> Hook {
        // The board on the screen: the puzzle's on the Puzzles screen, else the game's.
        let current = app.board();
        Hook {
            frame,
            width: size.0,
            height: size.1,
            bar_h: crate::layout::Window::new(size.0, size.1).bar.h,
            screen: match app.screen() {
                Screen::Connection => "connection",
                Screen::Lobby => "lobby",
                Screen::Game => "game",
                Screen::GameOver => "game_over",
                Screen::Replay => "replay",
                Screen::Rules(_) => "rules",
                Screen::Puzzles => "puzzles",
                Screen::Tournaments => "tournaments",
                Screen::Tournament => "tournament",
                Screen::NewTournament => "new_tournament",
            },
            connected: matches!(app.connection(), Connection::Connected { .. }),
            connection: words.say(&app.connection().describe()),
            name: app.name().to_owned(),
            finished: app.finished().iter().map(|f| f.id).collect(),
            my_games: app.my_games().iter().map(|g| g.id).collect(),
            turns_waiting: app.turns_waiting(),
            waiting: app
                .waiting()
                .iter()
                .map(|w| HookWaiting {
                    seek: w.id,
                    code: w.code.clone(),
                    correspondence: w.correspondence,
                })
                .collect(),
            push: match app.push().state {
                PushState::Unavailable => "unavailable",
                PushState::Blocked => "blocked",
                PushState::Off => "off",
                PushState::Asking => "asking",
                PushState::On => "on",
            },
            device_code: app
                .devices()
                .and_then(|d| d.code.as_ref())
                .map(|(code, _)| code.clone()),
            invite: app.invite_link(),
            game_link: app.game_link(),
            game,
            moves: current
                .map(|m| m.moves.iter().map(|p| p.text.clone()).collect())
                .unwrap_or_default(),
            over: current.is_some_and(|m| m.finished()),
            my_turn: current.is_some_and(|m| m.my_turn()),
            selection: current
                .map(|m| m.selection.path().to_vec())
                .unwrap_or_default(),
            pending: current.and_then(|m| m.pending.clone()),
            animating: current.is_some_and(|m| m.animating()),
            looking: current.and_then(|m| m.looking),
            targets: record
                .targets
                .iter()
                .enumerate()
                .map(|(i, t)| HookTarget {
                    kind: kind_name(t.kind),
                    label: t.label.clone(),
                    x: t.area.x,
                    y: t.area.y,
                    w: t.area.w,
                    h: t.area.h,
                    enabled: t.enabled,
                    selected: t.selected,
                    // What a person sees: wholly in view, and not under what was drawn after.
                    visible: t.visible && record.on_top(i),
                })
                .collect(),
            layers: record
                .layers
                .iter()
                .map(|l| HookLayer {
                    x: l.area.x,
                    y: l.area.y,
                    w: l.area.w,
                    h: l.area.h,
                    target: l.target,
                })
                .collect(),
            fired: record.fired.iter().map(HookFired::of).collect(),
            scroll: app.scroll(),
            lists_scroll: app.lists_scroll(),
            notices: app
                .notice()
                .map(|n| HookNotice {
                    kind: match n.tone {
                        Tone::News => "news",
                        Tone::Problem => "problem",
                    },
                    text: words.say(&n.text),
                })
                .into_iter()
                .collect(),
            broken_link: app.broken_link().map(|why| words.say(why)),
            invitation: app.invitation().map(|i| words.say(&i.headline())),
            language: words.language().tag(),
            cursor: app.cursor().map(str::to_owned),
            key_focus: app.key_focus().map(|(_, label)| label.clone()),
            spoken: Vec::new(),
            fonts_waiting: 0,
            review: app
                .replay()
                .and_then(|r| r.review.as_ref())
                .map(|state| match state {
                    ReviewState::Asked => "asked",
                    ReviewState::Running { .. } => "running",
                    ReviewState::Ready(_) => "ready",
                    ReviewState::Failed(_) => "failed",
                }),
            puzzles: HookPuzzles::of(app.puzzles(), words),
            clocks: app
                .current()
                .and_then(|m| m.clocks.as_ref())
                .map(|c| c.left_ms),
            berserk: app.current().map_or([false; 2], |m| m.berserk),
            tournament: app.tournaments().open.as_ref().map(|o| {
                use chaupal_shared::protocol::tournaments::{TournamentFormat, TournamentStatus};
                let (format, minutes) = match o.summary.format {
                    TournamentFormat::Arena { minutes, .. } => ("arena", Some(minutes)),
                    TournamentFormat::Swiss { .. } => ("swiss", None),
                    TournamentFormat::RoundRobin { .. } => ("round_robin", None),
                };
                HookTournament {
                    id: o.summary.tournament.0,
                    status: match o.summary.status {
                        TournamentStatus::Upcoming => "upcoming",
                        TournamentStatus::Running => "running",
                        TournamentStatus::Finished => "finished",
                    },
                    game: o.summary.game.name(),
                    format,
                    minutes,
                    rounds: o.summary.rounds.map(|r| [r.round, r.of]),
                    next_round_ms: o.summary.rounds.and_then(|r| r.next_ms),
                    days: o.summary.correspondence.and_then(|c| c.days),
                    clock: [
                        o.summary.clock.initial_ms / 1000,
                        o.summary.clock.increment_ms / 1000,
                    ],
                    private: o.summary.private,
                    entrants: o.summary.entrants,
                    rank: o.me.as_ref().map(|l| l.rank),
                    game_in_play: o.game,
                    said: std::iter::once(status_words(&o.summary, app.now_ms()))
                        .chain(next_round_words(&o.summary, app.now_ms()))
                        .map(|p| words.say(&p))
                        .collect(),
                    standings: o
                        .standings
                        .lines
                        .iter()
                        .map(|l| HookStanding {
                            rank: l.rank,
                            name: l.player.name.clone(),
                            points: points::shown_points(o.summary.format, l.points),
                            tie_breaks: l
                                .tie_breaks
                                .iter()
                                .map(|t| words.say(&points::tie_break_words(*t)))
                                .collect::<Vec<_>>()
                                .join(" · "),
                        })
                        .collect(),
                    podium: o
                        .podium
                        .iter()
                        .map(|l| {
                            let shown = points::shown_points(o.summary.format, l.points);
                            words.say(&crate::say!(
                                "tournament-podium-line",
                                rank = l.rank,
                                name = l.player.name.clone(),
                                many = points::many(&shown),
                                points = shown
                            ))
                        })
                        .collect(),
                }
            }),
            daily: app
                .puzzles()
                .daily
                .iter()
                .map(|d| HookDaily {
                    game: d.game.name(),
                    id: d.id.clone(),
                })
                .collect(),
            fields: record
                .fields
                .iter()
                .map(|f| HookField {
                    field: match f.field {
                        Field::Name => "name",
                        Field::Code => "code",
                        Field::Device => "device",
                        Field::Move => "move",
                    },
                    text: f.text.clone(),
                    focused: app.focus() == Some(f.field),
                    selection: app.selection().filter(|_| app.focus() == Some(f.field)),
                })
                .collect(),
        }
    }

    /// The hook as JSON.
    pub fn to_json(&self) -> String {
        // Plain strings, numbers and booleans: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::PuzzleAction;
    use crate::app::{ConnectionEvent, PuzzleEvent};
    use crate::draw::ui::{Scroller, Target};
    use crate::geometry::Area;
    use crate::words::Language;

    fn english() -> Words {
        Words::new(Language::English)
    }
    use crate::play::{Match, Seats};
    use chaupal_rules::{AnyGame, GameKind};

    fn record() -> Record {
        Record {
            fields: Vec::new(),
            layers: Vec::new(),
            fired: Vec::new(),
            frame: 0,
            targets: vec![
                Target {
                    kind: TargetKind::Button,
                    label: "Resign".to_owned(),
                    area: Area {
                        x: 10.0,
                        y: 20.0,
                        w: 100.0,
                        h: 30.0,
                    },
                    enabled: true,
                    selected: false,
                    visible: true,
                    scroller: Scroller::Screen,
                },
                Target {
                    kind: TargetKind::Cell,
                    label: "s3".to_owned(),
                    area: Area {
                        x: 1.0,
                        y: 2.0,
                        w: 3.0,
                        h: 4.0,
                    },
                    enabled: false,
                    selected: false,
                    visible: true,
                    scroller: Scroller::Screen,
                },
            ],
        }
    }

    #[test]
    fn a_game_on_the_screen_is_described_with_its_moves_and_targets() {
        let mut m = Match::new(
            AnyGame::start(GameKind::Kalah, [("", ""); 0]).expect("start"),
            Seats::Both,
            false,
        );
        let first = m.choices.moves[0].text.clone();
        m.apply(&first).expect("a legal move");
        let app = App::showing(m, Screen::Game);
        let hook = Hook::new(7, (800.0, 600.0), (&app, &english()), &record(), Some(42));
        assert_eq!(hook.frame, 7);
        assert_eq!(hook.screen, "game");
        assert_eq!(hook.game, Some(42));
        assert_eq!(hook.moves, vec![first]);
        assert!(!hook.over);
        assert!(hook.my_turn, "both seats are this client's");
        assert_eq!(hook.targets.len(), 2);
        assert_eq!(hook.targets[0].kind, "button");
        assert_eq!(hook.targets[1].kind, "cell");
        assert!(!hook.targets[1].enabled);
        let json: serde_json::Value = serde_json::from_str(&hook.to_json()).expect("JSON");
        assert_eq!(json["targets"][0]["label"], "Resign");
        assert_eq!(json["targets"][0]["x"], 10.0);
        assert_eq!(json["invite"], serde_json::Value::Null);
        assert_eq!(json["width"], 800.0);
    }

    #[test]
    fn a_board_cell_pressed_or_let_go_on_is_logged_as_fired() {
        use crate::draw::ui::Fired;
        let input = Input {
            press_at: Some(Px { x: 5.0, y: 6.0 }),
            aim_frame: 3,
            mouse: Px { x: 9.0, y: 9.0 },
            release_frame: 4,
            ..Input::default()
        };
        let fires = cell_fires(
            &input,
            &[
                Action::Game(GameAction::Press("a1".into())),
                Action::Game(GameAction::Flip),
                Action::Game(GameAction::Release(Some("b2".into()))),
                Action::Game(GameAction::Release(None)),
            ],
        );
        assert_eq!(fires.len(), 2);
        assert_eq!(fires[0].label, "a1");
        assert_eq!(fires[0].down, Some((Px { x: 5.0, y: 6.0 }, 3)));
        assert_eq!(fires[0].up, None);
        assert_eq!(fires[1].up, Some((Px { x: 9.0, y: 9.0 }, 4)));
        let json = HookFired::of(&fires[1]);
        assert_eq!(json.kind, "cell");
        let f: &Fired = &fires[0];
        assert_eq!(f.kind, TargetKind::Cell);
    }

    #[test]
    fn a_probe_says_whether_the_pictures_are_the_same() {
        let v: serde_json::Value =
            serde_json::from_str(&probe_json(3, 9, Some(1), Some(1))).expect("JSON");
        assert_eq!(
            (v["probe"].as_u64(), v["same"].as_bool()),
            (Some(3), Some(true))
        );
        assert_eq!(v["shown"], "0000000000000001");
        let v: serde_json::Value =
            serde_json::from_str(&probe_json(4, 9, Some(1), Some(2))).expect("JSON");
        assert_eq!(v["same"], false);
        let v: serde_json::Value =
            serde_json::from_str(&probe_json(5, 9, None, None)).expect("JSON");
        assert_eq!(v["same"], false, "no picture is no match");
    }

    #[test]
    fn the_lobby_says_it_is_offline_and_has_no_game() {
        let app = App::new(true);
        let hook = Hook::new(
            1,
            (390.0, 844.0),
            (&app, &english()),
            &Record::default(),
            None,
        );
        assert_eq!(hook.screen, "lobby");
        assert!(!hook.connected);
        assert!(hook.moves.is_empty());
        assert!(!hook.my_turn);
        assert_eq!(hook.game, None);
        assert_eq!(hook.invite, None);
        assert!(hook.finished.is_empty());
        assert_eq!(hook.device_code, None);
        assert!(hook.notices.is_empty());
        assert_eq!(hook.broken_link, None);
        assert_eq!(hook.invitation, None);
    }

    #[test]
    fn the_tournament_screens_are_named() {
        use crate::app::{Action, TournamentAction};
        let mut app = App::new(false);
        app.apply(crate::app::Event::Connection(ConnectionEvent::Welcomed {
            name: "asha".into(),
        }));
        let screen =
            |app: &App| Hook::new(1, (390.0, 844.0), (app, &english()), &record(), None).screen;
        app.handle(Action::Tournament(TournamentAction::OpenList));
        assert_eq!(screen(&app), "tournaments");
        app.handle(Action::Tournament(TournamentAction::NewTournament));
        assert_eq!(screen(&app), "new_tournament");
        app.handle(Action::Tournament(TournamentAction::Open {
            id: 3,
            code: None,
        }));
        assert_eq!(screen(&app), "tournament");
    }

    #[test]
    fn a_swiss_page_publishes_its_format_and_rounds() {
        let (_, app) = crate::words_check::states()
            .into_iter()
            .find(|(name, _)| name == "tournaments: a Swiss between rounds, a bye")
            .expect("the state");
        let hook = Hook::new(1, (390.0, 844.0), (&app, &english()), &record(), None);
        let t = hook.tournament.expect("the page's tournament");
        assert_eq!((t.format, t.minutes), ("swiss", None));
        assert_eq!(t.rounds, Some([10, 11]));
        assert!(t.next_round_ms.is_some());
        assert_eq!(t.days, None, "live");
    }

    #[test]
    fn the_puzzles_screen_publishes_its_puzzle_the_attempt_and_its_board() {
        use crate::app::{Action, Event};
        use crate::puzzles::testing::{kalah_info, outcome};
        use chaupal_shared::protocol::puzzles::{PuzzleMoved, Verdict};
        let mut app = App::new(false);
        app.apply(Event::Connection(ConnectionEvent::Welcomed {
            name: "asha".into(),
        }));
        app.handle(Action::Puzzle(PuzzleAction::OpenPuzzles));
        let hook = Hook::new(1, (390.0, 844.0), (&app, &english()), &record(), None);
        assert_eq!(hook.screen, "puzzles");
        assert!(hook.puzzles.asking && hook.puzzles.puzzle.is_none());
        app.apply(Event::Puzzle(PuzzleEvent::Puzzle(Box::new(kalah_info()))));
        app.handle(Action::Game(GameAction::Cell("s5".into())));
        let hook = Hook::new(2, (390.0, 844.0), (&app, &english()), &record(), None);
        assert_eq!(hook.pending.as_deref(), Some("5"), "the puzzle's board");
        app.apply(Event::Puzzle(PuzzleEvent::PuzzleMoved(Box::new(
            PuzzleMoved {
                puzzle: "kalah-00042".into(),
                verdict: Verdict::Wrong,
                replies: Vec::new(),
                done: false,
                outcome: Some(outcome(false, 1500.0, 1488.0)),
            },
        ))));
        let hook = Hook::new(3, (390.0, 844.0), (&app, &english()), &record(), None);
        let json: serde_json::Value = serde_json::from_str(&hook.to_json()).expect("JSON");
        assert_eq!(json["puzzles"]["puzzle"]["stage"], "wrong");
        assert_eq!(hook.puzzles.rating, Some(1488.0));
        let p = hook.puzzles.puzzle.expect("the puzzle");
        assert_eq!(
            (p.id.as_str(), p.game, p.solver),
            ("kalah-00042", "kalah", "first")
        );
        assert_eq!(p.task, "South to move: find the only winning move");
        assert_eq!(p.stage, "wrong");
        assert_eq!(p.wrong.as_deref(), Some("Not that: the lead slips away"));
        let o = p.outcome.expect("the attempt's end");
        assert_eq!((o.change.as_str(), o.after), ("-12", 1488.0));
    }

    #[test]
    fn notices_and_fields_are_published_with_their_kind_and_text() {
        let mut app = App::new(true);
        app.handle(crate::app::Action::Settings(
            crate::app::SettingsAction::EditName,
        ));
        app.handle(crate::app::Action::Settings(
            crate::app::SettingsAction::SetText(Field::Name, "x".repeat(40)),
        ));
        let fields = Record {
            layers: Vec::new(),
            fields: vec![crate::draw::ui::TextField {
                label: "Your name".into(),
                field: Field::Name,
                area: Area {
                    x: 0.0,
                    y: 0.0,
                    w: 100.0,
                    h: 30.0,
                },
                text: app.name_edit().unwrap_or_default().to_owned(),
            }],
            targets: Vec::new(),
            ..Record::default()
        };
        let hook = Hook::new(2, (390.0, 844.0), (&app, &english()), &fields, None);
        assert_eq!(hook.notices.len(), 1);
        assert_eq!(hook.notices[0].kind, "problem");
        assert!(hook.notices[0].text.contains("at most 32 characters"));
        assert_eq!(hook.fields[0].field, "name");
        assert_eq!(hook.fields[0].text.len(), 32);
        assert!(hook.fields[0].focused);
        let json: serde_json::Value = serde_json::from_str(&hook.to_json()).expect("JSON");
        assert_eq!(json["notices"][0]["kind"], "problem");
        assert_eq!(json["fields"][0]["selection"], serde_json::Value::Null);
    }
}
