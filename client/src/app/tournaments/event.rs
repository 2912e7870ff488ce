//! What the server says about tournaments: the list, a tournament's view (opened, entered,
//! paused, left, or just made), a page of its standings, its news, a refusal.

use chaupal_shared::protocol::tournaments::{
    StandingsPage, TournamentNews, TournamentSummary, TournamentView,
};

use crate::app::App;
use crate::app::Event;
use crate::app::Outgoing;
use crate::words::Phrase;

/// What happens outside the app about tournaments.
#[derive(Clone, Debug)]
pub enum TournamentEvent {
    Listed(Vec<TournamentSummary>),
    /// A tournament's view: the answer to opening, joining, pausing or leaving it.
    View(Box<TournamentView>),
    /// The view of the tournament this player just made (not yet followed).
    Made(Box<TournamentView>),
    /// A page of the standings asked for.
    Standings(Box<StandingsPage>),
    /// News of a tournament followed or played in.
    News(TournamentNews),
    /// The server refused something about tournaments, in words.
    Refused(Phrase),
}

impl From<TournamentEvent> for Event {
    fn from(event: TournamentEvent) -> Self {
        Event::Tournament(event)
    }
}

impl App {
    /// Takes in an event about tournaments.
    pub(in crate::app) fn apply_tournament(&mut self, event: TournamentEvent) -> Vec<Outgoing> {
        match event {
            TournamentEvent::Listed(list) => self.tournaments_listed(list),
            TournamentEvent::View(view) => self.tournament_view(*view),
            TournamentEvent::Made(view) => return self.tournament_made(*view),
            TournamentEvent::Standings(page) => {
                self.tournaments.asking = false;
                if let Some(open) = &mut self.tournaments.open {
                    open.page_came(*page);
                }
            }
            TournamentEvent::News(news) => self.tournament_news(news),
            TournamentEvent::Refused(text) => {
                self.tournaments.asking = false;
                self.tell(text, crate::app::Tone::Problem);
            }
        }
        Vec::new()
    }
}
