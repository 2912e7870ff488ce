#!/usr/bin/env bash
# Installs what Chaupal needs on a Debian machine that has the Rust toolchain, for one job:
#   scripts/install.sh play   what the main job needs: the client's windowing, OpenGL and
#                             sound (ALSA, which the client links) libraries, and every crate
#                             at the versions Cargo.lock pins;
#   scripts/install.sh test   that, and what the tests need: rustfmt and clippy, Xvfb (the
#                             client's screenshots draw under a virtual display), PostgreSQL
#                             (the tests start a throwaway server: scripts/postgres.sh), and
#                             for the browser test Chromium and Playwright (npm, pinned by
#                             tests/browser/package-lock.json; it drives Debian's Chromium).
# scripts/play.sh and scripts/test.sh call it first. Each part is skipped when it is already
# there, so a second run takes a moment; it installs with apt-get (through sudo when not root).
set -euo pipefail
cd "$(dirname "$0")/.."
job=${1:-test}

# Debian packages not yet installed, from the list given.
missing() {
    local pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
            || printf '%s ' "$pkg"
    done
}

apt_install() {
    local want
    want=$(missing "$@")
    [ -z "$want" ] && return 0
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "install: apt-get install $want" >&2
    $sudo apt-get update -qq
    # shellcheck disable=SC2086 # one word a package
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $want >/dev/null
}

case $job in
play)
    # The client's window: X11 and Mesa's OpenGL; its sounds: ALSA (linked, so the -dev).
    apt_install libgl1 libgl1-mesa-dri libx11-6 libxi6 libxcursor1 libasound2-dev
    ;;
quick)
    # The quick tier's words check draws every screen under a virtual display.
    apt_install xvfb xauth libgl1 libgl1-mesa-dri libx11-6 libxi6 libxcursor1 libasound2-dev
    ;;
test)
    if ! rustup component list --installed 2>/dev/null | grep -q '^clippy'; then
        rustup component add rustfmt clippy >/dev/null 2>&1 || true
    fi
    # xvfb for the virtual display; Mesa's software OpenGL for the client to draw with.
    # ALSA's -dev: the client links libasound for its sounds.
    apt_install xvfb xauth libgl1 libgl1-mesa-dri libx11-6 libxi6 libxcursor1 libasound2-dev
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
        apt_install postgresql
    fi
    apt_install chromium nats-server
    # The proxies docs/DEPLOY.md configures, the self-signed certificate they are tested with
    # (tests/tests/proxies.rs), sqlite3 and PostgreSQL's client for the backups the guide takes
    # (deploy/chaupal-backup), systemd-analyze for its units (tests/tests/guide.rs), and podman
    # for the container image (tests/tests/container.rs).
    apt_install nginx caddy openssl sqlite3 postgresql-client systemd podman
    # fusermount3, which tools/powercut's FUSE mounts (its tests: power cuts) unmount with.
    apt_install fuse3
    command -v node >/dev/null 2>&1 || apt_install nodejs npm
    if [ ! -d tests/browser/node_modules/playwright-core ]; then
        (cd tests/browser && npm ci --no-audit --no-fund >/dev/null)
    fi
    ;;
*)
    echo "usage: $0 play|quick|test" >&2
    exit 2
    ;;
esac

cargo fetch --locked >/dev/null 2>&1 || cargo fetch --locked
