"""Play every game of the library in a browser: a local site on 127.0.0.1.

    python -m shogi_variants.play [--port 8000] [--data DIR] [--patience 30]

(needs the ``play`` extra: ``pip install shogi-variants[play]``, which is
aiohttp). The lobby page picks a game (the five, their compositions over
minishogi, every shipped definition and the shogi family's) and its house
rules from the game pages' tables, a turn time limit (none, 30 s, 60 s) and
what happens over it, who starts, and whether the CPU or a second tab takes
the other seat. Each seat is a link: a tab shows only what that seat may
know, reopening the link returns to the seat, and a seat that stays empty
past ``--patience`` seconds is played by the CPU. Tables and ratings are
kept in ``--data`` and survive a restart.

The rules are all the library's (``Session`` holds the house rules too);
``tables.py`` is the site without a web framework, ``server.py`` its aiohttp
front: a reference for site authors.
"""

from .tables import Lobby, PlayError, Ratings, Table, catalog

__all__ = ["Lobby", "PlayError", "Ratings", "Table", "catalog"]
