//! The lobby's lists as the server sends them: seeks, live games and this player's finished
//! games, as the lobby shows them, and the seats' names.

use chaupal_shared::protocol::{
    Engine, GameStatus, GameSummary, LobbyEvent, ResultReason, SeatInfo, SeekInfo,
};

use super::Link;
use crate::app::{FinishedEntry, LiveEntry, LobbyChange, SeekEntry, clock_words, pace_words};
use crate::say;
use crate::terms;
use crate::words::Phrase;

impl Link {
    /// A lobby event as a change of the lobby's lists (none for a game that is not listed).
    pub(super) fn lobby_event(&self, event: LobbyEvent) -> Option<LobbyChange> {
        Some(match event {
            LobbyEvent::SeekAdded(s) => LobbyChange::SeekAdded(self.seek_entry(s)),
            LobbyEvent::SeekRemoved { seek } => LobbyChange::SeekRemoved(seek.0),
            LobbyEvent::GameStarted(g) => LobbyChange::GameStarted(self.live_entry(&g)?),
            LobbyEvent::GameProgress { game, plies } => LobbyChange::GameProgress {
                id: game.0,
                moves: plies,
            },
            LobbyEvent::GameEnded { game, .. } => LobbyChange::GameEnded(game.0),
            LobbyEvent::Reset { seeks, games, .. } => self.lists(seeks, &games),
        })
    }

    /// Both lists of the lobby.
    pub(super) fn lists(&self, seeks: Vec<SeekInfo>, games: &[GameSummary]) -> LobbyChange {
        LobbyChange::Lists {
            seeks: seeks.into_iter().map(|s| self.seek_entry(s)).collect(),
            live: games.iter().filter_map(|g| self.live_entry(g)).collect(),
        }
    }

    /// A seek as the lobby lists it.
    pub(super) fn seek_entry(&self, s: SeekInfo) -> SeekEntry {
        SeekEntry {
            id: s.seek.0,
            kind: s.kind,
            rules: s.rules.into_iter().map(|p| (p.key, p.value)).collect(),
            mine: self.me == Some(s.by.id),
            who: crate::play::seat_label(&Phrase::verbatim(s.by.name), s.rating),
            pace: s
                .correspondence
                .map(pace_words)
                .or_else(|| s.clock.as_ref().map(clock_words)),
            rated: s.rated,
        }
    }

    /// A live game as the lobby lists it (finished ones are left out).
    pub(super) fn live_entry(&self, g: &GameSummary) -> Option<LiveEntry> {
        let me = self.me;
        (g.status == GameStatus::Live).then(|| LiveEntry {
            mine: g
                .seats
                .iter()
                .any(|s| s.player.as_ref().map(|p| p.id) == me && me.is_some()),
            id: g.game.0,
            kind: g.kind,
            players: [0, 1].map(|i| seat_name(&g.seats[i])),
            ratings: [0, 1].map(|i| g.seats[i].rating),
            moves: g.plies,
            watchers: g.watchers,
            exhibition: g.seats.iter().all(|s| s.engine.is_some()),
        })
    }
}

/// A finished game as the lobby lists it.
pub(super) fn finished_entry(g: &GameSummary) -> FinishedEntry {
    FinishedEntry {
        id: g.game.0,
        kind: g.kind,
        players: [0, 1].map(|i| seat_name(&g.seats[i])),
        result: match g.result {
            Some(r) if r.reason == ResultReason::Aborted => say!("finished-aborted"),
            Some(r) => match r.winner {
                Some(w) => say!("finished-won", name = seat_name(&g.seats[w.index()])),
                None => say!("finished-draw"),
            },
            None => say!("finished-unfinished"),
        },
        moves: g.plies,
    }
}

/// A seat's name as the client shows it: a player's own, a computer level's in the
/// interface's language ("AI level 3"), an engine's as the server gives it.
pub(super) fn seat_name(seat: &SeatInfo) -> Phrase {
    match &seat.engine {
        Some(Engine::Level { level }) => terms::ai_level(*level),
        _ => Phrase::verbatim(&seat.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::link::testing::*;
    use chaupal_rules::{GameKind, Side};
    use chaupal_shared::protocol::{
        ClockSpec, PlayerId, PlayerInfo, RulePair, SeekId, ServerMessage, SideChoice,
    };

    #[test]
    fn the_lobby_lists_follow_the_server() {
        let (mut link, mut app, mut config) = greeted();
        let seek = SeekInfo {
            seek: SeekId(12),
            by: PlayerInfo {
                id: PlayerId(4),
                name: "bo".into(),
            },
            kind: GameKind::Kalah,
            rules: vec![RulePair::new("pits", "4")],
            clock: Some(ClockSpec {
                initial_ms: 300_000,
                increment_ms: 5_000,
            }),
            correspondence: None,
            side: SideChoice::Random,
            rated: false,
            rating: Some(1500),
        };
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::SeekAdded(seek.clone())),
        );
        assert_eq!(app.seeks().len(), 1);
        assert_eq!(app.seeks()[0].who, "bo (1500)");
        assert_eq!(
            app.seeks()[0].pace.as_ref().map(Phrase::english).as_deref(),
            Some("5 min + 5 s")
        );
        assert!(!app.seeks()[0].mine, "made by bo, not by asha");
        // A correspondence seek shows its days a move.
        let mut slow = seek.clone();
        slow.seek = SeekId(13);
        slow.clock = None;
        slow.correspondence = Some(chaupal_shared::protocol::Correspondence { days: Some(7) });
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::SeekAdded(slow)),
        );
        let listed = app.seeks().iter().find(|s| s.id == 13).expect("listed");
        assert_eq!(
            listed.pace.as_ref().map(Phrase::english).as_deref(),
            Some("7 days a move")
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::SeekRemoved { seek: SeekId(13) }),
        );
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::GameStarted(Box::new(summary(
                9,
                GameKind::Jungle,
            )))),
        );
        assert_eq!(app.live().len(), 1);
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::SeekRemoved { seek: SeekId(12) }),
        );
        assert!(app.seeks().is_empty());
    }

    #[test]
    fn seat_ratings_reach_the_game_view_and_the_live_games_list() {
        let (mut link, mut app, mut config) = greeted();
        let mut snap = snapshot(7, &["c3"], vec![Side::First], 1);
        if let ServerMessage::Snapshot(s) = &mut snap {
            s.summary.seats[0].rating = Some(1523);
            s.summary.seats[1].engine = Some(Engine::Level { level: 5 });
            s.summary.seats[1].rating = Some(1789);
        }
        deliver(&mut link, &mut app, &mut config, snap);
        let m = app.current().expect("game");
        assert_eq!(m.ratings, [Some(1523), Some(1789)]);
        assert_eq!(
            m.names.each_ref().map(Phrase::english),
            ["asha".to_owned(), "AI level 5".to_owned()],
            "names stay bare"
        );
        let mut rated = summary(9, GameKind::Jungle);
        rated.seats[1].rating = Some(1612);
        deliver(
            &mut link,
            &mut app,
            &mut config,
            ServerMessage::Lobby(LobbyEvent::GameStarted(Box::new(rated))),
        );
        let g = app.live().iter().find(|g| g.id == 9).expect("listed");
        assert_eq!(g.ratings, [None, Some(1612)]);
        assert_eq!(g.players, ["asha".to_owned(), "bo".to_owned()]);
    }
}
