//! The `chaupal` binary: parses the command line and runs the chosen tool.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = chaupal_lab::cli::Cli::parse();
    chaupal_lab::cli::init_logging();
    match chaupal_lab::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
