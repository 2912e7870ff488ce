//! Tournaments on the wire: the app's wishes about tournaments as requests (the list, a
//! tournament opened and closed, joined, paused, left, a page of its standings, a new arena),
//! the server's answers and news as events, and its refusals in words.

use chaupal_shared::protocol::tournaments::TournamentId;
use chaupal_shared::protocol::{ClientMessage, ErrorReply, Reply, Request};

use super::{Asked, Link};
use crate::app::{Event, TournamentEvent, TournamentRequest};
use crate::net::wording;
use crate::say;

impl Link {
    /// The request for a wish about tournaments.
    pub(super) fn tournament_request(&mut self, out: TournamentRequest) -> ClientMessage {
        let (request, asked) = match out {
            TournamentRequest::List => (Request::ListTournaments, Asked::Tournament),
            TournamentRequest::Open { id, code } => (
                Request::OpenTournament {
                    tournament: TournamentId(id),
                    code,
                },
                Asked::Tournament,
            ),
            TournamentRequest::Close(id) => (
                Request::CloseTournament {
                    tournament: TournamentId(id),
                },
                Asked::Other,
            ),
            TournamentRequest::Join { id, code } => (
                Request::JoinTournament {
                    tournament: TournamentId(id),
                    code,
                },
                Asked::Tournament,
            ),
            TournamentRequest::Pause(id) => (
                Request::PauseTournament {
                    tournament: TournamentId(id),
                },
                Asked::Tournament,
            ),
            TournamentRequest::Leave(id) => (
                Request::LeaveTournament {
                    tournament: TournamentId(id),
                },
                Asked::Tournament,
            ),
            TournamentRequest::Standings { id, page } => (
                Request::TournamentStandings {
                    tournament: TournamentId(id),
                    page,
                },
                Asked::Tournament,
            ),
            TournamentRequest::Create(setup) => {
                (Request::CreateTournament(setup), Asked::TournamentMade)
            }
        };
        self.message(request, asked)
    }

    /// The event for a tournament reply (none for any other).
    pub(super) fn tournament_reply(asked: &Asked, reply: Reply) -> Option<Event> {
        Some(Event::Tournament(match reply {
            Reply::Tournament(view) if *asked == Asked::TournamentMade => {
                TournamentEvent::Made(view)
            }
            Reply::Tournament(view) => TournamentEvent::View(view),
            Reply::Tournaments { tournaments } => TournamentEvent::Listed(tournaments),
            Reply::TournamentStandings(page) => TournamentEvent::Standings(page),
            _ => return None,
        }))
    }

    /// A refusal of a tournament request, in words (none for any other request).
    pub(super) fn tournament_error(asked: &Asked, error: &ErrorReply) -> Option<Event> {
        let what = match asked {
            Asked::Tournament => say!("asked-tournament"),
            Asked::TournamentMade => say!("asked-new-tournament"),
            _ => return None,
        };
        Some(Event::Tournament(TournamentEvent::Refused(
            wording::server_error(Some(what), error),
        )))
    }
}
