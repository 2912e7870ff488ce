//! This player's correspondence games in play, as the lobby's "My games" lists them: each with
//! its opponent, whose turn it is and the deadline, the games where it is the player's turn
//! first. The server's list comes after the greeting and each `my_game` notice keeps it
//! current (a game that ends leaves it); a notice that makes it the player's turn while the
//! page is hidden is heard. The tab's title counts the games waiting for the player's move.

mod waiting;

pub use waiting::WaitingSeek;

use chaupal_rules::GameKind;
use chaupal_shared::protocol::Correspondence;

use crate::app::App;
use crate::app::LobbyRequest;
use crate::app::Outgoing;
use crate::app::shell::Cue;
use crate::deadline;
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// One of this player's correspondence games in play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MyGameEntry {
    pub id: u64,
    pub kind: GameKind,
    /// Whom this player plays: the other seat's name (with its rating), or both seats' when
    /// this player holds both.
    pub opponent: Phrase,
    /// Whether the side to move is this player's.
    pub your_turn: bool,
    pub pace: Correspondence,
    /// When the side to move must have moved, in milliseconds since the Unix epoch (none: no
    /// limit).
    pub deadline_ms: Option<u64>,
    /// The moves played so far.
    pub moves: u32,
    /// Whether this player muted the game's notifications.
    pub muted: bool,
}

impl MyGameEntry {
    /// What the list says of it at `now_ms`, after the opponent's name: the game, whose
    /// turn, the time left for the move (or that there is no limit), and whether its
    /// notifications are muted.
    pub fn details(&self, now_ms: u64) -> Vec<Phrase> {
        let mut out = vec![terms::game_name(self.kind)];
        out.push(if self.your_turn {
            say!("my-games-your-turn")
        } else {
            say!("my-games-their-turn")
        });
        out.push(match self.deadline_ms {
            None => say!("pace-unlimited"),
            Some(d) => match deadline::time_left(deadline::left_ms(d, now_ms)) {
                Some(time) => say!("my-games-left", time = time),
                None => say!("my-games-time-up"),
            },
        });
        if self.muted {
            out.push(say!("my-games-muted"));
        }
        out
    }
}

/// The order of the list: the games where it is the player's turn first, then the soonest
/// deadline (no limit last), then the oldest game.
fn order(g: &MyGameEntry) -> (bool, u64, u64) {
    (!g.your_turn, g.deadline_ms.unwrap_or(u64::MAX), g.id)
}

/// A change of the list, from the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MyGamesChange {
    /// The whole list (the answer to `my_games`), and how many more games the server left
    /// out of it.
    All { games: Vec<MyGameEntry>, more: u32 },
    /// A game started, or a move was played in it.
    Now(MyGameEntry),
    /// A game ended: it leaves the list.
    Ended(u64),
}

impl App {
    /// This player's correspondence games in play, those where it is their turn first.
    pub fn my_games(&self) -> &[MyGameEntry] {
        &self.my_games.games
    }

    /// How many more games in play the server left out of the list (it lists so many).
    pub fn my_games_more(&self) -> u32 {
        self.my_games.more
    }

    /// One of them, by its number.
    pub fn my_game(&self, id: u64) -> Option<&MyGameEntry> {
        self.my_games.games.iter().find(|g| g.id == id)
    }

    /// The correspondence games waiting for this player's move, but the one on the screen
    /// (its own title says so): the number the tab's title shows.
    pub fn turns_waiting(&self) -> usize {
        let shown = self.game.current.as_ref().and_then(|m| m.id);
        self.my_games
            .games
            .iter()
            .filter(|g| g.your_turn && Some(g.id) != shown)
            .count()
    }

    /// Takes in a change of the list.
    pub(in crate::app) fn change_my_games(&mut self, change: MyGamesChange) {
        match change {
            MyGamesChange::All { games, more } => {
                self.my_games.games = games;
                self.my_games.more = more;
            }
            MyGamesChange::Now(game) => {
                let before = self.my_games.games.iter().position(|g| g.id == game.id);
                let was_turn = before.is_some_and(|i| self.my_games.games[i].your_turn);
                if let Some(i) = before {
                    self.my_games.games.remove(i);
                }
                let shown = self.game.current.as_ref().and_then(|m| m.id);
                if game.your_turn && !was_turn && shown != Some(game.id) && self.shell.page_hidden {
                    self.cue(Cue::Turn);
                }
                self.my_games.games.push(game);
            }
            MyGamesChange::Ended(id) => self.my_games.games.retain(|g| g.id != id),
        }
        self.my_games.games.sort_by_key(order);
    }

