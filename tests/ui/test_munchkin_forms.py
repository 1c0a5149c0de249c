"""Munchkin's fight refused at «Бой!», before anything is typed (in-process, the real
app on a real Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _label_in_dialog(session: Any, ident: str) -> str:
    return rt.dialog_node(session, ident).label or ""


async def _second_fight(data, card_says: bool) -> tuple[str, bool, str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    hub.push(g.id, "phase.next")  # «Вышибаем дверь!»
    hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 8}})
    hub.push(g.id, "combat.flee", {"rolls": [6]})  # away: this turn's monster is met
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["start-combat"])
    await rt.quiet(session)
    said = _label_in_dialog(session, "override-message")
    form_at_once = rt.has_dialog_node(session, "monster-name")
    await rt.tap(
        session, rt.in_dialog(session, "override-apply" if card_says else "override-cancel")
    )
    await rt.quiet(session)
    if not card_says:
        return said, form_at_once, "", str(rt.has_dialog_node(session, "monster-name"))
    seen = (
        said,
        form_at_once,
        _label_in_dialog(session, "monster-override"),
        _label_in_dialog(session, "monster-error"),
    )
    await _browser_types(session, "monster-level", "3")
    await _browser_types(session, "monster-treasures", "1")
    await rt.tap(session, rt.in_dialog(session, "monster-submit"))
    await rt.quiet(session)
    last = hub.open(g.id).game.events[-1]  # the second fight, on the card's word
    assert (last.type, last.data.get("override")) == ("combat.start", True), last
    return seen


def test_a_second_fight_in_a_turn_is_refused_at_the_first_tap(tmp_path):
    """«Фазы хода»: one monster a turn unless a card says otherwise. Play-test: the form
    opened and the refusal came only after the monster was typed. Now «Бой!» says the
    engine's refusal at once, naming the rule, without the form; «Карта так говорит» opens the
    form with the card's word already ticked (no warning left), «Отмена» opens nothing."""
    said, form, override, error = rt.run(_second_fight(tmp_path / "a", card_says=True))
    assert "монстр уже был" in said and "Фазы хода" in said
    assert not form
    assert override == "Карта так говорит (вкл)" and error.strip() == ""
    said, form, _, form_after = rt.run(_second_fight(tmp_path / "b", card_says=False))
    assert "монстр уже был" in said and not form and form_after == "False"


async def _enhance(data) -> list[tuple[int, int]]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    hub.push(g.id, "phase.next")  # «Вышибаем дверь!»
    hub.push(g.id, "combat.start", {"monster": {"name": "Мутировавший зомби", "level": 8}})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    seen = []
    for ident, event in (
        ("monster-0-enh-plus" + rt.HOLD, "long_press"),
        ("monster-0-enh-minus", "click"),
        ("monster-0-enh-minus" + rt.HOLD, "long_press"),
    ):
        control, kind = rt.gestures(session)[ident]
        assert kind == event
        await rt.tap(session, control, event)
        await rt.quiet(session)
        m = hub.store.open(g.id).game.state.combat.monsters[0]
        power = next(
            c
            for c in rt.controls(session)
            if isinstance(c, ft.Semantics) and c.identifier == "monster-0-power"
        )
        seen.append((m.enhancers, int(power.label)))
    return seen


def test_a_monster_enhancer_of_five_is_one_long_press(tmp_path):
    """«Бой»: a monster enhancer adds to that monster's strength — ±1 a tap, ±5 a long press,
    as every counter of the app (the play-test counted five taps for a +5 enhancer)."""
    assert rt.run(_enhance(tmp_path)) == [(5, 13), (4, 12), (-1, 7)]


async def _last_seal(data, confirm: bool) -> int:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    for _ in range(6):
        hub.push(g.id, "seal.break")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["seal-break"])  # the seventh: asked first
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "seal-confirm" if confirm else "seal-cancel"))
    await rt.quiet(session)
    return hub.open(g.id).game.state.seals


def test_the_seventh_seal_is_asked_for_before_it_ends_the_game(tmp_path):
    """«Начало игры, конец игры»: the seventh broken seal ends the game — one mis-tap on
    «Сорвать» did it with no question (play-test); now a dialog asks, «Отмена» changes
    nothing."""
    assert rt.run(_last_seal(tmp_path / "a", confirm=False)) == 6
    assert rt.run(_last_seal(tmp_path / "b", confirm=True)) == 7


