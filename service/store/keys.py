"""tablelog's key: kept outside the database, it seals digital games' seeds
and keys the anchors of every game's head (see docs/operations.md, "The key").

Where the key is read from, first found wins:

1. ``TABLELOG_KEY``: the key itself, as ``<key id>:<base64 secret>``;
2. ``TABLELOG_KEY_FILE``: a key file's path;
3. the user's configuration folder (``platformdirs``), ``key`` in it.

A key file holds one key a line, ``<key id> <base64 secret>``; the last line
is the current key (new seals and anchors), older lines still open and check
what they made (rotation: ``tablelog key rotate`` adds a line). The file is
created exclusively with mode 0600: written aside, then linked into place,
so two workers starting at once never make two keys.
"""
from __future__ import annotations

import base64
import hmac
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import platformdirs
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

ENV_KEY = "TABLELOG_KEY"
ENV_KEY_FILE = "TABLELOG_KEY_FILE"
SECRET_BYTES = 32


class KeyProblem(ValueError):
    """A key that cannot be read or used (the message says which and where)."""


def default_key_path() -> Path:
    return platformdirs.user_config_path("tablelog") / "key"


@dataclass(frozen=True)
class Keyring:
    """Every key tablelog may use, by id; ``current`` makes new seals and anchors."""

    keys: Mapping[str, bytes]
    current: str
    source: str = ""          # where it was read from, for messages
    _derived_keys: dict[tuple[str, str], bytes] = field(default_factory=dict, compare=False, repr=False)
    _macs: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def _derived(self, key_id: str, purpose: str) -> bytes:
        """One key per purpose (sealing, anchoring), derived from the key with HKDF."""
        derived = self._derived_keys.get((key_id, purpose))
        if derived is None:
            if key_id not in self.keys:
                raise KeyProblem(f"The key {key_id!r} is not in the keyring ({self.source}).")
            derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None,
                           info=f"tablelog/{purpose}/v1".encode()).derive(self.keys[key_id])
            self._derived_keys[(key_id, purpose)] = derived
        return derived

    # -- sealing secrets (a digital game's seed) ---------------------------------
    def seal(self, plaintext: bytes, context: bytes) -> dict[str, str]:
        """AES-256-GCM under the current key; ``context`` (the game's id) is
        authenticated, so a sealed seed cannot be moved to another game."""
        nonce = secrets.token_bytes(12)
        box = AESGCM(self._derived(self.current, "seal")).encrypt(nonce, plaintext, context)
        return {"key_id": self.current, "nonce": nonce.hex(), "ciphertext": base64.b64encode(box).decode()}

    def unseal(self, sealed: Mapping[str, str], context: bytes) -> bytes:
        box = base64.b64decode(sealed["ciphertext"])
        return AESGCM(self._derived(sealed["key_id"], "seal")).decrypt(bytes.fromhex(sealed["nonce"]), box, context)

    # -- keyed anchors ---------------------------------------------------------------
    def mac(self, message: str, key_id: str | None = None) -> str:
        key_id = key_id or self.current
        keyed = self._macs.get(key_id)
        if keyed is None:
            keyed = self._macs[key_id] = hmac.new(self._derived(key_id, "anchor"), digestmod="sha256")
        # A copy of the keyed HMAC made once: the one-shot hmac.digest looks
        # its digest up in OpenSSL on every call, which in a write (two MACs
        # among everything else) cost ten times a copy's few microseconds.
        mac = keyed.copy()
        mac.update(message.encode())
        return mac.hexdigest()

    def check_mac(self, message: str, mac: str, key_id: str) -> bool:
        return hmac.compare_digest(self.mac(message, key_id), mac)


def _line(key_id: str, secret: bytes) -> str:
    return f"{key_id} {base64.urlsafe_b64encode(secret).decode()}\n"


def _parse(text: str, source: str) -> Keyring:
    keys: dict[str, bytes] = {}
    current = None
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        key_id, _, encoded = raw.strip().partition(" ")
        try:
            secret = base64.urlsafe_b64decode(encoded.strip())
        except ValueError:
            secret = b""
        if not key_id or len(secret) < SECRET_BYTES:
            raise KeyProblem(f"{source}, line {number}: a key line is '<id> <base64 of {SECRET_BYTES} bytes>'.")
        keys[key_id], current = secret, key_id
    if current is None:
        raise KeyProblem(f"{source} holds no key.")
    return Keyring(keys, current, source)


def new_key_id() -> str:
    return "k" + secrets.token_hex(4)


def init_key_file(path: Path) -> Path:
    """Create a key file holding one new key; FileExistsError if one is there."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    aside = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as out:
            out.write(_line(new_key_id(), secrets.token_bytes(SECRET_BYTES)))
        os.link(aside, path)          # atomic, and refuses an existing file
    finally:
        os.unlink(aside)
    return path


def rotate_key_file(path: Path) -> str:
    """Add a new current key to the file; the older ones stay to check what they made."""
    path = Path(path)
    read_key_file(path)
    key_id = new_key_id()
    fd = os.open(path, os.O_WRONLY | os.O_APPEND)
    with os.fdopen(fd, "a") as out:
        out.write(_line(key_id, secrets.token_bytes(SECRET_BYTES)))
    return key_id


def read_key_file(path: Path) -> Keyring:
    path = Path(path)
    try:
        mode = path.stat().st_mode & 0o777
        text = path.read_text()
    except OSError as error:
        raise KeyProblem(f"The key file {path} cannot be read: {error.strerror}.") from None
    if mode & 0o077:
        raise KeyProblem(f"The key file {path} may be read by others (mode {mode:o}): chmod 600 {path}.")
    return _parse(text, str(path))


def configured(settings: Any = None) -> dict[str, str]:
    """The key's two settings (``settings``', else read and checked now: see service.settings)."""
    from service.settings import load
    settings = settings or load()
    return {ENV_KEY: settings.key, ENV_KEY_FILE: str(settings.key_file or "")}


def key_path(env: Mapping[str, str] | None = None) -> Path:
    env = configured() if env is None else env
    return Path(env[ENV_KEY_FILE]).expanduser() if env.get(ENV_KEY_FILE) else default_key_path()


def load_keyring(create: bool = False, env: Mapping[str, str] | None = None) -> tuple[Keyring | None, bool]:
    """The keyring as configured (see the module's doc), and whether it was
    created just now. Without a key: None, or with ``create`` a new key file
    (the one place that may happen is plain ``tablelog serve``)."""
    env = configured() if env is None else env
    if env.get(ENV_KEY):
        key_id, _, encoded = env[ENV_KEY].partition(":")
        return _parse(f"{key_id} {encoded}", f"${ENV_KEY}"), False
    path = key_path(env)
    if not path.exists():
        if not create:
            return None, False
        try:
            init_key_file(path)
        except FileExistsError:       # another worker made it first: use theirs
            return read_key_file(path), False
        return read_key_file(path), True
    return read_key_file(path), False


def ephemeral_keyring() -> Keyring:
    """A key kept only in memory, for a scratch store thrown away afterwards (the benchmark)."""
    key_id = new_key_id()
    return Keyring({key_id: secrets.token_bytes(SECRET_BYTES)}, key_id, "memory")


def new_env_key() -> str:
    """A key for ``TABLELOG_KEY`` (tests, containers that pass secrets as variables)."""
    return f"{new_key_id()}:{base64.urlsafe_b64encode(secrets.token_bytes(SECRET_BYTES)).decode()}"
