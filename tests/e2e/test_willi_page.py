"""A scorekeeper records a Willi round on a phone by tapping: the deal (one
hand seen, the others unseen), the discards, eight tricks with a Meinz and an
exchange; then undoes a move, redoes it, and steps through the replay."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PLAYERS = ["Alex", "Joe", "Gunter", "Hanna"]
ALEX = ["R1", "R2", "R3", "Y4", "Y5", "G6", "G7", "B8", "B9"]


def version(page: Page) -> int:
    return int(page.locator(".game-head").get_attribute("data-version"))


def after_move(page: Page, before: int) -> int:
    """Wait until the page shows the game one event further on."""
    expect(page.locator(f".game-head[data-version='{before + 1}']")).to_be_visible()
    return before + 1


def start_willi(page: Page, shoot) -> None:
    page.goto("/")
    page.get_by_role("link", name="Start a game").click()
    page.locator("button[data-game='willi']").click()
    for i, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"player {i}", exact=True).fill(name)
    page.locator("button[data-mode='table']").click()
    shoot(page, "willi-01-start")
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".notice.token code")).to_have_text(re.compile(r"\S{20,}"))
    expect(page.locator(".status")).to_contain_text("The table: deal")


def enter_deal(page: Page, shoot) -> None:
    form = page.locator("form[data-move='deal']")
    alex = form.locator(".entry[data-key='Alex']")
    alex.get_by_role("button", name=re.compile("unseen")).click()
    for card in ALEX[:-1]:
        alex.locator(f".chips button[data-value='{card}']").click()
    # A card Alex holds is greyed out for the other hands once they are opened.
    joe = form.locator(".entry[data-key='Joe']")
    joe.get_by_role("button", name=re.compile("unseen")).click()
    expect(joe.locator(".chips button[data-value='R1']")).to_be_disabled()
    joe.get_by_role("button", name=re.compile("set as unseen")).click()
    # Eight cards: the rules refuse it beside the button, and nothing is lost.
    before = version(page)
    form.get_by_role("button", name="record deal").click()
    expect(form.locator(".problem")).to_have_text("Every seat is dealt 9 cards; Alex got 8.")
    expect(alex.locator(".count")).to_have_text("8 chosen")
    shoot(page, "willi-02-deal-refused")
    alex.locator(f".chips button[data-value='{ALEX[-1]}']").click()
    form.get_by_role("button", name="record deal").click()
    after_move(page, before)
    expect(page.locator(".seat[data-seat='Alex'] .hand .card")).to_have_count(9)
    expect(page.locator(".seat[data-seat='Joe'] .hand")).to_contain_text("9 cards, unseen")


def tap_first(page: Page, group: str) -> None:
    page.locator(f"{group} .group-body > .chips button:not(.unavailable)").first.click()


def play_round(page: Page, shoot) -> None:
    v = version(page)
    for _ in PLAYERS:                                   # everyone discards
        tap_first(page, "section.move-group[data-move='discard']")
        v = after_move(page, v)
    shoot(page, "willi-03-discarded")
    called = exchanged = False
    tricks = 0
    while tricks < 8:
        meinz = page.locator("section.move-group[data-move='meinz']")
        exchange = page.locator("section.move-group[data-move='exchange']")
        if not called and meinz.count():
            shoot(page, "willi-04-meinz-offered")
            meinz.first.get_by_role("button", name="Meinz!").click()
            called = True
        elif not exchanged and exchange.count():
            shoot(page, "willi-05-exchange-offered")
            tap_first(page, "section.move-group[data-move='exchange']")   # give
            take = page.locator("section.move-group[data-move='exchange'] button[data-field='take']")
            done = page.locator(f".game-head[data-version='{v + 1}']")
            take.or_(done).first.wait_for()
            if not done.count():                                            # more than one card to take
                take.first.click()
            exchanged = True
        else:
            tap_first(page, "section.move-group[data-move='play']")
        v = after_move(page, v)
        tricks = int(page.evaluate("""() => [...document.querySelectorAll('.log-list > li:not(.undone) .facts li')]
            .filter((li) => / wins trick /.test(li.textContent)).length"""))
        if tricks == 4 and not page.evaluate("() => window.__shot"):
            page.evaluate("() => { window.__shot = true; }")
            shoot(page, "willi-06-mid-round")
    assert called and exchanged
    expect(page.locator(".status")).to_contain_text("The table: deal")
    expect(page.locator(".log-list")).to_contain_text("Round 1 sums")
    expect(page.locator(".log-list")).to_contain_text(re.compile(r"\w+ scores 3 \(place 1 in round 1"))
    expect(page.locator(".log-list")).to_contain_text(re.compile(r"\w+ wins trick 1 with"))
    expect(page.locator(".log-list")).to_contain_text("calls Meinz!")
    shoot(page, "willi-07-round-scored")


def test_record_a_willi_round_undo_redo_replay(phone: Page, shoot):
    page = phone
    start_willi(page, shoot)
    enter_deal(page, shoot)
    play_round(page, shoot)
    scores = page.locator(".seat .points").all_inner_texts()
    assert sorted(int(s.split()[0]) for s in scores) == [0, 1, 2, 3]

    # Undo the last play: the round is open again, the move stays in the log struck through.
    v = version(page)
    last_move = page.locator(".log-list > li").first.get_attribute("data-index")
    expect(page.locator(".controls .undo-what")).to_contain_text(f"Undo takes back move {last_move}: ")
    expect(page.locator(".log-list > li").first.locator(".by")).to_contain_text("recorded by scorekeeper")
    page.get_by_role("button", name="↶ Undo").click()
    v = after_move(page, v)
    undone = page.locator(".log-list > li.undone")
    expect(undone).to_have_count(1)
    expect(undone.locator(".log-move")).to_have_css("text-decoration-line", "line-through")
    expect(page.locator(".status")).not_to_contain_text("The table: deal")
    assert sorted(int(s.split()[0]) for s in page.locator(".seat .points").all_inner_texts()) == [0, 0, 0, 0]
    shoot(page, "willi-08-undone")
    page.get_by_role("button", name="↷ Redo").click()
    v = after_move(page, v)
    expect(page.locator(".log-list > li.undone")).to_have_count(0)
    expect(page.locator(".status")).to_contain_text("The table: deal")

    # Replay: step back from the end, then to the start, with the chart marking the move.
    chart = page.locator("svg.score-chart")
    expect(chart.locator("polyline")).to_have_count(4)
    last = int(page.locator(".log-list > li").first.get_attribute("data-index"))
    page.get_by_role("button", name="back", exact=True).click()
    expect(page.locator(".replay-at")).to_have_text(f"after move {last - 1}")
    expect(page.locator(".record")).to_contain_text("Replay: the state after move")
    expect(page.get_by_role("button", name="↶ Undo")).to_have_count(0)        # undo acts on now, not on the replay
    expect(page.locator(".status")).to_contain_text(f"Replay, after move {last - 1}. Next: ")
    expect(chart.locator("line.marker")).to_have_count(1)
    slider = page.get_by_label("replay")
    slider.focus()
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    expect(page.locator(".replay-at")).to_have_text(re.compile(r"after move \d+"))
    shoot(page, "willi-09-replay")
    page.get_by_role("button", name="first", exact=True).click()
    expect(page.locator(".replay-at")).to_have_text("after move 0")
    expect(page.locator(".seat[data-seat='Alex'] .hand .card")).to_have_count(0)
    page.get_by_role("button", name="back to the game").click()
    expect(page.locator(".replay-at")).to_have_text(re.compile(r"now: after move"))
    expect(page.locator("form[data-move='deal'] .entry")).to_have_count(4)       # round 2 is to be dealt
    shoot(page, "willi-10-chart", full_page=False)
    chart.scroll_into_view_if_needed()
    shoot(page, "willi-11-chart-view", full_page=False)

    # The list of games reopens this one.
    page.get_by_role("link", name="← games").click()
    link = page.locator("a.game-link", has_text="Alex, Joe, Gunter, Hanna").first
    expect(link).to_contain_text(f"{last} moves")
    shoot(page, "willi-12-games")
    link.click()
    expect(page.locator(".status")).to_contain_text("The table: deal")


def test_three_players_with_the_card_monster(phone: Page, shoot):
    """With 3 players the card monster's stack is entered top card first and
    it can only turn over that top card."""
    page = phone
    page.goto("/#/new")
    page.locator("button[data-game='willi']").click()
    page.locator(".player-row").last.get_by_role("button", name="remove").click()
    for i, name in enumerate(["Alex", "Joe", "Hanna"], start=1):
        page.get_by_label(f"player {i}", exact=True).fill(name)
    page.get_by_role("button", name="Start").click()
    form = page.locator("form[data-move='deal']")
    monster = form.locator(".entry[data-key='monster']")
    monster.get_by_role("button", name=re.compile("unseen")).click()
    stack = ["G5", "R1", "Y9", "B2", "B3", "B4", "R7", "Y2", "G8"]
    for card in stack:
        monster.locator(f".chips button[data-value='{card}']").click()
    expect(monster.locator(".sequence .card")).to_have_count(9)
    v = version(page)
    form.get_by_role("button", name="record deal").click()
    v = after_move(page, v)
    expect(page.locator(".seat[data-seat='monster'] .seat-head")).to_contain_text("the card monster")
    expect(page.locator(".seat[data-seat='monster'] .hand .card").first).to_have_text("5")
    for _ in range(3):
        tap_first(page, "section.move-group[data-move='discard']")
        v = after_move(page, v)
    # The monster leads round 1 and turns over its top card: the only choice offered.
    group = page.locator("section.move-group[data-move='play'][data-seat='monster']")
    expect(group.locator("button")).to_have_count(1)
    group.locator("button").click()
    v = after_move(page, v)
    expect(page.locator(".log-list > li").first).to_contain_text("the card monster plays")
    shoot(page, "willi-13-card-monster")


def start_digital_willi(page: Page) -> str:
    """A digital Willi game started on the page; its id."""
    page.goto("/#/new")
    page.locator("button[data-game='willi']").click()
    for i, name in enumerate(PLAYERS, start=1):
        page.get_by_label(f"player {i}", exact=True).fill(name)
    page.locator("button[data-mode='digital']").click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".status")).to_contain_text("discard")
    return page.url.rsplit("/", 1)[-1]


def test_digital_game_each_player_on_their_own_phone(phone: Page, browser, server, shoot):
    """In a digital game the service deals; the scorekeeper's page hands each
    player a link to a page that shows only their own cards and records their moves."""
    page = phone
    start_digital_willi(page)
    expect(page.locator(".seat[data-seat='Alex'] .hand")).to_contain_text("9 cards, unseen")
    # The service's own deal cannot be undone: the page says so instead of offering it.
    expect(page.get_by_role("button", name="↶ Undo")).to_be_disabled()
    expect(page.locator(".controls .undo-what")).to_contain_text("Undo cannot take back move 1, dealt or rolled by the service")
    page.locator(".player-links summary").click()
    link = page.locator(".player-links a[data-seat='Alex']").get_attribute("href")

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    alex = context.new_page()
    try:
        alex.goto(link)
        expect(alex.locator(".seat-page")).to_contain_text("You are Alex")
        assert "/as/" not in alex.url                       # the token leaves the address bar
        expect(alex.locator(".seat[data-seat='Alex'] .hand .card")).to_have_count(9)
        expect(alex.locator(".seat[data-seat='Joe'] .hand")).to_contain_text("9 cards, unseen")
        groups = alex.locator("section.move-group")
        expect(groups).to_have_count(1)
        expect(groups.first).to_have_attribute("data-seat", "Alex")
        shoot(alex, "willi-14-digital-player")
        before = version(alex)
        groups.first.locator(".group-body > .chips button").first.click()
        after_move(alex, before)
        expect(alex.locator(".log-list > li").first.locator(".by")).to_contain_text("recorded by Alex")
        # Nothing left for Alex to do: the page says whom it waits for.
        expect(alex.locator(".record .waiting")).to_have_text(
            "Waiting for Joe, Gunter and Hanna to discard on their own page; this page follows by itself.")
    finally:
        context.close()
    # The scorekeeper's page picks up the move recorded on Alex's phone by itself.
    expect(page.locator(".log-list > li").first).to_contain_text("Alex discards face down")
