#!/usr/bin/env bash
# Renders every board of the client in screenshot mode under Xvfb and checks each PNG is a real
# picture (the client's `screenshots` integration test). Needs Debian's xvfb (`xvfb-run`), which
# CI installs first: apt-get install -y xvfb.
#
#   bash scripts/client-screenshots.sh           # check; PNGs in $CHAUPAL_SCREENSHOT_DIR or /tmp
#   bash scripts/client-screenshots.sh --docs    # also refresh docs/screenshots/ for the README
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "client-screenshots: xvfb-run not found; install it with: apt-get install -y xvfb" >&2
    exit 1
fi

CHAUPAL_REQUIRE_SCREENSHOTS=1 cargo test -p chaupal-client --locked --test screenshots

if [[ "${1:-}" == "--docs" ]]; then
    cargo build -p chaupal-client --locked
    exe="${CARGO_TARGET_DIR:-target}/debug/chaupal-client"
    out=docs/screenshots
    mkdir -p "$out"
    shot() {
        local name=$1
        shift
        xvfb-run -a -s "-screen 0 1280x800x24" "$exe" --size 1280x800 --screenshot "$out/$name.png" "$@"
        echo "wrote $out/$name.png"
    }
    shot baghchal --game baghchal --moves "c3 a1-b2 b3 b2-a1 c2 e1-d2 d3" --clicks "d2"
    shot kalah --game kalah --moves "3 6 2"
    shot jungle --game jungle --moves "g3-g4 a7-a6 g4-g5 a6-a5 a3-a4" --clicks "a5"
    shot jungle-small --game jungle --rule board=small
    shot sholo-guti --game sholo-guti --moves "c4-c5 c6xc4 c3xc5"
    shot sholo-guti-chain --game sholo-guti --position "3/3/5/3N1/2N2/2S2/5/3/3 s 0" --clicks "c4 c6"
    shot lobby --game baghchal --show lobby
    shot rules --game jungle --show rules
    shot replay --game kalah --moves "3 6 2 1 5" --show replay
    shot game-over --game baghchal --rule captures-to-win=1 --moves "b2 a1xc3"
fi
