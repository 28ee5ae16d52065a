"""The CSA protocol client (issue 35, item 5): ``play_csa_game`` (Rust's
``shogi_players::csa_client``) and the ``csa`` binary, against sessions
of shogi-server, the server floodgate runs, replayed line by line by a
scripted server on 127.0.0.1 (shogi-players/tests/data/csa-sessions: no CSA
server can be installed from PyPI, npm, crates.io or Debian; SOURCES.md
there). The client's player plays the session's own moves (the Python
player path), and the client must send exactly the session's client lines,
``%KACHI`` of its own accord, and report the session's result.
"""

from __future__ import annotations

import pathlib
import socket
import threading

import pytest

import shogi_variants as sv
from conftest import cargo_binary

SESSIONS = pathlib.Path(__file__).resolve().parents[2] / "shogi-players" / "tests" / "data" / "csa-sessions"
CLOSED = "# (connection closed by server)"


def _lines(name: str) -> list[tuple[str, str]]:
    out = []
    for line in (SESSIONS / name).read_text(encoding="utf-8").splitlines():
        if line == CLOSED:
            out.append(("closed", ""))
        elif line.startswith(("S: ", "C: ")) or line in ("S:", "C:"):
            out.append((line[0], line[3:]))
    return out


class ReplayServer(threading.Thread):
    """Replays a session's server side on 127.0.0.1: sends each ``S:`` line,
    reads a line for each ``C:`` line and keeps it with the one expected."""

    def __init__(self, name: str):
        super().__init__(daemon=True)
        self.script = _lines(name)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.port = self.sock.getsockname()[1]
        self.exchanged: list[tuple[str, str]] = []
        self.start()

    def run(self) -> None:
        conn, _ = self.sock.accept()
        conn.settimeout(20)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        reader = conn.makefile("rb")
        try:
            for kind, text in self.script:
                if kind == "S":
                    conn.sendall(text.encode("utf-8") + b"\n")
                elif kind == "C":
                    got = reader.readline().decode("utf-8").rstrip("\n")
                    self.exchanged.append((text, got))
                else:
                    break
        except OSError:
            pass
        finally:
            reader.close()
            conn.close()
            self.sock.close()

    def mismatches(self) -> list[tuple[str, str]]:
        self.join(10)
        return [(want, got) for want, got in self.exchanged if want != got]


CODES = {"FU": "P", "KY": "L", "KE": "N", "GI": "S", "KI": "G", "KA": "B", "HI": "R"}
PROMOTED = {"TO", "NY", "NK", "NG", "UM", "RY"}


class SessionPlayer:
    """Plays a session's client moves in order (``%TORYO``: no move)."""

    name = "session"

    def __init__(self, name: str):
        self.moves = [t for k, t in _lines(name) if k == "C" and (t[:1] in "+-" and t or t == "%TORYO")]

    def choose(self, board):
        # The client asks about a position with moves, also where our rules
        # ended the game a move before the server (sennichite_black)
        assert list(board.legal_moves), board.sfen()
        while self.moves and self.moves[0] == "%KACHI":
            self.moves.pop(0)
        text = self.moves.pop(0).split(",")[0] if self.moves else "%TORYO"
        if text == "%TORYO":
            return None
        square = lambda f, r: f"{f}{chr(ord('a') + int(r) - 1)}"  # noqa: E731
        to = square(text[3], text[4])
        if text[1:3] == "00":
            return f"{CODES[text[5:7]]}*{to}"
        usi = square(text[1], text[2]) + to
        legal = {m.usi() for m in board.legal_moves}
        return usi + "+" if text[5:7] in PROMOTED and usi + "+" in legal else usi


def _expected(name: str) -> tuple[str, str | None]:
    words = [t[1:] for k, t in _lines(name) if k == "S" and t.startswith("#")]
    result = words[-1].lower()
    reason = words[-2] if len(words) > 1 else None
    return {"censored": "censored", "win": "win", "lose": "lose", "draw": "draw"}[result], reason


PLAYED = [
    "resign_black.txt",
    "resign_white.txt",
    "kachi_black.txt",
    "kachi_white.txt",
    "sennichite_black.txt",
    "sennichite_white.txt",
    "maxmoves_black.txt",
    "maxmoves_white.txt",
    "illegal_white.txt",
    "timeup_black.txt",
    "timeup_white.txt",
]
# Not replayed as games: illegal_black (its client sends an illegal move,
# which ours never does), floodgate_comment_* (their clients send comments
# and keep-alive lines, ours neither), reject_*, bad_login and
# keepalive_logout (no game; the refusals are tested below).


@pytest.mark.parametrize("name", PLAYED)
def test_the_client_plays_shogi_servers_sessions_line_by_line(name):
    server = ReplayServer(name)
    login = next(t for k, t in _lines(name) if k == "C" and t.startswith("LOGIN")).split()
    game = sv.play_csa_game("127.0.0.1", server.port, login[1], login[2], SessionPlayer(name), timeout=20)
    assert server.mismatches() == [], name
    assert len(server.exchanged) == sum(k == "C" for k, _ in _lines(name)), name
    result, reason = _expected(name)
    assert (game["result"], game["reason"]) == (result, reason), name
    color = next(t for k, t in _lines(name) if k == "S" and t.startswith("Your_Turn:"))[-1]
    assert game["color"] == (sv.BLACK if color == "+" else sv.WHITE)
    moves = [t.split(",")[0] for k, t in _lines(name) if k == "S" and t[:1] in "+-" and t[1:2].isdigit()]
    assert len(game["moves"]) == len(moves)
    assert game["transcript"][0] == "C: " + " ".join(login)
    # the moves replay to a game our rules accept (shogi-server does not
    # count the start position among a repetition's four: its #SENNICHITE
    # comes one move after our rules end the game, the move after it is
    # one more of the cycle)
    board = sv.Board()
    for i, usi in enumerate(game["moves"]):
        if board.is_game_over():
            assert game["reason"] == "SENNICHITE" and i == len(game["moves"]) - 1, (name, i)
            break
        board.push_usi(usi)


