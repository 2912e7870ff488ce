//! The words check: every screen and card of the client, in the states that show the most
//! text (names of 32 characters, offers, notices, long lists), to be drawn at every window
//! size the client serves ([`SIZES`]); and the rules the texts drawn must keep ([`problems`]):
//! none cut short to fit, none beyond the window's sides, none over another on the same layer;
//! and on a phone, no place that takes a tap smaller than a fingertip ([`small_targets`]).
//! `chaupal-client --check-words` draws them all (the drawing needs a window); the states and
//! the rules are pure, and tested here.
//!
//! This file holds the sizes and the list of states; the states are built from the lobby's
//! (`lobby`), the games' (`games`), the puzzles' (`puzzles`) and the tournaments'
//! (`tournaments`) set-ups, and the rules are in `faults`.

mod faults;
mod games;
mod lobby;
mod puzzles;
mod tournaments;

use chaupal_rules::{GameKind, Side};
use chaupal_shared::protocol::puzzles::{AbandonedAttempt, DailyPuzzle, PuzzleMode, Verdict};
use chaupal_shared::protocol::{
    ErrorCode, ErrorReply, GameEvent, GameResult, OfferKind, ResultReason, SeatPresence,
};
use chaupal_shared::puzzle_set::Goal;

use crate::app::{Action, App, BrowserNews, Event, PlayMode};
use crate::app::{ConnectionEvent, LinkEvent, MatchEvent, PushEvent, PuzzleEvent};
use crate::app::{GameAction, LinkAction, LobbyAction, PuzzleAction, ScreenAction, SettingsAction};
use crate::play::Seats;
use crate::route::Route;
use crate::say;

pub use faults::{languages_missing, problems, small_targets};
use games::{by_correspondence, playing, playing_as, reviewed};
use lobby::{lobby, many_waiting, my_games, waiting};
use puzzles::{judge, line_from, puzzle, puzzle_end, puzzle_info, puzzle_rating};

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

/// The wall clock's time in the states of correspondence games.
const NOW_MS: u64 = 1_767_225_600_000;

/// A deadline: 13 days, 23 hours and some minutes after [`NOW_MS`] (the longest words).
const DEADLINE: u64 = NOW_MS + 13 * 86_400_000 + 23 * 3_600_000 + 59 * 60_000;