async def _odd_card_taps(data) -> list[tuple[bool, str, str, str]]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика", "Гоша"], first_player=0)
    hub.push(g.id, "level.set", {"player": 0, "value": 3})
    hub.push(g.id, "level.set", {"player": 3, "value": 2})
    for _ in range(3):
        hub.push(g.id, "phase.next")  # «От щедрот»: Борис and Вика are the lowest
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["charity-open"])
    await rt.quiet(session)
    for _ in range(2):  # 8 cards: 3 over the limit, one each and one odd card (Борис's)
        await rt.tap(session, rt.in_dialog(session, "hand-plus"))
        await rt.quiet(session)
    seen = []
    for ident in ("gift-extra-2", "gift-extra-1"):  # Вика's dimmed box; then Борис's own
        box = rt.in_dialog(session, ident)
        await rt.tap(session, box)
        await rt.quiet(session)
        seen.append(
            (
                bool(box.disabled),
                _label_in_dialog(session, "charity-plan"),
                _label_in_dialog(session, "gift-1"),
                _label_in_dialog(session, "gift-2"),
            )
        )
    return seen


def test_a_dimmed_odd_card_box_says_why_when_tapped(tmp_path):
    """«Фазы хода», «От щедрот»: the surplus is split as evenly as possible and the giver
    picks who gets the odd card — with the one odd card given to Борис, Вика's «ещё одну» is
    dimmed; a tap on it says why and changes nothing (play-test: a disabled box said nothing).
    Taking the card back from Борис clears the reason."""
    dimmed, cleared = rt.run(_odd_card_taps(tmp_path))
    disabled, why, boris, vika = dimmed
    assert not disabled  # a finger's tap reaches it
    # said where the plan was (its three lines), not in a slot of its own: see below
    assert why.startswith("Остаток (1) уже отдан: Борис (Фазы хода).") and len(why) <= 100, why
    assert (boris, vika) == ("Борис: 2", "Вика: 1")
    plan = "Лишних карт: 3 — поровну манчкинам самого низкого уровня. Остаток (1) — по одной"
    assert cleared[0] is False and cleared[1].startswith(plan), cleared
    assert cleared[2:] == ("Борис: 1", "Вика: 1")


async def _charity_body(data) -> list[str]:
    """The «От щедрот» dialog with one odd card: what its body holds, row by row (a tag, or
    the type and height of an untagged control)."""
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика", "Гоша"], first_player=0)
    hub.push(g.id, "level.set", {"player": 0, "value": 3})
    hub.push(g.id, "level.set", {"player": 3, "value": 2})
    for _ in range(3):
        hub.push(g.id, "phase.next")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["charity-open"])
    await rt.quiet(session)
    for _ in range(2):
        await rt.tap(session, rt.in_dialog(session, "hand-plus"))
        await rt.quiet(session)
    body = rt.dialog_node(session, "charity").content.controls

    def what(c: Any) -> str:
        if isinstance(c, ft.Semantics):
            return str(c.identifier)
        if isinstance(c, ft.Row):
            tags = [x.identifier for x in c.controls if isinstance(x, ft.Semantics)]
            return "row " + " ".join(tags)
        if isinstance(c, ft.Container) and isinstance(c.content, ft.Column):
            # the recipients' place: one height for every other player (issue 30)
            return "rows: " + "; ".join(what(x) for x in c.content.controls)
        return f"{type(c).__name__} {getattr(c, 'height', None)}"

    return [what(c) for c in body]


def test_the_charity_dialog_keeps_no_empty_slot_for_a_reason(tmp_path):
    """Play-test: with odd cards the dialog kept a 72 px slot under the rows, empty unless a
    dimmed box had just been tapped. The reason now takes the plan's place (the test above),
    so the body is the hand, the plan and one row per recipient — nothing else."""
    assert rt.run(_charity_body(tmp_path)) == [
        "row hand-minus hand hand-plus",
        "charity-plan",
        "rows: row gift-1 gift-extra-1; row gift-2 gift-extra-2",
    ]


async def _fight_by_level(data) -> tuple[list[str], list[tuple[str, int]], list[str]]:
    """«Бой!» and «+ Монстр» with no name typed (a level and treasures only): the name
    fields' hints, the fight's monsters, and the journal's last two lines."""
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    hub.push(g.id, "phase.next")  # «Вышибаем дверь!»
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    hints = []
    for opener, prefix, level in (
        ("start-combat", "monster", "8"),
        ("add-monster", "add-monster", "3"),
    ):
        await rt.tap(session, rt.tappables(session)[opener])
        await rt.quiet(session)
        hints.append(str(rt.dialog_node(session, f"{prefix}-name").content.hint_text))
        await _browser_types(session, f"{prefix}-level", level)
        await _browser_types(session, f"{prefix}-treasures", "1")
        await rt.tap(session, rt.in_dialog(session, f"{prefix}-submit"))
        await rt.quiet(session)
        assert not rt.game_view(session).error, rt.game_view(session).error
    game = hub.store.open(g.id).game
    monsters = [(m.name, m.level) for m in game.state.combat.monsters]
    return hints, monsters, [line for _when, line in game.log()[-2:]]


