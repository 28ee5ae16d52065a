"""The play site in a real browser: Debian's Chromium driven by Playwright
(issue 37). Whole games are clicked through the pages, in each of the five
games (two tabs, or a tab and the CPU); a Tsuitate game checks that neither
tab's page ever holds a hidden piece; a closed tab returns to its seat; the
turn timer runs out; a screenshot of each game is saved in
``target/play-screenshots``.

Needs ``playwright`` (pip) and Chromium (``apt-get install chromium``,
``scripts/test-all.sh`` installs both); without them the tests skip, except
under CI, where they fail.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from conftest import REPO

CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), None)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = os.path.join(REPO, "target", "play-screenshots")


def need_browser():
    try:
        import playwright.sync_api  # noqa: F401
        import aiohttp  # noqa: F401
    except ImportError as e:
        missing = f"the browser tests need playwright and aiohttp ({e})"
    else:
        if CHROMIUM is not None:
            return
        missing = "the browser tests need Chromium (apt-get install chromium)"
    if os.environ.get("CI"):
        pytest.fail(missing)
    pytest.skip(missing)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    need_browser()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = tmp_path_factory.mktemp("play-data")
    server = subprocess.Popen(
        [sys.executable, "-m", "shogi_variants.play", "--port", str(port), "--data", str(data), "--patience", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/catalog", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        server.kill()
        pytest.fail(f"the play server did not start: {server.stdout.read().decode()[-2000:]}")
    yield base
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(site):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def new_table(browser, site, game, settings=None, opponent="cpu", seat="black", turn_time=""):
    """The creator's page at its seat after the lobby's form is filled in,
    and the link for the other seat (``None`` against the CPU)."""
    page = browser.new_context().new_page()
    page.goto(site + "/")
    page.select_option("#game", game)
    for key, label in (settings or {}).items():
        page.select_option(f"select[name='setting:{key}']", label=label)
    page.select_option("select[name=opponent]", opponent)
    page.select_option("select[name=seat]", seat)
    page.select_option("select[name=turn_time]", turn_time)
    page.click("#create")
    page.wait_for_url("**/t/**")
    page.wait_for_selector("body[data-seat]")
    join = page.locator("#join a").get_attribute("href") if opponent == "person" else None
    return page, join


def open_seat(browser, site, link):
    page = browser.new_context().new_page()
    page.goto(site + link)
    page.wait_for_selector("body[data-seat]")
    return page


def click_move(page, rng):
    """Plays a random legal move by clicking: the piece (or the piece in
    hand), the marked square, and the promotion choice when one is asked."""
    legal = page.evaluate("document.body.dataset.legal").split()
    move = rng.choice(legal)
    plies = int(page.evaluate("document.body.dataset.plies"))
    seat = page.evaluate("document.body.dataset.seat")
    if "*" in move:
        kind, to = move.split("*")
        page.click(f".hand-item[data-color='{seat}'][data-kind='{kind}']")
    else:
        page.click(f"g.piece.{seat}[data-square='{move[:2]}']")
        to = move[2:4]
    page.wait_for_selector(f"circle.legal[data-square='{to}']", timeout=5000)
    page.click(f"circle.legal[data-square='{to}']", force=True)
    if page.locator("#choices button").count():
        page.click(f"#choices button[data-move='{move}']")
    page.wait_for_function(f"Number(document.body.dataset.plies) > {plies} || document.body.dataset.over !== ''",
                           timeout=15000)
    return move


def play_out(pages, rng, max_moves, watch=None):
    """Clicks moves in whichever page is to move until the game ends."""
    for _ in range(max_moves):
        if pages[0].evaluate("document.body.dataset.over"):
            return pages[0].evaluate("document.body.dataset.over")
        movers = [p for p in pages if p.evaluate("document.body.dataset.toMove === document.body.dataset.seat")]
        if not movers:  # the CPU is thinking
            pages[0].wait_for_function("document.body.dataset.over !== '' || document.body.dataset.toMove === document.body.dataset.seat", timeout=20000)
            continue
        click_move(movers[0], rng)
        if watch:
            watch()
    return None


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.mark.parametrize("game,settings,seat", [
    ("standard", {}, "black"),
    ("minishogi", {}, "white"),
    ("card", {"base": "minishogi"}, "black"),
])
def test_a_whole_game_against_the_cpu_clicked_in_a_tab(browser, site, game, settings, seat):
    page, _ = new_table(browser, site, game, settings, seat=seat)
    if game == "card":
        assert page.inner_text("#card").startswith("Card drawn: ")
    over = play_out([page], random.Random(7), 400)
    shot(page, game)
    assert "null" not in page.inner_text("#side")
    assert over, f"{game}: no end in 400 moves"
    assert "Game over" in page.inner_text("#status")


def test_a_whole_must_capture_game_between_two_tabs(browser, site):
    a, join = new_table(browser, site, "must-capture", {"base": "minishogi"}, opponent="person")
    b = open_seat(browser, site, join)
    over = play_out([a, b], random.Random(3), 400)
    shot(a, "must-capture")
    assert over and "Game over" in b.inner_text("#status")


def test_a_tsuitate_game_between_two_tabs_never_shows_a_hidden_piece(browser, site):
    a, join = new_table(browser, site, "tsuitate", {"base": "minishogi"}, opponent="person")
    b = open_seat(browser, site, join)

    def hidden_nowhere():
        for page, other in ((a, "white"), (b, "black")):
            if not page.evaluate("document.body.dataset.over"):
                assert page.locator(f"g.piece.{other}").count() == 0, "a hidden piece is on the page"

    over = play_out([a, b], random.Random(5), 400, watch=hidden_nowhere)
    assert over
    # Both boards are opened at the end: now each page shows the other's pieces.
    a.wait_for_selector("g.piece.white")
    shot(a, "tsuitate")


def test_a_closed_tab_returns_to_its_seat(browser, site):
    a, join = new_table(browser, site, "minishogi", opponent="person")
    b = open_seat(browser, site, join)
    click_move(a, random.Random(1))
    b.wait_for_function("document.body.dataset.toMove === 'white'")
    board = b.inner_html("#board")
    b.context.close()
    again = open_seat(browser, site, join)
    assert again.evaluate("document.body.dataset.plies") == "1"
    assert again.inner_html("#board") == board
    click_move(again, random.Random(2))
    a.wait_for_function("document.body.dataset.plies === '2'")


def test_the_turn_timer_runs_out_in_the_page(browser, site):
    page, join = new_table(browser, site, "minishogi", opponent="person", turn_time="30")
    assert "Time left" in page.inner_text("#clock")
    page.wait_for_function("document.body.dataset.over === 'timeout'", timeout=40000)
    assert "time" in page.inner_text("#status")
    shot(page, "timeout")
