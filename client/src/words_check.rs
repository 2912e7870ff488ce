//! The words check: every screen and card of the client, in the states that show the most
//! text (names of 32 characters, offers, notices, long lists), to be drawn at every window
//! size the client serves ([`SIZES`]); and the rules the texts drawn must keep ([`problems`]):
//! none cut short to fit, none beyond the window's sides, none over another on the same layer;
//! and on a phone, no place that takes a tap smaller than a fingertip ([`small_targets`]).
//! `chaupal-client --check-words` draws them all (the drawing needs a window); the states and
//! the rules are pure, and tested here.

use chaupal_rules::{AnyGame, GameKind, Side};
use chaupal_shared::protocol::puzzles::{
    AbandonedAttempt, DailyPuzzle, PuzzleInfo, PuzzleMode, PuzzleMoved, PuzzleOutcome,
    PuzzleRating, Verdict,
};
use chaupal_shared::protocol::{
    ClockSpec, Correspondence, ErrorCode, ErrorReply, GameEvent, GameResult, OfferKind,
    ResultReason, SeatPresence, ThemeCount,
};
use chaupal_shared::puzzle_set::{Goal, Proof};

use crate::app::clock_words;
use crate::app::{
    Action, App, BrowserNews, Event, FinishedEntry, LiveEntry, LobbyChange, MyGameEntry,
    MyGamesChange, Opened, PlayMode, Screen, SeekEntry, Subscription, WaitingSeek, pace_words,
};
use crate::app::{ConnectionEvent, LinkEvent, MatchEvent, PushEvent, PuzzleEvent};
use crate::app::{GameAction, LinkAction, LobbyAction, PuzzleAction, ScreenAction, SettingsAction};
use crate::draw::text::DrawnText;
use crate::draw::ui::{Target, TargetKind};
use crate::layout;
use crate::play::{ClockState, Ending, Match, Seats, seat_label};
use crate::route::Route;
use crate::say;
use crate::words::Phrase;

/// The window sizes every screen must serve: phones held upright (small, common, large), a
/// tablet, a laptop and a desktop.
pub const SIZES: [(f32, f32); 6] = [
    (360.0, 640.0),
    (390.0, 844.0),
    (412.0, 915.0),
    (768.0, 1024.0),
    (1280.0, 800.0),
    (1920.0, 1080.0),
];

/// The device pixel ratios the check draws at: the layout is the same at each, the glyphs'
/// pictures are not.
pub const SCALES: [f32; 3] = [1.0, 2.0, 3.0];

/// The longest name there may be: 32 characters, wide ones.
pub const LONG_NAME: &str = "Bartholomew-Maximilian-Wolfgang";

/// A second long name, for the opponent.
const OTHER_NAME: &str = "Ngozi Adaeze Oluwaseun-Chukwuma";

