//! The text record of a game, like chess's PGN: tag pairs, then the moves and the result.
//!
//! ```text
//! [Game "kalah"]
//! [Rules "seeds=4"]
//! [First "asha"]
//! [Second "AI level 3"]
//! [Clock "300+5"]
//! [Rated "false"]
//! [Date "2026.01.01"]
//! [Result "1-0"]
//! [Termination "resignation"]
//!
//! 1. c3 f1 2. b2 e1 1-0
//! ```
//!
//! docs/NOTATION.md (section "Game records") is the full description. Reading checks the form
//! only; whether the moves are legal is for the caller, who has the rules ([`crate::AnyGame`]).

use std::fmt;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::GameKind;
use crate::rules::RulePair;

/// A game, as numbered by the server (also the key of its record).
///
/// ```
/// use chaupal_rules::record::GameId;
///
/// let id = GameId(42);
/// assert_eq!(id.to_string(), "game 42");
/// // In JSON (the protocol, the server's files) it is the bare number.
/// assert_eq!(serde_json::to_string(&id).unwrap(), "42");
/// assert_eq!(serde_json::from_str::<GameId>("42").unwrap(), id);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub u64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.0)
    }
}

/// A time control: each side starts with `initial_ms` and gains `increment_ms` after each of its
/// moves.
///
/// ```
/// use chaupal_rules::record::{ClockSpec, Record};
///
/// let clock = ClockSpec { initial_ms: 300_000, increment_ms: 2_500 };
/// assert_eq!(clock.to_string(), "300+2.500");
/// // A record's Clock tag reads into one.
/// let record = Record::parse("[Game \"jungle\"]\n[Clock \"180+2\"]\n\n*\n").unwrap();
/// assert_eq!(record.clock, Some(ClockSpec { initial_ms: 180_000, increment_ms: 2_000 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockSpec {
    pub initial_ms: u64,
    pub increment_ms: u64,
}

impl fmt::Display for ClockSpec {
    /// `300+5`: initial seconds plus increment seconds (fractions shown when present).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn secs(ms: u64) -> String {
            if ms % 1000 == 0 {
                (ms / 1000).to_string()
            } else {
                format!("{}.{:03}", ms / 1000, ms % 1000)
            }
        }
        write!(f, "{}+{}", secs(self.initial_ms), secs(self.increment_ms))
    }
}

/// A correspondence game's pace: so many days for each move, or no limit at all.
///
/// A player has `days` days from the opponent's move (or from the start) to answer; the
/// deadline moves on with every move, and unused time is not kept.
///
/// ```
/// use chaupal_rules::record::{Correspondence, Record};
///
/// let three = Correspondence::days(3).unwrap();
/// assert_eq!(three.to_string(), "3");
/// assert_eq!(three.move_ms(), Some(3 * 86_400_000));
/// assert_eq!(Correspondence::UNLIMITED.to_string(), "unlimited");
/// // Only the usual paces are offered.
/// assert_eq!(Correspondence::days(4), None);
/// // A record's Correspondence tag reads into one.
/// let record = Record::parse("[Game \"kalah\"]\n[Correspondence \"14\"]\n\n*\n").unwrap();
/// assert_eq!(record.correspondence, Correspondence::days(14));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Correspondence {
    /// Days a move; none: no limit (the game waits for ever).
    pub days: Option<u8>,
}

impl Correspondence {
    /// The days a move that a correspondence game may have.
    pub const DAYS: [u8; 6] = [1, 2, 3, 5, 7, 14];
    /// No limit: the game waits for each move as long as it takes.
    pub const UNLIMITED: Correspondence = Correspondence { days: None };

    /// `days` days a move, when that is one of [`Correspondence::DAYS`].
    pub fn days(days: u8) -> Option<Correspondence> {
        Self::DAYS
            .contains(&days)
            .then_some(Correspondence { days: Some(days) })
    }

    /// Whether the pace is one the server offers: unlimited, or one of [`Correspondence::DAYS`].
    pub fn is_offered(self) -> bool {
        self.days.is_none_or(|d| Self::DAYS.contains(&d))
    }

