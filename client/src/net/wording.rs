//! Connection problems in words a player understands, instead of error codes, as [`Phrase`]s
//! for the interface's language. The desktop's socket errors (from `std::io` and tungstenite)
//! are read here too; the browser tells little more than that a connection failed or closed,
//! and with what reason. A detail only the system or the server words (an OS error, the
//! server's reason for refusing a name) is passed on as it is.

#[cfg(not(target_arch = "wasm32"))]
use std::io;

use crate::say;
use crate::words::Phrase;

/// The server ended the connection, with the reason it gave (if any). The server gives an
/// error code as its reason (`shutting_down`): that is put in words, never shown as it is.
pub fn closed_by_server(reason: Option<&str>) -> Phrase {
    use chaupal_shared::protocol::{ErrorCode, ErrorReply};
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    let code = reason.and_then(|r| ErrorCode::ALL.into_iter().find(|c| c.as_str() == r));
    match (code, reason) {
        (Some(code), _) => say!(
            "closed-with-code",
            why = server_error(None, &ErrorReply::new(code, "it gave no details"))
        ),
        (None, Some(r)) => say!("closed-with-reason", reason = r),
        (None, None) => say!("closed"),
    }
}

/// The browser could not open a connection to `url` (it does not say why).
pub fn not_reached(url: &str) -> Phrase {
    say!("not-reached", url = url)
}

/// The server refuses pages at `page` (its Origin); `allowed` is the address it names instead
/// (empty when it names none).
pub fn not_allowed(page: &str, allowed: &str) -> Phrase {
    let allowed = allowed.trim();
    if allowed.is_empty() {
        say!("not-allowed-here", page = page)
    } else {
        say!("not-allowed-here-go", page = page, allowed = allowed)
    }
}

/// A connection that was open dropped without the server closing it.
pub fn lost() -> Phrase {
    say!("connection-lost")
}

/// A problem reaching the server.
#[cfg(not(target_arch = "wasm32"))]
pub fn io_problem(url: &str, e: &io::Error) -> Phrase {
    match e.kind() {
        io::ErrorKind::ConnectionRefused => say!("refused", url = url),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => say!("timed-out", url = url),
        io::ErrorKind::ConnectionReset | io::ErrorKind::ConnectionAborted => {
            say!("connection-cut")
        }
        io::ErrorKind::NotFound => say!("not-found", url = url),
        _ if e.to_string().contains("failed to lookup")
            || e.to_string().contains("Name or service") =>
        {
            say!("not-found", url = url)
        }
        _ => say!("unreachable", url = url, why = e.to_string()),
    }
}

/// A problem in the websocket handshake.
#[cfg(not(target_arch = "wasm32"))]
pub fn handshake_problem(
    url: &str,
    e: &tungstenite::HandshakeError<
        tungstenite::ClientHandshake<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    >,
) -> Phrase {
    match e {
        tungstenite::HandshakeError::Failure(tungstenite::Error::Tls(tls)) => {
            say!("tls-failed", url = url, why = tls.to_string())
        }
        tungstenite::HandshakeError::Failure(tungstenite::Error::Io(io))
            if io.kind() == io::ErrorKind::InvalidData && url.starts_with("wss://") =>
        {
            say!("tls-failed", url = url, why = io.to_string())
        }
        tungstenite::HandshakeError::Failure(tungstenite::Error::Http(response)) => say!(
            "not-chaupal",
            url = url,
            status = response.status().to_string()
        ),
        tungstenite::HandshakeError::Failure(tungstenite::Error::Io(io)) => io_problem(url, io),
        tungstenite::HandshakeError::Failure(other) => {
            say!("not-accepted", url = url, why = other.to_string())
        }
        tungstenite::HandshakeError::Interrupted(_) => say!("greeting-late", url = url),
    }
}

/// A problem on an open connection.
#[cfg(not(target_arch = "wasm32"))]
pub fn socket_problem(e: &tungstenite::Error) -> Phrase {
    match e {
        tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed => {
            closed_by_server(None)
        }
        tungstenite::Error::Io(io) => match io.kind() {
            io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe
            | io::ErrorKind::UnexpectedEof => lost(),
            _ => say!("connection-failed", why = io.to_string()),
        },
        tungstenite::Error::Protocol(p) => say!("connection-broke", why = p.to_string()),
        tungstenite::Error::Capacity(_) => say!("message-too-large"),
        other => say!("connection-failed", why = other.to_string()),
    }
}

