"""«Замес» after the third phone play-test, in-process (the real app on real Flet sessions,
:mod:`tests.ui.render_tree`; what Chromium draws: ``test_smashup_texts``): the empty base
deck as each rulebook has it, texts said once and never cut, setup taps that answer, the
new-game form's seat controls.

Rulebooks: 000 («Мишки, бабки, рок-н-ролл», ``bbrr``) and 001 («Мимими», ``mimimi``).
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.engine.core import Game
from companion.engine.smashup import CHECK, SMASHUP, reminder, status_note
from companion.store import GameStore
from companion.store.bases import BaseCatalogue
from companion.ui.app import make_main
from companion.ui.boards.smashup.phase import REMINDER_LINES
from companion.ui.state import Hub
from tests.ui import render_tree as rt

DECKS = [["Котики", "Феи"], ["Принцессы", "Волшебные пони"], ["Бабульки", "Рокеры"]]
NAMES = ["Аня", "Борис", "Вика"]


def _game(hub: Hub, edition: str, moves=(), n: int = 3, **options: Any) -> str:
    opts = {"edition": edition, "factions": DECKS[:n], **options}
    gid = hub.create("smashup", NAMES[:n], first_player=0, options=opts).id
    for i in range(n + 1):
        card = {"name": f"База {i + 1}", "breakpoint": 10, "vp": [3, 2, 1]}
        hub.push(gid, "base.add", {"base_card": card})
    hub.push(gid, "game.start")
    for kind, data in moves:
        hub.push(gid, kind, data)
    return gid


TO_CHECK = [("phase.next", {}), ("phase.next", {})]
READY_0 = ("base.set", {"base": 0, "player": 0, "power": 10, "minions": 1})
READY_1 = ("base.set", {"base": 1, "player": 1, "power": 10, "minions": 1})


def _shown_texts(session: Any) -> list[str]:
    """Every text drawn on the page now (visible controls only; dialogs are not in it)."""
    shown = rt.shown_ids(session)
    return [c.value for c in rt.controls(session) if isinstance(c, ft.Text) and id(c) in shown]


def _in_dialog(session: Any, ident: str) -> bool:
    """Whether an open dialog holds the node tagged ``ident``."""
    for dialog in session.page._dialogs.controls:  # a closed one may stay listed
        if getattr(dialog, "open", True) and _holds(dialog, ident):
            return True
    return False


def _holds(c: Any, ident: str) -> bool:
    if isinstance(c, ft.Semantics) and c.identifier == ident:
        return True
    return any(_holds(child, ident) for child in rt._children(c))


def _switch_on(node: Any) -> bool:
    """The value of the switch under ``node`` (a :func:`widgets.switch_row`)."""
    if isinstance(node, ft.Switch):
        return bool(node.value)
    return any(_switch_on(child) for child in rt._children(node))


async def _tap(session: Any, ident: str) -> None:
    await rt.tap(session, rt.tappables(session)[ident])
    await rt.quiet(session)


async def _tap_in_dialog(session: Any, ident: str) -> None:
    await rt.tap(session, rt.in_dialog(session, ident))
    await rt.quiet(session)


# -- «Разойтись по углам!»: the empty base deck ------------------------------------------------
async def _score_dialog(data, edition: str) -> dict[str, Any]:
    hub = Hub(GameStore(data))
    gid = _game(hub, edition, [READY_0, READY_1, *TO_CHECK])
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await _tap(session, "score-0")
    seen: dict[str, Any] = {
        "switch": _in_dialog(session, "deck-empty"),
        "reshuffle": _in_dialog(session, "deck-reshuffle")
        and rt.dialog_node(session, "deck-reshuffle").label,
    }
    if edition == "mimimi":
        await _tap_in_dialog(session, "deck-empty")
        seen["fields_when_empty"] = _in_dialog(session, "repl-name")
        await _tap_in_dialog(session, "score-confirm")
        state = GameStore(data).open(gid).game.state
        seen["bases"] = len(state.bases)
        seen["board"] = _shown_texts(session)
        seen["add_form"] = "new-base-name" in rt.tappables(session)
        await _tap(session, "score-0")  # the next ready base: the deck is still empty
        seen["next_switch_on"] = _switch_on(rt.dialog_node(session, "deck-empty"))
        seen["next_fields"] = _in_dialog(session, "repl-name")
    return seen


async def _bbrr_capture(data) -> dict[str, Any]:
    """«Мишки», 3 players and 4 bases typed: the first capture's dialog, then the same with
    «Колода баз пуста» on and a base typed."""
    hub = Hub(GameStore(data))
    gid = _game(hub, "bbrr", [READY_0, *TO_CHECK])
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await _tap(session, "score-0")

    def label(ident: str) -> str | None:
        return rt.dialog_node(session, ident).label if _in_dialog(session, ident) else None

    seen: dict[str, Any] = {"first": (label("deck-next"), label("deck-reshuffle"))}
    await _tap_in_dialog(session, "deck-empty")
    seen["empty"] = (label("deck-next"), label("deck-reshuffle"), _in_dialog(session, "repl-name"))
    for key, text in (("name", "Заводь"), ("bp", "16"), ("vp1", "3"), ("vp2", "2"), ("vp3", "1")):
        rt.dialog_node(session, f"repl-{key}").content.on_change(
            SimpleNamespace(control=SimpleNamespace(value=text))
        )
        await rt.quiet(session)
    await _tap_in_dialog(session, "score-confirm")
    seen["bases"] = [b.name for b in GameStore(data).open(gid).game.state.bases]
    return seen


def test_bbrr_asks_for_the_next_base_and_says_to_reshuffle_only_when_told(tmp_path):
    """Разойтись по углам! (000, «Мишки»): the app knows only the bases typed, not the deck on
    the table, so the first capture asks for the next base from the deck (play-test: it said
    «Колода баз пуста — перемешайте сброс баз» with 3 players and 4 bases). Only when the
    table switches «Колода баз пуста» on does it say to reshuffle the discard; a base still
    comes, so the fields stay and the capture with the switch on lays it out (an earlier
    play-test: every capture with the switch on was refused)."""
    seen = rt.run(_bbrr_capture(tmp_path))
    assert seen["first"] == ("Откройте верхнюю базу из колоды баз", None)
    assert seen["empty"] == (None, "Перемешайте сброс баз и откройте из него новую базу", True)
    assert seen["bases"] == ["Заводь", "База 2", "База 3", "База 4"]


def test_mimimi_plays_on_with_fewer_bases_and_asks_for_no_new_one(tmp_path):
    """Разойтись по углам! (001, «Мимими»): a new base comes only while the deck has one. With
    the deck empty the base is captured without a replacement, the board then asks for no
    new base (play-test: «Выложите новую базу» stayed for the rest of the game), and the next
    capture starts from «Колода баз пуста»."""
    seen = rt.run(_score_dialog(tmp_path, "mimimi"))
    assert seen["switch"] and not seen["reshuffle"]
    assert not seen["fields_when_empty"]
    assert seen["bases"] == 3
    assert "Выложите новую базу" not in seen["board"] and not seen["add_form"]
    assert seen["next_switch_on"] and not seen["next_fields"]


# -- «Сыграть приспешника сюда» --------------------------------------------------------------------
async def _extra_minion(data) -> tuple[str, list[int], str]:
    hub = Hub(GameStore(data))
    grant = ("play.grant", {"kind": "minion", "count": 1})
    gid = _game(hub, "bbrr", [*TO_CHECK, grant])  # «Проверь базы»: a card granted a minion
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await _tap(session, "base-2-open")
    label = rt.tagged_control(session, "play-minion-b2").parent.label or ""
    await _tap(session, "play-minion-b2")
    await _tap_in_dialog(session, "minion-power-3")
    game = GameStore(data).open(gid).game
    return label, game.state.bases[2].minions, game.log()[-1][1]


def test_outside_the_play_phase_the_base_takes_a_granted_extra_minion(tmp_path):
    """Всё остальное: outside «Играй карты» only an extra minion a card granted is played, at
    once; the editor's button says so and records it as that extra play, with the power
    tapped in its question."""
    label, minions, line = rt.run(_extra_minion(tmp_path))
    assert label == "Аня: Добавочный приспешник сюда («База 3»)"
    assert minions == [1, 0, 0]
    assert "с силой 3" in line
    assert line.startswith("Аня играет добавочного приспешника на базу «База 3» с силой 3 вне фазы")


# -- texts said once, never cut -----------------------------------------------------------------


def _reminders() -> list[str]:
    """Every phase's reminder of both editions (and the «Мимими» check after scoring), with
    no, one and two ready bases in «Проверь базы»."""
    out = []
    for edition, check in (
        ("bbrr", "end_of_turn"),
        ("mimimi", "end_of_turn"),
        ("mimimi", "after_scoring"),
    ):
        opts = {"edition": edition, "factions": DECKS, "win_check": check}
        for ready in range(3):
            g = Game.new(SMASHUP, NAMES, options=opts, clock=lambda: 0.0)
            for name in ("Древний храм", "Замок принцессы", "Пещера", "Рок-клуб"):
                g.push("base.add", {"base_card": {"name": name, "breakpoint": 10, "vp": [3, 2, 1]}})
            g.push("game.start")
            for j in range(ready):
                g.push("base.set", {"base": j, "player": 0, "power": 10, "minions": 1})
            for _ in range(5):  # with ready bases, the walk stops at «Проверь базы»
                out.append(reminder(g.state))
                if ready and g.state.phase == CHECK:
                    break
                g.push("phase.next")
    return out


def test_every_reminder_is_said_and_kept_to_its_three_lines():
    """A reminder is drawn in its box of three lines (then «…», a tap shows it whole:
    ``test_smashup_texts``); every phase of both editions has one."""
    texts = _reminders()
    assert len(texts) >= 30
    assert all(t.strip() for t in texts)
    assert REMINDER_LINES == 3


async def _tie_screen(data) -> list[str]:
    hub = Hub(GameStore(data))
    gid = _game(hub, "bbrr", [("vp.adjust", {"player": 0, "delta": 15})])
    hub.push(gid, "vp.adjust", {"player": 1, "delta": 15})
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    note = status_note(GameStore(data).open(gid).game.state)
    shown = [t for t in _shown_texts(session) if note and note[:20] in t]
    labels = [
        c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "status-note"
    ]
    return [*shown, "|", *labels]


def test_a_tie_at_15_is_said_once(tmp_path):
    """Игра окончена: «поровну — играем дальше» was in the status line and again under the VP
    strip (play-test); it is said once, in the status line (short), whose tap shows it whole."""
    drawn = rt.run(_tie_screen(tmp_path))
    texts, labels = drawn[: drawn.index("|")], drawn[drawn.index("|") + 1 :]
    assert len(texts) == 1, texts
    assert labels == ["Поровну!"]


async def _why_lines(data) -> dict[str, str]:
    hub = Hub(GameStore(data))
    gid = _game(hub, "mimimi", [READY_0, ("base.set", {"base": 0, "player": 1, "power": 3})])
    hub.push(gid, "phase.next")
    hub.push(gid, "phase.next")
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await _tap(session, "score-0")
    return {
        f"p{i}": rt.dialog_node(session, f"preview-p{i}-why").label
        for i in (1, 2)
        if _in_dialog(session, f"preview-p{i}-why")
    }


def test_why_a_player_scores_nothing_is_a_whole_line(tmp_path):
    """Раздача очков («Мимими»: a minion is needed): the reason is a line of its own under the
    player's name (drawn whole at 360 px: ``test_smashup_texts``)."""
    why = rt.run(_why_lines(tmp_path))
    assert why == {"p1": "нет приспешников", "p2": "нет ни силы, ни приспешников"}


