#!/usr/bin/env python3
"""Fails on an import cycle among the files of a Rust crate's src.

    python3 scripts/check-layers.py [--layers] bindings-python/src [more src dirs...]

Each .rs file is one module (`a.rs` and `a/mod.rs` are `a`, `a/b.rs` is
`a::b`). A file depends on another when its code names it by a path from
the crate root: `use crate::x::...` (groups `use crate::{x, y::z}` too) or
`crate::x::...` anywhere in the code (comments and strings aside), or a
path that starts with one of the file's own child modules (`use tree::X`,
`tree::f()` in `record/mod.rs`; lib.rs's `game::PyGame`). A path
is taken to name the deepest module it reaches (`crate::record::tree::X`
names `record::tree`, `crate::record::X` names `record`; `crate::X` of an
item the root re-exports with `pub use` names the module it comes from).
`mod` lines
and `super::` paths are not counted: a module declaring its children is the
folder's own business, and a child's `super::` is normal Rust.

Prints every cycle (each strongly connected component of more than one
file, with the edges inside it and where each edge is written) and exits 1
when there is one; prints "no cycle" and exits 0 otherwise. With
``--layers``, an acyclic crate's files are also listed by layer: layer 0
imports no file of the crate, layer n only files of the layers below it.
Standard library only.
"""

from __future__ import annotations

import os
import re
import sys
from collections import defaultdict


def strip_comments_and_strings(src: str) -> str:
    """The code with comments, string and char literals blanked (newlines
    kept, so line numbers stay)."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("\n" * src.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', src[i:i + 40]) and not (i and (src[i - 1].isalnum() or src[i - 1] == "_")):
            m = re.match(r'r(#*)"', src[i:])
            end = '"' + m.group(1)
            j = src.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append("\n" * src.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append("\n" * src.count("\n", i, j))
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
            m = re.match(r"'(\\.|\\u\{[0-9a-fA-F]+\}|[^\\'])'", src[i:])
            if m:
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def modules(src_dir: str) -> dict[tuple[str, ...], str]:
    """Module path -> file, for every .rs file under `src_dir` (lib.rs and
    main.rs are the root, `()`; files under src/bin are left out)."""
    found = {}
    for root, dirs, files in os.walk(src_dir):
        dirs[:] = sorted(d for d in dirs if not (root == src_dir and d == "bin"))
        for f in sorted(files):
            if not f.endswith(".rs"):
                continue
            path = os.path.join(root, f)
            rel = os.path.relpath(path, src_dir)[:-3].split(os.sep)
            if rel[-1] == "mod":
                rel = rel[:-1]
            if rel in (["lib"], ["main"]):
                rel = []
            found[tuple(rel)] = path
    return found


def expand_use(tree: str) -> list[str]:
    """The paths of a `use` tree: `crate::{a, b::{c, d}}` -> crate::a, crate::b::c, crate::b::d."""
    tree = re.sub(r"\s+", "", tree)

    def split_top(s: str) -> list[str]:
        parts, depth, cur = [], 0, ""
        for ch in s:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur:
            parts.append(cur)
        return parts

    def walk(prefix: str, s: str) -> list[str]:
        i = s.find("{")
        if i < 0:
            return [prefix + s]
        head, body = s[:i], s[i + 1:s.rfind("}")]
        out = []
        for part in split_top(body):
            out += walk(prefix + head, part)
        return out

    return walk("", tree)


def root_reexports(mods: dict[tuple[str, ...], str]) -> dict[str, tuple[str, ...]]:
    """The names the crate root re-exports (`pub use x::y::Name;` in lib.rs)
    and the module each comes from, so that `crate::Name` counts as a use of
    that module rather than of the root."""
    root = mods.get(())
    if root is None:
        return {}
    code = strip_comments_and_strings(open(root, encoding="utf-8").read())
    out = {}
    for m in re.finditer(r"\bpub\s+use\s+([^;]*);", code):
        for p in expand_use(m.group(1)):
            p = p.split(" as ")
            segs = [s for s in p[0].split("::") if s and s not in ("crate", "self")]
            if len(segs) < 2 or segs[-1] == "*":
                continue
            alias = p[1] if len(p) > 1 else segs[-1]
            for k in range(len(segs) - 1, 0, -1):
                if tuple(segs[:k]) in mods:
                    out[alias] = tuple(segs[:k])
                    break
    return out


def edges_of(
    path: str,
    me: tuple[str, ...],
    mods: dict[tuple[str, ...], str],
    reexports: dict[str, tuple[str, ...]],
) -> dict[tuple[str, ...], list[int]]:
    """The modules `path` (module `me`) names through `crate::` paths and
    through its child modules' bare names, with the lines."""
    code = strip_comments_and_strings(open(path, encoding="utf-8").read())
    found: dict[tuple[str, ...], list[int]] = defaultdict(list)
    children = {m[-1] for m in mods if len(m) == len(me) + 1 and m[: len(me)] == me}

    def add(full: str, line: int) -> None:
        segs = [s for s in full.split("::") if s]
        if segs and segs[0] == "self":
            segs = segs[1:]
        if segs and segs[0] in children:
            segs = ["crate", *me, *segs]
        if not segs or segs[0] != "crate":
            return
        segs = segs[1:]
        # The deepest module the path reaches.
        for k in range(len(segs), 0, -1):
            if tuple(segs[:k]) in mods:
                found[tuple(segs[:k])].append(line)
                return
        # An item the root re-exports: the module it comes from.
        if segs and segs[0] in reexports:
            found[reexports[segs[0]]].append(line)

    for m in re.finditer(r"\buse\s+((?:crate|self|\w+)\s*::[^;]*);", code):
        line = code.count("\n", 0, m.start()) + 1
        for p in expand_use(m.group(1)):
            add(p.split(" as ")[0], line)
    heads = "|".join(["crate", *sorted(children)])
    for m in re.finditer(rf"(?<![\w:])({heads})((?:\s*::\s*\w+)+)", code):
        before = code[max(0, m.start() - 200):m.start()]
        if re.search(r"\buse\s+[^;]*$", before):
            continue  # inside a `use` tree: counted above
        line = code.count("\n", 0, m.start()) + 1
        add(m.group(1) + re.sub(r"\s+", "", m.group(2)), line)
    return found


