//! What the server says: replies to requests, numbered game events, snapshots, presence and
//! lobby updates.

use serde::{Deserialize, Serialize};

use super::puzzles::{DailyPuzzle, PuzzleId, PuzzleInfo, PuzzleMoved, PuzzleOutcome};
use super::request::Engine;
use super::tournaments::{StandingsPage, TournamentNews, TournamentSummary, TournamentView};
use super::{
    ClockSpec, Correspondence, ErrorReply, GameId, OfferKind, PlayerInfo, RulePair, Score, SeekId,
    SideChoice, Version, WatchKey,
};
use chaupal_rules::game::GameKind;
use chaupal_rules::game::{EndReason, Side};
use chaupal_rules::review::GameReview;

/// One frame from the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to the request with this id.
    Reply { id: u64, reply: Reply },
    /// The request with this id failed; `id` is none when the frame could not be read far
    /// enough to know it, or when the error concerns the connection itself.
    Error { id: Option<u64>, error: ErrorReply },
    /// Something happened in a game the connection sits at or watches. Versions of one game
    /// follow each other without gaps: a client that sees a gap asks for a `rejoin`.
    Event {
        game: GameId,
        version: Version,
        event: GameEvent,
    },
    /// The whole state of a game, sent on watching, on rejoining when too much was missed, and
    /// whenever the server cannot send events (after a restart).
    Snapshot(Box<GameSnapshot>),
    /// Who is at the board: seat connections and the number of watchers. Not numbered.
    Presence {
        game: GameId,
        seats: [SeatPresence; 2],
        watchers: u32,
    },
    /// The lobby changed (to subscribers only).
    Lobby(LobbyEvent),
    /// One of the player's correspondence games changed: it started, a move was played in it,
    /// or it ended (`summary.status` is then `finished`). Sent to every connection of the
    /// player, at the board or not, so that each device's list of games stays current. Not
    /// numbered.
    MyGame(Box<MyGame>),
    /// A review this connection asked for is under way: `analysed` of `total` positions are
    /// done. Not numbered; the review itself comes as the request's reply.
    ReviewProgress {
        game: GameId,
        analysed: u32,
        total: u32,
    },
    /// A friend declined the player's private invitation `seek` (invite code `code`): it is
    /// withdrawn. Sent to every connection of the inviter. Not numbered.
    InvitationDeclined {
        seek: SeekId,
        code: String,
        by: PlayerInfo,
    },
    /// News of a tournament the connection follows, or in which its player was paired.
    Tournament(TournamentNews),
}

