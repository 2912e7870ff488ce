//! One example of every message, with a title: the round-trip tests encode and decode each in
//! both encodings, and a test checks that docs/PROTOCOL.md shows each one's JSON.
//!
//! The `match`es in [`request_name`], [`reply_name`], [`event_name`], [`lobby_name`] and
//! [`news_name`] have no wildcard arm, so a new message does not compile until it is named here and given an example.

use super::puzzles::{
    AbandonedAttempt, DailyPuzzle, PuzzleInfo, PuzzleMode, PuzzleMoved, PuzzleOutcome, PuzzleQuery,
    PuzzleRating, Verdict,
};
use super::request::{Action, AnalysisRequest, ClientMessage, Engine, GameSetup, Opponent};
use super::server::ThemeCount;
use super::server::{
    Clocks, GameEvent, GameResult, GameSnapshot, GameStatus, GameSummary, Invitation, LimitsInfo,
    LobbyEvent, MyGame, MySeek, RatingInfo, Reply, ResultReason, SearchLine, SeatInfo,
    SeatPresence, SeekInfo, ServerMessage, Turn, Welcome,
};
use super::tournaments::{
    EntrantPresence, RoundsInfo, StandingLine, StandingsPage, TieBreak, TournamentFormat,
    TournamentId, TournamentNews, TournamentSetup, TournamentStatus, TournamentSummary,
    TournamentView,
};
use super::{
    ClockSpec, Correspondence, ErrorCode, ErrorReply, GameId, OfferKind, PlayerId, PlayerInfo,
    RulePair, SeekId, SideChoice, WatchKey, request::Request,
};
use chaupal_rules::any::AnyGame;
use chaupal_rules::game::{EndReason, GameKind, Side};
use chaupal_rules::review::{GameReview, MoveClass, PlyReview};
use chaupal_rules::score::Score;

use crate::levels::level_rating;
use crate::puzzle_set::{Goal, Proof};

/// A player's puzzle rating for the examples.
fn puzzle_rating(rating: f64) -> PuzzleRating {
    PuzzleRating {
        rating,
        deviation: 80.0,
        attempts: 30,
    }
}

/// A puzzle given, for the examples.
fn puzzle_info() -> PuzzleInfo {
    PuzzleInfo {
        id: "kalah-00042".to_owned(),
        game: GameKind::Kalah,
        position: "0,0,3,1,0,2:20/1,0,0,0,4,1:16 s".to_owned(),
        goal: Goal::Win,
        solver: Side::First,
        themes: vec!["capture".to_owned()],
        proof: Proof::Exact,
        rating: 1640.0,
        plays: 12,
        moves_to_find: 2,
        rated: true,
        mode: PuzzleMode::Rated,
        streak: 0,
        best_streak: 7,
        player: puzzle_rating(1500.0),
        abandoned: None,
    }
}

/// The name of a request, as its JSON tag.
pub fn request_name(r: &Request) -> &'static str {
    match r {
        Request::Hello { .. } => "hello",
        Request::Ping { .. } => "ping",
        Request::CreateGame(_) => "create_game",
        Request::CancelSeek { .. } => "cancel_seek",
        Request::AcceptSeek { .. } => "accept_seek",
        Request::JoinByCode { .. } => "join_by_code",
        Request::ListSeeks => "list_seeks",
        Request::ListGames => "list_games",
        Request::SubscribeLobby => "subscribe_lobby",
        Request::UnsubscribeLobby => "unsubscribe_lobby",
        Request::Watch { .. } => "watch",
        Request::Unwatch { .. } => "unwatch",
        Request::Rejoin { .. } => "rejoin",
        Request::Act { .. } => "act",
        Request::Hint { .. } => "hint",
        Request::Analyse(_) => "analyse",
        Request::FinishedGames { .. } => "finished_games",
        Request::GetRecord { .. } => "get_record",
        Request::ImportRecord { .. } => "import_record",
        Request::Review { .. } => "review",
        Request::Ratings { .. } => "ratings",
        Request::DeviceCode => "device_code",
        Request::LinkDevice { .. } => "link_device",
        Request::MyGames => "my_games",
        Request::PushSubscribe { .. } => "push_subscribe",
        Request::PushUnsubscribe { .. } => "push_unsubscribe",
        Request::Mute { .. } => "mute",
        Request::MySeeks => "my_seeks",
        Request::NextPuzzle(_) => "next_puzzle",
        Request::OpenPuzzle { .. } => "open_puzzle",
        Request::PuzzleMove { .. } => "puzzle_move",
        Request::PuzzleSolution { .. } => "puzzle_solution",
        Request::DailyPuzzles => "daily_puzzles",
        Request::PuzzleThemes => "puzzle_themes",
        Request::MistakePuzzles { .. } => "mistake_puzzles",
        Request::ListSeeksBefore { .. } => "list_seeks_before",
        Request::ListGamesBefore { .. } => "list_games_before",
        Request::Invitation { .. } => "invitation",
        Request::DeclineInvitation { .. } => "decline_invitation",
        Request::CreateTournament(_) => "create_tournament",
        Request::ListTournaments => "list_tournaments",
        Request::OpenTournament { .. } => "open_tournament",
        Request::CloseTournament { .. } => "close_tournament",
        Request::JoinTournament { .. } => "join_tournament",
        Request::PauseTournament { .. } => "pause_tournament",
        Request::LeaveTournament { .. } => "leave_tournament",
        Request::TournamentStandings { .. } => "tournament_standings",
    }
}

/// The name of an action, as its JSON tag.
pub fn action_name(a: &Action) -> &'static str {
    match a {
        Action::Move { .. } => "move",
        Action::Resign => "resign",
        Action::Offer(_) => "offer",
        Action::Answer { .. } => "answer",
        Action::Abort => "abort",
        Action::ClaimWin => "claim_win",
        Action::Berserk => "berserk",
    }
}

