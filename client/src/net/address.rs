//! The server's address: a `ws://` or `wss://` address read into host, port and whether it is
//! encrypted, or what is wrong with it in words. Read by the command line, the links the
//! client is opened with, and the platforms' sockets.

use crate::say;
use crate::words::Phrase;

/// Where a `ws://host:port/path` or `wss://host:port/path` address points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub host: String,
    pub port: u16,
    /// Whether the connection is encrypted (`wss://`, TLS).
    pub secure: bool,
}

/// Reads a server address; says in words what is wrong with a bad one.
pub fn parse_address(url: &str) -> Result<Address, Phrase> {
    let (rest, secure) = if let Some(r) = url.strip_prefix("ws://") {
        (r, false)
    } else if let Some(r) = url.strip_prefix("wss://") {
        (r, true)
    } else {
        return Err(say!("address-not-ws", url = url));
    };
    let authority = rest.split(['/', '?']).next().unwrap_or("");
    if authority.contains('@') {
        return Err(say!("address-with-user", url = url));
    }
    let default_port = if secure { 443 } else { 80 };
    let read_port = |p: &str| {
        p.parse::<u16>()
            .map_err(|_| say!("address-bad-port", url = url, port = p))
    };
    // `[v6 address]:port`, `[v6 address]`, `host:port` or `host`.
    let (host, port) = if let Some(bracketed) = authority.strip_prefix('[') {
        let (host, after) = bracketed
            .split_once(']')
            .ok_or_else(|| say!("address-unclosed", url = url))?;
        let port = match after.strip_prefix(':') {
            Some(p) => read_port(p)?,
            None if after.is_empty() => default_port,
            None => return Err(say!("address-trailing", url = url, after = after)),
        };
        (host.to_owned(), port)
    } else {
        match authority.rsplit_once(':') {
            Some((h, p)) => (h.to_owned(), read_port(p)?),
            None => (authority.to_owned(), default_port),
        }
    };
    if host.is_empty() {
        return Err(say!("address-no-server", url = url));
    }
    Ok(Address { host, port, secure })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_or_say_what_is_wrong() {
        assert_eq!(
            parse_address("ws://127.0.0.1:7878"),
            Ok(Address {
                host: "127.0.0.1".into(),
                port: 7878,
                secure: false,
            })
        );
        assert_eq!(
            parse_address("ws://example.invalid/play").map(|a| a.port),
            Ok(80)
        );
        assert_eq!(
            parse_address("ws://[::1]:9000").map(|a| a.host),
            Ok("::1".into())
        );
        assert!(
            parse_address("http://x")
                .unwrap_err()
                .english()
                .contains("ws://127.0.0.1:7878")
        );
        assert!(
            parse_address("ws://x:port")
                .unwrap_err()
                .english()
                .contains("port")
        );
        assert!(
            parse_address("ws:///play")
                .unwrap_err()
                .english()
                .contains("no server")
        );
        assert!(
            parse_address("wss://me:pw@example.org")
                .unwrap_err()
                .english()
                .contains("no user name")
        );
    }

    #[test]
    fn secure_addresses_read_with_their_default_port() {
        assert_eq!(
            parse_address("wss://play.example.org/chaupal"),
            Ok(Address {
                host: "play.example.org".into(),
                port: 443,
                secure: true,
            })
        );
        assert_eq!(
            parse_address("wss://play.example.org:8443?x=1").map(|a| (a.port, a.secure)),
            Ok((8443, true))
        );
        assert_eq!(
            parse_address("wss://[::1]").map(|a| (a.host, a.port)),
            Ok(("::1".into(), 443))
        );
    }
}