/// The tournament screens' states: the list, a page in each status, the card.
fn tournament_states(add: &mut impl FnMut(&str, App)) {
    use chaupal_shared::protocol::tournaments::TournamentStatus as Status;
    add("tournaments: the list", tournaments::list());
    let mut loading = lobby();
    loading.handle(Action::Tournament(crate::app::TournamentAction::OpenList));
    add("tournaments: the list asked for", loading);
    add(
        "tournaments: upcoming, private, not entered",
        tournaments::page_of(Status::Upcoming, None, (0, 1), true),
    );
    // Paired: the page leads to the game too.
    add(
        "tournaments: running, the player's line pinned",
        tournaments::paired(
            tournaments::page_of(
                Status::Running,
                Some(tournaments::line(57, LONG_NAME, true)),
                (2, 120),
                false,
            ),
            77,
        ),
    );
    add(
        "tournaments: running, paused",
        tournaments::page_of(
            Status::Running,
            Some(tournaments::line(2, LONG_NAME, false)),
            (0, 3),
            false,
        ),
    );
    add(
        "tournaments: finished, a long-named podium",
        tournaments::page_of(
            Status::Finished,
            Some(tournaments::line(2, OTHER_NAME, false)),
            (0, 120),
            true,
        ),
    );
    // A tournament's game over: its card leads back to the page.
    let page = tournaments::page_of(
        Status::Running,
        Some(tournaments::line(57, LONG_NAME, true)),
        (0, 120),
        false,
    );
    let mut over = games::playing_from(
        tournaments::paired(page, 123_456),
        GameKind::SholoGuti,
        Seats::One(Side::First),
        |_| {},
    );
    over.apply(Event::Game(MatchEvent::Next(GameEvent::Ended {
        result: GameResult {
            winner: Some(Side::Second),
            reason: ResultReason::Resignation,
        },
        clocks: None,
    })));
    over.tick(5.0);
    add("tournaments: a tournament game over", over);
    // An arena's game: berserk among the buttons, and what going berserk says.
    let page = tournaments::page_of(
        Status::Running,
        Some(tournaments::line(57, LONG_NAME, true)),
        (0, 120),
        false,
    );
    let arena_game = games::playing_from(
        tournaments::paired(page, 123_456),
        GameKind::BaghChal,
        Seats::One(Side::First),
        |_| {},
    );
    add(
        "tournaments: an arena's game, berserk among the buttons",
        arena_game.clone(),
    );
    let mut berserk = arena_game;
    for side in [Side::Second, Side::First] {
        berserk.apply(Event::Game(MatchEvent::Next(GameEvent::Berserked {
            side,
            clocks: None,
        })));
    }
    add("tournaments: an arena's game, going berserk said", berserk);
    add(
        "tournaments: a Swiss mid-round, tie-breaks",
        tournaments::swiss_mid_round(),
    );
    add(
        "tournaments: a Swiss between rounds, a bye",
        tournaments::swiss_between_rounds(),
    );
    add(
        "tournaments: a round robin running",
        tournaments::round_robin(true),
    );
    add(
        "tournaments: a round robin full, a round sat out",
        tournaments::round_robin(false),
    );
    add("tournaments: a new arena", tournaments::new_arena(false));
    add(
        "tournaments: a new Swiss",
        tournaments::new_in_rounds(true, false),
    );
    add(
        "tournaments: a new Swiss by correspondence",
        tournaments::new_in_rounds(true, true),
    );
    add(
        "tournaments: a new round robin by correspondence",
        tournaments::new_in_rounds(false, true),
    );
    add(
        "tournaments: a new private arena",
        tournaments::new_arena(true),
    );
    add(
        "tournaments: a new private round robin with computers",
        tournaments::new_with_computers(),
    );
}

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
    let mut both = lobby();
    both.handle(Action::Settings(SettingsAction::EditName));
    both.handle(Action::Settings(SettingsAction::ToggleLanguages));
    add("lobby: the languages while the name is typed", both);
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
    tournament_states(&mut add);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Offer, Screen};

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
            Screen::Tournaments,
            Screen::Tournament,
            Screen::NewTournament,
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
        // The tournaments' states are what they say.
        let page = |name: &str| lobby(name).tournaments().open.clone().expect(name);
        let pinned = page("tournaments: running, the player's line pinned");
        assert_eq!(pinned.pinned().map(|l| l.rank), Some(57));
        assert_eq!((pinned.standings.page, pinned.standings.pages), (2, 120));
        assert_eq!(pinned.game, Some(77));
        let finished = page("tournaments: finished, a long-named podium");
        assert_eq!(finished.podium.len(), 3);
        assert_eq!(finished.podium[0].player.name, LONG_NAME);
        assert!(
            page("tournaments: upcoming, private, not entered")
                .code
                .is_some()
        );
        assert!(lobby("tournaments: a tournament game over").in_tournament_game());
        let swiss = page("tournaments: a Swiss mid-round, tie-breaks");
        assert!(swiss.in_rounds() && swiss.pinned().is_some());
        assert!(!swiss.standings.lines[0].tie_breaks.is_empty());
        let between = lobby("tournaments: a Swiss between rounds, a bye");
        assert!(
            between
                .notice()
                .is_some_and(|n| n.text.id() == Some("tournament-bye"))
        );
        let full = page("tournaments: a round robin full, a round sat out");
        assert_eq!(full.join_button(), Some(false));
        let form = |name: &str| lobby(name).tournaments().form.setup();
        assert!(matches!(
            form("tournaments: a new Swiss").format,
            chaupal_shared::protocol::tournaments::TournamentFormat::Swiss { rounds: 11, .. }
        ));
        assert!(
            form("tournaments: a new Swiss by correspondence")
                .correspondence
                .is_some()
        );
        assert_eq!(
            form("tournaments: a new round robin by correspondence").format,
            chaupal_shared::protocol::tournaments::TournamentFormat::RoundRobin {
                double: true,
                most_entrants: 16
            }
        );
        assert!(
            lobby("tournaments: a new private arena")
                .tournaments()
                .form
                .private
        );
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
