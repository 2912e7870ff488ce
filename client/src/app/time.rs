//! Time passing: the frames of the render loop move animations, clocks, notices, the retry
//! countdown, the device code and a puzzle's skip waiting for its confirmation on, the wall
//! clock that correspondence deadlines are counted from is read, and the picture's next change
//! by itself is said.

use super::App;
use super::connection::{Connection, FIRST_CONNECTION_PATIENCE};
use super::links::Devices;
use super::shell::Screen;
use crate::deadline;
use crate::replay::Replay;

impl App {
    /// Seconds until the picture changes by itself: at once while a move is being shown, the
    /// next digit of a running clock, the next words of a deadline's time left, a notice
    /// going away, a tournament's time to its start or end, a puzzle's skip no longer waiting for its confirmation, the retry
    /// countdown, a device code running out. None: nothing changes until something happens.
    pub fn next_change(&self) -> Option<f32> {
        let mut soonest: Option<f32> = None;
        let mut at = |t: f32| soonest = Some(soonest.map_or(t, |s| s.min(t)));
        if let Some(m) = &self.game.current
            && matches!(self.screen, Screen::Game | Screen::GameOver)
        {
            if m.animating() {
                at(0.0);
            }
            if let Some(c) = &m.clocks
                && let Some(side) = c.running
                && !m.finished()
            {
                let left = c.left_ms[side.index()].max(0.0);
                // Tenths under ten seconds, whole seconds above.
                let step = if left < 10_000.0 { 100.0 } else { 1000.0 };
                let to_next = left % step;
                at(((if to_next <= 0.0 { step } else { to_next }) / 1000.0) as f32);
            }
            if let Some(ms) = m
                .deadline_ms
                .filter(|_| !m.finished())
                .and_then(|d| deadline::until_change(deadline::left_ms(d, self.shell.now_ms)))
            {
                at(ms as f32 / 1000.0);
            }
        }
        if self.screen == Screen::Lobby
            && let Some(ms) = self
                .my_games
                .games
                .iter()
                .filter_map(|g| g.deadline_ms)
                .filter_map(|d| deadline::until_change(deadline::left_ms(d, self.shell.now_ms)))
                .min()
        {
            at(ms as f32 / 1000.0);
        }
        if self.screen == Screen::Replay
            && let Some(t) = self.replay.as_ref().and_then(Replay::next_step)
        {
            at(t);
        }
        if self.screen == Screen::Puzzles
            && let Some(t) = self.puzzles.attempt.as_ref().and_then(|a| a.next_change())
        {
            at(t);
        }
        if matches!(self.screen, Screen::Tournament | Screen::Tournaments)
            && let Some(ms) = self.tournaments.next_change(self.shell.now_ms)
        {
            at(ms as f32 / 1000.0);
        }
        if self.screen == Screen::Tournaments
            && let Some(ms) = self.tournaments.list_due_in(self.shell.now_ms)
        {
            at(ms as f32 / 1000.0);
        }
        if self.screen == Screen::Tournament
            && let Some(ms) = self.tournaments.page_due_in(self.shell.now_ms)
        {
            at(ms as f32 / 1000.0);
        }
        if let Some(t) = self.puzzles.leave_lapses_in() {
            at(t);
        }
        if let Some(n) = &self.shell.notice {
            at(n.left.max(0.0));
        }
        if let Some((_, left)) = self.links.devices.as_ref().and_then(|d| d.code.as_ref()) {
            at(left.max(0.0));
        }
        if self.screen == Screen::Connection {
            // The dots after "Connecting".
            at(0.5);
        }
        if self.waiting_for_first_connection() {
            at((FIRST_CONNECTION_PATIENCE - self.online.connecting_for).max(0.0));
        }
        if let Connection::Retrying { .. } = self.online.connection {
            let f = self.online.retry_left.fract();
            at(if f > 0.0 { f } else { 1.0 });
        }
        soonest
    }

    /// The wall clock's time now, in milliseconds since the Unix epoch (the render loop reads
    /// it each frame): the correspondence deadlines are counted from it.
    pub fn set_now_ms(&mut self, now_ms: u64) {
        self.shell.now_ms = now_ms;
    }

    /// The wall clock's time, as last read.
    pub fn now_ms(&self) -> u64 {
        self.shell.now_ms
    }

    /// Moves time on: animations, autoplay, and the switch to the game-over screen once the
    /// last move has been shown.
    pub fn tick(&mut self, dt: f32) {
        self.frame(dt, dt);
    }

