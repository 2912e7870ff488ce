#!/usr/bin/env bash
# Runs every test of the workspace: unit, rule, property and perft tests of the games; the AI;
# the server's end-to-end tests against the real binary; the client's logic, networking and its
# screenshots of every board under Xvfb (run scripts/setup.sh first), and its play against the
# real server binary (which `cargo test --workspace` builds).
set -euo pipefail
cd "$(dirname "$0")/.."
export CHAUPAL_REQUIRE_SCREENSHOTS=1
export CHAUPAL_REQUIRE_SERVER=1
cargo test --workspace --locked "$@"