def test_a_fight_starts_without_a_monster_name(tmp_path):
    """Play-test: «Бой!» needed a typed monster name. With no name typed the fight
    starts against «Монстр», and a second monster is «Монстр 2» (the hints say so before
    anything is typed) while the first then reads «Монстр 1» («Бой с несколькими
    монстрами»: the two must be told apart); the journal names them."""
    hints, monsters, journal = rt.run(_fight_by_level(tmp_path))
    assert hints == ["если пусто: Монстр", "если пусто: Монстр 2"]
    assert monsters == [("Монстр 1", 8), ("Монстр 2", 3)]
    assert journal == [
        "Бой: Аня против «Монстр» (сила 8)",
        "В бой вступает «Монстр 2» (сила 3); «Монстр» теперь «Монстр 1»",
    ]


async def _browser_types(session: Any, ident: str, text: str) -> None:
    """What the browser sends for one key in the dialog's field ``ident``: the field's new
    text as a patch to its id (the session applies it to the control its index holds), then
    the field's ``change`` with that text."""
    field = rt.dialog_node(session, ident).content
    session.apply_patch(field._i, {"value": text})
    await session.dispatch_event(field._i, "change", text)
    await rt.quiet(session)


async def _one_key_fields(data) -> tuple[tuple[str, int] | None, str]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["start-combat"])
    await rt.quiet(session)
    await _browser_types(session, "monster-level", "8")  # one key: the first after the render
    await _browser_types(session, "monster-treasures", "2")
    await rt.tap(session, rt.in_dialog(session, "monster-submit"))
    await rt.quiet(session)
    await rt.tap(session, rt.tappables(session)["edit-p1"])
    await rt.quiet(session)
    await _browser_types(session, "class-field-p1", "В")
    await rt.tap(session, rt.in_dialog(session, "save-text-p1"))
    await rt.quiet(session)
    state = hub.store.open(g.id).game.state
    fight = state.combat
    return (fight.monsters[0].name, fight.monsters[0].level) if fight else None, state.players[
        1
    ].klass


def test_the_first_key_typed_in_a_dialog_counts(tmp_path):
    """A dialog's field is drawn anew at each render and the session may still hold the old
    control under its id: the first key typed after a render was patched into the old one and
    the handler read the new one's empty text. A level of one digit («8») then «Бой!» said
    the level was missing; a one-letter class was saved as nothing."""
    fight, klass = rt.run(_one_key_fields(tmp_path))
    assert (fight, klass) == (("Монстр", 8), "В")


async def _flee_with_helper(data) -> dict[str, Any]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 8}})
    hub.push(g.id, "combat.helper", {"player": 1})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["flee"])
    await rt.quiet(session)
    seen: dict[str, Any] = {
        "helper_dice": [_label_in_dialog(session, f"flee-helper-die-0-{v}") for v in (1, 6)],
        "helper_mod": _label_in_dialog(session, "flee-helper-mod"),
    }
    await rt.tap(session, rt.in_dialog(session, "flee-die-0-5"))
    await rt.quiet(session)
    seen["after_fighter"] = rt.in_dialog(session, "flee-submit").disabled
    await rt.tap(session, rt.in_dialog(session, "flee-helper-mod-plus"))
    await rt.tap(session, rt.in_dialog(session, "flee-helper-die-0-3"))
    await rt.quiet(session)
    seen["after_helper"] = rt.in_dialog(session, "flee-submit").disabled
    await rt.tap(session, rt.in_dialog(session, "flee-submit"))
    await rt.quiet(session)
    game = hub.store.open(g.id).game
    seen["data"] = dict(game.events[-1].data)
    seen["line"] = game.log()[-1][1]
    return seen


def test_the_flee_dialog_asks_for_the_helpers_roll_too(tmp_path):
    """«Смываемся», «Зовём на помощь»: a lost fight with a helper sends both running, each on
    their own die and modifier. The dialog has the helper's dice and modifier beside the
    fighter's; «Записать бросок» waits for both; the move records both rolls and the journal
    says both verdicts (it sent the fighter's die alone before)."""
    seen = rt.run(_flee_with_helper(tmp_path))
    assert seen["helper_dice"] == ["Борис: Зомби 1", "Борис: Зомби 6"]
    assert seen["helper_mod"] == "+0"
    assert seen["after_fighter"] is True  # the helper has not rolled yet
    assert seen["after_helper"] is False
    assert seen["data"] == {"rolls": [5], "helper_rolls": [3], "helper_modifier": 1}
    assert seen["line"] == (
        "Аня смывается: «Зомби»: 5 — смылся; Борис смывается: «Зомби»: 3+1 — догнал; "
        "непотребство для Бориса — по карте монстра; разовые карты сбрасываются"
    )


