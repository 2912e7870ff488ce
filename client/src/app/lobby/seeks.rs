//! The lobby's actions: the choices of game, rules, way of playing, side, computer player,
//! clock and correspondence; starting what they describe; seeks, invite codes typed, watching,
//! replaying and opening one's own games from the lobby's lists.

use chaupal_rules::AnyGame;

use crate::app::App;
use crate::app::LobbyAction;
use crate::app::lobby::{
    CLOCK_INCREMENTS, CLOCK_MINUTES, ENGINES, LEVELS, MAX_DEPTH, PlayMode, cycle,
};
use crate::app::shell::{Screen, Tone};
use crate::app::{LobbyRequest, LocalWish, ReplayRequest};
use crate::app::{OpponentPick, Outgoing};
use crate::play::{Match, Seats};
use crate::route::{self, Route};
use crate::say;
use crate::words::Phrase;

impl App {
    /// The lobby's actions: its choices, starting a game, seeks, codes, watching and replaying from
    /// its lists.
    // An `if` in an arm says what the action does; as a guard it would send the action on to
    // the last arm, which takes the other families' actions.
    #[allow(clippy::collapsible_match)]
    pub(in crate::app) fn handle_lobby(&mut self, action: LobbyAction) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match action {
            LobbyAction::SelectGame(kind) => self.lobby.kind = kind,
            LobbyAction::CycleRule { index, forward } => self.lobby.cycle_rule(index, forward),
            LobbyAction::SelectMode(mode) => self.lobby.mode = mode,
            LobbyAction::SelectSide(side) => self.lobby.set_side(side),
            LobbyAction::CycleLevel { forward } => {
                self.lobby.level = if forward {
                    self.lobby.level % LEVELS + 1
                } else {
                    (self.lobby.level + LEVELS - 2) % LEVELS + 1
                };
                out.push(Outgoing::Local(LocalWish::SetLevel(self.lobby.level)));
            }
            LobbyAction::CycleEngine { forward } => {
                self.lobby.engine = cycle(self.lobby.engine, ENGINES.len() + 1, forward);
            }
            LobbyAction::CycleDepth { forward } => {
                self.lobby.depth = if forward {
                    self.lobby.depth % MAX_DEPTH + 1
                } else {
                    (self.lobby.depth + MAX_DEPTH - 2) % MAX_DEPTH + 1
                };
            }
            LobbyAction::CycleMinutes { forward } => {
                self.lobby.minutes = cycle(self.lobby.minutes, CLOCK_MINUTES.len(), forward);
            }
            LobbyAction::CycleIncrement { forward } => {
                self.lobby.increment = cycle(self.lobby.increment, CLOCK_INCREMENTS.len(), forward);
            }
            LobbyAction::SetRated(rated) => self.lobby.rated = rated,
            LobbyAction::SetCorrespondence(on) => self.lobby.by_correspondence = on,
            LobbyAction::CyclePace { forward } => self.lobby.cycle_pace(forward),
            LobbyAction::OpenMyGame(id) => out.extend(self.open_my_game(id)),
            LobbyAction::CancelSeek(id) => out.extend(self.cancel_seek(id)),
            LobbyAction::StartExhibition => {
                if self.require_online(say!("doing-exhibition")) {
                    out.push(self.new_game(OpponentPick::Exhibition(self.lobby.engine_pick())));
                }
            }
            LobbyAction::Start => out.extend(self.start()),
            LobbyAction::CreatePrivate => {
                if self.require_online(say!("doing-play-friend")) {
                    out.push(self.new_game(OpponentPick::Private));
                }
            }
            LobbyAction::JoinByCode => {
                let typed = self.lobby.code.trim().to_uppercase();
                let code = route::normalise_code(&typed).unwrap_or(typed);
                if code.is_empty() {
                    self.tell(say!("notice-type-code-first"), Tone::Problem);
                } else if self.require_online(say!("doing-join-friend")) {
                    // A typed code is followed as its link is: the invitation's card says what
                    // it is (game, pace, sides), and nothing joins before Accept.
                    out.extend(self.follow(Route::Join(code)));
                }
            }
            LobbyAction::TypeCode(c) => {
                if (c.is_ascii_alphanumeric() || c == '-') && self.lobby.code.len() < 16 {
                    self.lobby.code.push(c.to_ascii_uppercase());
                }
            }
            LobbyAction::EraseCode => {
                self.lobby.code.pop();
            }
            LobbyAction::AcceptSeek(id) => {
                if self.require_online(say!("doing-accept-seek")) {
                    out.push(Outgoing::Lobby(LobbyRequest::AcceptSeek(id)));
                }
            }
            LobbyAction::Watch(id) => {
                if self.require_online(say!("doing-watch")) {
                    // One's own live game is resumed, not watched.
                    let mine = self.lobby.live.iter().any(|g| g.id == id && g.mine);
                    out.push(if mine {
                        Outgoing::Lobby(LobbyRequest::Resume(id))
                    } else {
                        Outgoing::Lobby(LobbyRequest::Watch(id))
                    });
                }
            }
            LobbyAction::ReplayGame(id) => {
                if self.require_online(say!("doing-replay-server")) {
                    out.push(Outgoing::Replay(ReplayRequest::Record(id)));
                }
            }
        }
        out
    }

    /// Says that `what` needs the server when it is not connected.
    pub(in crate::app) fn require_online(&mut self, what: Phrase) -> bool {
        if self.online.connection.online() {
            true
        } else {
            self.tell(say!("needs-server", what = what), Tone::Problem);
            false
        }
    }

    /// The request for a new server game with the lobby's choices.
    pub(in crate::app) fn new_game(&self, opponent: OpponentPick) -> Outgoing {
        // Exhibitions and games on this computer have no clock, are never rated, and are
        // played live.
        let scored = !matches!(opponent, OpponentPick::Local | OpponentPick::Exhibition(_));
        Outgoing::Lobby(LobbyRequest::NewGame {
            kind: self.lobby.kind,
            rules: self.lobby.changed_rules(),
            side: self.lobby.side(),
            opponent,
            clock: self.lobby.clock().filter(|_| scored),
            correspondence: self.lobby.correspondence().filter(|_| scored),
            rated: self.lobby.rated() && scored,
            position: None,
        })
    }

    /// Starts what the lobby describes.
    pub(in crate::app) fn start(&mut self) -> Vec<Outgoing> {
        match self.lobby.mode {
            PlayMode::ThisComputer if self.online.connection.online() => {
                // Online, the server keeps the game (and its record); both seats are ours.
                vec![self.new_game(OpponentPick::Local)]
            }
            PlayMode::ThisComputer => {
                match AnyGame::start(self.lobby.kind, self.lobby.rule_pairs()) {
                    Ok(game) => {
                        self.game.current = Some(Match::new(game, Seats::Both, false));
                        self.screen = Screen::Game;
                        self.shell.notice = None;
                    }
                    Err(e) => self.tell(
                        say!("notice-rules-clash", why = e.to_string()),
                        Tone::Problem,
                    ),
                }
                Vec::new()
            }
            PlayMode::Computer => {
                if self.require_online(say!("doing-play-computer")) {
                    vec![self.new_game(OpponentPick::Computer(self.lobby.engine_pick()))]
                } else {
                    Vec::new()
                }
            }
            PlayMode::Friend => {
                if self.require_online(say!("doing-play-friend")) {
                    vec![self.new_game(OpponentPick::Private)]
                } else {
                    Vec::new()
                }
            }
            PlayMode::Anyone => {
                if self.require_online(say!("doing-offer-anyone")) {
                    vec![self.new_game(OpponentPick::Open)]
                } else {
                    Vec::new()
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ScreenAction;
    use crate::app::testing::*;
    use crate::app::*;
    use chaupal_rules::GameKind;
    use chaupal_shared::protocol::ClockSpec;

    #[test]
    fn a_local_game_starts_from_the_lobby_with_the_chosen_rules() {
        let mut app = offline();
        assert_eq!(app.screen, Screen::Lobby);
        app.handle(LobbyAction::SelectGame(GameKind::Kalah));
        app.handle(LobbyAction::CycleRule {
            index: 0,
            forward: true,
        });
        assert_eq!(app.lobby.changed_rules(), [("pits".into(), "7".into())]);
        assert!(
            app.handle(LobbyAction::Start).is_empty(),
            "nothing to send offline"
        );
        assert_eq!(app.screen, Screen::Game);
        let m = app.game.current.as_ref().expect("a game");
        assert!(m.game.position_text().contains("pits=7"));
    }

    #[test]
    fn a_malformed_typed_code_says_why_on_a_card() {
        let mut app = online();
        app.lobby.code = "ZZ".into();
        assert!(app.handle(LobbyAction::JoinByCode).is_empty());
        let why = app.broken_link().map(Phrase::english).unwrap_or_default();
        assert!(why.starts_with("ZZ is not an invite code"), "{why}");
    }

    #[test]
    fn online_only_actions_explain_themselves_when_offline() {
        let mut app = offline();
        app.handle(LobbyAction::SelectMode(PlayMode::Computer));
        assert!(app.handle(LobbyAction::Start).is_empty());
        let notice = app.shell.notice.clone().expect("a notice");
        assert!(notice.tone == Tone::Problem && notice.text.english().contains("needs the server"));
        app.handle(ScreenAction::DismissNotice);
        app.handle(LobbyAction::JoinByCode);
        assert!(
            app.shell
                .notice
                .as_ref()
                .is_some_and(|n| n.text.english().contains("invite code"))
        );
    }

    #[test]
    fn invite_codes_are_typed_in_capitals_and_sent_when_online() {
        let mut app = App::new(false);
        app.online.connection = Connection::Connected { name: "bo".into() };
        for c in "k7qm-2xpd 2".chars() {
            app.handle(LobbyAction::TypeCode(c));
        }
        app.handle(LobbyAction::EraseCode);
        assert_eq!(app.lobby.code, "K7QM-2XPD");
        assert_eq!(
            app.handle(LobbyAction::JoinByCode),
            [Outgoing::Link(LinkRequest::ReadInvitation(
                "K7QM-2XPD".into()
            ))]
        );
    }

    #[test]
    fn the_computer_can_be_a_level_or_a_named_engine_and_can_play_itself() {
        let mut app = App::new(false);
        app.online.connection = Connection::Connected { name: "a".into() };
        app.handle(LobbyAction::SelectMode(PlayMode::Computer));
        assert_eq!(app.lobby.engine_pick(), EnginePick::Level(3));
        app.handle(LobbyAction::CycleEngine { forward: true });
        app.handle(LobbyAction::CycleDepth { forward: false });
        let pick = EnginePick::Named {
            name: "alphabeta".into(),
            depth: 5,
        };
        assert_eq!(app.lobby.engine_pick(), pick);
        let sent = app.handle(LobbyAction::StartExhibition);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame { opponent: OpponentPick::Exhibition(p), .. }) if *p == pick
        ));
        app.handle(LobbyAction::CycleEngine { forward: false });
        let sent = app.handle(LobbyAction::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                opponent: OpponentPick::Computer(EnginePick::Level(3)),
                ..
            })
        ));
    }

    #[test]
    fn online_games_on_this_computer_are_kept_by_the_server() {
        let mut app = App::new(false);
        app.online.connection = Connection::Connected { name: "a".into() };
        let sent = app.handle(LobbyAction::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                opponent: OpponentPick::Local,
                ..
            })
        ));
        assert!(app.game.current.is_none(), "the server's snapshot opens it");
    }

    #[test]
    fn the_clock_is_minutes_plus_increment_or_none() {
        let mut app = online();
        app.handle(LobbyAction::SelectMode(PlayMode::Friend));
        assert_eq!(app.lobby.clock(), None, "no clock by default");
        assert_eq!(app.lobby.clock_text(), "no clock");
        app.handle(LobbyAction::CycleMinutes { forward: false });
        assert_eq!(
            app.lobby.clock().map(|c| c.initial_ms),
            Some(90 * 60_000),
            "back from none wraps to the longest"
        );
        app.handle(LobbyAction::CycleMinutes { forward: true });
        assert_eq!(app.lobby.clock(), None, "and on again to none");
        for _ in 0..4 {
            app.handle(LobbyAction::CycleMinutes { forward: true });
        }
        for _ in 0..3 {
            app.handle(LobbyAction::CycleIncrement { forward: true });
        }
        assert_eq!(
            app.lobby.clock(),
            Some(ClockSpec {
                initial_ms: 5 * 60_000,
                increment_ms: 3_000
            })
        );
        assert_eq!(app.lobby.clock_text(), "5 min + 3 s");
        let sent = app.handle(LobbyAction::CreatePrivate);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame { clock: Some(c), opponent: OpponentPick::Private, rated: false, .. })
                if c.initial_ms == 300_000 && c.increment_ms == 3_000
        ));
        // Two players at one screen play without a clock, whatever was chosen before.
        app.handle(LobbyAction::SelectMode(PlayMode::ThisComputer));
        assert_eq!(app.lobby.clock(), None);
        let sent = app.handle(LobbyAction::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                clock: None,
                correspondence: None,
                rated: false,
                opponent: OpponentPick::Local,
                ..
            })
        ));
    }

    #[test]
    fn rated_is_offered_only_where_the_server_rates() {
        let mut app = online();
        app.handle(LobbyAction::SetRated(true));
        app.handle(LobbyAction::SelectMode(PlayMode::ThisComputer));
        assert!(!app.lobby.rated_allowed() && !app.lobby.rated());
        app.handle(LobbyAction::SelectMode(PlayMode::Computer));
        assert!(app.lobby.rated(), "a level is rated");
        let sent = app.handle(LobbyAction::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame { rated: true, .. })
        ));
        // The computer against itself is never rated, nor timed.
        app.handle(LobbyAction::CycleMinutes { forward: true });
        let sent = app.handle(LobbyAction::StartExhibition);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                rated: false,
                clock: None,
                opponent: OpponentPick::Exhibition(_),
                ..
            })
        ));
        app.handle(LobbyAction::CycleEngine { forward: true });
        assert!(!app.lobby.rated_allowed(), "a named engine is never rated");
        let sent = app.handle(LobbyAction::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                rated: false,
                clock: Some(_),
                ..
            })
        ));
        app.handle(LobbyAction::SetRated(false));
        app.handle(LobbyAction::SelectMode(PlayMode::Anyone));
        assert!(app.lobby.rated_allowed() && !app.lobby.rated());
    }

    #[test]
    fn an_open_seek_is_offered_and_can_be_cancelled() {
        let mut app = offline();
        app.handle(LobbyAction::SelectMode(PlayMode::Anyone));
        assert!(
            app.handle(LobbyAction::Start).is_empty(),
            "offline: explained"
        );
        assert!(
            app.shell
                .notice
                .as_ref()
                .is_some_and(|n| n.text.english().contains("needs the server"))
        );
        let mut app = online();
        app.handle(LobbyAction::SelectGame(GameKind::Jungle));
        app.handle(LobbyAction::SelectMode(PlayMode::Anyone));
        app.handle(LobbyAction::SelectSide(SidePick::Random));
        app.handle(LobbyAction::SetRated(true));
        let sent = app.handle(LobbyAction::Start);
        assert_eq!(
            sent,
            [Outgoing::Lobby(LobbyRequest::NewGame {
                kind: GameKind::Jungle,
                rules: Vec::new(),
                side: SidePick::Random,
                opponent: OpponentPick::Open,
                clock: None,
                correspondence: None,
                rated: true,
                position: None,
            })]
        );
        assert_eq!(
            app.handle(LobbyAction::CancelSeek(4)),
            [Outgoing::Lobby(LobbyRequest::CancelSeek(4))]
        );
    }

    #[test]
    fn a_correspondence_game_asks_for_its_days_a_move_and_no_clock() {
        use chaupal_shared::protocol::Correspondence;
        let mut app = online();
        app.handle(LobbyAction::SelectMode(PlayMode::Anyone));
        for _ in 0..3 {
            app.handle(LobbyAction::CycleMinutes { forward: true });
        }
        app.handle(LobbyAction::SetRated(true));
        app.handle(LobbyAction::SetCorrespondence(true));
        app.handle(LobbyAction::CyclePace { forward: true });
        let five = Some(Correspondence { days: Some(5) });
        assert_eq!(
            app.lobby.clock(),
            None,
            "a correspondence game has no clock"
        );
        let sent = app.handle(LobbyAction::Start);
        assert!(
            matches!(
                &sent[0],
                Outgoing::Lobby(LobbyRequest::NewGame { correspondence, clock: None, rated: true, opponent: OpponentPick::Open, .. })
                    if *correspondence == five
            ),
            "{sent:?}"
        );
        // A friend's game may have no limit, and is then never rated.
        app.handle(LobbyAction::SelectMode(PlayMode::Friend));
        for _ in 0..3 {
            app.handle(LobbyAction::CyclePace { forward: true });
        }
        assert_eq!(app.lobby.correspondence(), Some(Correspondence::UNLIMITED));
        assert!(!app.lobby.rated_allowed());
        let sent = app.handle(LobbyAction::CreatePrivate);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                correspondence: Some(Correspondence { days: None }),
                rated: false,
                opponent: OpponentPick::Private,
                ..
            })
        ));
        // Against the computer too; its exhibitions are played live.
        app.handle(LobbyAction::SelectMode(PlayMode::Computer));
        let sent = app.handle(LobbyAction::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                correspondence: Some(Correspondence { days: None }),
                ..
            })
        ));
        let sent = app.handle(LobbyAction::StartExhibition);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame {
                correspondence: None,
                opponent: OpponentPick::Exhibition(_),
                ..
            })
        ));
        // Back to live: the clock chosen before, no correspondence.
        app.handle(LobbyAction::SetCorrespondence(false));
        let sent = app.handle(LobbyAction::Start);
        assert!(matches!(
            &sent[0],
            Outgoing::Lobby(LobbyRequest::NewGame { correspondence: None, clock: Some(c), .. }) if c.initial_ms == 180_000
        ));
    }

    #[test]
    fn levels_wrap_around() {
        let mut app = offline();
        app.lobby.level = LEVELS;
        assert_eq!(
            app.handle(LobbyAction::CycleLevel { forward: true }),
            [Outgoing::Local(LocalWish::SetLevel(1))],
            "the level chosen is remembered"
        );
        assert_eq!(app.lobby.level, 1);
        app.handle(LobbyAction::CycleLevel { forward: false });
        assert_eq!(app.lobby.level, LEVELS);
    }

    #[test]
    fn typed_codes_are_tidied_and_show_their_invitation_first() {
        let mut app = online();
        app.handle(LobbyAction::SelectMode(PlayMode::Friend));
        for c in "k7qm2xpd".chars() {
            app.handle(LobbyAction::TypeCode(c));
        }
        assert_eq!(
            app.handle(LobbyAction::JoinByCode),
            [Outgoing::Link(LinkRequest::ReadInvitation(
                "K7QM-2XPD".into()
            ))],
            "the invitation is read, not joined"
        );
        assert_eq!(app.address(), "/join/K7QM-2XPD");
    }

    #[test]
    fn ones_own_live_game_is_resumed_and_anothers_watched() {
        let mut app = online();
        let entry = |id, mine| LiveEntry {
            id,
            kind: GameKind::Kalah,
            players: ["a".into(), "b".into()],
            ratings: [None; 2],
            moves: 3,
            watchers: 0,
            exhibition: false,
            mine,
        };
        app.apply(Event::Lobby(LobbyChange::Live(vec![
            entry(5, true),
            entry(6, false),
        ])));
        assert_eq!(
            app.handle(LobbyAction::Watch(5)),
            [Outgoing::Lobby(LobbyRequest::Resume(5))]
        );
        assert_eq!(
            app.handle(LobbyAction::Watch(6)),
            [Outgoing::Lobby(LobbyRequest::Watch(6))]
        );
    }
}
