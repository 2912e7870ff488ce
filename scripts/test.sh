#!/usr/bin/env bash
# Runs every test of the workspace: unit, rule, property and perft tests of the games; the AI;
# the server's end-to-end tests against the real binary; the client's logic, networking and its
# screenshots of every board under Xvfb, and its play against the
# real server binary (which `cargo test --workspace` builds); the store and a server on
# PostgreSQL, against a throwaway PostgreSQL server started here (or the one
# CHAUPAL_TEST_POSTGRES names); the browser client in headless Chromium against the real server
# (tests/tests/browser.rs, on the client scripts/build-web.sh builds first); three-node clusters
# (tests/tests/cluster.rs), each test with a NATS server of its own (Debian's nats-server, with
# JetStream, on a free port, in a temporary directory), so that a test that stops NATS disturbs
# no other; the server behind Debian's nginx and Caddy as docs/DEPLOY.md configures them, with
# TLS (tests/tests/proxies.rs); and a fixed sample of the shipped puzzles proven again
# (scripts/verify-puzzles.sh).
# It first installs what the tests need (scripts/install.sh test; quick once done).
#
# `scripts/test.sh --quick` is the tier for a change to a rule, a screen or a module: every
# crate's own unit tests (the engine, the server's modules with its store on SQLite, the
# client's state and layouts), the rules' rule, property and perft tests, the protocol's
# hostile input, the room's scripts and fuzz corpora, and the words check under Xvfb: under 5
# minutes on 2 cores once built, without the services, the browser, the clusters or the power
# cuts, and without PostgreSQL (said once at the end). The whole suite, as CI runs it, is this script without
# `--quick`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--quick" ]; then
    shift
    bash scripts/install.sh quick
    export CHAUPAL_REQUIRE_SCREENSHOTS=1
    cargo test --workspace --locked --lib "$@"
    # The rules' rule, property and perft tests; the protocol's hostile input and names.
    cargo test --locked -p chaupal-rules -p chaupal-shared --tests "$@"
    # A room driven by scripts, and the fuzz targets' corpora and properties, in process.
    cargo test --locked -p chaupal-server --test room_script --test fuzz_corpus \
        --test fuzz_properties "$@"
    # The words check: every screen at every size, in five languages, under Xvfb.
    cargo test --locked -p chaupal-client --test screenshots "$@"
    echo "test.sh --quick: passed (unit, rules, protocol, room and words; the store on SQLite only); scripts/test.sh runs everything" >&2
    exit 0
fi
bash scripts/install.sh test
bash scripts/build-web.sh
export CHAUPAL_REQUIRE_SCREENSHOTS=1
export CHAUPAL_REQUIRE_SERVER=1
export CHAUPAL_REQUIRE_POSTGRES=1
export CHAUPAL_REQUIRE_NATS=1
export CHAUPAL_REQUIRE_DEPLOY_TOOLS=1
if [ -z "${CHAUPAL_TEST_POSTGRES:-}" ]; then
    pg_dir=$(mktemp -d /tmp/chaupal-pg.XXXXXX)
    trap 'bash scripts/postgres.sh stop "$pg_dir"; rm -rf "$pg_dir"' EXIT
    CHAUPAL_TEST_POSTGRES=$(bash scripts/postgres.sh start "$pg_dir")
    export CHAUPAL_TEST_POSTGRES
fi
cargo test --workspace --locked "$@"
# Shipped puzzles proven again: a fixed sample of every game's exact puzzles (docs/PUZZLES.md);
# with arguments (a part of the tests chosen), only what cargo was asked.
if [ $# -eq 0 ]; then
    bash scripts/verify-puzzles.sh
fi
