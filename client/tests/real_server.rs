//! The client's network and state modules, with no window, against the real server: the
//! `chaupal-server` binary of this workspace, started on 127.0.0.1 with a fresh SQLite
//! database, reached over a real websocket by [`Online`] and driven through the [`App`]'s
//! actions, as the render loop would.
//!
//! One player plays a whole game of Kalah against AI level 1 by clicking houses, asks for a
//! hint on the way, and replays the finished game from the lobby; a second player watches that
//! game from the lobby's live games, follows every move and sees the result, while the first
//! sees the watcher counted. Then an open seek with a clock, made by one player and accepted by
//! the other, starts a timed game for both, and an AI-vs-AI exhibition is watched. A friend's
//! link to a private game, read as the browser reads its address, joins it with no click. An
//! arena made to start at once, joined by its maker and by a second player from the list, pairs
//! them into one game, whose end leads back to the page with the win counted.
//!
//! The binary is `target/<profile>/chaupal-server`, which `cargo test --workspace` builds (or
//! `CHAUPAL_SERVER_BIN`). When it is missing the tests say so and pass, unless
//! `CHAUPAL_REQUIRE_SERVER=1` (as `scripts/test.sh` sets), when they fail.
#![allow(clippy::unwrap_used)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chaupal_client::app::TournamentAction;
use chaupal_client::app::{Action, App, PlayMode, Screen, SidePick};
use chaupal_client::app::{GameAction, LinkAction, LobbyAction, ReplayAction, SettingsAction};
use chaupal_client::config::Config;
use chaupal_client::net::online::Online;
use chaupal_client::platform::Store;
use chaupal_client::play::Seats;
use chaupal_client::route::{self, Route};
use chaupal_client::words::Phrase;
use chaupal_rules::{GameKind, Side};

/// How long any one wait may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(30);

/// The server binary: `CHAUPAL_SERVER_BIN`, or `chaupal-server` beside this test's directory.
fn server_binary() -> Option<PathBuf> {
    if let Ok(path) = std::env::var("CHAUPAL_SERVER_BIN") {
        return Some(PathBuf::from(path));
    }
    let exe = std::env::current_exe().ok()?;
    let mut dir = exe.parent()?;
    if dir.ends_with("deps") {
        dir = dir.parent()?;
    }
    let path = dir.join(format!("chaupal-server{}", std::env::consts::EXE_SUFFIX));
    path.exists().then_some(path)
}

/// The real server as a child process, with its database in a directory of its own.
struct Server {
    child: Child,
    url: String,
    dir: PathBuf,
}