/// The name of a kind of offer, as its JSON tag.
pub fn offer_name(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "draw",
        OfferKind::Takeback => "takeback",
        OfferKind::Rematch => "rematch",
    }
}

/// The name of a server message, as its JSON tag.
pub fn server_name(m: &ServerMessage) -> &'static str {
    match m {
        ServerMessage::Reply { reply, .. } => reply_name(reply),
        ServerMessage::Error { .. } => "error",
        ServerMessage::Event { event, .. } => event_name(event),
        ServerMessage::Snapshot(_) => "snapshot",
        ServerMessage::Presence { .. } => "presence",
        ServerMessage::Lobby(l) => lobby_name(l),
        ServerMessage::ReviewProgress { .. } => "review_progress",
        ServerMessage::MyGame(_) => "my_game",
        ServerMessage::InvitationDeclined { .. } => "invitation_declined",
        ServerMessage::Tournament(n) => news_name(n),
    }
}

/// The name of a reply, as its JSON tag.
pub fn reply_name(r: &Reply) -> &'static str {
    match r {
        Reply::Welcome(_) => "welcome",
        Reply::Pong { .. } => "pong",
        Reply::Ok => "ok",
        Reply::Created { .. } => "created",
        Reply::Seeks { .. } => "seeks",
        Reply::Games { .. } => "games",
        Reply::Lobby { .. } => "lobby",
        Reply::Analysis { .. } => "analysis",
        Reply::Record { .. } => "record",
        Reply::Imported { .. } => "imported",
        Reply::Ratings { .. } => "ratings",
        Reply::DeviceCode { .. } => "device_code",
        Reply::Linked { .. } => "linked",
        Reply::Review(_) => "review",
        Reply::MyGames { .. } => "my_games",
        Reply::MySeeks { .. } => "my_seeks",
        Reply::Puzzle(_) => "puzzle",
        Reply::PuzzleMoved(_) => "puzzle_moved",
        Reply::PuzzleSolution { .. } => "puzzle_solution",
        Reply::DailyPuzzles { .. } => "daily_puzzles",
        Reply::PuzzleThemes { .. } => "puzzle_themes",
        Reply::MistakePuzzles { .. } => "mistake_puzzles",
        Reply::Unsubscribed { .. } => "unsubscribed",
        Reply::Invitation(_) => "invitation",
        Reply::Tournament(_) => "tournament",
        Reply::Tournaments { .. } => "tournaments",
        Reply::TournamentStandings(_) => "tournament_standings",
    }
}

/// The name of a game event, as its JSON tag.
pub fn event_name(e: &GameEvent) -> &'static str {
    match e {
        GameEvent::Moved { .. } => "moved",
        GameEvent::OfferMade { .. } => "offer_made",
        GameEvent::OfferDeclined { .. } => "offer_declined",
        GameEvent::TakenBack { .. } => "taken_back",
        GameEvent::RematchStarted { .. } => "rematch_started",
        GameEvent::Ended { .. } => "ended",
        GameEvent::Berserked { .. } => "berserked",
    }
}

/// The name of a lobby event, as its JSON tag.
pub fn lobby_name(l: &LobbyEvent) -> &'static str {
    match l {
        LobbyEvent::SeekAdded(_) => "seek_added",
        LobbyEvent::SeekRemoved { .. } => "seek_removed",
        LobbyEvent::GameStarted(_) => "game_started",
        LobbyEvent::GameProgress { .. } => "game_progress",
        LobbyEvent::GameEnded { .. } => "game_ended",
        LobbyEvent::Reset { .. } => "reset",
    }
}

/// The name of a tournament's news, as its JSON tag.
pub fn news_name(n: &TournamentNews) -> &'static str {
    match n {
        TournamentNews::Paired { .. } => "paired",
        TournamentNews::Standings(_) => "standings",
        TournamentNews::OwnLine { .. } => "own_line",
        TournamentNews::SatOut { .. } => "sat_out",
        TournamentNews::Rounds { .. } => "rounds",
        TournamentNews::Status { .. } => "status",
    }
}

fn player(id: u64, name: &str) -> PlayerInfo {
    PlayerInfo {
        id: PlayerId(id),
        name: name.to_owned(),
    }
}

fn clock() -> ClockSpec {
    ClockSpec {
        initial_ms: 300_000,
        increment_ms: 5_000,
    }
}

fn clocks() -> Clocks {
    Clocks {
        first_ms: 297_410,
        second_ms: 300_000,
        running: Some(Side::Second),
    }
}

/// A rule that differs from the default (Kalah starts with 4 seeds a house).
fn six_seeds() -> Vec<RulePair> {
    vec![RulePair::new("seeds", "6")]
}

/// The example game after its one move, `c3`: Bagh Chal, the tigers to move.
fn after_c3() -> Turn {
    let mut game = AnyGame::start(GameKind::BaghChal, std::iter::empty::<(&str, &str)>())
        .expect("Bagh Chal's default rules");
    game.play_text("c3").expect("c3 opens a game of Bagh Chal");
    Turn {
        position: game.position_text(),
        side_to_move: game.side_to_move(),
        legal_moves: game.legal_moves_text(),
    }
}

fn seek() -> SeekInfo {
    SeekInfo {
        seek: SeekId(12),
        by: player(3, "asha"),
        kind: GameKind::Kalah,
        rules: six_seeds(),
        clock: Some(clock()),
        correspondence: None,
        side: SideChoice::Random,
        rated: true,
        rating: Some(1500),
    }
}

/// A summary used by the examples.
pub fn summary() -> GameSummary {
    GameSummary {
        game: GameId(42),
        kind: GameKind::BaghChal,
        rules: vec![],
        clock: Some(clock()),
        correspondence: None,
        deadline_ms: None,
        rated: false,
        seats: [
            SeatInfo {
                name: "asha".to_owned(),
                player: Some(player(3, "asha")),
                engine: None,
                rating: Some(1500),
            },
            SeatInfo {
                name: "AI level 3".to_owned(),
                player: None,
                engine: Some(Engine::Level { level: 3 }),
                // The level's calibrated rating, as the server shows it.
                rating: Some(level_rating(GameKind::BaghChal, 3)),
            },
        ],
        status: GameStatus::Live,
        result: None,
        plies: 1,
        watchers: 2,
        started_at_ms: 1_767_225_600_000,
        private: false,
    }
}

