"""The ``tablelog`` command: serve, keep the views, list games, show a log,
replay and verify, export and import records, draw score charts, benchmark."""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Sequence

from domain.words import N_, filled, said as message
from service.ops import terminal
from service.ops.terminal import Failure, fail, print_json, progress, said, shown
from service.settings import Settings, SettingsError, load
from service.store.history import MigrationLocked
from service.store.shards import ENV_SHARDS, shard_urls
from service.settings import DEFAULT_DATABASE
from service.store.database import ENV_DATABASE, DatabaseURLError, database_url

CHART_FORMATS = ("svg", "png")
ID_HELP = "a game's id, or the start of it that no other game's id shares (at least 4 hex digits)"
SHARD_HELP = (f"another database games are spread over, after --database (shard 0); repeat it for each, "
              f"always in the same order, new ones at the end (default ${ENV_SHARDS})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tablelog", description="Trustworthy records of games played at a table.")
    parser.add_argument("--version", action="version", version=f"tablelog {installed_version()}")
    parser.add_argument("--lang", help="the language of the command's sentences (en, de; default: LANGUAGE, "
                                       "LC_ALL, LC_MESSAGES or LANG, else English)")
    parser.add_argument("--database", help=f"sqlite:///file or postgresql://user@host/db "
                                           f"(default ${ENV_DATABASE}, else {DEFAULT_DATABASE})")
    parser.add_argument("--shard", action="append", metavar="URL", help=SHARD_HELP)
    # --database may also follow the command: "tablelog log <id> --database URL"
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--database", default=argparse.SUPPRESS, metavar="URL",
                        help=f"sqlite:///file or postgresql://user:password@host:port/db (default "
                             f"${ENV_DATABASE}, else {DEFAULT_DATABASE} in the working directory)")
    common.add_argument("--shard", action="append", default=argparse.SUPPRESS, metavar="URL", help=SHARD_HELP)
    sub = parser.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", parents=[common], help="start the HTTP service and the scorekeeper's page")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument("--production", action="store_true", help="run several workers (gunicorn, each serving with waitress) instead of Flask's server")
    serve.add_argument("--workers", type=int, default=2, help="worker processes with --production")
    serve.add_argument("--no-views", action="store_true",
                       help="with --production: run no views runner beside the workers (tablelog views runs "
                            "it elsewhere)")

    views = sub.add_parser("views", parents=[common],
                           help="keep the game list and players' views up to date, in a process of its own "
                                "(until SIGTERM or SIGINT)")
    views.add_argument("--health-file", metavar="FILE",
                       help="write FILE every few seconds while the runner works and did not fail its last "
                            "try; removed when it fails or stops (a container's health check reads its age)")
    views.add_argument("--stop-with-parent", action="store_true",
                       help="stop when the process that started this one ends (serve --production starts "
                            "its runner so)")

    sub.add_parser("invite", parents=[common], help="make an invite to the default group (its games: those "
                   "recorded before groups)")
    games = sub.add_parser("games", parents=[common], help="list the games in the database")
    games.add_argument("--json", action="store_true", help="the list as JSON")
    log = sub.add_parser("log", parents=[common], help="print a game's log")
    log.add_argument("id", help=ID_HELP)
    log.add_argument("--json", action="store_true", help="the log as JSON")

    replay = sub.add_parser("replay", help="rebuild the views or verify stored games")
    replay_sub = replay.add_subparsers(dest="replay_command", required=True)
    replay_sub.add_parser("rebuild", parents=[common],
                          help="drop the game list and player views and rebuild them from the log")
    verify = replay_sub.add_parser("verify", parents=[common],
                                   help="replay stored games through the current rules, check the hash chain")
    verify.add_argument("ids", nargs="*", metavar="id", help=ID_HELP)
    verify.add_argument("--json", action="store_true", help="the verdicts as JSON")
    verify.add_argument("--all", action="store_true", help="every game in the database")
    verify.add_argument("--record", metavar="FILE", help="an exported JSON Lines record instead (its own chain "
                                                          "only: no database, no key)")

    from replay.records import FORMAT_NAMES
    export = sub.add_parser("export", parents=[common], help="write a game's record")
    export.add_argument("id", help=ID_HELP)
    export.add_argument("--format", "-f", choices=sorted(FORMAT_NAMES), default="jsonl",
                        help="jsonl (also json, ndjson): the stored events; text (also tablelog-text, txt; "
                             "pgn accepted): tablelog's readable record")
    export.add_argument("--seat", help="as this seat may see it (hides other hands in a digital game)")
    export.add_argument("--out", "--output", "-o", help="a file (default: standard output)")
    importer = sub.add_parser("import", parents=[common], help="create a new game from a record (either format)")
    importer.add_argument("file", help="a record file, or - for standard input")
    importer.add_argument("--format", "-f", choices=sorted(FORMAT_NAMES), help="default: as the record looks")
    importer.add_argument("--json", action="store_true", help="the new game (id, tokens, receipt) as JSON")
    chart = sub.add_parser("chart", parents=[common], help="draw a game's score timeline")
    chart.add_argument("id", help=ID_HELP)
    chart.add_argument("--out", "--output", "-o",
                       help="file.svg or file.png (default: <id>.svg, or <id>.png with --format png)")
    chart.add_argument("--format", "-f", choices=CHART_FORMATS, help="default: as --out ends, else svg")

    migrate = sub.add_parser("migrate", parents=[common],
                             help="create the tables, views and append-only trigger (with the tables' owner's URL)")
    migrate.add_argument("--status", action="store_true",
                         help="list the migrations each database has had and has pending; apply none")
    migrate.add_argument("--json", action="store_true", help="the migrations applied and pending as JSON")
    migrate.add_argument("--service-role", help="PostgreSQL: the role tablelog serve runs as; it is granted what "
                                                "the service needs and owns no table")

    key = sub.add_parser("key", help="tablelog's key, kept outside the database (seals seeds, anchors heads)")
    key_sub = key.add_subparsers(dest="key_command", required=True)
    key_init = key_sub.add_parser("init", help="create the key file (mode 0600; refuses to overwrite one)")
    key_rotate = key_sub.add_parser("rotate", help="add a new current key; older ones still check what they made")
    key_sub.add_parser("where", help="say where the key is read from")
    accept = key_sub.add_parser("accept-head", parents=[common],
                                help="take a game's record as ending where it stands, though its anchor cannot "
                                     "vouch for it (a key not held, an anchor deleted): written in the record")
    accept.add_argument("id", help="the game")
    accept.add_argument("--by", required=True, help="who decides (kept in the record)")
    accept.add_argument("--why", required=True, help="why (kept in the record)")
    for command in (key_init, key_rotate):
        command.add_argument("--file", help="the key file (default $TABLELOG_KEY_FILE, else the user's "
                                            "configuration folder)")
    key_init.add_argument("--exist-ok", action="store_true", help="a key file already there is fine (exit 0)")

    bench = sub.add_parser("bench", parents=[common], help="measure recording, undo and replay costs (not a test)")
    bench.add_argument("--games", type=int, default=3, help="random Willi games to record for (a)")
    bench.add_argument("--events", type=int, default=5000, help="events in the long record for (b)")
    bench.add_argument("--taps", type=int, default=30, help="taps on the page at move 3 and at move 300 for (d)")
    bench.add_argument("--browser", action="store_true",
                       help="(d) also in Chromium (/usr/bin/chromium through Playwright, from the test extras)")
    bench.add_argument("--smoke", action="store_true",
                       help="every measure once over, briefly: the suite's check that the bench runs (no figures)")
    bench.add_argument("--load", action="store_true",
                       help="instead: the production server under a bounded loopback load, with each of --workers, "
                            "on SQLite and on the PostgreSQL --database if one is given")
    bench.add_argument("--live", action="store_true",
                       help="instead: how soon a second page shows a move, and the move p99 of one production "
                            "worker with --watchers idle pages watching ÷ without them")
    bench.add_argument("--layers", action="store_true",
                       help="instead: where a recorded move's time goes, the framework's layers and the handler's "
                            "work, --rounds times over --games games")
    bench.add_argument("--rounds", type=int, default=5, help="--layers: rounds (default 5)")
    bench.add_argument("--watchers", type=int, default=100, help="--live: idle pages watching (default 100)")
    bench.add_argument("--seconds", type=float, default=60, help="--load: seconds of load per server")
    bench.add_argument("--clients", type=int, default=16, help="--load: clients recording games of their own")
    bench.add_argument("--racers", type=int, default=4, help="--load: clients racing on one game")
    bench.add_argument("--workers", default="2,1", type=worker_counts, metavar="N[,N...]",
                       help="--load: the worker counts to serve with, one server each (default 2,1)")
    bench.add_argument("--shards", default=(1,), type=shard_counts, metavar="N[,N...]",
                       help="--load on PostgreSQL: the shard counts to serve with (the --database and "
                            "<its name>_1, _2, ... on its server, made when missing; default 1)")
    bench.add_argument("--skip-sqlite", action="store_true", help="--load: PostgreSQL only")
    bench.add_argument("--connection", choices=("kept", "per-request"), default="kept",
                       help="--load: each client keeps its connection alive (default, as browsers do) or "
                            "opens one per request")
    bench.add_argument("--service-role", help="--load on PostgreSQL: the role the servers run as (the "
                                              "--database URL is the tables' owner's; tablelog migrate is run)")

    args = parser.parse_args(argv)
    terminal.spoken["language"] = terminal.reader_language(args.lang)
    try:
        return run(args)
    except Failure as failure:
        return fail(failure.message, failure.status)
    except BrokenPipeError:
        # The reader went away (``tablelog log --json | head``): stop quietly,
        # and keep Python from complaining when it flushes at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (DatabaseURLError, SettingsError) as error:
        return fail(str(error), 2)
    except MigrationLocked as error:
        return fail(str(error))
    except Exception as error:
        if not unreachable_database(error):
            raise
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return fail(f"cannot open the database {shown(database_url(args.database))}: {reason}")


def installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("tablelog")
    except PackageNotFoundError:       # run from a checkout that was never installed
        return "(not installed)"


def counts_of(what: str, most: int):
    """The parser of ``2,1``: the load bench's ``what`` counts, 1 to ``most`` each."""
    def parse(text: str) -> tuple[int, ...]:
        try:
            counts = tuple(int(part) for part in text.split(","))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} counts are numbers separated by commas, not {text!r}") from None
        if not counts or any(not 1 <= count <= most for count in counts):
            raise argparse.ArgumentTypeError(f"each {what} count is 1 to {most}, not {text!r}")
        return counts
    return parse


worker_counts = counts_of("worker", 8)
shard_counts = counts_of("shard", 8)


def unreachable_database(error: Exception) -> bool:
    """A database that does not answer or cannot be opened: a server that is
    down, a database that does not exist, a file in a missing folder."""
    import psycopg
    from eventsourcing.persistence import InterfaceError, OperationalError
    return isinstance(error, (psycopg.OperationalError, InterfaceError, OperationalError))


def run(args: argparse.Namespace) -> int:
    # The settings, read and checked once; the command line's --database and --shard first.
    settings = load(database_url=args.database, shards=args.shard or None)
    database, shards = settings.database_url, settings.shards
    if args.command == "serve":
        return serve_command(settings, args.host, args.port, args.production, args.workers, not args.no_views)
    if args.command == "views":
        from service.ops.views_runner import run_views
        return run_views(settings, args.health_file, args.stop_with_parent)
    if args.command == "games":
        return games_command(database, shards, args.json)
    if args.command == "invite":
        from service.ops.inviting import invite_command
        return invite_command(database, shards)
    if args.command == "log":
        return log_command(database, shards, args.id, args.json)
    if args.command == "replay" and args.replay_command == "rebuild":
        return rebuild_command(database, shards)
    if args.command == "replay" and args.record:
        return verify_record_command(args.record, args.json)
    if args.command == "replay":
        return verify_command(database, shards, args.ids, args.all, args.json)
    if args.command == "export":
        return export_command(database, shards, args.id, args.format, args.seat, args.out)
    if args.command == "import":
        return import_command(database, shards, args.file, args.format, args.json)
    if args.command == "chart":
        return chart_command(database, shards, args.id, args.out, args.format)
    if args.command == "migrate":
        from service.ops.migrating import migrate_command
        return migrate_command(database, shards, args.service_role, args.status, args.json)
    if args.command == "key" and args.key_command == "accept-head":
        return accept_head_command(database, shards, args.id, args.by, args.why)
    if args.command == "key":
        return key_command(args.key_command, getattr(args, "file", None), getattr(args, "exist_ok", False))
    if args.command == "bench" and args.load:
        from service.ops.loadbench import run_load_bench
        postgres = database if database and database.startswith("postgres") else None
        return run_load_bench(not args.skip_sqlite, postgres, max(0, min(args.clients, 64)),
                              max(0, min(args.racers, 16)), max(1.0, min(args.seconds, 600.0)), args.service_role,
                              args.workers, args.shards, args.connection == "kept")
    if args.command == "bench" and args.live:
        from service.ops.bench_live import run_live_bench
        return run_live_bench(max(1, min(args.watchers, 500)), max(1, min(args.taps, 200)), args.smoke)
    if args.command == "bench" and args.layers:
        from service.ops.bench import run_layers
        return run_layers(database, max(1, min(args.games, 50)), max(1, min(args.rounds, 50)))
    if args.command == "bench":
        from service.ops.bench import run_bench
        return run_bench(database, args.games, args.events, args.taps, args.browser, args.smoke)
    return 2