def components(graph: dict) -> list[list]:
    """Tarjan's strongly connected components of more than one node."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        # An explicit stack: a long chain must not hit Python's recursion limit.
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def name(mod: tuple[str, ...]) -> str:
    return "::".join(mod) or "crate"


def layers(graph: dict) -> list[list]:
    """The files of an acyclic graph by layer (the longest path below each)."""
    depth: dict = {}

    def of(v):
        if v not in depth:
            depth[v] = 0  # placeholder; the graph has no cycle
            depth[v] = 1 + max((of(w) for w in graph[v]), default=-1)
        return depth[v]

    for v in graph:
        of(v)
    out: list[list] = [[] for _ in range(max(depth.values(), default=-1) + 1)]
    for v, d in depth.items():
        out[d].append(v)
    return [sorted(level) for level in out]


def check(src_dir: str, show_layers: bool = False) -> bool:
    """Prints the cycles of `src_dir`; true when there is none."""
    mods = modules(src_dir)
    graph: dict = {m: set() for m in mods}
    where: dict = {}
    reexports = root_reexports(mods)
    for mod, path in mods.items():
        for target, lines in edges_of(path, mod, mods, reexports).items():
            if target != mod:
                graph[mod].add(target)
                where[(mod, target)] = (os.path.relpath(path), lines)
    cycles = components(graph)
    if not cycles:
        print(f"{src_dir}: no cycle among {len(mods)} files")
        if show_layers:
            for i, level in enumerate(layers(graph)):
                print(f"  layer {i}: {', '.join(name(m) for m in level)}")
        return True
    for comp in cycles:
        members = set(comp)
        print(f"{src_dir}: import cycle among {len(comp)} files: {', '.join(name(m) for m in comp)}")
        for a in comp:
            for b in sorted(graph[a] & members):
                path, lines = where[(a, b)]
                shown = ", ".join(str(n) for n in lines[:5]) + (", ..." if len(lines) > 5 else "")
                print(f"  {name(a)} -> {name(b)}  ({path}:{shown})")
    return False


def main(argv: list[str]) -> int:
    show_layers = "--layers" in argv
    dirs = [a for a in argv[1:] if a != "--layers"]
    if not dirs or "-h" in dirs or "--help" in dirs:
        print(__doc__.strip())
        return 2
    ok = True
    for src in dirs:
        if not os.path.isdir(src):
            print(f"{src}: no such directory", file=sys.stderr)
            return 2
        ok = check(src, show_layers) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