/// Every state to check, by name.
pub fn states() -> Vec<(String, App)> {
    let mut out: Vec<(String, App)> = Vec::new();
    let mut add = |name: &str, app: App| out.push((name.to_owned(), app));

    // The connection screen: connecting, failing, the page's address refused, and the device
    // offline.
    let mut connecting = App::new(false);
    connecting.apply(Event::Connection(ConnectionEvent::Connecting {
        attempt: 1,
    }));
    connecting.tick(3.0);
    add("connection: connecting", connecting);
    let mut failing = App::new(false);
    failing.apply(Event::Connection(ConnectionEvent::Lost {
        reason: crate::net::wording::not_reached("ws://play.chaupal.example:7878/ws"),
        attempt: 3,
        retry_in: 8.0,
    }));
    add("connection: retrying", failing.clone());
    let mut refused = App::new(false);
    refused.apply(Event::Connection(ConnectionEvent::NotAllowed {
        reason: crate::net::wording::not_allowed(
            "https://www.play.chaupal.example:8443",
            "https://play.chaupal.example",
        ),
    }));
    add("connection: address not allowed", refused);
    failing.apply(Event::Connection(ConnectionEvent::DeviceOnline(false)));
    add("connection: device offline", failing);

    // The lobby, in each way of playing, with the longest name and full lists.
    for mode in [
        PlayMode::ThisComputer,
        PlayMode::Computer,
        PlayMode::Friend,
        PlayMode::Anyone,
    ] {
        for kind in GameKind::ALL {
            let mut app = lobby();
            app.handle(Action::Lobby(LobbyAction::SelectGame(kind)));
            app.handle(Action::Lobby(LobbyAction::SelectMode(mode)));
            add(&format!("lobby: {mode:?}, {}", kind.title()), app);
        }
    }
    let mut editing = lobby();
    editing.handle(Action::Settings(SettingsAction::EditName));
    add("lobby: the name's field", editing);
    let mut languages = lobby();
    languages.handle(Action::Settings(SettingsAction::ToggleLanguages));
    add("lobby: the languages", languages);
    let mut invited = lobby();
    invited.handle(Action::Lobby(LobbyAction::SelectMode(PlayMode::Friend)));
    invited.apply(Event::Link(LinkEvent::InviteCode("K7QM-2XPD".into())));
    invited.handle(Action::Screen(ScreenAction::DismissNotice));
    add("lobby: the invitation's card", invited);
    let mut devices = lobby();
    devices.handle(Action::Link(LinkAction::OpenDevices));
    devices.apply(Event::Link(LinkEvent::DeviceCode {
        code: "QRST-2345".into(),
        expires_in: 600.0,
    }));
    add("lobby: the devices' card", devices);
    let mut broken = App::new(false);
    broken.set_site(Some("https://play.chaupal.example".into()));
    broken.handle(Action::Link(LinkAction::Follow(Route::Join(
        "ZZZZ-ZZZZ".into(),
    ))));
    broken.apply(Event::Connection(ConnectionEvent::Welcomed {
        name: LONG_NAME.into(),
    }));
    broken.apply(Event::Connection(ConnectionEvent::Refused {
        text: crate::net::wording::server_error(
            Some(say!("asked-join")),
            &ErrorReply::new(
                ErrorCode::BadInviteCode,
                "no game waits for this invite code",
            ),
        ),
        unlock_board: false,
    }));
    add("lobby: a link that leads nowhere", broken);
    // An invitation to accept or decline: the longest name, changed rules, and the longest
    // pace; and one's own, opened by its link.
    let mut reading = App::new(false);
    reading.handle(Action::Link(LinkAction::Follow(Route::Join(
        "K7QM-2XPD".into(),
    ))));
    reading.apply(Event::Connection(ConnectionEvent::Welcomed {
        name: "bo".into(),
    }));
    let mut own = reading.clone();
    reading.apply(Event::Link(LinkEvent::Invitation(Box::new(
        crate::app::Invited {
            code: "K7QM-2XPD".into(),
            by: LONG_NAME.into(),
            kind: GameKind::Kalah,
            rules: vec![
                ("pits".into(), "8".into()),
                ("seeds".into(), "6".into()),
                ("empty-capture".into(), "true".into()),
            ],
            pace: Some(crate::app::clock_words(
                &chaupal_shared::protocol::ClockSpec {
                    initial_ms: 90 * 60_000,
                    increment_ms: 60_000,
                },
            )),
            rated: true,
            side: Some(chaupal_rules::Side::Second),
        },
    ))));
    add("lobby: an invitation to accept", reading);
    own.apply(Event::Link(LinkEvent::OwnInvitation));
    add("lobby: one's own invitation's link", own);
    // Correspondence: the pace chosen in each way of playing that has it, and the player's
    // games in play with the notifications' part in each of its states.
    for mode in [PlayMode::Computer, PlayMode::Friend, PlayMode::Anyone] {
        let mut app = lobby();
        app.handle(Action::Lobby(LobbyAction::SelectMode(mode)));
        app.handle(Action::Lobby(LobbyAction::SetCorrespondence(true)));
        app.handle(Action::Lobby(LobbyAction::CyclePace { forward: false }));
        add(&format!("lobby: {mode:?} by correspondence"), app);
    }
    add("lobby: my games, notifications on", my_games(true, false));
    add(
        "lobby: my games, notifications blocked",
        my_games(false, true),
    );
    let mut offer = my_games(false, false);
    offer.apply(Event::Push(PushEvent::Browser(BrowserNews::Ready {
        blocked: false,
        subscription: None,
    })));
    add("lobby: my games, notifications offered", offer);
    // The player's seeks and invitations waiting: alone in "My games", and under its games.
    let mut alone = lobby();
    alone.handle(Action::Lobby(LobbyAction::SelectMode(PlayMode::Friend)));
    waiting(&mut alone);
    add("lobby: seeks waiting", alone);
    let mut under = my_games(true, false);
    waiting(&mut under);
    add("lobby: my games and seeks waiting", under);
    // More games and invitations than a laptop's column holds: its lists scroll, from the
    // top, and part of the way down (cut above and below).
    let mut many = my_games(true, false);
    many_waiting(&mut many);
    add("lobby: many games and seeks waiting", many.clone());
    many.handle(Action::Screen(ScreenAction::ScrollListsTo(400)));
    add("lobby: many games and seeks waiting, scrolled", many);
    let mut noticed = lobby();
    noticed.apply(Event::Connection(ConnectionEvent::Problem(say!(
        "needs-server",
        what = say!("doing-play-friend")
    ))));
    add("lobby: a notice", noticed);

    // The rules of each game.
    for kind in GameKind::ALL {
        let mut app = lobby();
        app.handle(Action::Screen(ScreenAction::ShowRules(kind)));
        add(&format!("rules: {}", kind.title()), app);
    }

    // Each game, online against a person with a long name, on the clock.
    for kind in GameKind::ALL {
        add(
            &format!("game: {}", kind.title()),
            playing(kind, Seats::One(Side::First)),
        );
        let mut asked = playing(kind, Seats::One(Side::First));
        asked.apply(Event::Game(MatchEvent::Next(GameEvent::OfferMade {
            kind: OfferKind::Takeback,
            by: Side::Second,
        })));
        asked.handle(Action::Screen(ScreenAction::DismissNotice));
        add(&format!("game: {}, a takeback asked", kind.title()), asked);
        let mut resigning = playing(kind, Seats::One(Side::First));
        resigning.handle(Action::Game(GameAction::Resign));
        add(&format!("game: {}, resigning", kind.title()), resigning);
        add(
            &format!("game: {}, watching", kind.title()),
            playing(kind, Seats::Watching),
        );
        let mut over = playing(kind, Seats::One(Side::First));
        over.apply(Event::Game(MatchEvent::Next(GameEvent::Ended {
            result: GameResult {
                winner: Some(Side::Second),
                reason: ResultReason::Resignation,
            },
            clocks: None,
        })));
        over.tick(5.0);
        add(&format!("game over: {}", kind.title()), over);
    }
    let mut away = playing(GameKind::Jungle, Seats::One(Side::First));
    away.apply(Event::Game(MatchEvent::Presence {
        watchers: 12,
        seats: [
            SeatPresence {
                connected: true,
                claim_in_ms: None,
            },
            SeatPresence {
                connected: false,
                claim_in_ms: Some(30_000),
            },
        ],
    }));
    add("game: the opponent away", away);
    let mut offered = playing(GameKind::Kalah, Seats::One(Side::First));
    offered.apply(Event::Game(MatchEvent::Next(GameEvent::OfferMade {
        kind: OfferKind::Draw,
        by: Side::Second,
    })));
    add("game: a draw offered", offered);
    // A hint whose value a solved database knows: said as a sentence with the side's name.
    let hinted = playing_as(GameKind::BaghChal, Seats::One(Side::First), |m| {
        m.hint = Some(crate::play::Hint {
            text: "c2".into(),
            eval: None,
            exact: Some(chaupal_rules::score::Score::Win(47)),
            chances: Some(1.0),
        });
    });
    add("game: a hint, the value known exactly", hinted);
    for kind in GameKind::ALL {
        add(
            &format!("game: {} by correspondence", kind.title()),
            by_correspondence(kind, Seats::One(Side::First), Some(DEADLINE)),
        );
    }
    add(
        "game: by correspondence, the other side",
        by_correspondence(GameKind::BaghChal, Seats::One(Side::Second), Some(DEADLINE)),
    );
    add(
        "game: by correspondence with no limit",
        by_correspondence(GameKind::SholoGuti, Seats::One(Side::Second), None),
    );

    // The replay and the review of each game.
    for kind in GameKind::ALL {
        if let Some(app) = reviewed(kind) {
            add(&format!("review: {}", kind.title()), app);
        }
    }

    // Puzzles: each game's puzzle given, a wrong move in each (with the ratings' change), and
    // a right move (and the skip that would cost it, asked to confirm), the solved puzzle, a
    // streak's end, the solution, the themes, the search for a puzzle, none found, and the
    // player's own mistakes; the day's puzzle in the lobby (and asked to confirm).
    for kind in GameKind::ALL {
        add(
            &format!("puzzles: given, {}", kind.title()),
            puzzle(kind, Goal::Win),
        );
        let mut wrong = puzzle(kind, Goal::Win);
        judge(&mut wrong, Verdict::Wrong, false, Some(puzzle_end(false)));
        add(&format!("puzzles: wrong, {}", kind.title()), wrong);
    }
    let mut draw = puzzle(GameKind::BaghChal, Goal::SaveDraw);
    judge(&mut draw, Verdict::Wrong, false, Some(puzzle_end(false)));
    add("puzzles: wrong, saving the draw", draw);
    let mut right = puzzle(GameKind::Jungle, Goal::Win);
    judge(&mut right, Verdict::Right, false, None);
    add("puzzles: right", right.clone());
    // Leaving it now would cost the rated attempt: the skip waits for a second press.
    let mut skip = right.clone();
    skip.handle(Action::Puzzle(PuzzleAction::NextPuzzle));
    add("puzzles: the skip asked to confirm", skip);
    let mut solved = puzzle(GameKind::Kalah, Goal::Win);
    judge(&mut solved, Verdict::Right, true, Some(puzzle_end(true)));
    add("puzzles: solved", solved);
    let mut again = puzzle(GameKind::SholoGuti, Goal::Win);
    judge(&mut again, Verdict::Wrong, false, Some(puzzle_end(false)));
    again.handle(Action::Puzzle(PuzzleAction::TryAgain));
    add("puzzles: trying again", again.clone());
    judge(&mut again, Verdict::Right, true, None);
    add("puzzles: solved on another try", again);
    let mut streak = puzzle(GameKind::BaghChal, Goal::Win);
    streak.handle(Action::Puzzle(PuzzleAction::SetPuzzleMode(
        PuzzleMode::Streak,
    )));
    let mut info = puzzle_info(GameKind::BaghChal, Goal::Win);
    info.mode = PuzzleMode::Streak;
    info.rated = false;
    info.streak = 128;
    info.best_streak = 1288;
    streak.apply(Event::Puzzle(PuzzleEvent::Puzzle(Box::new(info))));
    add("puzzles: a streak", streak.clone());
    let mut end = puzzle_end(false);
    end.rated = false;
    end.after = end.before;
    end.streak = 128;
    end.streak_over = true;
    end.best_streak = 1288;
    judge(&mut streak, Verdict::Wrong, false, Some(end));
    add("puzzles: the streak over", streak);
    let mut left = puzzle(GameKind::Kalah, Goal::Win);
    let mut info = puzzle_info(GameKind::Jungle, Goal::Win);
    info.player = puzzle_rating(1508.0);
    info.abandoned = Some(AbandonedAttempt {
        puzzle: "kalah-04242".into(),
        outcome: puzzle_end(false),
    });
    left.apply(Event::Puzzle(PuzzleEvent::Puzzle(Box::new(info))));
    add("puzzles: a rated puzzle left after a move", left);
    let mut shown = puzzle(GameKind::Kalah, Goal::Win);
    let line = shown
        .board()
        .map(|m| line_from(&m.game, 12))
        .unwrap_or_default();
    shown.apply(Event::Puzzle(PuzzleEvent::PuzzleSolution {
        puzzle: "kalah-04242".into(),
        solution: line,
        outcome: Some(puzzle_end(false)),
    }));
    shown.tick(3.0);
    add("puzzles: the solution", shown);
    let mut themes = puzzle(GameKind::BaghChal, Goal::Win);
    themes.handle(Action::Puzzle(PuzzleAction::CyclePuzzleGame {
        forward: false,
    }));
    themes.handle(Action::Puzzle(PuzzleAction::CyclePuzzleTheme {
        forward: false,
    }));
    add("puzzles: the themes, any game", themes);
    let mut finding = lobby();
    finding.handle(Action::Puzzle(PuzzleAction::OpenPuzzles));
    add("puzzles: finding one", finding.clone());
    finding.apply(Event::Puzzle(PuzzleEvent::PuzzleRefused {
        text: crate::net::wording::server_error(
            Some(say!("asked-puzzle")),
            &ErrorReply::new(ErrorCode::NoSuchPuzzle, "no puzzle fits"),
        ),
        asked: crate::puzzles::PuzzleAsk::Puzzle,
    }));
    add("puzzles: none fits", finding);
    let mut mistakes = lobby();
    mistakes.apply(Event::Puzzle(PuzzleEvent::MistakePuzzles(vec![
        "mine-123456-17".into(),
        "mine-123456-23".into(),
    ])));
    let mut info = puzzle_info(GameKind::Jungle, Goal::Win);
    info.id = "mine-123456-17".into();
    info.rated = false;
    mistakes.apply(Event::Puzzle(PuzzleEvent::Puzzle(Box::new(info))));
    add("puzzles: from your mistakes", mistakes);
    let mut daily = lobby();
    daily.apply(Event::Puzzle(PuzzleEvent::DailyPuzzles(
        GameKind::ALL
            .iter()
            .map(|&game| DailyPuzzle {
                game,
                id: format!("{}-01234", game.name()),
                rating: 2345.0,
                themes: vec!["double-threat".into()],
                day: "2026-11-28".into(),
            })
            .collect(),
    )));
    for kind in GameKind::ALL {
        let mut app = daily.clone();
        app.handle(Action::Lobby(LobbyAction::SelectGame(kind)));
        add(&format!("lobby: the day's puzzle, {}", kind.title()), app);
    }
    // The day's puzzle pressed once while leaving the puzzle begun would cost it: its button
    // waits for a second press, and a notice says why.
    right.handle(Action::Screen(ScreenAction::Back));
    right.apply(Event::Puzzle(PuzzleEvent::DailyPuzzles(vec![
        DailyPuzzle {
            game: GameKind::Jungle,
            id: "jungle-01234".into(),
            rating: 2345.0,
            themes: vec!["double-threat".into()],
            day: "2026-11-28".into(),
        },
    ])));
    right.handle(Action::Puzzle(PuzzleAction::OpenPuzzle(
        "jungle-01234".into(),
    )));
    add("lobby: the day's puzzle, leaving asked to confirm", right);
    out
}