def key_command(command: str, file: str | None, exist_ok: bool = False) -> int:
    from service.store import keys
    path = Path(file).expanduser() if file else keys.key_path()
    if command == "where":
        if keys.configured()[keys.ENV_KEY]:
            print(f"${keys.ENV_KEY} (the key itself, from the environment)")
        else:
            print(f"{path}{'' if path.exists() else ' (not created yet: tablelog key init)'}")
        return 0
    try:
        if command == "init":
            keys.init_key_file(path)
            print(f"tablelog: created the key {path} (mode 0600). Keep a copy apart from the database: without "
                  "it sealed seeds cannot be opened and heads cannot be checked.")
        else:
            key_id = keys.rotate_key_file(path)
            print(f"tablelog: {path} now makes new seals and anchors with key {key_id}; older keys stay in it.")
    except FileExistsError:
        if exist_ok:
            print(f"tablelog: the key {path} is there already.")
            return 0
        print(f"tablelog: {path} exists already; it is never overwritten (tablelog key rotate adds a key).",
              file=sys.stderr)
        return 1
    except (keys.KeyProblem, OSError) as error:
        print(f"tablelog: {error}", file=sys.stderr)
        return 1
    return 0


def accept_head_command(database: str | None, shards: Sequence[str], game_id: str, by: str, why: str) -> int:
    """An operator's decision on a head the anchor cannot vouch for (see Games.accept_head)."""
    from domain.rules import MalformedMove
    from service.app.errors import ServiceError
    games = _games(database, shards)
    try:
        done = games.accept_head(game_id, by, why)
    except ServiceError as error:
        print(f"tablelog: {error.message}", file=sys.stderr)
        return 1
    except MalformedMove:
        print("tablelog: name who decides (--by) and why (--why).", file=sys.stderr)
        return 2
    print(f"tablelog: game {done['id']}: its head is accepted at version {done['version']} (it had: "
          f"{', '.join(done['found'])}), written in the record and anchored with the current key.")
    return 0


