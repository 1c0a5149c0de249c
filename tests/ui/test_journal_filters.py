"""Journal filters without a browser: an event that names no player (e.g. «Следующий игрок»,
a Рик и Морти card play) belongs to the player whose turn it was; no kind shows as a code."""

from __future__ import annotations

from companion.store import GameStore
from companion.ui.journal import KIND_LABELS, OTHER_KIND, journal_page, kind_of


def test_player_filter_counts_moves_that_name_nobody_for_the_player_on_turn(tmp_path):
    stored = GameStore(tmp_path).create("free", ["Аня", "Борис"], first_player=0)
    stored.push("counter.add", {"player": 0, "counter": "ПО", "delta": 2})
    stored.push("turn.next")
    stored.push("counter.add", {"player": 1, "counter": "ПО", "delta": 1})
    game = stored.game
    anya, _ = journal_page(game, game.log_length, 0, None, 10)
    boris, _ = journal_page(game, game.log_length, 1, None, 10)
    assert [ev.seq for ev, _ in anya] == [2, 1]  # her «Следующий игрок» is hers
    assert [ev.seq for ev, _ in boris] == [3]


def test_every_engine_event_kind_has_a_russian_filter_name():
    kinds = {
        "counter.add", "turn.next", "coup.action", "combat.start", "charge.done", "card.play",
        "base.score", "player.move", "game.end", "vp.add", "play.record", "phase.next",
        "level.change", "gear.change", "seal.add", "round.start", "madness.adjust", "hand.add",
        "faction.pick", "breakpoint.modify", "actions.add", "action.discard",
    }  # fmt: skip
    missing = {kind_of_type(t) for t in kinds} - set(KIND_LABELS)
    assert not missing, missing
    assert OTHER_KIND.isalpha()


def kind_of_type(event_type: str) -> str:
    class _E:
        type = event_type

    return kind_of(_E())  # type: ignore[arg-type]
