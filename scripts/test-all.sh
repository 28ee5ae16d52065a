#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it (.ci/run calls this script).
# Needs the Rust toolchain (cargo, rustfmt, clippy), Python 3.9+ with venv,
# Node 18+ with npm (tsshogi for the JKF and USEN tests, shogiops for
# lishogi's notation), and Debian's fairy-stockfish, the one thing installed
# system-wide (with apt-get, when run as root and it is missing). The
# packaging step builds the published packages (scripts/python-packages.sh:
# the abi3 manylinux2014 wheel with maturin and zig from PyPI, the sdist) and
# checks the crates (cargo publish --dry-run); the Python part installs that
# wheel into a fresh virtual environment (target/py-test-venv) and runs
# pytest, the notebooks of examples/notebooks included.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== formatting (cargo fmt --check)"
cargo fmt --all -- --check

# `--workspace` means every member, the peers included: their lints, docs and
# build stay covered here. The plain Rust test step runs the default members
# (the peers are not one); the peers' differential tests are a step of their own.
echo "== lints (cargo clippy, warnings are errors; every member, peers included)"
cargo clippy --workspace --all-targets -- -D warnings

echo "== docs (cargo doc, warnings are errors)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet

echo "== no crate but peers/ depends on rsshogi or haitaka (the demo and the rule tests build no peer)"
if cargo tree --quiet -p shogi-variants-core -p shogi-variants -p shogi-formats -p shogi-players -p shogi-research \
    -p shogi-examples -p shogi-variants-python \
    --edges normal,build,dev --prefix none | grep -E '^(rsshogi|haitaka|shogi-peers) '; then
  echo "a peer crate is a dependency outside peers/"; exit 1
fi

echo "== no import cycle among the Python bindings' files (leaf helpers, then the game type, then the features)"
python3 scripts/check-layers.py bindings-python/src

echo "== Rust tests, doctests included (default members: no peer crate is built)"
cargo test

echo "== differential tests against rsshogi and haitaka (the peers crate)"
cargo test -p shogi-peers

echo "== deep perft (release build)"
cargo test --release -p shogi-variants --test perft -- --ignored

echo "== family variants against Fairy-Stockfish and shogiops, every row (release build)"
cargo test --release -p shogi-variants --test family_agreement -- --ignored

echo "== perft command line"
out=$(cargo run --quiet --release -p shogi-examples --bin perft -- --variant minishogi 3 2>/dev/null | tail -n 1)
[ "$out" = "2512" ] || { echo "perft CLI printed '$out', expected 2512"; exit 1; }
if cargo run --quiet --release -p shogi-examples --bin perft -- --sfen "not an sfen" 2 2>/dev/null; then
  echo "perft CLI accepted a bad SFEN"; exit 1
else
  [ $? -eq 2 ] || { echo "perft CLI: bad SFEN must exit with code 2"; exit 1; }
fi
echo "== the README's first command: the demo, default seed and --seed 7 (release build, exit status 0)"
mkdir -p target   # the logs' folder, also when CARGO_TARGET_DIR puts the builds elsewhere
for seed in default 7; do
  args=()
  [ "$seed" = default ] || args=(--seed "$seed")
  log="target/demo-seed-$seed.log"
  if ! cargo run --release -p shogi-examples --bin demo -- "${args[@]}" >"$log" 2>&1; then
    echo "the demo failed (seed $seed); the end of $log:"; tail -n 20 "$log"; exit 1
  fi
  # Its last section, from "== short matches" on: it must be there.
  if ! grep -q '^== short matches' "$log"; then
    echo "the demo (seed $seed) printed no '== short matches' section; see $log"; exit 1
  fi
  echo "-- demo, seed $seed:"
  sed -n '/^== short matches/,$p' "$log"
done

echo "== the USI engine, for the Python tests that drive it through cshogi's USI client"
cargo build --quiet --release -p shogi-examples --bin usi --bin csa
export SHOGI_USI_ENGINE="${CARGO_TARGET_DIR:-$PWD/target}/release/usi"
export SHOGI_CSA_CLIENT="${CARGO_TARGET_DIR:-$PWD/target}/release/csa"