def serving_key(database: str | None, production: bool, settings: Settings | None = None):
    """The key ``serve`` runs with. Plain ``serve`` makes one on first start
    (in the user's configuration folder, never beside the SQLite file) and
    says where; ``--production`` needs one made beforehand."""
    from service.store import keys
    env = keys.configured(settings)
    ring, created = keys.load_keyring(create=not production, env=env)
    path = keys.key_path(env)
    if ring is None:
        raise keys.KeyProblem(f"serve --production needs tablelog's key, made beforehand: tablelog key init "
                              f"(or set ${keys.ENV_KEY_FILE} or ${keys.ENV_KEY}); none at {path}.")
    url = database_url(database)
    if url.startswith("sqlite:///") and ring.source == str(path):
        sqlite_dir = Path(url[len("sqlite:///"):]).expanduser().resolve().parent
        if path.resolve().parent == sqlite_dir:
            raise keys.KeyProblem(f"The key {path} lies beside the SQLite file: whoever copies the database "
                                  "would copy the key. Keep it elsewhere.")
    if created:
        print(f"tablelog: created a key at {path} (mode 0600); keep a copy apart from the database.", flush=True)
    return ring


def serve_command(settings: Settings, host: str, port: int, production: bool, workers: int,
                  views: bool = True) -> int:
    """``tablelog serve``, with the settings read and checked at the command's start. Plain ``serve``
    runs the views in its own process; ``--production`` in a child of gunicorn's master (``views``),
    never in a worker."""
    from service.telemetry import logs
    database, shards = settings.database_url, settings.shards
    logs.configure(settings.log_format, settings.log_level)
    from service.http.app import create_app
    from service.store.keys import KeyProblem
    from service.store.shards import open_shards
    from service.store.database import StoreProblem, check_production_store
    try:
        ring = serving_key(database, production, settings)
        if production:
            for url in shard_urls(database, shards):
                check_production_store(url)
    except (KeyProblem, StoreProblem) as error:
        print(f"tablelog: {error}", file=sys.stderr)
        return 1
    # Open the stores here first: a database that cannot be opened is said
    # once, before any worker starts, and its tables exist before they do.
    open_shards(database, shards).close()
    if not production:
        app = create_app(database, keyring=ring, shards=shards, settings=settings)
        if app.extensions["tablelog"].ensure_default_group():
            print("tablelog: made this machine's group; a browser here is in it, others join by its invite "
                  "links.", flush=True)
        app.extensions["tablelog"].views.start()
        print(f"tablelog on http://{host}:{port}/  (API docs: /api/docs)", flush=True)
        app.run(host=host, port=port, threaded=True)
        return 0
    from service.ops.serving import serve_production
    return serve_production(settings, host, port, workers, views)


