//! Connection problems in words a player understands, instead of error codes.

use std::io;

/// A problem reaching the server.
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
pub fn handshake_problem(
    url: &str,
    e: &tungstenite::HandshakeError<tungstenite::ClientHandshake<std::net::TcpStream>>,
) -> String {
    match e {
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
pub fn socket_problem(e: &tungstenite::Error) -> String {
    match e {
        tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed => {
            "The server closed the connection.".to_owned()
        }
        tungstenite::Error::Io(io) => match io.kind() {
            io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe
            | io::ErrorKind::UnexpectedEof => "The connection to the server was lost.".to_owned(),
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
