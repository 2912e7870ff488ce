//! What clients ask: every request, with the set-up of a new game and the actions in a game.

use serde::{Deserialize, Serialize};

use super::puzzles::{PuzzleId, PuzzleQuery};
use super::tournaments::{TournamentId, TournamentSetup};
use super::{
    ClockSpec, Correspondence, GameId, OfferKind, PlayerId, RulePair, SeekId, SideChoice, Version,
    WatchKey,
};
use chaupal_rules::game::GameKind;
use chaupal_rules::game::Side;

/// One frame from a client: a request and the client's id for it. The reply (or error reply)
/// to it carries the same id; the server never interprets the id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientMessage {
    pub id: u64,
    pub request: Request,
}

/// Everything a client can ask.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// The first request on a connection: the protocol version, a display name, and the token
    /// from an earlier Welcome to come back as the same player (none for a new player).
    /// `turns` asks for the position and the legal moves in every `moved` and `taken_back` event
    /// sent on this connection (what a bot needs); it may be left out (false).
    Hello {
        version: u32,
        name: String,
        token: Option<String>,
        #[serde(default)]
        turns: bool,
    },
    /// An application-level ping; the reply is `pong` with the same data.
    Ping { data: String },
    /// Creates a game: an open seek, a private game with an invite code, a local game, a game
    /// against the AI, or an AI-vs-AI exhibition.
    CreateGame(GameSetup),
    /// Withdraws one's own open seek or private invitation.
    CancelSeek { seek: SeekId },
    /// Takes the other seat of an open seek: the game starts.
    AcceptSeek { seek: SeekId },
    /// Takes the other seat of a private game by its invite code: the game starts.
    JoinByCode { code: String },
    /// The open seeks: the newest [`LOBBY_LISTED`](super::LOBBY_LISTED), newest first.
    ListSeeks,
    /// The live public games (to watch): the newest [`LOBBY_LISTED`](super::LOBBY_LISTED),
    /// newest first.
    ListGames,
    /// Open seeks and live games now, then lobby events as they change.
    SubscribeLobby,
    /// No more lobby events.
    UnsubscribeLobby,
    /// Watch a live game: a snapshot, then its events. A private game is watched only by its
    /// players and by holders of its watch link, whose `key` this is (none for a public game).
    Watch {
        game: GameId,
        #[serde(default)]
        key: Option<WatchKey>,
    },
    /// Stop watching.
    Unwatch { game: GameId },
    /// Sit back down at one's seat after a reconnection (or open one's game on another
    /// connection): the events after `since`, or a snapshot if `since` is none or too old.
    Rejoin {
        game: GameId,
        since: Option<Version>,
        /// A private game's watch key, for a watcher who is not one of its players.
        #[serde(default)]
        key: Option<WatchKey>,
    },
    /// Acts in a game. `seat` says which seat acts; it may be left out unless the player holds
    /// both seats (a local game), where it defaults to the side to move.
    Act {
        game: GameId,
        seat: Option<Side>,
        action: Action,
    },
    /// A suggested move for the side to move, from the AI (casual games only).
    Hint { game: GameId },
    /// Analysis of any position by a chosen engine.
    Analyse(AnalysisRequest),
    /// Finished games of a player (oneself when `player` is none), newest first, at most
    /// `limit`, older than `before` when given (to page).
    FinishedGames {
        player: Option<PlayerId>,
        limit: u32,
        before: Option<GameId>,
    },
    /// The record of a game (live or finished) in the text record format; `key` as in `watch`.
    GetRecord {
        game: GameId,
        #[serde(default)]
        key: Option<WatchKey>,
    },
    /// Stores a finished game given in the text record format.
    ImportRecord { text: String },
    /// A review of a finished game or an imported record: the engine's verdict on every move.
    /// `review_progress` messages follow while it runs, then the reply; a game reviewed before
    /// is answered at once from its record. `key` as in `watch`.
    Review {
        game: GameId,
        #[serde(default)]
        key: Option<WatchKey>,
    },
    /// A player's ratings, one per game (oneself when `player` is none).
    Ratings { player: Option<PlayerId> },
    /// A short code that lets another device (another browser) go on as this player: give it
    /// to `link_device` there. One code a player at a time, for one use, for ten minutes.
    DeviceCode,
    /// Redeems a code from `device_code`: the reply `linked` carries a token of that player;
    /// say hello with it (on a new connection) to go on as that player.
    LinkDevice { code: String },
    /// The player's games in play, correspondence and live: those where it is the player's
    /// turn first, the soonest deadline first among them.
    MyGames,
    /// Keeps a browser's Web Push subscription for the player (from the browser's
    /// `PushSubscription`: its `endpoint`, and its `p256dh` and `auth` keys in base64url), so
    /// that the server tells this browser of the player's turns, invitations taken and games
    /// ended while no page is open. Subscribing again with the same endpoint replaces the keys.
    PushSubscribe {
        endpoint: String,
        p256dh: String,
        auth: String,
    },
    /// Forgets a push subscription of the player's.
    PushUnsubscribe { endpoint: String },
    /// Mutes (or unmutes) the player's push notifications: of one game, or of all when `game`
    /// is none.
    Mute { game: Option<GameId>, muted: bool },
    /// The player's seeks and private invitations still waiting for an opponent, from any of
    /// their connections (a correspondence one waits after its connection has gone), each
    /// invitation with its invite code: to send the link again, or to cancel it.
    MySeeks,
    /// A puzzle for the player (see [`puzzles`](super::puzzles)): near their puzzle rating in
    /// rated mode, harder than the last in a streak; of one game and theme when asked. It is
    /// given to this connection, which sends its moves with `puzzle_move`.
    NextPuzzle(PuzzleQuery),
    /// A given puzzle by id: a shared link, the day's puzzle, one made from the player's own
    /// mistakes. Rated in rated mode when it is the player's first attempt at it.
    OpenPuzzle { puzzle: PuzzleId },
    /// The solver's next move in a puzzle given to this connection, in the game's notation.
    PuzzleMove { puzzle: PuzzleId, notation: String },
    /// Gives up on a puzzle given to this connection (a rated attempt not yet ended counts as
    /// failed) and shows the whole solution.
    PuzzleSolution { puzzle: PuzzleId },
    /// The day's puzzle of each game.
    DailyPuzzles,
    /// The themes of the puzzles, with how many puzzles each has, per game.
    PuzzleThemes,
    /// Puzzles made from the player's own mistakes in a finished game they played (its review
    /// must be done): the positions before each of their moves the review classed a mistake
    /// or a blunder, solved by the review's best move. Unrated, for that player.
    MistakePuzzles { game: GameId },
    /// The open seeks older than `before`, as `list_seeks` lists them: the next page.
    ListSeeksBefore { before: SeekId },
    /// The live public games older than `before`, as `list_games` lists them: the next page.
    ListGamesBefore { before: GameId },
    // Last, so that the requests before them keep their numbers in the binary encoding.
    /// Reads a private invitation by its invite code without taking it: who invites, the
    /// game, its rules and pace, rated or not, and the sides (to show before the friend
    /// accepts with `join_by_code` or declines with `decline_invitation`).
    Invitation { code: String },
    /// Declines a private invitation by its invite code: it is withdrawn (nobody can join
    /// it any more), and the inviter is told (`invitation_declined`).
    DeclineInvitation { code: String },
    /// Makes a tournament (see [`tournaments`](super::tournaments)); the answer is its view,
    /// with its code when it is private. The maker does not enter it by making it.
    CreateTournament(Box<TournamentSetup>),
    /// The tournaments upcoming, running and lately finished that are public, and the
    /// player's own (made or entered), soonest first.
    ListTournaments,
    /// A tournament's view; the connection hears its news (`tournament`) until
    /// `close_tournament`. A private tournament needs its `code`, unless the player made or
    /// entered it.
    OpenTournament {
        tournament: TournamentId,
        #[serde(default)]
        code: Option<String>,
    },
    /// Stops the tournament's news to this connection (a player's own pairings still come).
    CloseTournament { tournament: TournamentId },
    /// Enters a tournament before or while it runs, or comes back after a pause.
    JoinTournament {
        tournament: TournamentId,
        #[serde(default)]
        code: Option<String>,
    },
    /// Steps out of a tournament for a while: not paired again until `join_tournament`; a
    /// game in progress is played out.
    PauseTournament { tournament: TournamentId },
    /// Leaves a tournament for good; the points stay in the standings.
    LeaveTournament { tournament: TournamentId },
    /// A page of a tournament's standings, from 0.
    TournamentStandings { tournament: TournamentId, page: u32 },
}

