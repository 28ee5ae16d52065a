#!/usr/bin/env bash
# Builds and checks the Python packages as they would be published:
#
# 1. the wheel: one abi3 wheel for CPython 3.9 and later (pyo3's abi3-py39),
#    manylinux2014 (glibc 2.17), built by maturin with zig as the linker;
#    `auditwheel show` must agree on the tag;
# 2. the wheel in fresh virtual environments of the oldest CPython we
#    support (3.9) and the newest one this machine has, with its numpy
#    extra: scripts/wheel-smoke.py (import, a game, perft, an SVG, an
#    observation);
# 3. the sdist, installed with pip into a fresh environment (pip builds it
#    with Rust; a debug build, to keep CI short) and smoke-tested too.
#
# The wheel is left in target/wheels for the test suite to install.
# Usage: bash scripts/python-packages.sh   (from anywhere; CI=true makes a
# missing CPython 3.9 an error instead of a warning)
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
python=${PYTHON:-python3}
build=target/py-build-venv
rm -rf "$build" target/wheels target/sdist target/py-smoke-*
"$python" -m venv "$build"
"$build/bin/python" -m pip install --quiet --upgrade pip
"$build/bin/python" -m pip install --quiet -r bindings-python/requirements-build.txt

echo "-- the abi3 manylinux2014 wheel (maturin --zig)"
# maturin finds zig through the venv's python -m ziglang: the venv's bin first.
PATH="$PWD/$build/bin:$PATH" maturin build --release --quiet --zig --compatibility manylinux2014 \
  -m bindings-python/Cargo.toml -o target/wheels
wheel=$(ls target/wheels/shogi_variants-*.whl)
case "$(basename "$wheel")" in
  *-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl) ;;
  *) echo "unexpected wheel tags: $(basename "$wheel")"; exit 1 ;;
esac
shown=$("$build/bin/auditwheel" show "$wheel")
echo "$shown" | tr '\n' ' ' | grep -q 'consistent with the following platform tag: *"manylinux_2_17_x86_64"' \
  || { echo "auditwheel does not find the wheel manylinux_2_17:"; echo "$shown"; exit 1; }
echo "   $(basename "$wheel"): auditwheel agrees (manylinux_2_17_x86_64)"

# The CPythons: 3.9 is the floor (requires-python); the newest is the highest
# minor version found (pyenv's versions, then python3.X on the PATH).
declare -A found=()
for exe in "$HOME"/.pyenv/versions/3.*/bin/python3 /usr/bin/python3.* /usr/local/bin/python3.*; do
  [ -x "$exe" ] || continue
  v=$("$exe" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || continue
  minor=${v#3.}
  [ "$minor" -ge 9 ] 2>/dev/null || continue
  [ -n "${found[$minor]:-}" ] || found[$minor]=$exe
done
minors=$(printf '%s\n' "${!found[@]}" | sort -n)
oldest=$(echo "$minors" | head -n 1); newest=$(echo "$minors" | tail -n 1)
if [ -z "${found[9]:-}" ]; then
  if [ "${CI:-}" = true ]; then echo "no CPython 3.9 found: the wheel's floor cannot be tested"; exit 1; fi
  echo "   warning: no CPython 3.9 found; testing the oldest found, 3.$oldest"
fi
for minor in $(printf '%s\n' "$oldest" "$newest" | sort -un); do
  exe=${found[$minor]}
  env_dir=target/py-smoke-3.$minor
  "$exe" -m venv "$env_dir"
  "$env_dir/bin/python" -m pip install --quiet --upgrade pip
  "$env_dir/bin/python" -m pip install --quiet "$wheel[numpy]"
  (cd /tmp && "$OLDPWD/$env_dir/bin/python" -W error "$OLDPWD/scripts/wheel-smoke.py")
done

echo "-- the sdist, built by pip (debug profile) into a fresh environment"
PATH="$PWD/$build/bin:$PATH" maturin sdist -m bindings-python/Cargo.toml -o target/sdist >target/sdist.log 2>&1 \
  || { cat target/sdist.log; exit 1; }
sdist=$(ls target/sdist/shogi_variants-*.tar.gz)
env_dir=target/py-smoke-sdist
"$python" -m venv "$env_dir"
"$env_dir/bin/python" -m pip install --quiet --upgrade pip
MATURIN_PEP517_ARGS="--profile dev" CARGO_TARGET_DIR="$target/sdist-check" \
  "$env_dir/bin/python" -m pip install --quiet "$sdist[numpy]"
(cd /tmp && "$OLDPWD/$env_dir/bin/python" -W error "$OLDPWD/scripts/wheel-smoke.py")
echo "   $(basename "$sdist") builds with pip and passes the smoke test"
