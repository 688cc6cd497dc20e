"""One turn of every other game on a phone: Wiener Walzer at the table (the
setup entered space by space, a guest placed by tapping the board), and every
game whose engine exists played digitally (the service deals and rolls; the
player records their first offered move on their own page, opened from the
link the scorekeeper's page hands out)."""
from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page, expect

from starting import start_on_the_page

from domain.games import all_games

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cid", "Dora", "Emil"]


def version(page: Page) -> int:
    return int(page.locator(".game-head").get_attribute("data-version"))


def after_move(page: Page, before: int) -> int:
    expect(page.locator(f".game-head[data-version='{before + 1}']")).to_be_visible()
    return before + 1


def start(page: Page, game: str, players: list[str], mode: str) -> None:
    start_on_the_page(page, game, players, mode)


def test_wiener_walzer_setup_and_a_placed_guest(phone: Page, shoot):
    page = phone
    start(page, "wiener_walzer", ["Ann", "Ben"], "table")
    expect(page.locator(".status")).to_contain_text("The table: setup")
    form = page.locator("form[data-move='setup']")
    # The next empty space is chosen after each entry: gold spaces first, then the buffet.
    for _ in range(6):
        form.locator(".palette .chips button:not([disabled])").first.click()
    expect(form.locator(".progress")).to_contain_text("6 of 6 gold spaces")
    # Each white guest exists once: the ones already laid out are greyed out.
    form.locator(".board button.space[data-space='e2']").click()
    expect(form.locator(".palette button[data-value='L1']")).to_be_disabled()
    form.locator(".board button.space[data-space='d1']").click()
    kinds = ["cheese", "shrimp_roll", "sachertorte", "caviar", "cigar", "champagne"]
    for i in range(29):
        if i % 7 == 0:
            form.locator(f".palette button[data-count='{1 + i % 3}']").click()
        form.locator(f".palette button[data-value='{kinds[i % len(kinds)]}']").click()
    expect(form.locator(".progress")).to_contain_text("29 of 29 buffet spaces")
    shoot(page, "walzer-01-setup-form")
    v = version(page)
    form.get_by_role("button", name="record setup").click()
    v = after_move(page, v)
    expect(page.locator(".status")).to_contain_text("Ann: place")
    group = page.locator("section.move-group[data-move='place']")
    group.locator("button[data-field='card'][data-value='L3']").click()
    group.locator(".board button.space.selectable[data-space='d2']").click()
    v = after_move(page, v)
    expect(page.locator(".view .board .space[data-space='d2'] .guest")).to_have_text("L3")
    expect(page.locator(".log-list")).to_contain_text("Ann places L3 on d2")
    expect(page.locator(".status")).to_contain_text("Ben: place")
    shoot(page, "walzer-02-placed")