    /// The time a move may take, in milliseconds; none when unlimited.
    pub fn move_ms(self) -> Option<u64> {
        self.days.map(|d| u64::from(d) * 86_400_000)
    }
}

impl fmt::Display for Correspondence {
    /// The days a move (`3`), or `unlimited`: the record's tag value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.days {
            Some(d) => write!(f, "{d}"),
            None => f.write_str("unlimited"),
        }
    }
}

impl std::str::FromStr for Correspondence {
    type Err = ();

    /// Reads what [`Correspondence`]'s `Display` writes.
    fn from_str(text: &str) -> Result<Self, ()> {
        match text {
            "unlimited" => Ok(Correspondence::UNLIMITED),
            days => days.parse().ok().and_then(Correspondence::days).ok_or(()),
        }
    }
}

/// A game record.
///
/// ```
/// use chaupal_rules::any::AnyGame;
/// use chaupal_rules::game::GameKind;
/// use chaupal_rules::record::Record;
///
/// let text = "[Game \"baghchal\"]\n[First \"asha\"]\n\n1. c3 a1-b2 2. d3 *\n";
/// let record = Record::parse(text).unwrap();
/// assert_eq!(record.kind, GameKind::BaghChal);
/// assert_eq!((record.first.as_str(), record.second.as_str()), ("asha", "?"));
/// assert_eq!(record.moves, ["c3", "a1-b2", "d3"]);
/// // Reading checks the form only; replaying the moves checks them against the rules.
/// let rules = record.rules.iter().map(|r| (&r.key, &r.value));
/// let mut game = AnyGame::start(record.kind, rules).unwrap();
/// assert!(record.moves.iter().all(|mv| game.play_text(mv).is_ok()));
/// // Written out, the record reads back as itself.
/// assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub kind: GameKind,
    /// Rule options that differ from the defaults.
    pub rules: Vec<RulePair>,
    /// The start position when it is not the usual one.
    pub start_position: Option<String>,
    pub first: String,
    pub second: String,
    pub clock: Option<ClockSpec>,
    /// The pace of a correspondence game (none: a game played live).
    pub correspondence: Option<Correspondence>,
    pub rated: bool,
    /// `YYYY.MM.DD`, when known.
    pub date: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (unfinished or aborted).
    pub result: String,
    /// Why the game ended (a result reason name such as `resignation`), when it did.
    pub termination: Option<String>,
    pub moves: Vec<String>,
    /// Other tags, kept in order.
    pub extra: Vec<(String, String)>,
}

