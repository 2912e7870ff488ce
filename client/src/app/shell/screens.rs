//! Moving between screens and what stands over them: the rules and back, the connection
//! screen's choices, the notices (shown, put aside) and scrolling.

use crate::app::App;
use crate::app::LocalWish;
use crate::app::Outgoing;
use crate::app::ScreenAction;
use crate::app::shell::{NOTICE_SECONDS, Notice, PROBLEM_SECONDS, Screen, Tone};
use crate::words::Phrase;

impl App {
    /// Moving between screens: the rules and back, the connection screen's choices, notices put
    /// aside, scrolling.
    pub(in crate::app) fn handle_screens(&mut self, action: ScreenAction) -> Vec<Outgoing> {
        let mut out = Vec::new();
        match action {
            ScreenAction::ShowRules(kind) => {
                if !matches!(self.screen, Screen::Rules(_)) {
                    self.shell.back.rules = self.screen;
                }
                self.screen = Screen::Rules(kind);
            }
            ScreenAction::PlayOffline => self.screen = Screen::Lobby,
            ScreenAction::RetryNow => out.push(Outgoing::Local(LocalWish::RetryNow)),
            ScreenAction::DismissNotice => self.shell.notice = None,
            ScreenAction::Back
                if matches!(
                    self.screen,
                    Screen::Tournaments | Screen::Tournament | Screen::NewTournament
                ) =>
            {
                out.extend(self.back_from_tournaments());
            }
            ScreenAction::Back => {
                self.screen = match self.screen {
                    Screen::Rules(_) => self.shell.back.rules,
                    Screen::Replay => self.shell.back.replay,
                    Screen::Puzzles => self.shell.back.puzzles,
                    _ => Screen::Lobby,
                };
            }
            ScreenAction::ScrollTo(y) => self.shell.scroll = (self.screen, y.max(0)),
            ScreenAction::ScrollListsTo(y) => self.lobby.lists_scroll = y.max(0),
        }
        out
    }

    /// Shows a message.
    pub(in crate::app) fn tell(&mut self, text: Phrase, tone: Tone) {
        self.shell.notice = Some(Notice {
            text,
            tone,
            left: match tone {
                Tone::News => NOTICE_SECONDS,
                Tone::Problem => PROBLEM_SECONDS,
            },
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::LobbyAction;
    use crate::app::testing::*;
    use chaupal_rules::GameKind;

    #[test]
    fn rules_screen_returns_where_it_was_opened() {
        let mut app = offline();
        app.handle(LobbyAction::Start);
        app.handle(ScreenAction::ShowRules(GameKind::BaghChal));
        app.handle(ScreenAction::ShowRules(GameKind::Kalah));
        assert_eq!(app.screen, Screen::Rules(GameKind::Kalah));
        app.handle(ScreenAction::Back);
        assert_eq!(app.screen, Screen::Game);
    }

    #[test]
    fn the_lobbys_lists_scroll_apart_from_the_screen() {
        let mut app = offline();
        app.handle(ScreenAction::ScrollTo(120));
        app.handle(ScreenAction::ScrollListsTo(480));
        assert_eq!((app.scroll(), app.lists_scroll()), (120.0, 480.0));
        app.handle(ScreenAction::ScrollTo(0));
        assert_eq!(
            app.lists_scroll(),
            480.0,
            "the screen's scroll leaves the lists'"
        );
        app.handle(ScreenAction::ScrollListsTo(-30));
        assert_eq!(app.lists_scroll(), 0.0, "never above the top");
    }
}
