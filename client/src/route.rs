//! Where the client goes when it starts, read from an address: a page's location in the
//! browser (`/join/CODE`, `/game/GAME_ID` (or `/watch/GAME_ID`), `/replay/GAME_ID`,
//! `/link/DEVICE_CODE`, `/puzzle/PUZZLE_ID`, `/tournament/ID?code=CODE`), or on the
//! desktop the same address given with `--open URL` (or `--join`, `--watch`, `--replay`). Also
//! the other way round: the link that sends a friend to a game, or this player to another
//! device. A private game's link carries its watch key: `/game/GAME_ID?key=KEY` (and
//! `/replay/GAME_ID?key=KEY`). Pure functions, no I/O.

use crate::words::Language;

/// The server the client connects to unless told otherwise (the desktop's default, and a page
/// opened from a file).
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7878";

/// The path where a Chaupal server that serves the page takes its websocket.
pub const SOCKET_PATH: &str = "/ws";

/// Where to go once connected.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Route {
    /// The lobby: nothing in particular.
    #[default]
    Lobby,
    /// Join the private game with this invite code (`K7QM-2XPD`).
    Join(String),
    /// This game: one's own is played on, anyone else's watched (`/game/ID`; `/watch/ID` is
    /// read as the same).
    Game(u64),
    /// Replay this finished game.
    Replay(u64),
    /// Play on this device as the player who was given this device code on another.
    Link(String),
    /// Solve this puzzle (`/puzzle/kalah-00042`).
    Puzzle(String),
    /// This tournament's page (`/tournament/ID`, a private one's with `?code=CODE`).
    Tournament { id: u64, code: Option<String> },
}

impl Route {
    /// The path that leads here (`/join/K7QM-2XPD`), the lobby's being `/`.
    pub fn path(&self) -> String {
        match self {
            Route::Lobby => "/".to_owned(),
            Route::Join(code) => format!("/join/{code}"),
            Route::Game(id) => format!("/game/{id}"),
            Route::Replay(id) => format!("/replay/{id}"),
            Route::Link(code) => format!("/link/{code}"),
            Route::Puzzle(id) => format!("/puzzle/{id}"),
            Route::Tournament { id, code: None } => format!("/tournament/{id}"),
            Route::Tournament {
                id,
                code: Some(code),
            } => format!("/tournament/{id}?code={code}"),
        }
    }
}

/// What an address says: the server to talk to (when it names one), the route, a name given
/// with `?name=`, and whether `?hook` asks for the test hook ([`crate::hook`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Launch {
    /// The websocket address: the `?server=` of the address, else the `/ws` of the host it was
    /// loaded from; none for an address with no host (a file).
    pub server: Option<String>,
    pub route: Route,
    pub name: Option<String>,
    /// Whether each frame publishes what it offers, for a browser test to read and click.
    pub hook: bool,
    /// The interface's language for this visit (`?lang=ne`), over the one chosen before.
    pub language: Option<Language>,
    /// A private game's watch key (`?key=`), for a game or replay route.
    pub key: Option<String>,
}

/// The longest watch key a link may carry (the server makes them 32 hexadecimal digits).
const MAX_KEY_CHARS: usize = 64;

/// A watch key as a link carries it: 1 to 64 hexadecimal digits.
fn watch_key(text: &str) -> Option<String> {
    let ok = !text.is_empty()
        && text.len() <= MAX_KEY_CHARS
        && text.bytes().all(|b| b.is_ascii_hexdigit());
    ok.then(|| text.to_ascii_lowercase())
}

/// An invite code however it was typed or linked (any case, spaces, with or without its dash)
/// as the server hands it out, `XXXX-XXXX`; none when it cannot be one.
pub fn normalise_code(text: &str) -> Option<String> {
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if chars.len() != 8 || !chars.iter().all(char::is_ascii_alphanumeric) {
        return None;
    }
    let (a, b) = chars.split_at(4);
    Some(format!(
        "{}-{}",
        a.iter().collect::<String>(),
        b.iter().collect::<String>()
    ))
}

/// The most characters of a link's code that is no invite code kept to be shown.
const MAX_SHOWN_CODE: usize = 16;

