"""Checks the workspace's MSRV claim against what it builds on.

    python3 scripts/check-msrv.py

The workspace says (Cargo.toml, ``rust-version``) that every crate a user
builds (the libraries, the programs in examples/, the Python module) builds
with that Rust. No older toolchain can be installed on CI's machine (rustup
reaches no server), so the claim is checked in two halves:

- here: every crate those build on, as locked in Cargo.lock (normal and
  build dependencies, not the tests' dev-dependencies), declares a
  ``rust-version`` no newer than ours (a crate that declares none passes);
- by clippy (``cargo clippy -D warnings``, an earlier step of the test
  script): its ``incompatible_msrv`` lint refuses our code's use of a
  standard-library item stabilised after our ``rust-version``.

Language features newer than the MSRV are not caught by either; the
last check with a real 1.85 toolchain is noted in the README.
"""

from __future__ import annotations

import json
import subprocess
import sys

USER_BUILT = [
    "shogi-variants-core",
    "shogi-variants",
    "shogi-formats",
    "shogi-players",
    "shogi-research",
    "shogi-examples",
    "shogi-variants-python",
]


def version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def main() -> int:
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked",
             "--filter-platform", "x86_64-unknown-linux-gnu"],
            check=True, capture_output=True, text=True,
        ).stdout
    )
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    ours = {p["name"]: p for p in packages.values() if p["id"] in meta["workspace_members"]}
    msrv = version(ours["shogi-variants-core"]["rust_version"])
    roots = []
    for name in USER_BUILT:
        p = ours[name]
        if p["rust_version"] is None or version(p["rust_version"]) != msrv:
            print(f"{name}: rust-version {p['rust_version']}, expected the workspace's")
            return 1
        roots.append(p["id"])
    seen, todo, too_new = set(), list(roots), []
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        for dep in nodes[pid]["deps"]:
            if any(k["kind"] in (None, "build") for k in dep["dep_kinds"]):
                todo.append(dep["pkg"])
    for pid in sorted(seen):
        p = packages[pid]
        rv = p.get("rust_version")
        if rv and version(rv) > msrv:
            too_new.append(f"{p['name']} {p['version']} needs Rust {rv}")
    newest = max(
        ((version(packages[i]["rust_version"]), packages[i]["name"]) for i in seen
         if packages[i].get("rust_version") and i not in roots),
        default=None,
    )
    if too_new:
        print("dependencies newer than the workspace's rust-version "
              f"{'.'.join(map(str, msrv))}:\n  " + "\n  ".join(too_new))
        return 1
    print(f"MSRV {'.'.join(map(str, msrv))}: {len(seen) - len(roots)} locked dependencies of the "
          f"user-built crates, none newer (the newest declared: {newest[1]}, "
          f"{'.'.join(map(str, newest[0]))})" if newest else "no dependency declares a rust-version")
    return 0


if __name__ == "__main__":
    sys.exit(main())