echo "== tsshogi and shogiops (npm, pinned by their lock files): the references of the Python JKF, USEN and lishogi-dialect tests"
if command -v npm >/dev/null 2>&1; then
  (cd shogi-formats/tests/data/tsshogi && npm ci --silent --no-audit --no-fund)
  (cd shogi-variants/tests/data/shogiops && npm ci --silent --no-audit --no-fund)
else
  echo "   npm is missing: the tsshogi and shogiops tests will fail under CI (set CI= to let them skip)"
fi

echo "== Fairy-Stockfish (Debian's package fairy-stockfish), the other engine of the Python USI match test"
if [ ! -x /usr/games/fairy-stockfish ] && ! command -v fairy-stockfish >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get install -y -q fairy-stockfish >/dev/null 2>&1 \
      || { apt-get update -q >/dev/null && apt-get install -y -q fairy-stockfish >/dev/null; }
  else
    echo "   cannot install fairy-stockfish (apt-get as root): the USI match test will fail under CI (set CI= to let it skip)"
  fi
fi

echo "== the crates as published: dependencies within the MSRV, cargo publish --dry-run of every library crate"
python3 scripts/check-msrv.py
# Packages each library crate in dependency order and builds it from its
# package alone (a local registry stands in for crates.io); uploads nothing.
cargo publish --workspace --dry-run --locked --quiet

echo "== Chromium and Japanese fonts (Debian's chromium, fonts-ipafont-*): the browser tests of the play site"
if [ ! -x /usr/lib/chromium/chromium ] && [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi ipa; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    apt-get install -y -q chromium fonts-ipafont-gothic fonts-ipafont-mincho >/dev/null 2>&1 \
      || { apt-get update -q >/dev/null && apt-get install -y -q chromium fonts-ipafont-gothic fonts-ipafont-mincho >/dev/null; }
  else
    echo "   cannot install chromium (apt-get as root): the browser tests will fail under CI (set CI= to let them skip)"
  fi
fi

echo "== Python packages: the abi3 manylinux2014 wheel, auditwheel, smoke tests on the oldest and newest CPython, the sdist"
bash scripts/python-packages.sh

echo "== Python bindings: that wheel with every extra, installed into a fresh venv, pytest (notebooks included)"
python=${PYTHON:-python3}
venv=target/py-test-venv
rm -rf "$venv"
"$python" -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet -r bindings-python/requirements-test.txt
wheel=$(ls target/wheels/shogi_variants-*.whl)
"$venv/bin/python" -m pip install --quiet "$wheel[numpy,openspiel,pettingzoo,ray,play]"
"$venv/bin/python" -m pytest bindings-python/tests -q
echo "== Python stubs (mypy stubtest against the installed module)"
"$venv/bin/python" -m mypy.stubtest shogi_variants --mypy-config-file bindings-python/mypy.ini \
  --allowlist bindings-python/stubtest-allowlist.txt

# Every fuzz target briefly, so that a change that breaks one of their
# invariants fails here; fuzz/README.md has the long runs. cargo-fuzz is
# installed into the target directory the first time (about 2 min), and every
# target is built once with the same flags (FUZZ_ONE_BUILD). A crash leaves its
# input in fuzz/artifacts/<target>/, which the corpus replay test (cargo test)
# replays from then on, until the bug is fixed and the input moved to
# fuzz/regressions/.
fuzz_seconds=${FUZZ_SECONDS:-20}
echo "== fuzz targets, ${fuzz_seconds} s each (cargo-fuzz, stable toolchain, --sanitizer none)"
fuzz_root="${CARGO_TARGET_DIR:-$PWD/target}/cargo-fuzz"
export PATH="$fuzz_root/bin:$PATH"
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "   installing cargo-fuzz into $fuzz_root"
  cargo install --quiet cargo-fuzz --locked --root "$fuzz_root"
fi
FUZZ_ONE_BUILD=1 bash fuzz/run.sh "$fuzz_seconds"
echo "all checks passed"
