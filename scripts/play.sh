#!/usr/bin/env bash
# The main job: builds the browser client (scripts/build-web.sh) and the release binaries,
# starts the server with its defaults (127.0.0.1:7878, records in ./chaupal.sqlite, the browser
# client at http://127.0.0.1:7878/), then the desktop client. Closing the desktop client stops
# the server. It first installs what it needs (scripts/install.sh play; quick once done).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh play
bash scripts/build-web.sh
cargo build --release --locked -p chaupal-server -p chaupal-client
target="${CARGO_TARGET_DIR:-target}/release"
"$target/chaupal-server" "$@" &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do
    if (exec 3<>/dev/tcp/127.0.0.1/7878) 2>/dev/null; then break; fi
    sleep 0.1
done
echo "play: the browser client is at http://127.0.0.1:7878/ (send friends its links)" >&2
"$target/chaupal-client"
