"""The «Правила» screen: search while typing, game filter, an entry with its see-also links,
the route's pre-selection and the table's own rulings — in Chromium where typing, layout and
48 dp targets matter, in-process (:mod:`tests.ui.walk`) for what the screen says and keeps."""

from __future__ import annotations

import pytest

from companion.rules import RulesIndex, list_rulings, load_db
from companion.rules.house import HOUSE_FILE
from companion.rules.text import SOURCE_NAMES
from tests.ui import render_tree as rt
from tests.ui.conftest import Server
from tests.ui.walk import Phone, new_hub


@pytest.fixture
def server(suite_server: Server) -> Server:
    """The suite's server under its one page (:func:`tests.ui.conftest.one_page`): this
    module's browser tests write nothing in its data dir."""
    return suite_server


def hit_labels(phone: Phone, n: int = 5) -> list[str]:
    """What the first ``n`` result cards on screen say."""
    return [phone.says(f"hit-{i}") for i in range(n) if phone.has(f"hit-{i}")]


async def _typo_filter_entry(data) -> None:
    phone = await Phone.open(new_hub(data), "/rules")
    await phone.wait("rules-hint", "ничья на базе")  # an empty query shows a hint, not results
    assert not phone.has("hit-0")

    # A misspelled table question finds the tie rule, with the rulebook's name and heading.
    await phone.type("rules-query", "ничя на базе")
    await phone.wait("hit-0", "Споры при раздаче")
    labels = hit_labels(phone, 3)
    assert any("Споры при раздаче" in t and "Замес:" in t for t in labels), labels
    assert any(
        SOURCE_NAMES["smashup-bbrr"] in t or SOURCE_NAMES["smashup-mimimi"] in t for t in labels
    ), labels

    # The game filter keeps only that game's rules.
    await phone.type("rules-query", "вызов")
    await phone.tap("game-coup")
    await phone.wait("game-coup", "выбрано")
    await phone.wait("rules-count", "«вызов» · Переворот")
    await phone.wait("hit-0", "Оспаривание")
    assert all("Переворот" in t for t in hit_labels(phone, 5))
    await phone.tap("game-all")
    await phone.wait("game-all", "выбрано")

    # Text typed in the English layout: «nfkfyn» is «талант».
    await phone.type("rules-query", "nfkfyn")
    await phone.wait("hit-0", "Талант")
    expected = RulesIndex(load_db()).search("nfkfyn")[0].entry
    await phone.tap("hit-0")
    await phone.wait("detail-title", expected["title"])
    await phone.wait("detail-where", SOURCE_NAMES[expected["source"]])
    await phone.wait("detail-text", expected["text"][:40])

    # A see-also link opens that entry; «К результатам» steps back to the one before.
    target = expected["see_also"][0]
    target_title = RulesIndex(load_db()).by_id[target]["title"]
    await phone.tap(f"see-{target}")
    await phone.wait("detail-title", target_title)
    assert target_title != expected["title"]
    await phone.tap("detail-back")
    await phone.wait("detail-title", expected["title"])
    await phone.tap("detail-back")
    await phone.wait("hit-0", "Талант")

    # An absurd query shows the search's own message instead of crashing.
    await phone.type("rules-query", "???")
    await phone.wait("rules-message", "Пустой запрос")


def test_typo_search_filter_entry_see_also_and_wrong_layout(tmp_path, lasting_messages):
    """In-process: a misspelled question finds the rule with its rulebook and heading; the
    game filter keeps one game's rules; the English layout is read as Russian; an entry, its
    see-also link and «К результатам»; an absurd query gets the search's own message (typing
    key by key and the targets' sizes: the browser tests below)."""
    rt.run(_typo_filter_entry(tmp_path / "d"))