/// A server's error reply in words, with what the player was doing (`what`).
pub fn server_error(what: Option<Phrase>, e: &chaupal_shared::protocol::ErrorReply) -> Phrase {
    use chaupal_shared::protocol::ErrorCode as C;
    let why = || e.reason.clone();
    let plain = match e.code {
        C::VersionMismatch => say!("error-version"),
        C::HelloRequired | C::AlreadyGreeted | C::Malformed => {
            say!("error-misunderstood", why = why())
        }
        C::BadDeviceCode => say!("error-bad-device-code"),
        C::TooLarge => say!("error-too-large"),
        C::RateLimited => say!("error-rate-limited"),
        C::TooManyConnections => say!("error-too-many-connections"),
        C::HandshakeTimeout | C::IdleTimeout => say!("error-timeout"),
        C::ShuttingDown => say!("error-shutting-down"),
        C::UnknownToken => say!("error-unknown-token"),
        C::BadName => say!("error-bad-name", why = why()),
        C::TooManyGames => say!("error-too-many-games"),
        C::NoSuchSeek => say!("error-no-such-seek"),
        C::BadInviteCode => say!("error-bad-invite-code"),
        C::BadRules => say!("error-bad-rules", why = why()),
        C::BadSetup => say!("error-bad-setup", why = why()),
        C::NoSuchGame => say!("error-no-such-game"),
        C::NoSuchPlayer => say!("error-no-such-player"),
        C::NotYourSeat => say!("error-not-your-seat"),
        C::NotYourTurn => say!("error-not-your-turn"),
        C::IllegalMove => say!("error-illegal-move", why = why()),
        C::GameOver => say!("error-game-over"),
        C::NoOffer => say!("error-no-offer"),
        C::NotAllowed => say!("error-not-allowed", why = why()),
        C::BadSubscription => say!("error-bad-subscription", why = why()),
        C::NoPush => say!("error-no-push"),
        C::AiBusy => say!("error-ai-busy"),
        C::AiError => say!("error-ai-error", why = why()),
        C::BadRecord => say!("error-bad-record", why = why()),
        C::NotFinished => say!("error-not-finished"),
        C::PrivateGame => say!("error-private-game"),
        C::TooManyReviews => say!("error-too-many-reviews"),
        C::Storage => say!("error-storage"),
        C::Unavailable => say!("error-unavailable"),
        C::OutcomeUnknown => say!("error-outcome-unknown"),
        C::StaleMove => say!("error-stale-move"),
        C::Internal => say!("error-internal"),
        C::NoSuchPuzzle => say!("error-no-such-puzzle"),
        C::PuzzleNotGiven => say!("error-puzzle-not-given"),
        C::PuzzleOver => say!("error-puzzle-over"),
        C::NoSuchTournament => say!("error-no-such-tournament"),
        C::TournamentOver => say!("error-tournament-over"),
        C::AlreadyEntered => say!("error-already-entered"),
        C::NotEntered => say!("error-not-entered"),
    };
    match what {
        Some(what) => say!("error-while", what = what, error = plain),
        None => plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{Language, Words};

    fn en(p: Phrase) -> String {
        Words::new(Language::English).say(&p)
    }

    #[test]
    fn closing_reads_with_or_without_a_reason() {
        assert_eq!(
            en(closed_by_server(Some(" going away "))),
            "The server closed the connection: going away."
        );
        assert_eq!(
            en(closed_by_server(Some(""))),
            "The server closed the connection."
        );
        assert!(en(not_reached("ws://h:1/ws")).contains("ws://h:1/ws"));
    }

    #[test]
    fn a_refused_page_address_is_named_with_the_one_to_open_instead() {
        let here = en(not_allowed(
            "https://localhost:8443",
            "https://chaupal.example",
        ));
        assert!(here.contains("https://localhost:8443"), "{here}");
        assert!(here.contains("https://chaupal.example"), "{here}");
        let bare = en(not_allowed("https://localhost:8443", " "));
        assert!(bare.contains("https://localhost:8443"), "{bare}");
        assert_ne!(here, bare);
    }

    #[test]
    fn a_code_given_as_the_closing_reason_is_put_in_words() {
        use chaupal_shared::protocol::ErrorCode;
        assert_eq!(
            en(closed_by_server(Some("shutting_down"))),
            "The server closed the connection. The server is shutting down; the client will \
             reconnect when it is back."
        );
        for code in ErrorCode::ALL {
            let text = en(closed_by_server(Some(code.as_str())));
            assert!(!text.contains('_'), "{code}: {text}");
            assert!(text.ends_with('.'), "{code}: {text}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn refused_and_reset_read_as_sentences() {
        let refused = io::Error::from(io::ErrorKind::ConnectionRefused);
        assert!(en(io_problem("ws://127.0.0.1:7878", &refused)).contains("Is it running?"));
        let reset = tungstenite::Error::Io(io::Error::from(io::ErrorKind::ConnectionReset));
        assert_eq!(
            en(socket_problem(&reset)),
            "The connection to the server was lost."
        );
        assert_eq!(
            en(socket_problem(&tungstenite::Error::ConnectionClosed)),
            "The server closed the connection."
        );
    }

    #[test]
    fn server_errors_say_what_failed_and_what_to_do() {
        use chaupal_shared::protocol::{ErrorCode, ErrorReply};
        let e = ErrorReply::new(ErrorCode::BadInviteCode, "no such code");
        assert_eq!(
            en(server_error(Some(say!("asked-join")), &e)),
            "Joining the game: No game has that invite code: check it with your friend."
        );
        for code in ErrorCode::ALL {
            let text = en(server_error(None, &ErrorReply::new(code, "why")));
            assert!(text.ends_with('.'), "{code}: {text}");
            assert!(!text.contains('_'), "{code} leaks a code name: {text}");
        }
    }
}
