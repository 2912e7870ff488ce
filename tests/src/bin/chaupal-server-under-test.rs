//! The real server, built inside this package so that the end-to-end tests can start (and kill)
//! it as a process: the same command line and code as the `chaupal-server` binary.

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
