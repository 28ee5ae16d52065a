"""Every code block of README.md, the pages of docs/ and bindings-python/README.md
runs as written, and every relative link of those pages points at a file.

The pages are README.md, every docs/*.md (found by a glob, so a new page is
checked without being listed), bindings-python/README.md and each crate's
README.md.

A block's language tag says how it is checked; a tag this test does not know
fails it, so no new block escapes:

- ``python``: run (``exec``). The blocks test_readme.py checks in detail are
  run there (``CLAIMED``); every other one here.
- ``pycon``: an interactive session, run as a doctest (its outputs compared).
- ``rust``: run by ``cargo test`` as doctests: examples/src/lib.rs includes
  each page that holds one (checked here).
- ``toml``: a variant definition, which must load
  (``Board(variant="defined", definition=...)``).
- ``sh``, ``bash``, ``console``: each command is run from the repository's
  root and must exit with status 0, except those ``NOT_RUN`` names, each
  with why, and those ``SHORTENED`` runs with a smaller size (a long run made
  short, same options otherwise).
- ``text``: not code (a synopsis, an output); not run.
"""

from __future__ import annotations

import dataclasses
import doctest
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

import pytest

import shogi_variants as sv

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The crates' own READMEs (their crates.io pages): each crate runs its Rust
# block as a doctest of its own (`include_str!("../README.md")` in its lib.rs).
CRATES = ["shogi-core", "shogi-variants", "shogi-formats", "shogi-players", "shogi-research"]
READMES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "bindings-python" / "README.md",
    *(ROOT / crate / "README.md" for crate in CRATES),
]
SHELL_TAGS = {"sh", "bash", "console"}
KNOWN_TAGS = {"python", "pycon", "rust", "toml", "text"} | SHELL_TAGS

# Python blocks test_readme.py runs with its own assertions, by a text only
# that block holds (test_readme.py's `block_with` markers).
CLAIMED = [
    'variant="defined"',
    "register_variant",
    'sv.new_game("dobutsu")',
    "problem_from_sfen",
    "tsuitate =",
    "batch",
    "distributed.generate",
]

# Shell commands that are not run here, and why.
NOT_RUN = {
    "bash scripts/test-all.sh": "the test command itself (this test is one of its steps)",
    "cargo run --release -p shogi-examples --bin demo": (
        "run by scripts/test-all.sh's demo step, with two seeds and exit status 0 "
        "required (test_the_demo_command_is_a_step_of_test_all checks it is this command)"
    ),
    "target/py-test-venv/bin/pip install -r examples/python/requirements-learn.txt": (
        "an install from the network (PyTorch, about 5 GB), which CI does not make"
    ),
    "target/py-test-venv/bin/python examples/python/learn_minishogi.py": (
        "needs PyTorch (the install above) and runs for about 150 s"
    ),
}

# Long commands run shorter: the command as written, the same command with a
# smaller size, and why. `{out}` is a fresh temporary directory.
SHORTENED = {
    "python -m shogi_variants.distributed generate --game minishogi --games 10000 "
    "--black random --white search:nodes=500 --out data/minishogi --workers 2": (
        "python -m shogi_variants.distributed generate --game minishogi --games 8 "
        "--black random --white search:nodes=500 --out {out} --workers 2",
        "10,000 games take minutes: 8 games on the same two workers, into a temporary directory",
    ),
}


@dataclasses.dataclass(frozen=True)
class Block:
    path: pathlib.Path
    line: int  # of the opening fence, 1-based
    tag: str
    text: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line} ({self.tag or 'no tag'})"


def read_blocks(path: pathlib.Path) -> list[Block]:
    """The fenced blocks of a Markdown file, in order."""
    blocks = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        fence = re.match(r"^\s*(`{3,}|~{3,})(.*)$", lines[i])
        if not fence:
            i += 1
            continue
        marks, tag = fence.group(1), fence.group(2).strip()
        start = i
        i += 1
        body = []
        while i < len(lines) and lines[i].strip() != marks:
            body.append(lines[i])
            i += 1
        assert i < len(lines), f"{path}:{start + 1}: the block is never closed"
        blocks.append(Block(path, start + 1, tag, "\n".join(body) + "\n"))
        i += 1
    return blocks


BLOCKS = [b for path in READMES for b in read_blocks(path)]


def of(tag: str) -> list[Block]:
    return [b for b in BLOCKS if b.tag == tag]


def commands(block: Block) -> list[str]:
    """The commands of a shell block: continuation lines joined, comments and
    prompts (`$ `, in a console block) dropped, words normalized by shlex."""
    joined = block.text.replace("\\\n", " ")
    found = []
    for line in joined.splitlines():
        if block.tag == "console":
            if not line.startswith("$ "):
                continue  # output
            line = line[2:]
        words = shlex.split(line, comments=True)
        if words:
            found.append(shlex.join(words))
    return found


SHELL_COMMANDS = [(b, c) for b in BLOCKS if b.tag in SHELL_TAGS for c in commands(b)]


def test_every_block_has_a_tag_this_test_knows():
    unknown = [str(b) for b in BLOCKS if b.tag not in KNOWN_TAGS]
    assert not unknown, (
        f"blocks with a tag this test does not check: {unknown}; tag a block that is not "
        f"meant to run `text`, or teach this test the tag (known: {sorted(KNOWN_TAGS)})"
    )


