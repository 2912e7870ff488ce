#!/usr/bin/env bash
# Times `chaupal review` on one game of each of the four games at the server's default budget
# (BENCHMARKS.md, "Game review"). The games are in lab/benches/review/GAME.txt: level 4 against
# level 4 from the start, 100 plies or to the end (`--make-games` writes them again with
# `chaupal bestmove`; their Result tag is `*`, which a review does not read). Each review
# prints its lines to target/review-bench/GAME.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -q --release -p chaupal-lab
chaupal=target/release/chaupal
games=(baghchal kalah jungle sholo-guti)
if [[ "${1:-}" == "--make-games" ]]; then
    for game in "${games[@]}"; do
        moves=()
        for ply in $(seq 1 100); do
            best=$("$chaupal" bestmove "$game" --level 4 --moves "${moves[*]:-}" 2>/dev/null \
                | awk '/^bestmove/ {print $2}') || best=""
            [[ -z "$best" || "$best" == "(none)" ]] && break
            moves+=("$best")
            # Stop where the game ended: no legal move left for the next side.
            "$chaupal" perft "$game" --depth 1 --moves "${moves[*]}" 2>/dev/null | grep -q '^1 0$' && break
        done
        printf '[Game "%s"]\n[First "level 4"]\n[Second "level 4"]\n[Result "*"]\n\n%s *\n' \
            "$game" "${moves[*]}" > "lab/benches/review/$game.txt"
        echo "$game: ${#moves[@]} plies"
    done
fi
mkdir -p target/review-bench
for game in "${games[@]}"; do
    plies=$(grep -v '^\[' "lab/benches/review/$game.txt" | wc -w)
    /usr/bin/time -f "$game: $((plies - 1)) plies, %e s wall, %U s user, %M KB peak" \
        "$chaupal" review --record "lab/benches/review/$game.txt" --quiet \
        > "target/review-bench/$game.txt"
    tail -1 "target/review-bench/$game.txt"
done