impl Server {
    /// Starts the server, or returns `None` (after saying why) when there is no binary and
    /// none is required.
    fn start() -> Option<Server> {
        let Some(binary) = server_binary() else {
            assert!(
                std::env::var("CHAUPAL_REQUIRE_SERVER").is_err(),
                "no chaupal-server binary: build it (cargo build -p chaupal-server) or set \
                 CHAUPAL_SERVER_BIN"
            );
            eprintln!("real_server: skipped, no chaupal-server binary built beside the tests");
            return None;
        };
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir = std::env::temp_dir().join(format!(
            "chaupal-client-test-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let mut child = Command::new(&binary)
            .args(["serve", "--bind", "127.0.0.1:0", "--database"])
            .arg(format!("sqlite://{}", dir.join("chaupal.sqlite").display()))
            // Exhibition moves come quickly, so that watching one takes a moment.
            .args(["--exhibition-delay-ms", "50"])
            // Reviews at a small budget, so that one takes a moment in a debug build.
            .args(["--review-budget-ms", "20"])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let addr = first
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {first}"))
            .to_owned();
        // Keep reading stdout so the server never blocks on it.
        std::thread::spawn(move || lines.for_each(drop));
        Some(Server {
            child,
            url: format!("ws://{addr}"),
            dir,
        })
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A client as the render loop runs it: the app, and its connection.
struct Player {
    app: App,
    online: Online,
}

impl Player {
    fn connect(server: &Server, name: &str) -> Player {
        let mut player = Player {
            app: App::new(false),
            online: Online::start(
                &server.url,
                name.to_owned(),
                Config::default(),
                Store::none(),
            ),
        };
        player.until(&format!("{name} is greeted"), |app| {
            app.connection().online()
        });
        player
    }

    /// One frame: what the network brought, then time moving on.
    fn frame(&mut self) {
        self.online.pump(&mut self.app);
        self.app.tick(0.05);
    }

    /// Runs frames until `done` holds; fails with the notice shown, if any.
    fn until(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            self.frame();
            if done(&self.app) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "waited too long for: {what} (screen {:?}, notice {:?})",
                self.app.screen(),
                self.app.notice()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// What a click or key does: the action, and what it sends.
    fn act(&mut self, action: Action) {
        for out in self.app.handle(action) {
            self.online.wish(out, &mut self.app);
        }
    }

    /// Enters the first legal move by clicking its cells; returns its notation.
    fn click_a_move(&mut self) -> String {
        let choice = {
            let m = self.app.current().unwrap();
            m.choices.moves.first().cloned().unwrap()
        };
        for cell in &choice.path {
            self.act(Action::Game(GameAction::Cell(cell.clone())));
        }
        assert_eq!(
            self.app.current().and_then(|m| m.pending.clone()),
            Some(choice.text.clone()),
            "the move went to the server"
        );
        choice.text
    }

    fn moves(&self) -> usize {
        self.app.current().map_or(0, |m| m.moves.len())
    }
}

/// Whether the game on the screen waits for this player's move.
fn my_turn(app: &App) -> bool {
    app.current()
        .is_some_and(|m| m.can_enter_move() && !m.choices.moves.is_empty())
}

#[test]
fn a_game_against_the_ai_is_played_watched_and_replayed() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut asha = Player::connect(&server, "Asha");
    let mut bo = Player::connect(&server, "Bo");

    // A small Kalah (3 houses of 2 seeds) against AI level 1, Asha moving first.
    asha.act(Action::Lobby(LobbyAction::SelectGame(GameKind::Kalah)));
    for _ in 0..5 {
        asha.act(Action::Lobby(LobbyAction::CycleRule {
            index: 0,
            forward: true,
        }));
    }
    for _ in 0..6 {
        asha.act(Action::Lobby(LobbyAction::CycleRule {
            index: 1,
            forward: true,
        }));
    }
    assert_eq!(
        asha.app.lobby().changed_rules(),
        [("pits".into(), "3".into()), ("seeds".into(), "2".into())]
    );
    asha.act(Action::Lobby(LobbyAction::SelectMode(PlayMode::Computer)));
    asha.act(Action::Lobby(LobbyAction::SelectSide(SidePick::First)));
    while asha.app.lobby().level != 1 {
        asha.act(Action::Lobby(LobbyAction::CycleLevel { forward: false }));
    }
    asha.act(Action::Lobby(LobbyAction::Start));
    asha.until("the game against the AI opens", |app| {
        app.screen() == Screen::Game && app.current().is_some()
    });
    {
        let m = asha.app.current().unwrap();
        assert_eq!(m.seats, Seats::One(Side::First));
        assert!(
            m.game.position_text().contains("pits=3"),
            "the rules chosen"
        );
        assert!(
            m.names[1].english().contains('1'),
            "the AI seat: {:?}",
            m.names
        );
    }

    // Bo finds it among the live games and watches.
    let game_id = {
        bo.until("Asha's game is listed", |app| {
            app.live().iter().any(|g| g.players[0].english() == "Asha")
        });
        let g = bo
            .app
            .live()
            .iter()
            .find(|g| g.players[0].english() == "Asha")
            .unwrap();
        assert!(!g.mine && !g.exhibition);
        g.id
    };
    bo.act(Action::Lobby(LobbyAction::Watch(game_id)));
    bo.until("the watched game opens", |app| {
        app.current().is_some_and(|m| m.seats == Seats::Watching)
    });
    asha.until("Asha sees her watcher", |app| app.watchers() >= 1);

    // A hint, then the game to its end, each move clicked.
    asha.act(Action::Game(GameAction::Hint));
    asha.until("the hint arrives", |app| {
        app.current().is_some_and(|m| m.hint.is_some())
    });
    {
        let m = asha.app.current().unwrap();
        let hint = m.hint.as_ref().unwrap();
        assert!(
            m.choices.moves.iter().any(|c| c.text == hint.text),
            "the hint {} is a legal move",
            hint.text
        );
    }
    let mut mine = 0;
    while !asha.app.current().unwrap().finished() {
        asha.until("Asha's turn or the end", |app| {
            my_turn(app) || app.current().is_some_and(|m| m.finished())
        });
        if my_turn(&asha.app) {
            let before = asha.moves();
            asha.click_a_move();
            mine += 1;
            asha.until("the server plays the move", |app| {
                app.current()
                    .is_some_and(|m| m.moves.len() > before && m.pending.is_none())
            });
        }
        assert!(mine < 200, "the game should end");
    }
    asha.until("the game-over screen", |app| {
        app.screen() == Screen::GameOver
    });
    let (plies, result) = {
        let m = asha.app.current().unwrap();
        (m.moves.len(), m.status().english())
    };
    assert!(mine >= 1 && plies > mine, "both sides moved: {plies} plies");
    assert!(
        result.contains("win") || result.starts_with("Draw"),
        "the result in words: {result}"
    );

    // The watcher followed every move and sees the same result.
    bo.until("the watcher sees the end", |app| {
        app.current()
            .is_some_and(|m| m.finished() && m.moves.len() == plies)
    });
    assert_eq!(bo.app.current().unwrap().status().english(), result);

    // Back in the lobby the game is listed as finished, and replays from its record.
    asha.act(Action::Game(GameAction::ToLobby));
    asha.until("the finished game is listed", |app| {
        app.finished().iter().any(|g| g.id == game_id)
    });
    let listed = asha
        .app
        .finished()
        .iter()
        .find(|g| g.id == game_id)
        .unwrap();
    assert_eq!(listed.moves as usize, plies);
    asha.act(Action::Lobby(LobbyAction::ReplayGame(game_id)));
    asha.until("the replay opens", |app| app.screen() == Screen::Replay);
    let replay = asha.app.replay().unwrap();
    assert_eq!((replay.len(), replay.ply()), (plies, plies), "at the end");
    asha.act(Action::Replay(ReplayAction::ReplayJump(0)));
    asha.act(Action::Replay(ReplayAction::ReplayStep(1)));
    assert_eq!(asha.app.replay().unwrap().ply(), 1);

    // The review of the game comes into the replay: a verdict on every move.
    asha.act(Action::Replay(ReplayAction::Review));
    asha.until("the review arrives", |app| {
        app.replay().is_some_and(|r| r.ready_review().is_some())
    });
    let review = asha.app.replay().unwrap().ready_review().unwrap().clone();
    assert_eq!(review.game.0, game_id);
    assert_eq!(review.plies.len(), plies);
    assert!(review.accuracy.iter().all(Option::is_some));

    // Play from the position after the first move, against the AI.
    asha.act(Action::Replay(ReplayAction::PlayFromHere));
    asha.until("a new game from the position", |app| {
        app.screen() == Screen::Game && app.current().is_some_and(|m| m.id != Some(game_id))
    });
    assert!(asha.app.current().unwrap().moves.is_empty());
}

/// A friend's link, `http://HOST:PORT/join/code`, as the browser reads its address and the
/// desktop `--open`: the client follows it before the greeting, shows the invitation on its
/// card, and joins when the friend accepts it.
#[test]
fn a_join_link_shows_the_invitation_and_accepting_takes_the_friend_into_the_game() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut host = Player::connect(&server, "Esha");
    host.act(Action::Lobby(LobbyAction::SelectMode(PlayMode::Friend)));
    host.act(Action::Lobby(LobbyAction::CreatePrivate));
    host.until("the invite code", |app| app.lobby().my_code.is_some());
    let code = host.app.lobby().my_code.clone().unwrap();
    // Typed by hand into an address bar: lower case, a space for the dash.
    let address = format!(
        "http://{}/join/{}",
        server.url.trim_start_matches("ws://"),
        code.to_lowercase().replace('-', "%20")
    );
    let launch = route::parse_url(&address);
    assert_eq!(launch.route, Route::Join(code.clone()));
    // The page's server: ws://HOST:PORT/ws, where the server takes websockets as anywhere.
    let socket = launch.server.unwrap();
    assert_eq!(socket, format!("{}/ws", server.url));
    let mut guest = Player {
        app: App::new(false),
        online: Online::start(&socket, "Farid".into(), Config::default(), Store::none()),
    };
    guest.act(Action::Link(LinkAction::Follow(launch.route)));
    guest.until("the invitation on its card", |app| {
        app.invitation().is_some()
    });
    assert_eq!(
        guest.app.screen(),
        Screen::Lobby,
        "nothing joined before Accept"
    );
    guest.act(Action::Link(LinkAction::AcceptInvitation));
    guest.until("the game opens for the guest", |app| {
        app.screen() == Screen::Game && app.current().is_some_and(|m| m.online)
    });
    host.until("the game opens for the host", |app| {
        app.screen() == Screen::Game && app.current().is_some_and(|m| m.online)
    });
    assert_eq!(
        guest.app.current().unwrap().names,
        host.app.current().unwrap().names
    );
}

#[test]
fn an_open_seek_with_a_clock_starts_a_timed_game_for_both() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut chandra = Player::connect(&server, "Chandra");
    let mut dev = Player::connect(&server, "Dev");

    chandra.act(Action::Lobby(LobbyAction::SelectGame(GameKind::BaghChal)));
    chandra.act(Action::Lobby(LobbyAction::SelectMode(PlayMode::Anyone)));
    chandra.act(Action::Lobby(LobbyAction::SelectSide(SidePick::Second)));
    for _ in 0..4 {
        chandra.act(Action::Lobby(LobbyAction::CycleMinutes { forward: true }));
    }
    for _ in 0..2 {
        chandra.act(Action::Lobby(LobbyAction::CycleIncrement { forward: true }));
    }
    assert_eq!(chandra.app.lobby().clock_text().english(), "5 min + 2 s");
    chandra.act(Action::Lobby(LobbyAction::Start));
    chandra.until("the seek is listed as Chandra's own", |app| {
        app.seeks().iter().any(|s| s.mine)
    });
    dev.until("Dev sees the seek", |app| {
        app.seeks()
            .iter()
            .any(|s| s.who.english().starts_with("Chandra"))
    });
    let seek = dev.app.seeks().iter().find(|s| !s.mine).unwrap().clone();
    assert_eq!(
        seek.pace.as_ref().map(Phrase::english).as_deref(),
        Some("5 min + 2 s")
    );
    assert!(!seek.rated, "casual unless asked");
    dev.act(Action::Lobby(LobbyAction::AcceptSeek(seek.id)));

    for p in [&mut chandra, &mut dev] {
        p.until("the game opens with its clocks", |app| {
            app.screen() == Screen::Game
                && app
                    .current()
                    .is_some_and(|m| m.clocks.is_some() && m.online)
        });
    }
    assert_eq!(
        chandra.app.current().unwrap().seats,
        Seats::One(Side::Second),
        "Chandra asked for the tigers"
    );
    assert_eq!(dev.app.current().unwrap().seats, Seats::One(Side::First));
    let clocks = dev.app.current().unwrap().clocks.unwrap();
    assert!(
        clocks
            .left_ms
            .iter()
            .all(|&ms| ms > 290_000.0 && ms <= 300_000.0),
        "five minutes each: {clocks:?}"
    );
    // Dev places a goat; Chandra's board shows it, and her clock is the one running.
    let mv = dev.click_a_move();
    chandra.until("the goat arrives", |app| {
        app.current()
            .is_some_and(|m| m.moves.len() == 1 && m.moves[0].text == mv)
    });
    assert_eq!(
        chandra.app.current().unwrap().clocks.unwrap().running,
        Some(Side::Second)
    );
    // Chandra resigns (two clicks: the first only asks).
    chandra.act(Action::Game(GameAction::Resign));
    chandra.act(Action::Game(GameAction::Resign));
    dev.until("Dev sees the resignation", |app| {
        app.current().is_some_and(|m| m.finished())
    });
    let status = dev.app.current().unwrap().status().english();
    assert!(status.contains("resigned"), "{status}");
}

#[test]
fn an_exhibition_is_watched_move_by_move() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut esha = Player::connect(&server, "Esha");
    esha.act(Action::Lobby(LobbyAction::SelectGame(GameKind::Jungle)));
    esha.act(Action::Lobby(LobbyAction::SelectMode(PlayMode::Computer)));
    // A named engine (random) keeps the moves quick.
    while esha.app.lobby().engine_pick().describe().english() != "random, depth 6" {
        esha.act(Action::Lobby(LobbyAction::CycleEngine { forward: true }));
    }
    esha.act(Action::Lobby(LobbyAction::StartExhibition));
    esha.until("the exhibition opens, watched", |app| {
        app.current().is_some_and(|m| m.seats == Seats::Watching)
    });
    esha.until("moves arrive", |app| {
        app.current().is_some_and(|m| m.moves.len() >= 4)
    });
    let m = esha.app.current().unwrap();
    assert_eq!(m.ai, [true, true], "both seats are the computer's");
    assert!(!m.can_offer_draw());
    esha.act(Action::Game(GameAction::ToLobby));
    assert_eq!(esha.app.screen(), Screen::Lobby);
}

#[test]
fn a_new_name_greets_the_server_again_as_the_same_player() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut asha = Player::connect(&server, "Asha");
    asha.act(Action::Lobby(LobbyAction::SelectGame(GameKind::Kalah)));
    asha.act(Action::Lobby(LobbyAction::SelectMode(PlayMode::Computer)));
    asha.act(Action::Lobby(LobbyAction::Start));
    asha.until("the game against the computer opens", |app| {
        app.screen() == Screen::Game && app.current().is_some()
    });
    asha.act(Action::Settings(SettingsAction::EditName));
    asha.act(Action::Settings(SettingsAction::SetText(
        chaupal_client::app::Field::Name,
        "Asha Rai".into(),
    )));
    asha.act(Action::Settings(SettingsAction::SaveName));
    asha.until("greeted under the new name", |app| {
        matches!(app.connection(), chaupal_client::app::Connection::Connected { name } if name == "Asha Rai")
    });
    // The token said it is the same player: the game is hers again, seated.
    asha.until("the game is resumed", |app| {
        app.current()
            .is_some_and(|m| matches!(m.seats, Seats::One(_)) && !m.finished())
    });
    assert_eq!(asha.app.name(), "Asha Rai");
}

