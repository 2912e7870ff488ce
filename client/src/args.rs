//! The desktop's command line: where the server is, the player's name, where to go once
//! connected (the same routes as the browser's addresses, see [`crate::route`]), and the
//! screenshot mode that draws one board to a PNG and exits.

use std::path::PathBuf;

use chaupal_rules::{AnyGame, GameKind, PositionError};
use clap::Parser;

pub use crate::route::DEFAULT_SERVER;
use crate::route::{self, Launch, Route};
use crate::words::Language;

/// Chaupal: play Bagh Chal, Kalah, Jungle and Sholo Guti online, on one computer, or against
/// the computer.
#[derive(Clone, Debug, Parser)]
#[command(name = "chaupal-client", version)]
pub struct Args {
    /// The server's websocket address [default: ws://127.0.0.1:7878, or the server of --open].
    #[arg(long)]
    pub server: Option<String>,
    /// Your name on the server (remembered for next time).
    #[arg(long)]
    pub name: Option<String>,
    /// Do not connect: play on this computer only.
    #[arg(long, conflicts_with_all = ["join", "watch", "replay", "open"])]
    pub offline: bool,
    /// Join a friend's private game by its invite code, as soon as connected.
    #[arg(long, value_name = "CODE", value_parser = parse_code, group = "route")]
    pub join: Option<String>,
    /// Watch a live game, by its number.
    #[arg(long, value_name = "GAME_ID", group = "route")]
    pub watch: Option<u64>,
    /// Replay a finished game, by its number.
    #[arg(long, value_name = "GAME_ID", group = "route")]
    pub replay: Option<u64>,
    /// Open a game's web address (http://HOST:PORT/join/CODE, /game/ID or /replay/ID): its
    /// server and its game.
    #[arg(long, value_name = "URL", group = "route")]
    pub open: Option<String>,
    /// Draw every screen in the states that show the most text, at every window size the
    /// client serves and at pixel ratios 1 to 3, and say of each text that is cut, beyond the
    /// window's side, or over another; exit 1 when there is any (the words check).
    #[arg(long)]
    pub check_words: bool,
    /// The interface's language for the window, the words check or a screenshot: en, ne, hi,
    /// bn or zh-Hans (by default the one chosen before, else the system's; the words check
    /// checks every language unless one is given).
    #[arg(long, value_name = "TAG", value_parser = parse_language)]
    pub language: Option<Language>,
    /// Draw one board to this PNG file and exit.
    #[arg(long, value_name = "FILE", requires = "game")]
    pub screenshot: Option<PathBuf>,
    /// The game to draw (baghchal, kalah, jungle, sholo-guti).
    #[arg(long)]
    pub game: Option<GameKind>,
    /// The position to draw, in the game's notation (the start when left out).
    #[arg(long)]
    pub position: Option<String>,
    /// A rule option, KEY=VALUE; may be repeated.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Moves to play before drawing, separated by spaces (the last one is marked).
    #[arg(long)]
    pub moves: Option<String>,
    /// With --screenshot: cells clicked after the moves, separated by spaces (to show a
    /// selection and its legal destinations).
    #[arg(long)]
    pub clicks: Option<String>,
    /// Draw the board turned round (the second player at the bottom).
    #[arg(long)]
    pub flip: bool,
    /// With --screenshot: the screen to draw instead of the game (lobby, rules, replay,
    /// connection, game-over, review: a made-up review of the game, or of a made-up game when
    /// no --moves are given), or `state:NAME`, a state of the words check by its name
    /// (`state:puzzles: solved`).
    #[arg(long, value_name = "SCREEN")]
    pub show: Option<String>,
    /// The window size, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x800", value_parser = parse_size)]
    pub size: (u32, u32),
}

/// Reads an invite code however it is typed.
fn parse_code(text: &str) -> Result<String, String> {
    route::normalise_code(text)
        .ok_or_else(|| format!("'{text}' is not an invite code: eight letters and digits"))
}

impl Args {
    /// Where to connect and go, from `--server` and the route options (`--open` gives both; a
    /// `--server` given as well wins).
    pub fn launch(&self) -> Launch {
        let mut launch = match &self.open {
            Some(url) => route::parse_url(url),
            None => Launch::default(),
        };
        if let Some(code) = &self.join {
            launch.route = Route::Join(code.clone());
        } else if let Some(id) = self.watch {
            launch.route = Route::Game(id);
        } else if let Some(id) = self.replay {
            launch.route = Route::Replay(id);
        }
        launch.server = self
            .server
            .clone()
            .or(launch.server)
            .or_else(|| Some(DEFAULT_SERVER.to_owned()));
        if self.name.is_some() {
            launch.name.clone_from(&self.name);
        }
        launch.language = self.language.or(launch.language);
        launch
    }
}

