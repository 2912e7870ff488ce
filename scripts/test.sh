#!/usr/bin/env bash
# Runs every test of the workspace (unit, property, perft suite, end-to-end).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --workspace --locked "$@"
