//! The `chaupal-server` binary: parses the command line and serves until Ctrl-C or SIGTERM
//! (or, with `migrate`, brings the records' schema to this build's, or checks it).

use std::process::ExitCode;

fn main() -> ExitCode {
    chaupal_server::cli::main()
}