    /// Opens one of this player's games from the list: they sit down at it again.
    pub(in crate::app) fn open_my_game(&mut self, id: u64) -> Vec<Outgoing> {
        if self.require_online(say!("doing-open-game")) {
            vec![Outgoing::Lobby(LobbyRequest::Resume(id))]
        } else {
            Vec::new()
        }
    }

    /// Keeps what the server said of a game's muting (none: of all the player's games).
    pub(in crate::app) fn mute_kept(&mut self, game: Option<u64>, muted: bool) {
        match game {
            Some(id) => {
                if let Some(g) = self.my_games.games.iter_mut().find(|g| g.id == id) {
                    g.muted = muted;
                }
            }
            None => self.push.muted_all = muted,
        }
    }
}

/// This player's games by correspondence and what waits for an opponent.
#[derive(Clone, Debug, Default)]
pub(in crate::app) struct MyGames {
    /// This player's correspondence games in play, those where it is their turn first.
    pub(in crate::app) games: Vec<MyGameEntry>,
    /// How many more games in play the server left out of its list.
    pub(in crate::app) more: u32,
    /// This player's seeks and invitations still waiting for an opponent, oldest first.
    pub(in crate::app) waiting: Vec<WaitingSeek>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::testing::*;
    use crate::app::{ConnectionEvent, MatchEvent, PushEvent};
    use crate::app::{Event, LobbyChange, Opened, Screen, tab_title};
    use crate::app::{GameAction, LobbyAction};
    use crate::play::{Match, Seats};
    use chaupal_rules::{AnyGame, Side};

    fn entry(id: u64, your_turn: bool, deadline_ms: Option<u64>) -> MyGameEntry {
        MyGameEntry {
            id,
            kind: GameKind::Kalah,
            opponent: "bimal".into(),
            your_turn,
            pace: Correspondence {
                days: deadline_ms.map(|_| 3),
            },
            deadline_ms,
            moves: 4,
            muted: false,
        }
    }

    fn all(games: Vec<MyGameEntry>) -> MyGamesChange {
        MyGamesChange::All { games, more: 0 }
    }

    fn change(app: &mut App, change: MyGamesChange) {
        app.apply(Event::Lobby(LobbyChange::MyGames(change)));
    }

    fn ids(app: &App) -> Vec<u64> {
        app.my_games().iter().map(|g| g.id).collect()
    }

    #[test]
    fn the_players_turns_come_first_the_soonest_deadline_first_among_them() {
        let mut app = online();
        change(
            &mut app,
            all(vec![
                entry(1, false, Some(100)),
                entry(2, true, None),
                entry(3, true, Some(900)),
                entry(4, true, Some(500)),
                entry(5, false, None),
            ]),
        );
        assert_eq!(ids(&app), [4, 3, 2, 1, 5]);
        assert_eq!(app.turns_waiting(), 3);
        // The tab's title counts them.
        let count = u32::try_from(app.turns_waiting()).unwrap_or(0);
        assert_eq!(tab_title(&app.title().english(), count), "(3) Chaupal");
    }

    #[test]
    fn a_notice_moves_a_game_in_the_list_and_an_ended_game_leaves_it() {
        let mut app = online();
        change(
            &mut app,
            all(vec![entry(1, true, Some(100)), entry(2, false, Some(50))]),
        );
        assert_eq!(ids(&app), [1, 2]);
        // This player moved in game 1: the opponent's turn now, with a later deadline.
        change(&mut app, MyGamesChange::Now(entry(1, false, Some(400))));
        assert_eq!(ids(&app), [2, 1], "the sooner deadline first");
        assert_eq!(app.turns_waiting(), 0);
        // The opponent moved in game 2, and a new game began with this player to move.
        change(&mut app, MyGamesChange::Now(entry(2, true, Some(600))));
        change(&mut app, MyGamesChange::Now(entry(7, true, Some(300))));
        assert_eq!(ids(&app), [7, 2, 1]);
        assert_eq!(app.turns_waiting(), 2);
        change(&mut app, MyGamesChange::Ended(2));
        assert_eq!(ids(&app), [7, 1]);
        assert_eq!(app.turns_waiting(), 1);
        assert!(app.my_game(2).is_none());
    }