async def _preselect_and_ruling(data) -> None:
    phone = await Phone.open(new_hub(data), "/rules?game=coup&q=Доход&from=/settings")
    await phone.wait("game-coup", "выбрано")
    assert "выбрано" not in phone.says("game-all")
    await phone.wait("hit-0", "Доход")
    await phone.wait("rules-count", "«Доход» · Переворот")  # the field pre-filled from the route
    assert "Переворот" in phone.says("hit-0")

    # the table's own ruling added to the «Доход» entry; the form takes that entry's game
    await phone.tap("hit-0")
    await phone.wait("detail-title", "Доход")
    await phone.tap("detail-amend")
    await phone.wait("house-link-note", "К правилу: Доход")
    await phone.wait("house-empty", "пока нет")
    await phone.type("house-title", "Монеты держим на виду")
    await phone.type(
        "house-text", "Каждый держит свои монеты открыто, пересчитать чужие можно в любой момент."
    )
    await phone.tap("house-save")
    await phone.wait("notice", "Сохранено")
    (ruling,) = list_rulings(path=data / HOUSE_FILE)
    assert ruling["game"] == "coup" and ruling["title"] == "Монеты держим на виду"
    assert ruling["see_also"] == ["coup-dohod"]
    await phone.wait(f"house-item-{ruling['id']}", "Монеты держим на виду")
    await phone.tap("house-close")

    # found by a search in other words, and marked as the table's
    await phone.type("rules-query", "монетами на виду")
    await phone.wait("hit-0", "правило стола")
    assert "Монеты держим на виду" in phone.says("hit-0")
    await phone.tap("hit-0")
    await phone.wait("detail-where", "Решения стола")
    await phone.wait("see-coup-dohod", "Доход")  # the linked rulebook entry

    # deleting it removes it from the file and from the results
    await phone.tap("detail-delete")
    await phone.wait("notice", "удалено")
    assert list_rulings(path=data / HOUSE_FILE) == []
    assert "правило стола" not in phone.shown("hit-0")

    # «Назад» returns to where the screen was opened from
    await phone.tap("rules-back")
    assert phone.session.page.route == "/settings"


def test_route_preselects_game_and_house_ruling_is_searched(tmp_path, lasting_messages):
    """In-process: the route's game and query are pre-selected; the table's own ruling is
    added to an entry, found by a search in other words, marked as the table's, deleted from
    the file and the results; «Назад» goes where the screen was opened from."""
    rt.run(_preselect_and_ruling(tmp_path / "d"))


async def _keeps_answering(data) -> None:
    phone = await Phone.open(new_hub(data), "/rules")
    await phone.wait("rules-hint", "ничья на базе")
    await phone.type("rules-query", "частичновнедрённоеизобретение")
    await phone.wait("rules-count", "«частичновнедрённоеизобретение»")  # cut into words
    expected = RulesIndex(load_db()).search("частичновнедрённоеизобретение", limit=1)[0]
    await phone.wait("hit-0", expected.entry["title"])
    await phone.type("rules-query", "\u202e\u200b 𝔘 ﷽ " + "я" * 200)
    await phone.gone("hit-0")
    # a normal query afterwards still gets results, with the sentence that answers it
    await phone.type("rules-query", "сколько монет нужно на переворот")
    await phone.wait("hit-0", "Переворот")
    hit = RulesIndex(load_db()).search("сколько монет нужно на переворот", limit=1)[0]
    assert hit.snippet and "монет" in hit.snippet.lower()
    await phone.wait("hit-0", hit.snippet[:30])


def test_screen_keeps_answering_after_any_input_and_shows_the_answer(tmp_path, lasting_messages):
    """Issue 16: a 25+ letter run-together word froze the screen; now it is cut into words,
    and after any input (controls, astral letters, 200 letters) a normal query is answered
    with the sentence that answers it. In-process (typing key by key: the browser test)."""
    rt.run(_keeps_answering(tmp_path / "d"))


def test_typing_key_by_key_shows_each_prefix_results_and_opens_the_card_shown(one_page):
    """While typing, every prefix's results replace the last ones (cards are re-used between
    keys when their hit is the same), at most 10 of them, and a card tapped after the results
    changed opens the entry it shows."""
    index = RulesIndex(load_db())
    app = one_page.open("/rules")
    app.wait_label("rules-hint", "ничья на базе")
    app.el("rules-query").locator("input, textarea").first.click()
    text = "доход монета"
    for n, key in enumerate(text, start=1):
        app.page.keyboard.type(key)
        prefix = text[:n].strip()
        if prefix and index.search(prefix):
            app.wait_label("rules-count", f"«{prefix}»")
    hits = index.search(text, limit=10)
    app.wait_label("rules-count", f"найдено {len(hits)}")
    assert len(hits) == 10
    for i in range(3):
        app.wait_label(f"hit-{i}", hits[i].entry["title"])
    app.tap("hit-1")
    app.wait_label("detail-title", hits[1].entry["title"])
    app.wait_label("detail-text", hits[1].entry["text"][:40])