# -- «Подготовка к игре» -----------------------------------------------------------------------
async def _taken_chip(data) -> tuple[bool, str, list[list[str]]]:
    hub = Hub(GameStore(data))
    gid = hub.create("smashup", NAMES[:2], first_player=0, options={"edition": "mimimi"}).id
    hub.push(gid, "faction.pick", {"player": 0, "faction": "Котики"})
    hub.push(gid, "faction.pick", {"player": 0, "faction": "Феи"})
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    shown = rt.tappables(session)
    tappable = "faction-0" in shown  # «Котики», Аня's
    if tappable:
        await _tap(session, "faction-0")
    view = rt.game_view(session)
    return tappable, view.error, GameStore(data).open(gid).game.state.factions


def test_a_taken_faction_says_who_cannot_have_it(tmp_path):
    """Подготовка к игре: a faction is one deck on the table. A tap on a chip another player
    has taken answers with the reason (play-test: the disabled chip said nothing) and gives
    Борис nothing."""
    tappable, error, factions = rt.run(_taken_chip(tmp_path))
    assert tappable
    assert "Фракция «Котики» уже в колоде другого игрока" in error
    assert "(Подготовка к игре)" in error
    assert factions == [["Котики", "Феи"], []]


async def _forget(data) -> list[Any]:
    hub = Hub(GameStore(data))
    catalogue = BaseCatalogue(hub.store.root)
    catalogue.remember({"name": "Луг", "breakpoint": 10, "vp": [3, 1, 1]})
    gid = hub.create("smashup", NAMES[:2], first_player=0, options={"factions": DECKS[:2]}).id
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    seen: list[Any] = []
    await _tap(session, "new-base-forget-0")
    seen.append(rt.dialog_node(session, "forget-confirm") is not None)
    seen.append(catalogue.get("Луг") is not None)  # nothing removed by the first tap
    await _tap_in_dialog(session, "forget-cancel")
    seen.append(catalogue.get("Луг") is not None)
    await _tap(session, "new-base-forget-0")
    await _tap_in_dialog(session, "forget-confirm")
    seen.append(catalogue.get("Луг") is None)
    seen.append(not _in_dialog(session, "forget-confirm"))  # the question is gone
    return seen


