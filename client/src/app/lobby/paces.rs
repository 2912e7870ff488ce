//! How fast a new game is played, as the lobby chooses it: live (on the clock, or without
//! one) or by correspondence, some days a move, or with no limit where the server allows it
//! (a friend's game, a game against the computer; never an open seek, never rated). Which
//! paces each way of playing offers, the pace chosen, and a pace in words.

use chaupal_shared::protocol::Correspondence;

use crate::app::lobby::{DEFAULT_PACE, Lobby, PACES, PlayMode, cycle};
use crate::say;
use crate::words::Phrase;

impl Lobby {
    /// Whether the chosen way of playing may be played by correspondence: against someone
    /// the server keeps the game for (two players on this computer play live).
    pub fn correspondence_applies(&self) -> bool {
        self.mode != PlayMode::ThisComputer
    }

    /// The paces of a correspondence game offered for the chosen way of playing: every number
    /// of days, and no limit for a friend's game or one against the computer.
    pub fn paces_offered(&self) -> Vec<Correspondence> {
        let unlimited = matches!(self.mode, PlayMode::Friend | PlayMode::Computer);
        PACES
            .into_iter()
            .filter(|p| p.days.is_some() || unlimited)
            .collect()
    }

    /// The correspondence game asked for (none: a live game). A pace chosen that the way of
    /// playing does not offer (no limit, for an open seek) gives way to the longest it does.
    pub fn correspondence(&self) -> Option<Correspondence> {
        if !self.by_correspondence || !self.correspondence_applies() {
            return None;
        }
        let offered = self.paces_offered();
        PACES
            .get(self.pace)
            .filter(|p| offered.contains(p))
            .or(offered.last())
            .copied()
    }

    /// Moves the pace on (or back) among those offered.
    pub fn cycle_pace(&mut self, forward: bool) {
        let offered = self.paces_offered();
        let now = self.correspondence().unwrap_or(PACES[DEFAULT_PACE]);
        let at = offered.iter().position(|p| *p == now).unwrap_or(0);
        let next = offered[cycle(at, offered.len(), forward)];
        self.pace = PACES
            .iter()
            .position(|p| *p == next)
            .unwrap_or(DEFAULT_PACE);
    }
}

/// A correspondence game's pace in words, as lists show it: "3 days a move", "no time limit".
pub fn pace_words(pace: Correspondence) -> Phrase {
    match pace.days {
        Some(days) => say!("pace-days", count = days),
        None => say!("pace-unlimited"),
    }
}

/// The pace as the lobby's stepper shows it: "3 days", "No limit".
pub fn pace_value(pace: Correspondence) -> Phrase {
    match pace.days {
        Some(days) => say!("pace-value-days", count = days),
        None => say!("pace-value-unlimited"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(d: u8) -> Correspondence {
        Correspondence { days: Some(d) }
    }

    #[test]
    fn the_paces_are_the_servers_days_and_no_limit() {
        assert!(PACES.iter().all(|p| p.is_offered()));
        let listed: Vec<u8> = PACES.iter().filter_map(|p| p.days).collect();
        assert_eq!(listed, Correspondence::DAYS);
        assert_eq!(PACES[DEFAULT_PACE], days(3));
    }

    #[test]
    fn no_limit_is_offered_to_a_friend_and_against_the_computer_only() {
        let mut lobby = Lobby::default();
        for (mode, unlimited) in [
            (PlayMode::Friend, true),
            (PlayMode::Computer, true),
            (PlayMode::Anyone, false),
        ] {
            lobby.mode = mode;
            let offered = lobby.paces_offered();
            assert_eq!(
                offered.contains(&Correspondence::UNLIMITED),
                unlimited,
                "{mode:?}"
            );
            assert_eq!(offered.len(), if unlimited { 7 } else { 6 }, "{mode:?}");
        }
        lobby.mode = PlayMode::ThisComputer;
        lobby.by_correspondence = true;
        assert!(!lobby.correspondence_applies());
        assert_eq!(lobby.correspondence(), None, "two at one screen play live");
    }

    #[test]
    fn no_limit_chosen_for_a_friend_gives_way_to_the_longest_pace_for_an_open_seek() {
        let mut lobby = Lobby {
            mode: PlayMode::Friend,
            by_correspondence: true,
            ..Lobby::default()
        };
        assert_eq!(lobby.correspondence(), Some(days(3)));
        for _ in 0..4 {
            lobby.cycle_pace(true);
        }
        assert_eq!(lobby.correspondence(), Some(Correspondence::UNLIMITED));
        lobby.mode = PlayMode::Anyone;
        assert_eq!(lobby.correspondence(), Some(days(14)));
        // Stepping on from there wraps round the paces an open seek has.
        lobby.cycle_pace(true);
        assert_eq!(lobby.correspondence(), Some(days(1)));
        lobby.cycle_pace(false);
        lobby.cycle_pace(false);
        assert_eq!(lobby.correspondence(), Some(days(7)));
        lobby.by_correspondence = false;
        assert_eq!(lobby.correspondence(), None, "live");
    }

    #[test]
    fn paces_read_as_days_a_move() {
        let en = crate::words::Words::new(crate::words::Language::English);
        assert_eq!(en.say(&pace_words(days(1))), "1 day a move");
        assert_eq!(en.say(&pace_words(days(14))), "14 days a move");
        assert_eq!(
            en.say(&pace_words(Correspondence::UNLIMITED)),
            "no time limit"
        );
        assert_eq!(en.say(&pace_value(days(3))), "3 days");
        assert_eq!(en.say(&pace_value(Correspondence::UNLIMITED)), "No limit");
    }
}
