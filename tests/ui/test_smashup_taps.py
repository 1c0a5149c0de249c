"""«Замес» turns counted in taps in Chromium at 390×844 (issue 31): with nothing to score,
«Играй карты» → the next player's «Играй карты» is one tap; a typical turn (one minion with
its power, one action, no score) is at most six. Every tap is a real click on the semantics
node, made after the double-tap guard, as a player makes it.

Counted on the code before issue 31 (same helpers, that code's idents): 5 taps for the empty
end of turn, 11 for the typical turn (open the base, play the minion, power by the pad: 3,
the action, 5 × «Дальше»)."""

from __future__ import annotations

from companion.store import GameStore
from tests.ui.conftest import App
from tests.ui.phone import tap_after_guard
from tests.ui.test_smashup import FOUR, four_player_game


class Counter:
    """Taps made on ``app``, each as a player makes it (:func:`tap_after_guard`)."""

    def __init__(self, app: App) -> None:
        self.app, self.taps = app, 0

    def tap(self, ident: str) -> None:
        tap_after_guard(self.app, ident)
        self.taps += 1


def test_nothing_to_score_ends_the_turn_in_one_tap(app, server):
    """Фазы хода («Вот как это делается»): from «Играй карты» with no base ready, one tap on
    «Закончить ход» reaches the next player's «Играй карты»; the journal names every phase passed;
    one tap on undo takes the whole passage back."""
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    app.open(f"/game/{gid}")
    app.wait_label("status-phase", "Играй карты")
    app.wait_label("primary-action", "Закончить ход")
    taps = Counter(app)
    taps.tap("primary-action")
    app.wait_label("status-player", FOUR[1])
    app.wait_label("status-phase", "Играй карты")
    assert taps.taps == 1
    game = GameStore(server.data_dir).open(gid).game
    line = game.log()[-1][1]
    for phase in ("Проверь базы", "Возьми две карты", "Конец хода", "Начало хода", "Играй карты"):
        assert f"«{phase}»" in line, (phase, line)
    taps.tap("undo")
    app.wait_label("status-player", FOUR[0])
    app.wait_label("status-phase", "Играй карты")
    assert taps.taps == 2
    assert GameStore(server.data_dir).open(gid).game.state.phase == 1


def test_a_typical_turn_takes_at_most_six_taps(app, server):
    """«Играй карты»: one minion with its power and one action, nothing to score, then the
    turn passes: open the base, «Сыграть приспешника сюда», its power, the action, «Закончить
    ход» — 5 taps (≤ 6), each move whole in the game."""
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    app.open(f"/game/{gid}")
    app.wait_label("status-phase", "Играй карты")
    taps = Counter(app)
    taps.tap("base-0-open")
    app.el("play-minion-b0").wait_for()
    taps.tap("play-minion-b0")
    app.el("minion-power-4").wait_for()
    taps.tap("minion-power-4")
    app.wait_label("plays-minion", "0")
    app.wait_label("pow-b0-p0", "4")
    taps.tap("plays-action-minus")
    app.wait_label("plays-action", "0")
    taps.tap("primary-action")
    app.wait_label("status-player", FOUR[1])
    app.wait_label("status-phase", "Играй карты")
    assert taps.taps <= 6, taps.taps
    assert taps.taps == 5
    game = GameStore(server.data_dir).open(gid).game
    assert game.state.bases[0].power[0] == 4 and game.state.bases[0].minions[0] == 1
    types = [e.type for e in game.events[-3:]]
    assert types == ["play.minion", "play.record", "phase.pass"]


def test_a_ready_base_stops_the_end_of_turn(app, server):
    """Фазы хода («Вот как это делается») / «Большой куш»: with a base ready, «Закончить ход» stops
    in «Проверь базы» with «Захватить» on screen; after the capture the same button ends the turn.
    """
    gid = four_player_game(
        server.data_dir,
        [("phase.next", {}), ("base.set", {"base": 1, "player": 0, "power": 18, "minions": 2})],
    )
    app.open(f"/game/{gid}")
    app.wait_label("status-phase", "Играй карты")
    tap_after_guard(app, "primary-action")
    app.wait_label("status-phase", "Проверь базы")
    app.wait_label("status-player", FOUR[0])
    app.el("score-1").wait_for()
