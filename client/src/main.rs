//! The Chaupal client. The graphical program is built in the client issue; until then this binary
//! only says so, and exits with an error.

use std::process::ExitCode;

fn main() -> ExitCode {
    eprintln!("chaupal-client: the graphical client is not built yet; see the README");
    ExitCode::FAILURE
}
