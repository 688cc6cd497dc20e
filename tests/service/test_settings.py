"""One settings object: every variable checked at start (a bad value is one
line naming it, exit 2), ``_FILE`` variants read, and the operations page's
table made from it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.ops.cli import main
from service.settings import SettingsError, Settings, load, table, variable

DOC = Path(__file__).resolve().parents[2] / "docs" / "operations.md"


def test_the_operations_page_lists_every_setting_as_the_settings_object_says():
    text = DOC.read_text()
    found = re.search(r"<!-- settings table:.*?-->\n(.*?)\n<!-- end of the settings table -->", text, re.S)
    assert found, "docs/operations.md lost its settings table"
    assert found.group(1) == table(), "the settings changed: paste service.settings.table() into the page"
    assert all(f"`{variable(field)}`" in found.group(1) for field in Settings.model_fields)


def test_a_bad_value_stops_the_start_naming_the_variable(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("TABLELOG_LOG_LEVEL", "loud")
    assert main(["games", "--database", f"sqlite:///{tmp_path / 'a.sqlite3'}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablelog: $TABLELOG_LOG_LEVEL is refused") and "Traceback" not in err
    with pytest.raises(SettingsError, match="TABLELOG_LOG_FORMAT"):
        monkeypatch.setenv("TABLELOG_LOG_LEVEL", "info")
        monkeypatch.setenv("TABLELOG_LOG_FORMAT", "xml")
        load()


def test_values_come_from_the_environment_files_and_the_command_line(monkeypatch, tmp_path):
    secret = tmp_path / "token"
    secret.write_text("s3cret\n")
    monkeypatch.setenv("TABLELOG_METRICS_TOKEN_FILE", str(secret))
    monkeypatch.setenv("TABLELOG_SHARDS", "sqlite:///b.sqlite3, sqlite:///c.sqlite3")
    monkeypatch.setenv("TABLELOG_TRUSTED_PROXIES", "10.0.0.1, 10.0.0.2")
    settings = load(shards=None)
    assert settings.metrics_token == "s3cret" and settings.trusted_proxies == ["10.0.0.1", "10.0.0.2"]
    assert settings.shards == ["sqlite:///b.sqlite3", "sqlite:///c.sqlite3"]
    assert load(shards=["sqlite:///d.sqlite3"]).shards == ["sqlite:///d.sqlite3"]     # --shard first
    monkeypatch.setenv("TABLELOG_METRICS_TOKEN", "direct")
    assert load().metrics_token == "direct"                                           # the variable first
    assert "direct" not in repr(load())                                              # never in a log line