/// A finished game as lists show it (`finished_games`).
fn finished() -> GameSummary {
    let mut game = GameSummary {
        game: GameId(40),
        kind: GameKind::Kalah,
        rules: six_seeds(),
        rated: true,
        status: GameStatus::Finished,
        result: Some(GameResult {
            winner: Some(Side::Second),
            reason: ResultReason::Rules(EndReason::SeedsCounted),
        }),
        plies: 37,
        watchers: 0,
        ..summary()
    };
    game.seats[1].rating = Some(level_rating(GameKind::Kalah, 3));
    game
}

/// A correspondence game of three days a move between two players, in play (`my_games`).
fn correspondence() -> GameSummary {
    let mut game = GameSummary {
        game: GameId(45),
        clock: None,
        correspondence: Correspondence::days(3),
        deadline_ms: Some(1_767_484_800_000),
        rated: true,
        plies: 6,
        watchers: 0,
        ..summary()
    };
    game.seats[1] = SeatInfo {
        name: "bimal".to_owned(),
        player: Some(player(4, "bimal")),
        engine: None,
        rating: Some(1544),
    };
    game
}

/// The arena of the examples: Bagh Chal at 3+2, for 60 minutes, with streaks.
fn arena_setup() -> TournamentSetup {
    TournamentSetup {
        game: GameKind::BaghChal,
        rules: vec![],
        clock: ClockSpec {
            initial_ms: 180_000,
            increment_ms: 2_000,
        },
        format: TournamentFormat::Arena {
            minutes: 60,
            streaks: true,
        },
        correspondence: None,
        starts_in_s: 600,
        private: false,
        rated: true,
        computers: vec![],
    }
}

/// A Swiss of five rounds of Bagh Chal at 5+3, each pairing a match of two games (one as the
/// tigers, one as the goats), starting in an hour.
fn swiss_setup() -> TournamentSetup {
    TournamentSetup {
        game: GameKind::BaghChal,
        rules: vec![],
        clock: ClockSpec {
            initial_ms: 300_000,
            increment_ms: 3_000,
        },
        format: TournamentFormat::Swiss {
            rounds: 5,
            matches: true,
        },
        correspondence: None,
        starts_in_s: 3_600,
        private: false,
        rated: true,
        computers: vec![],
    }
}

/// A club's double round robin of Jungle by correspondence, three days a move, for at most
/// ten, private, starting in a week.
fn round_robin_setup() -> TournamentSetup {
    TournamentSetup {
        game: GameKind::Jungle,
        rules: vec![],
        clock: clock(),
        format: TournamentFormat::RoundRobin {
            double: true,
            most_entrants: 10,
        },
        correspondence: Correspondence::days(3),
        starts_in_s: 604_800,
        private: true,
        rated: true,
        computers: vec![4, 6],
    }
}

/// A private arena among friends: Kalah with six seeds a house, unrated, 30 minutes, without
/// streaks, starting in a day.
fn private_setup() -> TournamentSetup {
    TournamentSetup {
        game: GameKind::Kalah,
        rules: six_seeds(),
        clock: clock(),
        format: TournamentFormat::Arena {
            minutes: 30,
            streaks: false,
        },
        correspondence: None,
        starts_in_s: 86_400,
        private: true,
        rated: false,
        computers: vec![],
    }
}

/// A tournament as lists show it, made from its set-up.
fn tournament_summary(
    tournament: u64,
    setup: TournamentSetup,
    starts_ms: u64,
    status: TournamentStatus,
    entrants: u32,
    by: Option<PlayerInfo>,
) -> TournamentSummary {
    let minutes = match setup.format {
        TournamentFormat::Arena { minutes, .. } => minutes,
        // A reckoning: five rounds of two games of about 15 minutes, with breaks.
        TournamentFormat::Swiss { rounds, .. } => rounds * 32,
        TournamentFormat::RoundRobin { .. } => 0,
    };
    let rounds = setup.format.in_rounds().then_some(RoundsInfo {
        round: 0,
        of: 0,
        next_ms: Some(starts_ms),
    });
    TournamentSummary {
        tournament: TournamentId(tournament),
        game: setup.game,
        rules: setup.rules,
        clock: setup.clock,
        format: setup.format,
        correspondence: setup.correspondence,
        rated: setup.rated,
        private: setup.private,
        starts_ms,
        ends_ms: starts_ms + u64::from(minutes) * 60_000,
        status,
        entrants,
        by,
        rounds,
    }
}

/// The Swiss running (tournament 9, made by kiran), in its third round of five.
fn swiss() -> TournamentSummary {
    TournamentSummary {
        rounds: Some(RoundsInfo {
            round: 3,
            of: 5,
            next_ms: None,
        }),
        ..tournament_summary(
            9,
            swiss_setup(),
            1_767_225_600_000,
            TournamentStatus::Running,
            5,
            Some(player(9, "kiran")),
        )
    }
}

/// The arena running (tournament 7, made by the server), halfway through.
fn arena() -> TournamentSummary {
    tournament_summary(
        7,
        arena_setup(),
        1_767_225_600_000,
        TournamentStatus::Running,
        12,
        None,
    )
}

/// The private arena (tournament 8, made by asha), waiting to start.
fn private_arena() -> TournamentSummary {
    tournament_summary(
        8,
        private_setup(),
        1_767_312_000_000,
        TournamentStatus::Upcoming,
        3,
        Some(player(3, "asha")),
    )
}

/// A line of the standings.
fn standing(
    rank: u32,
    (id, name, rating): (u64, &str, i32),
    scores: &[u8],
    on_fire: bool,
    presence: EntrantPresence,
) -> StandingLine {
    StandingLine {
        rank,
        player: player(id, name),
        rating,
        points: scores.iter().map(|&s| u32::from(s)).sum(),
        scores: scores.to_vec(),
        on_fire,
        presence,
        tie_breaks: vec![],
        computer: None,
    }
}

