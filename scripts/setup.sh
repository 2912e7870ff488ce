#!/usr/bin/env bash
# Installs what building and testing Chaupal needs on a fresh Debian machine with the Rust toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup component add rustfmt clippy >/dev/null 2>&1 || true
cargo fetch --locked