/// Why a record could not be read.
///
/// ```
/// use chaupal_rules::record::{Record, RecordError};
///
/// assert_eq!(Record::parse("1. c3 *"), Err(RecordError::NoGame));
/// let err = Record::parse("[Game \"chess\"]\n\n*").unwrap_err();
/// assert_eq!(err, RecordError::UnknownGame("chess".to_owned()));
/// // The result after the moves must agree with the Result tag.
/// let err = Record::parse("[Game \"kalah\"]\n[Result \"1-0\"]\n\n3 0-1").unwrap_err();
/// assert_eq!(err, RecordError::ResultMismatch { moves: "0-1".to_owned(), tag: "1-0".to_owned() });
/// assert_eq!(err.to_string(), "the result in the moves (0-1) differs from the Result tag (1-0)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("line {line}: {detail}")]
    Tag { line: usize, detail: String },
    #[error("the record has no [Game \"...\"] tag")]
    NoGame,
    #[error("unknown game '{0}'")]
    UnknownGame(String),
    #[error("bad {tag} tag: '{value}'")]
    BadValue { tag: &'static str, value: String },
    #[error("the moves end with '{0}', not a result (1-0, 0-1, 1/2-1/2 or *)")]
    NoResult(String),
    #[error("the result in the moves ({moves}) differs from the Result tag ({tag})")]
    ResultMismatch { moves: String, tag: String },
    #[error("unclosed comment in the moves")]
    UnclosedComment,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl Record {
    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut tag = |key: &str, value: &str| {
            let _ = writeln!(out, "[{key} \"{}\"]", escape(value));
        };
        tag("Game", self.kind.name());
        let rules: Vec<String> = self
            .rules
            .iter()
            .map(|r| format!("{}={}", r.key, r.value))
            .collect();
        tag("Rules", &rules.join(" "));
        if let Some(position) = &self.start_position {
            tag("Position", position);
        }
        tag("First", &self.first);
        tag("Second", &self.second);
        match self.clock {
            Some(c) => tag("Clock", &c.to_string()),
            None => tag("Clock", "-"),
        }
        if let Some(c) = self.correspondence {
            tag("Correspondence", &c.to_string());
        }
        tag("Rated", if self.rated { "true" } else { "false" });
        if let Some(date) = &self.date {
            tag("Date", date);
        }
        tag("Result", &self.result);
        if let Some(t) = &self.termination {
            tag("Termination", t);
        }
        for (k, v) in &self.extra {
            tag(k, v);
        }
        out.push('\n');
        let mut line = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            let mut token = String::new();
            if i % 2 == 0 {
                let _ = write!(token, "{}. ", i / 2 + 1);
            }
            token.push_str(mv);
            if !line.is_empty() && line.len() + token.len() + 1 > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        if !line.is_empty() && line.len() + self.result.len() + 1 > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&self.result);
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// Reads a record.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut tags: Vec<(String, String)> = Vec::new();
        let mut body = String::new();
        let mut in_tags = true;
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim();
            if in_tags && trimmed.starts_with('[') {
                tags.push(parse_tag(trimmed).map_err(|detail| RecordError::Tag {
                    line: i + 1,
                    detail,
                })?);
            } else if in_tags && trimmed.is_empty() {
                continue;
            } else {
                in_tags = false;
                body.push_str(line);
                body.push('\n');
            }
        }
        let get = |key: &str| {
            tags.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(key))
                .map(|(_, v)| v.clone())
        };
        let game = get("Game").ok_or(RecordError::NoGame)?;
        let kind: GameKind = game
            .parse()
            .map_err(|_| RecordError::UnknownGame(game.clone()))?;
        let mut rules = Vec::new();
        for pair in get("Rules").unwrap_or_default().split_whitespace() {
            match pair.split_once('=') {
                Some((k, v)) if !k.is_empty() && !v.is_empty() => rules.push(RulePair::new(k, v)),
                _ => {
                    return Err(RecordError::BadValue {
                        tag: "Rules",
                        value: pair.to_owned(),
                    });
                }
            }
        }
        let clock = match get("Clock").as_deref() {
            None | Some("-") | Some("") => None,
            Some(text) => Some(parse_clock(text).ok_or_else(|| RecordError::BadValue {
                tag: "Clock",
                value: text.to_owned(),
            })?),
        };
        let correspondence = match get("Correspondence") {
            None => None,
            Some(text) => Some(text.parse().map_err(|()| RecordError::BadValue {
                tag: "Correspondence",
                value: text.clone(),
            })?),
        };
        let rated = match get("Rated").as_deref() {
            None | Some("false") => false,
            Some("true") => true,
            Some(other) => {
                return Err(RecordError::BadValue {
                    tag: "Rated",
                    value: other.to_owned(),
                });
            }
        };
        let (moves, result) = parse_moves(&body)?;
        let tag_result = get("Result").unwrap_or_else(|| "*".to_owned());
        if !RESULTS.contains(&tag_result.as_str()) {
            return Err(RecordError::BadValue {
                tag: "Result",
                value: tag_result,
            });
        }
        let result = match result {
            Some(r) if r != tag_result => {
                return Err(RecordError::ResultMismatch {
                    moves: r,
                    tag: tag_result,
                });
            }
            _ => tag_result,
        };
        const KNOWN: [&str; 11] = [
            "Game",
            "Rules",
            "Position",
            "First",
            "Second",
            "Clock",
            "Correspondence",
            "Rated",
            "Date",
            "Result",
            "Termination",
        ];
        let extra = tags
            .iter()
            .filter(|(k, _)| !KNOWN.iter().any(|known| k.eq_ignore_ascii_case(known)))
            .cloned()
            .collect();
        Ok(Record {
            kind,
            rules,
            start_position: get("Position"),
            first: get("First").unwrap_or_else(|| "?".to_owned()),
            second: get("Second").unwrap_or_else(|| "?".to_owned()),
            clock,
            correspondence,
            rated,
            date: get("Date"),
            result,
            termination: get("Termination"),
            moves,
            extra,
        })
    }
}