/// A Swiss's line: each round's points (a match's two games together), then Buchholz and
/// Sonneborn-Berger.
fn swiss_line(
    rank: u32,
    (id, name, rating): (u64, &str, i32),
    scores: &[u8],
    (buchholz, sonneborn_berger): (u32, u32),
    presence: EntrantPresence,
) -> StandingLine {
    StandingLine {
        tie_breaks: vec![
            TieBreak::Buchholz(buchholz),
            TieBreak::SonnebornBerger(sonneborn_berger),
        ],
        ..standing(rank, (id, name, rating), scores, false, presence)
    }
}

/// The Swiss in its third round: five entrants, so one sits out each round with a bye (4, a
/// won match). Points count 2 a game won, so a match won 2-0 scores 4.
fn swiss_view() -> TournamentView {
    use EntrantPresence::{Idle, Playing};
    let lines = vec![
        swiss_line(1, (9, "kiran", 1720), &[4, 3], (7, 26), Playing),
        swiss_line(2, (3, "asha", 1500), &[2, 4], (8, 20), Idle),
        swiss_line(3, (10, "sita", 1688), &[4, 2], (5, 18), Playing),
        swiss_line(4, (4, "bimal", 1544), &[1, 2], (11, 10), Playing),
        swiss_line(5, (11, "mei", 1602), &[0, 1], (10, 3), Playing),
    ];
    TournamentView {
        summary: swiss(),
        code: None,
        me: lines.get(1).cloned(),
        standings: StandingsPage {
            tournament: TournamentId(9),
            page: 0,
            pages: 1,
            lines,
        },
        game: None,
    }
}

/// The arena's standings halfway through: 12 entrants, by points, then rating. Wins score 2,
/// draws 1, and 4 and 2 on fire (after two wins in a row); asha is last, at her third game.
fn arena_standings() -> Vec<StandingLine> {
    use EntrantPresence::{Idle, Left, Paused, Playing};
    vec![
        standing(1, (9, "kiran", 1720), &[2, 2, 4, 4], true, Playing),
        standing(2, (4, "bimal", 1544), &[2, 2, 4], true, Playing),
        standing(3, (10, "sita", 1688), &[2, 0, 2, 2], true, Idle),
        standing(4, (11, "mei", 1602), &[2, 2, 0, 2], false, Playing),
        standing(5, (12, "arjun", 1580), &[0, 2, 2, 0, 0], false, Idle),
        standing(6, (13, "priya", 1655), &[2, 0, 1], false, Playing),
        standing(7, (14, "tenzing", 1490), &[1, 2, 0], false, Playing),
        standing(8, (15, "dawa", 1530), &[0, 2, 0], false, Paused),
        standing(9, (16, "lakshmi", 1475), &[2, 0, 0, 0], false, Idle),
        standing(10, (17, "ramesh", 1455), &[0, 1], false, Idle),
        standing(11, (18, "rohan", 1410), &[0, 1, 0], false, Left),
        standing(12, (3, "asha", 1500), &[0, 0], false, Playing),
    ]
}

/// A page of the arena's standings ([`STANDINGS_PAGE`](super::tournaments::STANDINGS_PAGE)
/// lines a page).
fn arena_page(page: u32) -> StandingsPage {
    let lines = arena_standings();
    let size = super::tournaments::STANDINGS_PAGE as usize;
    StandingsPage {
        tournament: TournamentId(7),
        page,
        pages: lines.len().div_ceil(size) as u32,
        lines: lines
            .into_iter()
            .skip(page as usize * size)
            .take(size)
            .collect(),
    }
}

/// The arena as asha sees it: her line is on the second page, and her game is in progress.
fn arena_view() -> TournamentView {
    TournamentView {
        summary: arena(),
        code: None,
        me: arena_standings().pop(),
        standings: arena_page(1),
        game: Some(GameId(46)),
    }
}

/// The private arena as its maker sees it, with its code, three friends entered.
fn private_view() -> TournamentView {
    use EntrantPresence::Idle;
    let lines = vec![
        standing(1, (10, "sita", 1688), &[], false, Idle),
        standing(2, (4, "bimal", 1544), &[], false, Idle),
        standing(3, (3, "asha", 1500), &[], false, Idle),
    ];
    TournamentView {
        summary: private_arena(),
        code: Some("k7Qm2xPa".to_owned()),
        me: lines.last().cloned(),
        standings: StandingsPage {
            tournament: TournamentId(8),
            page: 0,
            pages: 1,
            lines,
        },
        game: None,
    }
}

