#!/usr/bin/env bash
# Soak test: runs the load generator against its own server for MINUTES (default 30) with the
# server's resident memory sampled every 10 s into a CSV, then plots it with plot-rss.
#
#   scripts/soak.sh                      # 30 minutes, 2,000 connections, 200 games
#   MINUTES=10 CONNECTIONS=1000 scripts/soak.sh
#
# Writes $CSV (default target/soak/rss.csv), the summary line to target/soak/summary.txt and
# the figure to $OUT (default docs/reliability/soak-rss.png).
set -euo pipefail
cd "$(dirname "$0")/.."

MINUTES=${MINUTES:-30}
CONNECTIONS=${CONNECTIONS:-2000}
GAMES=${GAMES:-200}
SPECTATORS=${SPECTATORS:-100}
AI_GAMES=${AI_GAMES:-4}
TARGET=${CARGO_TARGET_DIR:-target}
mkdir -p target/soak
CSV=${CSV:-target/soak/rss.csv}
OUT=${OUT:-docs/reliability/soak-rss.png}

cargo build --release -p chaupal-tests --bin loadtest --bin plot-rss
echo "soak: $MINUTES minutes, $CONNECTIONS connections, $GAMES games, $SPECTATORS spectators," \
    "$AI_GAMES AI games; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
"$TARGET/release/loadtest" \
    --connections "$CONNECTIONS" --games "$GAMES" --spectators "$SPECTATORS" \
    --ai-games "$AI_GAMES" --ai-level 5 --seconds $((MINUTES * 60)) \
    --rss-csv "$CSV" --rss-every 10 | tee target/soak/summary.txt
echo "soak: load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
"$TARGET/release/plot-rss" --csv "$CSV" --out "$OUT" \
    --title "Server RSS, $MINUTES-minute soak: $CONNECTIONS connections, $GAMES games"
