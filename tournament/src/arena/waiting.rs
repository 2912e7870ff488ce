//! Who is waiting for a game in an arena, since when, and whether a pass of pairing should
//! run: lichess pairs once at least two players have waited long enough for the arena's pace,
//! or when over 100 wait, or before anyone has played.

use std::collections::BTreeMap;

use crate::entrant::EntrantId;

/// How long, in seconds, players wait for a better pairing, by a game's estimated length
/// (lichess's: the initial time plus 40 increments). A one-minute game waits 15 s, a
/// ten-minute one 50.
pub fn wait_seconds(estimated_game_seconds: u32) -> u32 {
    if estimated_game_seconds < 30 {
        8
    } else if estimated_game_seconds < 60 {
        10
    } else {
        (estimated_game_seconds / 10 + 6).clamp(15, 50)
    }
}

/// The players waiting for a game, with the time each began to wait (milliseconds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Waiting {
    since: BTreeMap<EntrantId, u64>,
}

impl Waiting {
    /// Sets the waiting players to `now_waiting`: those already waiting keep their time; the
    /// others begin now.
    pub fn update(&mut self, now_waiting: impl IntoIterator<Item = EntrantId>, now_ms: u64) {
        let mut next = BTreeMap::new();
        for e in now_waiting {
            next.insert(e, self.since.get(&e).copied().unwrap_or(now_ms));
        }
        self.since = next;
    }

    /// `entrant` waits no more: paired.
    pub fn remove(&mut self, entrant: EntrantId) {
        self.since.remove(&entrant);
    }

    /// How many wait.
    pub fn len(&self) -> usize {
        self.since.len()
    }

    /// Whether nobody waits.
    pub fn is_empty(&self) -> bool {
        self.since.is_empty()
    }

    /// Whether a pass should pair now.
    pub fn have_waited_enough(&self, now_ms: u64, wait_seconds: u32) -> bool {
        let limit = now_ms.saturating_sub(u64::from(wait_seconds) * 1000);
        self.since.len() > 100 || self.since.values().filter(|&&t| t <= limit).count() >= 2
    }

    /// All waiting players.
    pub fn all(&self) -> Vec<EntrantId> {
        self.since.keys().copied().collect()
    }

    /// An even number of them: where their number is odd, the one who began to wait last
    /// (the highest number of those) is left for the next pass.
    pub fn even(&self) -> Vec<EntrantId> {
        let mut all = self.all();
        if all.len() % 2 == 1
            && let Some((&last, _)) = self.since.iter().max_by_key(|(e, t)| (**t, **e))
        {
            all.retain(|&e| e != last);
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_grows_with_the_pace() {
        assert_eq!(wait_seconds(20), 8);
        assert_eq!(wait_seconds(45), 10);
        assert_eq!(wait_seconds(60), 15);
        assert_eq!(wait_seconds(180), 24);
        assert_eq!(wait_seconds(300), 36);
        assert_eq!(wait_seconds(600), 50);
    }

    #[test]
    fn two_who_waited_long_enough_start_a_pass() {
        let mut w = Waiting::default();
        w.update([EntrantId(1), EntrantId(2)], 1_000);
        w.update([EntrantId(1), EntrantId(2), EntrantId(3)], 5_000);
        assert!(!w.have_waited_enough(10_000, 15));
        assert!(w.have_waited_enough(16_000, 15));
        // The last to come is left out of an odd number.
        assert_eq!(w.even(), [EntrantId(1), EntrantId(2)]);
        assert_eq!(w.all().len(), 3);
        // One who leaves and comes back waits anew.
        w.update([EntrantId(2), EntrantId(3)], 16_000);
        w.update([EntrantId(1), EntrantId(2), EntrantId(3)], 17_000);
        assert!(w.have_waited_enough(17_000, 12));
        assert!(!w.have_waited_enough(17_000, 16));
    }
}
