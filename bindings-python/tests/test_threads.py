"""Threads: an object is used by one call at a time. A call that finds it in
use raises ``BusyError`` at once (never blocks, never panics, changes
nothing); ``Board.perft``/``divide`` copy the position and leave the board
free; native players stay themselves in a match; long native calls release
the GIL. Every wait here is bounded (joins with timeouts, a faulthandler
guard)."""

import copy
import faulthandler
import pickle
import random
import threading
import time

import pytest

import shogi_variants as sv

GUARD = 120


@pytest.fixture(autouse=True)
def hang_guard():
    faulthandler.dump_traceback_later(GUARD, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def run_in_thread(fn):
    """Starts `fn` on a thread; returns (thread, box) where box gets its result or error."""
    box = {}

    def target():
        try:
            box["result"] = fn()
        except BaseException as e:  # noqa: BLE001 - reported to the test
            box["error"] = e

    t = threading.Thread(target=target, daemon=True)
    t.start()
    return t, box


def join(t, seconds=60):
    t.join(seconds)
    assert not t.is_alive(), "the worker thread did not finish in time"


def wait_until_busy(probe, t, seconds=30):
    """Waits until the worker `t` holds the object: `probe` (a call that keeps
    the GIL, so it cannot itself make the worker's call busy) raises
    BusyError. A call of the test's that released the GIL could otherwise
    take the object first and make the worker's own call fail."""
    deadline = time.monotonic() + seconds
    while t.is_alive() and time.monotonic() < deadline:
        try:
            probe()
        except sv.BusyError:
            return True
        time.sleep(0.0005)
    return False


def test_busy_error_is_a_shogi_error():
    assert issubclass(sv.BusyError, sv.ShogiError)
    assert issubclass(sv.BusyError, ValueError)
    assert "BusyError" in sv.__all__


def test_board_stays_usable_while_perft_runs():
    board = sv.Board()
    start = board.sfen()
    t, box = run_in_thread(lambda: board.perft(5))
    rounds = 0
    deadline = time.monotonic() + 60
    while t.is_alive() and time.monotonic() < deadline:
        # Before the fix: "Already borrowed" PanicException / RuntimeError.
        moves = list(board.legal_moves)
        assert len(moves) == 30 and len(board.legal_moves) == 30
        assert "7g7f" in board.legal_moves
        assert not board.is_game_over() and board.outcome() is None
        board.push(moves[rounds % len(moves)])
        board.push_usi("3c3d")
        board.pop()
        board.pop()
        assert board.divide(1)["7g7f"] == 1
        rounds += 1
    join(t)
    assert "error" not in box, box.get("error")
    assert box["result"] == 19_861_490
    assert rounds > 0, "perft finished before the board was used"
    assert board.sfen() == start and board.move_stack == []


def test_divide_leaves_board_usable():
    board = sv.Board()
    t, box = run_in_thread(lambda: board.divide(5))
    used = 0
    while t.is_alive():
        for m in board.legal_moves:
            board.push(m)
            board.pop()
        used += 1
        if used > 10_000:
            break
    join(t)
    assert "error" not in box, box.get("error")
    assert sum(box["result"].values()) == 19_861_490
    assert used > 0


def new_selfplay(n=16):
    pytest.importorskip("numpy")
    return sv.SelfPlay("minishogi", num_games=n, seed=3, max_plies=60)


def test_selfplay_used_by_another_thread_raises_busy_error():
    import numpy as np

    sp = new_selfplay()
    t, box = run_in_thread(lambda: sp.run_random(200_000))
    assert wait_until_busy(lambda: sp.legal_actions(0), t)
    busy = ok = 0
    deadline = time.monotonic() + 60
    calls = [
        lambda: sp.step_random(),
        lambda: sp.step(np.array([sp.legal_actions(i)[0] for i in range(len(sp))])),
        lambda: sp.reset(),
        lambda: sp.legal_actions(0),
        lambda: sp.plies(1),
        lambda: sp.game_at(2),
        lambda: sp.games_finished(),
        lambda: sp.observations,
        lambda: sp.action_masks,
        lambda: sp.run_random(1),
    ]
    i = 0
    while t.is_alive() and time.monotonic() < deadline:
        try:
            calls[i % len(calls)]()
            ok += 1
        except sv.BusyError as e:
            # Before the fix: a bare RuntimeError ("Already borrowed").
            assert "SelfPlay" in str(e) and "run_random" in str(e)
            busy += 1
        i += 1
    join(t)
    assert "error" not in box, box.get("error")
    assert busy > 0
    # Consistent afterwards: the masks are the games' legal actions.
    masks = sp.action_masks
    for g in range(len(sp)):
        assert list(np.flatnonzero(masks[g])) == sp.legal_actions(g)
    sp.step_random()


def test_selfplay_constants_answer_while_busy():
    sp = new_selfplay()
    t, box = run_in_thread(lambda: sp.run_random(100_000))
    seen = 0
    while t.is_alive() and seen < 1000:
        assert sp.num_games == 16 and len(sp) == 16 and sp.game == "minishogi"
        assert sp.max_plies == 60 and "SelfPlay" in repr(sp)
        seen += 1
    join(t)
    assert "error" not in box, box.get("error")


def test_native_player_stays_itself_during_a_match():
    # The player under test searches a fixed position to a fixed move; in a
    # match in another thread it must never be swapped for a random player.
    board = sv.Board("8k/9/8P/9/9/9/9/9/K8 b G 1")
    player = sv.SearchPlayer(depth=2)
    expected = player.choose(board)
    assert expected.usi() == "G*1b"
    t, box = run_in_thread(
        lambda: sv.play_match("minishogi", player, sv.RandomPlayer(1), games=400, max_plies=60)
    )
    assert wait_until_busy(player.new_game, t)
    answers = busy = 0
    deadline = time.monotonic() + 60
    while t.is_alive() and time.monotonic() < deadline:
        try:
            mv = player.choose(board)
            assert mv == expected, f"{mv} is not the search's move: the player was swapped"
            answers += 1
        except sv.BusyError as e:
            assert "SearchPlayer" in str(e) and "play_match" in str(e)
            busy += 1
        time.sleep(0.001)
    join(t)
    assert "error" not in box, box.get("error")
    assert busy > 0 or answers > 0
    assert box["result"].a == "search(depth 2)"
    assert player.choose(board) == expected


def test_python_player_touching_a_seated_native_player_gets_busy_error():
    native = sv.SearchPlayer(depth=1)

    class Meddler:
        name = "meddler"

        def choose(self, view):
            native.choose(view)  # the native player is in the match: BusyError
            return next(iter(view.legal_moves))

    with pytest.raises(sv.BusyError):
        sv.play_match("minishogi", native, Meddler(), games=2, max_plies=20)
    # Released after the match.
    assert native.choose(sv.Board(variant="minishogi")) is not None


def test_one_player_in_two_matches_at_once():
    player = sv.RandomPlayer(5)
    t, box = run_in_thread(
        lambda: sv.play_match("minishogi", player, sv.RandomPlayer(1), games=3000, max_plies=80)
    )
    assert wait_until_busy(player.new_game, t)
    outcomes = []
    deadline = time.monotonic() + 60
    while t.is_alive() and time.monotonic() < deadline:
        try:
            sv.play_match("minishogi", player, sv.RandomPlayer(2), games=1, max_plies=10)
            outcomes.append("ok")
        except sv.BusyError:
            outcomes.append("busy")
    join(t)
    assert "error" not in box, box.get("error")
    assert "busy" in outcomes


def ticks_during(call):
    """How often a Python thread got to run while `call` ran in this thread."""
    count = [0]
    done = threading.Event()

    def ticker():
        while not done.is_set():
            count[0] += 1
            time.sleep(0.0005)

    t = threading.Thread(target=ticker, daemon=True)
    t.start()
    time.sleep(0.05)
    before = count[0]
    start = time.monotonic()
    call()
    elapsed = time.monotonic() - start
    after = count[0]
    done.set()
    join(t)
    return after - before, elapsed


def test_search_player_releases_the_gil():
    board = sv.Board()
    ticks, elapsed = ticks_during(lambda: sv.SearchPlayer(time_ms=400).choose(board))
    assert elapsed > 0.1, "the search was too short to tell"
    # Holding the GIL, the ticker would not run at all during the search.
    assert ticks >= 10, (ticks, elapsed)


def test_native_match_releases_the_gil():
    ticks, elapsed = ticks_during(
        lambda: sv.play_match("minishogi", sv.SearchPlayer(time_ms=20), sv.RandomPlayer(1), games=6, max_plies=40)
    )
    assert elapsed > 0.1, "the match was too short to tell"
    assert ticks >= 10, (ticks, elapsed)


# --- every method of every game object, from four threads ---------------------
#
# Four threads share one object and call its methods at random. Each call
# either works, is refused by the game's rules (a ShogiError, IndexError for
# pop at the start), or finds the object in use and raises BusyError; nothing
# else (pyo3's bare RuntimeError "Already mutably borrowed", a panic, a
# TypeError) may come out. To make the calls meet, the Board is of a scripted
# variant whose hook gives the GIL away while the board is in a call (as any
# Python code run by a call may), and the games are pushed moves they refuse
# (an IllegalMoveError used to be built with the GIL released).


class GivesTheGilAway:
    """Standard shogi whose move filter lets another thread run."""

    def filter_moves(self, board, moves):
        time.sleep(0)
        return moves


YIELDING = sv.register_variant("yielding-standard", GivesTheGilAway())


def any_move(obj, r):
    moves = list(obj.legal_moves)
    return r.choice(moves) if moves else "7g7f"


def game_calls():
    """The calls every game class shares, by name: `f(obj, rng)`."""
    return {
        "__copy__": lambda o, r: copy.copy(o),
        "__deepcopy__": lambda o, r: copy.deepcopy(o),
        "__eq__": lambda o, r: o == o.copy(),
        "__reduce__": lambda o, r: pickle.loads(pickle.dumps(o)),
        "__repr__": lambda o, r: repr(o),
        "__str__": lambda o, r: str(o),
        "_repr_svg_": lambda o, r: o._repr_svg_(),
        "svg": lambda o, r: o.svg(selected="7g", lang="en"),
        "action": lambda o, r: o.action("7g7f"),
        "move_of": lambda o, r: o.move_of(o.action("7g7f")),
        "apply_chance": lambda o, r: o.apply_chance(r.randrange(10)),
        "apply_action": lambda o, r: o.apply_action(r.choice(["7g7f", "3c3d", "chance:3"])),
        "resign": lambda o, r: o.resign(r.choice([sv.BLACK, sv.WHITE, None])) if r.random() < 0.001 else None,
        "attackers": lambda o, r: o.attackers(sv.BLACK, "5e"),
        "is_attacked_by": lambda o, r: o.is_attacked_by(sv.WHITE, "5e"),
        "hand": lambda o, r: o.hand(sv.BLACK),
        "king": lambda o, r: o.king(sv.WHITE),
        "pieces": lambda o, r: o.pieces("P", sv.BLACK),
        "legal_moves": lambda o, r: (list(o.legal_moves), len(o.legal_moves), "7g7f" in o.legal_moves, repr(o.legal_moves)),
        "legal_squares": lambda o, r: o.legal_squares(r.choice(["7g", "P*", "2h"])),
        "observation": lambda o, r: o.observation_tensor(),
        "parse_square": lambda o, r: o.parse_square("5e"),
        "piece_at": lambda o, r: o.piece_at("5e"),
        "push": lambda o, r: o.push(any_move(o, r) if r.random() < 0.7 else "7g7f"),
        "push_usi": lambda o, r: o.push_usi(r.choice(["7g7f", "3c3d", "2g2f", "8c8d"])),
        "sfen": lambda o, r: o.sfen(dialect=r.choice(["usi", "lishogi", "fairy-stockfish"])),
        "usi": lambda o, r: o.usi(any_move(o, r) if r.random() < 0.7 else "7g7f", dialect="lishogi"),
        "variant_name_in": lambda o, r: o.variant_name_in("fairy-stockfish"),
        "seen": lambda o, r: o.seen(sv.WHITE),
        "square": lambda o, r: o.square(5, 5),
        "square_file": lambda o, r: o.square_file("5e"),
        "square_name": lambda o, r: o.square_name(40),
        "square_rank": lambda o, r: o.square_rank("5e"),
    }


def board_calls():
    calls = game_calls()
    calls.update(
        {
            "divide": lambda o, r: o.divide(1),
            "perft": lambda o, r: o.perft(1),
            "gives_check": lambda o, r: o.gives_check(any_move(o, r)),
            "is_capture": lambda o, r: o.is_capture(any_move(o, r)),
            "is_legal": lambda o, r: o.is_legal("7g7f"),
            "is_repetition": lambda o, r: o.is_repetition(2),
            "japanese": lambda o, r: o.japanese(any_move(o, r)),
            "western": lambda o, r: o.western(any_move(o, r)),
            "parse_japanese": lambda o, r: o.parse_japanese("▲７六歩"),
            "parse_western": lambda o, r: o.parse_western("P-7f"),
            "parse_usi": lambda o, r: o.parse_usi("7g7f"),
            "from_sfen": lambda o, r: o.from_sfen(o.sfen(dialect="fairy-stockfish"), dialect="fairy-stockfish"),
            "push_japanese": lambda o, r: o.push_japanese("▲７六歩"),
            "push_western": lambda o, r: o.push_western("P-7f"),
            "mate": lambda o, r: o.mate(nodes=50),
            "problem_from_sfen": lambda o, r: o.problem_from_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1"),
            "record": lambda o, r: o.record(black="a").kif(),
        }
    )
    return calls


def card_calls():
    calls = game_calls()
    calls.update(
        {
            "apply_draw": lambda o, r: o.apply_chance(r.randrange(10)),
            "draw": lambda o, r: o.chance_step(),
        }
    )
    return calls


def tsuitate_calls():
    calls = game_calls()
    calls.update(
        {
            "attempt": lambda o, r: o.push(any_move(o, r)),
            "fouls": lambda o, r: o.fouls(sv.BLACK),
            "resample": lambda o, r: o.resample(sv.BLACK, r.randrange(100)),
            "view": lambda o, r: o.seen(sv.WHITE).svg(),
        }
    )
    return calls


def record_calls():
    return {
        "__eq__": lambda o, r: o == o,
        "__len__": lambda o, r: len(o),
        "__reduce__": lambda o, r: pickle.loads(pickle.dumps(o)),
        "__repr__": lambda o, r: repr(o),
        "__str__": lambda o, r: str(o),
        "board": lambda o, r: o.board(),
        "header": lambda o, r: o.header("black"),
        "read": lambda o, r: o.read(o.kif()),
        "_from_json": lambda o, r: None,  # pickling's constructor: __reduce__ above
        # The tree's edits borrow the record to change it.
        "root": lambda o, r: tree_edit(o.root, r),
    }


def tree_edit(root, r):
    node = root.variation(0) if root.variations else root
    pick = r.random()
    if pick < 0.3:
        node.add_variation(r.choice(["3c3d", "8c8d", "1c1d", "1a1c"]), comment="side")
    elif pick < 0.5 and len(node.variations) > 1:
        node.remove_variation(node.variations[-1])
    elif pick < 0.6 and len(node.variations) > 1:
        node.variations[-1].promote()
    else:
        return [(n.move, n.board().sfen()) for n in root.mainline()]


def public_names(obj):
    """Every method and property of `obj`'s class that a user calls."""
    dunders = {"__copy__", "__deepcopy__", "__eq__", "__reduce__", "__repr__", "__str__", "__len__"}
    return {n for n in dir(type(obj)) if (not n.startswith("__") and n != "__init__") or n in dunders} - {
        "__init__",
        "__new__",
    }


def default_call(name):
    """A property is read; a method not in a table is called without arguments
    (one that needs some raises TypeError, which fails the test: give it its
    arguments in the table)."""

    def call(obj, r):
        attr = getattr(obj, name)
        return attr() if callable(getattr(type(obj), name)) else attr

    return call


def hammer(obj, calls, seconds=2.0, threads=4):
    """Runs every method and property of `obj` (`calls` for those that take
    arguments) from `threads` threads for `seconds`: how often a call worked,
    was refused or found the object busy, and anything else that came out."""
    calls = {name: calls.get(name) or default_call(name) for name in public_names(obj)}
    seen = {"ok": 0, "refused": 0, "busy": 0}
    bad = []
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    names = sorted(public_names(obj))

    def worker(seed):
        r = random.Random(seed)
        while time.monotonic() < deadline:
            name = r.choice(names)
            try:
                calls[name](obj, r)
                what = "ok"
            except sv.BusyError as e:
                what = "busy"
                if "in use" not in str(e):
                    with lock:
                        bad.append((name, "BusyError without its message", str(e)))
            except (sv.ShogiError, IndexError):
                what = "refused"
            except BaseException as e:  # noqa: BLE001 - what the test is about
                with lock:
                    bad.append((name, type(e).__name__, str(e)[:200]))
                what = "bad"
            with lock:
                seen[what] = seen.get(what, 0) + 1

    workers = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(threads)]
    for t in workers:
        t.start()
    for t in workers:
        join(t, seconds + 60)
    return seen, bad


