"""Every request and answer of a test's service checked against the OpenAPI
document as the service serves it: the status is listed for the operation,
the content type is one it names, and the body validates against its
schema (OpenAPI 3.0's JSON Schema dialect, with nullable)."""
from __future__ import annotations

import json
from typing import Any

from flask import Flask, request
from openapi_schema_validator import OAS30Validator


def openapi_path(rule: Any) -> str:
    path = rule.rule
    for argument in rule.arguments:
        path = path.replace(f"<{argument}>", f"{{{argument}}}").replace(f"<game_id:{argument}>", f"{{{argument}}}")
    return path


class Contract:
    """Checks every answer ``app`` gives; ``failures`` lists what did not fit."""

    def __init__(self, app: Flask):
        app.after_request(self.check)
        self.document = app.test_client().get("/api/openapi.json").json
        self.components = self.document["components"]
        self.failures: list[str] = []
        self.checked = 0
        self._validators: dict[str, OAS30Validator] = {}

    def validator(self, schema: dict) -> OAS30Validator:
        key = json.dumps(schema, sort_keys=True)
        if key not in self._validators:
            self._validators[key] = OAS30Validator({**schema, "components": self.components})
        return self._validators[key]

    def resolved(self, item: Any, kind: str) -> dict:
        if isinstance(item, dict) and "$ref" in item:
            return self.components[kind][item["$ref"].rsplit("/", 1)[1]]
        return item

    def fail(self, what: str) -> None:
        self.failures.append(f"{request.method} {request.full_path}: {what}")

    def check(self, response):
        rule = request.url_rule
        if not hasattr(self, "failures") or rule is None or not request.path.startswith("/api/") or request.path.startswith(("/api/docs",
                                                                                           "/api/openapi")):
            return response
        operation = self.document["paths"].get(openapi_path(rule), {}).get(request.method.lower())
        if operation is None:
            self.fail("no operation in the document")
            return response
        self.checked += 1
        body = operation.get("requestBody")
        if body and request.is_json and response.status_code not in (400, 413, 415):
            schema = self.resolved(body, "requestBodies")["content"].get("application/json", {}).get("schema")
            sent = request.get_json(silent=True)
            if schema and sent is not None:
                errors = sorted(self.validator(schema).iter_errors(sent), key=str)
                if errors and response.status_code < 400:
                    self.fail(f"accepted a request the document refuses: {errors[0].message[:200]}")
        answer = operation["responses"].get(str(response.status_code)) or operation["responses"].get("default")
        if answer is None:
            self.fail(f"status {response.status_code} is not documented")
            return response
        answer = self.resolved(answer, "responses")
        content = answer.get("content", {})
        if response.status_code == 304 or not content:
            return response
        media = response.mimetype
        if media not in content:
            self.fail(f"{response.status_code} answered {media}, the document says {sorted(content)}")
            return response
        schema = content[media].get("schema")
        if schema and media.endswith("json") and not response.is_streamed:
            data = json.loads(response.get_data())
            errors = sorted(self.validator(schema).iter_errors(data), key=str)
            if errors:
                self.fail(f"{response.status_code} does not fit its schema: {errors[0].json_path}: "
                          f"{errors[0].message[:200]}")
        return response
