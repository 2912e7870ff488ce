//! The `chaupal-server` binary: parses the command line and runs the chosen subcommand.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = chaupal_server::cli::Cli::parse();
    chaupal_server::cli::init_logging();
    match chaupal_server::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
