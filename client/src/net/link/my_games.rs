//! This player's correspondence games as the server tells of them: the list (`my_games`,
//! asked after each greeting) and each `my_game` notice, as changes of the lobby's "My
//! games". A game that ends leaves the list, and the finished games are asked for again so
//! that it shows among them.

use chaupal_shared::protocol::{GameStatus, MyGame};

use super::lobby::seat_name;
use super::{Link, Reaction};
use crate::app::{Event, LobbyChange, MyGameEntry, MyGamesChange};
use crate::play::seat_label;
use crate::say;

impl Link {
    /// The answer to `my_games`: the correspondence games among them (live games are in the
    /// lobby's live list), and how many more games the server left out.
    pub(super) fn my_games(&self, games: &[MyGame], more: u32) -> Reaction {
        let games = games.iter().filter_map(my_game_entry).collect();
        Reaction::event(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
            games,
            more,
        })))
    }

    /// A `my_game` notice: a correspondence game started, moved or ended.
    pub(super) fn my_game_notice(&mut self, game: &MyGame) -> Reaction {
        let Some(entry) = my_game_entry(game) else {
            return Reaction::default();
        };
        if game.summary.status == GameStatus::Finished {
            let mut reaction = Reaction::event(Event::Lobby(LobbyChange::MyGames(
                MyGamesChange::Ended(entry.id),
            )));
            reaction.requests.push(self.finished_games());
            return reaction;
        }
        Reaction::event(Event::Lobby(LobbyChange::MyGames(MyGamesChange::Now(
            entry,
        ))))
    }
}

/// A game of this player's as "My games" lists it: whom they play, whose turn, the deadline;
/// none for a live game.
fn my_game_entry(g: &MyGame) -> Option<MyGameEntry> {
    let s = &g.summary;
    let pace = s.correspondence?;
    let label = |i: usize| seat_label(&seat_name(&s.seats[i]), s.seats[i].rating);
    let opponent = match g.your_seats.as_slice() {
        [one] => label(one.opponent().index()),
        _ => say!("lists-versus", first = label(0), second = label(1)),
    };
    Some(MyGameEntry {
        id: s.game.0,
        kind: s.kind,
        opponent,
        your_turn: g.your_turn,
        pace,
        deadline_ms: s.deadline_ms,
        moves: s.plies,
        muted: g.muted,
    })
}

#[cfg(test)]
mod tests {
    use crate::net::link::testing::*;
    use chaupal_rules::{GameKind, Side};
    use chaupal_shared::protocol::{
        ClientMessage, Correspondence, GameResult, GameStatus, MyGame, PlayerId, PlayerInfo, Reply,
        Request, ResultReason, ServerMessage,
    };

    fn mine(game: u64, your_turn: bool, deadline_ms: Option<u64>) -> MyGame {
        let mut summary = summary(game, GameKind::Kalah);
        summary.correspondence = Some(Correspondence { days: Some(3) });
        summary.deadline_ms = deadline_ms;
        summary.seats[0].player = Some(PlayerInfo {
            id: PlayerId(3),
            name: "asha".into(),
        });
        summary.seats[1].rating = Some(1544);
        MyGame {
            summary,
            your_seats: vec![Side::First],
            your_turn,
            muted: false,
        }
    }

    fn asked_for_my_games(out: &[ClientMessage]) -> u64 {
        out.iter()
            .find(|m| matches!(m.request, Request::MyGames))
            .map(|m| m.id)
            .expect("my_games asked for")
    }

    #[test]
    fn the_greeting_asks_for_my_games_and_the_list_names_the_opponent() {
        let mut link = crate::net::link::Link::new();
        let mut app = crate::app::App::new(false);
        let mut config = crate::config::Config::default();
        link.connected("asha", None);
        let out = deliver(&mut link, &mut app, &mut config, welcome(Vec::new()));
        let id = asked_for_my_games(&out);
        let mut live = mine(42, false, None);
        live.summary.correspondence = None;
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Reply {
                id,
                reply: Reply::MyGames {
                    games: vec![
                        mine(45, true, Some(1_000)),
                        live,
                        mine(46, false, Some(500)),
                    ],
                    more: 3,
                },
            },
        );
        let listed: Vec<u64> = app.my_games().iter().map(|g| g.id).collect();
        assert_eq!(
            listed,
            [45, 46],
            "the live game is in the lobby's live list"
        );
        assert_eq!(app.my_games_more(), 3);
        let first = &app.my_games()[0];
        assert_eq!(first.opponent, "bo (1544)");
        assert!(first.your_turn);
        assert_eq!(first.deadline_ms, Some(1_000));
    }

    #[test]
    fn notices_keep_the_list_and_an_ended_game_goes_to_the_finished_ones() {
        let (mut link, mut app, mut config) = greeted();
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::MyGame(Box::new(mine(45, true, Some(1_000)))),
        );
        assert!(
            matches!(out.as_slice(), [m] if m.request == Request::MySeeks),
            "a game started: the seeks waiting are asked for again, nothing else: {out:?}"
        );
        assert_eq!(app.my_games().len(), 1);
        assert_eq!(app.turns_waiting(), 1);
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::MyGame(Box::new(mine(45, false, Some(9_000)))),
        );
        assert_eq!(app.turns_waiting(), 0);
        assert_eq!(app.my_games()[0].deadline_ms, Some(9_000));
        let mut over = mine(45, false, None);
        over.summary.status = GameStatus::Finished;
        over.summary.result = Some(GameResult {
            winner: Some(Side::Second),
            reason: ResultReason::Timeout,
        });
        let out = deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::MyGame(Box::new(over)),
        );
        assert!(app.my_games().is_empty());
        assert!(
            out.iter()
                .any(|m| matches!(m.request, Request::FinishedGames { .. })),
            "{out:?}"
        );
    }
}
