//! What happens outside the app, in the client's terms: the connection coming and going, and
//! what the server said (lobby lists, a game to show, its moves and offers, answers to
//! requests). [`super::App::apply`] takes these in (in `apply`).

use chaupal_rules::review::GameReview;
use chaupal_rules::{AnyGame, Side};
use chaupal_shared::protocol::puzzles::{DailyPuzzle, PuzzleInfo, PuzzleMoved, PuzzleOutcome};
use chaupal_shared::protocol::{GameEvent, GameResult, SeatPresence, ThemeCount};

use super::links::Invited;
use super::lobby::{FinishedEntry, LiveEntry, SeekEntry};
use super::my_games::MyGamesChange;
use super::my_games::WaitingSeek;
use super::notifications::BrowserNews;
use super::outgoing::Offer;
use crate::play::{Hint, Match};
use crate::puzzles::PuzzleAsk;
use crate::words::Phrase;

/// Something that happened outside the app.
#[derive(Clone, Debug)]
pub enum Event {
    /// The network is trying to connect (attempt 1 is the first since the last success).
    Connecting { attempt: u32 },
    /// The connection failed or dropped (the reason in words); the next try is in `retry_in`
    /// seconds.
    Lost {
        reason: Phrase,
        attempt: u32,
        retry_in: f32,
    },
    /// The server does not allow the page's address (the reason in words); no try comes
    /// until the player asks.
    NotAllowed { reason: Phrase },
    /// The server greeted this player by `name`.
    Welcomed { name: String },
    /// The server gave this player a device code, good for `expires_in` seconds.
    DeviceCode { code: String, expires_in: f32 },
    /// This device now plays as `name`, the player whose device code it used (the token is
    /// remembered; the client greets the server again with it).
    Linked { name: String },
    /// Something went wrong outside the app: the words for the player.
    Problem(Phrase),
    /// The device's network came (true) or went (false), as the browser says.
    DeviceOnline(bool),
    /// The page was hidden (true: the tab in the background) or shown again.
    PageHidden(bool),
    /// The server's greeting said whether it sends notifications (its key, none if not), and
    /// whether the player muted those of all their games.
    PushOffered { key: Option<String>, muted: bool },
    /// What the browser said of notifications.
    Browser(BrowserNews),
    /// The server keeps this browser's push subscription.
    PushKept,
    /// The server refused the push subscription: why, in words.
    PushRefused(Phrase),
    /// The server muted (or unmuted) the notifications of a game, or of all (none).
    Muted { game: Option<u64>, muted: bool },
    /// A link was passed on: to the phone's share sheet, or (`copied`) to the clipboard.
    Shared { link: String, copied: bool },
    /// A request could not go out: there is no connection to the server now.
    NotSent,
    /// The lobby's lists changed.
    Lobby(LobbyChange),
    /// The private game this player created waits for a friend with this invite code.
    InviteCode(String),
    /// The invitation of the link the player came by, read by the server.
    Invitation(Box<Invited>),
    /// The link's invitation is the player's own.
    OwnInvitation,
    /// A friend (`by`, their name) declined this player's invitation `code`: it is withdrawn.
    InvitationDeclined { by: String, code: String },
    /// This player's open seek is listed.
    SeekOpened,
    /// A game to show, from the server's snapshot (watching, rejoining, a game that started).
    Opened(Box<Opened>),
    /// Who is at the game on the screen: the watchers, and whether each seat is connected.
    Presence {
        watchers: u32,
        seats: [SeatPresence; 2],
    },
    /// The next event of the game on the screen, in order (the link has seen to its number).
    Game(GameEvent),
    /// The server took this player's move.
    MoveAccepted,
    /// The server refused a request: why, in words, and whether a move entered on the board
    /// was refused (so the board unlocks).
    Refused { text: Phrase, unlock_board: bool },
    /// The engine's suggestion (none: it has no move to suggest); `analysis` when it answers
    /// Analyse rather than Hint, so it goes on the replay when the replay is up.
    Suggestion { hint: Option<Hint>, analysis: bool },
    /// A finished game's record, to replay.
    Record(Box<Record>),
    /// A review this client asked for is under way: `analysed` of `total` positions done.
    ReviewProgress {
        game: u64,
        analysed: u32,
        total: u32,
    },
    /// A review this client asked for.
    Review(Box<GameReview>),
    /// The server made no review of `game`: why, in words.
    ReviewFailed { game: u64, text: Phrase },
    /// A puzzle given to this client.
    Puzzle(Box<PuzzleInfo>),
    /// The judgement of a puzzle move.
    PuzzleMoved(Box<PuzzleMoved>),
    /// A puzzle's solution, and the attempt's end when giving up ended it.
    PuzzleSolution {
        puzzle: String,
        solution: Vec<String>,
        outcome: Option<PuzzleOutcome>,
    },
    /// The day's puzzle of each game.
    DailyPuzzles(Vec<DailyPuzzle>),
    /// The puzzles' themes, per game.
    PuzzleThemes(Vec<ThemeCount>),
    /// The puzzles made from the player's mistakes in a game (none: no mistake had one).
    MistakePuzzles(Vec<String>),
    /// The server refused something about puzzles: why, in words, and what was asked.
    PuzzleRefused { text: Phrase, asked: PuzzleAsk },
}

/// A change of the lobby's lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyChange {
    /// Both lists of the lobby, whole (on subscribing, and after a reset).
    Lists {
        seeks: Vec<SeekEntry>,
        live: Vec<LiveEntry>,
    },
    /// The open seeks, whole.
    Seeks(Vec<SeekEntry>),
    /// The live games, whole.
    Live(Vec<LiveEntry>),
    /// This player's finished games, newest first.
    Finished(Vec<FinishedEntry>),
    SeekAdded(SeekEntry),
    SeekRemoved(u64),
    GameStarted(LiveEntry),
    /// A live game went on: its id and the moves played now.
    GameProgress {
        id: u64,
        moves: u32,
    },
    GameEnded(u64),
    /// This player's games in play ("My games").
    MyGames(MyGamesChange),
    /// This player's seeks and invitations still waiting for an opponent, whole (the answer
    /// to `my_seeks`).
    Waiting(Vec<WaitingSeek>),
}

/// A game to show, as the server's snapshot describes it.
#[derive(Clone, Debug)]
pub struct Opened {
    /// The game, with its moves played, seats, names, clocks and result.
    pub game: Match,
    /// People watching it.
    pub watchers: u32,
    /// The offers open in it and who made each: the draw first, then the takeback, then the
    /// rematch.
    pub offers: Vec<(Offer, Side)>,
}

/// A finished game's record.
#[derive(Clone, Debug)]
pub struct Record {
    /// The server's number for the game.
    pub id: u64,
    pub start: AnyGame,
    /// The moves, in notation.
    pub moves: Vec<String>,
    /// The players' names, by `Side::index`.
    pub names: [Phrase; 2],
    /// The result, when there is one.
    pub result: Option<GameResult>,
    /// Whether this player played it (held a seat).
    pub played: bool,
    /// A private game's watch key (none: a public game).
    pub watch_key: Option<String>,
}
