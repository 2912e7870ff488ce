//! The game row: how a game's set-up and state are kept in the `games` table.

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::{
    ClockSpec, Correspondence, Engine, GameId, GameResult, GameStatus, GameSummary, PlayerId,
    PlayerInfo, ResultReason, RulePair, SeatInfo, Version, WatchKey,
};
use sqlx::AnyConnection;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::{StoreError, to_i64, to_u64};
use crate::pace::Pace;

/// The columns of `games`, in the order [`GameRow::from_row`] reads them.
pub(super) const GAME_COLUMNS: &str = "id, kind, rules, start_position, clock_initial_ms, \
    clock_increment_ms, rated, mode, creator, first_player, second_player, first_engine, \
    second_engine, first_name, second_name, status, winner, reason, version, plies, first_ms, \
    second_ms, started_ms, ended_ms, correspondence_days, deadline_ms, to_move, watch_key, berserk";

/// The sides a stored `berserk` column names (bit 1 the first side, bit 2 the second).
pub(super) fn berserk_sides(bits: i64) -> [bool; 2] {
    [bits & 1 != 0, bits & 2 != 0]
}

/// The bit of the `berserk` column that names `side`.
pub(super) fn berserk_bit(side: Side) -> i64 {
    match side {
        Side::First => 1,
        Side::Second => 2,
    }
}

/// The mode of an arena's games (the only ones where a side may go berserk).
pub const TOURNAMENT_MODE: &str = "tournament";
/// The mode of a Swiss's or a round robin's games.
pub const ROUNDS_MODE: &str = "tournament-rounds";

/// Who sits at a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    pub player: Option<PlayerId>,
    pub engine: Option<Engine>,
    /// The player's name when the game started, or the engine's description.
    pub name: String,
}

impl StoredSeat {
    /// The seat as the protocol shows it.
    pub fn info(&self, rating: Option<i32>) -> SeatInfo {
        SeatInfo {
            name: self.name.clone(),
            player: self.player.map(|id| PlayerInfo {
                id,
                name: self.name.clone(),
            }),
            engine: self.engine.clone(),
            rating,
        }
    }
}

/// A game to store.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub kind: GameKind,
    /// Non-default rule pairs.
    pub rules: Vec<RulePair>,
    pub start_position: Option<String>,
    pub clock: Option<ClockSpec>,
    /// A correspondence game's days a move (none: a live game).
    pub correspondence: Option<Correspondence>,
    pub rated: bool,
    /// open, private, local, ai, exhibition, imported, tournament (an arena's,
    /// [`TOURNAMENT_MODE`]) or tournament-rounds ([`ROUNDS_MODE`]).
    pub mode: String,
    pub creator: Option<PlayerId>,
    pub seats: [StoredSeat; 2],
    pub started_ms: u64,
    /// A private game's watch key (none: a public game). See [`crate::sight`].
    pub watch_key: Option<WatchKey>,
}

impl NewGame {
    /// Whether only the game's players and its watch link's holders may see it.
    pub fn is_private(&self) -> bool {
        self.watch_key.is_some()
    }

    /// The players the game belongs to: those seated, and its creator (who watches an
    /// exhibition it set up).
    pub fn belongs_to(&self, player: PlayerId) -> bool {
        self.creator == Some(player) || self.seats.iter().any(|s| s.player == Some(player))
    }

    /// The game as lists show it: the one place a [`GameSummary`] is made, for a room, a
    /// stored row and a new game alike. `ratings` are the seats' ratings at the start, shown
    /// beside their names.
    pub fn summary(
        &self,
        game: GameId,
        ratings: [Option<i32>; 2],
        status: GameStatus,
        result: Option<GameResult>,
        plies: u32,
        watchers: u32,
    ) -> GameSummary {
        GameSummary {
            game,
            kind: self.kind,
            rules: self.rules.clone(),
            clock: self.clock,
            correspondence: self.correspondence,
            deadline_ms: None,
            rated: self.rated,
            seats: [
                self.seats[0].info(ratings[0]),
                self.seats[1].info(ratings[1]),
            ],
            status,
            result,
            plies,
            watchers,
            started_at_ms: self.started_ms,
            private: self.is_private(),
        }
    }

    /// The rating pool the game counts in: its game, live or by correspondence.
    pub fn pool(&self) -> crate::ratings::Pool {
        crate::ratings::Pool {
            kind: self.kind,
            correspondence: self.correspondence.is_some(),
        }
    }

    /// A correspondence game's pace at its start, with the first move's deadline (none: a live
    /// game).
    pub fn first_pace(&self) -> Option<Pace> {
        self.correspondence
            .map(|days| Pace::starting(days, self.started_ms))
    }