/// Every request, once (every action once).
pub fn requests() -> Vec<(String, ClientMessage)> {
    let engine = Engine::Level { level: 3 };
    let named = Engine::Named {
        name: "alphabeta".to_owned(),
        depth: Some(6),
        time_ms: None,
    };
    let setup = |opponent| GameSetup {
        game: GameKind::Kalah,
        rules: six_seeds(),
        clock: Some(clock()),
        correspondence: None,
        side: SideChoice::Random,
        opponent,
        rated: false,
        position: None,
        private: false,
    };
    let mut all = vec![
        Request::Hello {
            version: super::PROTOCOL_VERSION,
            name: "asha".to_owned(),
            token: None,
            turns: false,
        },
        Request::Hello {
            version: super::PROTOCOL_VERSION,
            name: "asha".to_owned(),
            token: Some("5f0c2a9e41d37b86c0e1f2a3b4c5d6e7".to_owned()),
            turns: false,
        },
        Request::Hello {
            version: super::PROTOCOL_VERSION,
            name: "tiger-bot".to_owned(),
            token: None,
            turns: true,
        },
        Request::Ping {
            data: "t=1".to_owned(),
        },
        Request::CreateGame(setup(Opponent::Open)),
        Request::CreateGame(setup(Opponent::Private)),
        Request::CreateGame(GameSetup {
            game: GameKind::BaghChal,
            rules: vec![],
            clock: None,
            correspondence: Correspondence::days(3),
            ..setup(Opponent::Private)
        }),
        Request::CreateGame(setup(Opponent::Local)),
        Request::CreateGame(setup(Opponent::Ai {
            engine: engine.clone(),
        })),
        Request::CreateGame(setup(Opponent::Exhibition {
            first: engine.clone(),
            second: named.clone(),
        })),
        Request::CancelSeek { seek: SeekId(12) },
        Request::AcceptSeek { seek: SeekId(12) },
        Request::JoinByCode {
            code: "K7QM-2XPD".to_owned(),
        },
        Request::ListSeeks,
        Request::ListGames,
        Request::SubscribeLobby,
        Request::UnsubscribeLobby,
        Request::Watch {
            game: GameId(42),
            key: None,
        },
        Request::Watch {
            game: GameId(43),
            key: Some(WatchKey("9c1e7a4f0b2d6e8a3c5f7b9d1e3a5c7f".to_owned())),
        },
        Request::Unwatch { game: GameId(42) },
        Request::Rejoin {
            game: GameId(42),
            since: Some(17),
            key: None,
        },
        Request::Hint { game: GameId(42) },
        Request::Analyse(AnalysisRequest {
            game: GameKind::BaghChal,
            rules: vec![],
            position: None,
            moves: vec!["c3".to_owned()],
            engine: named,
            from_game: None,
        }),
        Request::FinishedGames {
            player: None,
            limit: 20,
            before: None,
        },
        Request::GetRecord {
            game: GameId(42),
            key: None,
        },
        Request::ImportRecord {
            text: "[Game \"kalah\"]\n[Result \"*\"]\n\n*\n".to_owned(),
        },
        Request::Review {
            game: GameId(42),
            key: None,
        },
        Request::Ratings {
            player: Some(PlayerId(3)),
        },
        Request::DeviceCode,
        Request::LinkDevice {
            code: "K7QM-2XWP".to_owned(),
        },
        Request::MyGames,
        Request::PushSubscribe {
            endpoint: "https://fcm.googleapis.com/fcm/send/dY3h0R4nQ1k:APA91bF2".to_owned(),
            p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM"
                .to_owned(),
            auth: "tBHItJI5svbpez7KI4CCXg".to_owned(),
        },
        Request::PushUnsubscribe {
            endpoint: "https://fcm.googleapis.com/fcm/send/dY3h0R4nQ1k:APA91bF2".to_owned(),
        },
        Request::Mute {
            game: Some(GameId(45)),
            muted: true,
        },
        Request::MySeeks,
        Request::NextPuzzle(PuzzleQuery {
            game: Some(GameKind::BaghChal),
            theme: Some("capture".to_owned()),
            mode: PuzzleMode::Rated,
        }),
        Request::OpenPuzzle {
            puzzle: "kalah-00042".to_owned(),
        },
        Request::PuzzleMove {
            puzzle: "kalah-00042".to_owned(),
            notation: "3".to_owned(),
        },
        Request::PuzzleSolution {
            puzzle: "kalah-00042".to_owned(),
        },
        Request::DailyPuzzles,
        Request::PuzzleThemes,
        Request::MistakePuzzles { game: GameId(42) },
        Request::ListSeeksBefore { before: SeekId(12) },
        Request::ListGamesBefore { before: GameId(42) },
        Request::Invitation {
            code: "k7qm2xpd".to_owned(),
        },
        Request::DeclineInvitation {
            code: "K7QM-2XPD".to_owned(),
        },
        Request::CreateTournament(Box::new(arena_setup())),
        Request::CreateTournament(Box::new(private_setup())),
        Request::CreateTournament(Box::new(swiss_setup())),
        Request::CreateTournament(Box::new(round_robin_setup())),
        Request::ListTournaments,
        Request::OpenTournament {
            tournament: TournamentId(7),
            code: None,
        },
        Request::OpenTournament {
            tournament: TournamentId(8),
            code: Some("k7Qm2xPa".to_owned()),
        },
        Request::CloseTournament {
            tournament: TournamentId(7),
        },
        Request::JoinTournament {
            tournament: TournamentId(7),
            code: None,
        },
        Request::PauseTournament {
            tournament: TournamentId(7),
        },
        Request::LeaveTournament {
            tournament: TournamentId(7),
        },
        Request::TournamentStandings {
            tournament: TournamentId(7),
            page: 1,
        },
    ];
    let actions = [
        Action::Move {
            notation: "c3".to_owned(),
            ply: Some(0),
        },
        Action::Resign,
        Action::Offer(OfferKind::Draw),
        Action::Answer {
            kind: OfferKind::Draw,
            accept: true,
        },
        Action::Answer {
            kind: OfferKind::Draw,
            accept: false,
        },
        Action::Abort,
        Action::Offer(OfferKind::Takeback),
        Action::Answer {
            kind: OfferKind::Takeback,
            accept: true,
        },
        Action::Answer {
            kind: OfferKind::Takeback,
            accept: false,
        },
        Action::Offer(OfferKind::Rematch),
        Action::Answer {
            kind: OfferKind::Rematch,
            accept: true,
        },
        Action::Answer {
            kind: OfferKind::Rematch,
            accept: false,
        },
        Action::ClaimWin,
        Action::Berserk,
    ];
    all.extend(actions.into_iter().map(|action| Request::Act {
        game: GameId(42),
        seat: None,
        action,
    }));
    all.into_iter()
        .enumerate()
        .map(|(i, request)| {
            let title = match &request {
                Request::Act {
                    action: Action::Offer(kind),
                    ..
                } => format!("act: offer: {}", offer_name(*kind)),
                Request::Act {
                    action: Action::Answer { kind, accept },
                    ..
                } => format!(
                    "act: answer: {} a {}",
                    if *accept { "accepting" } else { "declining" },
                    offer_name(*kind)
                ),
                Request::Act { action, .. } => format!("act: {}", action_name(action)),
                Request::CreateGame(GameSetup {
                    correspondence: Some(_),
                    ..
                }) => "create_game: correspondence".to_owned(),
                Request::CreateGame(setup) => {
                    let which = match setup.opponent {
                        Opponent::Open => "open",
                        Opponent::Private => "private",
                        Opponent::Local => "local",
                        Opponent::Ai { .. } => "ai",
                        Opponent::Exhibition { .. } => "exhibition",
                    };
                    format!("create_game: {which}")
                }
                Request::Hello { turns: true, .. } => "hello: a bot".to_owned(),
                Request::Watch { key: Some(_), .. } => "watch: a private game".to_owned(),
                Request::Hello { token: Some(_), .. } => "hello: returning player".to_owned(),
                Request::CreateTournament(setup) if setup.private => {
                    "create_tournament: private".to_owned()
                }
                Request::OpenTournament { code: Some(_), .. } => {
                    "open_tournament: a private tournament".to_owned()
                }
                other => request_name(other).to_owned(),
            };
            let id = i as u64 + 1;
            (title, ClientMessage { id, request })
        })
        .collect()
}