/// The themes the server names, every one the client has words for, in every game.
fn puzzle_themes() -> Vec<ThemeCount> {
    GameKind::ALL
        .iter()
        .flat_map(|&game| {
            crate::puzzles::words::THEMES
                .iter()
                .enumerate()
                .map(move |(i, (theme, _))| ThemeCount {
                    game,
                    theme: (*theme).to_owned(),
                    count: 5000 - i as u32,
                })
        })
        .collect()
}

/// A puzzle of `kind` as the server gives it: the position a few moves into the game, the
/// side to move to find `goal`, with its longest themes and ratings of four digits.
fn puzzle_info(kind: GameKind, goal: Goal) -> PuzzleInfo {
    let game = AnyGame::start(kind, [("", ""); 0]).ok().map(|start| {
        let line = line_from(&start, 4);
        let mut game = start;
        for mv in &line {
            let _ = game.play_text(mv);
        }
        game
    });
    let position = game
        .as_ref()
        .map(AnyGame::position_text)
        .unwrap_or_default();
    let solver = game.map_or(Side::First, |g| g.side_to_move());
    PuzzleInfo {
        id: format!("{}-04242", kind.name()),
        game: kind,
        position,
        goal,
        solver,
        themes: vec!["double-threat".into(), "chain".into(), "extra-turn".into()],
        proof: Proof::Exact,
        rating: 2345.0,
        plays: 1234,
        moves_to_find: 6,
        rated: true,
        mode: PuzzleMode::Rated,
        streak: 0,
        best_streak: 0,
        player: puzzle_rating(1523.0),
        abandoned: None,
    }
}

