//! Device codes: a short code that lets a player go on on another device (another browser, a
//! phone) as the same player. The player asks for one (`device_code`); the other device
//! redeems it (`link_device`) and gets a token of its own for that player.
//!
//! Codes live in memory only (a restart forgets them: ask again), one a player at a time, each
//! good once and for [`CODE_LIFETIME`]. They are invite-code shaped (`K7QM-2XWP`, 40 bits): a
//! guess has one chance in a trillion, and the message budget bounds the guesses.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use chaupal_shared::protocol::PlayerId;
use tokio::time::Instant;

use crate::identity::{new_invite_code, normalise_code};

/// How long a device code stays good.
pub const CODE_LIFETIME: Duration = Duration::from_secs(600);
/// The most codes held at once; past it, the oldest go first.
const MAX_CODES: usize = 10_000;

/// The device codes given out and not yet used.
#[derive(Debug, Default)]
pub struct DeviceCodes {
    codes: Mutex<HashMap<String, (PlayerId, Instant)>>,
}

impl DeviceCodes {
    /// A new code for `player` (replacing the player's earlier one), and its lifetime.
    pub fn issue(&self, player: PlayerId) -> (String, Duration) {
        let now = Instant::now();
        let mut codes = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        codes.retain(|_, (who, expires)| *who != player && *expires > now);
        if codes.len() >= MAX_CODES
            && let Some(oldest) = codes
                .iter()
                .min_by_key(|(_, (_, expires))| *expires)
                .map(|(code, _)| code.clone())
        {
            codes.remove(&oldest);
        }
        let code = loop {
            let c = new_invite_code();
            if !codes.contains_key(&c) {
                break c;
            }
        };
        codes.insert(code.clone(), (player, now + CODE_LIFETIME));
        (code, CODE_LIFETIME)
    }

    /// The player a code was given to, when it is good; it is used up either way.
    pub fn redeem(&self, typed: &str) -> Option<PlayerId> {
        let mut codes = self.codes.lock().unwrap_or_else(|e| e.into_inner());
        let (player, expires) = codes.remove(&normalise_code(typed))?;
        (expires > Instant::now()).then_some(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_code_is_good_once_for_its_lifetime_and_one_a_player() {
        let codes = DeviceCodes::default();
        let (a, life) = codes.issue(PlayerId(1));
        assert_eq!(life, CODE_LIFETIME);
        // Typed as a person would: lower case, without the dash.
        assert_eq!(
            codes.redeem(&a.to_lowercase().replace('-', "")),
            Some(PlayerId(1))
        );
        assert_eq!(codes.redeem(&a), None, "used once");

        // Asking again replaces the player's code; another player's stays.
        let (old, _) = codes.issue(PlayerId(1));
        let (other, _) = codes.issue(PlayerId(2));
        let (new, _) = codes.issue(PlayerId(1));
        assert_eq!(codes.redeem(&old), None);
        assert_eq!(codes.redeem(&new), Some(PlayerId(1)));
        assert_eq!(codes.redeem(&other), Some(PlayerId(2)));

        // Past its lifetime a code is refused.
        let (late, _) = codes.issue(PlayerId(3));
        tokio::time::advance(CODE_LIFETIME + Duration::from_secs(1)).await;
        assert_eq!(codes.redeem(&late), None);
        assert_eq!(codes.redeem("NOPE-NOPE"), None);
    }
}
