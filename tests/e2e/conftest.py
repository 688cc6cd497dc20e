"""Browser tests: the app on a temporary SQLite file in a background thread,
driven by Playwright through Debian's Chromium (/usr/bin/chromium).

Without Chromium these tests skip locally and fail under CI (CI=true).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from serving import serving

from environment import IN_CI

CHROMIUM = Path("/usr/bin/chromium")
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


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The service at http://127.0.0.1:<free port>/ over a fresh SQLite file."""
    with serving(tmp_path_factory.mktemp("e2e") / "tablelog.sqlite3") as address:
        yield address


@pytest.fixture(scope="session")
def browser(chromium_path):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path, args=["--no-sandbox", "--disable-background-networking"])
        yield browser
        browser.close()


def open_page(browser, server, request, viewport: dict, **options):
    """A page on the service. JavaScript errors fail the test, and so does any
    request that leaves the service: the page needs no internet."""
    context = browser.new_context(viewport=viewport, base_url=server, **options)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # The page's own Content-Security-Policy refusing something the page's
    # scripts do (an inline style attribute, an inline script) is a bug in the
    # page; Playwright's own injections (the screenshot's caret style) come
    # from no script of the page and are left alone.
    page.on("console", lambda message: errors.append(f"{message.text} ({message.location['url']})")
            if message.type == "error" and "Content Security Policy" in message.text
            and message.location.get("url", "").startswith(server) else None)
    page.set_default_timeout(10_000)
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"failed-{request.node.name}.png"), full_page=True)
    context.close()
    assert not errors, errors


@pytest.fixture
def phone(browser, server, request):
    """A phone-sized page (390×844, touch) on the service."""
    yield from open_page(browser, server, request, PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)


@pytest.fixture
def desktop(browser, server, request):
    """A desktop browser window on the service."""
    yield from open_page(browser, server, request, {"width": 1280, "height": 900})


@pytest.fixture
def shoot():
    """shoot(page, name): a full-page screenshot into tests/e2e/screenshots/,
    after checking that nothing sticks out sideways on the phone."""
    SCREENSHOTS.mkdir(exist_ok=True)

    def take(page, name: str, full_page: bool = True) -> Path:
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name}: the page is {overflow}px wider than the phone"
        assert_names_whole(page, name)
        path = SCREENSHOTS / f"{name}.png"
        # A full-page picture would show the sticky status line and submit
        # buttons stuck where the phone's screen ended: there they sit in place.
        page.screenshot(path=str(path), full_page=full_page,
                        style=".status, .submit { position: static !important; }" if full_page else None)
        return path
    return take


def assert_names_whole(page, name: str) -> None:
    """Players' names (.fit) fit their boxes without breaking mid-word and stay readable."""
    squeezed = page.evaluate("""() => [...document.querySelectorAll('.fit')]
        .filter((el) => el.clientWidth && (el.classList.contains('squeezed') || el.scrollWidth > el.clientWidth
            || parseFloat(getComputedStyle(el).fontSize) < 10))
        .map((el) => el.textContent)""")
    assert not squeezed, f"{name}: names broken mid-word or too small: {squeezed}"
