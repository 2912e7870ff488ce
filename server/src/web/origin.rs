//! The websocket's Origin check: an origin is its scheme, host and port, and a page may open a
//! websocket here only from an origin equal to an allowed one in all three.
//!
//! A browser sends its page's origin (`https://chaupal.example`) with every websocket; bots and
//! the desktop client send none. The allowed origins are those `--allowed-origin` names, or,
//! when none is named, the server's own: the host and port of the request's `Host` header, over
//! the scheme the request came by. The server speaks plain http itself, so that scheme is
//! `http`, unless a trusted proxy (`--trusted-proxy`) says in `X-Forwarded-Proto` or
//! `Forwarded: proto=` that it took the request over `https`. A port left out is the scheme's
//! default (80 for http, 443 for https), so `https://chaupal.example:443` is
//! `https://chaupal.example`; the scheme and the host are compared without case, and a
//! trailing `/` is ignored.

use http::HeaderMap;

/// The schemes a page the server's websocket serves can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Http,
    Https,
}

impl Scheme {
    /// The port an origin of this scheme has when it names none.
    pub fn default_port(self) -> u16 {
        match self {
            Scheme::Http => 80,
            Scheme::Https => 443,
        }
    }

    fn parse(text: &str) -> Option<Scheme> {
        if text.eq_ignore_ascii_case("http") {
            Some(Scheme::Http)
        } else if text.eq_ignore_ascii_case("https") {
            Some(Scheme::Https)
        } else {
            None
        }
    }

    /// The scheme a request with `headers` came by: `https` when it comes from a trusted
    /// proxy (`proxied`) that says so (the first `X-Forwarded-Proto` value, or the first
    /// `proto=` of `Forwarded`: the hop nearest the browser), else `http`.
    pub fn of_request(proxied: bool, headers: &HeaderMap) -> Scheme {
        if !proxied {
            return Scheme::Http;
        }
        let first = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .map(str::trim)
        };
        let said = first("forwarded")
            .and_then(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.trim().split_once('='))
                    .find(|(key, _)| key.trim().eq_ignore_ascii_case("proto"))
                    .map(|(_, value)| value.trim().trim_matches('"'))
            })
            .or_else(|| first("x-forwarded-proto"));
        said.and_then(Scheme::parse).unwrap_or(Scheme::Http)
    }
}

/// An origin: a scheme, a host (in lower case) and a port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    pub scheme: Scheme,
    pub host: String,
    pub port: u16,
}

impl Origin {
    /// Reads `scheme://host[:port]`, with a trailing `/` or none; `None` for anything else (a
    /// path, a user, a port that is no port, `null`, another scheme).
    pub fn parse(text: &str) -> Option<Origin> {
        let text = text.trim();
        let (scheme, rest) = text.split_once("://")?;
        let scheme = Scheme::parse(scheme)?;
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        Origin::at(scheme, authority)
    }

    /// The origin of a page at `authority` (`host[:port]`, as a `Host` header says it) over
    /// `scheme`.
    pub fn at(scheme: Scheme, authority: &str) -> Option<Origin> {
        let authority = authority.trim();
        if authority.is_empty() || authority.contains(['/', '@', '?', '#', ' ']) {
            return None;
        }
        // An IPv6 address is in brackets, and may be followed by a port.
        let (host, port) = match authority.rfind(':') {
            Some(colon) if !authority[colon..].contains(']') => {
                let port = &authority[colon + 1..];
                if port.is_empty() || !port.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                (&authority[..colon], port.parse().ok()?)
            }
            _ => (authority, scheme.default_port()),
        };
        if host.is_empty() || host.contains(':') && !(host.starts_with('[') && host.ends_with(']'))
        {
            return None;
        }
        Some(Origin {
            scheme,
            host: host.to_ascii_lowercase(),
            port,
        })
    }
}