    /// The game's start: its start position (or the usual start) under its rules; the reason
    /// when a stored record cannot set it up.
    pub fn start(&self) -> Result<chaupal_rules::AnyGame, String> {
        use chaupal_rules::AnyGame;
        let pairs: Vec<(&str, &str)> = self
            .rules
            .iter()
            .map(|r| (r.key.as_str(), r.value.as_str()))
            .collect();
        match &self.start_position {
            Some(p) => AnyGame::from_position_text(self.kind, p, pairs).map_err(|e| e.to_string()),
            None => AnyGame::start(self.kind, pairs).map_err(|e| e.to_string()),
        }
    }
}

/// A stored game.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: GameId,
    pub setup: NewGame,
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub version: Version,
    pub plies: u32,
    /// Both clocks after the last move.
    pub clocks_ms: Option<[u64; 2]>,
    pub ended_ms: Option<u64>,
    /// A correspondence game's pace, with the deadline of the side to move while it is in play
    /// (none: a live game).
    pub pace: Option<Pace>,
    /// The side to move after the last move, when recorded.
    pub to_move: Option<Side>,
    /// The sides that went berserk (an arena's game), first and second.
    pub berserk: [bool; 2],
}

impl GameRow {
    pub(super) fn from_row(row: &AnyRow) -> Result<GameRow, StoreError> {
        let kind: String = row.try_get("kind")?;
        let kind: GameKind = kind
            .parse()
            .map_err(|_| StoreError::Corrupt(format!("unknown game '{kind}'")))?;
        let rules: String = row.try_get("rules")?;
        let rules = parse_rules(&rules)?;
        let clock = match (
            row.try_get::<Option<i64>, _>("clock_initial_ms")?,
            row.try_get::<Option<i64>, _>("clock_increment_ms")?,
        ) {
            (Some(i), Some(inc)) => Some(ClockSpec {
                initial_ms: to_u64(i),
                increment_ms: to_u64(inc),
            }),
            _ => None,
        };
        let engine = |col: &str| -> Result<Option<Engine>, StoreError> {
            match row.try_get::<Option<String>, _>(col)? {
                Some(text) => serde_json::from_str(&text)
                    .map(Some)
                    .map_err(|e| StoreError::Corrupt(format!("{col}: {e}"))),
                None => Ok(None),
            }
        };
        let player = |col: &str| -> Result<Option<PlayerId>, StoreError> {
            Ok(row
                .try_get::<Option<i64>, _>(col)?
                .map(|v| PlayerId(to_u64(v))))
        };
        let seats = [
            StoredSeat {
                player: player("first_player")?,
                engine: engine("first_engine")?,
                name: row.try_get("first_name")?,
            },
            StoredSeat {
                player: player("second_player")?,
                engine: engine("second_engine")?,
                name: row.try_get("second_name")?,
            },
        ];
        let status: String = row.try_get("status")?;
        let status = match status.as_str() {
            "live" => GameStatus::Live,
            "finished" => GameStatus::Finished,
            other => return Err(StoreError::Corrupt(format!("game status '{other}'"))),
        };
        let side = |col: &str| -> Result<Option<Side>, StoreError> {
            match row.try_get::<Option<String>, _>(col)?.as_deref() {
                Some("first") => Ok(Some(Side::First)),
                Some("second") => Ok(Some(Side::Second)),
                None => Ok(None),
                Some(other) => Err(StoreError::Corrupt(format!("{col} '{other}'"))),
            }
        };
        let winner = side("winner")?;
        let to_move = match row.try_get::<Option<i64>, _>("to_move")? {
            Some(0) => Some(Side::First),
            Some(1) => Some(Side::Second),
            _ => None,
        };
        let correspondence = match row.try_get::<Option<i64>, _>("correspondence_days")? {
            None => None,
            Some(0) => Some(Correspondence::UNLIMITED),
            Some(days) => Some(
                u8::try_from(days)
                    .ok()
                    .and_then(Correspondence::days)
                    .ok_or_else(|| StoreError::Corrupt(format!("{days} days a move")))?,
            ),
        };
        let result = match row.try_get::<Option<String>, _>("reason")? {
            Some(name) => Some(GameResult {
                winner,
                reason: ResultReason::from_name(&name)
                    .ok_or_else(|| StoreError::Corrupt(format!("result reason '{name}'")))?,
            }),
            None => None,
        };
        let clocks_ms = match (
            row.try_get::<Option<i64>, _>("first_ms")?,
            row.try_get::<Option<i64>, _>("second_ms")?,
        ) {
            (Some(a), Some(b)) => Some([to_u64(a), to_u64(b)]),
            _ => None,
        };
        let deadline_ms = row.try_get::<Option<i64>, _>("deadline_ms")?.map(to_u64);
        Ok(GameRow {
            id: GameId(to_u64(row.try_get("id")?)),
            setup: NewGame {
                kind,
                rules,
                start_position: row.try_get("start_position")?,
                clock,
                correspondence,
                rated: row.try_get::<i64, _>("rated")? != 0,
                mode: row.try_get("mode")?,
                creator: player("creator")?,
                seats,
                started_ms: to_u64(row.try_get("started_ms")?),
                watch_key: row.try_get::<Option<String>, _>("watch_key")?.map(WatchKey),
            },
            status,
            result,
            version: to_u64(row.try_get("version")?),
            plies: u32::try_from(row.try_get::<i64, _>("plies")?).unwrap_or(0),
            clocks_ms,
            ended_ms: row.try_get::<Option<i64>, _>("ended_ms")?.map(to_u64),
            pace: correspondence.map(|days| Pace::stored(days, deadline_ms)),
            to_move,
            berserk: berserk_sides(row.try_get::<i64, _>("berserk")?),
        })
    }