    #[test]
    fn muting_a_game_marks_it_until_the_server_says_otherwise() {
        let mut app = online();
        change(&mut app, all(vec![entry(1, false, Some(100))]));
        app.apply(PushEvent::Muted {
            game: Some(1),
            muted: true,
        });
        assert!(app.my_game(1).is_some_and(|g| g.muted));
        // Unmuted on another device: the next notice says so.
        change(&mut app, MyGamesChange::Now(entry(1, true, Some(900))));
        assert!(app.my_game(1).is_some_and(|g| !g.muted && g.your_turn));
    }

    #[test]
    fn the_players_turn_is_heard_only_while_the_page_is_hidden_and_not_for_the_game_on_screen() {
        let mut app = online();
        change(&mut app, all(vec![entry(1, false, Some(100))]));
        change(&mut app, MyGamesChange::Now(entry(1, true, Some(200))));
        assert!(
            app.take_cues().is_empty(),
            "the page is in sight: the list says it"
        );
        app.apply(ConnectionEvent::PageHidden(true));
        change(&mut app, MyGamesChange::Now(entry(1, true, Some(300))));
        assert!(
            app.take_cues().is_empty(),
            "still the player's turn: nothing new"
        );
        change(&mut app, MyGamesChange::Now(entry(2, true, Some(300))));
        assert_eq!(app.take_cues(), [Cue::Turn], "a new turn, heard");
        // The game on the screen says its moves itself.
        let mut m = Match::new(
            AnyGame::start(GameKind::Kalah, [("", ""); 0]).expect("start"),
            Seats::One(Side::First),
            true,
        );
        m.id = Some(3);
        app.apply(MatchEvent::Opened(Box::new(Opened {
            game: m,
            watchers: 0,
            offers: Vec::new(),
        })));
        assert_eq!(app.screen(), Screen::Game);
        change(&mut app, MyGamesChange::Now(entry(3, true, Some(300))));
        assert!(app.take_cues().is_empty());
        assert_eq!(
            app.turns_waiting(),
            2,
            "games 1 and 2; game 3 is on the screen"
        );
        app.handle(GameAction::ToLobby);
        assert_eq!(app.turns_waiting(), 3);
    }

    #[test]
    fn each_game_says_whose_turn_and_the_time_left_at_the_time_it_is_read() {
        let day = 86_400_000;
        let hour = 3_600_000;
        let deadline = 1_767_484_800_000;
        let said = |g: &MyGameEntry, now: u64| {
            let en = crate::words::Words::new(crate::words::Language::English);
            let parts: Vec<String> = g.details(now).iter().map(|p| en.say(p)).collect();
            parts.join(" · ")
        };
        let mine = entry(45, true, Some(deadline));
        let at = |left: u64| deadline - left;
        assert_eq!(
            said(&mine, at(2 * day + 3 * hour + 59_000)),
            "Kalah · Your turn · 2 days 3 hours left"
        );
        assert_eq!(
            said(&mine, at(5 * hour)),
            "Kalah · Your turn · 5 hours left"
        );
        assert_eq!(
            said(&mine, at(20_000)),
            "Kalah · Your turn · less than a minute left"
        );
        assert_eq!(said(&mine, deadline + 5), "Kalah · Your turn · time is up");
        let mut theirs = entry(46, false, None);
        theirs.muted = true;
        assert_eq!(
            said(&theirs, deadline),
            "Kalah · Their turn · no time limit · muted"
        );
    }

    #[test]
    fn a_game_is_opened_from_the_list_by_sitting_down_at_it() {
        let mut app = online();
        change(&mut app, all(vec![entry(9, true, Some(100))]));
        assert_eq!(
            app.handle(LobbyAction::OpenMyGame(9)),
            [Outgoing::Lobby(LobbyRequest::Resume(9))]
        );
        let mut away = offline();
        assert!(away.handle(LobbyAction::OpenMyGame(9)).is_empty());
        assert!(away.notice().is_some());
    }
}