def test_vienna_at_the_table_start_cards_display_and_a_roll(phone: Page, shoot):
    page = phone
    start(page, "vienna", ["Ann", "Ben", "Cid"], "table")
    v = version(page)
    for _ in range(3):                   # each player chooses a start card
        page.locator("section.move-group[data-move='choose_start_card'] .group-body > .chips button").first.click()
        v = after_move(page, v)
    # A card with a name is said by its name in the log.
    expect(page.locator(".log-list > li").last.locator(".log-move")).to_have_text(re.compile(r"^1\. Cid: choose start card — card \w+$"))
    # The display is tapped from the deck's characters (name and symbols),
    # players − 1 of them; a third tap is not taken.
    reveal = page.locator("form[data-move='reveal_characters']")
    deck = reveal.locator(".display-pick .chips.grid button")
    expect(deck).to_have_count(11)
    for name in ("Coachman", "Officer", "Monk"):
        reveal.locator(f".display-pick .chips.grid button[data-value='{name}']").click()
    expect(reveal.locator(".display-pick .count")).to_have_text("2 of 2 chosen")
    expect(reveal.locator(".display-pick button[data-value='Officer']")).to_contain_text("♟♛")
    # A card the deck lacks is entered as printed: one too many, refused; taken back.
    reveal.get_by_role("button", name="add a card the deck lacks").click()
    reveal.locator(".custom-cards .field[data-field='name'] input").fill("Hofrat")
    shoot(page, "vienna-00-display-picker", full_page=False)
    reveal.get_by_role("button", name="record reveal characters").click()
    expect(reveal.locator(".problem")).to_contain_text("Turn over 2 character cards")
    reveal.locator(".custom-cards").get_by_role("button", name="remove").click()
    reveal.get_by_role("button", name="record reveal characters").click()
    v = after_move(page, v)
    expect(page.locator(".view .display .vcard")).to_have_text([re.compile("^Coachman"), re.compile("^Officer")])
    roll = page.locator("form[data-move='roll']")
    expect(roll.locator(".field[data-field='seat'] button.chosen")).to_have_count(1)
    for face in "12345":
        roll.locator(f".field[data-field='dice'] .chips button[data-value='{face}']").click()
    roll.locator(f".field[data-field='dice'] .chips button[data-value='5']").click()
    shoot(page, "vienna-01-roll-form")
    roll.get_by_role("button", name="record roll").click()
    # Six dice: refused with the rule beside the button, and the dice entered stay.
    problem = roll.locator(".problem")
    expect(problem).to_contain_text("rolls 5 dice")
    expect(roll.locator(".count")).to_have_text("6 of 6 chosen")
    shoot(page, "vienna-02-roll-refused")
    roll.locator(".sequence button").last.click()
    if "white die" in problem.inner_text():
        roll.locator(".field[data-field='dice'] .chips button[data-value='W6']").click()
    roll.get_by_role("button", name="record roll").click()
    v = after_move(page, v)
    expect(page.locator(".log-list > li").first).to_contain_text("roll")
    expect(page.locator("section.move-group").first).to_be_visible()
    expect(page.locator(".view .vplayer[data-seat='Ann'] .vd")).to_have_count(5)
    shoot(page, "vienna-03-rolled")
    # A reroll is not among the listed moves (its result is chance): it gets an
    # entry form of its own. Ann pays 1 coin to roll her 5 again: a 1.
    coins = page.locator(".view .vplayer[data-seat='Ann']").inner_text()
    reroll = page.locator("form[data-move='reroll']")
    expect(reroll).to_be_visible()
    expect(reroll.locator(".field[data-field='seat'] button.chosen")).to_have_text("Ann")
    reroll.locator(".field[data-field='dice'] .chips button[data-value='5']").click()
    reroll.get_by_role("button", name="add result").click()       # at the table the result is entered
    reroll.locator(".field[data-field='result'] .chips button[data-value='1']").click()
    shoot(page, "vienna-03b-reroll-form")
    reroll.get_by_role("button", name="record reroll").click()
    v = after_move(page, v)
    expect(page.locator(".log-list > li").first).to_contain_text("reroll")
    expect(page.locator(".view .vplayer[data-seat='Ann']")).not_to_have_text(coins)
    # Ann places her 3 on the Naschmarkt (3), tapped on the street (no list of names beside it):
    # it lies there in her colour, four dice left.
    place = page.locator("section.move-group[data-move='place'][data-seat='Ann']")
    expect(place.locator("button[data-field='field']")).to_have_count(0)
    place.locator(".vpick .vstreet button.vfield[data-field='Naschmarkt']").click()
    place.locator("button[data-field='dice'][data-value='3']").click()
    v = after_move(page, v)
    field = page.locator(".view .vstreet .vfield[data-field='Naschmarkt']")
    expect(field).to_have_class(re.compile(r"\btaken\b"))
    expect(field.locator(".vd")).to_have_text(["3"])
    expect(page.locator(".view .vplayer[data-seat='Ann'] .vd")).to_have_count(4)
    expect(page.locator(".view .vplayer.acting")).to_have_attribute("data-seat", "Ben")
    shoot(page, "vienna-04-placed")


@contextmanager
def own_page(browser, page: Page, seat: str):
    """``seat``'s own page on another phone, from the link the scorekeeper's page
    handed out (asked for again once the links folded away at a move)."""
    # The table's page caught up with the game first: the links fold away at a player's move.
    now = page.request.get(f"/api/games/{page.url.rsplit('/', 1)[-1]}").json()["version"]
    expect(page.locator(f".game-head[data-rendered='{now}']")).to_be_attached()
    links = page.locator(f".player-links a[data-seat='{seat}']")
    if not links.count():
        if not page.locator(".player-links[open]").count():
            page.locator(".player-links summary").click()
        page.get_by_role("button", name="show links again").click()
    link = links.get_attribute("href")
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        player = context.new_page()
        player.goto(link)
        expect(player.locator(".seat-page")).to_contain_text(f"You are {seat}")
        yield player
    finally:
        context.close()


def acting(page: Page, server: str) -> str:
    game = page.url.rsplit("/", 1)[-1]
    return page.request.get(f"{server}/api/games/{game}").json()["expected"]["seats"][0]