    /// Moves time on by a frame of `dt` seconds, as the render loop does: the clocks and
    /// notices by all of it, the animations by `shown` (the loop's [`crate::frame_pace::Pacer`]
    /// caps it, so that the frame that brings the opponent's move after an idle pause shows
    /// the move from its start instead of skipping it).
    pub fn frame(&mut self, dt: f32, shown: f32) {
        if self.waiting_for_first_connection() {
            self.online.connecting_for += dt.max(0.0);
            if self.online.connecting_for >= FIRST_CONNECTION_PATIENCE {
                self.screen = Screen::Connection;
            }
        }
        if let Some(Devices {
            code: code @ Some(_),
            ..
        }) = &mut self.links.devices
        {
            if let Some((_, left)) = code.as_mut() {
                *left -= dt.max(0.0);
            }
            if code.as_ref().is_some_and(|(_, left)| *left <= 0.0) {
                *code = None;
            }
        }
        if let Some(n) = &mut self.shell.notice {
            n.left -= dt.max(0.0);
            if n.left <= 0.0 {
                self.shell.notice = None;
            }
        }
        if let Connection::Retrying { in_secs, .. } = &mut self.online.connection {
            self.online.retry_left = (self.online.retry_left - dt.max(0.0)).max(0.0);
            *in_secs = self.online.retry_left.ceil() as u32;
        }
        if let Some(m) = &mut self.game.current {
            m.tick_by(dt, shown);
        }
        self.settle();
        if self.screen == Screen::Replay
            && let Some(r) = &mut self.replay
        {
            r.tick(shown);
        }
        if let Some(a) = &mut self.puzzles.attempt {
            a.tick(dt, shown);
        }
        self.puzzles.tick(dt);
    }

    /// Takes the steps that follow from the state itself, with no time passing: a game that
    /// has ended and shown its last move turns to its result. The loop calls it after every
    /// change (the player's actions, the server's news), as [`App::frame`] does after time
    /// passes, so that such a step is drawn in the same frame as the change that led to it,
    /// never a touch later. Returns whether it changed anything.
    pub fn settle(&mut self) -> bool {
        if let Some(m) = &self.game.current
            && self.screen == Screen::Game
            && m.finished()
            && !m.animating()
        {
            self.screen = Screen::GameOver;
            self.game.result_hidden = false;
            return true;
        }
        false
    }