/// How a new game is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    pub game: GameKind,
    /// Rule options that differ from the defaults (may be left out: none).
    #[serde(default)]
    pub rules: Vec<RulePair>,
    /// No clock when none.
    pub clock: Option<ClockSpec>,
    /// A correspondence game: days a move (1, 2, 3, 5, 7 or 14), or unlimited for a game
    /// between friends or against the AI. It has no `clock`. May be left out: a live game.
    #[serde(default)]
    pub correspondence: Option<Correspondence>,
    /// The creator's side (ignored for exhibitions).
    pub side: SideChoice,
    pub opponent: Opponent,
    /// Whether the result changes ratings (games between two players, or against an AI level).
    pub rated: bool,
    /// A start position in the game's notation (docs/NOTATION.md), for an unrated game that
    /// goes on from a position ("play from here"). May be left out: the usual start.
    #[serde(default)]
    pub position: Option<String>,
    /// A private game: seen only by its players and by holders of its watch link (never
    /// listed, never in a stranger's finished games). A game from a private invitation
    /// (`opponent: private`) is private whatever this says. May be left out: false.
    #[serde(default)]
    pub private: bool,
}

/// Who plays the other seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opponent {
    /// Anyone: an open seek listed in the lobby.
    Open,
    /// A friend with the invite code in the reply; not listed.
    Private,
    /// The creator holds both seats (two people at one computer).
    Local,
    /// The AI.
    Ai { engine: Engine },
    /// AI against AI; the creator only watches.
    Exhibition { first: Engine, second: Engine },
}