/// A correspondence game between friends, three days a move: both find it in "My games"
/// with its deadline, each move there turns whose turn it is on both sides (the tab's count
/// with it), a player leaves the board and opens the game again from the list, and the game
/// leaves the list for the finished games when it ends.
#[test]
fn a_correspondence_game_waits_in_my_games_between_moves() {
    let Some(server) = Server::start() else {
        return;
    };
    let now = || {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as u64
    };
    let mut asha = Player::connect(&server, "Asha");
    let mut bo = Player::connect(&server, "Bo");
    asha.act(Action::Lobby(LobbyAction::SelectMode(PlayMode::Friend)));
    asha.act(Action::Lobby(LobbyAction::SelectSide(SidePick::First)));
    asha.act(Action::Lobby(LobbyAction::SetCorrespondence(true)));
    asha.act(Action::Lobby(LobbyAction::CreatePrivate));
    asha.until("the invite code", |app| app.lobby().my_code.is_some());
    let code = asha.app.lobby().my_code.clone().unwrap();
    bo.act(Action::Link(LinkAction::Follow(Route::Join(code))));
    bo.until("the invitation on its card", |app| {
        app.invitation().is_some()
    });
    bo.act(Action::Link(LinkAction::AcceptInvitation));
    bo.until("the game opens for Bo", |app| {
        app.screen() == Screen::Game && app.current().is_some()
    });
    asha.until("the game opens for Asha", |app| {
        app.screen() == Screen::Game && app.current().is_some()
    });
    let id = asha.app.current().unwrap().id.unwrap();
    // Both list it; Asha (the goats) moves first, within three days.
    asha.until("Asha's list has it, her turn", |app| {
        app.my_game(id).is_some_and(|g| g.your_turn)
    });
    bo.until("Bo's list has it, not his turn", |app| {
        app.my_game(id).is_some_and(|g| !g.your_turn)
    });
    let g = asha.app.my_game(id).unwrap().clone();
    assert_eq!(g.pace.days, Some(3));
    assert_eq!(g.opponent.english(), "Bo");
    let left = g.deadline_ms.unwrap().saturating_sub(now());
    assert!(
        (3 * 86_400_000 - 60_000..=3 * 86_400_000).contains(&left),
        "{left} ms left"
    );
    asha.app.set_now_ms(now());
    let m = asha.app.current().unwrap();
    assert!(m.clocks.is_none(), "no clocks");
    let line = chaupal_client::deadline::line(m, asha.app.now_ms()).unwrap();
    assert_eq!(line.english(), "Your move: 2 days 23 hours left");

    // Bo leaves the board: the game waits for him in the list.
    bo.act(Action::Game(GameAction::ToLobby));
    assert_eq!(bo.app.screen(), Screen::Lobby);
    asha.click_a_move();
    asha.until("Asha's move is played", |app| {
        app.current()
            .is_some_and(|m| m.moves.len() == 1 && m.pending.is_none())
    });
    bo.until("Bo's list says it is his turn", |app| {
        app.my_game(id).is_some_and(|g| g.your_turn)
    });
    assert_eq!(bo.app.turns_waiting(), 1, "the tab's title counts it");
    asha.until("Asha's list says it is Bo's turn", |app| {
        app.my_game(id).is_some_and(|g| !g.your_turn)
    });
    // Bo opens it from the list, seated, and moves.
    bo.act(Action::Lobby(LobbyAction::OpenMyGame(id)));
    bo.until("the game opens again for Bo, his move", |app| {
        app.screen() == Screen::Game && my_turn(app)
    });
    assert_eq!(
        bo.app.turns_waiting(),
        0,
        "the game on the screen says it itself"
    );
    bo.click_a_move();
    asha.until("Bo's move reaches Asha's board and list", |app| {
        app.current().is_some_and(|m| m.moves.len() == 2)
            && app.my_game(id).is_some_and(|g| g.your_turn)
    });
    // Bo resigns: the game leaves both lists for the finished games.
    bo.act(Action::Game(GameAction::Resign));
    bo.act(Action::Game(GameAction::Resign));
    for (who, player) in [("Asha", &mut asha), ("Bo", &mut bo)] {
        player.until(&format!("the game leaves {who}'s list"), |app| {
            app.my_game(id).is_none() && app.finished().iter().any(|f| f.id == id)
        });
    }
}

