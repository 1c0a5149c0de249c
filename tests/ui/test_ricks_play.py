"""«Рик и Морти» played through the board in this process (the real app on a real Flet session,
:mod:`tests.ui.walk`; no browser): a 3-player game started from the new-game form whose
charge phase walks all four universes («Фаза зарядки»), and the universes' action tokens
remembered in the data dir («Подготовка к игре»). Where things are on a phone is checked in
Chromium by :mod:`tests.ui.test_ricks`; the rules themselves in tests/engine/test_ricks.py."""

from __future__ import annotations

import json

import pytest

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.engine.ricks.timing import charge_timing
from companion.store import GameStore
from companion.ui.widgets import fmt_seconds
from tests.ui import render_tree as rt
from tests.ui.walk import Phone, game_of, new_hub

#: refusals and notices stay while the walkthrough reads them (tests/ui/conftest.py)
pytestmark = pytest.mark.usefixtures("lasting_messages")


async def _new_game(
    phone: Phone, names: list[str], actions: dict[str, str], limit: str = "", **picks: str
) -> str:
    """The new-game form (the phone is on «/new») filled as a table does; returns the new
    game's id."""
    await phone.choose("game-choice", "ricks")
    for ident, value in actions.items():
        await phone.type(ident, value)
    if limit:
        await phone.type("charge-limit", limit)
    for _ in names[2:]:
        await phone.tap("add-player")
    for i, name in enumerate(names):
        await phone.type(f"player-name-{i}", name)
    for ident, value in picks.items():
        await phone.choose(ident.replace("_", "-"), value)
    await phone.choose("first-player", "0")
    await phone.tap("start-game")
    assert phone.hub is not None
    (summary,) = phone.hub.store.list()
    assert phone.session.page.route == f"/game/{summary.id}"  # the app went to the game
    await phone.wait("primary-action", "Начать раунд")
    return summary.id


async def _play_card(phone: Phone, kind: str, name: str, **fields: str) -> None:
    """«Сыграть карту» opens the card's form; «Сыграть» sends it and closes it. The preview
    says every value typed (none reset by a late re-render of the form)."""
    await phone.tap("play-open")
    await phone.tap(f"kind-{kind}")
    await phone.wait(f"kind-{kind}", "выбран")
    for key, value in fields.items():
        await phone.type(f"play-{key}", value)
    await phone.type("play-name", name)
    shows = {"build": "внедрение {}", "prod": "+{} единиц", "cost": "активация {}", "vp": "= {} ПО"}
    for key, value in fields.items():
        await phone.wait("play-preview", shows[key].format(value))
    await phone.wait("play-preview", f"«{name}»")
    await phone.tap("play-card")
    await phone.gone("play-preview")


async def _pass(phone: Phone) -> None:
    await phone.wait("primary-action", "Передать ход")
    await phone.tap("primary-action")


async def _done(phone: Phone, universe: str, step: str) -> None:
    """«Готово» (the primary action), then the wizard shows ``universe``/``step``."""
    await phone.wait("primary-action", "Готово")
    await phone.tap("primary-action")
    await phone.wait("charge-pos", f"{universe}, шаг {step}")