def _games(database: str | None, shards: Sequence[str]):
    from service.app.games import Games
    from service.store.shards import open_shards
    return Games(open_shards(database, shards))


def _game_id(games, given: str, named: bool = True) -> str:
    """The whole id of the game ``given`` names (whole, or a unique prefix);
    with ``named=False`` a text that names no game is given back as it is
    (verify lists it among the damaged)."""
    from service.app.errors import NotFound
    from service.ops.prefixes import resolve
    try:
        return str(games.parse_id(given))
    except NotFound:
        try:
            return resolve(given, games.ids())
        except Failure:
            if named:
                raise
            return given


def games_command(database: str | None, shards: Sequence[str], as_json: bool = False) -> int:
    from domain.names import escaped
    games = _games(database, shards)
    listed = []
    for gid in games.ids():
        s = games.summary(games.history(gid))
        if as_json:
            listed.append(s)
            continue
        status = "finished" if s["finished"] else "to play: " + ", ".join(s["expected"]["seats"])
        scores = " ".join(f"{seat} {points}" for seat, points in s["scores"].items())
        print(escaped(f"{s['id']}  {s['game']:<14} {s['mode']:<7} moves {s['moves']:>4}  {scores}  ({status})"))
        listed.append(s)
    if as_json:
        print_json({"games": listed})
    elif not listed:
        print("No games yet.")
    return 0


def log_command(database: str | None, shards: Sequence[str], game_id: str, as_json: bool) -> int:
    from domain.games import get_game
    from domain.names import escaped
    from service.app.errors import ServiceError
    games = _games(database, shards)
    try:
        log = games.log(_game_id(games, game_id), None)
    except ServiceError as error:
        return fail(error.message)
    if as_json:
        print(json.dumps(log, indent=2))
        return 0
    game = get_game(log["game"])
    for entry in log["entries"]:
        mark = " (undone)" if entry["undone"] else ""
        move = game.notation(entry["move"])
        facts = "; ".join(f["fact"] + ("" if "seat" not in f else f" {f['seat']}") for f in entry["outcome"])
        print(escaped(f"{entry['index']:>4}. {move}{mark}  -> {facts}  [{entry['recorded_by']} "
                      f"{entry['recorded_at']}]"))
    return 0