def test_shared_board_of_a_hooked_variant_raises_only_busy_error():
    board = sv.Board(variant=YIELDING)
    seen, bad = hammer(board, board_calls())
    # Before the fix: RuntimeError("Already mutably borrowed") from sfen,
    # copy, to_json, move_stack and the others, "Already borrowed" from push.
    assert not bad, bad[:10]
    assert seen["busy"] > 0, seen  # the calls did meet
    assert seen["ok"] > 0, seen
    # Whole afterwards: the position is the moves replayed.
    replay = sv.Board(variant=YIELDING)
    for m in board.move_stack:
        replay.push(m)
    assert replay.sfen() == board.sfen()


@pytest.mark.parametrize(
    "make, calls",
    [
        (lambda: sv.Board(), board_calls),
        (lambda: sv.CardGame(seed=3), card_calls),
        (lambda: sv.TsuitateGame(), tsuitate_calls),
    ],
    ids=["Board", "CardGame", "TsuitateGame"],
)
def test_shared_game_raises_only_busy_error(make, calls):
    game = make()
    seen, bad = hammer(game, calls())
    # Before the fix: a refused push held the game while the GIL was
    # released, and the other threads' calls raised RuntimeError.
    assert not bad, bad[:10]
    assert seen["ok"] > 0, seen
    game.copy()
    game.to_json()


def test_shared_record_and_its_tree_raise_only_busy_error():
    board = sv.Board()
    for usi in ["7g7f", "3c3d", "2g2f", "8c8d"]:
        board.push_usi(usi)
    record = board.record()
    seen, bad = hammer(record, record_calls())
    assert not bad, bad[:10]
    assert seen["ok"] > 0, seen
    assert sv.Record.read(record.kif()).moves == record.moves
