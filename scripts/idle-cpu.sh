#!/usr/bin/env bash
# Prints the CPU a running process uses over a window, as a share of one core:
#   scripts/idle-cpu.sh PID [SECONDS]   (default 30 s)
# It reads the process's user and system time from /proc before and after the window (all its
# threads), so it measures what the process itself burns, whatever else the machine does.
set -euo pipefail
pid=${1:?PID}
secs=${2:-30}
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
a=$(ticks)
sleep "$secs"
b=$(ticks)
awk -v a="$a" -v b="$b" -v hz="$hz" -v s="$secs" \
    'BEGIN { printf "cpu %.2f%% of a core over %d s (%.2f s of CPU)\n", 100 * (b - a) / hz / s, s, (b - a) / hz }'
