"""The base of the API's resources, and how their methods declare a body or
a query and an answer: documented by flask-smorest as its own decorators
document them, and run without their wrappers around the method."""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint
from flask_smorest.utils import resolve_schema_instance


class Resource(MethodView):
    """A resource's methods on one instance, made with the app: they keep
    nothing on it, so Flask need not make a new one for every request
    (``init_every_request``)."""

    init_every_request = False


def arguments(blp: Blueprint, schema: Any, location: str = "json", **doc: Any) -> Callable:
    """``blp.arguments(schema, location=..., **doc)``: the same document, and
    the same parsing by the same parser (``Blueprint.ARGUMENTS_PARSER``,
    whose refusals are the API's 400s), the parsed body or query handed to
    the method after its positional arguments. The method is called by this
    one wrapper, not by webargs' wrapper around flask-smorest's (two calls
    a request, and a schema given as a class made anew for each). ``doc``:
    what flask-smorest documents only (``required``, ``description``, ...)."""
    documented = blp.arguments(schema, location=location, **doc)
    loader = resolve_schema_instance(schema)         # made once: a schema keeps nothing of what it loads

    def decorator(method: Callable) -> Callable:
        @wraps(method)
        def with_arguments(*args: Any, **kwargs: Any) -> Any:
            # The request itself, not Flask's proxy of it: the parser reads several of its attributes.
            parsed = Blueprint.ARGUMENTS_PARSER.parse(loader, request._get_current_object(), location=location)
            return method(*args, parsed, **kwargs)
        with_arguments._apidoc = documented(method)._apidoc
        return with_arguments
    return decorator


def writes_its_answer(blp: Blueprint, status: int, schema: Any = None, **doc: Any) -> Callable:
    """``blp.response(status, schema, **doc)`` for a method that returns its
    answer written (a response: service.http.api.written): the same
    document, without flask-smorest's wrapper, which hands a response on as
    it is."""
    documented = blp.response(status, schema, **doc)

    def decorator(method: Callable) -> Callable:
        method._apidoc = documented(method)._apidoc
        return method
    return decorator