def test_a_catalogue_entry_is_removed_only_after_a_second_answer(tmp_path):
    """Play-test: the trash button flush against a suggestion removed the base at once, with
    no way back. Now it asks: «Оставить» keeps the entry, «Убрать» removes it."""
    assert rt.run(_forget(tmp_path)) == [True, True, True, True, True]


# -- the new-game form -------------------------------------------------------------------------
async def _new_game(data) -> tuple[set[str], list[str]]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await rt.select(session, "game-choice", "ricks")
    field = rt.tagged_control(session, "player-name-0")
    session.apply_patch(field._i, {"value": "Аня"})
    await asyncio.create_task(session.dispatch_event(field._i, "change", "Аня"))
    await rt.quiet(session)
    shown = set(rt.tappables(session))
    labels = [rt.tagged_control(session, f"character-{s}").label for s in range(2)]
    return shown, labels


def test_seat_controls_say_what_they_do(tmp_path):
    """Play-test: «Ниже» on the last player looked enabled and did nothing; the Ricks
    character pickers said «Персонаж игрока 1» instead of the player's name."""
    shown, labels = rt.run(_new_game(tmp_path))
    assert {"down-0", "up-1"} <= shown
    assert "down-1" not in shown and "up-0" not in shown
    assert labels == ["Персонаж: Аня", "Персонаж игрока 2"]


