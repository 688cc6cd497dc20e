"""Grand Austria Hotel's log reads in words with the Let's Waltz modules and
in the solo variant too: every move and outcome of whole recorded games
(imported from the corpus) is a sentence, not a kind followed by its keys and
values ("turn ended: seat Anna; number 4", "Anna: hire — staff 8"); cards are
said by name, the solo opponent by its name, Emperor tiles and rehearsal room boards by what they give, never
a bare id ("round 3: A1"). And the start form's button ends the form: it does
not sit over the options."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

CORPUS = Path(__file__).parents[1] / "corpus" / "grand_austria"
# Between them: all five modules (the auction, the lounge, the ballrooms, the
# skeleton key, the bell staff) and the solo variant against Leopold and Elisabeth.
RECORDS = {
    "every module": "m5-v3-003-2p-digital-more+celebrities+unique_hotels+ballrooms+start_player-whole.jsonl",
    "bells": "m5-v3-001-4p-digital-more+ballrooms-whole.jsonl",
    "Elisabeth": "solo-v3-002-1p-table-hard+ballrooms+celebrities-whole.jsonl",
    "Leopold": "solo-v3-003-1p-digital-medium+more-whole.jsonl",
}
# The page's generic words for a move or a fact it has no words for.
GENERIC_MOVE = re.compile(r"^\d+\.\s+(the table|\w+): ")
GENERIC_FACT = re.compile(r"^[a-z][a-z ]*: |(?:^|: |; )(seat|why|staff|number|steps|step|board|tile|items|guests) [\w.-]+;")
BARE_ID = re.compile(r"(?<!tile )\b[ABCR]\d\b(?! \()")


def imported(page: Page, server: str, name: str) -> tuple[str, list[dict]]:
    record = (CORPUS / name).read_text()
    answer = page.request.post(f"{server}/api/games/import", data=record, headers={"Content-Type": "application/x-ndjson"})
    assert answer.status == 201, answer.text()
    game_id = answer.json()["id"]
    moves = [json.loads(line) for line in record.splitlines() if '"MoveRecorded"' in line]
    return game_id, moves


def log_lines(page: Page, server: str, game_id: str, moves: int) -> list[str]:
    page.goto(f"/#/game/{game_id}")
    entries = page.locator(".log-list > li")
    expect(entries).to_have_count(moves, timeout=20_000)
    return entries.evaluate_all(
        "els => els.flatMap((li) => [li.querySelector('.log-move'), ...li.querySelectorAll('.facts > li')]"
        ".map((el) => el.textContent.replace(/\\s*undone$/, '')))")


def test_the_modules_and_the_solo_variant_are_logged_in_words(phone: Page, server):
    page = phone
    said: dict[str, list[str]] = {}
    kinds: set[str] = set()
    for what, name in RECORDS.items():
        game_id, moves = imported(page, server, name)
        kinds |= {m["move"]["type"] for m in moves}
        said[what] = log_lines(page, server, game_id, len({m["number"] for m in moves}))
    # The records hold the modules' and the variant's own moves.
    assert {"open_auction", "bid", "pass_bid", "lay_out_entrances", "lay_out_lounge", "reveal_celebrity",
            "choose_rehearsal", "send_to_ballroom", "take_key", "take_bell_reward", "keep_staff",
            "draw_instruction", "reveal_bot_staff", "hire", "serve", "split_funds", "decline"} <= kinds
    lines = [line for every in said.values() for line in every]
    generic = sorted({line for line in lines if GENERIC_MOVE.search(line) or GENERIC_FACT.search(line)})
    assert not generic, generic[:20]
    bare = sorted({line for line in lines if BARE_ID.search(line)})
    assert not bare, bare[:20]
    joined = "\n".join(lines)
    # Cards by name, tiles and boards with what they give, the auction and the opponent's steps in sentences.
    assert re.search(r"^\d+\. Anna hires [A-Z][a-z]", joined, re.M)
    assert re.search(r"takes rehearsal room R\d \(1: ", joined)
    assert re.search(r"The table is set up: Emperor tiles A\d \([^)]* at 3 or more, ", joined)
    assert re.search(r"^\d+\. \w+ puts Ninas Melange up for auction at \d+ krones|"
                     r"^\d+\. \w+ puts [A-Z][\w ]+ up for auction", joined, re.M)
    assert re.search(r"^\d+\. The table draws the opponent's instruction card \d+", joined, re.M)
    assert re.search(r"^Leopold draws instruction card \d+: ", joined, re.M)
    # The opponent by its name, not its seat's ("bot").
    assert re.search(r"^Leopold ends turn \d+$", joined, re.M) and re.search(r"^Elisabeth scores \d+", joined, re.M)
    assert not [line for line in lines if re.search(r"\bbot\b", line)]
    assert re.search(r"^\d+\. \w+ takes the reward of [A-Z]", joined, re.M)
    # The Emperor tiles on the board say what they give.
    expect(page.locator(".emperor-objectives .chip.tile").first).to_contain_text("at 3 or more")
    assert page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth") <= 0


def test_the_start_button_ends_the_form_and_covers_no_option(phone: Page):
    """With Grand Austria Hotel's options open the form is longer than the
    phone: nothing of the form lies under the Start button, which comes after
    the mode, and a double tap starts one game."""
    page = phone
    page.goto("/#/new")
    page.locator(".new-game .chips button[data-game='grand_austria']").click()
    expect(page.locator(".new-game .options")).to_contain_text("Options")
    covered = page.evaluate("""() => {
        const submit = document.querySelector('.new-game .submit');
        const box = submit.getBoundingClientRect();
        return [...document.querySelectorAll('.new-game label, .new-game button, .new-game input, .new-game h3, .new-game p')]
          .filter((el) => !submit.contains(el))
          .filter((el) => { const r = el.getBoundingClientRect();
            return r.height && r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right; })
          .map((el) => el.textContent || el.getAttribute('aria-label'));
    }""")
    assert not covered, covered
    assert page.evaluate("() => { const submit = document.querySelector('.new-game .submit');"
                         " return submit.getBoundingClientRect().top >= submit.previousElementSibling.getBoundingClientRect().bottom; }")
    for i, name in enumerate(["Ann", "Ben", "Cy", "Dee"]):
        page.get_by_label(f"player {i + 1}", exact=True).fill(name)
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    page.get_by_role("button", name="Start", exact=True).dblclick()
    expect(page.locator(".log, .record").first).to_be_attached()
    page.wait_for_url("**/#/game/**")
    assert [url.rsplit("/api/", 1)[-1] for url in posted if "/api/" in url] == ["games"]