def test_the_pages_are_found():
    names = {p.relative_to(ROOT).as_posix() for p in READMES}
    assert {"README.md", "docs/rules-and-settings.md", "bindings-python/README.md"} <= names, names


def test_the_readmes_have_blocks_of_each_kind():
    tags = {b.tag for b in BLOCKS}
    assert {"python", "pycon", "rust", "toml", "sh"} <= tags, tags


def test_each_claimed_python_block_is_one_block():
    for marker in CLAIMED:
        holders = [str(b) for b in of("python") if marker in b.text]
        assert len(holders) == 1, f"{marker!r} is in {holders}"


@pytest.mark.parametrize(
    "block",
    [b for b in of("python") if not any(m in b.text for m in CLAIMED)],
    ids=str,
)
def test_python_block_runs(block: Block):
    exec(compile(block.text, str(block), "exec"), {"__name__": "readme"})


@pytest.mark.parametrize("block", of("pycon"), ids=str)
def test_pycon_block_gives_its_outputs(block: Block):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.text, {}, str(block), str(block.path), block.line)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out: list[str] = []
    result = runner.run(test, out=out.append)
    assert result.attempted > 0, f"{block} has no `>>>` example"
    assert result.failed == 0, "".join(out)


def test_rust_blocks_are_doctests():
    lib = (ROOT / "examples" / "src" / "lib.rs").read_text(encoding="utf-8")
    for path in READMES:
        rust = [b for b in read_blocks(path) if b.tag.split(",")[0] == "rust"]
        if not rust:
            continue
        if path.parent.name in CRATES:
            own = (path.parent / "src" / "lib.rs").read_text(encoding="utf-8")
            assert 'include_str!("../README.md")' in own, f"{path.parent.name} does not run its README's Rust block"
            continue
        include = f'include_str!("../../{path.relative_to(ROOT).as_posix()}")'
        assert include in lib, (
            f"examples/src/lib.rs does not run {path.relative_to(ROOT)}'s Rust blocks: {include}"
        )
    # A tag such as `rust,ignore` or `rust,no_run` would compile but not run.
    assert not [str(b) for b in BLOCKS if b.tag.startswith("rust,")]


@pytest.mark.parametrize("block", of("toml"), ids=str)
def test_toml_block_is_a_definition_that_loads(block: Block):
    board = sv.Board(variant="defined", definition=block.text)
    assert board.legal_moves.count() > 0


def test_shell_exceptions_name_commands_of_the_readmes():
    written = {c for _, c in SHELL_COMMANDS}
    stale = [c for c in [*NOT_RUN, *SHORTENED] if c not in written]
    assert not stale, f"exceptions for commands no page has: {stale}"


def test_the_demo_command_is_a_step_of_test_all():
    script = (ROOT / "scripts" / "test-all.sh").read_text(encoding="utf-8")
    assert "cargo run --release -p shogi-examples --bin demo" in script
    assert "--seed 7" in script and "== short matches" in script


@pytest.mark.parametrize(
    "command", [c for _, c in SHELL_COMMANDS if c not in NOT_RUN], ids=lambda c: c[:60]
)
def test_shell_command_runs(command: str, tmp_path: pathlib.Path):
    if command in SHORTENED:
        command = SHORTENED[command][0].format(out=tmp_path / "out")
    words = shlex.split(command)
    if words[0] == "python":
        words[0] = sys.executable  # the interpreter the wheel is installed in
    elif shutil.which(words[0]) is None:
        pytest.skip(f"{words[0]} is not on the PATH")
    run = subprocess.run(words, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, f"{command}\nstdout:\n{run.stdout[-3000:]}\nstderr:\n{run.stderr[-3000:]}"


# A Markdown link or image, `[text](target)` or `![alt](target)`; the target
# ends at a space (an optional title follows) or the closing parenthesis.
LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[^)]*)?\)")


def prose(path: pathlib.Path, spans: str = "drop") -> str:
    """A page's text without its fenced blocks, and its inline code spans
    dropped (`spans="drop"`) or kept without their backticks ("unwrap")."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$", "", text, flags=re.S | re.M)
    keep = (lambda m: m.group(2)) if spans == "unwrap" else ""
    return re.sub(r"(`+)(?!`)(.*?)(?<!`)\1(?!`)", keep, text, flags=re.S)


def anchors(path: pathlib.Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation
    dropped, spaces made hyphens, a repeated one numbered."""
    seen: dict[str, int] = {}
    found = set()
    for heading in re.findall(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", prose(path, "unwrap"), flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        found.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return found


def relative_links(path: pathlib.Path) -> list[tuple[pathlib.Path, str]]:
    """The links of a page into the repository, as (file, anchor or ""):
    web addresses and mail left out, a bare `#anchor` being this page's."""
    targets = []
    for target in LINK.findall(prose(path)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue
        file, _, anchor = target.partition("#")
        targets.append((path.parent / file if file else path, anchor))
    return targets


@pytest.mark.parametrize("path", READMES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_point_at_files(path: pathlib.Path):
    missing = []
    for target, anchor in relative_links(path):
        if not target.exists():
            missing.append(str(target.relative_to(ROOT)))
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            missing.append(f"{target.relative_to(ROOT)}#{anchor}")
    assert not missing, f"{path.relative_to(ROOT)} links to what does not exist: {missing}"
