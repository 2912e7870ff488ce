//! `loadtest`: loads a Chaupal server with real games, spectators and idle connections, and
//! prints one summary line (see `chaupal_tests::load`).
//!
//! Without `--server` it starts a server itself: this same executable run as `loadtest serve
//! ...` (so that nothing else needs to be built), with a temporary database.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    if std::env::args_os().nth(1).is_some_and(|a| a == "serve") {
        return serve();
    }
    let args = chaupal_tests::load::LoadArgs::parse();
    let binary = match std::env::var_os("CHAUPAL_SERVER_BIN") {
        Some(path) => path.into(),
        None => match std::env::current_exe() {
            Ok(exe) => exe,
            Err(e) => {
                eprintln!("loadtest: cannot find this executable: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("loadtest: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(chaupal_tests::load::run(args, binary));
    // Thousands of connections: exit without waiting for each to close.
    match result {
        Ok(summary) => {
            println!("{summary}");
            std::process::exit(0)
        }
        Err(e) => {
            eprintln!("loadtest: {e}");
            std::process::exit(1)
        }
    }
}

/// The server, as `chaupal-server serve` would run it.
fn serve() -> ExitCode {
    chaupal_server::cli::main()
}
