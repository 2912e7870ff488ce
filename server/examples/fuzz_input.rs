//! Prints a server fuzz target's input as the target reads it, then runs the target on it:
//! `cargo run -p chaupal-server --features test-support --example fuzz_input -- TARGET FILE`
//! (a crash from `fuzz/artifacts/TARGET/`, a corpus file, a regression input).

use chaupal_server::fuzzing::{self, RoomScript};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(target), Some(file)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: fuzz_input TARGET FILE");
        std::process::exit(2);
    };
    let data = match std::fs::read(file) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(2);
        }
    };
    let shown = match target.as_str() {
        "room" => format!("{data:?}"),
        "room_requests" => format!("{:#?}", fuzzing::input::<RoomScript>(&data)),
        "lobby" => format!(
            "{:#?}",
            fuzzing::input::<fuzzing::lobby_harness::Script>(&data)
        ),
        "http_head" => format!(
            "{:#?}",
            fuzzing::input::<fuzzing::http_head_input::Head>(&data)
        ),
        "node_messages" => format!(
            "{:#?}",
            fuzzing::input::<fuzzing::node_messages_input::Input>(&data)
        ),
        "puzzle_attempts" => format!(
            "{:#?}",
            fuzzing::input::<fuzzing::puzzle_harness::Script>(&data)
        ),
        "push_subscriptions" => {
            format!("{:#?}", fuzzing::input::<fuzzing::push_input::Input>(&data))
        }
        other => {
            eprintln!("no server target {other}");
            std::process::exit(2);
        }
    };
    println!("{shown}");
    if let Some((_, run)) = fuzzing::TARGETS.iter().find(|(name, _)| name == target) {
        run(&data);
        println!("no property broke");
    }
}
