"""Tablelog's key lives outside the database. `tablelog key init`
makes it (mode 0600, created exclusively, never overwritten); plain
`tablelog serve` makes one by itself on first start, in the user's
configuration folder, and says where; `serve --production` refuses to start
without one made beforehand."""
from __future__ import annotations

import os
import stat
import threading

import pytest

from domain.record import anchor_message
from service.store import keys
from service.ops.cli import main, serving_key


@pytest.fixture
def no_key(monkeypatch, tmp_path):
    """No key in the environment; the configuration folder is this test's own."""
    monkeypatch.delenv(keys.ENV_KEY, raising=False)
    monkeypatch.delenv(keys.ENV_KEY_FILE, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(keys, "default_key_path", lambda: tmp_path / "config" / "tablelog" / "key")
    return tmp_path / "config" / "tablelog" / "key"


def test_key_init_makes_a_private_file_once_and_never_overwrites_it(no_key, tmp_path, capsys):
    path = tmp_path / "elsewhere" / "tablelog.key"
    assert main(["key", "init", "--file", str(path)]) == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    first = path.read_text()
    assert main(["key", "init", "--file", str(path)]) == 1
    assert path.read_text() == first and "never overwritten" in capsys.readouterr().err
    assert main(["key", "init", "--file", str(path), "--exist-ok"]) == 0      # the compose file's key step
    assert path.read_text() == first
    ring = keys.read_key_file(path)
    assert len(ring.keys[ring.current]) == 32


def test_rotation_keeps_the_older_keys_to_check_what_they_made(no_key, tmp_path):
    path = tmp_path / "k"
    keys.init_key_file(path)
    old = keys.read_key_file(path)
    mac = old.mac("a head")
    assert main(["key", "rotate", "--file", str(path)]) == 0
    new = keys.read_key_file(path)
    assert new.current != old.current and new.check_mac("a head", mac, old.current)
    sealed = old.seal(b"seed", b"game")
    assert new.unseal(sealed, b"game") == b"seed"


def test_a_key_file_others_may_read_is_refused(no_key, tmp_path):
    path = tmp_path / "k"
    keys.init_key_file(path)
    os.chmod(path, 0o644)
    with pytest.raises(keys.KeyProblem, match="chmod 600"):
        keys.read_key_file(path)


def test_two_workers_starting_at_once_make_one_key(no_key):
    rings = []
    threads = [threading.Thread(target=lambda: rings.append(keys.load_keyring(create=True)[0])) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len({ring.current for ring in rings}) == 1 and len(no_key.read_text().splitlines()) == 1


def test_plain_serve_creates_a_key_in_the_configuration_folder_and_says_where(no_key, tmp_path, capsys):
    ring = serving_key(f"sqlite:///{tmp_path / 'games.sqlite3'}", production=False)
    assert no_key.exists() and ring.current in no_key.read_text()
    assert str(no_key) in capsys.readouterr().out
    assert not (tmp_path / "key").exists()                  # not beside the SQLite file


def test_serve_production_refuses_without_a_key_made_beforehand(no_key, tmp_path, capsys):
    code = main(["serve", "--production", "--database", f"sqlite:///{tmp_path / 'games.sqlite3'}"])
    assert code == 1 and "tablelog key init" in capsys.readouterr().err
    assert not no_key.exists()


def test_a_key_beside_the_sqlite_file_is_refused(no_key, tmp_path, monkeypatch):
    path = tmp_path / "tablelog.key"
    keys.init_key_file(path)
    monkeypatch.setenv(keys.ENV_KEY_FILE, str(path))
    with pytest.raises(keys.KeyProblem, match="beside the SQLite file"):
        serving_key(f"sqlite:///{tmp_path / 'games.sqlite3'}", production=True)


def test_the_key_may_come_from_the_environment(no_key, monkeypatch):
    monkeypatch.setenv(keys.ENV_KEY, keys.new_env_key())
    ring, created = keys.load_keyring()
    assert ring is not None and not created and not no_key.exists()


def test_an_anchor_s_mac_is_the_same_bytes_under_the_same_key():
    """Anchors and receipts stored long ago are checked against the MAC made
    now: HMAC-SHA256 under the key derived for anchors, in hex."""
    keyring = keys.load_keyring(env={keys.ENV_KEY: "k1:QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWY="})[0]
    message = anchor_message("3a0373f1-f059-4870-80fb-165786fdc6fc", 7, "0" * 64, 3)
    assert keyring.mac(message) == "761bc267f44890984305ac317b2993400abfc180b926506fc4ff9eb3deb5617b"
    assert keyring.check_mac(message, keyring.mac(message), "k1")
