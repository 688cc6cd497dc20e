"""MkDocs hook: the API reference is the service's own OpenAPI document.

At build time the app is created over a scratch SQLite file and asked for
``/api/openapi.json``; the document is written beside the site (as
``api/openapi.json``) and the ``[OAD(openapi)]`` tag of the API page is
pointed at it, for neoteroi-mkdocs' OpenAPI plugin to render. Nothing is
written into ``docs/``, so the reference cannot drift from the code.
"""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File

TAG = "[OAD(openapi)]"
_document: dict = {}
_scratch = tempfile.TemporaryDirectory(prefix="tablelog-docs-")


def openapi_document() -> dict:
    """The OpenAPI document the service serves, made once per build."""
    if not _document:
        from service.http.app import create_app
        database = f"sqlite:///{Path(_scratch.name) / 'openapi.sqlite3'}"
        answer = create_app(database, keyring=None).test_client().get("/api/openapi.json")
        if answer.status_code != 200:
            raise RuntimeError(f"/api/openapi.json answered {answer.status_code}")
        _document.update(answer.get_json())
    return _document


def _written() -> Path:
    path = Path(_scratch.name) / "openapi.json"
    if not path.exists():
        path.write_text(json.dumps(openapi_document(), indent=1))
    return path


def on_files(files, config):
    files.append(File.generated(config, "api/openapi.json", content=json.dumps(openapi_document(), indent=1)))
    return files


@event_priority(100)        # before the OpenAPI plugin reads the tag
def on_page_markdown(markdown, page, config, files):
    if TAG in markdown:
        return markdown.replace(TAG, f"[OAD({_written()})]")
    return markdown
