//! What the server says about the game on the screen: its snapshot, who is at it, its next
//! event, a move taken, the engine's suggestion.

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{Clocks, GameEvent, SeatPresence};

use crate::app::App;
use crate::app::Event;
use crate::app::GameRequest;
use crate::app::game::ResignQuestion;
use crate::app::shell::{Cue, Screen, Tone};
use crate::app::{Offer, Outgoing};
use crate::play::{ClockState, Ending, Hint, Match, Seats};
use crate::say;
use crate::terms;
use crate::words::Phrase;

/// What happens outside the app about the game on the screen.
#[derive(Clone, Debug)]
pub enum MatchEvent {
    /// A game to show, from the server's snapshot (watching, rejoining, a game that started).
    Opened(Box<Opened>),
    /// Who is at the game on the screen: the watchers, and whether each seat is connected.
    Presence {
        watchers: u32,
        seats: [SeatPresence; 2],
    },
    /// The next event of the game on the screen, in order (the link has seen to its number).
    Next(GameEvent),
    /// The server took this player's move.
    MoveAccepted,
    /// The engine's suggestion (none: it has no move to suggest); `analysis` when it answers
    /// Analyse rather than Hint, so it goes on the replay when the replay is up.
    Suggestion { hint: Option<Hint>, analysis: bool },
}

impl From<MatchEvent> for Event {
    fn from(event: MatchEvent) -> Self {
        Event::Game(event)
    }
}

/// A game to show, as the server's snapshot describes it.
#[derive(Clone, Debug)]
pub struct Opened {
    /// The game, with its moves played, seats, names, clocks and result.
    pub game: Match,
    /// People watching it.
    pub watchers: u32,
    /// The offers open in it and who made each: the draw first, then the takeback, then the
    /// rematch.
    pub offers: Vec<(Offer, Side)>,
}

impl App {
    /// Takes in an event about the game on the screen.
    pub(in crate::app) fn apply_match(&mut self, event: MatchEvent) -> Vec<Outgoing> {
        match event {
            MatchEvent::Opened(opened) => self.open(*opened),
            MatchEvent::Presence { watchers, seats } => self.presence(watchers, seats),
            MatchEvent::Next(change) => return self.change_game(change),
            MatchEvent::MoveAccepted => {
                if let Some(m) = &mut self.game.current {
                    m.pending = None;
                }
            }
            MatchEvent::Suggestion { hint, analysis } => match hint {
                Some(h) => match (
                    analysis,
                    self.screen,
                    &mut self.replay,
                    &mut self.game.current,
                ) {
                    (true, Screen::Replay, Some(r), _) => r.hint = Some(h),
                    (_, _, _, Some(m)) => m.hint = Some(h),
                    _ => {}
                },
                None => self.tell(say!("notice-no-suggestion"), Tone::News),
            },
        }
        Vec::new()
    }
}

/// Whether a notice says that the opponent's connection is lost (taken back when they return).
fn opponent_lost(text: &Phrase) -> bool {
    matches!(
        text.id(),
        Some("notice-opponent-lost" | "notice-opponent-lost-claim")
    )
}