/// `YYYY.MM.DD` of a time in milliseconds since the Unix epoch (UTC).
pub fn date_of(epoch_ms: u64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let days = (epoch_ms / 86_400_000) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("a tag is [Name \"value\"]")?;
    let (key, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or("a tag is [Name \"value\"]")?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("bad tag name '{key}'"));
    }
    let rest = rest.trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or("the tag value must be in double quotes")?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err("bad escape in tag value".to_owned()),
            },
            '"' => return Err("unescaped quote in tag value".to_owned()),
            // A line break cannot be written inside a tag (the writer makes it a space): read a
            // lone carriage return as the writer would write it.
            '\r' => value.push(' '),
            c => value.push(c),
        }
    }
    Ok((key.to_owned(), value))
}

/// `300+5` (seconds, fractions allowed) into a clock.
fn parse_clock(text: &str) -> Option<ClockSpec> {
    let (initial, increment) = text.split_once('+')?;
    Some(ClockSpec {
        initial_ms: parse_seconds(initial)?,
        increment_ms: parse_seconds(increment)?,
    })
}

fn parse_seconds(text: &str) -> Option<u64> {
    let (whole, frac) = match text.split_once('.') {
        Some((w, f)) => (w, f),
        None => (text, ""),
    };
    if whole.is_empty() || frac.len() > 3 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let whole: u64 = whole.parse().ok()?;
    let frac_ms: u64 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<3}").parse().ok()?
    };
    whole.checked_mul(1000)?.checked_add(frac_ms)
}

