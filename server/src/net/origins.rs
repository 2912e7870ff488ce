//! The refused origins an operator is told of: a websocket refused for its page's Origin is
//! logged at info level with the origin and the option that would allow it, at most once a
//! minute per origin, so a misconfigured proxy or a page opened by another name shows in the
//! log at once, and a hostile page cannot flood it.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an origin once logged is not logged again.
pub const QUIET: Duration = Duration::from_secs(60);
/// The most origins logged within one [`QUIET`] span: a flood of made-up origins (which no
/// browser sends, but any program can) is logged at most this many times a minute.
const REMEMBERED: usize = 64;

/// When each refused origin was last logged.
#[derive(Default)]
pub struct RefusedOrigins {
    logged: Mutex<HashMap<String, Instant>>,
}

impl RefusedOrigins {
    /// Whether a refusal of `origin` at `now` is to be logged (and, if so, remembers it).
    pub fn should_log(&self, origin: &str, now: Instant) -> bool {
        let mut logged = self
            .logged
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(last) = logged.get(origin)
            && now.saturating_duration_since(*last) < QUIET
        {
            return false;
        }
        if logged.len() >= REMEMBERED {
            logged.retain(|_, last| now.saturating_duration_since(*last) < QUIET);
            if logged.len() >= REMEMBERED {
                return false;
            }
        }
        logged.insert(origin.to_owned(), now);
        true
    }

    /// Logs the refusal of a websocket from a page at `origin` (the request named `host`),
    /// unless that origin was logged within the last minute.
    pub fn refused(&self, peer: impl std::fmt::Display, origin: &str, host: Option<&str>) {
        if self.should_log(origin, Instant::now()) {
            tracing::info!(
                "{peer}: refused a websocket from a page at {origin} (Host {}): allow it with \
                 --allowed-origin {origin} if it is this server's page (logged once a minute)",
                host.unwrap_or("none")
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_origin_is_logged_once_a_minute_and_others_apart() {
        let origins = RefusedOrigins::default();
        let t = Instant::now();
        assert!(origins.should_log("https://a.example", t));
        assert!(!origins.should_log("https://a.example", t + Duration::from_secs(30)));
        assert!(origins.should_log("https://b.example", t + Duration::from_secs(30)));
        assert!(origins.should_log("https://a.example", t + QUIET));
    }

    #[test]
    fn a_flood_of_made_up_origins_is_logged_a_bounded_number_of_times() {
        let origins = RefusedOrigins::default();
        let t = Instant::now();
        let logged = (0..1000)
            .filter(|i| origins.should_log(&format!("https://{i}.example"), t))
            .count();
        assert_eq!(logged, REMEMBERED);
        // A minute on, the log has room again.
        assert!(origins.should_log("https://1000.example", t + QUIET));
    }
}