impl App {
    /// Shows a game from the server's snapshot.
    pub(in crate::app) fn open(&mut self, opened: Opened) {
        let Opened {
            game,
            watchers,
            offers,
        } = opened;
        // A link's game is open: the address is the game's own from now on.
        self.links.link = None;
        // Only the other player's offers are this player's to answer; a watcher answers none.
        self.game.offer = self
            .my_side_in(&game)
            .and_then(|me| offers.iter().find(|(_, by)| *by != me))
            .map(|(offer, _)| *offer);
        self.game.watchers = watchers;
        let fresh = game.moves.is_empty() && !game.finished();
        // Another game opens at the top of the screen; the same one again keeps its place.
        let same = self
            .game
            .current
            .as_ref()
            .is_some_and(|m| m.id.is_some() && m.id == game.id);
        if !same {
            self.shell.scroll = (self.screen, 0);
        }
        self.game.current = Some(game);
        self.game.resign = ResignQuestion::Closed;
        self.game.drag_from = None;
        let taken = self.lobby.my_code.take();
        if let Some(code) = &taken {
            self.invitation_taken(code);
        }
        let invited = taken.is_some();
        if invited
            && self
                .shell
                .notice
                .as_ref()
                .is_some_and(|n| n.tone == Tone::News)
        {
            // The invitation was taken up: what it said is done.
            self.shell.notice = None;
        }
        if (invited || std::mem::take(&mut self.lobby.seeking)) && fresh {
            self.cue(Cue::Join);
        }
        let asked_from_replay = std::mem::take(&mut self.game.starting_from_replay);
        if asked_from_replay
            || matches!(
                self.screen,
                Screen::Lobby
                    | Screen::Connection
                    | Screen::Game
                    | Screen::GameOver
                    | Screen::Puzzles
                    | Screen::Tournaments
                    | Screen::Tournament
                    | Screen::NewTournament
            )
        {
            self.screen = Screen::Game;
        }
    }

    /// Who is at the game on the screen: the opponent's going is said, and their coming back
    /// takes back what was said (in a correspondence game, being away is how it is played:
    /// nothing is said).
    pub(in crate::app) fn presence(&mut self, watchers: u32, seats: [SeatPresence; 2]) {
        self.game.watchers = watchers;
        let Some(me) = self.my_side() else {
            return;
        };
        if self.game.current.as_ref().is_some_and(|m| m.pace.is_some()) {
            return;
        }
        let them = seats[me.opponent().index()];
        if !them.connected {
            let said = match them.claim_in_ms {
                Some(ms) => say!("notice-opponent-lost-claim", seconds = ms.div_ceil(1000)),
                None => say!("notice-opponent-lost"),
            };
            self.tell(said, Tone::News);
            self.game.opponent_away = true;
        } else if std::mem::take(&mut self.game.opponent_away) {
            // Said unless the notice up now is about something else.
            let free = self
                .shell
                .notice
                .as_ref()
                .is_none_or(|n| opponent_lost(&n.text));
            if free {
                self.tell(say!("notice-opponent-back"), Tone::News);
            }
        }
    }

