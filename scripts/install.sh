#!/usr/bin/env bash
# Installs what building and testing Chaupal needs on a fresh Debian machine that has the Rust
# toolchain: rustfmt and clippy, Xvfb (the client's screenshot tests draw under a virtual
# display), PostgreSQL (the tests start a throwaway server: scripts/postgres.sh) and every
# crate, at the versions Cargo.lock pins.
set -euo pipefail
cd "$(dirname "$0")/.."

rustup component add rustfmt clippy >/dev/null 2>&1 || true

if ! command -v xvfb-run >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    # xvfb for the virtual display; Mesa's software OpenGL for the client to draw with.
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq xvfb xauth libgl1-mesa-dri libgl1 libx11-6 libxi6 >/dev/null
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
fi

cargo fetch --locked