/// A language the client speaks, by its tag.
fn parse_language(tag: &str) -> Result<Language, String> {
    Language::from_tag(tag).ok_or_else(|| {
        let known: Vec<&str> = Language::ALL.iter().map(|l| l.tag()).collect();
        format!("{tag}: the client speaks {}", known.join(", "))
    })
}

/// Reads `WIDTHxHEIGHT`.
fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once('x')
        .ok_or_else(|| format!("'{text}' is not WIDTHxHEIGHT, e.g. 1280x800"))?;
    let read = |s: &str| {
        s.parse::<u32>()
            .ok()
            .filter(|n| (200..=8192).contains(n))
            .ok_or_else(|| format!("'{s}' is not a size from 200 to 8192 pixels"))
    };
    Ok((read(w)?, read(h)?))
}

/// What went wrong setting up a game from the command line.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    #[error("{0}")]
    Rule(#[from] chaupal_rules::RuleError),
    #[error("{0}")]
    Position(#[from] PositionError),
    #[error("{0}")]
    Move(#[from] chaupal_rules::MoveError),
}

/// The rule pairs given with `--rule`.
pub fn rule_pairs(rules: &[String]) -> Result<Vec<(String, String)>, SetupError> {
    rules
        .iter()
        .map(|r| {
            chaupal_rules::rules::split_pair(r)
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .map_err(SetupError::from)
        })
        .collect()
}

/// The game the screenshot options describe: the position (or the start), then the moves.
pub fn screenshot_game(
    kind: GameKind,
    position: Option<&str>,
    rules: &[String],
) -> Result<AnyGame, SetupError> {
    let pairs = rule_pairs(rules)?;
    Ok(match position {
        Some(text) => AnyGame::from_position_text(kind, text, pairs)?,
        None => AnyGame::start(kind, pairs)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screenshot_options_read_and_rules_apply() {
        let args = Args::try_parse_from([
            "chaupal-client",
            "--screenshot",
            "out.png",
            "--game",
            "kalah",
            "--rule",
            "pits=4",
            "--size",
            "640x480",
        ])
        .expect("parses");
        assert_eq!(args.game, Some(GameKind::Kalah));
        assert_eq!(args.size, (640, 480));
        let game = screenshot_game(GameKind::Kalah, None, &args.rules).expect("game");
        assert!(game.position_text().contains("pits=4"));
    }

    fn launch(args: &[&str]) -> Launch {
        let mut all = vec!["chaupal-client"];
        all.extend_from_slice(args);
        Args::try_parse_from(all).expect("parses").launch()
    }

    #[test]
    fn routes_come_from_options_or_an_address() {
        let l = launch(&[]);
        assert_eq!(l.server.as_deref(), Some(DEFAULT_SERVER));
        assert_eq!(l.route, Route::Lobby);
        assert_eq!(
            launch(&["--join", "k7qm 2xpd"]).route,
            Route::Join("K7QM-2XPD".into())
        );
        assert_eq!(launch(&["--watch", "12"]).route, Route::Game(12));
        assert_eq!(launch(&["--replay", "3"]).route, Route::Replay(3));
        let l = launch(&["--open", "http://example.org:8080/join/K7QM2XPD?name=Bo"]);
        assert_eq!(l.server.as_deref(), Some("ws://example.org:8080/ws"));
        assert_eq!(l.route, Route::Join("K7QM-2XPD".into()));
        assert_eq!(l.name.as_deref(), Some("Bo"));
        let l = launch(&[
            "--open",
            "http://example.org/watch/4",
            "--server",
            "ws://127.0.0.1:9",
            "--name",
            "Asha",
        ]);
        assert_eq!(l.server.as_deref(), Some("ws://127.0.0.1:9"));
        assert_eq!(l.route, Route::Game(4));
        assert_eq!(l.name.as_deref(), Some("Asha"));
        assert_eq!(
            launch(&["--open", "http://example.org/nowhere"]).route,
            Route::Lobby
        );
    }

    #[test]
    fn route_options_are_one_at_a_time_and_checked() {
        for bad in [
            &["--join", "nope"][..],
            &["--watch", "x"],
            &["--join", "K7QM-2XPD", "--watch", "1"],
            &["--open", "http://h/watch/1", "--replay", "2"],
            &["--offline", "--watch", "1"],
        ] {
            let mut all = vec!["chaupal-client"];
            all.extend_from_slice(bad);
            assert!(Args::try_parse_from(all).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        assert!(
            Args::try_parse_from(["c", "--screenshot", "x.png"]).is_err(),
            "needs --game"
        );
        assert!(Args::try_parse_from(["c", "--size", "10x10"]).is_err());
        assert!(screenshot_game(GameKind::Kalah, None, &["pits".to_owned()]).is_err());
        let err = screenshot_game(GameKind::BaghChal, Some("nonsense"), &[]);
        assert!(err.is_err());
    }
}
