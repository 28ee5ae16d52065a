#!/usr/bin/env bash
# Runs fuzz targets one after the other on the stable toolchain (see README.md).
#
#   bash fuzz/run.sh [SECONDS] [TARGET...]     # default: 60 s each, every target
#
# New inputs go to fuzz/generated/<target>/ (git-ignored); the seeds in
# fuzz/corpus/<target>/ are read, never written. A crash stops that target's
# run, leaves the input in fuzz/artifacts/<target>/ and makes this script exit 1
# after the remaining targets. Extra libFuzzer options: FUZZ_ARGS="-dict=... ".
# FUZZ_ONE_BUILD=1 builds every target with the same flags (comparison tracing
# kept for play and selfplay too), so that one build serves them all: each
# change of flags rebuilds everything (about 2.5 min on 2 cores), which is
# worth it for long runs, not for the short ones of scripts/test-all.sh.
set -euo pipefail

cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(sfen usi_move position_command settings play records selfplay)
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "cargo-fuzz is missing: cargo install cargo-fuzz --locked" >&2
    exit 2
fi

status=0
for target in "${targets[@]}"; do
    flags=(--sanitizer none)
    # `play` spends most of its time in comparison tracing, which helps little
    # with its byte-indexed choices: without it, it runs ~2.5x faster.
    if [ "${FUZZ_ONE_BUILD:-0}" != 1 ] && { [ "$target" = play ] || [ "$target" = selfplay ]; }; then
        flags+=(--no-trace-compares)
    fi
    mkdir -p "fuzz/generated/$target"
    log="fuzz/generated/$target.log"
    echo "== $target: ${seconds}s (log: $log)"
    # shellcheck disable=SC2086
    if cargo fuzz run "${flags[@]}" "$target" "fuzz/generated/$target" "fuzz/corpus/$target" \
        -- -max_total_time="$seconds" -print_final_stats=1 ${FUZZ_ARGS:-} >"$log" 2>&1; then
        :
    else
        status=1
        echo "   CRASH: see $log and fuzz/artifacts/$target/"
        grep -m1 -A1 "panicked at" "$log" | sed 's/^/   /' || true
    fi
    grep -E "^#[0-9]+\s+DONE|stat::average_exec_per_sec|stat::number_of_executed_units" "$log" |
        sed 's/^/   /' || true
    echo "   generated corpus files: $(find "fuzz/generated/$target" -type f | wc -l)"
done
exit "$status"