async def _blank_level(data) -> tuple[str, str, bool]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["start-combat"])
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "monster-submit"))  # no level typed
    await rt.quiet(session)
    banner = rt.tagged_control(session, "error").content.controls[1].value
    return (
        _label_in_dialog(session, "monster-error"),
        banner,
        rt.has_dialog_node(session, "monster-level"),
    )


def test_a_monster_form_refusal_is_said_in_the_form_only(tmp_path):
    """Play-test: «Бой!» with no level typed said «Уровень монстра: нужно целое число…» in the
    form and again in the frame's banner behind it. The form says it; the banner stays empty,
    and the form stays open with what was typed."""
    in_form, banner, still_open = rt.run(_blank_level(tmp_path))
    assert "Уровень монстра" in in_form, in_form
    assert banner == "", banner
    assert still_open


async def _blank_treasures(data, opener: str, prefix: str) -> dict[str, Any]:
    """«Бой!» (or «Добавить») with a level typed and «Сокровища» left empty, then with 0."""
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    hub.push(g.id, "phase.next")  # «Вышибаем дверь!»
    if opener == "add-monster":
        hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 1, "treasures": 2}})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)[opener])
    await rt.quiet(session)
    await _browser_types(session, f"{prefix}-level", "4")
    events = len(hub.open(g.id).game.events)
    await rt.tap(session, rt.in_dialog(session, f"{prefix}-submit"))
    await rt.quiet(session)
    seen: dict[str, Any] = {
        "said": _label_in_dialog(session, f"{prefix}-error"),
        "moved": len(hub.open(g.id).game.events) > events,
        "still open": rt.has_dialog_node(session, f"{prefix}-level"),
    }
    await _browser_types(session, f"{prefix}-treasures", "0")  # a card with no treasures
    await rt.tap(session, rt.in_dialog(session, f"{prefix}-submit"))
    await rt.quiet(session)
    fight = hub.open(g.id).game.state.combat
    seen["monsters"] = [(m.level, m.treasures) for m in fight.monsters] if fight else []
    return seen


@pytest.mark.parametrize(
    ("opener", "prefix", "monsters"),
    [("start-combat", "monster", [(4, 0)]), ("add-monster", "add-monster", [(1, 2), (4, 0)])],
    ids=["fight", "another monster"],
)
def test_empty_treasures_are_asked_for_not_taken_as_none(tmp_path, opener, prefix, monsters):
    """«Бой»: a won fight draws as many treasures as the monster's card shows. Play-test: an
    empty «Сокровища» was taken as 0 without a word («Аня тянет 0 сокровищ»). Now «Бой!»
    asks for the card's number, naming the rule, makes no move and keeps the form; 0 typed
    is taken."""
    seen = rt.run(_blank_treasures(tmp_path, opener, prefix))
    assert seen["said"].startswith("Сокровища: впишите число с карты монстра"), seen["said"]
    assert "«Бой»" in seen["said"]
    assert not seen["moved"] and seen["still open"]
    assert seen["monsters"] == monsters


async def _long_form_refusal(data) -> dict[str, Any]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0)
    hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 8}})
    hub.push(g.id, "combat.flee", {"rolls": [6]})  # away: this turn's monster is met
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["start-combat"])
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "override-apply"))  # the form, card's word given
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "monster-override"))  # taken back: refused
    await rt.quiet(session)
    node = rt.dialog_node(session, "monster-error")
    return {"label": node.label, "text": node.content}


def test_a_long_form_refusal_is_cut_and_starts_with_the_rule(tmp_path):
    """«Фазы хода»: a second monster in a turn is refused. Its sentence is three lines and
    more in the monster form; play-test: the form's refusal grew with it and moved «Бой!».
    It is now the shared form's refusal line (:func:`companion.ui.form_dialog.refusal_line`:
    three lines at most, cut with «…», whole in its label; it was two lines of its own), and
    the rule it names comes first so the cut never takes it (see the Chromium test in
    test_munchkin)."""
    seen = rt.run(_long_form_refusal(tmp_path))
    whole = seen["label"]
    assert whole.startswith("В этот ход монстр уже был") and whole.endswith("(Фазы хода)."), whole
    text = seen["text"]
    assert text.max_lines == 3 and text.overflow == ft.TextOverflow.ELLIPSIS, text
    assert text.value.startswith("Фазы хода: В этот ход монстр уже был"), text.value
