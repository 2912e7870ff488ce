#!/bin/sh
# The arena runs behind docs/RESEARCH.md (release build; run from the repository root).
# Usage: scripts/research-runs.sh [OUTDIR]   (default target/research-runs)
set -e
BIN=${BIN:-target/release/chaupal-server}
OUT=${1:-target/research-runs}
T=${THREADS:-2}
mkdir -p "$OUT"

# Seed 001 section 8: Minimax-A-B and alpha-beta with evaluation functions 1-4, self-play from
# the start at depths 2 and 4 (and deeper), plus every cross pairing; (6,6)-Kalah as the seed played.
E=""
for a in minimax-ab alphabeta; do for e in eval1 eval2 eval3 eval4; do E="$E,$a:$e"; done; done
E=${E#,}
nice -n 5 $BIN arena kalah --rule seeds=6 --engines "$E" --depths 2,4 --games 2 --openings none --self-play \
  --threads "$T" --out "$OUT/kalah-seed001" > "$OUT/kalah-seed001.txt"
# Deeper: every pairing at depths 6 and 8, 20 games from two random plies.
nice -n 5 $BIN arena kalah --rule seeds=6 --engines "$E" --depths 6,8 --games 20 --openings random:2 \
  --threads 1 --seed 1 --out "$OUT/kalah-seed001-deep" > "$OUT/kalah-seed001-deep.txt"

# Seed 003 figures 11-13: the full Jungle board, alpha-beta with its final evaluation, depths 1-4.
nice -n 5 $BIN arena jungle --engines alphabeta:seed003 --depths 1,2,3,4 --games ${JG:-10} \
  --openings random:2 --threads "$T" --out "$OUT/jungle-full" > "$OUT/jungle-full.txt"

# Seed 003 figures 15-17: the small board, gauntlets of depth 1 and depth 4 against depths 2-8.
nice -n 5 $BIN arena jungle --rule board=small \
  --engines alphabeta:seed003@d1,alphabeta:seed003@d4,alphabeta:seed003@d2,alphabeta:seed003@d3,alphabeta:seed003@d5,alphabeta:seed003@d6 \
  --gauntlet 2 --games ${JSG:-10} --openings random:2 --threads "$T" --out "$OUT/jungle-small" > "$OUT/jungle-small.txt"
nice -n 5 $BIN arena jungle --rule board=small \
  --engines alphabeta:seed003@d1,alphabeta:seed003@d4,alphabeta:seed003@d7,alphabeta:seed003@d8 \
  --gauntlet 2 --games ${JSG:-10} --openings random:2 --threads 1 --seed 1 --out "$OUT/jungle-small-deep" > "$OUT/jungle-small-deep.txt"