/// The answer to a successful request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reply {
    /// The answer to Hello.
    Welcome(Welcome),
    Pong {
        data: String,
    },
    /// Done; nothing more to say (actions, cancel, watch, rejoin, unsubscribe).
    Ok,
    /// A game was created: `game` when it started at once (local, AI, exhibition, accepted
    /// seek, joined by code), `seek` while it waits for an opponent, `invite_code` for a private
    /// game.
    Created {
        game: Option<GameId>,
        seek: Option<SeekId>,
        invite_code: Option<String>,
    },
    /// Open seeks, newest first (`list_seeks`, `list_seeks_before`): `more` older ones were
    /// left out (see [`LOBBY_LISTED`](super::LOBBY_LISTED)).
    Seeks {
        seeks: Vec<SeekInfo>,
        #[serde(default)]
        more: u32,
    },
    /// Games: live public ones newest first (`list_games`, `list_games_before`), `more` older
    /// ones left out; or a player's finished games (`finished_games`, paged by its `before`;
    /// `more` is 0).
    Games {
        games: Vec<GameSummary>,
        #[serde(default)]
        more: u32,
    },
    /// The lobby now, in answer to `subscribe_lobby`: the newest open seeks and live public
    /// games, with the counts of the older ones left out; lobby events follow.
    Lobby {
        seeks: Vec<SeekInfo>,
        games: Vec<GameSummary>,
        #[serde(default)]
        more_seeks: u32,
        #[serde(default)]
        more_games: u32,
    },
    /// A suggested move, or an analysis.
    Analysis {
        best_move: Option<String>,
        line: Option<SearchLine>,
    },
    /// A game's record; a private game's with its watch key, for the replay's link.
    Record {
        summary: Box<GameSummary>,
        moves: Vec<String>,
        text: String,
        #[serde(default)]
        watch_key: Option<WatchKey>,
    },
    /// An imported record was stored under this id.
    Imported {
        game: GameId,
    },
    Ratings {
        player: PlayerInfo,
        ratings: Vec<RatingInfo>,
    },
    /// A code for another device, and how long it stays good.
    DeviceCode {
        code: String,
        expires_in_ms: u64,
    },
    /// The code was good: a token of `player` for this device (the other device keeps its
    /// own). Keep it secret, and say hello with it.
    Linked {
        player: PlayerInfo,
        token: String,
    },
    /// A game's review.
    Review(Box<GameReview>),
    /// The player's games in play (the answer to `my_games`): at most
    /// [`MY_GAMES_LISTED`](super::MY_GAMES_LISTED), those where it is the player's turn first;
    /// `more` counts the games left out.
    MyGames {
        games: Vec<MyGame>,
        #[serde(default)]
        more: u32,
    },
    /// The player's seeks and invitations still waiting (the answer to `my_seeks`), oldest
    /// first.
    MySeeks {
        seeks: Vec<MySeek>,
    },
    /// A puzzle given to this connection (the answer to `next_puzzle` and `open_puzzle`).
    Puzzle(Box<PuzzleInfo>),
    /// The judgement of a puzzle move.
    PuzzleMoved(Box<PuzzleMoved>),
    /// A puzzle's whole solution (the answer to `puzzle_solution`), with the attempt's end
    /// when giving up ended it.
    PuzzleSolution {
        puzzle: PuzzleId,
        solution: Vec<String>,
        outcome: Option<PuzzleOutcome>,
    },
    /// The day's puzzle of each game that has puzzles.
    DailyPuzzles {
        puzzles: Vec<DailyPuzzle>,
    },
    /// Each game's puzzle themes, with their counts, most puzzles first.
    PuzzleThemes {
        themes: Vec<ThemeCount>,
    },
    /// The puzzles made from the player's mistakes in a game, in the order of the game (none
    /// when the review classed no move of theirs a mistake or a blunder). Open each with
    /// `open_puzzle`.
    MistakePuzzles {
        puzzles: Vec<PuzzleId>,
    },
    /// The answer to `push_unsubscribe`: whether a subscription of the player's was forgotten
    /// (false for an endpoint that is someone else's, or nobody's: nothing changed).
    Unsubscribed {
        removed: bool,
    },
    // Last, so that the replies before it keep their numbers in the binary encoding.
    /// A private invitation read by its code (the answer to `invitation`).
    Invitation(Box<Invitation>),
    /// A tournament as the player sees it (the answer to `create_tournament`,
    /// `open_tournament`, `join_tournament`, `pause_tournament` and `leave_tournament`).
    Tournament(Box<TournamentView>),
    /// The answer to `list_tournaments`.
    Tournaments {
        tournaments: Vec<TournamentSummary>,
    },
    /// A page of a tournament's standings (the answer to `tournament_standings`).
    TournamentStandings(Box<StandingsPage>),
}

/// How many puzzles of a game have a theme.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThemeCount {
    pub game: GameKind,
    pub theme: String,
    pub count: u32,
}

/// A private invitation as the friend it is for sees it before accepting or declining.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    /// The invite code, as the server hands them out (`K7QM-2XPD`).
    pub code: String,
    /// The invitation as the inviter set it up: `by` invites; the game, the rules that differ
    /// from the defaults, the clock or the days a move, rated or not; `side` is the inviter's
    /// (the friend plays the other, or the sides are drawn at random).
    pub seek: SeekInfo,
    /// The live game this code started already, when the asker plays in it (who opens its
    /// link again): nothing to accept; `rejoin` it. None while the invitation waits.
    #[serde(default)]
    pub game: Option<GameId>,
}

/// One of the player's seeks still waiting for an opponent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MySeek {
    pub seek: SeekInfo,
    /// The invite code of a private invitation (none: an open seek, listed in the lobby).
    pub invite_code: Option<String>,
}

/// One of the player's games in play, as the list of one's games shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyGame {
    pub summary: GameSummary,
    /// The seats the player holds.
    pub your_seats: Vec<Side>,
    /// Whether the side to move is one of the player's seats.
    pub your_turn: bool,
    /// Whether the player muted this game's push notifications.
    #[serde(default)]
    pub muted: bool,
}

/// The answer to Hello.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    pub version: u32,
    pub player: PlayerInfo,
    /// The secret to present in the next Hello to be the same player. Keep it private.
    pub token: String,
    /// The player's live games (to `rejoin`).
    pub live_games: Vec<GameId>,
    pub limits: LimitsInfo,
    /// The server's VAPID public key (base64url, an uncompressed P-256 point), for the
    /// browser's `pushManager.subscribe`; none when this server sends no push notifications.
    #[serde(default)]
    pub push_key: Option<String>,
    /// Whether the player muted all push notifications.
    #[serde(default)]
    pub muted: bool,
}

