//! The test hook: what a frame offered to the player, as JSON, for a browser test (or any
//! automation) to read and to click through. A page opened with `?hook` publishes it after each
//! frame it draws as `window.chaupal_hook` (see `client/web/chaupal.js`); without `?hook`
//! nothing is built.
//!
//! It names what the player can see: the screen, the connection, the invitation's link, the
//! game's number and its moves, and every button (by its label) and board cell (by its name)
//! with where it is in the canvas's pixels and whether a click there does something now. A
//! test clicks at those places with the real mouse, so the whole path from the browser's
//! events to the server is the one a player's clicks take.

use serde::Serialize;

use crate::app::{App, Connection, Field, PushState, Screen, Tone};
use crate::draw::ui::{Record, TargetKind};
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
    /// The screen: `connection`, `lobby`, `game`, `game_over`, `replay` or `rules`.
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
    /// The number of the game on the screen, as the server knows it.
    pub game: Option<u64>,
    /// The moves of the game on the screen, in notation.
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
    /// The notices on the screen (one at most).
    pub notices: Vec<HookNotice>,
    /// What the card of a link that leads nowhere says, while it is up.
    pub broken_link: Option<String>,
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
    /// Whether it is wholly in view: in the window, below the top bar (a screen that scrolls
    /// has targets out of view).
    pub visible: bool,
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
        let current = app.current();
        Hook {
            frame,
            width: size.0,
            height: size.1,
            screen: match app.screen() {
                Screen::Connection => "connection",
                Screen::Lobby => "lobby",
                Screen::Game => "game",
                Screen::GameOver => "game_over",
                Screen::Replay => "replay",
                Screen::Rules(_) => "rules",
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
                .map(|t| HookTarget {
                    kind: match t.kind {
                        TargetKind::Button => "button",
                        TargetKind::Cell => "cell",
                    },
                    label: t.label.clone(),
                    x: t.area.x,
                    y: t.area.y,
                    w: t.area.w,
                    h: t.area.h,
                    enabled: t.enabled,
                    selected: t.selected,
                    visible: t.visible,
                })
                .collect(),
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
    }

    #[test]
    fn notices_and_fields_are_published_with_their_kind_and_text() {
        let mut app = App::new(true);
        app.handle(crate::app::Action::EditName);
        app.handle(crate::app::Action::SetText(Field::Name, "x".repeat(40)));
        let fields = Record {
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
