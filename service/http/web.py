"""The scorekeeper's web page."""
from __future__ import annotations

from flask import Blueprint, render_template

web = Blueprint("web", __name__, template_folder="templates", static_folder="static",
                static_url_path="/static")


@web.get("/")
def index():
    return render_template("index.html")
