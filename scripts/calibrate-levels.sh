#!/usr/bin/env bash
# Calibrates the eight AI levels (docs/AI.md, "Calibrated ratings"): arena runs of level against
# level, played as the server plays them (their own node budgets and time ceilings, the solved
# databases, the Kalah solver), then `chaupal levels --write`, which fits one Elo ladder per game
# and writes the tables into docs/AI.md and the ratings into shared/src/levels.rs; last, the
# protocol manual's copy of the ratings (scripts/protocol-doc.py).
#
# Usage: scripts/calibrate-levels.sh [GAME...]        (default: all four; run from anywhere)
#   Each game has two runs: `low`, levels 1 to 6, each against the next and the next but one;
#   `top`, levels 6, 7 and 8, each against the next. Games per pairing, per game and run:
#   LOW_GAMES_<GAME> / TOP_GAMES_<GAME> (GAME upper-case, `-` as `_`), else LOW_GAMES / TOP_GAMES,
#   else the counts of the calibration in docs/AI.md (low: 30 in Bagh Chal and Kalah, 20 in
#   Jungle and Sholo Guti; top: 20 in every game). The top runs stop a game at TOP_MAX_PLIES
#   (default 200; a stopped game counts as a draw): strong players of Bagh Chal, Jungle and
#   Sholo Guti can go on for hundreds of plies without repeating, at seconds a move. A top run
#   of 20 games a pairing takes 5 to 45 minutes of two cores in those games.
#   RUNS=low or RUNS=top plays only that run of each named game (default both).
#   TB=DIR holds the databases (built there when missing; default target/tablebase): Bagh
#   Chal's from the first move (the movement phase and the twenty placement layers, about
#   35 GB and 35 to 50 minutes of two cores: docs/SOLVED.md), Sholo Guti's endgames and
#   Kalah's small boards.
#   THREADS games at once (default 2: one per core; each search uses one thread).
#   Only the named games are played again; `chaupal levels` reads every game's runs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -p chaupal-lab
B=target/release/chaupal
TB=${TB:-target/tablebase}
THREADS=${THREADS:-2}
SEED=${SEED:-2026}
mkdir -p "$TB"
games=("$@")
[ ${#games[@]} -gt 0 ] || games=(baghchal kalah jungle sholo-guti)
# The databases level 8 reads in the named games, built when missing.
for g in "${games[@]}"; do
    case "$g" in
        # Level 8 plays Bagh Chal perfectly from the first move with the placement layers
        # beside the movement database; --resume goes on from whatever a killed build left.
        baghchal) [ -f "$TB/baghchal-placement-00.tb" ] || $B tablebase baghchal \
            --out "$TB/baghchal.tb" --placement --distances --resume --threads "$THREADS" ;;
        sholo-guti) [ -f "$TB/sholo-guti.tb" ] || $B tablebase sholo-guti --out "$TB/sholo-guti.tb" ;;
        # The Kalah database the server builds in the background at its first Kalah game.
        kalah) [ -f "$TB/kalah16.db" ] || $B tablebase kalah --seeds-max 16 --out "$TB/kalah16.db" ;;
    esac
done
count() { # count LOW|TOP GAME
    local var="${1}_GAMES_$(echo "$2" | tr 'a-z-' 'A-Z_')" all="${1}_GAMES" default
    case "$1 $2" in
        "LOW baghchal" | "LOW kalah") default=30 ;;
        "LOW jungle" | "LOW sholo-guti") default=20 ;;
        *) default=20 ;;
    esac
    echo "${!var:-${!all:-$default}}"
}
RUNS=${RUNS:-low top}
for g in "${games[@]}"; do
    out=docs/research/levels-$g
    mkdir -p "$out"
    if [[ " $RUNS " == *" low "* ]]; then
        $B arena "$g" --engines level:1,level:2,level:3,level:4,level:5,level:6 --span 2 \
            --games "$(count LOW "$g")" --openings random:4 --seed "$SEED" \
            --threads "$THREADS" --tablebase "$TB" --out "$out/low" | tee "$out/low.txt"
    fi
    case " $RUNS " in *" top "*) ;; *) continue ;; esac
    $B arena "$g" --engines level:6,level:7,level:8 --span 1 --max-plies "${TOP_MAX_PLIES:-200}" \
        --games "$(count TOP "$g")" --openings random:4 --seed "$SEED" --threads "$THREADS" \
        --tablebase "$TB" --out "$out/top" | tee "$out/top.txt"
done
$B levels --write
cargo fmt -p chaupal-shared
python3 scripts/protocol-doc.py
