"""«Замес» turns counted in taps (issue 31), in-process on the real app (:mod:`tests.ui.walk`):
with nothing to score, «Играй карты» → the next player's «Играй карты» is one tap; a typical
turn (one minion with its power, one action, no score) is at most six. Each tap is the
browser's own click message on the control a finger taps.

Counted on the code before issue 31 (same helpers, that code's idents): 5 taps for the empty
end of turn, 11 for the typical turn (open the base, play the minion, power by the pad: 3,
the action, 5 × «Дальше»)."""

from __future__ import annotations

from companion.store import GameStore
from tests.ui import render_tree as rt
from tests.ui.test_smashup import FOUR, four_player_game
from tests.ui.walk import Phone


class Counter:
    """Taps made on ``phone``, counted."""

    def __init__(self, phone: Phone) -> None:
        self.phone, self.taps = phone, 0

    async def tap(self, ident: str) -> None:
        await self.phone.tap(ident)
        self.taps += 1


async def _nothing_to_score(data) -> None:
    gid = four_player_game(data, [("phase.next", {})])
    phone = await Phone.open(data, f"/game/{gid}")
    phone.says("status-phase", "Играй карты")
    phone.says("primary-action", "Закончить ход")
    taps = Counter(phone)
    await taps.tap("primary-action")
    phone.says("status-player", FOUR[1])
    phone.says("status-phase", "Играй карты")
    assert taps.taps == 1
    game = GameStore(data).open(gid).game
    line = game.log()[-1][1]
    for phase in ("Проверь базы", "Возьми две карты", "Конец хода", "Начало хода", "Играй карты"):
        assert f"«{phase}»" in line, (phase, line)
    await taps.tap("undo")
    phone.says("status-player", FOUR[0])
    phone.says("status-phase", "Играй карты")
    assert taps.taps == 2
    assert GameStore(data).open(gid).game.state.phase == 1


def test_nothing_to_score_ends_the_turn_in_one_tap(tmp_path):
    """Фазы хода («Вот как это делается»): from «Играй карты» with no base ready, one tap on
    «Закончить ход» reaches the next player's «Играй карты»; the journal names every phase
    passed; one tap on undo takes the whole passage back."""
    rt.run(_nothing_to_score(tmp_path))


async def _typical_turn(data) -> None:
    gid = four_player_game(data, [("phase.next", {})])
    phone = await Phone.open(data, f"/game/{gid}")
    phone.says("status-phase", "Играй карты")
    taps = Counter(phone)
    await taps.tap("base-0-open")
    await taps.tap("play-minion-b0")
    await taps.tap("minion-power-4")
    phone.says("plays-minion", "0")
    phone.says("pow-b0-p0", "4")
    await taps.tap("plays-action-minus")
    phone.says("plays-action", "0")
    await taps.tap("primary-action")
    phone.says("status-player", FOUR[1])
    phone.says("status-phase", "Играй карты")
    assert taps.taps <= 6, taps.taps
    assert taps.taps == 5
    game = GameStore(data).open(gid).game
    assert game.state.bases[0].power[0] == 4 and game.state.bases[0].minions[0] == 1
    types = [e.type for e in game.events[-3:]]
    assert types == ["play.minion", "play.record", "phase.pass"]


def test_a_typical_turn_takes_at_most_six_taps(tmp_path):
    """«Играй карты»: one minion with its power and one action, nothing to score, then the
    turn passes: open the base, «Сыграть приспешника сюда», its power, the action, «Закончить
    ход» — 5 taps (≤ 6), each move whole in the game."""
    rt.run(_typical_turn(tmp_path))


async def _ready_base_stops(data) -> None:
    gid = four_player_game(
        data,
        [("phase.next", {}), ("base.set", {"base": 1, "player": 0, "power": 18, "minions": 2})],
    )
    phone = await Phone.open(data, f"/game/{gid}")
    phone.says("status-phase", "Играй карты")
    await phone.tap("primary-action")
    phone.says("status-phase", "Проверь базы")
    phone.says("status-player", FOUR[0])
    assert phone.tappable("score-1")


def test_a_ready_base_stops_the_end_of_turn(tmp_path):
    """Фазы хода («Вот как это делается») / «Большой куш»: with a base ready, «Закончить ход»
    stops in «Проверь базы» with «Захватить» shown. (That it is in reach on a phone:
    :func:`tests.ui.test_smashup.test_phone_turn_keeps_the_numbers_and_the_primary_action_on_screen`.)
    """
    rt.run(_ready_base_stops(tmp_path))
