"""The ``tablelog`` command: serve, list games, show a log, benchmark."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from service.store import DEFAULT_DATABASE, ENV_DATABASE


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablelog", description="Trustworthy records of games played at a table.")
    parser.add_argument("--database", help=f"sqlite:///file or postgresql://user@host/db "
                                           f"(default ${ENV_DATABASE}, else {DEFAULT_DATABASE})")
    # --database may also follow the command: "tablelog log <id> --database URL"
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--database", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", parents=[common], help="start the HTTP service and the scorekeeper's page")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--production", action="store_true", help="run gunicorn workers instead of Flask's server")
    serve.add_argument("--workers", type=int, default=2, help="gunicorn workers with --production")

    sub.add_parser("games", parents=[common], help="list the games in the database")
    log = sub.add_parser("log", parents=[common], help="print a game's log")
    log.add_argument("id")
    log.add_argument("--json", action="store_true", help="the log as JSON")

    bench = sub.add_parser("bench", parents=[common], help="measure recording, undo and replay costs (not a test)")
    bench.add_argument("--games", type=int, default=3, help="random Willi games to record for (a)")
    bench.add_argument("--events", type=int, default=5000, help="events in the long record for (b)")

    args = parser.parse_args(argv)
    database = args.database
    if args.command == "serve":
        return serve_command(database, args.host, args.port, args.production, args.workers)
    if args.command == "games":
        return games_command(database)
    if args.command == "log":
        return log_command(database, args.id, args.json)
    if args.command == "bench":
        from service.bench import run_bench
        return run_bench(database, args.games, args.events)
    return 2


def serve_command(database: str | None, host: str, port: int, production: bool, workers: int) -> int:
    from service.app import create_app
    if not production:
        app = create_app(database)
        print(f"tablelog on http://{host}:{port}/  (API docs: /api/docs)", flush=True)
        app.run(host=host, port=port, threaded=True)
        return 0
    from gunicorn.app.base import BaseApplication

    class Gunicorn(BaseApplication):
        def load_config(self):
            self.cfg.set("bind", f"{host}:{port}")
            self.cfg.set("workers", workers)
            self.cfg.set("threads", 4)
            self.cfg.set("accesslog", "-")

        def load(self):
            return create_app(database)

    Gunicorn().run()
    return 0


def _games(database: str | None):
    from service.games import Games
    from service.store import open_store
    return Games(open_store(database))


def games_command(database: str | None) -> int:
    games = _games(database)
    rows = 0
    for gid in games.ids():
        s = games.summary(games.history(gid))
        status = "finished" if s["finished"] else "to play: " + ", ".join(s["expected"]["seats"])
        scores = " ".join(f"{seat} {points}" for seat, points in s["scores"].items())
        print(f"{s['id']}  {s['game']:<14} {s['mode']:<7} moves {s['moves']:>4}  {scores}  ({status})")
        rows += 1
    if not rows:
        print("No games yet.")
    return 0


def log_command(database: str | None, game_id: str, as_json: bool) -> int:
    from service.games import ServiceError
    games = _games(database)
    try:
        log = games.log(game_id, None)
    except ServiceError as error:
        print(error.message, file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(log, indent=2))
        return 0
    for entry in log["entries"]:
        mark = " (undone)" if entry["undone"] else ""
        move = json.dumps(entry["move"], separators=(",", ":"))
        facts = "; ".join(f["fact"] + ("" if "seat" not in f else f" {f['seat']}") for f in entry["outcome"])
        print(f"{entry['index']:>4}. {move}{mark}  -> {facts}  [{entry['recorded_by']} {entry['recorded_at']}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
