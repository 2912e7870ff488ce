//! Display names against the real server: a hello with a name that could fool a person is
//! refused with `bad_name` and the reason; good names of many scripts are welcomed, composed
//! (NFC); the names the server gives its AI seats are reserved; and a name reaches the log
//! escaped.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::time::Duration;

use chaupal_rules::GameKind;
use chaupal_shared::protocol::names::reserved::{ENGINE_NAMES, is_reserved};
use chaupal_shared::protocol::{Engine, ErrorCode, Opponent, PROTOCOL_VERSION, Request};
use chaupal_tests::logged::{seen_in, server_with_log};
use chaupal_tests::play::{create, setup};
use chaupal_tests::{Client, ServerProcess};

/// Says hello as `name` on a new connection to `url`; the refusal, or the name welcomed.
async fn hello(url: &str, name: &str) -> Result<String, (ErrorCode, String)> {
    let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let mut c = Client::from_ws(ws);
    let said = c
        .request(Request::Hello {
            version: PROTOCOL_VERSION,
            name: name.to_owned(),
            token: None,
            turns: false,
        })
        .await;
    match said {
        Ok(chaupal_shared::protocol::Reply::Welcome(w)) => Ok(w.player.name),
        Ok(other) => panic!("{name:?}: {other:?}"),
        Err(e) => Err((e.code, e.reason)),
    }
}

#[tokio::test]
async fn names_that_could_fool_are_refused_with_the_reason() {
    let server = ServerProcess::start(&[]).await;
    let url = server.url();
    for (name, reason) in [
        ("\u{200b}\u{200b}\u{200b}", "nothing visible"),
        ("Asha\u{202e}olleh", "direction"),
        ("g\u{43e}\u{43e}dA", "scripts"),
        ("AI level 3", "computer player"),
        ("Computer", "computer player"),
        ("A I  Level 9", "computer player"),
        ("ai-level-12", "computer player"),
        ("alphabeta depth 6", "computer player"),
        ("As\u{200b}ha", "invisible"),
        ("mallory\u{2028}INFO forged", "line breaks"),
    ] {
        let (code, why) = hello(&url, name).await.unwrap_err();
        assert_eq!(code, ErrorCode::BadName, "{name:?}");
        assert!(why.contains(reason), "{name:?}: {why}");
    }
    // The connection that was refused may say hello again under a good name.
    let (ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let mut again = Client::from_ws(ws);
    for (name, welcomed) in [("Computer", false), ("Asha", true)] {
        let said = again
            .request(Request::Hello {
                version: PROTOCOL_VERSION,
                name: name.into(),
                token: None,
                turns: false,
            })
            .await;
        assert_eq!(said.is_ok(), welcomed, "{name}: {said:?}");
    }
}

#[tokio::test]
async fn names_of_many_scripts_are_welcomed_composed() {
    let server = ServerProcess::start(&[]).await;
    let url = server.url();
    for (said, welcomed) in [
        ("Jose\u{301}", "Jos\u{e9}"),
        ("  राम Ram ", "राम Ram"),
        ("क्\u{200d}ष", "क्\u{200d}ष"),
        ("স্ত্রী", "স্ত্রী"),
        ("李小龙", "李小龙"),
        ("山田 やまだ", "山田 やまだ"),
        ("\u{1112}\u{1161}\u{11ab}\u{1100}\u{1173}\u{11af}", "한글"),
        ("علی\u{200c}رضا", "علی\u{200c}رضا"),
        ("Иван", "Иван"),
        ("Ελένη", "Ελένη"),
        ("👩\u{200d}💻 Dev", "👩\u{200d}💻 Dev"),
    ] {
        assert_eq!(hello(&url, said).await.as_deref(), Ok(welcomed), "{said:?}");
    }
}

/// What the server calls its AI seats, for a level and for each of its named engines, is a
/// reserved name: nobody can sit down under it.
#[tokio::test]
async fn the_servers_ai_seats_have_reserved_names() {
    let server = ServerProcess::start(&[]).await;
    let mut asha = Client::hello(&server, "asha").await;
    let engines = [
        Engine::Level { level: 3 },
        Engine::Named {
            name: "alphabeta".into(),
            depth: Some(2),
            time_ms: None,
        },
        Engine::Named {
            name: "mcts".into(),
            depth: None,
            time_ms: Some(50),
        },
    ];
    for engine in engines {
        let opponent = Opponent::Ai { engine };
        let game = create(&mut asha, setup(GameKind::Kalah, opponent))
            .await
            .game
            .unwrap();
        let seat = asha.snapshot(game).await.summary.seats[1].name.clone();
        assert!(is_reserved(&seat), "{seat}");
        let (code, _) = hello(&server.url(), &seat).await.unwrap_err();
        assert_eq!(code, ErrorCode::BadName, "{seat}");
    }
    // The engines the server knows are the ones the reserved names know.
    let unknown = Opponent::Ai {
        engine: Engine::Named {
            name: "nosuch".into(),
            depth: Some(2),
            time_ms: None,
        },
    };
    let e = asha
        .request(Request::CreateGame(setup(GameKind::Kalah, unknown)))
        .await
        .unwrap_err();
    assert_eq!(e.code, ErrorCode::BadSetup);
    let known = e
        .reason
        .split_once("the engines are ")
        .map(|(_, list)| list.to_owned())
        .unwrap_or_else(|| panic!("{}", e.reason));
    let known: Vec<&str> = known.split(", ").collect();
    assert_eq!(known, ENGINE_NAMES, "{}", e.reason);
}

/// A name reaches the server's log escaped: a joiner shows as `\u{200d}`, and a name that
/// would start a line of its own is refused before anything logs it.
#[tokio::test]
async fn a_name_reaches_the_log_escaped() {
    let (mut child, addr, log, _dir) = server_with_log("info", &[]).await;
    let url = format!("ws://{addr}/");
    let forged = "mallory\n2026-01-01T00:00:00Z  INFO forged: admin is root";
    assert!(hello(&url, forged).await.is_err());
    assert!(hello(&url, "bob\u{202e}\"quoted\"").await.is_err());
    assert_eq!(hello(&url, "क्\u{200d}ष").await.as_deref(), Ok("क्\u{200d}ष"));
    assert_eq!(
        hello(&url, "O'Brien \"Ace\"").await.as_deref(),
        Ok("O'Brien \"Ace\"")
    );
    let patience = Duration::from_secs(10);
    let joined = seen_in(&log, "(क्\\u{200d}ष)", patience).await;
    let quoted = seen_in(&log, "(O\\'Brien \\\"Ace\\\")", patience).await;
    child.start_kill().unwrap();
    let lines = log.lock().unwrap().clone();
    assert!(joined.is_some(), "{lines:#?}");
    assert!(quoted.is_some(), "{lines:#?}");
    for line in &lines {
        assert!(!line.contains("forged"), "{line}");
        assert!(
            !line.contains(['\u{200d}', '\u{202e}', '\u{2028}']),
            "{line:?}"
        );
    }
}