/// A player's puzzle rating of `rating`.
fn puzzle_rating(rating: f64) -> PuzzleRating {
    PuzzleRating {
        rating,
        deviation: 80.0,
        attempts: 30,
    }
}

/// An attempt's end, `solved` or not, moving a rating of four digits by two.
fn puzzle_end(solved: bool) -> PuzzleOutcome {
    PuzzleOutcome {
        solved,
        rated: true,
        before: puzzle_rating(1523.0),
        after: puzzle_rating(if solved { 1538.0 } else { 1508.0 }),
        puzzle_rating: 2345.0,
        streak: 0,
        streak_over: false,
        best_streak: 0,
    }
}

/// The first legal moves from `game`, up to `plies` of them (fewer when it ends).
fn line_from(game: &AnyGame, plies: usize) -> Vec<String> {
    let mut game = game.clone();
    let mut line = Vec::new();
    while line.len() < plies && game.outcome().is_none() {
        let Some(mv) = game.legal_moves_text().into_iter().next() else {
            break;
        };
        if game.play_text(&mv).is_err() {
            break;
        }
        line.push(mv);
    }
    line
}

/// The lobby's player on the Puzzles screen with a puzzle of `kind` given, the themes known.
fn puzzle(kind: GameKind, goal: Goal) -> App {
    let mut app = lobby();
    app.handle(Action::Lobby(LobbyAction::SelectGame(kind)));
    app.handle(Action::Puzzle(PuzzleAction::OpenPuzzles));
    app.apply(Event::Puzzle(PuzzleEvent::PuzzleThemes(puzzle_themes())));
    app.apply(Event::Puzzle(PuzzleEvent::Puzzle(Box::new(puzzle_info(
        kind, goal,
    )))));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// Enters the first legal move on the puzzle's board, and the server's judgement of it: a
/// right one with the opponent's reply (none when it is `done`), with the attempt's end
/// (`outcome`) when it came with it. The moves are shown to their end.
fn judge(app: &mut App, verdict: Verdict, done: bool, outcome: Option<PuzzleOutcome>) {
    let Some(path) = app
        .board()
        .and_then(|m| m.choices.moves.first())
        .map(|c| c.path.clone())
    else {
        return;
    };
    for cell in path {
        app.handle(Action::Game(GameAction::Cell(cell)));
    }
    if app.board().is_some_and(|m| m.pending.is_none()) {
        app.handle(Action::Game(GameAction::StopChain));
    }
    let Some((game, pending)) = app
        .board()
        .and_then(|m| Some((m.game.clone(), m.pending.clone()?)))
    else {
        return;
    };
    let mut after = game;
    let replies = if verdict == Verdict::Right && !done && after.play_text(&pending).is_ok() {
        line_from(&after, 1)
    } else {
        Vec::new()
    };
    let id = app
        .puzzles()
        .attempt
        .as_ref()
        .map(|a| a.info.id.clone())
        .unwrap_or_default();
    app.apply(Event::Puzzle(PuzzleEvent::PuzzleMoved(Box::new(
        PuzzleMoved {
            puzzle: id,
            verdict,
            replies,
            done,
            outcome,
        },
    ))));
    app.tick(10.0);
    app.tick(10.0);
}

/// The lobby, online under the longest name, with full lists.
fn lobby() -> App {
    let mut app = App::new(false);
    app.set_site(Some("https://play.chaupal.example".into()));
    app.apply(Event::Connection(ConnectionEvent::Welcomed {
        name: LONG_NAME.into(),
    }));
    let seeks = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| SeekEntry {
            id: i as u64 + 1,
            kind,
            rules: Vec::new(),
            who: seat_label(&Phrase::verbatim(OTHER_NAME), Some(1523)),
            pace: Some(clock_words(&ClockSpec {
                initial_ms: 600_000,
                increment_ms: 5_000,
            })),
            rated: i % 2 == 0,
            mine: i == 0,
        })
        .collect();
    let live = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| LiveEntry {
            id: 100 + i as u64,
            kind,
            players: [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)],
            ratings: [Some(1523), Some(2210)],
            moves: 42,
            watchers: 7,
            exhibition: false,
            mine: i == 1,
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::Lists { seeks, live }));
    let finished = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| FinishedEntry {
            id: 200 + i as u64,
            kind,
            players: [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)],
            result: say!(
                "result-with-reason",
                result = say!("result-draw"),
                why = say!("end-repetition")
            ),
            moves: 117,
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::Finished(finished)));
    app
}