def test_kachi_is_declared_by_the_27_point_rule():
    # The declaring side's position before %KACHI: our own count agrees.
    server = ReplayServer("kachi_white.txt")
    game = sv.play_csa_game("127.0.0.1", server.port, "mike", "test-1500-0-W,pww", SessionPlayer("kachi_white.txt"))
    board = sv.Board(impasse="27")
    for usi in game["moves"]:
        board.push_usi(usi)
    assert board.turn == sv.WHITE and game["reason"] == "JISHOGI" and game["result"] == "win"
    assert server.mismatches() == []


@pytest.mark.parametrize(
    "name, user, password, error",
    [
        ("reject_black.txt", "carol", "test-60-5F-B,pwb", "rejected"),
        ("bad_login.txt", "bad", "x", "refused the login"),
    ],
)
def test_refusals_raise(name, user, password, error):
    server = ReplayServer(name)
    with pytest.raises(sv.CsaProtocolError, match=error):
        sv.play_csa_game("127.0.0.1", server.port, user, password, sv.RandomPlayer(1), timeout=20)
    server.join(10)


def test_no_server_is_a_connection_error():
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    with pytest.raises(sv.CsaProtocolError, match="cannot connect"):
        sv.play_csa_game("127.0.0.1", port, "me", "pw", sv.RandomPlayer(1), timeout=1)
    with pytest.raises(sv.SettingError, match="timeout"):
        sv.play_csa_game("127.0.0.1", port, "me", "pw", sv.RandomPlayer(1), timeout=-1)


def _client_path() -> str:
    return cargo_binary("csa", "SHOGI_CSA_CLIENT")


class RandomServer(threading.Thread):
    """A game server of a few lines (ours, for the binary's plumbing; the
    protocol itself is checked against shogi-server's sessions above): the
    summary, then a random legal reply to each move for ``plies`` plies,
    then ``%TORYO``, ``#RESIGN``, ``#LOSE``."""

    def __init__(self, plies: int):
        super().__init__(daemon=True)
        self.plies = plies
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.port = self.sock.getsockname()[1]
        self.board = sv.Board()
        self.start()

    def run(self) -> None:
        import random

        rng = random.Random(3)
        conn, _ = self.sock.accept()
        conn.settimeout(30)
        f = conn.makefile("rwb")

        def send(line):
            f.write(line.encode() + b"\n")
            f.flush()

        name = f.readline().decode().split()[1]
        send(f"LOGIN:{name} OK")
        summary = _lines("resign_black.txt")
        begin = summary.index(("S", "BEGIN Game_Summary"))
        end = summary.index(("S", "END Game_Summary"))
        for _, text in summary[begin : end + 1]:
            send(text)
        f.readline()  # AGREE
        send("START:g")
        reverse = {v: k for k, v in CODES.items()}
        while len(self.board.move_stack) < self.plies:
            line = f.readline().decode().strip()
            send(line + ",T1")
            to = f"{line[3]}{chr(ord('a') + int(line[4]) - 1)}"
            usi = (
                f"{CODES[line[5:7]]}*{to}"
                if line[1:3] == "00"
                else f"{line[1]}{chr(ord('a') + int(line[2]) - 1)}{to}"
            )
            legal = {m.usi() for m in self.board.legal_moves}
            self.board.push_usi(usi + "+" if line[5:7] in PROMOTED and usi + "+" in legal else usi)
            reply = rng.choice(list(self.board.legal_moves))
            self.board.push(reply)
            u = reply.usi()
            dest = u[2:4]
            if "*" in u:
                frm, kind = "00", reverse[u[0]]
            else:
                # the piece as it stands after the move, by its SFEN letter
                frm, letter = f"{u[0]}{ord(u[1]) - 96}", str(self.board.piece_at(dest)).upper()
                kind = {**reverse, "K": "OU", "+P": "TO", "+L": "NY", "+N": "NK", "+S": "NG", "+B": "UM", "+R": "RY"}[letter]
            send(f"-{frm}{dest[0]}{ord(dest[1]) - 96}{kind},T1")
        send("%TORYO")
        send("#RESIGN")
        send("#LOSE")
        f.close()
        conn.close()


def test_the_csa_binary_plays_a_whole_game_and_reports_it():
    import subprocess

    server = RandomServer(plies=30)
    done = subprocess.run(
        [_client_path(), "127.0.0.1", str(server.port), "lena", "test-1500-0-B,pwb", "--nodes", "300"],
        capture_output=True, text=True, timeout=120,
    )
    server.join(10)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("game research+test-60-10+alice+bob") and "as black: Lose (RESIGN) after 30 moves" in done.stdout, done.stdout
    rejected = ReplayServer("reject_black.txt")
    done = subprocess.run(
        [_client_path(), "127.0.0.1", str(rejected.port), "carol", "test-60-5F-B,pwb"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1 and "rejected" in done.stderr, done.stderr
    done = subprocess.run([_client_path(), "127.0.0.1", "no-port", "a", "b"], capture_output=True, text=True)
    assert done.returncode == 2 and "port" in done.stderr
