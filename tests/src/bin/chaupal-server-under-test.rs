//! The real server, built inside this package so that the end-to-end tests can start (and kill)
//! it as a process: the same command line and code as the `chaupal-server` binary.

use std::process::ExitCode;

fn main() -> ExitCode {
    chaupal_server::cli::main()
}