/// The limits this server enforces, so a client can stay within them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimitsInfo {
    pub max_message_bytes: u64,
    pub messages_per_second: u32,
    pub message_burst: u32,
    pub ping_interval_ms: u64,
    pub idle_timeout_ms: u64,
    pub reconnect_grace_ms: u64,
    pub max_open_games: u32,
    /// How many correspondence games (in play, and seeks waiting) a player may have at once.
    #[serde(default)]
    pub max_correspondence_games: u32,
    /// How many correspondence seeks and invitations may wait at once that were made from
    /// one address (an IPv4 address, or an IPv6 /64), whoever made them.
    #[serde(default)]
    pub max_lasting_seeks_per_address: u32,
}

/// A numbered event of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEvent {
    /// A move was played (and stored). `ply` counts from 1; `clocks` after the move; `turn`
    /// the position after it, for connections that asked (`hello` with `turns`);
    /// `deadline_ms` the next move's deadline in a correspondence game with days a move.
    Moved {
        ply: u32,
        side: Side,
        notation: String,
        clocks: Option<Clocks>,
        turn: Option<Turn>,
        #[serde(default)]
        deadline_ms: Option<u64>,
    },
    /// `by` offered the opponent a draw, a takeback or a rematch.
    OfferMade { kind: OfferKind, by: Side },
    /// `by` declined the opponent's offer of `kind`.
    OfferDeclined { kind: OfferKind, by: Side },
    /// The last `plies` moves were taken back; `ply` is the number of moves left; `turn` the
    /// position now, for connections that asked (`hello` with `turns`).
    TakenBack {
        plies: u32,
        ply: u32,
        clocks: Option<Clocks>,
        turn: Option<Turn>,
        /// The next move's deadline in a correspondence game with days a move.
        #[serde(default)]
        deadline_ms: Option<u64>,
    },
    /// The rematch started as this game (sides swapped).
    RematchStarted { game: GameId },
    /// The game ended.
    Ended {
        result: GameResult,
        clocks: Option<Clocks>,
    },
    /// `side` went berserk (an arena's game): its clock lost half the initial time and its
    /// increment; `clocks` are both clocks now.
    Berserked { side: Side, clocks: Option<Clocks> },
}

/// A game's position after an event, and what can be played from it: what a bot needs to move.
/// Sent in `moved` and `taken_back` events to connections that said `hello` with `turns`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// The position, in the game's position notation (docs/NOTATION.md).
    pub position: String,
    pub side_to_move: Side,
    /// The legal moves of the side to move, in notation; empty once the rules have ended the
    /// game.
    pub legal_moves: Vec<String>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// None for a draw or an aborted game.
    pub winner: Option<Side>,
    pub reason: ResultReason,
}

impl GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game: the record's result token.
    pub fn token(&self) -> &'static str {
        match (self.winner, self.reason) {
            (_, ResultReason::Aborted) => "*",
            (Some(Side::First), _) => "1-0",
            (Some(Side::Second), _) => "0-1",
            (None, _) => "1/2-1/2",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResultReason {
    /// The rules ended it (no legal move, repetition, no-capture limit, captures, den, seeds).
    Rules(EndReason),
    Resignation,
    /// A flag fell, or a correspondence game's deadline passed.
    Timeout,
    /// The players agreed to a draw.
    Agreement,
    /// A player stayed away longer than the grace period and the opponent claimed the win.
    Abandoned,
    /// Ended without a result before both sides moved.
    Aborted,
}

impl ResultReason {
    /// A short name for records: `resignation`, `timeout`, `repetition`, ...
    pub fn name(self) -> &'static str {
        match self {
            ResultReason::Rules(reason) => match reason {
                EndReason::CaptureTarget => "capture-target",
                EndReason::NoLegalMove => "no-legal-move",
                EndReason::Repetition => "repetition",
                EndReason::NoCaptureLimit => "no-capture-limit",
                EndReason::DenEntered => "den-entered",
                EndReason::AllCaptured => "all-captured",
                EndReason::SeedsCounted => "seeds-counted",
            },
            ResultReason::Resignation => "resignation",
            ResultReason::Timeout => "timeout",
            ResultReason::Agreement => "agreement",
            ResultReason::Abandoned => "abandoned",
            ResultReason::Aborted => "aborted",
        }
    }

    /// Reads a name written by [`ResultReason::name`].
    pub fn from_name(name: &str) -> Option<ResultReason> {
        const RULES: [EndReason; 7] = [
            EndReason::CaptureTarget,
            EndReason::NoLegalMove,
            EndReason::Repetition,
            EndReason::NoCaptureLimit,
            EndReason::DenEntered,
            EndReason::AllCaptured,
            EndReason::SeedsCounted,
        ];
        let plain = [
            ResultReason::Resignation,
            ResultReason::Timeout,
            ResultReason::Agreement,
            ResultReason::Abandoned,
            ResultReason::Aborted,
        ];
        RULES
            .into_iter()
            .map(ResultReason::Rules)
            .chain(plain)
            .find(|r| r.name() == name)
    }
}