/// A game's number in a path: digits only (spaces around are forgiven).
fn game_id(text: &str) -> Option<u64> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// A puzzle's id in a path: 1 to 32 letters, digits and dashes, as the server names them.
fn puzzle_id(text: &str) -> Option<String> {
    let t = text.trim();
    let ok = !t.is_empty()
        && t.len() <= chaupal_shared::puzzle_set::MAX_ID_LEN
        && t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    ok.then(|| t.to_owned())
}

/// Undoes percent-encoding (`%20`), and in a query `+` for a space; none for a broken escape or
/// bytes that are not UTF-8.
pub fn percent_decode(text: &str, plus_is_space: bool) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' if plus_is_space => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The route a path names; anything else is the lobby.
pub fn parse_path(path: &str) -> Route {
    let segments: Vec<String> = match path
        .split('/')
        .filter(|s| !s.is_empty())
        .map(|s| percent_decode(s, false))
        .collect::<Option<Vec<_>>>()
    {
        Some(s) => s,
        None => return Route::Lobby,
    };
    let [what, arg] = segments.as_slice() else {
        return Route::Lobby;
    };
    let route = match what.to_ascii_lowercase().as_str() {
        // A code that is no code is kept (its first characters) for the card that says so.
        "join" => Some(Route::Join(normalise_code(arg).unwrap_or_else(|| {
            chaupal_shared::protocol::names::first_chars(arg.trim(), MAX_SHOWN_CODE).to_uppercase()
        }))),
        "game" | "watch" => game_id(arg).map(Route::Game),
        "replay" => game_id(arg).map(Route::Replay),
        "link" => normalise_code(arg).map(Route::Link),
        "puzzle" => puzzle_id(arg).map(Route::Puzzle),
        "tournament" => game_id(arg).map(|id| Route::Tournament { id, code: None }),
        _ => None,
    };
    route.unwrap_or_default()
}

/// Reads an address: `http://host:port/join/CODE?server=ws://...&name=...`.
pub fn parse_url(url: &str) -> Launch {
    let url = url.trim();
    let url = url.split_once('#').map_or(url, |(before, _)| before);
    let (url, query) = url.split_once('?').unwrap_or((url, ""));
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let scheme = scheme.to_ascii_lowercase();
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let socket_scheme = match scheme.as_str() {
        "http" => Some("ws"),
        "https" => Some("wss"),
        _ => None,
    };
    let mut launch = Launch {
        server: socket_scheme
            .filter(|_| !authority.is_empty() && !authority.contains('@'))
            .map(|s| format!("{s}://{authority}{SOCKET_PATH}")),
        route: if socket_scheme.is_some() {
            parse_path(path)
        } else {
            Route::Lobby
        },
        name: None,
        hook: false,
        language: None,
        key: None,
    };
    for pair in query.split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let Some(value) = percent_decode(value, true) else {
            continue;
        };
        let value = value.trim();
        match key {
            "server" if crate::net::address::parse_address(value).is_ok() => {
                launch.server = Some(value.to_owned());
            }
            "name"
                if chaupal_shared::protocol::names::clean_name(value).as_deref() == Ok(value) =>
            {
                launch.name = Some(value.to_owned());
            }
            "hook" => launch.hook = matches!(value, "" | "1" | "true"),
            "lang" => launch.language = Language::from_tag(value),
            "key" => launch.key = watch_key(value),
            "code" => {
                if let Route::Tournament { code, .. } = &mut launch.route {
                    *code = normalise_code(value);
                }
            }
            _ => {}
        }
    }
    launch
}

