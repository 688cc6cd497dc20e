"""Browser tests: the app on a temporary SQLite file in a background thread,
driven by Playwright through Debian's Chromium (/usr/bin/chromium).

Without Chromium these tests skip locally and fail under CI (CI=true).
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from werkzeug.serving import WSGIRequestHandler, make_server

from service.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if IN_CI:
            pytest.fail(message + ": CI must run the browser tests.")
        pytest.skip(message + ": browser tests skipped.")
    return str(CHROMIUM)


class QuietHandler(WSGIRequestHandler):
    def log_request(self, *args) -> None:
        """Hundreds of requests per test: errors still show, requests do not."""


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The service at http://127.0.0.1:<free port>/ over a fresh SQLite file."""
    database = tmp_path_factory.mktemp("e2e") / "tablelog.sqlite3"
    app = create_app(f"sqlite:///{database}")
    httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, args=["--no-sandbox", "--disable-background-networking"])
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, server, request):
    """A phone-sized page on the service; JavaScript errors fail the test."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  base_url=server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(10_000)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"failed-{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, errors


@pytest.fixture
def shoot():
    """shoot(page, name): a full-page screenshot into tests/e2e/screenshots/,
    after checking that nothing sticks out sideways on the phone."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page, name: str, full_page: bool = True) -> Path:
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name}: the page is {overflow}px wider than the phone"
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path
    return take