/// A game of `kind` on the server, a few moves in, against a person with a long name, on the
/// clock, watched; this player in `seats`.
fn playing(kind: GameKind, seats: Seats) -> App {
    playing_as(kind, seats, |_| {})
}

/// As [`playing`], the game set up further by `finish` before it opens.
fn playing_as(kind: GameKind, seats: Seats, finish: impl FnOnce(&mut Match)) -> App {
    let mut app = lobby();
    let Ok(start) = AnyGame::start(kind, [("", ""); 0]) else {
        return app;
    };
    let mut m = Match::new(start, seats, true);
    m.id = Some(123_456);
    m.names = [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)];
    m.ratings = [Some(1523), Some(2210)];
    for _ in 0..4 {
        let Some(mv) = m.choices.moves.first().map(|c| c.text.clone()) else {
            break;
        };
        if m.apply(&mv).is_err() {
            break;
        }
    }
    m.settle();
    m.clocks = Some(ClockState {
        left_ms: [545_000.0, 9_400.0],
        running: Some(m.game.side_to_move()),
    });
    finish(&mut m);
    app.apply(Event::Game(MatchEvent::Opened(Box::new(Opened {
        game: m,
        watchers: 12,
        offers: Vec::new(),
    }))));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// The wall clock's time in the states of correspondence games.
