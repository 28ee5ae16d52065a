"""Record, saved-game and Tsuitate edges (issue 15): writers refuse header
keys that would not read back (every format the same way, with a one-line
message), every format round-trips what it can hold, a record replayed past
the end of the game says where the game ended, saved games are read in the
library's words, and a Tsuitate game over at the start tells both players."""

import pytest

import shogi_variants as sv

FORMATS = ("kif", "ki2", "csa")
MOVES = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]


def game(moves=MOVES):
    board = sv.Board()
    for mv in moves:
        board.push_usi(mv)
    return board


def write(record, fmt):
    return getattr(record, fmt)()


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_reads_back_what_it_wrote(fmt):
    board = game()
    board.resign()
    record = board.record(
        times=[3, 5, 8, 13, 21],
        black="先手さん",
        white="Gote",
        event="a: colon in a value",
        site="Tokyo：会館",
        note="any text, with 'quotes' and \"double quotes\"",
    )
    text = write(record, fmt)
    back = sv.Record.read(text, fmt)
    assert back.moves == record.moves
    assert back.end == "resign"
    assert back.headers == record.headers
    assert back.start_sfen == record.start_sfen
    assert back.board().sfen() == board.sfen()
    # Written again, the text is the same.
    assert write(back, fmt) == text
    # And the format is recognised without being named.
    assert sv.Record.read(text).moves == record.moves


BAD_KEYS = {
    "line feed": "a\nb",
    "carriage return": "a\rb",
    "CRLF": "a\r\nb",
    "trailing line feed": "key\n",
    "empty": "",
    "ASCII colon": "a:b",
}
# The KIF/KI2 separator is also the full-width colon.
KIF_ONLY_BAD_KEYS = {"full-width colon": "a：b"}


def bad_cases():
    for fmt in FORMATS:
        for name, key in BAD_KEYS.items():
            yield fmt, name, key
        if fmt != "csa":
            for name, key in KIF_ONLY_BAD_KEYS.items():
                yield fmt, name, key


@pytest.mark.parametrize("fmt,name,key", list(bad_cases()))
def test_a_header_key_that_would_not_read_back_is_refused(fmt, name, key):
    record = game().record(**{key: "value"})
    with pytest.raises(sv.RecordWriteError) as caught:
        write(record, fmt)
    message = str(caught.value)
    # The key is quoted on one line, its line breaks escaped.
    assert "\n" not in message and "\r" not in message, repr(message)
    assert "header key" in message
    assert repr(key).strip("'") in message or key == "", (message, key)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_huge_header_key_is_refused_with_a_short_message(fmt):
    record = game().record(**{"x\n" * 1_000_000: "value"})
    with pytest.raises(sv.RecordWriteError) as caught:
        write(record, fmt)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("value", ["two\nlines", "two\r\nlines", "cr\ronly", "\n"])
def test_a_header_value_with_line_breaks_is_written_on_one_line(fmt, value):
    record = game().record(event=value)
    text = write(record, fmt)
    back = sv.Record.read(text, fmt)
    # The record still reads back, move for move; the value's line breaks
    # became spaces (what a one-line header can hold), nothing else moved.
    assert back.moves == record.moves
    one_line = value.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")
    # KIF and KI2 read a header value trimmed; CSA as it is.
    assert back.header("event") == (one_line if fmt == "csa" else one_line.strip())
    assert [k for k, _ in back.headers] == ["event"]


def test_a_record_past_the_end_of_the_game_says_where_it_ended():
    record = game(["7g7f", "3c3d"]).record()
    with pytest.raises(sv.GameOverError) as caught:
        record.board(move_limit=1)
    message = str(caught.value)
    assert message == (
        "the game ended at move 1 (draw by move limit); the record goes on with 3c3d"
    ), message
    assert "illegal" not in message and "line 0" not in message
    # Where the limit is not reached, the record replays.
    assert record.board(move_limit=2).move_number == 3


def test_a_record_past_a_repetition_says_so():
    # Rooks shuffle: the start position comes back for the fourth time after
    # move 12 (sennichite, a draw); the file goes on with a 13th move. The
    # reader takes it (a file does not know the rules' repetition), the
    # replay under the rules refuses it.
    cycle = ["+2838HI", "-8272HI", "+3828HI", "-7282HI"]
    csa = "V2.2\nPI\n+\n" + "\n".join(cycle * 3 + cycle[:1]) + "\n"
    record = sv.Record.read(csa, "csa")
    assert len(record) == 13
    with pytest.raises(sv.GameOverError) as caught:
        record.board()
    assert str(caught.value) == (
        "the game ended at move 12 (draw by repetition); the record goes on with 2h3h"
    )


def test_a_zero_move_limit_is_refused_as_a_setting():
    record = game(["7g7f", "3c3d"]).record()
    with pytest.raises(sv.SettingError) as caught:
        record.board(move_limit=0)
    assert "at least 1" in str(caught.value)


def test_an_illegal_move_of_a_record_is_still_an_illegal_move():
    # Legal in standard shogi, illegal where a capture is a duty (8h2b+ is
    # there to take).
    record = game(["7g7f", "3c3d", "2g2f"]).record()
    with pytest.raises(sv.InvalidSfenError) as caught:
        record.board(variant="must-capture")
    message = str(caught.value)
    assert message.startswith("illegal move 2g2f in position"), message