/// Every server message, once (every reply, event, lobby event and tournament news once).
pub fn server_messages() -> Vec<(String, ServerMessage)> {
    let result = GameResult {
        winner: Some(Side::First),
        reason: ResultReason::Resignation,
    };
    let reply = |id, reply| ServerMessage::Reply { id, reply };
    let event = |version, event| ServerMessage::Event {
        game: GameId(42),
        version,
        event,
    };
    let snapshot = GameSnapshot {
        summary: summary(),
        version: 3,
        start_position: None,
        moves: vec!["c3".to_owned()],
        position: after_c3().position,
        side_to_move: after_c3().side_to_move,
        legal_moves: after_c3().legal_moves,
        clocks: Some(clocks()),
        deadline_ms: None,
        draw_offer: None,
        takeback_request: None,
        rematch_offer: None,
        presence: [
            SeatPresence {
                connected: true,
                claim_in_ms: None,
            },
            SeatPresence {
                connected: true,
                claim_in_ms: None,
            },
        ],
        your_seats: vec![Side::First],
        watch_key: None,
    };
    let all = vec![
        reply(
            1,
            Reply::Welcome(Welcome {
                version: super::PROTOCOL_VERSION,
                player: player(3, "asha"),
                token: "5f0c2a9e41d37b86c0e1f2a3b4c5d6e7".to_owned(),
                live_games: vec![GameId(42)],
                limits: LimitsInfo {
                    max_message_bytes: 65_536,
                    messages_per_second: 20,
                    message_burst: 40,
                    ping_interval_ms: 15_000,
                    idle_timeout_ms: 45_000,
                    reconnect_grace_ms: 60_000,
                    max_open_games: 8,
                    max_correspondence_games: 50,
                    max_lasting_seeks_per_address: 20,
                },
                push_key: Some(
                    "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"
                        .to_owned(),
                ),
                muted: false,
            }),
        ),
        reply(
            2,
            Reply::Pong {
                data: "t=1".to_owned(),
            },
        ),
        reply(3, Reply::Ok),
        reply(
            4,
            Reply::Created {
                game: None,
                seek: Some(SeekId(12)),
                invite_code: None,
            },
        ),
        reply(
            5,
            Reply::Created {
                game: None,
                seek: Some(SeekId(13)),
                invite_code: Some("K7QM-2XPD".to_owned()),
            },
        ),
        reply(
            6,
            Reply::Created {
                game: Some(GameId(42)),
                seek: None,
                invite_code: None,
            },
        ),
        reply(
            5,
            Reply::Seeks {
                seeks: vec![seek()],
                more: 0,
            },
        ),
        reply(
            6,
            Reply::Games {
                games: vec![summary()],
                more: 0,
            },
        ),
        reply(
            21,
            Reply::Games {
                games: vec![finished()],
                more: 0,
            },
        ),
        reply(
            7,
            Reply::Lobby {
                seeks: vec![seek()],
                games: vec![summary()],
                more_seeks: 0,
                more_games: 0,
            },
        ),
        reply(
            8,
            Reply::Analysis {
                best_move: Some("a1-b2".to_owned()),
                line: Some(SearchLine {
                    depth: 6,
                    score: Score::Cp(35),
                    nodes: 120_000,
                    pv: vec!["a1-b2".to_owned(), "d3".to_owned()],
                }),
            },
        ),
        reply(
            9,
            Reply::Record {
                summary: Box::new(summary()),
                moves: vec!["c3".to_owned()],
                text: "[Game \"baghchal\"]\n[Result \"*\"]\n\n1. c3 *\n".to_owned(),
                watch_key: None,
            },
        ),
        reply(10, Reply::Imported { game: GameId(43) }),
        reply(
            11,
            Reply::Ratings {
                player: player(3, "asha"),
                ratings: vec![RatingInfo {
                    kind: GameKind::Kalah,
                    correspondence: false,
                    rating: 1612.5,
                    deviation: 87.25,
                    games: 14,
                }],
            },
        ),
        reply(
            12,
            Reply::DeviceCode {
                code: "K7QM-2XWP".to_owned(),
                expires_in_ms: 600_000,
            },
        ),
        reply(
            13,
            Reply::Linked {
                player: player(3, "asha"),
                token: "5f0c8a1e9b7d4c2a8e6f1b3d5a7c9e0f".to_owned(),
            },
        ),
        reply(14, Reply::Review(Box::new(review()))),
        reply(
            15,
            Reply::MyGames {
                games: vec![
                    MyGame {
                        summary: correspondence(),
                        your_seats: vec![Side::First],
                        your_turn: true,
                        muted: false,
                    },
                    MyGame {
                        summary: summary(),
                        your_seats: vec![Side::First],
                        your_turn: false,
                        muted: false,
                    },
                ],
                more: 0,
            },
        ),
        reply(
            16,
            Reply::MySeeks {
                seeks: vec![MySeek {
                    seek: SeekInfo {
                        seek: SeekId(13),
                        clock: None,
                        correspondence: Some(Correspondence { days: Some(3) }),
                        rated: false,
                        ..seek()
                    },
                    invite_code: Some("K7QM-2XPD".to_owned()),
                }],
            },
        ),
        reply(17, Reply::Puzzle(Box::new(puzzle_info()))),
        reply(
            17,
            Reply::Puzzle(Box::new(PuzzleInfo {
                player: PuzzleRating {
                    attempts: 31,
                    ..puzzle_rating(1431.2)
                },
                abandoned: Some(AbandonedAttempt {
                    puzzle: "kalah-00041".to_owned(),
                    outcome: PuzzleOutcome {
                        solved: false,
                        rated: true,
                        before: puzzle_rating(1500.0),
                        after: PuzzleRating {
                            attempts: 31,
                            ..puzzle_rating(1431.2)
                        },
                        puzzle_rating: 1655.4,
                        streak: 0,
                        streak_over: false,
                        best_streak: 7,
                    },
                }),
                ..puzzle_info()
            })),
        ),
        reply(
            18,
            Reply::PuzzleMoved(Box::new(PuzzleMoved {
                puzzle: "kalah-00042".to_owned(),
                verdict: Verdict::Right,
                replies: vec!["5".to_owned()],
                done: false,
                outcome: None,
            })),
        ),
        reply(
            19,
            Reply::PuzzleSolution {
                puzzle: "kalah-00042".to_owned(),
                solution: vec!["3".to_owned(), "5".to_owned(), "4".to_owned()],
                outcome: Some(PuzzleOutcome {
                    solved: false,
                    rated: true,
                    before: puzzle_rating(1500.0),
                    after: puzzle_rating(1431.2),
                    puzzle_rating: 1655.4,
                    streak: 0,
                    streak_over: false,
                    best_streak: 7,
                }),
            },
        ),
        reply(
            20,
            Reply::DailyPuzzles {
                puzzles: vec![DailyPuzzle {
                    game: GameKind::Jungle,
                    id: "jungle-01234".to_owned(),
                    rating: 1720.0,
                    themes: vec!["den".to_owned()],
                    day: "2026-11-28".to_owned(),
                }],
            },
        ),
        reply(
            21,
            Reply::PuzzleThemes {
                themes: vec![ThemeCount {
                    game: GameKind::BaghChal,
                    theme: "capture".to_owned(),
                    count: 2140,
                }],
            },
        ),
        reply(
            22,
            Reply::MistakePuzzles {
                puzzles: vec!["mine-42-17".to_owned()],
            },
        ),
        reply(23, Reply::Unsubscribed { removed: true }),
        reply(
            24,
            Reply::Invitation(Box::new(Invitation {
                code: "K7QM-2XPD".to_owned(),
                seek: SeekInfo {
                    seek: SeekId(13),
                    clock: None,
                    correspondence: Some(Correspondence { days: Some(3) }),
                    rated: false,
                    ..seek()
                },
                game: None,
            })),
        ),
        reply(25, Reply::Tournament(Box::new(arena_view()))),
        reply(26, Reply::Tournament(Box::new(private_view()))),
        reply(26, Reply::Tournament(Box::new(swiss_view()))),
        reply(
            27,
            Reply::Tournaments {
                tournaments: vec![arena(), private_arena(), swiss()],
            },
        ),
        reply(28, Reply::TournamentStandings(Box::new(arena_page(1)))),
        ServerMessage::InvitationDeclined {
            seek: SeekId(13),
            code: "K7QM-2XPD".to_owned(),
            by: player(4, "bina"),
        },
        ServerMessage::ReviewProgress {
            game: GameId(42),
            analysed: 17,
            total: 41,
        },
        ServerMessage::MyGame(Box::new(MyGame {
            summary: correspondence(),
            your_seats: vec![Side::First],
            your_turn: true,
            muted: false,
        })),
        ServerMessage::Error {
            id: Some(12),
            error: ErrorReply::new(ErrorCode::IllegalMove, "'c9' is not a move: no such point"),
        },
        event(
            1,
            GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".to_owned(),
                clocks: Some(clocks()),
                turn: None,
                deadline_ms: None,
            },
        ),
        event(
            1,
            GameEvent::Moved {
                ply: 1,
                side: Side::First,
                notation: "c3".to_owned(),
                clocks: Some(clocks()),
                turn: Some(after_c3()),
                deadline_ms: None,
            },
        ),
        ServerMessage::Event {
            game: GameId(45),
            version: 7,
            event: GameEvent::Moved {
                ply: 7,
                side: Side::First,
                notation: "e1".to_owned(),
                clocks: None,
                turn: None,
                deadline_ms: Some(1_767_744_000_000),
            },
        },
        event(
            2,
            GameEvent::OfferMade {
                kind: OfferKind::Draw,
                by: Side::First,
            },
        ),
        event(
            3,
            GameEvent::OfferDeclined {
                kind: OfferKind::Draw,
                by: Side::Second,
            },
        ),
        event(
            4,
            GameEvent::OfferMade {
                kind: OfferKind::Takeback,
                by: Side::First,
            },
        ),
        event(
            5,
            GameEvent::OfferDeclined {
                kind: OfferKind::Takeback,
                by: Side::Second,
            },
        ),
        event(
            6,
            GameEvent::TakenBack {
                plies: 2,
                ply: 3,
                clocks: Some(clocks()),
                turn: None,
                deadline_ms: None,
            },
        ),
        event(
            7,
            GameEvent::Ended {
                result,
                clocks: None,
            },
        ),
        event(
            8,
            GameEvent::OfferMade {
                kind: OfferKind::Rematch,
                by: Side::Second,
            },
        ),
        event(
            9,
            GameEvent::OfferDeclined {
                kind: OfferKind::Rematch,
                by: Side::First,
            },
        ),
        event(10, GameEvent::RematchStarted { game: GameId(44) }),
        event(
            11,
            GameEvent::Berserked {
                side: Side::Second,
                clocks: Some(clocks()),
            },
        ),
        ServerMessage::Snapshot(Box::new(snapshot)),
        ServerMessage::Presence {
            game: GameId(42),
            seats: [
                SeatPresence {
                    connected: true,
                    claim_in_ms: None,
                },
                SeatPresence {
                    connected: false,
                    claim_in_ms: Some(41_500),
                },
            ],
            watchers: 2,
        },
        ServerMessage::Lobby(LobbyEvent::SeekAdded(seek())),
        ServerMessage::Lobby(LobbyEvent::SeekRemoved { seek: SeekId(12) }),
        ServerMessage::Lobby(LobbyEvent::GameStarted(Box::new(summary()))),
        ServerMessage::Lobby(LobbyEvent::GameProgress {
            game: GameId(42),
            plies: 17,
        }),
        ServerMessage::Lobby(LobbyEvent::GameEnded {
            game: GameId(42),
            result: GameResult {
                winner: None,
                reason: ResultReason::Rules(EndReason::Repetition),
            },
        }),
        ServerMessage::Lobby(LobbyEvent::Reset {
            seeks: vec![],
            games: vec![],
            more_seeks: 0,
            more_games: 0,
        }),
        ServerMessage::Tournament(TournamentNews::Status {
            tournament: TournamentId(7),
            status: TournamentStatus::Running,
            podium: vec![],
        }),
        ServerMessage::Tournament(TournamentNews::Paired {
            tournament: TournamentId(7),
            game: GameId(46),
            side: Side::Second,
            opponent: player(14, "tenzing"),
        }),
        ServerMessage::Tournament(TournamentNews::Standings(Box::new(arena_page(0)))),
        // asha's third game ended (lost): her line, on the second page, counts it.
        ServerMessage::Tournament(TournamentNews::OwnLine {
            tournament: TournamentId(7),
            line: Box::new(standing(
                12,
                (3, "asha", 1500),
                &[0, 0, 0],
                false,
                EntrantPresence::Idle,
            )),
        }),
        ServerMessage::Tournament(TournamentNews::SatOut {
            tournament: TournamentId(9),
            round: 3,
            bye: true,
        }),
        ServerMessage::Tournament(TournamentNews::Rounds {
            tournament: TournamentId(9),
            rounds: RoundsInfo {
                round: 3,
                of: 5,
                next_ms: Some(1_767_232_830_000),
            },
        }),
        ServerMessage::Tournament(TournamentNews::Status {
            tournament: TournamentId(7),
            status: TournamentStatus::Finished,
            podium: arena_standings()
                .into_iter()
                .take(3)
                .map(|line| StandingLine {
                    presence: EntrantPresence::Idle,
                    ..line
                })
                .collect(),
        }),
    ];
    all.into_iter().map(|m| (title(&m), m)).collect()
}

