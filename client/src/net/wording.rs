//! Connection problems in words a player understands, instead of error codes. The desktop's
//! socket errors (from `std::io` and tungstenite) are read here too; the browser tells little
//! more than that a connection failed or closed, and with what reason.

#[cfg(not(target_arch = "wasm32"))]
use std::io;

/// The server ended the connection, with the reason it gave (if any). The server gives an
/// error code as its reason (`shutting_down`): that is put in words, never shown as it is.
pub fn closed_by_server(reason: Option<&str>) -> String {
    use chaupal_shared::protocol::{ErrorCode, ErrorReply};
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    let code = reason.and_then(|r| ErrorCode::ALL.into_iter().find(|c| c.as_str() == r));
    match (code, reason) {
        (Some(code), _) => format!(
            "The server closed the connection. {}",
            server_error("", &ErrorReply::new(code, "it gave no details"))
        ),
        (None, Some(r)) => format!("The server closed the connection: {r}."),
        (None, None) => "The server closed the connection.".to_owned(),
    }
}

/// The browser could not open a connection to `url` (it does not say why).
pub fn not_reached(url: &str) -> String {
    format!("The server at {url} is not answering. Is it running?")
}

/// A connection that was open dropped without the server closing it.
pub fn lost() -> String {
    "The connection to the server was lost.".to_owned()
}

/// A problem reaching the server.
#[cfg(not(target_arch = "wasm32"))]
pub fn io_problem(url: &str, e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::ConnectionRefused => format!(
            "The server at {url} is not answering (nothing is listening there). Is it running?"
        ),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock => {
            format!("The server at {url} did not answer in time.")
        }
        io::ErrorKind::ConnectionReset | io::ErrorKind::ConnectionAborted => {
            "The connection to the server was cut.".to_owned()
        }
        io::ErrorKind::NotFound => {
            format!("Cannot find the server {url}: check the address.")
        }
        _ if e.to_string().contains("failed to lookup")
            || e.to_string().contains("Name or service") =>
        {
            format!("Cannot find the server {url}: check the address.")
        }
        _ => format!("Cannot reach the server at {url} ({e})."),
    }
}

/// A problem in the websocket handshake.
#[cfg(not(target_arch = "wasm32"))]
pub fn handshake_problem(
    url: &str,
    e: &tungstenite::HandshakeError<
        tungstenite::ClientHandshake<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>,
    >,
) -> String {
    match e {
        tungstenite::HandshakeError::Failure(tungstenite::Error::Tls(tls)) => format!(
            "The secure connection to {url} failed ({tls}): check that the server offers \
             wss:// there and that its certificate is valid for that name."
        ),
        tungstenite::HandshakeError::Failure(tungstenite::Error::Io(io))
            if io.kind() == io::ErrorKind::InvalidData && url.starts_with("wss://") =>
        {
            format!(
                "The secure connection to {url} failed ({io}): check that the server offers \
                 wss:// there and that its certificate is valid for that name."
            )
        }
        tungstenite::HandshakeError::Failure(tungstenite::Error::Http(response)) => format!(
            "Something answered at {url}, but it is not a Chaupal server (HTTP {}).",
            response.status()
        ),
        tungstenite::HandshakeError::Failure(tungstenite::Error::Io(io)) => io_problem(url, io),
        tungstenite::HandshakeError::Failure(other) => {
            format!("The server at {url} did not accept the connection ({other}).")
        }
        tungstenite::HandshakeError::Interrupted(_) => {
            format!("The server at {url} did not finish greeting in time.")
        }
    }
}

/// A problem on an open connection.
#[cfg(not(target_arch = "wasm32"))]
pub fn socket_problem(e: &tungstenite::Error) -> String {
    match e {
        tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed => {
            closed_by_server(None)
        }
        tungstenite::Error::Io(io) => match io.kind() {
            io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe
            | io::ErrorKind::UnexpectedEof => lost(),
            _ => format!("The connection to the server failed ({io})."),
        },
        tungstenite::Error::Protocol(p) => {
            format!("The connection to the server broke off ({p}).")
        }
        tungstenite::Error::Capacity(_) => {
            "The server sent a message too large to read.".to_owned()
        }
        other => format!("The connection to the server failed ({other})."),
    }
}

