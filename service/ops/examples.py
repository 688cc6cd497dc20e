"""Records the document's examples again (``python -m service.ops.examples``):
a short Willi game played through a throwaway service, each operation's first
request and answer kept in service/http/examples.json."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from typing import Any

from service.http.examples import PATH

LONGEST_LIST = 2
"""Lists in an example are cut to this many items (a whole catalog or log says no more)."""


def shortened(value: Any, depth: int = 0) -> Any:
    if isinstance(value, list):
        return [shortened(v, depth + 1) for v in value[:LONGEST_LIST]]
    if isinstance(value, dict):
        return {k: shortened(v, depth + 1) for k, v in value.items()}
    return value


def record() -> dict[str, dict[str, Any]]:
    """Play a short Willi game through a throwaway service and keep each operation's first answer."""
    from service.http.app import create_app
    from service.store.keys import ENV_KEY, new_env_key
    os.environ.setdefault(ENV_KEY, new_env_key())
    folder = tempfile.mkdtemp(prefix="tablelog-examples-")
    app = create_app(f"sqlite:///{folder}/examples.sqlite3")
    client = app.test_client()
    document = client.get("/api/openapi.json").json
    names = {(path, method): operation["operationId"] for path, item in document["paths"].items()
             for method, operation in item.items() if method != "parameters"}
    kept: dict[str, dict[str, Any]] = {}

    def call(method: str, template: str, path: str, body: Any = None, token: str | None = None,
             text: bool = False, member: str | None = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if member:
            headers["Tablelog-Group"] = member
        answer = client.open(path, method=method, json=body, headers=headers)
        assert answer.status_code < 300, (path, answer.status_code, answer.get_data(as_text=True)[:300])
        entry = kept.setdefault(names[(template, method.lower())], {})
        if body is not None:
            entry.setdefault("request", body)
        if text:
            entry.setdefault("text", "\n".join(answer.get_data(as_text=True).splitlines()[:12]) + "\n")
        else:
            entry.setdefault("response", shortened(answer.json))
        return answer.json if not text else answer.get_data(as_text=True)

    four = ["Ann", "Bob", "Cid", "Dee"]
    created = call("POST", "/api/games", "/api/games", {"game": "willi", "players": four})
    gid, token = created["id"], created["tokens"]["scorekeeper"]
    g = "/api/games/{game_id}"
    hands = {"Ann": ["R1", "R2", "R3", "Y1", "Y2", "Y3", "G1", "G2", "G3"],
             "Bob": ["R4", "R5", "R6", "Y4", "Y5", "Y6", "G4", "G5", "G6"],
             "Cid": ["R7", "R8", "R9", "Y7", "Y8", "Y9", "G7", "G8", "G9"],
             "Dee": ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]}
    call("POST", f"{g}/moves", f"/api/games/{gid}/moves",
         {"move": {"type": "deal", "hands": hands}, "expected_version": 1}, token)
    call("POST", f"{g}/check", f"/api/games/{gid}/check", {"move": {"type": "discard", "seat": "Ann", "card": "R1"}},
         token)
    for seat in four:
        call("POST", f"{g}/moves", f"/api/games/{gid}/moves", {"move": {"type": "discard", "seat": seat,
                                                                         "card": hands[seat][-1]}}, token)
    call("POST", f"{g}/undo", f"/api/games/{gid}/undo", {}, token)
    call("POST", f"{g}/redo", f"/api/games/{gid}/redo", {}, token)
    call("POST", f"{g}/annotations", f"/api/games/{gid}/annotations", {"move_index": 2, "text": "Ann keeps her reds"},
         token)
    call("POST", f"{g}/seats/{{seat}}/link", f"/api/games/{gid}/seats/Ann/link", {}, token)
    call("DELETE", f"{g}/seats/{{seat}}/link", f"/api/games/{gid}/seats/Ann/link", {}, token)
    version = call("GET", g, f"/api/games/{gid}")["version"]
    for tail in ("state", "legal-moves", "log", "audit", "timeline"):
        call("GET", f"{g}/{tail}", f"/api/games/{gid}/{tail}", token=token)
    call("GET", f"{g}/export", f"/api/games/{gid}/export?format=text", token=token, text=True)
    receipt = json.loads(client.post(f"/api/games/{gid}/annotations", json={"move_index": 0, "text": "a good game"},
                                     headers={"Authorization": f"Bearer {token}"}).headers["Tablelog-Receipt"])
    call("POST", f"{g}/receipt", f"/api/games/{gid}/receipt", receipt)
    call("POST", f"{g}/take-back", f"/api/games/{gid}/take-back", {"move_index": 5, "expected_version": version + 1},
         token)
    call("POST", f"{g}/fork", f"/api/games/{gid}/fork?at=2", token=token)
    record_text = client.get(f"/api/games/{gid}/export?format=jsonl").get_data(as_text=True)
    call("POST", "/api/games/import", "/api/games/import", {"record": record_text})
    kept["importRecord"]["request"] = {"record": "\n".join(record_text.splitlines()[:2]) + "\n..."}
    call("GET", "/api/games", "/api/games")
    import random
    from domain.table import random_game
    from domain.willi import GAME
    whole = client.post("/api/games", json={"game": "willi", "players": four}).json
    for move in random_game(GAME, four, {}, random.Random(1)):
        client.post(f"/api/games/{whole['id']}/moves", json={"move": move},
                    headers={"Authorization": f"Bearer {whole['tokens']['scorekeeper']}"})
    call("GET", f"{g}/bgstats", f"/api/games/{whole['id']}/bgstats")
    for template, path in (("/api/health", "/api/health"), ("/api/health/live", "/api/health/live"),
                           ("/api/health/ready", "/api/health/ready"), ("/api/game-types", "/api/game-types"),
                           ("/api/game-types/{game}/move-schema", "/api/game-types/willi/move-schema"),
                           ("/api/words/{language}", "/api/words/de"),
                           ("/api/game-types/{game}/catalog", "/api/game-types/vienna/catalog"),
                           ("/api/players/{name}", "/api/players/Ann"), ("/api/leaderboard", "/api/leaderboard"),
                           ("/api/leaderboard/{game}", "/api/leaderboard/willi"),
                           ("/api/house-catalogs", "/api/house-catalogs"),
                           ("/api/record-schemas", "/api/record-schemas"),
                           ("/api/record-schemas/{name}", "/api/record-schemas/Annotated")):
        call("GET", template, path)
    vienna = client.post("/api/games", json={"game": "vienna", "players": four[:3]}).json["id"]
    call("GET", f"{g}/catalog", f"/api/games/{vienna}/catalog")
    call("POST", "/api/qr", "/api/qr", {"text": "https://tablelog.example/#/game/1/as/Ann/token"})
    stored = call("POST", "/api/house-catalogs", "/api/house-catalogs",
                  {"game": "grand_austria", "name": "our edition", "content": {}})
    call("GET", "/api/house-catalogs/{catalog_id}", f"/api/house-catalogs/{stored['id']}")
    group = call("POST", "/api/groups", "/api/groups", {"name": "Thursday table"})
    invite = call("POST", "/api/group/invites", "/api/group/invites", member=group["token"])
    joined = call("POST", "/api/groups/join", "/api/groups/join", {"invite": invite["token"]})
    call("GET", "/api/group", "/api/group", member=group["token"])
    ours = client.post("/api/games", json={"game": "willi", "players": four},
                       headers={"Tablelog-Group": joined["token"]}).json["id"]
    shared = call("POST", f"{g}/shares", f"/api/games/{ours}/shares", member=joined["token"])
    call("DELETE", "/api/group/shares/{share}", f"/api/group/shares/{shared['share']}", member=joined["token"])
    call("DELETE", "/api/group/invites/{invite}", f"/api/group/invites/{invite['invite']}", member=group["token"])
    call("DELETE", "/api/group/members/{member_id}", f"/api/group/members/{joined['member']}",
         member=group["token"])
    app.extensions["tablelog"].store.close()
    return kept


def main() -> None:
    kept = record()
    PATH.write_text(json.dumps(kept, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(kept)} operations' examples written to {PATH}", file=sys.stderr)


if __name__ == "__main__":
    main()