async def _charge_phase(data) -> None:
    hub = new_hub(data)
    phone = await Phone.open(hub, "/new")
    actions = {"actions-mini": "3", "actions-micro": "2", "actions-rick": "1"}
    gid = await _new_game(phone, ["Аня", "Борис", "Вика"], actions, limit="1")
    settings = json.loads((data / "settings.json").read_text(encoding="utf-8"))
    assert settings["ricks_actions"] == {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3}
    await phone.wait("uni-3", "Рик (Аня), Морти (Борис), Зип (Вика)")
    await phone.tap("primary-action")
    await phone.wait("actions-left", "5", exact=True)
    await phone.wait("hand-p0", "карт 6")

    # Аня: a source (+2) and an invention (1 energy = 2 VP) in Кроховселенная, then up one level
    await _play_card(phone, "source", "Батарея", build="1", prod="2")
    await _play_card(phone, "invention", "Тостер", build="1", cost="1", vp="2")
    await phone.wait("actions-left", "3", exact=True)
    await phone.tap("move-up")
    await phone.wait("uni-2", "Рик (Аня)")
    await _pass(phone)
    await phone.wait("actions-left", "5", exact=True)  # Борис's turn

    # Борис climbs to Риковселенная and starts an invention there (1 of 2 tokens: partial)
    for universe in (2, 1, 0):
        await phone.tap("move-up")
        await phone.wait(f"uni-{universe}", "Морти (Борис)")
    await _play_card(phone, "invention", "Портал", build="2", cost="2", vp="3")
    await phone.wait("card-3", "жетонов 1 из 2")
    await _pass(phone)
    await phone.wait("actions-left", "5", exact=True)  # Вика's turn
    await _play_card(phone, "source", "Генератор", build="1", prod="3")
    await _pass(phone)

    # Кроховселенная, step А: 2 + 3 from the sources
    await phone.wait("charge-pos", f"{KRO}, шаг А")
    await phone.wait("energy", "5", exact=True)
    await phone.wait("ledger-0", "пришло 0, выработка +5")
    await _done(phone, KRO, "Б")
    await phone.wait("charge-player", "Вика")  # the only character in Кроховселенная

    # over-spending is refused naming the rule, nothing changes; the table's limit runs out
    before = game_of(hub, gid).events
    await phone.tap("spend-amount")  # the number pad: 9
    await phone.tap("pad-9")
    await phone.tap("pad-ok")
    await phone.wait("spend-amount", "9")
    await phone.tap("spend")
    await phone.wait("error", "Фаза зарядки")
    assert "осталось 5" in phone.says("error")
    await phone.wait("energy", "5", exact=True)
    after = game_of(hub, gid)
    assert after.events == before and after.state.charge.energy == 5
    await phone.wait("timer-turn", "время хода вышло", seconds=15)
    assert phone.says("timer-turn").startswith("Вика:")
    await phone.wait("timer-turn", "из 0:01")
    await _done(phone, KRO, "В")

    # step В: Аня activates «Тостер»: −1 energy, +2 VP, turned in Кроховселенная
    await phone.wait("charge-player", "Аня")
    await phone.wait("activate-2", "1 единица энергии = +2 ПО")
    await phone.tap("activate-2")
    await phone.wait("charge-pos", f"{MINI}, шаг А")
    # nobody can activate more: the engine moves on by itself («Фаза зарядки») and says so
    await phone.wait("notice", "Кроха: больше нечего активировать — дальше Мини, шаг А")
    await phone.wait("vp-p0", "2", exact=True)
    await phone.wait("card-2", "повёрнуто")
    await phone.wait("energy", "4", exact=True)  # the leftover rose from Кроховселенная
    await phone.wait("ledger-0", "потрачено 1, ушло дальше 4")
    await phone.wait("ledger-1", "пришло 4")

    await _done(phone, MINI, "Б")
    await phone.wait("charge-player", "Аня")
    await phone.wait("oneshot-cost", "0", exact=True)
    await phone.tap("oneshot-cost-plus")
    await phone.wait("oneshot-cost", "1", exact=True)
    await phone.tap("oneshot")
    await phone.wait("energy", "3", exact=True)
    # a second one-shot in this step: the button says it is played; a tap names the rule
    await phone.wait("oneshot", "Одноразка сыграна")
    await phone.tap("oneshot")
    await phone.wait("error", "только одну одноразку (Шаг Б)")
    await phone.wait("energy", "3", exact=True)
    await _done(phone, MICRO, "А")  # nobody has anything to do in Мини-вселенная's step В
    await phone.wait("ledger-2", "пришло 3")
    await _done(phone, RICK_UNIVERSE, "А")  # nobody in Микровселенная: Б and В pass by
    await phone.wait("energy", "3", exact=True)
    await phone.wait("ledger-3", "пришло 3")
    await _done(phone, RICK_UNIVERSE, "Б")
    await phone.wait("charge-player", "Борис")
    await _done(phone, RICK_UNIVERSE, "В")

    # Риковселенная: the partly built «Портал» scores 1 VP less (3 − 1)
    await phone.wait("activate-3", "+2 ПО (частично: на 1 ПО меньше)")
    await phone.tap("activate-3")
    await phone.wait("status-phase", "Раунд 2 · Начало раунда")
    await phone.wait("notice", "Зарядка окончена: больше нечего активировать; сгорело энергии: 1")
    await phone.wait("vp-p1", "2", exact=True)
    game = game_of(hub, gid)
    state = game.state
    assert [p.vp for p in state.players] == [2, 2, 0]
    assert state.card(2).turned and not state.card(3).built
    ledger = state.rounds[0]["ledger"]
    assert [(row["in"], row["out"]) for row in ledger] == [(0, 4), (4, 3), (3, 3), (3, 1)]
    assert state.rounds[0]["burned"] == 1
    assert state.first == 1  # the first-player token passed clockwise
    seconds = charge_timing(game.setup, game.events).rounds[1]
    await phone.wait("charge-round-1", f"Раунд 1: {fmt_seconds(seconds)}, сгорело энергии 1")

    # Вика reaches the target by a card (number pad): round 2 is the last one
    await phone.tap("vp-p2")
    for key in ("pad-4", "pad-0", "pad-ok"):
        await phone.tap(key)
    await phone.wait("vp-p2", "40", exact=True)
    await phone.tap("primary-action")
    for actions_left in ("1", "5", "3"):  # Борис (Риковселенная), Вика (Кроха), Аня (Мини)
        await phone.wait("actions-left", actions_left, exact=True)
        await _pass(phone)
    await phone.wait("charge-pos", f"{KRO}, шаг А")
    for universe, step in (
        (KRO, "Б"),
        (MINI, "А"),
        (MINI, "Б"),
        (MICRO, "А"),
        (RICK_UNIVERSE, "А"),
        (RICK_UNIVERSE, "Б"),
        (RICK_UNIVERSE, "В"),
    ):
        await _done(phone, universe, step)
    await phone.tap("primary-action")  # «Готово»: Борис does not activate «Портал» this time
    await phone.wait("winner", "Вика")
    # «Итоги по раундам» under the winner: each round's action turns and charge phase
    game = game_of(hub, gid)
    assert game.outcome().winners == (2,)
    timing = charge_timing(game.setup, game.events)
    await phone.wait("charge-summary", f"на зарядку {fmt_seconds(timing.total)}")
    await phone.wait(
        "result-round-2", f"зарядка {fmt_seconds(timing.rounds[2])}, сгорело энергии 5"
    )
    assert phone.says("result-round-2").startswith("Раунд 2: ходы ")