# --- saved games -----------------------------------------------------------

import json  # noqa: E402

START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
SERDE_WORDS = ["expected u", "invalid type", "invalid value", "unknown variant",
               "unknown field", "missing field", "`", " at line "]


def saved(**fields):
    doc = {"format": "shogi-variants/game", "version": 1, "game": "standard",
           "settings": {}, "start": START, "moves": ["7g7f"]}
    doc.update(fields)
    return json.dumps(doc)


def test_load_skips_one_byte_order_mark():
    board = sv.load("\ufeff" + saved())
    assert [m.usi() for m in board.move_stack] == ["7g7f"]
    # Through bytes decoded by a user with utf-8-sig or plain utf-8 alike.
    data = ("\ufeff" + saved()).encode("utf-8")
    assert sv.load(data.decode("utf-8")).sfen() == board.sfen()
    with pytest.raises(sv.ShogiError):
        sv.load("\ufeff\ufeff" + saved())


@pytest.mark.parametrize("version,shown", [
    (10**30, "1e+30"), (1.0, "1.0"), (-1, "-1"), ("1", '"1"'), (2**64, "1.8446744073709552e+19"),
])
def test_load_says_what_is_wrong_with_a_bad_version(version, shown):
    with pytest.raises(sv.ShogiError) as caught:
        sv.load(saved(version=version))
    assert str(caught.value) == f"the saved game's version must be 1, not {shown}"


def test_load_names_an_unsupported_version():
    with pytest.raises(sv.ShogiError) as caught:
        sv.load(saved(version=2))
    assert "version 2 is not supported" in str(caught.value)


@pytest.mark.parametrize("doc,says", [
    (saved(settings={"impasse": "bogus"}), "'bogus' is not one of"),
    (saved(settings={"move_limit": "300"}), "not the string '300'"),
    (saved(settings={"move_limit": -1}), "not the number -1"),
    (saved(settings={"move_limit": 0}), "at least 1"),
    (saved(settings={"colour": "red"}), "no setting 'colour'"),
    (saved(moves="7g7f"), "'moves' must be a list of strings, not the string '7g7f'"),
    (saved(moves=["7g7f", 3]), "'moves' must be a list of strings: item 1 is the number 3"),
    (saved(start=7), "'start' must be a string, not the number 7"),
    (saved(game=None), "no 'game' field"),
    (saved(settings=[1]), "settings must be an object"),
    ("[]", "must be a JSON object, not a list"),
    ('{"format": ', "ends too early"),
    ("not json", "not valid JSON"),
])
def test_load_speaks_the_library_words(doc, says):
    with pytest.raises(sv.ShogiError) as caught:
        sv.load(doc)
    message = str(caught.value)
    assert says in message, message
    for word in SERDE_WORDS:
        assert word not in message, (word, message)


def test_a_card_generator_position_past_the_generator_is_refused():
    game = sv.CardGame(seed=5)
    game.chance_step()
    doc = json.loads(game.to_json())
    last = 2**68 - 1
    doc["generator_position"] = str(last)
    # The last position is kept exactly (its next draw is another matter).
    assert json.loads(sv.load(json.dumps(doc)).to_json())["generator_position"] == str(last)
    for past in (2**68, 2**128 - 1, 10**40):
        doc["generator_position"] = str(past)
        with pytest.raises(sv.ShogiError) as caught:
            sv.load(json.dumps(doc))
        assert "295147905179352825855" in str(caught.value)


# --- Tsuitate: a game over at the start ---------------------------------------

MATED_AT_START = "8k/9/9/9/9/9/9/7g1/7gK b - 1"


def test_a_tsuitate_game_over_at_the_start_tells_both_players():
    game = sv.TsuitateGame(MATED_AT_START)
    assert game.is_game_over()
    outcome = game.outcome()
    assert (outcome.winner, outcome.reason) == (sv.WHITE, "checkmate")
    # A board game from the same position ends the same way.
    assert sv.Board(MATED_AT_START).outcome() == outcome
    for color in (sv.BLACK, sv.WHITE):
        view = game.seen(color)
        told = view.information_state
        assert [a.kind for a in told] == ["game_over"], told
        assert told[0].outcome == outcome
        assert [e.game_over for e in view.events] == [outcome]
        assert not view.to_move
        # Saved and loaded, and resampled, the players were told the same.
        assert sv.load(game.to_json()).seen(color).information_state == told
        assert game.resample(color, 1).seen(color).information_state == told
    with pytest.raises(sv.GameOverError):
        game.push_usi("1i1h")


@pytest.mark.parametrize("setting", ["move_limit", "foul_limit"])
def test_zero_limits_are_refused_as_in_every_game(setting):
    with pytest.raises(sv.SettingError) as caught:
        sv.TsuitateGame(**{setting: 0})
    assert "at least 1" in str(caught.value)
    if setting == "move_limit":
        for cls in (sv.Board, sv.CardGame):
            with pytest.raises(sv.SettingError):
                cls(move_limit=0)