#[test]
fn an_arena_made_now_pairs_its_two_entrants_into_a_game() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut asha = Player::connect(&server, "Asha");
    let mut bo = Player::connect(&server, "Bo");

    // Asha makes a public arena of Kalah that starts at once, and its page opens.
    asha.act(Action::Lobby(LobbyAction::SelectGame(GameKind::Kalah)));
    asha.act(Action::Tournament(TournamentAction::OpenList));
    assert_eq!(asha.app.screen(), Screen::Tournaments);
    asha.act(Action::Tournament(TournamentAction::NewTournament));
    assert_eq!(asha.app.screen(), Screen::NewTournament);
    asha.act(Action::Tournament(TournamentAction::CycleStart {
        forward: false,
    }));
    assert_eq!(asha.app.tournaments().form.starts_in(), 0);
    asha.act(Action::Tournament(TournamentAction::Create));
    asha.until("the arena's page opens", |app| {
        app.screen() == Screen::Tournament && app.tournaments().open.is_some()
    });
    let page = asha.app.tournaments().open.clone().unwrap();
    assert_eq!(page.summary.game, GameKind::Kalah);
    assert_eq!(page.may(), (true, false, false), "not entered yet");
    let id = page.id();
    asha.act(Action::Tournament(TournamentAction::Join));
    asha.until("Asha is in it", |app| {
        app.tournaments()
            .open
            .as_ref()
            .is_some_and(|o| o.me.is_some())
    });

    // Bo finds it in the list, opens it and joins.
    bo.act(Action::Tournament(TournamentAction::OpenList));
    bo.until("Bo sees the arena listed", |app| {
        app.tournaments()
            .list
            .as_ref()
            .is_some_and(|l| l.iter().any(|t| t.tournament.0 == id))
    });
    bo.act(Action::Tournament(TournamentAction::Open {
        id,
        code: None,
    }));
    bo.until("Bo's page opens", |app| {
        app.tournaments().open.as_ref().map(|o| o.id()) == Some(id)
    });
    bo.act(Action::Tournament(TournamentAction::Join));

    // The server pairs them: each is taken to the same game, on opposite sides.
    for p in [&mut asha, &mut bo] {
        p.until("the paired game opens", |app| {
            app.screen() == Screen::Game
                && app
                    .current()
                    .is_some_and(|m| m.online && m.clocks.is_some())
        });
    }
    let game = asha.app.current().unwrap().id;
    assert_eq!(bo.app.current().unwrap().id, game);
    assert_ne!(
        asha.app.current().unwrap().seats,
        bo.app.current().unwrap().seats
    );
    // The pairing's news may come a moment after the game's snapshot.
    for p in [&mut asha, &mut bo] {
        p.until(
            "the game is known as the tournament's",
            App::in_tournament_game,
        );
    }
    // Asha resigns; her game's end leads back to the tournament's page, where the standings
    // count the game.
    asha.act(Action::Game(GameAction::Resign));
    asha.act(Action::Game(GameAction::Resign));
    asha.until("the game is over", |app| {
        app.current().is_some_and(|m| m.finished())
    });
    // The page is still followed: its standings count Bo's win, and the game stays the
    // tournament's, its card leading back to the page.
    asha.until("the standings count Bo's win", |app| {
        app.tournaments()
            .open
            .as_ref()
            .is_some_and(|o| o.standings.lines.iter().any(|l| l.points == 2))
    });
    assert!(asha.app.in_tournament_game());
    asha.act(Action::Tournament(TournamentAction::BackToPage));
    asha.until("the page is back", |app| {
        app.screen() == Screen::Tournament
            && app
                .tournaments()
                .open
                .as_ref()
                .is_some_and(|o| o.game.is_none() && o.me.is_some())
    });
}