/// Both clocks, in milliseconds left, and whose clock runs (none before the first move, while
/// the game is over, or while the server was down).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub first_ms: u64,
    pub second_ms: u64,
    pub running: Option<Side>,
}

/// Whether a game is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Live,
    Finished,
}

/// Who sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The name to show: the player's, the engine's, or the one in an imported record.
    pub name: String,
    /// The player, or none for an AI seat.
    pub player: Option<PlayerInfo>,
    /// The engine of an AI seat.
    pub engine: Option<Engine>,
    /// The seat's rating in this game, when it has one.
    pub rating: Option<i32>,
}

/// Whether a seat's player is connected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPresence {
    pub connected: bool,
    /// While disconnected: milliseconds until the opponent may claim the win (0: now).
    pub claim_in_ms: Option<u64>,
}

/// Everything about a game at one version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSnapshot {
    pub summary: GameSummary,
    /// The version of the last event included.
    pub version: Version,
    /// The start position when the game did not start from the usual one.
    pub start_position: Option<String>,
    /// Every move so far, in notation.
    pub moves: Vec<String>,
    /// The current position, in the game's position notation.
    pub position: String,
    pub side_to_move: Side,
    /// The legal moves of the side to move, in notation; empty when the game is over.
    pub legal_moves: Vec<String>,
    pub clocks: Option<Clocks>,
    /// When the side to move must have moved, in milliseconds since the Unix epoch (a
    /// correspondence game with days a move, while it is in play).
    #[serde(default)]
    pub deadline_ms: Option<u64>,
    pub draw_offer: Option<Side>,
    pub takeback_request: Option<Side>,
    pub rematch_offer: Option<Side>,
    pub presence: [SeatPresence; 2],
    /// The seats the receiving connection's player holds.
    pub your_seats: Vec<Side>,
    /// A private game's watch key, for its watch link (`/game/ID?key=KEY`): sent to those who
    /// may see the game (its players and the link's holders); none for a public game.
    #[serde(default)]
    pub watch_key: Option<WatchKey>,
}

/// A game as lists show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    pub game: GameId,
    pub kind: GameKind,
    pub rules: Vec<RulePair>,
    pub clock: Option<ClockSpec>,
    /// The pace of a correspondence game (none: a live game).
    #[serde(default)]
    pub correspondence: Option<Correspondence>,
    /// When the side to move must have moved (a correspondence game with days a move, in
    /// play), in milliseconds since the Unix epoch.
    #[serde(default)]
    pub deadline_ms: Option<u64>,
    pub rated: bool,
    pub seats: [SeatInfo; 2],
    pub status: GameStatus,
    pub result: Option<GameResult>,
    pub plies: u32,
    pub watchers: u32,
    /// Milliseconds since the Unix epoch.
    pub started_at_ms: u64,
    /// A private game (from a private invitation, or set up private): shown only to its
    /// players and the holders of its watch link, never in a list of strangers' games.
    #[serde(default)]
    pub private: bool,
}

/// An open seek in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekInfo {
    pub seek: SeekId,
    pub by: PlayerInfo,
    pub kind: GameKind,
    pub rules: Vec<RulePair>,
    pub clock: Option<ClockSpec>,
    /// The pace of a correspondence seek (none: a live game).
    #[serde(default)]
    pub correspondence: Option<Correspondence>,
    /// The seeker's side.
    pub side: SideChoice,
    pub rated: bool,
    pub rating: Option<i32>,
}

/// A change in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LobbyEvent {
    SeekAdded(SeekInfo),
    SeekRemoved {
        seek: SeekId,
    },
    GameStarted(Box<GameSummary>),
    /// A live game went on: `plies` moves played now. Sent at most every few seconds a game
    /// (the last count always follows).
    GameProgress {
        game: GameId,
        plies: u32,
    },
    GameEnded {
        game: GameId,
        result: GameResult,
    },
    /// Too many lobby events were missed: here is the lobby again, as `subscribe_lobby`'s
    /// reply gives it.
    Reset {
        seeks: Vec<SeekInfo>,
        games: Vec<GameSummary>,
        #[serde(default)]
        more_seeks: u32,
        #[serde(default)]
        more_games: u32,
    },
}

/// One rating. Its numbers are finite: a frame with NaN or an infinity there does not decode
/// (JSON cannot carry them, and NaN is not equal to itself).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingInfo {
    pub kind: GameKind,
    /// Whether this is the rating of correspondence games, a pool of its own (live games
    /// otherwise).
    #[serde(default)]
    pub correspondence: bool,
    #[serde(deserialize_with = "super::finite")]
    pub rating: f64,
    #[serde(deserialize_with = "super::finite")]
    pub deviation: f64,
    pub games: u32,
}

/// What an engine found: depth, score and principal variation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLine {
    pub depth: u32,
    pub score: Score,
    pub nodes: u64,
    pub pv: Vec<String>,
}