def rebuild_command(database: str | None, shards: Sequence[str]) -> int:
    games = _games(database, shards)
    every = games.shard_views
    # Notification ids may have gaps (PostgreSQL): the last id bounds the count.
    total = sum(views.store.recorder.max_notification_id() or 0 for views in every)
    with progress(transient=False) as bar:
        task = bar.add_task("rebuilding the game list and player views", total=total)
        done = games.views.rebuild(lambda n: bar.advance(task, n))
        bar.update(task, completed=total)
    rows = sum(len(views.tables.games()) for views in every), sum(len(views.tables.players()) for views in every)
    print(f"{done} events processed; {rows[0]} games, {rows[1]} player rows.")
    return 0


def verify_command(database: str | None, shards: Sequence[str],
                   ids: list[str], every: bool, as_json: bool = False) -> int:
    from rich.console import Console
    from rich.table import Table
    from service.app.errors import ServiceError
    console = Console()
    if not ids and not every:
        return fail("name the games to verify, or --all.", 2)
    games = _games(database, shards)
    chosen = list(games.ids()) if every else [_game_id(games, given, named=False) for given in ids]
    table = Table(title="games with problems")
    for column in ("game", "kind", "rules", "version", "problem"):
        table.add_column(column, overflow="fold")
    damaged: list[str] = []
    verdicts: list[dict] = []
    unchecked = 0
    with progress() as bar:
        task = bar.add_task("verifying", total=len(chosen))
        for game_id in chosen:
            try:
                verdict = games.verify(game_id)
            except ServiceError as error:
                damaged.append(str(game_id))
                table.add_row(str(game_id), "", "", "", error.message)
                verdicts.append({"id": str(game_id), "ok": False, "problems": [{"kind": error.code,
                                                                                 "message": error.message}]})
                bar.advance(task)
                continue
            unchecked += verdict.head != "checked"
            verdicts.append({"id": str(verdict.id), "ok": verdict.ok, "game": verdict.game,
                             "rules_version": verdict.rules_version, "current_rules": verdict.current_rules,
                             "version": verdict.version, "head": verdict.head,
                             "problems": [{"version": p.version, "kind": p.kind, "message": p.message}
                                          for p in verdict.problems]})
            if not verdict.ok:
                damaged.append(str(verdict.id))
                rules = verdict.rules_version or "?"
                if verdict.current_rules and verdict.current_rules != verdict.rules_version:
                    rules += f" -> {verdict.current_rules}"
                for i, problem in enumerate(verdict.problems):
                    table.add_row(str(verdict.id) if i == 0 else "", (verdict.game or "") if i == 0 else "",
                                  rules if i == 0 else "", str(problem.version), f"{problem.kind}: {problem.message}")
            bar.advance(task)
    if as_json:
        print_json({"games": verdicts, "verified": len(chosen), "damaged": damaged})
        return 1 if damaged else 0
    if damaged:
        console.print(table)
        console.print(f"{len(damaged)} of {len(chosen)} games have problems:")
        for game_id in damaged:
            console.print(f"damaged: {game_id}", soft_wrap=True)
        return 1
    console.print(f"{len(chosen)} games verified: every hash chain is intact and every outcome replays.")
    if unchecked:
        console.print(f"{unchecked} of them: head not checked (no key here, or recorded before heads were "
                      "anchored).")
    return 0


