"""``python -m shogi_variants.play``: serves the play site on 127.0.0.1."""

import argparse
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m shogi_variants.play", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--data", default=None, help="folder the tables and ratings are kept in")
    parser.add_argument("--patience", type=float, default=30.0,
                        help="seconds an empty seat waits before the CPU plays it (default 30)")
    args = parser.parse_args(argv)
    try:
        from .server import serve
    except ImportError as e:  # aiohttp is the play extra
        print(f"the play site needs aiohttp: pip install shogi-variants[play] ({e})", file=sys.stderr)
        return 2
    serve(args.host, args.port, args.data, args.patience)
    return 0


if __name__ == "__main__":
    sys.exit(main())
