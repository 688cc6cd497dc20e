"""The base of the API's resources."""
from __future__ import annotations

from flask.views import MethodView


class Resource(MethodView):
    """A resource's methods on one instance, made with the app: they keep
    nothing on it, so Flask need not make a new one for every request
    (``init_every_request``)."""

    init_every_request = False
