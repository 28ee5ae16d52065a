"""JKF (JSON Kifu Format) against implementations we did not write.

- The format's published JSON Schema (na2hiro/json-kifu-format, draft
  2020-12, checked with the ``jsonschema`` package): every record of the
  corpus written as JKF validates.
- tsshogi 2.2.0 (ShogiHome's record library, npm, run under Node from
  ``shogi-formats/tests/data/tsshogi``): it reads our JKF of every corpus
  record to the same start, main line, side lines and end; and we read its
  JKF of every corpus record to the moves we read from the file itself.

The tsshogi tests need Node and ``npm ci`` in that folder (scripts/test-all.sh
runs it); without them they skip, except under CI, where they fail.
"""

import json
import os
import shutil
import subprocess

import pytest

import shogi_variants as sv

HERE = os.path.dirname(__file__)
DATA = os.path.join(HERE, "..", "..", "shogi-formats", "tests", "data")
CORPUS = os.path.join(DATA, "corpus")
TSSHOGI = os.path.join(DATA, "tsshogi")
RECORD_EXTENSIONS = (".kif", ".kifu", ".ki2", ".ki2u", ".csa")


def corpus_files():
    out = []
    for root, _, files in os.walk(CORPUS):
        out += [os.path.join(root, f) for f in files if f.endswith(RECORD_EXTENSIONS)]
    return sorted(out)


def read(path):
    with open(path, "rb") as f:
        return sv.Record.read(f.read())


def nine_by_nine(path):
    return read(path).start_sfen.count("/") == 8


FILES = [p for p in corpus_files() if nine_by_nine(p)]


def test_the_corpus_has_the_9x9_records():
    assert len(FILES) >= 60


def test_every_record_as_jkf_validates_against_the_published_schema():
    jsonschema = pytest.importorskip("jsonschema")
    with open(os.path.join(DATA, "jkf", "json-kifu-format.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    for path in FILES:
        text = read(path).jkf()
        errors = [e.message for e in validator.iter_errors(json.loads(text))]
        assert not errors, (path, errors[:3])


def test_jkf_reads_back_in_python():
    for path in FILES:
        record = read(path)
        back = sv.Record.read(record.jkf())
        assert back.moves == record.moves, path
        assert back.end == record.end, path
        assert sv.Record.read(record.jkf(), format="jkf") == back


def test_bad_jkf_is_refused_with_the_entry_named():
    with pytest.raises(sv.InvalidSfenError, match=r"moves\[1\]"):
        sv.Record.read(
            '{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":5}}},'
            '{"move":{"from":{"x":3,"y":3},"to":{"x":3,"y":4}}}]}'
        )
    with pytest.raises(sv.RecordWriteError, match="JKF cannot hold a 5 × 5 board"):
        sv.Board(variant="minishogi").record().jkf()


def tsshogi_ready():
    ok = shutil.which("node") is not None and os.path.isdir(os.path.join(TSSHOGI, "node_modules", "tsshogi"))
    if not ok and os.environ.get("CI"):
        pytest.fail("tsshogi is not installed: run `npm ci` in shogi-formats/tests/data/tsshogi")
    if not ok:
        pytest.skip("Node or tsshogi (npm ci in shogi-formats/tests/data/tsshogi) is missing")


def tsshogi(*args):
    p = subprocess.run(["node", "jkf.mjs", *args], cwd=TSSHOGI, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, (args, p.stderr)
    return p.stdout


def test_tsshogi_reads_our_jkf_to_the_same_game(tmp_path):
    tsshogi_ready()
    # tsshogi reads ±ILLEGAL_ACTION the wrong way round (its README here): the
    # side that made the illegal action is taken for the other one.
    inverted = {"+ILLEGAL_ACTION": "ILLEGAL_MOVE", "-ILLEGAL_ACTION": "ILLEGAL_MOVE", "ILLEGAL_MOVE": "ILLEGAL_MOVE"}
    checked = 0
    for path in FILES:
        record = read(path)
        text = record.jkf()
        jkf_file = tmp_path / "ours.jkf"
        jkf_file.write_text(text, encoding="utf-8")
        theirs = json.loads(tsshogi("read", str(jkf_file)))
        ours = json.loads(text)
        assert theirs["start"].split(" ")[:3] == record.start_sfen.split(" ")[:3], path
        # tsshogi takes the foul move as a move of the main line.
        foul = [record.foul.usi()] if record.foul is not None else []
        assert theirs["moves"] == [m.usi() for m in record.moves] + foul, path
        specials = [e["special"] for e in ours["moves"] if "special" in e]
        written = specials[-1] if specials else None
        expected = inverted.get(written, written)
        got = inverted.get(theirs["end_csa"], theirs["end_csa"])
        assert got == expected, (path, written, theirs["end_csa"])
        side = sum(1 for _ in theirs["branches"])
        assert side == count_side_lines(ours["moves"]), path
        checked += 1
    assert checked == len(FILES)


def count_side_lines(entries):
    n = 0
    for e in entries:
        for fork in e.get("forks", []):
            n += 1 + count_side_lines(fork)
    return n


def test_we_read_tsshogis_jkf_of_every_record_to_the_file_s_moves():
    tsshogi_ready()
    for path in FILES:
        record = read(path)
        theirs = sv.Record.read(tsshogi("fromkif", path), format="jkf")
        assert theirs.start_sfen.split(" ")[:3] == record.start_sfen.split(" ")[:3], path
        assert theirs.moves == record.moves, path