/// The web address of the server behind a websocket address (`ws://host:port/ws` is served at
/// `http://host:port`), to make links with; none for an address that is not one.
pub fn site_of(server: &str) -> Option<String> {
    let (scheme, rest) = if let Some(r) = server.strip_prefix("ws://") {
        ("http", r)
    } else if let Some(r) = server.strip_prefix("wss://") {
        ("https", r)
    } else {
        return None;
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    (!authority.is_empty() && !authority.contains('@')).then(|| format!("{scheme}://{authority}"))
}

/// The link to a route on a site: `http://host:port/join/K7QM-2XPD`.
pub fn link(site: &str, route: &Route) -> String {
    format!("{}{}", site.trim_end_matches('/'), route.path())
}

/// A route's path with a private game's watch key (`/game/42?key=KEY`); the plain path when
/// there is none.
pub fn keyed_path(route: &Route, key: Option<&str>) -> String {
    match key {
        Some(key) => format!("{}?key={key}", route.path()),
        None => route.path(),
    }
}

/// [`link`] with a private game's watch key.
pub fn keyed_link(site: &str, route: &Route, key: Option<&str>) -> String {
    format!("{}{}", site.trim_end_matches('/'), keyed_path(route, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_however_they_are_written() {
        for typed in [
            "K7QM-2XPD",
            "k7qm-2xpd",
            "K7QM2XPD",
            " k7qm 2xpd ",
            "k7-qm-2x-pd",
        ] {
            assert_eq!(
                normalise_code(typed).as_deref(),
                Some("K7QM-2XPD"),
                "{typed}"
            );
        }
        for bad in ["", "K7QM", "K7QM-2XPD9", "K7QM-2XP!", "K7QM-2XPÉ"] {
            assert_eq!(normalise_code(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_tournaments_link_carries_its_code() {
        let launch = parse_url("https://play.chaupal.example/tournament/42?code=k7qm2xpd");
        let route = Route::Tournament {
            id: 42,
            code: Some("K7QM-2XPD".into()),
        };
        assert_eq!(launch.route, route);
        assert_eq!(route.path(), "/tournament/42?code=K7QM-2XPD");
        assert_eq!(
            parse_path("/tournament/42"),
            Route::Tournament { id: 42, code: None }
        );
        assert_eq!(parse_path("/tournament/forty"), Route::Lobby);
        // A code that is no code is left out: the page is asked for without it.
        let odd = parse_url("https://play.chaupal.example/tournament/42?code=%3Cscript%3E");
        assert_eq!(odd.route, Route::Tournament { id: 42, code: None });
    }

    #[test]
    fn paths_name_a_route_or_the_lobby() {
        assert_eq!(
            parse_path("/join/k7qm2xpd"),
            Route::Join("K7QM-2XPD".into())
        );
        assert_eq!(
            parse_path("/JOIN/K7QM-2XPD/"),
            Route::Join("K7QM-2XPD".into())
        );
        assert_eq!(
            parse_path("/join/k7qm%202xpd"),
            Route::Join("K7QM-2XPD".into())
        );
        assert_eq!(
            parse_path("/join/K7QM%2D2XPD"),
            Route::Join("K7QM-2XPD".into())
        );
        assert_eq!(parse_path("/game/42"), Route::Game(42));
        assert_eq!(parse_path("/watch/42"), Route::Game(42), "the older link");
        assert_eq!(parse_path("/replay/%2042"), Route::Replay(42));
        assert_eq!(
            parse_path("/puzzle/kalah-00042"),
            Route::Puzzle("kalah-00042".into())
        );
        for bad in [
            "/",
            "",
            "/index.html",
            "/join",
            "/join/",
            "/watch/abc",
            "/game/abc",
            "/game/",
            "/watch/-1",
            "/watch/99999999999999999999999",
            "/watch/4/2",
            "/x/watch/4",
            "/replay/1%",
            "/replay/%zz",
            "/join/%ff%fe",
            "/lobby/1",
            "/puzzle/",
            "/puzzle/a%20b",
            "/puzzle/kalah_1",
            "/puzzle/123456789012345678901234567890123",
        ] {
            assert_eq!(parse_path(bad), Route::Lobby, "{bad}");
        }
    }

    #[test]
    fn a_page_address_gives_the_server_and_the_route() {
        assert_eq!(
            parse_url("http://example.org:8080/join/k7qm-2xpd"),
            Launch {
                server: Some("ws://example.org:8080/ws".into()),
                route: Route::Join("K7QM-2XPD".into()),
                name: None,
                hook: false,
                language: None,
                key: None,
            }
        );
        assert_eq!(
            parse_url("http://h:1/link/qrst2345").route,
            Route::Link("QRST-2345".into())
        );
        assert_eq!(Route::Link("QRST-2345".into()).path(), "/link/QRST-2345");
        let secure = parse_url("https://play.example.org/watch/7#top");
        assert_eq!(secure.server.as_deref(), Some("wss://play.example.org/ws"));
        assert_eq!(secure.route, Route::Game(7));
        let v6 = parse_url("http://[::1]:7878/");
        assert_eq!(v6.server.as_deref(), Some("ws://[::1]:7878/ws"));
        assert_eq!(v6.route, Route::Lobby);
        assert_eq!(parse_url("http://h").route, Route::Lobby);
    }

    #[test]
    fn a_join_link_whose_code_is_no_code_is_kept_to_say_so() {
        assert_eq!(parse_path("/join/zzzz"), Route::Join("ZZZZ".into()));
        assert_eq!(parse_path("/join/nope"), Route::Join("NOPE".into()));
        let long = parse_path(&format!("/join/{}", "x".repeat(100)));
        assert_eq!(long, Route::Join("X".repeat(MAX_SHOWN_CODE)));
        assert_eq!(
            parse_path("/join/k7qm2xpd"),
            Route::Join("K7QM-2XPD".into())
        );
    }

    #[test]
    fn a_private_games_link_carries_its_watch_key_there_and_back() {
        let key = "9c1e7a4f0b2d6e8a3c5f7b9d1e3a5c7f";
        let l = parse_url(&format!("https://h/game/42?key={key}"));
        assert_eq!((l.route, l.key.as_deref()), (Route::Game(42), Some(key)));
        let l = parse_url(&format!("https://h/replay/42?key={}", key.to_uppercase()));
        assert_eq!((l.route, l.key.as_deref()), (Route::Replay(42), Some(key)));
        for bad in ["", "xyz", "12 34", &"a".repeat(65)] {
            assert_eq!(
                parse_url(&format!("https://h/game/42?key={bad}")).key,
                None,
                "{bad}"
            );
        }
        assert_eq!(
            keyed_link("https://h/", &Route::Game(42), Some(key)),
            format!("https://h/game/42?key={key}")
        );
        assert_eq!(keyed_path(&Route::Replay(7), None), "/replay/7");
    }

    #[test]
    fn the_query_may_name_the_server_and_the_player() {
        let l = parse_url(
            "http://127.0.0.1:8000/replay/3?server=ws%3A%2F%2F127.0.0.1%3A7878&name=Asha+K",
        );
        assert_eq!(l.server.as_deref(), Some("ws://127.0.0.1:7878"));
        assert_eq!(l.route, Route::Replay(3));
        assert_eq!(l.name.as_deref(), Some("Asha K"));
        // A server that is not a websocket address, or an empty name, is ignored.
        let l = parse_url("http://h:1/?server=http://evil&name=&x");
        assert_eq!(l.server.as_deref(), Some("ws://h:1/ws"));
        assert_eq!(l.name, None);
        let long = format!("http://h/?name={}", "a".repeat(33));
        assert_eq!(parse_url(&long).name, None);
        // The test hook only when asked for.
        assert!(!l.hook);
        assert!(parse_url("http://h/join/AB12-CD34?hook").hook);
        assert!(parse_url("http://h/?name=A&hook=1").hook);
        assert!(!parse_url("http://h/?hook=0").hook);
        // A language for the visit, when the client speaks it.
        assert_eq!(
            parse_url("http://h/?lang=en").language,
            Some(Language::English)
        );
        assert_eq!(parse_url("http://h/?lang=xx").language, None);
    }

    #[test]
    fn addresses_without_a_host_name_no_server() {
        let file = parse_url("file:///home/a/chaupal/index.html");
        assert_eq!(file.server, None);
        assert_eq!(file.route, Route::Lobby);
        assert_eq!(parse_url("").server, None);
        assert_eq!(parse_url("http://user@h/").server, None);
        assert_eq!(
            parse_url("file:///x?server=ws://127.0.0.1:7878")
                .server
                .as_deref(),
            Some("ws://127.0.0.1:7878")
        );
    }

    #[test]
    fn links_lead_back_to_the_same_route() {
        let site = site_of("ws://example.org:8080/ws").expect("a site");
        assert_eq!(site, "http://example.org:8080");
        assert_eq!(
            site_of("wss://play.example.org").as_deref(),
            Some("https://play.example.org")
        );
        assert_eq!(site_of("http://x"), None);
        for route in [
            Route::Lobby,
            Route::Join("K7QM-2XPD".into()),
            Route::Game(5),
            Route::Replay(9),
            Route::Link("QRST-2345".into()),
            Route::Puzzle("jungle-01234".into()),
        ] {
            let url = link(&site, &route);
            assert_eq!(parse_url(&url).route, route, "{url}");
            assert_eq!(
                parse_url(&url).server.as_deref(),
                Some("ws://example.org:8080/ws")
            );
        }
    }
}
