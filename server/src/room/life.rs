//! A room's life as one value: open (taking requests, the game in play or finished), falling
//! asleep (a correspondence game nobody was at: the requests already queued are answered, then
//! it closes), handed over (its game goes to another room, on this node or another), or
//! superseded (another room recorded a version of the game this one had not). The transitions
//! are [`Life::on`], in one place; what the room tells its host as it closes follows from the
//! life it ends in ([`Life::ending`]).

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Life {
    /// Taking requests.
    #[default]
    Open,
    /// Closing to sleep: answering what is queued, taking nobody new.
    FallingAsleep,
    /// Closed: its game and connections were handed to another room.
    HandedOver,
    /// Closed: another room recorded a version of the game that this one had not.
    Superseded,
}

/// What happens to a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Happening {
    /// Nobody has been at a correspondence game in play for the time it may stay awake.
    NobodyThere,
    /// Its game is asked for elsewhere (a hand-over).
    HandOver,
    /// Writing a version found it recorded already, by another room.
    VersionTaken,
}

/// How a room that ends its life tells its host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Closed: the game finished (or nobody was left at it).
    Closed,
    /// Asleep: a correspondence game in play, to be opened from the records when asked for.
    Asleep,
    /// Handed over to another room.
    HandedOver,
    /// Superseded: its connections go to wherever the game is now.
    Superseded,
}

impl Life {
    /// The life after `turn`. A room superseded stays so whatever comes; a hand-over ends a
    /// room open or falling asleep; only an open room falls asleep.
    #[must_use]
    pub fn on(self, turn: Happening) -> Life {
        match (self, turn) {
            (Life::Superseded, _) => Life::Superseded,
            (_, Happening::VersionTaken) => Life::Superseded,
            (Life::HandedOver, _) => Life::HandedOver,
            (_, Happening::HandOver) => Life::HandedOver,
            (Life::Open | Life::FallingAsleep, Happening::NobodyThere) => Life::FallingAsleep,
        }
    }

    /// Whether the room's loop of requests and timers stops now: it was handed over or
    /// superseded (a room falling asleep stops too, but answers what is queued first).
    pub fn stops(self) -> bool {
        matches!(self, Life::HandedOver | Life::Superseded)
    }

    /// How the room tells its host that it closed, ending in this life with its game still in
    /// play (`in_play`) or not.
    pub fn ending(self, in_play: bool) -> Ending {
        match self {
            Life::Superseded => Ending::Superseded,
            Life::HandedOver => Ending::HandedOver,
            Life::FallingAsleep if in_play => Ending::Asleep,
            Life::FallingAsleep | Life::Open => Ending::Closed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIVES: [Life; 4] = [
        Life::Open,
        Life::FallingAsleep,
        Life::HandedOver,
        Life::Superseded,
    ];
    const HAPPENINGS: [Happening; 3] = [
        Happening::NobodyThere,
        Happening::HandOver,
        Happening::VersionTaken,
    ];

    #[test]
    fn every_transition_of_a_rooms_life() {
        let table = [
            (Life::Open, Happening::NobodyThere, Life::FallingAsleep),
            (Life::Open, Happening::HandOver, Life::HandedOver),
            (Life::Open, Happening::VersionTaken, Life::Superseded),
            (
                Life::FallingAsleep,
                Happening::NobodyThere,
                Life::FallingAsleep,
            ),
            (Life::FallingAsleep, Happening::HandOver, Life::HandedOver),
            (
                Life::FallingAsleep,
                Happening::VersionTaken,
                Life::Superseded,
            ),
            (Life::HandedOver, Happening::NobodyThere, Life::HandedOver),
            (Life::HandedOver, Happening::HandOver, Life::HandedOver),
            (Life::HandedOver, Happening::VersionTaken, Life::Superseded),
            (Life::Superseded, Happening::NobodyThere, Life::Superseded),
            (Life::Superseded, Happening::HandOver, Life::Superseded),
            (Life::Superseded, Happening::VersionTaken, Life::Superseded),
        ];
        assert_eq!(table.len(), LIVES.len() * HAPPENINGS.len(), "every pair");
        for (from, turn, to) in table {
            assert_eq!(from.on(turn), to, "{from:?} on {turn:?}");
        }
    }

    #[test]
    fn a_room_stops_when_its_game_is_elsewhere_and_says_how_it_ended() {
        let stops: Vec<Life> = LIVES.into_iter().filter(|l| l.stops()).collect();
        assert_eq!(stops, [Life::HandedOver, Life::Superseded]);
        assert_eq!(Life::Open.ending(true), Ending::Closed);
        assert_eq!(Life::FallingAsleep.ending(true), Ending::Asleep);
        assert_eq!(
            Life::FallingAsleep.ending(false),
            Ending::Closed,
            "a game that finished while falling asleep is closed, not asleep"
        );
        assert_eq!(Life::HandedOver.ending(true), Ending::HandedOver);
        assert_eq!(Life::Superseded.ending(false), Ending::Superseded);
    }
}
