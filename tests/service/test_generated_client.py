"""A Python client generated from the OpenAPI document (openapi-python-client)
builds with no warnings, and whole games are recorded through it: a Willi
game and a Grand Austria Hotel game with modules, every move sent as the
client's own typed model and every answer read back into one."""
from __future__ import annotations

import importlib
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from domain.games import get_game
from domain.rules import random_move

pytestmark = pytest.mark.slow

CONFIG = """\
post_hooks: []
content_type_overrides:
  application/x-ndjson: application/octet-stream
  text/plain: application/octet-stream
"""
"""The generator reads JSON, forms and files; a record sent as text is sent to it as bytes."""


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    from service.http.app import create_app
    folder = tmp_path_factory.mktemp("generated")
    app = create_app(f"sqlite:///{folder / 'client.sqlite3'}")
    document = folder / "openapi.json"
    document.write_text(json.dumps(app.test_client().get("/api/openapi.json").json))
    (folder / "config.yaml").write_text(CONFIG)
    generator = shutil.which("openapi-python-client") or str(Path(sys.executable).with_name("openapi-python-client"))
    done = subprocess.run([generator, "generate", "--path", str(document), "--meta", "none", "--output-path",
                           str(folder / "tablelog_client"), "--config", str(folder / "config.yaml")],
                          capture_output=True, text=True, timeout=600)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "warning" not in said.lower() and "error" not in said.lower(), said
    sys.path.insert(0, str(folder))
    try:
        yield app, importlib.import_module("tablelog_client")
    finally:
        sys.path.remove(str(folder))
        app.extensions["tablelog"].store.close()


@pytest.mark.parametrize("game_id, players, options", [
    ("willi", ["Ann", "Bob", "Cid", "Dee"], {}),
    ("grand_austria", ["Ann", "Bob", "Cid"], {"modules": ["ballrooms", "celebrities", "start_player"]}),
])
def test_a_whole_game_recorded_through_the_generated_client(generated, game_id, players, options):
    app, package = generated
    games_api = importlib.import_module("tablelog_client.api.games")
    models = importlib.import_module("tablelog_client.models")
    create = importlib.import_module("tablelog_client.api.games.create_game")
    record = importlib.import_module("tablelog_client.api.games.record_move")
    state_of = importlib.import_module("tablelog_client.api.games.get_state")
    summary_of = importlib.import_module("tablelog_client.api.games.get_game")
    assert games_api is not None

    wsgi = {"transport": httpx.WSGITransport(app=app)}
    anyone = package.Client(base_url="http://tablelog.test", httpx_args=wsgi)
    new_game = getattr(models, "New" + "".join(w.capitalize() for w in game_id.split("_")) + "Game")
    created = create.sync_detailed(client=anyone, body=new_game.from_dict(
        {"game": game_id, "players": players, "options": options}), idempotency_key=f"start-{game_id}")
    assert created.status_code == 201 and isinstance(created.parsed, models.Created), created.content
    game = created.parsed.id
    scorekeeper = package.AuthenticatedClient(base_url="http://tablelog.test", token=created.parsed.tokens.scorekeeper,
                                              httpx_args=wsgi)

    rules, rng = get_game(game_id), random.Random(game_id)
    history = app.extensions["tablelog"]
    for number in range(1, 6000):
        state = history.history(game).state
        if rules.finished(state):
            break
        move = json.loads(json.dumps(random_move(rules, state, rng)))
        body = models.MoveRequest.from_dict({"move": move})
        assert body.to_dict()["move"] == move            # the client's model keeps the whole move
        answer = record.sync_detailed(game, client=scorekeeper, body=body, idempotency_key=f"{game}-{number}")
        assert answer.status_code == 201, answer.content
        assert isinstance(answer.parsed, models.MoveRecorded) and answer.parsed.index >= 1
    final = state_of.sync_detailed(game, client=scorekeeper)
    assert final.status_code == 200 and final.parsed.finished is True and final.parsed.winners
    summary = summary_of.sync_detailed(game, client=scorekeeper)
    assert summary.parsed.finished is True and summary.parsed.scores.to_dict() == final.parsed.scores.to_dict()