async def _back_to_game(data) -> str:
    from companion.ui.game_screen import rules_link

    route = rules_link("coup", "Доход", "/game/g-123")
    assert "from=%2Fgame%2Fg-123" in route
    phone = await Phone.open(new_hub(data), route)
    await phone.wait("hit-0", "Доход")
    await phone.tap("rules-back")
    return phone.session.page.route


def test_back_from_a_rules_link_opened_in_a_game_returns_to_that_game(tmp_path, lasting_messages):
    """Issue 14: the book icon passes ``from=/game/<id>``; «Назад» must go there, not home."""
    assert rt.run(_back_to_game(tmp_path / "d")) == "/game/g-123"


def test_every_target_is_at_least_48_dp_on_a_phone(one_page):
    """The phone bar: back, rulings, game chips, result cards, «К результатам», see-also and
    neighbour links, «Решение стола к этому правилу» are all ≥ 48×48 at 390×844."""
    app = one_page.open("/rules")
    app.fill("rules-query", "доход")
    app.wait_label("hit-0", "Доход")
    idents = ["rules-back", "house-open", "game-all", "game-coup", "game-ricks", "hit-0"]
    for ident in idents:
        box = app.el(ident).bounding_box()
        assert box and box["width"] >= 48 and box["height"] >= 48, (ident, box)
    assert app.el("hit-0").bounding_box()["width"] >= 390 - 2 * 24  # cards span the page
    app.tap("hit-0")
    app.wait_label("detail-title", "Доход")
    links = app.page.locator('[flt-semantics-identifier^="see-"]')
    assert links.count() >= 1
    for ident in ["detail-back", "detail-amend"]:
        box = app.el(ident).bounding_box()
        assert box and box["height"] >= 48, (ident, box)
    for i in range(links.count()):
        assert links.nth(i).bounding_box()["height"] >= 48


# -- the screen's pure helpers (no browser) --------------------------------------------------
def test_parse_route_reads_game_query_and_a_local_back_route():
    from companion.rules.text import parse_route

    assert parse_route("/rules?game=coup&q=Доход&from=/game/abc") == ("coup", "Доход", "/game/abc")
    assert parse_route("/rules?game=chess&q=&from=//evil.example") == (None, "", "/")
    assert parse_route("/rules") == (None, "", "/")
    assert parse_route("/rules?game=smash_up&q=Фаза%201") == ("smash_up", "Фаза 1", "/")


def test_segments_and_snippet_keep_matched_words_marked():
    from companion.rules.text import segments, snippet

    assert segments("Ничья на базе", [(9, 13), (0, 5), (2, 4)]) == [
        ("Ничья", True),
        (" на ", False),
        ("базе", True),
    ]
    assert segments("", []) == [("", False)]
    text = "слово " * 60 + "база " + "слово " * 60
    at = text.index("база")
    piece, spans = snippet(text, [(at, at + 4)], width=100)
    assert piece.startswith("…") and piece.endswith("…") and len(piece) <= 102
    ((a, b),) = spans
    assert piece[a:b] == "база"


def test_neighbours_are_same_section_and_adjacent_entries_of_one_source():
    from companion.rules.text import neighbours

    db = load_db()
    entry = next(
        e for e in db if e["section"] == "Споры при раздаче" and e["source"] == "smashup-bbrr"
    )
    near = neighbours(db, entry["id"])
    assert entry not in near and near
    assert all(n["source"] == entry["source"] for n in near)
    same = [
        e
        for e in db
        if e["source"] == entry["source"] and e["section"] == entry["section"] and e is not entry
    ]
    assert all(s in near for s in same[:6])
    assert neighbours(db, "no-such-id") == []


CHIPS = ["game-all", "game-smash_up", "game-coup", "game-munchkin", "game-ricks"]


def test_game_chips_are_one_row_that_never_moves_under_a_finger(one_page):
    """At 390×844 the five game chips share one row under the question, and picking a game
    moves neither a chip nor the question field (a checkmark used to widen the picked chip
    and push the others along, onto a second row)."""
    app = one_page.open("/rules")
    app.wait_label("game-all", "выбрано")
    before = {ident: app.box(ident) for ident in [*CHIPS, "rules-query"]}
    assert len({round(before[c]["y"]) for c in CHIPS}) == 1, before
    for ident in ("game-ricks", "game-coup", "game-all"):
        app.tap(ident)
        app.wait_label(ident, "выбрано")
        after = {i: app.box(i) for i in before}
        assert after == before, (ident, before, after)