const NOW_MS: u64 = 1_767_225_600_000;

/// A deadline: 13 days, 23 hours and some minutes after [`NOW_MS`] (the longest words).
const DEADLINE: u64 = NOW_MS + 13 * 86_400_000 + 23 * 3_600_000 + 59 * 60_000;

/// The lobby with this player's games in play (of long names, each game's, their turn and
/// theirs, muted and not), notifications on or blocked on this device.
fn my_games(on: bool, blocked: bool) -> App {
    let mut app = lobby();
    app.set_now_ms(NOW_MS);
    app.apply(Event::Push(PushEvent::PushOffered {
        key: Some("BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U".into()),
        muted: false,
    }));
    let subscription = on.then(|| Subscription {
        endpoint: "https://push.example/send/abc".into(),
        p256dh: "BKEY".into(),
        auth: "AUTH".into(),
    });
    app.apply(Event::Push(PushEvent::Browser(BrowserNews::Ready {
        blocked,
        subscription,
    })));
    if on {
        app.apply(Event::Push(PushEvent::PushKept));
    }
    let games = GameKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| MyGameEntry {
            id: 300 + i as u64,
            kind,
            opponent: seat_label(&Phrase::verbatim(OTHER_NAME), Some(2210)),
            your_turn: i % 2 == 0,
            pace: Correspondence {
                days: (i != 3).then_some(14),
            },
            deadline_ms: (i != 3).then_some(DEADLINE + i as u64 * 3_600_000),
            moves: 117,
            muted: i == 1,
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
        games,
        more: 7,
    })));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// Lists the player's seeks waiting: two correspondence invitations (one with a rule changed)
/// and an open correspondence seek, rated.
fn waiting(app: &mut App) {
    let seek = |id: u64, kind: GameKind, code: Option<&str>| WaitingSeek {
        id,
        kind,
        rules: Vec::new(),
        pace: Some(pace_words(Correspondence { days: Some(14) })),
        correspondence: true,
        code: code.map(str::to_owned),
        rated: code.is_none(),
    };
    let mut kalah = seek(41, GameKind::Kalah, Some("K7QM-2XPD"));
    kalah.rules = vec![("pits".into(), "7".into())];
    let mut unlimited = seek(42, GameKind::SholoGuti, Some("WXYZ-2345"));
    unlimited.pace = Some(pace_words(Correspondence::UNLIMITED));
    let open = seek(43, GameKind::BaghChal, None);
    app.apply(Event::Lobby(LobbyChange::Waiting(vec![
        kalah, unlimited, open,
    ])));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
}

/// Lists seven seeks of the player's waiting, and more of their games in play: the games of
/// [`my_games`] twice over, and correspondence invitations to a friend of every game, and
/// open seeks.
fn many_waiting(app: &mut App) {
    let mut games = app.my_games().to_vec();
    let again: Vec<MyGameEntry> = games
        .iter()
        .map(|g| MyGameEntry {
            id: g.id + 50,
            ..g.clone()
        })
        .collect();
    games.extend(again);
    let more = app.my_games_more();
    app.apply(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
        games,
        more,
    })));
    let seeks = (0..7)
        .map(|i| {
            let kind = GameKind::ALL[i % GameKind::ALL.len()];
            let code = (i < 5).then(|| format!("K7QM-2XP{i}"));
            WaitingSeek {
                id: 60 + i as u64,
                kind,
                rules: Vec::new(),
                pace: Some(pace_words(Correspondence { days: Some(14) })),
                correspondence: true,
                rated: code.is_none(),
                code,
            }
        })
        .collect();
    app.apply(Event::Lobby(LobbyChange::Waiting(seeks)));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
}

/// A correspondence game of `kind` (14 days a move, or no limit without a `deadline`), this
/// player in `seats`, a few moves in, its notifications muted.
fn by_correspondence(kind: GameKind, seats: Seats, deadline: Option<u64>) -> App {
    let pace = Correspondence {
        days: deadline.map(|_| 14),
    };
    let mut app = playing_as(kind, seats, |m| {
        m.clocks = None;
        m.pace = Some(pace);
        m.deadline_ms = deadline;
    });
    app.set_now_ms(NOW_MS);
    app.apply(Event::Push(PushEvent::PushOffered {
        key: Some("KEY".into()),
        muted: false,
    }));
    let your_turn = app.current().is_some_and(Match::my_turn);
    app.apply(Event::Lobby(LobbyChange::MyGames(MyGamesChange::All {
        more: 0,
        games: vec![MyGameEntry {
            id: 123_456,
            kind,
            opponent: Phrase::verbatim(OTHER_NAME),
            your_turn,
            pace,
            deadline_ms: deadline,
            moves: 4,
            muted: true,
        }],
    })));
    app.handle(Action::Screen(ScreenAction::DismissNotice));
    app
}