/// The title of an example server message: its name, and what tells it from another example of
/// the same message.
fn title(m: &ServerMessage) -> String {
    let name = server_name(m);
    let which = match m {
        ServerMessage::Reply {
            reply: Reply::Created {
                game, invite_code, ..
            },
            ..
        } => match (game, invite_code) {
            (Some(_), _) => "a game started",
            (None, Some(_)) => "a private game",
            (None, None) => "an open seek",
        },
        ServerMessage::Reply {
            reply: Reply::Games { games, .. },
            ..
        } if games.iter().any(|g| g.status == GameStatus::Finished) => "finished games",
        ServerMessage::Reply {
            reply: Reply::Puzzle(info),
            ..
        } if info.abandoned.is_some() => "leaving a rated attempt",
        ServerMessage::Event {
            event: GameEvent::Moved { turn: Some(_), .. },
            ..
        } => "with the turn, for a bot",
        ServerMessage::Event {
            event:
                GameEvent::Moved {
                    deadline_ms: Some(_),
                    ..
                },
            ..
        } => "in a correspondence game",
        ServerMessage::Event {
            event: GameEvent::OfferMade { kind, .. } | GameEvent::OfferDeclined { kind, .. },
            ..
        } => offer_name(*kind),
        ServerMessage::Reply {
            reply: Reply::Tournament(view),
            ..
        } if view.code.is_some() => "a private tournament",
        ServerMessage::Reply {
            reply: Reply::Tournament(view),
            ..
        } if view.summary.rounds.is_some() => "a Swiss",
        ServerMessage::Tournament(TournamentNews::Status { status, .. }) => match status {
            TournamentStatus::Upcoming => "upcoming",
            TournamentStatus::Running => "started",
            TournamentStatus::Finished => "ended",
        },
        _ => return name.to_owned(),
    };
    format!("{name}: {which}")
}

/// A short review: a Bagh Chal game of two moves, the second a blunder.
fn review() -> GameReview {
    GameReview {
        game: GameId(42),
        kind: GameKind::BaghChal,
        budget_ms: 500,
        start_chance: 52.1,
        plies: vec![
            PlyReview {
                ply: 1,
                side: Side::First,
                played: "a1".to_owned(),
                before: Score::Cp(25),
                after: Score::Cp(20),
                best: Some("a1".to_owned()),
                line: vec!["a1".to_owned(), "a5-b4".to_owned()],
                loss: 0.0,
                class: MoveClass::Best,
                first_chance: 51.7,
            },
            PlyReview {
                ply: 2,
                side: Side::Second,
                played: "e1-d2".to_owned(),
                before: Score::Cp(-20),
                after: Score::Loss(23),
                best: Some("a5-b4".to_owned()),
                line: vec!["a5-b4".to_owned(), "e5".to_owned()],
                loss: 48.3,
                class: MoveClass::Blunder,
                first_chance: 100.0,
            },
        ],
        accuracy: [Some(100.0), Some(12.4)],
    }
}
