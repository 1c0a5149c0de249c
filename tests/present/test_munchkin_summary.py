"""The Munchkin board's summary of the last combat (its top slot shows two lines, about 45
characters each at 390 px): what decides the turn comes first.

Play-test: «Борис: смываемся. Затушенная печень: 3 — н…» hid whether the escape worked, and
«…сокровищ тянуть: 2; разо…» the rest of a win. Rulebook: «Смываемся» (5 or more on the die
gets away), «Бой» (a won fight: levels and treasures)."""

from __future__ import annotations

from companion.present.munchkin import last_combat_text
from companion.store import GameStore
from companion.ui.state import GameView, Hub

FIRST_LINE = 45  # characters of the slot's first line at 390 px (13 px text)
FIRST_LINE_360 = 22  # the same at 360 px (the slot is narrower still)


def _view(tmp_path, moves) -> GameView:
    hub = Hub(GameStore(tmp_path))
    g = hub.create("munchkin", ["Борис", "Вика", "Гоша"], first_player=0)
    for kind, data in moves:
        hub.push(g.id, kind, data)
    return GameView(hub, g.id)


def test_a_failed_escape_says_so_on_the_first_line(tmp_path):
    view = _view(
        tmp_path,
        [
            ("combat.start", {"monster": {"name": "Затушенная печень", "level": 8}}),
            ("combat.flee", {"rolls": [3]}),
        ],
    )
    text = last_combat_text(view.game)
    assert text.startswith("Борис: не удалось смыться (3) от монстра «Затушенная печень»"), text
    assert "не удалось" in text[:FIRST_LINE]


def test_a_won_fight_names_levels_and_treasures_in_words(tmp_path):
    view = _view(
        tmp_path,
        [
            ("level.set", {"player": 0, "value": 3}),
            ("combat.start", {"monster": {"name": "Зомби", "level": 1, "treasures": 2}}),
            ("combat.resolve", {}),
        ],
    )
    text = last_combat_text(view.game)
    assert text.startswith("Победа в бою: Борис тянет 2 сокровища, +1 ур."), text
    # at 360 px the slot holds about 22 characters a line: the treasures stay inside two
    # (play-test: «…тянуть 2 сокрови…» after «От щедрот»)
    assert text.index("сокровища") + len("сокровища") <= 2 * FIRST_LINE_360, text
    assert len(text) <= 2 * FIRST_LINE, text


def test_a_helper_who_ran_too_is_in_the_summary(tmp_path):
    """«Смываемся», «Зовём на помощь»: a lost fight with a helper sends both running, each on
    their own die — the summary gives both verdicts first, and says the monster's
    punishment when it caught anyone (here the helper only)."""
    view = _view(
        tmp_path,
        [
            ("combat.start", {"monster": {"name": "Затушенная печень", "level": 8}}),
            ("combat.helper", {"player": 1}),
            ("combat.flee", {"rolls": [5], "helper_rolls": [2]}),
        ],
    )
    text = last_combat_text(view.game)
    assert text.startswith(
        "Борис: удалось (5), Вика: не удалось (2) — смываются от монстра «Затушенная печень»"
    ), text
    assert "Вика: не удалось (2)" in text[:FIRST_LINE]
    # the punishment is Вика's alone: Борис got away (play-test: said to everyone)
    assert text.endswith("Непотребство для Вики — по карте монстра"), text


def test_a_runner_who_got_away_from_every_monster_hears_of_no_punishment(tmp_path):
    """«Смываемся»: the monster's punishment («непотребство») falls on a runner it caught.
    Play-test: «Непотребство — по карте монстра» was said when the fighter had got away and
    only the helper was caught; here nobody is caught, so nothing is said."""
    view = _view(
        tmp_path,
        [
            ("combat.start", {"monster": {"name": "Радиоактивный слизень", "level": 8}}),
            ("combat.helper", {"player": 1}),
            ("combat.flee", {"rolls": [6], "helper_rolls": [5]}),
        ],
    )
    text = last_combat_text(view.game)
    assert "от монстра «Радиоактивный слизень»" in text, text
    assert "Непотребство" not in text, text
