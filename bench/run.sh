#!/usr/bin/env bash
# Reproduces BENCHMARKS.md: builds outbox in release mode and measures every
# figure beside its baseline, printing a table of ratios (also written to
# target/bench/results.md). Needs the sqlite3 shell (installed here when
# missing and run as root) and python3; litequeue, the peer queue, is
# installed into target/bench/venv on first use.
#
# Smaller runs for a quick look: OUTBOX_BENCH_EVENTS=10000 OUTBOX_BENCH_DRAIN=10000
# OUTBOX_BENCH_LARGE=100000 bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v sqlite3 >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get update -qq && apt-get install -y -qq sqlite3 >/dev/null
    else
        echo "bench: the sqlite3 shell is needed (e.g. apt-get install sqlite3)" >&2
        exit 1
    fi
fi
command -v python3 >/dev/null || { echo "bench: python3 is needed for the litequeue baseline" >&2; exit 1; }

cargo bench --bench outbox
