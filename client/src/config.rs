//! The client's remembered settings: the player's name, and for each server the secret token
//! that claims the same player again. Kept as JSON: on the desktop in the user's config
//! directory (`$XDG_CONFIG_HOME/chaupal/client.json`, `~/.config/chaupal/client.json`, the
//! Application Support folder on macOS, `%APPDATA%\chaupal` on Windows), in the browser in
//! `localStorage` (see [`crate::platform::Store`]).

use std::collections::BTreeMap;
#[cfg(not(target_arch = "wasm32"))]
use std::io;
#[cfg(not(target_arch = "wasm32"))]
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The file name inside the config folder.
pub const FILE_NAME: &str = "client.json";

/// What the client remembers between runs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The name last used.
    #[serde(default)]
    pub name: Option<String>,
    /// The player token handed out by each server, by server address.
    #[serde(default)]
    pub tokens: BTreeMap<String, String>,
    /// Whether the client's sounds are off.
    #[serde(default)]
    pub muted: bool,
    /// The interface's language the player chose, as a tag (none: the system's or the
    /// browser's).
    #[serde(default)]
    pub language: Option<String>,
    /// The computer's level last chosen in the lobby.
    #[serde(default)]
    pub level: Option<u8>,
}

/// The config file could not be read or written.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read or write {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
    #[error("{path} is not a valid settings file ({source}); it will be replaced")]
    Format {
        path: PathBuf,
        source: serde_json::Error,
    },
}

/// The folder for the client's settings on this system, if one can be found.
#[cfg(not(target_arch = "wasm32"))]
pub fn config_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let base = if cfg!(windows) {
        env("APPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library").join("Application Support"))
    } else {
        env("XDG_CONFIG_HOME").or_else(|| env("HOME").map(|h| h.join(".config")))
    };
    base.map(|b| b.join("chaupal"))
}

impl Config {
    /// Reads the settings from their JSON text.
    pub fn from_json(text: &str) -> Result<Config, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The settings as JSON text.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }

    /// Reads the settings from `path`; a missing file is an empty config.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Config::from_json(&text).map_err(|source| ConfigError::Format {
                path: path.to_owned(),
                source,
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Config::default()),
            Err(source) => Err(ConfigError::Io {
                path: path.to_owned(),
                source,
            }),
        }
    }

    /// Writes the settings to `path` (creating its folder), through a temporary file so a
    /// crash never leaves half a file.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn save(&self, path: &Path) -> Result<(), ConfigError> {
        let io_err = |source| ConfigError::Io {
            path: path.to_owned(),
            source,
        };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io_err)?;
        }
        let text = self.to_json().map_err(|source| ConfigError::Format {
            path: path.to_owned(),
            source,
        })?;
        let tmp = path.with_extension("json.tmp");
        std::fs::write(&tmp, text).map_err(io_err)?;
        std::fs::rename(&tmp, path).map_err(io_err)
    }

    /// The token for `server`, if this client has one.
    pub fn token(&self, server: &str) -> Option<&str> {
        self.tokens.get(server).map(String::as_str)
    }

    /// Remembers the token a server handed out.
    pub fn set_token(&mut self, server: &str, token: &str) {
        self.tokens.insert(server.to_owned(), token.to_owned());
    }

    /// Forgets a token the server no longer knows.
    pub fn forget_token(&mut self, server: &str) {
        self.tokens.remove(server);
    }
}

/// A name for a player who gave none: "player" and a few digits from the clock (the wall
/// clock through miniquad, which the browser has too: `std::time::SystemTime` panics there).
pub fn default_name() -> String {
    let seconds = macroquad::miniquad::date::now();
    let n = (seconds.fract() * 1_000_000.0) as u32 % 10_000;
    format!("player{n:04}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_file(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("chaupal-config-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("nested").join(FILE_NAME)
    }

    #[test]
    fn settings_round_trip_through_the_file() {
        let path = temp_file("round-trip");
        assert_eq!(
            Config::load(&path).expect("missing is empty"),
            Config::default()
        );
        let mut c = Config {
            name: Some("Asha".into()),
            ..Config::default()
        };
        c.set_token("ws://127.0.0.1:7878", "secret");
        c.save(&path).expect("saves");
        let back = Config::load(&path).expect("loads");
        assert_eq!(back, c);
        assert_eq!(back.token("ws://127.0.0.1:7878"), Some("secret"));
        let mut back = back;
        back.forget_token("ws://127.0.0.1:7878");
        assert_eq!(back.token("ws://127.0.0.1:7878"), None);
    }

    #[test]
    fn a_broken_file_is_reported_not_trusted() {
        let path = temp_file("broken");
        std::fs::create_dir_all(path.parent().expect("dir")).expect("dir");
        std::fs::write(&path, "{ not json").expect("write");
        let err = Config::load(&path).expect_err("broken");
        assert!(err.to_string().contains("not a valid settings file"));
    }

    #[test]
    fn default_names_look_like_names() {
        let n = default_name();
        assert!(n.starts_with("player") && n.len() == 10);
    }
}
