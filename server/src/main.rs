//! The `chaupal-server` binary: parses the command line and serves until Ctrl-C or SIGTERM.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let config = chaupal_server::cli::Cli::parse().config();
    chaupal_server::cli::init_logging();
    match chaupal_server::server::run_blocking(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
