#!/usr/bin/env bash
# A cluster on this machine, to try it or measure it (docs/SCALING.md): a throwaway
# PostgreSQL (scripts/postgres.sh), a NATS server with JetStream, and NODES chaupal-server nodes
# on ports 7878, 7879, ... (PORT to start elsewhere), each with the options after `--`.
#
#   bash scripts/cluster.sh start DIR [NODES] [-- SERVER-OPTIONS...]   prints the nodes' URLs
#   bash scripts/cluster.sh stop DIR
#
# The server is target/release/chaupal-server (built first if missing), or $CHAUPAL_SERVER.
# Logs and process ids are kept in DIR. Needs nats-server and PostgreSQL's binaries
# (`bash scripts/install.sh test` installs both).
set -euo pipefail
cd "$(dirname "$0")/.."

cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
    echo "usage: $0 start DIR [NODES] [-- SERVER-OPTIONS...] | stop DIR" >&2
    exit 2
fi
shift 2

case "$cmd" in
start)
    nodes=3
    if [ $# -gt 0 ] && [ "$1" != "--" ]; then
        nodes=$1
        shift
    fi
    [ $# -gt 0 ] && [ "$1" = "--" ] && shift
    server=${CHAUPAL_SERVER:-target/release/chaupal-server}
    if [ ! -x "$server" ]; then
        cargo build --release --locked -p chaupal-server >&2
    fi
    nats_server=$(command -v nats-server || echo /usr/sbin/nats-server)
    mkdir -p "$dir/pg" "$dir/nats"
    database=$(bash scripts/postgres.sh start "$dir/pg")
    nats_port=${NATS_PORT:-4222}
    "$nats_server" -a 127.0.0.1 -p "$nats_port" -js -sd "$dir/nats" >"$dir/nats.log" 2>&1 &
    echo $! >"$dir/nats.pid"
    for _ in $(seq 50); do
        (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && break
        sleep 0.1
    done
    port=${PORT:-7878}
    for i in $(seq 0 $((nodes - 1))); do
        "$server" --bind "127.0.0.1:$((port + i))" --database "$database" \
            --nats "nats://127.0.0.1:$nats_port" --node-name "node$i" "$@" \
            >"$dir/node$i.out" 2>"$dir/node$i.log" &
        echo $! >"$dir/node$i.pid"
    done
    for i in $(seq 0 $((nodes - 1))); do
        for _ in $(seq 100); do
            grep -q '^listening on' "$dir/node$i.out" 2>/dev/null && break
            sleep 0.1
        done
        grep -q '^listening on' "$dir/node$i.out" || {
            echo "node$i did not start: see $dir/node$i.log" >&2
            exit 1
        }
        echo "ws://127.0.0.1:$((port + i))/ws pid $(cat "$dir/node$i.pid")"
    done
    ;;
stop)
    # The nodes first (each hands its games over and says goodbye), then NATS.
    for pidfile in "$dir"/node*.pid "$dir/nats.pid"; do
        [ -f "$pidfile" ] || continue
        pid=$(cat "$pidfile")
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        rm -f "$pidfile"
    done
    bash scripts/postgres.sh stop "$dir/pg" || true
    ;;
*)
    echo "usage: $0 start DIR [NODES] [-- SERVER-OPTIONS...] | stop DIR" >&2
    exit 2
    ;;
esac