def verify_record_command(path: str, as_json: bool = False) -> int:
    """An exported record's own chain: every hash it shows recomputed from its
    lines. It proves nothing about events after its last line."""
    from replay.verify import verify_jsonl
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        if not text.lstrip().startswith("{"):
            return fail(f"{path} is a text record: text records carry no hashes, so there is no chain to check. "
                        "Export the game as JSON Lines (tablelog export <id> -f jsonl) and verify that.", 2)
        verdict = verify_jsonl(text)
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as error:
        return fail(f"{path} is not a JSON Lines record tablelog can check: {error}", 2)
    if as_json:
        print_json({"events": verdict.events, "checked": verdict.checked, "unchecked": len(verdict.unchecked),
                    "ok": verdict.ok, "problems": [{"version": p.version, "kind": p.kind, "message": p.message}
                                                   for p in verdict.problems]})
        return 0 if verdict.ok else 1
    for problem in verdict.problems:
        print(f"event {problem.version}: {problem.kind}: {problem.message}")
    hidden = f"; {len(verdict.unchecked)} shown without a hash" if verdict.unchecked else ""
    print(f"{verdict.events} events, {verdict.checked} hashes recomputed{hidden}: "
          f"{'the chain is intact' if verdict.ok else 'the record was changed'} (head not checked: a record "
          "alone does not show whether events followed its last line).")
    return 0 if verdict.ok else 1


def export_command(database: str | None, shards: Sequence[str],
                   game_id: str, fmt: str, seat: str | None, out: str | None) -> int:
    from service.app.errors import ServiceError
    games = _games(database, shards)
    try:
        text = games.export(_game_id(games, game_id), fmt, seat=seat, whole=True)
    except ServiceError as error:
        return fail(error.message)
    if out:
        with open(out, "w", encoding="utf-8") as file:
            file.write(text)
    else:
        sys.stdout.write(text)
    return 0


def flattened(messages) -> str:
    """marshmallow's messages (nested dicts and lists) as one line: ``record: move 3 is ...``."""
    if isinstance(messages, dict):
        return "; ".join(f"{key}: {flattened(value)}" for key, value in messages.items())
    if isinstance(messages, (list, tuple)):
        return "; ".join(flattened(value) for value in messages)
    return str(messages)


def import_command(database: str | None, shards: Sequence[str],
                   path: str, fmt: str | None = None, as_json: bool = False) -> int:
    from domain.rules import MalformedMove, RuleViolation
    from service.app.errors import ServiceError
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8-sig")
    except OSError as error:
        return fail(f"{path}: {error.strerror}")
    except UnicodeDecodeError:
        return fail(f"{path}: a record is UTF-8 text.")
    try:
        created = _games(database, shards).import_record(text, fmt)
    except MalformedMove as error:
        return fail(f"{path} does not fit a record: {flattened(error.messages)}")
    except (RuleViolation, ServiceError) as error:
        return fail(error.message)
    if as_json:
        print_json(created)
        return 0
    print(said(filled(N_("imported as game {id} (version {version})"), created)))
    tokens = created["tokens"]
    print("  " + said(message(N_("the scorekeeper's token: {token}"), token=tokens["scorekeeper"])))
    for seat, token in tokens.get("seats", {}).items():
        print("  " + said(message(N_("{seat}'s token: {token}"), seat=seat, token=token)))
    if created["differences"]:
        print("  " + said(message(N_("outcomes that replay differently under today's rules: moves {moves}"),
                                  moves=", ".join(str(number) for number in created["differences"]))))
    return 0


def chart_command(database: str | None, shards: Sequence[str],
                  game_id: str, out: str | None, fmt: str | None = None) -> int:
    from replay.chart import layout, to_png, to_svg
    from service.app.errors import ServiceError
    suffix = Path(out).suffix.lower().lstrip(".") if out else ""
    fmt = fmt or (suffix if suffix in CHART_FORMATS else "svg")
    if out and suffix != fmt:
        return fail(f"{out}: a chart is an SVG file (.svg) or a PNG file (.png), as its name ends.", 2)
    games = _games(database, shards)
    try:
        game_id = _game_id(games, game_id)
        chart = layout(games.timeline(game_id))
    except ServiceError as error:
        return fail(error.message)
    out = out or f"{game_id}.{fmt}"
    try:
        if fmt == "png":
            to_png(chart, out)
        else:
            Path(out).write_text(to_svg(chart), encoding="utf-8")
    except OSError as error:
        return fail(f"{out}: {error.strerror}")
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