    /// Whether the lobby is up while the first connection is being made, not yet long
    /// enough to say so.
    pub(super) fn waiting_for_first_connection(&self) -> bool {
        !self.online.ever_connected
            && self.screen == Screen::Lobby
            && matches!(
                self.online.connection,
                Connection::Connecting { attempt: 1 }
            )
            && self.online.connecting_for < FIRST_CONNECTION_PATIENCE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::testing::*;
    use crate::app::*;
    use crate::app::{ConnectionEvent, MatchEvent};
    use crate::app::{GameAction, LobbyAction, ScreenAction, SettingsAction};
    use crate::words::Phrase;
    use chaupal_rules::Side;

    #[test]
    fn the_first_connection_shows_the_lobby_and_its_card_only_when_it_fails_or_takes_long() {
        let mut app = App::new(false);
        app.apply(ConnectionEvent::Connecting { attempt: 1 });
        assert_eq!(app.screen, Screen::Lobby, "no card while it connects");
        assert_eq!(app.next_change(), Some(FIRST_CONNECTION_PATIENCE));
        app.tick(1.5);
        assert_eq!(app.screen, Screen::Lobby);
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert_eq!(app.screen, Screen::Lobby);
        // Slow: after two seconds, the card says it is still connecting.
        let mut slow = App::new(false);
        slow.apply(ConnectionEvent::Connecting { attempt: 1 });
        slow.tick(FIRST_CONNECTION_PATIENCE);
        assert_eq!(slow.screen, Screen::Connection);
        // A failed attempt shows the card at once.
        let mut failed = App::new(false);
        failed.apply(ConnectionEvent::Connecting { attempt: 1 });
        failed.apply(ConnectionEvent::Lost {
            reason: "The server is not answering.".into(),
            attempt: 1,
            retry_in: 2.0,
        });
        assert_eq!(failed.screen, Screen::Connection);
        // Later drops leave the player where they are (the top bar says it).
        app.apply(ConnectionEvent::Lost {
            reason: "The connection dropped.".into(),
            attempt: 1,
            retry_in: 1.0,
        });
        assert_eq!(app.screen, Screen::Lobby);
        // The device's own network is said apart from the server's.
        let mut unplugged = App::new(false);
        unplugged.apply(ConnectionEvent::DeviceOnline(false));
        assert!(unplugged.device_offline());
        unplugged.apply(ConnectionEvent::DeviceOnline(true));
        assert!(!unplugged.device_offline());
    }

    #[test]
    fn the_connection_state_follows_the_network_and_counts_down() {
        let mut app = App::new(false);
        app.screen = Screen::Connection;
        app.apply(ConnectionEvent::Lost {
            reason: "The server is not answering.".into(),
            attempt: 1,
            retry_in: 2.0,
        });
        assert_eq!(
            app.online.connection.describe(),
            "The server is not answering. Trying again in 2 s."
        );
        app.tick(1.2);
        assert!(
            app.online
                .connection
                .describe()
                .english()
                .ends_with("in 1 s.")
        );
        app.handle(ScreenAction::PlayOffline);
        assert_eq!(
            app.screen,
            Screen::Lobby,
            "local play while it keeps trying"
        );
        app.apply(ConnectionEvent::Connecting { attempt: 2 });
        assert!(app.online.connection.describe().english().contains("try 2"));
        app.screen = Screen::Connection;
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert_eq!(app.screen, Screen::Lobby);
        assert!(app.online.connection.online());
    }

    #[test]
    fn notices_go_away_by_themselves_and_a_reconnection_clears_the_alarm() {
        let mut app = offline();
        app.tell(Phrase::verbatim("Draw offered."), Tone::News);
        app.tick(NOTICE_SECONDS - 0.5);
        assert!(app.shell.notice.is_some(), "still up");
        app.tick(1.0);
        assert!(app.shell.notice.is_none(), "gone after {NOTICE_SECONDS} s");
        app.tell(
            Phrase::verbatim("The server is shutting down."),
            Tone::Problem,
        );
        app.tick(NOTICE_SECONDS + 1.0);
        assert!(app.shell.notice.is_some(), "a problem stays longer");
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert!(
            app.shell.notice.is_none(),
            "connected again: the alarm is over"
        );
        app.tell(Phrase::verbatim("Your seek is open."), Tone::News);
        app.apply(ConnectionEvent::Welcomed {
            name: "asha".into(),
        });
        assert!(app.shell.notice.is_some(), "news stays");
    }

    #[test]
    fn a_deadlines_words_are_drawn_again_when_they_change() {
        use crate::app::{MyGameEntry, MyGamesChange};
        use chaupal_shared::protocol::Correspondence;
        let mut app = online();
        let now = 1_767_225_600_000;
        app.set_now_ms(now);
        let minute = 60_000;
        let game = |id, deadline_ms| MyGameEntry {
            id,
            kind: chaupal_rules::GameKind::Kalah,
            opponent: "bimal".into(),
            your_turn: true,
            pace: Correspondence { days: Some(3) },
            deadline_ms,
            moves: 2,
            muted: false,
        };
        app.apply(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
            more: 0,
            games: vec![
                // "2 days 3 hours" until the next hour; "5 hours 20 minutes" until the next
                // minute, half a minute away: the sooner.
                game(1, Some(now + 2 * 86_400_000 + 3 * 3_600_000 + 10 * minute)),
                game(2, Some(now + 5 * 3_600_000 + 20 * minute + 30_000)),
                game(3, None),
            ],
        })));
        let next = app
            .next_change()
            .expect("the words of the time left change");
        assert!((next - 30.001).abs() < 1e-3, "{next}");
        // In a game on the screen, without the lobby's list.
        let mut m = crate::play::Match::new(
            chaupal_rules::AnyGame::start(chaupal_rules::GameKind::Kalah, [("", ""); 0])
                .expect("start"),
            crate::play::Seats::One(Side::First),
            true,
        );
        m.pace = Some(Correspondence { days: Some(3) });
        m.deadline_ms = Some(now + 3 * 86_400_000 - 10 * minute);
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game: m,
            watchers: 0,
            offers: Vec::new(),
        })));
        let next = app.next_change().expect("the deadline's words change");
        assert!((next - 50.0 * 60.0).abs() < 0.01, "{next}");
    }

    #[test]
    fn the_picture_changes_by_itself_only_when_something_moves_or_counts_down() {
        let mut app = offline();
        assert_eq!(
            app.next_change(),
            None,
            "an idle lobby never changes by itself"
        );
        app.handle(LobbyAction::SelectMode(PlayMode::Friend));
        app.handle(SettingsAction::EditName);
        assert_eq!(
            app.next_change(),
            None,
            "nor a text field taking the typing: its caret is steady"
        );
        app.handle(SettingsAction::CancelName);
        app.handle(LobbyAction::SelectMode(PlayMode::ThisComputer));
        app.handle(LobbyAction::Start);
        assert_eq!(app.next_change(), None, "a game waiting for a move neither");
        app.handle(GameAction::Cell("c3".into()));
        app.handle(GameAction::Cell("a1".into()));
        app.handle(GameAction::Cell("b2".into()));
        assert_eq!(app.next_change(), Some(0.0), "a piece is gliding");
        // A long frame (the first after an idle pause) moves the glide on by a short step.
        app.frame(5.0, 0.01);
        assert_eq!(
            app.next_change(),
            Some(0.0),
            "still gliding after a long frame"
        );
        app.tick(1.0);
        assert_eq!(app.next_change(), None);
        if let Some(m) = &mut app.game.current {
            m.clocks = Some(crate::play::ClockState {
                left_ms: [61_500.0, 5_000.0],
                running: Some(Side::First),
            });
        }
        let next = app.next_change().expect("a running clock");
        assert!((next - 0.5).abs() < 1e-3, "the next whole second: {next}");
        app.tell(Phrase::verbatim("Hello."), Tone::News);
        assert!(app.next_change().is_some_and(|t| t <= 0.5));
    }
}