def test_grand_austria_rooms_prepared_by_tapping_the_hotel(phone: Page, browser, server, shoot):
    """Digital: the starting guests, then the starting rooms tapped in the hotel
    grid of the view, each on the acting player's own page."""
    page = phone
    start(page, "grand_austria", ["Ann", "Ben"], "digital")
    expect(page.locator(".view .action-board .action")).to_have_count(7)
    expect(page.locator(".view .queue li .ga-guest")).to_have_count(5)
    expect(page.locator(".view .hotel[data-seat='Ann'] .room")).to_have_count(20)
    for _ in range(2):                   # each player takes a starting guest into the café
        with own_page(browser, page, acting(page, server)) as player:
            v = version(player)
            player.locator("section.move-group[data-move='take_guest'] .group-body > .chips button").first.click()
            expect(player.locator(f".game-head:not([data-version='{v}'])")).to_be_visible()
    seat = acting(page, server)
    with own_page(browser, page, seat) as player:
        expect(player.locator(".view .cafe-table[data-table='1'] .ga-guest")).to_have_count(2)
        expect(player.locator(".view .tap-hint")).to_have_text("Tap a highlighted room to prepare it.")
        hotel = player.locator(f".view .hotel[data-seat='{seat}']")
        shoot(player, "grand-austria-01-room-choice")
        for room in ("1.1", "2.1"):          # the first room; then a choice between 1.2 and 2.1
            v = version(player)
            hotel.locator(f"button.room.selectable[data-room='{room}']").click()
            v = after_move(player, v)
            expect(hotel.locator(f".room[data-room='{room}']")).to_have_attribute("data-state", "prepared")
        expect(hotel.locator("button.room.selectable")).to_have_count(3)
        expect(player.locator(".log-list > li").first).to_contain_text(f"{seat} prepares room 2.1")
        shoot(player, "grand-austria-02-rooms-prepared")
    # The scorekeeper's page, the table, follows by itself and offers nobody's move.
    expect(page.locator(".log-list > li").first).to_contain_text(f"{seat} prepares room 2.1")
    expect(page.locator("section.move-group")).to_have_count(0)


def test_grand_austria_at_the_table_setup_by_tapping(phone: Page, shoot):
    """The setup at the table without typing numbers: objectives, the queue and
    each player's staff cards are grids of card numbers (a card one player holds
    is greyed out for the other), the start player is tapped."""
    page = phone
    start(page, "grand_austria", ["Ann", "Ben"], "table")
    form = page.locator("form[data-move='setup']")
    # Recorded too early: what does not fit is said in words beside the button.
    form.get_by_role("button", name="record setup").click()
    expect(form.locator(".problem")).to_contain_text(re.compile(r"^Some entries do not fit — .*objectives: length must be"))
    objectives = form.locator(".field[data-field='objectives']")
    for number in (105, 109, 113):
        objectives.locator(f"button[data-value='{number}']").click()
    # One Emperor tile of each stack for its round, each said in words.
    tiles = form.locator(".field[data-field='emperor_tiles']")
    expect(tiles.locator(".entry[data-round='3'] button")).to_have_count(4)
    expect(tiles.locator(".entry[data-stack='A'] button[data-value='A1']")).to_contain_text("pay 3 krones, else lose 5 VP")
    for tile in ("A1", "A2", "B3", "C1"):     # A2 replaces A1: one tile per round
        tiles.locator(f"button[data-value='{tile}']").click()
    expect(tiles.locator("button.chosen")).to_have_count(3)
    expect(tiles.locator(".entry[data-stack='A'] button.chosen")).to_have_attribute("data-value", "A2")
    tiles.scroll_into_view_if_needed()
    shoot(page, "grand-austria-emperor-tiles", full_page=False)
    queue = form.locator(".field[data-field='queue']")
    for number in range(49, 54):
        queue.locator(f"button[data-value='{number}']").click()
    form.locator(".field[data-field='start_player'] button[data-value='Ben']").click()
    hands = form.locator(".field[data-field='hands']")
    hands.get_by_role("button", name="add hands").click()
    for seat, cards in (("Ann", range(1, 7)), ("Ben", range(7, 13))):
        for number in cards:
            hands.locator(f".entry[data-key='{seat}'] button[data-value='{number}']").click()
    expect(hands.locator(".entry[data-key='Ben'] button[data-value='1']")).to_be_disabled()
    expect(hands.locator(".entry[data-key='Ann'] button[data-value='7']")).to_be_disabled()
    hands.scroll_into_view_if_needed()
    shoot(page, "grand-austria-table-setup", full_page=False)
    v = version(page)
    form.get_by_role("button", name="record setup").click()
    v = after_move(page, v)
    expect(page.locator(".status")).to_contain_text("take guest")
    expect(page.locator(".log-list > li").first).to_contain_text("The table sets up")
    tiles = page.locator(".view .emperor-objectives .tile")          # each tile with what it gives and takes
    expect(tiles).to_have_text([re.compile(r"^round 3: A2 \(.+ at 3 or more, .+ at 0\)$"),
                                re.compile(r"^round 5: B3 \(.+\)$"), re.compile(r"^round 7: C1 \(8 VP at 3 or more, .+\)$")])


