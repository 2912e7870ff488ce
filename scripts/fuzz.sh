#!/usr/bin/env bash
# The fuzz targets of fuzz/ (cargo-fuzz, nightly): build them, run them, and merge what a run
# found back into the corpora kept in the repository (fuzz/corpus/TARGET/).
#
#   scripts/fuzz.sh build                        # every target, -s none, --features server
#   scripts/fuzz.sh run [-t SECONDS | -n RUNS] [TARGET...]
#   scripts/fuzz.sh merge [TARGET...]            # minimise fuzz/corpus/TARGET with the findings
#   scripts/fuzz.sh list                         # the targets
#
# A run starts from fuzz/corpus/TARGET/ and writes what it finds to fuzz/findings/TARGET/
# (ignored by git), crashes to fuzz/artifacts/TARGET/. For each target it prints the
# executions, exec/s, the corpus (inputs, bytes), the coverage (cov / ft) and the crashes, as
# libFuzzer's last lines say, and appends the same as a row of docs/RELIABILITY.md's table to
# $TABLE (default target/fuzz/runs.md). `merge` minimises the corpus and the findings together
# with libFuzzer's -merge=1 into a new fuzz/corpus/TARGET/.
#
# Everything runs under `nice -n ${NICE:-19}`, with CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}.
# Without -t or -n a run lasts 60 seconds. RSS_MB (default 2048) is libFuzzer's memory limit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

TARGETS=(codec notation names room room_requests lobby http_head node_messages puzzle_attempts
    push_subscriptions)
NICE=${NICE:-19}
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target/fuzz}
TABLE=${TABLE:-$ROOT/target/fuzz/runs.md}
RSS_MB=${RSS_MB:-2048}
BIN=$CARGO_TARGET_DIR/x86_64-unknown-linux-gnu/release

usage() {
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

known() {
    local t
    for t in "${TARGETS[@]}"; do [ "$t" = "$1" ] && return 0; done
    echo "fuzz.sh: no target $1 (scripts/fuzz.sh list)" >&2
    exit 2
}

build() {
    command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
    (cd fuzz && nice -n "$NICE" cargo +nightly fuzz build -s none --features server)
}

# The files and bytes of a directory: "N inputs, B bytes".
size_of() {
    local n b
    n=$(find "$1" -type f 2>/dev/null | wc -l)
    b=$(find "$1" -type f -printf '%s\n' 2>/dev/null | awk '{s += $1} END {print s + 0}')
    echo "$n inputs, $b bytes"
}

run() {
    local limit=(-max_total_time=60) what="60 s"
    while [ $# -gt 0 ]; do
        case $1 in
            -t) limit=(-max_total_time="$2"); what="$2 s"; shift 2 ;;
            -n) limit=(-runs="$2"); what="$2 runs"; shift 2 ;;
            *) break ;;
        esac
    done
    local targets=("$@")
    [ ${#targets[@]} -gt 0 ] || targets=("${TARGETS[@]}")
    mkdir -p "$(dirname "$TABLE")"
    local t
    for t in "${targets[@]}"; do
        known "$t"
        [ -x "$BIN/$t" ] || { echo "fuzz.sh: $BIN/$t is not built (scripts/fuzz.sh build)" >&2; exit 1; }
        mkdir -p "fuzz/corpus/$t" "fuzz/findings/$t" "fuzz/artifacts/$t"
        local log=$CARGO_TARGET_DIR/$t.log start load status=0 began took
        start=$(date -u +%H:%M)
        load=$(cut -d' ' -f1 /proc/loadavg)
        began=$(date +%s)
        nice -n "$NICE" "$BIN/$t" -artifact_prefix="fuzz/artifacts/$t/" -rss_limit_mb="$RSS_MB" \
            -print_final_stats=1 "${limit[@]}" "fuzz/findings/$t" "fuzz/corpus/$t" \
            >"$log" 2>&1 || status=$?
        took=$(($(date +%s) - began))
        # libFuzzer's last status line: "#N DONE cov: C ft: F corp: I/Sb ... exec/s: E ...".
        local last runs execs cov ft crashes corpus
        last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
        runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' ||
            echo "$last" | sed -E 's/^#([0-9]+).*/\1/')
        execs=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' ||
            echo "$last" | grep -oE 'exec/s: [0-9]+' | grep -oE '[0-9]+' || echo "?")
        cov=$(echo "$last" | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+' || echo "?")
        ft=$(echo "$last" | grep -oE 'ft: [0-9]+' | grep -oE '[0-9]+' || echo "?")
        crashes=$(grep -cE '^artifact_prefix=|Test unit written to' "$log" || true)
        [ "$status" -eq 0 ] || [ "$crashes" -gt 0 ] || crashes="exit $status"
        corpus="$(size_of "fuzz/corpus/$t") kept, $(size_of "fuzz/findings/$t") new"
        echo "$t: $runs executions, $execs exec/s, corpus $corpus, cov $cov / ft $ft," \
            "crashes $crashes ($took s of $what, load $load at $start UTC; log $log)"
        echo "| \`$t\` | $(date -u +%F) $start, $took s, load $load | $runs | $execs | $corpus | $cov / $ft | $crashes |" >>"$TABLE"
    done
    echo "rows appended to $TABLE"
}

merge() {
    local targets=("$@")
    [ ${#targets[@]} -gt 0 ] || targets=("${TARGETS[@]}")
    local t
    for t in "${targets[@]}"; do
        known "$t"
        [ -x "$BIN/$t" ] || { echo "fuzz.sh: $BIN/$t is not built (scripts/fuzz.sh build)" >&2; exit 1; }
        mkdir -p "fuzz/corpus/$t" "fuzz/findings/$t"
        local new=fuzz/corpus/$t.merging
        rm -rf "$new"
        mkdir -p "$new"
        nice -n "$NICE" "$BIN/$t" -merge=1 -rss_limit_mb="$RSS_MB" "$new" "fuzz/corpus/$t" \
            "fuzz/findings/$t" >"$CARGO_TARGET_DIR/$t.merge.log" 2>&1
        rm -rf "fuzz/corpus/$t" "fuzz/findings/$t"
        mv "$new" "fuzz/corpus/$t"
        mkdir -p "fuzz/findings/$t"
        echo "$t: corpus $(size_of "fuzz/corpus/$t")"
    done
}

case ${1:-} in
    build) build ;;
    run) shift; run "$@" ;;
    merge) shift; merge "$@" ;;
    list) printf '%s\n' "${TARGETS[@]}" ;;
    *) usage ;;
esac
