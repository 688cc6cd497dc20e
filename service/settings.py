"""tablelog's settings: every ``TABLELOG_*`` environment variable, read and
checked once at start into one object that is handed down.

A setting that is a secret may also come from a file: ``$TABLELOG_X_FILE``
names it (a container's secret, ``/run/secrets/...``) and is read when
``$TABLELOG_X`` itself is not set. A bad value stops the start with one line
naming the variable (``tablelog: $TABLELOG_LOG_LEVEL ...``, exit 2).
The operations page's table of settings is made from this class (a test
checks it).
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict

PREFIX = "TABLELOG_"
DEFAULT_DATABASE = "sqlite:///tablelog.sqlite3"
FROM_FILE = "from_file"
"""The ``json_schema_extra`` mark of a setting that ``$NAME_FILE`` may hold."""


class SettingsError(ValueError):
    """A setting with a value tablelog cannot use (the message names the variable)."""


def _words(value: Any, pattern: str) -> Any:
    if isinstance(value, str):
        return [part for part in re.split(pattern, value) if part]
    return value


class Settings(BaseSettings):
    """Every setting, with its default; the field's description is the docs' text."""

    model_config = SettingsConfigDict(env_prefix=PREFIX, extra="ignore", frozen=True, env_ignore_empty=True)

    @classmethod
    def settings_customise_sources(cls, settings_cls: Any, init_settings: Any, env_settings: Any,
                                   dotenv_settings: Any, file_secret_settings: Any) -> tuple[Any, ...]:
        return init_settings, env_settings, FileVariables(settings_cls)

    database_url: str = Field(DEFAULT_DATABASE, description=(
        "The database of the records: `sqlite:///file.sqlite3` or `postgresql://user:password@host:5432/db` "
        "(`--database` on the command line comes first)."), json_schema_extra={FROM_FILE: True})
    shards: Annotated[list[str], NoDecode] = Field(default_factory=list, description=(
        "More databases, after the first: URLs separated by spaces or commas, always in the same order, new "
        "ones at the end (`--shard` comes first)."), json_schema_extra={FROM_FILE: True})
    key: str = Field("", description=(
        "tablelog's key itself, `KEY_ID:BASE64`, instead of a key file."), repr=False)
    key_file: Path | None = Field(None, description=(
        "The key file (default: `key` in the user's configuration folder; made by `tablelog key init`)."))
    log_format: Literal["json", "text"] = Field("json", description=(
        "The log lines: `json` (one object a line) or `text`."))
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field("INFO", description=(
        "The least important log lines written."))
    metrics_token: str = Field("", description=(
        "The operator's bearer token for `/metrics`; unset: `/metrics` answers 404."), repr=False,
        json_schema_extra={FROM_FILE: True})
    rate_limit_storage: str = Field("", description=(
        "Where the rate limits count: `redis://host:6379` for several hosts (default: in memory, or one file "
        "shared by the workers of `serve --production`)."), json_schema_extra={FROM_FILE: True})
    rate_limit_start: str = Field("", description=(
        "The limit on starting games per client, as `limits` reads it (default `60 per minute`)."))
    rate_limit_wrong_token: str = Field("", description=(
        "The limit on refused tokens (401/403) per client (default `30 per minute`)."))
    trusted_proxies: Annotated[list[str], NoDecode] = Field(default_factory=list, description=(
        "The addresses of the proxies whose `X-Forwarded-For` names the client, separated by commas."))

    @field_validator("shards", mode="before")
    @classmethod
    def _split_shards(cls, value: Any) -> Any:
        return _words(value, r"[\s,]+")

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _split_proxies(cls, value: Any) -> Any:
        return [part.strip() for part in _words(value, r",") if part.strip()]

    @field_validator("log_format", mode="before")
    @classmethod
    def _lower(cls, value: Any) -> Any:
        return value.lower() if isinstance(value, str) else value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.upper() if isinstance(value, str) else value


def variable(field: str) -> str:
    return PREFIX + field.upper()


def from_file(field: str) -> bool:
    extra = Settings.model_fields[field].json_schema_extra
    return isinstance(extra, dict) and bool(extra.get(FROM_FILE))


class FileVariables(PydanticBaseSettingsSource):
    """The settings ``$TABLELOG_X_FILE`` names a file for (read when ``$TABLELOG_X`` is not set)."""

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False          # __call__ reads them all

    def __call__(self) -> dict[str, Any]:
        values = {}
        for field in self.settings_cls.model_fields:
            name = variable(field)
            path = os.environ.get(f"{name}_FILE")
            if not from_file(field) or os.environ.get(name) or not path:
                continue
            try:
                values[field] = Path(path).read_text(encoding="utf-8").strip()
            except OSError as error:
                raise SettingsError(f"${name}_FILE names {path}, which cannot be read: {error.strerror}.") from None
        return values


def load(**given: Any) -> Settings:
    """The settings from the environment (``given`` first: the command
    line's); SettingsError names the variable whose value is refused."""
    try:
        return Settings(**{key: value for key, value in given.items() if value is not None})
    except ValidationError as error:
        first = error.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else ""
        raise SettingsError(f"${variable(field)} is refused: {first['msg']} (got {first.get('input')!r}).") \
            from None


def table() -> str:
    """The operations page's table of settings (Markdown)."""
    rows = ["| Variable | Default | From a file too | What it sets |", "| --- | --- | --- | --- |"]
    for field, info in Settings.model_fields.items():
        default = info.get_default(call_default_factory=True)
        shown = f"`{default}`" if default not in ("", None, []) else "(none)"
        rows.append(f"| `{variable(field)}` | {shown} | {'`' + variable(field) + '_FILE`' if from_file(field) else ''} "
                    f"| {info.description} |")
    return "\n".join(rows)