@pytest.mark.parametrize("game", [g for g in all_games() if g.id != "willi"], ids=lambda g: g.id)
def test_one_digital_turn(phone: Page, browser, server, shoot, game):
    page = phone
    start(page, game.id, NAMES[:max(game.min_players, 2)], "digital")     # (Grand Austria Hotel: 1 only solo)
    expect(page.locator(".view")).to_contain_text(re.compile(r"\S"))
    seat = acting(page, server)
    assert seat in NAMES
    with own_page(browser, page, seat) as player:
        group = player.locator(f"section.move-group[data-seat='{seat}']").first
        v = version(player)
        while version(player) == v:            # narrow the offered choices until a move is recorded
            chip = group.locator(".group-body > .chips button:not(.unavailable), .board button.selectable, "
                                 ".vpick button.selectable").first
            chip.wait_for()
            chip.click()
            player.wait_for_function(
                "([v]) => document.querySelector('.game-head').dataset.version != v "
                "|| !document.querySelector('.move-group.busy')", arg=[v])
        # The service may have rolled or dealt right after it (listed above it in the log).
        expect(player.locator(".log-list .by", has_text=f"recorded by {seat}")).to_have_count(1)
        shoot(player, f"{game.id}-digital-turn")
    expect(page.locator(".log-list .by", has_text=f"recorded by {seat}")).to_have_count(1)


def test_a_game_without_its_own_view_works_through_the_generic_page(phone: Page, shoot):
    """As if Willi had no view of its own yet: the generic view (scores, who
    acts, the state in words) and forms built from the vocabulary."""
    page = phone

    def without_views(route):
        original = route.fetch().text()
        route.fulfill(body=re.sub(r"const ADAPTERS = \{[^}]*\};", "const ADAPTERS = {};", original),
                      content_type="text/javascript")

    page.route("**/static/views/index.js", without_views)
    start(page, "willi", ["Ann", "Ben", "Cid", "Dora"], "table")
    expect(page.locator(".view table.scores")).to_contain_text("Dora")
    expect(page.locator(".view .state-dump")).to_contain_text("phase deal")
    form = page.locator("form[data-move='deal']")
    expect(form.locator("h3")).to_have_text("deal")
    ann = form.locator(".entry[data-key='Ann']")
    ann.get_by_role("button", name=re.compile("unseen")).click()
    for card in ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9"]:
        ann.locator(f".chips button[data-value='{card}']").click()
    v = version(page)
    form.get_by_role("button", name="record deal").click()
    v = after_move(page, v)
    expect(page.locator(".status")).to_contain_text("Ann, Ben, Cid and Dora: discard")
    page.locator(".view .state-dump details[data-key='hands'] summary").click()
    expect(page.locator(".view .state-dump details[data-key='hands']")).to_contain_text("R1, R2, R3")
    group = page.locator("section.move-group[data-move='discard'][data-seat='Ann']")
    expect(group.locator("h3")).to_have_text("Ann: discard")
    group.locator("button[data-value='R5']").click()
    v = after_move(page, v)
    expect(page.locator(".log-list > li").first).to_contain_text("Ann: discard — card R5")
    expect(page.locator(".log-list > li").first.locator(".facts")).to_contain_text("discarded: seat Ann; seen yes")
    shoot(page, "generic-willi")


def test_grand_austria_staff_draft_on_a_players_own_page(phone: Page, browser, server, shoot):
    """An option chosen at the start (the staff draft); on Ann's own page the
    staff cards she drafts from are offered by name and printed text, not number."""
    page = phone
    page.goto("/#/new")
    page.locator("button[data-game='grand_austria']").click()
    while page.locator(".player-row").count() > 2:
        page.locator(".player-row").last.get_by_role("button", name="remove").click()
    for i, name in enumerate(["Ann", "Ben"], start=1):
        page.get_by_label(f"player {i}", exact=True).fill(name)
    page.locator(".options .field[data-field='staff_draft'] button").click()
    page.locator("button[data-mode='digital']").click()
    page.get_by_role("button", name="Start").click()
    expect(page.locator(".status")).to_contain_text("draft pick")
    with own_page(browser, page, "Ann") as ann:
        group = ann.locator("section.move-group[data-move='draft_pick'][data-seat='Ann']")
        expect(group.locator(".named-card")).not_to_have_count(0)
        expect(group.locator(".named-card b").first).to_have_text(re.compile(r"[A-Za-z]{3,}"))
        group.scroll_into_view_if_needed()
        shoot(ann, "grand-austria-staff-draft", full_page=False)
        before = version(ann)
        group.locator(".group-body > .chips button").first.click()
        expect(ann.locator(f".game-head:not([data-version='{before}'])")).to_be_visible()
        expect(ann.locator(".log-list .by", has_text="recorded by Ann")).to_have_count(1)