/// Whether a websocket upgrade from a page at `origin` may go ahead. No Origin header (bots,
/// the desktop client: browsers always send one) is allowed; otherwise the origin must equal
/// one of `allowed` (`scheme://host[:port]`) in scheme, host and port, or, when none is
/// configured, the server's own: the request's `Host` over the request's `scheme` (see
/// [`Scheme::of_request`]).
pub fn origin_allowed(
    origin: Option<&str>,
    host: Option<&str>,
    scheme: Scheme,
    allowed: &[String],
) -> bool {
    let Some(origin) = origin else {
        return true;
    };
    let Some(origin) = Origin::parse(origin) else {
        return false;
    };
    if !allowed.is_empty() {
        return allowed
            .iter()
            .any(|a| Origin::parse(a).is_some_and(|a| a == origin));
    }
    host.and_then(|host| Origin::at(scheme, host))
        .is_some_and(|own| own == origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn an_origin_is_its_scheme_host_and_port_with_default_ports() {
        let https = |host: &str, port| Origin {
            scheme: Scheme::Https,
            host: host.to_owned(),
            port,
        };
        assert_eq!(
            Origin::parse("https://chaupal.example"),
            Some(https("chaupal.example", 443))
        );
        assert_eq!(
            Origin::parse("HTTPS://Chaupal.Example:443/"),
            Some(https("chaupal.example", 443))
        );
        assert_eq!(
            Origin::parse("https://chaupal.example:8443"),
            Some(https("chaupal.example", 8443))
        );
        assert_eq!(
            Origin::parse("http://[::1]:7878").map(|o| (o.host, o.port)),
            Some(("[::1]".to_owned(), 7878))
        );
        assert_eq!(Origin::parse("http://[::1]").map(|o| o.port), Some(80));
        for junk in [
            "null",
            "",
            "chaupal.example",
            "ftp://chaupal.example",
            "https://",
            "https://chaupal.example:",
            "https://chaupal.example:x",
            "https://chaupal.example:99999",
            "https://chaupal.example/page",
            "https://user@chaupal.example",
            "https://::1",
        ] {
            assert_eq!(Origin::parse(junk), None, "{junk}");
        }
    }

    #[test]
    fn an_allowed_origin_lets_in_only_its_own_scheme_host_and_port() {
        let list = allowed(&["https://example.org"]);
        let ok =
            |origin: &str| origin_allowed(Some(origin), Some("10.0.0.2:7878"), Scheme::Http, &list);
        assert!(ok("https://example.org"));
        assert!(
            ok("https://example.org:443"),
            "the default port is the port left out"
        );
        assert!(ok("HTTPS://EXAMPLE.ORG/"));
        assert!(!ok("http://example.org"), "another scheme");
        assert!(
            !ok("http://example.org:443"),
            "another scheme on the same port"
        );
        assert!(!ok("https://example.org:8443"), "another port");
        assert!(!ok("https://www.example.org"), "another host");
        assert!(!ok("https://example.org.evil.example"));
        // An allowed origin written with its default port names the same origin.
        let list = allowed(&["https://example.org:443", "http://example.org:8080"]);
        let ok = |origin: &str| origin_allowed(Some(origin), None, Scheme::Http, &list);
        assert!(ok("https://example.org"));
        assert!(ok("http://example.org:8080"));
        assert!(!ok("http://example.org"));
        assert!(!ok("https://example.org:8080"));
    }

    #[test]
    fn without_allowed_origins_the_servers_own_is_its_host_over_the_requests_scheme() {
        let none: &[String] = &[];
        let own = |origin: &str, host: &str, scheme| {
            origin_allowed(Some(origin), Some(host), scheme, none)
        };
        // The page the server served itself, over plain http.
        assert!(own("http://127.0.0.1:7878", "127.0.0.1:7878", Scheme::Http));
        assert!(own("http://example.org", "example.org:80", Scheme::Http));
        assert!(!own(
            "https://127.0.0.1:7878",
            "127.0.0.1:7878",
            Scheme::Http
        ));
        assert!(!own("https://example.org", "example.org", Scheme::Http));
        // Behind a TLS proxy that says so.
        assert!(own("https://example.org", "example.org", Scheme::Https));
        assert!(own("https://example.org", "example.org:443", Scheme::Https));
        assert!(!own("http://example.org", "example.org", Scheme::Https));
        assert!(!own(
            "https://example.org:8443",
            "example.org",
            Scheme::Https
        ));
        // No Origin: not a page.
        assert!(origin_allowed(None, None, Scheme::Http, none));
    }

    #[test]
    fn only_a_trusted_proxy_says_the_request_came_over_https() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.append(*name, http::HeaderValue::from_static(value));
            }
            map
        };
        let xfp = headers(&[("x-forwarded-proto", "https")]);
        assert_eq!(Scheme::of_request(true, &xfp), Scheme::Https);
        assert_eq!(Scheme::of_request(false, &xfp), Scheme::Http);
        let chain = headers(&[("x-forwarded-proto", "https, http")]);
        assert_eq!(Scheme::of_request(true, &chain), Scheme::Https);
        let forwarded = headers(&[("forwarded", "for=203.0.113.7;Proto=\"HTTPS\", for=10.0.0.1")]);
        assert_eq!(Scheme::of_request(true, &forwarded), Scheme::Https);
        let plain = headers(&[("forwarded", "for=203.0.113.7;proto=http")]);
        assert_eq!(Scheme::of_request(true, &plain), Scheme::Http);
        assert_eq!(Scheme::of_request(true, &HeaderMap::new()), Scheme::Http);
        let junk = headers(&[("x-forwarded-proto", "gopher")]);
        assert_eq!(Scheme::of_request(true, &junk), Scheme::Http);
    }
}