    /// The game as lists show it (ratings are not kept per game).
    pub fn summary(&self) -> GameSummary {
        let mut summary = self.setup.summary(
            self.id,
            [None, None],
            self.status,
            self.result,
            self.plies,
            0,
        );
        summary.deadline_ms = self.pace.and_then(Pace::deadline_ms);
        summary
    }
}

/// `first` or `second`, as stored.
pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// The side to move as stored: 0 the first, 1 the second.
pub(super) fn side_number(side: Side) -> i64 {
    side.index() as i64
}

/// Rule pairs as stored: `key=value key=value`.
pub(super) fn rules_text(rules: &[RulePair]) -> String {
    rules
        .iter()
        .map(|r| format!("{}={}", r.key, r.value))
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_rules(text: &str) -> Result<Vec<RulePair>, StoreError> {
    text.split_whitespace()
        .map(|pair| {
            pair.split_once('=')
                .map(|(k, v)| RulePair::new(k, v))
                .ok_or_else(|| StoreError::Corrupt(format!("rule pair '{pair}'")))
        })
        .collect()
}

pub(super) async fn insert_game(
    conn: &mut AnyConnection,
    game: &NewGame,
    status: &str,
    owner: Option<&str>,
) -> Result<GameId, StoreError> {
    let engine = |e: &Option<Engine>| e.as_ref().and_then(|e| serde_json::to_string(e).ok());
    let row = sqlx::query(
        "INSERT INTO games (kind, rules, start_position, clock_initial_ms, clock_increment_ms, \
         rated, mode, creator, first_player, second_player, first_engine, second_engine, \
         first_name, second_name, status, version, plies, first_ms, second_ms, started_ms, \
         owner, correspondence_days, deadline_ms, to_move, remind_at_ms, watch_key) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 0, 0, $16, \
         $17, $18, $19, $20, $21, $22, $23, $24) RETURNING id",
    )
    .bind(game.kind.name())
    .bind(rules_text(&game.rules))
    .bind(game.start_position.clone())
    .bind(game.clock.map(|c| to_i64(c.initial_ms)))
    .bind(game.clock.map(|c| to_i64(c.increment_ms)))
    .bind(i64::from(game.rated))
    .bind(game.mode.as_str())
    .bind(game.creator.map(|p| to_i64(p.0)))
    .bind(game.seats[0].player.map(|p| to_i64(p.0)))
    .bind(game.seats[1].player.map(|p| to_i64(p.0)))
    .bind(engine(&game.seats[0].engine))
    .bind(engine(&game.seats[1].engine))
    .bind(game.seats[0].name.as_str())
    .bind(game.seats[1].name.as_str())
    .bind(status)
    .bind(game.clock.map(|c| to_i64(c.initial_ms)))
    .bind(game.clock.map(|c| to_i64(c.initial_ms)))
    .bind(to_i64(game.started_ms))
    .bind(owner.map(str::to_owned))
    .bind(game.correspondence.map(|c| i64::from(c.days.unwrap_or(0))))
    .bind(
        (status == "live")
            .then(|| game.first_pace().and_then(Pace::deadline_ms).map(to_i64))
            .flatten(),
    )
    .bind(game.start().ok().map(|g| side_number(g.side_to_move())))
    .bind(
        (status == "live")
            .then(|| game.first_pace().and_then(Pace::remind_at_ms))
            .flatten()
            .map(to_i64),
    )
    .bind(game.watch_key.as_ref().map(|k| k.0.clone()))
    .fetch_one(&mut *conn)
    .await?;
    Ok(GameId(to_u64(row.try_get("id")?)))
}
