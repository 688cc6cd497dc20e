"""What the application layer answers when it refuses: each error names its code
and says no more than the caller may see."""
from __future__ import annotations

import json
from typing import Any




def as_json(value: Any) -> Any:
    """``value`` as it reads back from the store (tuples become lists)."""
    return json.loads(json.dumps(value))


class ServiceError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, code: str | None = None):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


class NotFound(ServiceError):
    status, code = 404, "not_found"


class Conflict(ServiceError):
    status, code = 409, "conflict"


class Unauthorized(ServiceError):
    status, code = 401, "unauthorized"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class Unavailable(ServiceError):
    status, code = 503, "unavailable"


class TooLarge(ServiceError):
    status, code = 413, "too_large"


class Unprocessable(ServiceError):
    """A request of the documented form refused for what it says (HTTP 422):
    a text that does not read as a game record, a house catalog whose cards
    do not read as the game's components. ``fields`` says where."""

    status, code = 422, "unprocessable"

    def __init__(self, message: str, code: str | None = None, fields: Any = None):
        super().__init__(message, code)
        self.fields = fields

    def to_json(self) -> dict[str, Any]:
        return {**super().to_json(), **({"fields": self.fields} if self.fields else {})}
