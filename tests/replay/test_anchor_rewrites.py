"""Three ways to rewrite a game's end, each found by verify, the audit, the
receipt check and the next write (the store contract: SQLite and PostgreSQL):

- the newest events deleted and the newest anchor rewritten under a key id
  the keyring does not hold;
- the anchors deleted (a game anchored since its start, so never "recorded
  before anchors");
- with INSERT alone (the append-only trigger in place), a forged undo of the
  last move appended with an anchor under key ``kffffffff``.

Until an operator restores the key or records a decision (``tablelog key
accept-head``, an event in the record), every write is refused; after it,
the game goes on and its audit shows the decision."""
from __future__ import annotations

import sqlite3
from uuid import UUID

import psycopg
import pytest

from domain.record import hash_of, head_anchor_id
from service.http.app import create_app
from service.ops.cli import main
from service.store.keys import Keyring, load_keyring
from test_keyed_anchor import Game
from test_tamper_and_verify import record_the_opening

pytestmark = pytest.mark.store


def sql(database: str, sqlite_text: str, pg_text: str, *params) -> None:
    """Run one statement as someone who holds the database (PostgreSQL: with the trigger set aside)."""
    if database.startswith("sqlite:///"):
        with sqlite3.connect(database[len("sqlite:///"):]) as conn:
            conn.execute(sqlite_text, [p.hex if isinstance(p, UUID) else p for p in params])
        return
    with psycopg.connect(database, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")
        conn.execute(pg_text, params)


def delete_from_end(database: str, originator: UUID, keep: int) -> None:
    sql(database, "DELETE FROM stored_events WHERE originator_id = ? AND originator_version > ?",
        "DELETE FROM tablelog_events WHERE originator_id = %s AND originator_version > %s", originator, keep)


def forget_the_game_list(database: str) -> None:
    """The attacker also rolls back the game list (the head's other witness)."""
    sql(database, "DELETE FROM tablelog_view_games", "DELETE FROM tablelog_view_games")


def rewrite_newest_anchor(app, database: str, gid: UUID, key_id: str) -> None:
    """The newest anchor event, made to name the record's present end under ``key_id``."""
    store = app.extensions["tablelog"].store
    events = list(store.events.get(gid))
    aid = head_anchor_id(gid)
    newest = list(store.events.get(aid))[-1]
    newest.__dict__.update(version=events[-1].originator_version, head_hash=hash_of(events[-1]),
                           key_id=key_id, mac="0" * 64)
    state = store.mapper.to_stored_event(newest).state
    sql(database, "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
        "UPDATE tablelog_events SET state = %s WHERE originator_id = %s AND originator_version = %s",
        state, aid, newest.originator_version)


def fresh(database: str):
    """Another worker on the same database and key, with nothing cached."""
    return create_app(database).test_client()


def verify_exit(database: str, game_id: str, capsys) -> tuple[int, str]:
    code = main(["replay", "verify", game_id, "--database", database])
    return code, capsys.readouterr().out


def played(client) -> Game:
    game = Game(client)
    record_the_opening(game)
    assert client.get("/api/games").status_code == 200
    return game


def annotate(client, game: Game):
    return client.post(f"/api/games/{game.id}/annotations", json={"move_index": 1, "text": "later"},
                       headers={"Authorization": f"Bearer {game.token}"})


def found_everywhere(database: str, game: Game, kind: str, capsys) -> None:
    """Verify, the audit, the last real receipt and the next write all refuse the record's end."""
    code, out = verify_exit(database, game.id, capsys)
    assert code == 1 and kind in out
    later = fresh(database)
    audit = later.get(f"/api/games/{game.id}/audit").json
    assert not audit["ok"] and kind in [p["kind"] for p in audit["problems"]], audit
    checked = later.post(f"/api/games/{game.id}/receipt", json=game.receipts[-1]).json
    assert not checked["ok"] and kind in [p["kind"] for p in checked["problems"]], checked
    refused = annotate(later, game)
    assert refused.status_code == 409 and refused.json["code"] == "anchor_unverified", refused.json
    message = refused.json["detail"]
    assert "/audit" in message and "kffffffff" not in message      # names the audit, says no more
    # Still refused: a refused write anchors nothing.
    assert annotate(fresh(database), game).status_code == 409
    assert verify_exit(database, game.id, capsys)[0] == 1


def test_events_deleted_and_the_newest_anchor_rewritten_under_a_key_not_held(app, client, database, capsys):
    game = played(client)
    gid = UUID(game.id)
    delete_from_end(database, gid, keep=5)
    forget_the_game_list(database)
    rewrite_newest_anchor(app, database, gid, "kffffffff")
    found_everywhere(database, game, "anchor_unverified", capsys)


def test_the_anchors_deleted_from_a_game_anchored_since_its_start(app, client, database, capsys):
    game = played(client)
    gid = UUID(game.id)
    started = list(app.extensions["tablelog"].store.events.get(gid))[0]
    assert started.anchored is True            # written in the game when it starts
    delete_from_end(database, head_anchor_id(gid), keep=0)
    found_everywhere(database, game, "anchor_missing", capsys)
    # An operator's decision, kept in the record, lets the game go on.
    assert main(["key", "accept-head", game.id, "--by", "Ops", "--why", "anchors lost in a restore",
                 "--database", database]) == 0
    later = fresh(database)
    assert annotate(later, game).status_code == 201
    audit = later.get(f"/api/games/{game.id}/audit").json
    assert audit["ok"] and audit["head"] == "checked", audit
    assert [(a["by"], a["why"], a["found"]) for a in audit["accepted"]] == \
        [("Ops", "anchors lost in a restore", ["anchor_missing"])]
    assert verify_exit(database, game.id, capsys)[0] == 0
    # The decision travels with the record: its export's chain holds, and it imports.
    record = later.get(f"/api/games/{game.id}/export").get_data(as_text=True)
    assert '"event":"HeadAccepted"' in record.replace(" ", "")
    imported = later.post("/api/games/import", json={"record": record})
    assert imported.status_code == 201 and imported.json["chain"]["intact"], imported.json
    # A head that verifies needs no decision.
    assert main(["key", "accept-head", game.id, "--by", "Ops", "--why", "again", "--database", database]) == 1


def test_a_forged_undo_appended_with_insert_alone_under_an_anchor_not_keyed_here(app, client, database, capsys):
    game = played(client)
    gid = UUID(game.id)
    store = create_app(database).extensions["tablelog"].store       # the attacker's own connection
    record = store.repository.get(gid)
    record.undo("scorekeeper")
    anchor = store.repository.get(head_anchor_id(gid))
    anchor.anchor(record.version, record.last_hash, "kffffffff", "0" * 64)
    store.save(record, anchor)                                     # INSERTs only: the trigger allows them
    found_everywhere(database, game, "anchor_unverified", capsys)
    # The worker that recorded the game, with it cached, refuses the next write too.
    refused = annotate(client, game)
    assert refused.status_code == 409 and refused.json["code"] == "anchor_unverified"


def test_the_key_restored_the_head_verifies_again(app, client, database):
    """An anchor under a key this service does not hold: refused until the key is there again."""
    game = played(client)
    ring = load_keyring()[0]
    without = Keyring({"k-new": bytes(range(32))}, "k-new")
    refused = annotate(create_app(database, keyring=without).test_client(), game)
    assert refused.status_code == 409 and refused.json["code"] == "anchor_unverified"
    both = Keyring({**ring.keys, "k-new": bytes(range(32))}, "k-new")
    assert annotate(create_app(database, keyring=both).test_client(), game).status_code == 201