/// A server's error reply in words, with what the player was doing (`what`, may be empty).
pub fn server_error(what: &str, e: &chaupal_shared::protocol::ErrorReply) -> String {
    use chaupal_shared::protocol::ErrorCode as C;
    let plain = match e.code {
        C::VersionMismatch => {
            "This client and the server speak different versions of the protocol: update the \
             client."
                .to_owned()
        }
        C::HelloRequired | C::AlreadyGreeted | C::Malformed => format!(
            "The client and the server misunderstood each other ({}). Reconnecting should help.",
            e.reason
        ),
        C::BadDeviceCode => {
            "That code from another device is unknown, used or expired: ask that device for a \
             new one."
                .to_owned()
        }
        C::TooLarge => "That message was too large for the server.".to_owned(),
        C::RateLimited => "Too many requests at once: wait a moment and try again.".to_owned(),
        C::TooManyConnections => {
            "Too many connections from this computer: close another Chaupal window.".to_owned()
        }
        C::HandshakeTimeout | C::IdleTimeout => {
            "The server stopped waiting for this client; reconnecting.".to_owned()
        }
        C::ShuttingDown => "The server is shutting down; the client will reconnect when it \
                            is back."
            .to_owned(),
        C::UnknownToken => "The server did not recognise this computer's player, so you \
                            continue as a new player."
            .to_owned(),
        C::BadName => format!("The server does not accept that name: {}.", e.reason),
        C::TooManyGames => {
            "You have as many games and seeks open as the server allows: finish or cancel one \
             first."
                .to_owned()
        }
        C::NoSuchSeek => "That seek is gone: someone else took it, or it was cancelled.".to_owned(),
        C::BadInviteCode => "No game has that invite code: check it with your friend.".to_owned(),
        C::BadRules => format!("The server does not accept those rules: {}.", e.reason),
        C::BadSetup => format!("The server cannot set up that game: {}.", e.reason),
        C::NoSuchGame => "That game is no longer on the server.".to_owned(),
        C::NoSuchPlayer => "There is no such player.".to_owned(),
        C::NotYourSeat => "That is not your seat in this game.".to_owned(),
        C::NotYourTurn => "It is the other side's turn, not yours.".to_owned(),
        C::IllegalMove => format!("The server refused the move: {}.", e.reason),
        C::GameOver => "The game is already over.".to_owned(),
        C::NoOffer => "There is no offer to answer any more.".to_owned(),
        C::NotAllowed => format!("That is not allowed now: {}.", e.reason),
        C::AiBusy => "The computer players are all busy: try again in a moment.".to_owned(),
        C::AiError => format!("The computer player failed: {}.", e.reason),
        C::BadRecord => format!("That game record cannot be read: {}.", e.reason),
        C::NotFinished => "A game is reviewed once it is over.".to_owned(),
        C::PrivateGame => {
            "That is someone else's private game: only its players may review it.".to_owned()
        }
        C::TooManyReviews => {
            "The server is busy with as many reviews as it allows: try again when one is done."
                .to_owned()
        }
        C::Storage => "The server could not save that; nothing changed. Try again.".to_owned(),
        C::Unavailable => {
            "The game is moving to another server; nothing changed. Try again in a moment."
                .to_owned()
        }
        C::Internal => "Something went wrong on the server; nothing changed. Try again.".to_owned(),
    };
    if what.is_empty() {
        plain
    } else {
        format!("{what}: {plain}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closing_reads_with_or_without_a_reason() {
        assert_eq!(
            closed_by_server(Some(" going away ")),
            "The server closed the connection: going away."
        );
        assert_eq!(
            closed_by_server(Some("")),
            "The server closed the connection."
        );
        assert!(not_reached("ws://h:1/ws").contains("ws://h:1/ws"));
    }

    #[test]
    fn a_code_given_as_the_closing_reason_is_put_in_words() {
        use chaupal_shared::protocol::ErrorCode;
        assert_eq!(
            closed_by_server(Some("shutting_down")),
            "The server closed the connection. The server is shutting down; the client will \
             reconnect when it is back."
        );
        for code in ErrorCode::ALL {
            let text = closed_by_server(Some(code.as_str()));
            assert!(!text.contains('_'), "{code}: {text}");
            assert!(text.ends_with('.'), "{code}: {text}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn refused_and_reset_read_as_sentences() {
        let refused = io::Error::from(io::ErrorKind::ConnectionRefused);
        assert!(io_problem("ws://127.0.0.1:7878", &refused).contains("Is it running?"));
        let reset = tungstenite::Error::Io(io::Error::from(io::ErrorKind::ConnectionReset));
        assert_eq!(
            socket_problem(&reset),
            "The connection to the server was lost."
        );
        assert_eq!(
            socket_problem(&tungstenite::Error::ConnectionClosed),
            "The server closed the connection."
        );
    }

    #[test]
    fn server_errors_say_what_failed_and_what_to_do() {
        use chaupal_shared::protocol::{ErrorCode, ErrorReply};
        let e = ErrorReply::new(ErrorCode::BadInviteCode, "no such code");
        assert_eq!(
            server_error("Joining the game", &e),
            "Joining the game: No game has that invite code: check it with your friend."
        );
        for code in ErrorCode::ALL {
            let text = server_error("", &ErrorReply::new(code, "why"));
            assert!(text.ends_with('.'), "{code}: {text}");
            assert!(!text.contains('_'), "{code} leaks a code name: {text}");
        }
    }
}