    /// The next thing that happened in the game on the screen; asks for the game whole again
    /// when it cannot be followed here.
    pub(in crate::app) fn change_game(&mut self, change: GameEvent) -> Vec<Outgoing> {
        let my_side = self.my_side();
        // Offers are for the other player to answer: a watcher only hears of them.
        let theirs = |by: Side| my_side.is_some_and(|me| me != by);
        let Some(m) = self.game.current.as_mut() else {
            return Vec::new();
        };
        let kind = m.kind();
        let names = m.names.clone();
        match change {
            GameEvent::Moved {
                notation,
                clocks,
                deadline_ms,
                ..
            } => {
                let mover = m.game.side_to_move();
                if let Err(e) = m.apply(&notation) {
                    // The board here went out of step with the server's: start over from a
                    // snapshot.
                    self.tell(say!("notice-resync", why = e.to_string()), Tone::News);
                    return vec![Outgoing::Game(GameRequest::Resync)];
                }
                set_clocks(m, clocks);
                set_deadline(m, deadline_ms);
                if theirs(mover) {
                    // The opponent's move is shown, even to a player looking back.
                    m.looking = None;
                    self.shell.cues.push(Cue::Move);
                }
                if self.game.resign == ResignQuestion::Asked {
                    self.game.resign = ResignQuestion::Closed;
                }
                if self.game.offer == Some(Offer::Draw) {
                    self.game.offer = None;
                }
            }
            GameEvent::OfferMade { kind: offer, by } => match Offer::from(offer) {
                Offer::Draw => {
                    let offers = subject(kind, by, &names, say!("notice-draw-offered-by"));
                    if theirs(by) {
                        self.game.offer = Some(Offer::Draw);
                        self.tell(offers, Tone::News);
                    } else if my_side.is_none() {
                        self.tell(offers, Tone::News);
                    }
                }
                offer => {
                    if theirs(by) {
                        self.game.offer = Some(offer);
                        self.tell(offer.question(), Tone::News);
                    }
                }
            },
            GameEvent::OfferDeclined { kind: offer, by } => {
                self.game.offer = None;
                if theirs(by) {
                    let declined = match Offer::from(offer) {
                        Offer::Draw => say!("notice-draw-declined"),
                        Offer::Takeback => say!("notice-takeback-declined"),
                        Offer::Rematch => say!("notice-rematch-declined"),
                    };
                    self.tell(declined, Tone::News);
                }
            }
            GameEvent::TakenBack {
                plies,
                clocks,
                deadline_ms,
                ..
            } => {
                self.game.offer = None;
                let seated = my_side.is_some() || m.seats == Seats::Both;
                if let Err(e) = m.take_back(plies as usize) {
                    self.tell(say!("notice-resync", why = e.to_string()), Tone::News);
                    return vec![Outgoing::Game(GameRequest::Resync)];
                }
                set_clocks(m, clocks);
                set_deadline(m, deadline_ms);
                if self.screen == Screen::GameOver {
                    self.screen = Screen::Game;
                }
                if seated {
                    self.tell(say!("notice-taken-back", count = plies), Tone::News);
                }
            }
            GameEvent::RematchStarted { .. } => self.game.offer = None,
            GameEvent::Berserked { side, clocks } => {
                set_clocks(m, clocks);
                m.berserk[side.index()] = true;
                let said = if my_side == Some(side) {
                    say!("notice-berserk-you")
                } else {
                    subject(kind, side, &names, say!("notice-berserk-by"))
                };
                self.tell(said, Tone::News);
            }
            GameEvent::Ended { result, clocks } => {
                self.game.offer = None;
                self.game.resign = ResignQuestion::Closed;
                if !m.finished() {
                    self.shell.cues.push(Cue::End);
                }
                set_clocks(m, clocks);
                m.ended = Some(Ending::Result(result));
                m.pending = None;
            }
        }
        Vec::new()
    }
}

/// `said` of who did something, with the verb agreeing: "Asha offers", "South offers",
/// "Tigers offer" (Bagh Chal's sides are many pieces; Kalah's, Jungle's and Sholo Guti's are
/// one side). The message takes `who`, and `many` ("yes" or "no") for the verb.
pub fn subject(kind: GameKind, side: Side, names: &[Phrase; 2], said: Phrase) -> Phrase {
    let side_name = terms::side_name(kind, side);
    let name = &names[side.index()];
    let many = *name == side_name && kind == GameKind::BaghChal;
    said.arg("who", name.clone())
        .arg("many", if many { "yes" } else { "no" })
}

/// Takes the next move's deadline of a correspondence game (none in one with no limit).
fn set_deadline(m: &mut Match, deadline_ms: Option<u64>) {
    if m.pace.is_some() {
        m.deadline_ms = deadline_ms;
    }
}

/// Takes the server's clocks, when it sent them.
fn set_clocks(m: &mut Match, clocks: Option<Clocks>) {
    if let Some(c) = clocks {
        m.clocks = Some(ClockState::from(c));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_did_it_agrees_with_the_verb() {
        let sides = |kind: GameKind| Side::BOTH.map(|s| terms::side_name(kind, s));
        let bagh = sides(GameKind::BaghChal);
        let kalah = sides(GameKind::Kalah);
        let offers = |kind, side, names: &[Phrase; 2]| {
            subject(kind, side, names, say!("notice-draw-offered-by")).english()
        };
        assert_eq!(
            offers(GameKind::BaghChal, Side::Second, &bagh),
            "Tigers offer a draw."
        );
        assert_eq!(
            offers(GameKind::Kalah, Side::First, &kalah),
            "South offers a draw."
        );
        assert_eq!(
            offers(GameKind::Jungle, Side::Second, &sides(GameKind::Jungle)),
            "North offers a draw."
        );
        let named = ["Asha".into(), "Bo".into()];
        assert_eq!(
            offers(GameKind::BaghChal, Side::First, &named),
            "Asha offers a draw."
        );
    }
}