/// The review of a made-up game of `kind`, shown at its first big slip.
fn reviewed(kind: GameKind) -> Option<App> {
    let start = AnyGame::start(kind, [("", ""); 0]).ok()?;
    let moves = crate::screenshot::fixture_moves(&start, 30).ok()?;
    let review = crate::screenshot::review_fixture(&start, &moves).ok()?;
    let mut m = Match::new(start, Seats::One(Side::First), true);
    for mv in &moves {
        m.apply(mv).ok()?;
    }
    m.settle();
    m.names = [Phrase::verbatim(LONG_NAME), Phrase::verbatim(OTHER_NAME)];
    m.id = Some(123_456);
    m.ended = m.ended.or(Some(Ending::Result(GameResult {
        winner: Some(Side::First),
        reason: ResultReason::Resignation,
    })));
    let at = review
        .plies
        .iter()
        .position(|p| p.loss >= 10.0)
        .unwrap_or(moves.len() / 2);
    let mut app = App::showing_review(m, review, at);
    app.apply(Event::Connection(ConnectionEvent::Welcomed {
        name: LONG_NAME.into(),
    }));
    (app.screen() == Screen::Replay).then_some(app)
}

/// The places that take a tap and are smaller than a fingertip ([`layout::TOUCH_MIN`] both
/// ways, a board's points and squares [`layout::BOARD_TOUCH_MIN`]) on a phone held upright (`w` x `h`): every button and board cell in view that does
/// something. The lines of a list (a move of the move list, a slip of a review) are not
/// counted: each is also reached by the buttons that step through the moves.
pub fn small_targets(targets: &[Target], w: f32, h: f32) -> Vec<String> {
    if !layout::portrait(w, h) {
        return Vec::new();
    }
    targets
        .iter()
        .filter(|t| t.enabled && t.visible && t.kind != TargetKind::Item)
        .filter(|t| {
            let least = if t.kind == TargetKind::Cell {
                layout::BOARD_TOUCH_MIN
            } else {
                layout::TOUCH_MIN
            };
            t.area.w < least - 0.5 || t.area.h < least - 0.5
        })
        .map(|t| {
            format!(
                "\"{}\" takes taps in {:.0}x{:.0} pixels",
                t.label, t.area.w, t.area.h
            )
        })
        .collect()
}