/// An AI player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Engine {
    /// A player level, 1 (weakest) to 8; each level has a rating.
    Level { level: u8 },
    /// A named engine (`random`, `alphabeta`, `mcts`, ...) with a fixed depth or time per move,
    /// for those who study the engines. Never rated.
    Named {
        name: String,
        depth: Option<u32>,
        time_ms: Option<u64>,
    },
}

/// What a seat does in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Plays a move, in the game's notation. `ply`, when given, is the number of moves played
    /// before it as the sender saw the game: a move that arrives after the game has moved on
    /// is refused (`stale_move`) rather than played in a position it was not meant for.
    Move {
        notation: String,
        #[serde(default)]
        ply: Option<u32>,
    },
    Resign,
    /// Offers the opponent a draw, the takeback of one's last move (casual games only), or,
    /// after the game, a rematch. Offering what the opponent has offered already accepts it.
    Offer(OfferKind),
    /// Accepts (`accept`) or declines the opponent's open offer of `kind`.
    Answer {
        kind: OfferKind,
        accept: bool,
    },
    /// Ends the game without a result; only before both sides have moved.
    Abort,
    /// Claims the win when the opponent has been disconnected for longer than the grace period.
    ClaimWin,
    /// Goes berserk in an arena's game: one's own clock loses half its initial time and its
    /// increment, for one more point on a win of at least 7 moves each
    /// (docs/TOURNAMENTS.md). Only in a tournament game with a clock, before one's first move.
    Berserk,
}

/// Analysis of a position: the game, its rules, a start position (none: the usual start), moves
/// from there, and the engine with its limits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalysisRequest {
    pub game: GameKind,
    /// May be left out: the default rules.
    #[serde(default)]
    pub rules: Vec<RulePair>,
    pub position: Option<String>,
    /// May be left out: none.
    #[serde(default)]
    pub moves: Vec<String>,
    pub engine: Engine,
    /// The game the position comes from, when it does: engine help is refused for a live game
    /// between people. May be left out.
    #[serde(default)]
    pub from_game: Option<GameId>,
}
