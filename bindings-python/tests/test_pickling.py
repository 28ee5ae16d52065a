"""Pickling and copying of the value classes (issue 15): Outcome, Record,
Announcement, Ruling, PlayerView, Event, Capture and Move pickle at every
protocol and copy, and what comes back equals the original. A PlayerView
pickles as the view, never the referee's hidden position."""

import copy
import multiprocessing
import pickle

import pytest

import shogi_variants as sv

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def tsuitate_game():
    """A Tsuitate game with a foul, a capture, a check and an end."""
    game = sv.TsuitateGame("4k4/9/9/9/8p/9/9/9/4K3R b - 1", foul_limit=2)
    rulings = [game.push_usi("1i1c+")]  # slides through the hidden pawn: foul
    rulings.append(game.push_usi("1i1e"))  # takes the pawn
    rulings.append(game.push_usi("5a4a"))
    rulings.append(game.push_usi("1e4e"))  # check
    return game, rulings


def values():
    out = {}
    board = sv.Board()
    for mv in ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]:
        board.push_usi(mv)
    record = board.record(times=[1, 2, 3, 4, 5], black="先手", event="E")
    board.resign()
    out["outcome resign"] = board.outcome()
    out["record"] = board.record(times=[1, 2, 3, 4, 5], black="先手", event="E")
    out["record unfinished"] = record
    out["record read"] = sv.Record.read(record.kif(), "kif")
    mate = sv.Board("8k/9/8P/9/9/9/9/9/K8 b G 1")
    mate.push_usi("G*1b")
    out["outcome checkmate"] = mate.outcome()
    game, rulings = tsuitate_game()
    for i, ruling in enumerate(rulings):
        out[f"ruling {i}"] = ruling
        for color in (sv.BLACK, sv.WHITE):
            for j, a in enumerate(ruling.told[color]):
                out[f"announcement {i}.{color}.{j} {a.kind}"] = a
            event = ruling.event(color)
            if event is not None:
                out[f"event {i}.{color}"] = event
                if event.capture is not None:
                    out[f"capture {i}.{color}"] = event.capture
    for color in (sv.BLACK, sv.WHITE):
        out[f"view {color}"] = game.seen(color)
    lost = sv.TsuitateGame("4k4/9/9/9/8p/9/9/9/4K3R b - 1", foul_limit=1)
    ending = lost.push_usi("1i1c+")  # through the hidden pawn: a foul, and the limit
    out["ruling ending"] = ending
    out["announcement game over"] = ending.told[sv.WHITE][-1]
    out["event game over"] = ending.event(sv.BLACK)
    out["outcome foul limit"] = lost.outcome()
    out["view after the end"] = lost.seen(sv.WHITE)
    out["move"] = sv.Move.from_usi("7g7f")
    out["move promoting"] = sv.Move.from_usi("8h2b+")
    out["move drop"] = sv.Move.from_usi("P*5e")
    return out


VALUES = values()


def test_every_class_of_the_brief_is_covered():
    kinds = {type(v).__name__ for v in VALUES.values()}
    assert kinds >= {
        "Outcome", "Record", "Announcement", "Ruling", "PlayerView", "Event", "Capture", "Move"
    }
    assert {a.kind for a in VALUES.values() if isinstance(a, sv.Announcement)} >= {
        "attempted", "played", "foul", "opponent_moved", "capture", "check", "game_over"
    }


@pytest.mark.parametrize("name", sorted(VALUES))
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_value_pickles_back_equal(name, protocol):
    value = VALUES[name]
    back = pickle.loads(pickle.dumps(value, protocol=protocol))
    assert type(back) is type(value)
    assert back == value
    assert repr(back) == repr(value)


@pytest.mark.parametrize("name", sorted(VALUES))
@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy])
def test_a_value_copies_equal(name, how):
    value = VALUES[name]
    back = how(value)
    assert type(back) is type(value)
    assert back == value
    assert repr(back) == repr(value)


def test_a_copied_record_keeps_everything():
    record = VALUES["record"]
    back = pickle.loads(pickle.dumps(record))
    assert back.moves == record.moves
    assert back.times == record.times
    assert back.headers == record.headers
    assert back.end == record.end == "resign"
    assert back.kif() == record.kif()
    assert back.board().sfen() == record.board().sfen()


def test_a_player_view_pickles_as_what_its_seat_knows():
    game, _ = tsuitate_game()
    for color in (sv.BLACK, sv.WHITE):
        view = game.seen(color)
        data = pickle.dumps(view)
        back = pickle.loads(data)
        assert back == view
        assert back.sfen() == view.sfen()
        assert back.information_state == view.information_state
        assert back.events == view.events
        assert list(back.legal_moves) == list(view.legal_moves)
        assert back.observation_tensor().tolist() == view.observation_tensor().tolist()
        # The referee's true position is not in the pickle.
        assert back.sfen() != game.sfen()
        assert game.sfen().split()[0].encode() not in data
    # The two seats' views differ, and so do their pickles.
    assert game.seen(sv.BLACK) != game.seen(sv.WHITE)


def test_values_of_different_content_are_not_equal():
    assert VALUES["ruling 0"] != VALUES["ruling 1"]
    assert VALUES["view 0"] != VALUES["view 1"]
    assert VALUES["ruling 0"] != "ruling"
    assert VALUES["view 0"] != None  # noqa: E711 (the comparison is the test)


def test_a_bad_pickle_payload_is_a_shogi_error():
    for cls in (sv.Outcome, sv.Record, sv.Announcement, sv.Ruling, sv.PlayerView, sv.Event,
                sv.Capture):
        with pytest.raises(sv.ShogiError) as caught:
            cls._from_json("{" + "x" * 1_000_000)
        assert len(str(caught.value)) < 500


def test_values_cross_a_process_pool():
    sent = [VALUES["view 0"], VALUES["record"], VALUES["outcome foul limit"],
            VALUES["ruling 2"], VALUES["move drop"]]
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        # `list` is a builtin: the worker returns what it received, pickled
        # both ways.
        back = pool.apply_async(list, (sent,)).get(timeout=60)
    assert back == sent