/// The moves and the closing result token of the move text. Move numbers (`12.`, `12...`) and
/// comments in braces are skipped.
fn parse_moves(body: &str) -> Result<(Vec<String>, Option<String>), RecordError> {
    let mut moves = Vec::new();
    let mut text = String::new();
    let mut depth = 0usize;
    for c in body.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            c => text.push(c),
        }
    }
    if depth > 0 {
        return Err(RecordError::UnclosedComment);
    }
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut result = None;
    let is_number = |token: &str| {
        token
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
            && token.ends_with('.')
    };
    for (i, &token) in tokens.iter().enumerate() {
        // Numbers glued to the move (`1.c3`), all of them (`2026.11.26`), so that what is left
        // reads back as itself when printed.
        let mut token = token;
        while let Some((n, rest)) = token.split_once('.')
            && !n.is_empty()
            && n.chars().all(|c| c.is_ascii_digit())
            && !rest.is_empty()
        {
            token = rest.trim_start_matches('.');
        }
        if token.is_empty() || is_number(token) {
            continue;
        }
        if RESULTS.contains(&token) {
            if i + 1 != tokens.len() {
                return Err(RecordError::NoResult(tokens[tokens.len() - 1].to_owned()));
            }
            result = Some(token.to_owned());
        } else {
            moves.push(token.to_owned());
        }
    }
    Ok((moves, result))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the record proptest: `2026.11.26"]` read as the move `11.26"]`, which printed
    /// and read again lost its `11.` too. Every number glued to a move is dropped at once now.
    #[test]
    fn numbers_glued_to_a_move_are_all_dropped_at_once() {
        let text = "[Game \"kalah\"]\n\n1. 2026.11.26\"] 1.2.. *\n";
        let record = Record::parse(text).unwrap();
        assert_eq!(record.moves, vec!["26\"]".to_owned()]);
        assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
    }

    fn sample() -> Record {
        Record {
            kind: GameKind::Kalah,
            rules: vec![RulePair::new("seeds", "4")],
            start_position: None,
            first: "asha \"the bold\"".to_owned(),
            second: "AI level 3".to_owned(),
            clock: Some(ClockSpec {
                initial_ms: 300_000,
                increment_ms: 2_500,
            }),
            correspondence: None,
            rated: false,
            date: Some("2026.01.01".to_owned()),
            result: "1-0".to_owned(),
            termination: Some("resignation".to_owned()),
            moves: (0..41).map(|i| format!("m{i}")).collect(),
            extra: vec![("Event".to_owned(), "club night".to_owned())],
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let record = sample();
        let text = record.to_text();
        assert!(text.contains("[Clock \"300+2.500\"]"), "{text}");
        assert!(text.lines().all(|l| l.len() <= 80), "{text}");
        assert_eq!(Record::parse(&text).unwrap(), record);
        let mut bare = sample();
        bare.moves.clear();
        bare.clock = None;
        bare.result = "*".to_owned();
        bare.termination = None;
        bare.date = None;
        bare.extra.clear();
        bare.start_position = Some("some position".to_owned());
        assert_eq!(Record::parse(&bare.to_text()).unwrap(), bare);
        for pace in [Correspondence::UNLIMITED, Correspondence { days: Some(7) }] {
            bare.correspondence = Some(pace);
            let text = bare.to_text();
            assert!(
                text.contains(&format!("[Correspondence \"{pace}\"]")),
                "{text}"
            );
            assert_eq!(Record::parse(&text).unwrap(), bare);
        }
        let four = "[Game \"kalah\"]\n[Correspondence \"4\"]\n\n*\n";
        assert_eq!(
            Record::parse(four),
            Err(RecordError::BadValue {
                tag: "Correspondence",
                value: "4".to_owned()
            })
        );
    }

    /// Found by the record proptest (shared/tests/hostile_input.rs; the same text is checked against
    /// `chaupal_shared::invariants::record` there): a carriage return inside a
    /// tag value read as itself, but was written as a space, so the record did not read back
    /// as printed.
    #[test]
    fn a_carriage_return_in_a_tag_reads_as_the_writer_writes_it() {
        let text = "[Game \"jungle\"]\n[Second \"the sec\rnd\"]\n\n*\n";
        let record = Record::parse(text).unwrap();
        assert_eq!(record.second, "the sec nd");
        assert_eq!(Record::parse(&record.to_text()).unwrap(), record);
    }

    #[test]
    fn numbers_and_comments_are_skipped() {
        let text = "[Game \"baghchal\"]\n[Result \"0-1\"]\n\n1.c3 {opening} a1-b2 2... d3\n0-1\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.moves, ["c3", "a1-b2", "d3"]);
        assert_eq!(r.result, "0-1");
        assert!(r.rules.is_empty());
        assert_eq!(r.first, "?");
    }

    #[test]
    fn bad_records_say_what_is_wrong() {
        assert_eq!(Record::parse("1. c3 *"), Err(RecordError::NoGame));
        assert!(matches!(
            Record::parse("[Game \"chess\"]\n\n*"),
            Err(RecordError::UnknownGame(_))
        ));
        assert!(matches!(
            Record::parse("[Game kalah]\n\n*"),
            Err(RecordError::Tag { line: 1, .. })
        ));
        assert!(matches!(
            Record::parse("[Game \"kalah\"]\n[Result \"1-0\"]\n\nc3 0-1"),
            Err(RecordError::ResultMismatch { .. })
        ));
        assert!(matches!(
            Record::parse("[Game \"kalah\"]\n[Clock \"fast\"]\n\n*"),
            Err(RecordError::BadValue { tag: "Clock", .. })
        ));
        assert!(matches!(
            Record::parse("[Game \"kalah\"]\n\nc3 { oops"),
            Err(RecordError::UnclosedComment)
        ));
        assert!(matches!(
            Record::parse("[Game \"kalah\"]\n\nc3 1-0 d4"),
            Err(RecordError::NoResult(_))
        ));
    }

    #[test]
    fn dates_are_civil_dates() {
        assert_eq!(date_of(0), "1970.01.01");
        assert_eq!(date_of(1_767_225_600_000), "2026.01.01");
        assert_eq!(date_of(951_782_400_000), "2000.02.29");
    }
}
