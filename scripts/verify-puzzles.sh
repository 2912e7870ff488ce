#!/usr/bin/env bash
# Proves shipped puzzles again (docs/PUZZLES.md): every exact puzzle of puzzles/*.jsonl, or a
# fixed sample of them, against the solved databases and the Kalah solver, with
# `chaupal puzzles verify`; every line of every puzzle is checked for legality too.
#   scripts/verify-puzzles.sh            every 40th puzzle of each game (what CI runs)
#   scripts/verify-puzzles.sh --every 1  the whole set (the benchmark run)
# The databases it needs (Bagh Chal's movement phase, Sholo Guti's endings of seven pieces) are
# built once with `chaupal tablebase` into CHAUPAL_TABLEBASE_CACHE (default
# ~/.cache/chaupal/tablebase) and reused; a file that does not load, or holds fewer pieces, is
# built again. Building them takes 10 to 30 minutes on two cores (BENCHMARKS.md) and 7 GB of
# memory, and 2.1 GB of disk; the Kalah endgame database is built in memory by the check itself.
# Bagh Chal's exact puzzles of the placement phase need its placement layers (35 GB, 50 minutes):
# unless they are in that directory, they are counted apart (`--without-placement`), and proven
# in the benchmark run (docs/PUZZLES.md).
set -euo pipefail
cd "$(dirname "$0")/.."
every=40
while [ $# -gt 0 ]; do
    case $1 in
    --every) every=$2; shift 2 ;;
    *) echo "usage: $0 [--every N]" >&2; exit 2 ;;
    esac
done
tb=${CHAUPAL_TABLEBASE_CACHE:-$HOME/.cache/chaupal/tablebase}
mkdir -p "$tb"
cargo build --release --locked -p chaupal-lab
chaupal=target/release/chaupal
# A database that is missing, or that this build cannot read (another format), is built again.
loads() {
    "$chaupal" bestmove "$1" --level 8 --depth 1 --tablebase "$tb" >/dev/null 2>&1
}
if [ ! -f "$tb/baghchal.tb" ] || ! loads baghchal; then
    "$chaupal" tablebase baghchal --out "$tb/baghchal.tb"
fi
# The pieces a loaded Sholo Guti database covers (its log line says `pieces-max=N`).
sholo_guti_pieces() {
    "$chaupal" bestmove sholo-guti --level 8 --depth 1 --tablebase "$tb" 2>&1 >/dev/null \
        | sed -n 's/.*pieces-max=\([0-9]*\).*/\1/p' | head -n 1
}
if [ ! -f "$tb/sholo-guti.tb" ] || ! loads sholo-guti || [ "$(sholo_guti_pieces)" != 7 ]; then
    "$chaupal" tablebase sholo-guti --out "$tb/sholo-guti.tb" --pieces-max 7
fi
placement=()
[ -f "$tb/baghchal-placement-00.tb" ] || placement=(--without-placement)
"$chaupal" puzzles verify --dir puzzles --every "$every" --tablebase "$tb" "${placement[@]}"