def test_charge_phase_through_four_universes(tmp_path):
    """«Подготовка к игре», «Фаза действий», «Фаза зарядки» (steps А, Б, В in each universe),
    «Конец игры»: a game started from the form remembers its action tokens; cards played,
    characters moved up; each universe's energy, ledger and activations; an over-spend and a
    second one-shot refused naming the rule; the table's time limit said; a partly built
    invention scores less; the target reached by a card ends the game after its round, with
    the rounds' summary."""
    rt.run(_charge_phase(tmp_path))


async def _prefilled(data) -> None:
    data.mkdir(parents=True, exist_ok=True)
    remembered = {RICK_UNIVERSE: 2, MICRO: 3, MINI: 4}
    (data / "settings.json").write_text(
        json.dumps({"theme": "system", "ricks_actions": remembered}, ensure_ascii=False),
        encoding="utf-8",
    )
    hub = new_hub(data)
    phone = await Phone.open(hub, "/new")
    gid = await _new_game(
        phone, ["Аня", "Борис"], {}, character_0="Кайл", character_1="Зип"
    )  # the remembered numbers left untouched
    await phone.wait("uni-3", "Кайл (Аня), Зип (Борис)")
    state = game_of(hub, gid).state
    assert state.actions_by_universe == {RICK_UNIVERSE: 2, MICRO: 3, MINI: 4, KRO: 5}
    assert [p.character for p in state.players] == ["Кайл", "Зип"]
    assert state.target == 50


def test_action_tokens_remembered_and_prefilled(tmp_path):
    """«Подготовка к игре»: the universes' action tokens are asked once and offered again; the
    characters picked in the form are the players'."""
    rt.run(_prefilled(tmp_path / "d"))


async def _kyle(data) -> None:
    hub = new_hub(data)
    g = GameStore(data).create(
        "ricks",
        ["Аня", "Борис", "Вика", "Гена"],
        first_player=0,
        options={
            "actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3},
            "charge_limit": 1,
            "characters": ["Кайл", "Рик", "Морти", "Зип"],
        },
    )
    g.push("round.draw", {})
    phone = await Phone.open(hub, f"/game/{g.id}")
    await phone.wait("actions-left", "5", exact=True)
    await phone.tap("kyle-open")
    await phone.wait("kyle-to-0", RICK_UNIVERSE)
    await phone.tap("kyle-to-0")
    await phone.gone("kyle-to-0")
    await phone.wait("tokens-p0", "Рико")
    last = game_of(hub, g.id).events[-1]
    assert last.type == "player.move" and last.data == {"to": RICK_UNIVERSE, "ability": True}


def test_kyle_moves_anywhere_from_his_dialog(tmp_path):
    """«Кайл» (abilities on): the ⇅ button of his turn opens the universes he can jump to; one
    tap moves him there (logged as the ability) and closes the dialog. His button's 48 dp and
    its place: :mod:`tests.ui.test_ricks`."""
    rt.run(_kyle(tmp_path / "d"))