/// What is wrong with the texts drawn in a window of `w` x `h`: each text cut short to fit,
/// reaching beyond the window's left or right side, or over another text of the same layer
/// (by more than a pixel each way). Texts below the window's foot are on a screen that scrolls
/// and are not checked against its height.
pub fn problems(texts: &[DrawnText], w: f32, _h: f32) -> Vec<String> {
    let mut out = Vec::new();
    for t in texts {
        if t.cut {
            out.push(format!("\"{}\" is cut", t.text));
        }
        if t.x < -0.5 || t.x + t.w > w + 0.5 {
            out.push(format!(
                "\"{}\" reaches beyond the window ({:.0} to {:.0} of {w})",
                t.text,
                t.x,
                t.x + t.w
            ));
        }
    }
    for (i, a) in texts.iter().enumerate() {
        for b in &texts[i + 1..] {
            if a.layer != b.layer {
                continue;
            }
            let across = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
            let down = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
            if across > 1.0 && down > 1.0 {
                out.push(format!("\"{}\" overlaps \"{}\"", a.text, b.text));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Offer;

    fn text(s: &str, x: f32, y: f32, w: f32, layer: u32, cut: bool) -> DrawnText {
        DrawnText {
            text: s.into(),
            x,
            y,
            w,
            h: 16.0,
            layer,
            cut,
        }
    }

    #[test]
    fn cut_overflowing_and_overlapping_texts_are_problems_and_layers_are_apart() {
        let texts = [
            text("Remat...", 10.0, 10.0, 60.0, 0, true),
            text("wins", 300.0, 40.0, 40.0, 0, false),
            text("x", 320.0, 45.0, 10.0, 0, false),
            text("Resign this game? It counts", 100.0, 100.0, 300.0, 0, false),
            text("under the card", 10.0, 200.0, 200.0, 0, false),
            text("the card's title", 10.0, 205.0, 200.0, 1, false),
            text("side by side", 10.0, 300.0, 100.0, 0, false),
            text("touching", 110.0, 300.0, 100.0, 0, false),
        ];
        let found = problems(&texts, 390.0, 844.0);
        assert_eq!(
            found,
            [
                "\"Remat...\" is cut",
                "\"Resign this game? It counts\" reaches beyond the window (100 to 400 of 390)",
                "\"wins\" overlaps \"x\"",
            ]
        );
    }

    #[test]
    fn on_a_phone_every_place_that_takes_a_tap_is_a_fingertip_wide() {
        use crate::draw::ui::{Scroller, TargetKind};
        use crate::geometry::Area;
        let target = |w: f32, h: f32, enabled: bool, visible: bool| Target {
            kind: TargetKind::Button,
            label: "Rematch".into(),
            area: Area {
                x: 0.0,
                y: 0.0,
                w,
                h,
            },
            enabled,
            selected: false,
            visible,
            scroller: Scroller::Screen,
        };
        let targets = [
            target(80.0, 44.0, true, true),
            target(80.0, 33.0, true, true),
            target(30.0, 30.0, false, true),
            target(30.0, 30.0, true, false),
        ];
        assert_eq!(
            small_targets(&targets, 390.0, 844.0),
            ["\"Rematch\" takes taps in 80x33 pixels"]
        );
        assert!(
            small_targets(&targets, 1280.0, 800.0).is_empty(),
            "a mouse is finer"
        );
        // A board's points may be closer, down to BOARD_TOUCH_MIN.
        let cell = |side: f32| Target {
            kind: TargetKind::Cell,
            label: "c5".into(),
            ..target(side, side, true, true)
        };
        assert_eq!(
            small_targets(&[cell(40.0), cell(30.0)], 360.0, 640.0),
            ["\"c5\" takes taps in 30x30 pixels"]
        );
    }

    #[test]
    fn the_states_cover_every_screen_and_card() {
        let states = states();
        let names: Vec<&str> = states.iter().map(|(n, _)| n.as_str()).collect();
        for screen in [
            Screen::Connection,
            Screen::Lobby,
            Screen::Game,
            Screen::GameOver,
            Screen::Replay,
            Screen::Puzzles,
        ] {
            assert!(
                states.iter().any(|(_, app)| app.screen() == screen),
                "{screen:?} is not checked"
            );
        }
        for kind in GameKind::ALL {
            assert!(
                states
                    .iter()
                    .any(|(_, app)| app.screen() == Screen::Rules(kind))
            );
            assert!(names.contains(&format!("review: {}", kind.title()).as_str()));
        }
        let lobby = |name: &str| &states.iter().find(|(n, _)| n == name).expect(name).1;
        assert!(lobby("lobby: the invitation's card").invite_open());
        assert!(
            lobby("lobby: an invitation to accept")
                .invitation()
                .is_some()
        );
        assert!(
            lobby("lobby: one's own invitation's link")
                .broken_link()
                .is_some()
        );
        assert!(lobby("lobby: the devices' card").devices().is_some());
        assert!(
            lobby("lobby: a link that leads nowhere")
                .broken_link()
                .is_some()
        );
        assert!(lobby("lobby: the name's field").name_edit().is_some());
        let asked = lobby("game: Kalah, a takeback asked");
        assert_eq!(asked.offer(), Some(Offer::Takeback));
        assert!(lobby("game: Bagh Chal, resigning").resign_asked());
        assert_eq!(lobby("game over: Jungle").screen(), Screen::GameOver);
        assert_eq!(lobby("lobby: Anyone, Kalah").name(), LONG_NAME);
        // The puzzles' states are what they say.
        use crate::puzzles::Stage;
        let stage = |name: &str| {
            lobby(name)
                .puzzles()
                .attempt
                .as_ref()
                .map(|a| (a.stage.clone(), a.outcome.clone()))
        };
        for kind in GameKind::ALL {
            let given = stage(&format!("puzzles: given, {}", kind.title()));
            assert!(matches!(
                given,
                Some((Stage::Finding { right: false }, None))
            ));
            let wrong = stage(&format!("puzzles: wrong, {}", kind.title()));
            assert!(
                matches!(wrong, Some((Stage::Wrong { .. }, Some(_)))),
                "{wrong:?}"
            );
        }
        assert!(matches!(
            stage("puzzles: right"),
            Some((Stage::Finding { right: true }, None))
        ));
        let skip = lobby("puzzles: the skip asked to confirm").puzzles();
        assert!(skip.leave_asked(&crate::puzzles::Leave::Next));
        let leaving = lobby("lobby: the day's puzzle, leaving asked to confirm");
        assert_eq!(leaving.screen(), Screen::Lobby);
        assert!(
            leaving
                .puzzles()
                .leave_asked(&crate::puzzles::Leave::Open("jungle-01234".into()))
        );
        assert!(
            leaving
                .notice()
                .is_some_and(|n| n.text.id() == Some("puzzle-leave-warning"))
        );
        assert!(matches!(
            stage("puzzles: solved"),
            Some((Stage::Solved, Some(_)))
        ));
        assert!(matches!(
            stage("puzzles: solved on another try"),
            Some((Stage::Solved, Some(_)))
        ));
        assert_eq!(lobby("puzzles: a streak").puzzles().best_streak, 1288);
        assert!(
            lobby("puzzles: a rated puzzle left after a move")
                .notice()
                .is_some_and(|n| n.text.id() == Some("puzzle-left-failed"))
        );
        assert!(matches!(
            stage("puzzles: the streak over"),
            Some((Stage::Wrong { .. }, Some(o))) if o.streak_over
        ));
        assert!(matches!(
            stage("puzzles: the solution"),
            Some((Stage::Solution { shown, .. }, Some(_))) if shown > 0
        ));
        assert!(lobby("puzzles: finding one").puzzles().asking);
        assert!(lobby("puzzles: none fits").puzzles().problem.is_some());
        assert!(
            lobby("puzzles: the themes, any game")
                .puzzles()
                .theme
                .is_some()
        );
        assert_eq!(
            lobby("puzzles: from your mistakes")
                .puzzles()
                .mistake_place(),
            Some((1, 2))
        );
        assert!(
            lobby("lobby: the day's puzzle, Jungle")
                .puzzles()
                .daily_of(GameKind::Jungle)
                .is_some()
        );
    }
}
