"""The free counters' new-game form changes its target (:mod:`companion.present.free`)."""

from __future__ import annotations

from companion.present.free import with_target_counter, with_target_value


def test_the_target_keeps_the_typed_number_across_counters_and_goes_whole():
    options = {"counters": [{"name": "ПО"}, {"name": "Деньги"}], "target": None}
    chosen = with_target_counter(options, "ПО")
    assert chosen["target"] == {"counter": "ПО", "value": ""}  # nothing unseen is typed
    typed = with_target_value(chosen, 30)
    assert with_target_counter(typed, "Деньги")["target"] == {"counter": "Деньги", "value": 30}
    assert with_target_counter(typed, None)["target"] is None
    assert with_target_value(options, 30) == options  # no target: the number has nowhere to go
    assert options["target"] is None and chosen["target"]["value"] == ""  # copies, not edits