# -- a short phone: madness cards pinned under the VP chips ----------------------------------
async def _madness_on_a_short_phone(data) -> tuple[list[str], int]:
    hub = Hub(GameStore(data))
    gid = _game(hub, "bbrr", [("phase.next", {})], madness=True)

    def short_phone(page: Any) -> None:
        page.width, page.height = 360, 640
        make_main(hub)(page)

    session = await rt.open_app(short_phone, f"/game/{gid}")
    tags = rt.tagged_in_order(session)
    await rt.tap(session, rt.tappables(session)["mad-p1"])
    await rt.quiet(session)
    for key in ("pad-2", "pad-ok"):
        await rt.tap(session, rt.in_dialog(session, key))
        await rt.quiet(session)
    return tags, hub.open(gid).game.state.madness[1]


def test_on_a_short_phone_madness_cards_are_set_from_the_header(tmp_path):
    """360×640 («Безумие» counted): the folded header pins the plays, the VP and, in a line
    of targets under the chips, the madness cards (they used to top the body and scrolled
    away with it, s15; tests/ui/test_smashup_phone_small.py measures it); the reminder tops
    the body, above the bases; a tap on the madness cards opens that player's pad."""
    tags, madness = rt.run(_madness_on_a_short_phone(tmp_path))
    order = [t for t in tags if t in {"plays-minion", "vp-p0", "reminder", "mad-p0", "base-0"}]
    assert order == ["plays-minion", "vp-p0", "mad-p0", "reminder", "base-0"], order
    assert madness == 2


async def _bbrr_empty_deck_nothing_typed(data, switch: bool) -> tuple[str, list[str]]:
    hub = Hub(GameStore(data))
    gid = _game(hub, "bbrr", [READY_0, *TO_CHECK])
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await _tap(session, "score-0")
    if switch:
        await _tap_in_dialog(session, "deck-empty")
    await _tap_in_dialog(session, "score-confirm")
    bases = [b.name for b in GameStore(data).open(gid).game.state.bases]
    return rt.game_view(session).error, bases


def test_bbrr_with_the_deck_said_empty_a_capture_without_a_base_says_to_reshuffle(tmp_path):
    """Разойтись по углам! (000, «Мишки»: an empty base deck is the reshuffled discard, a base
    always comes). «Колода баз пуста» on and no base typed: the refusal says to reshuffle the
    discard and open the new base from it (the engine's own reason; the app used to send no
    «deck empty» here, and the refusal asked to mark the deck empty — the switch just
    flipped). With the switch off it asks for the next base, saying how to get one when the
    deck is empty, and never to mark the deck empty (no way out in «Мишки»: play-test)."""
    said, bases = rt.run(_bbrr_empty_deck_nothing_typed(tmp_path / "on", True))
    assert "перемешайте сброс баз" in said and "(Разойтись по углам!)" in said, said
    assert "отметьте" not in said, said
    assert bases == ["База 1", "База 2", "База 3", "База 4"]
    said, _bases = rt.run(_bbrr_empty_deck_nothing_typed(tmp_path / "off", False))
    assert "Укажите новую базу" in said and "перемешанного сброса" in said, said
    assert "отметьте" not in said and "(Разойтись по углам!)" in said, said
