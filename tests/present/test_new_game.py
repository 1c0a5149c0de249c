"""The new-game form as plain values (:mod:`companion.present.new_game`)."""

from __future__ import annotations

from companion.engine import GAMES, PALETTE
from companion.present.new_game import (
    blank_form,
    one_more,
    picker_text,
    seat_toggled,
    swapped,
    with_game,
)


def test_every_game_name_is_whole_on_a_wide_form_and_cut_only_at_its_colon():
    for game in GAMES.values():
        assert picker_text(game.title, False) == game.title
        text = picker_text(game.title, True)
        assert text == game.title or (
            text.endswith("…") and game.title.startswith(text[:-1] + ":")
        ), text


def test_another_game_keeps_the_seats_it_takes():
    """Coup (2–6) with three seats, then Smash Up (2–4): the three stay, named; a game with
    more fewest seats gets blank ones in the next colours."""
    form = blank_form("coup")
    form["players"] = [{"name": n, "color": PALETTE[i]} for i, n in enumerate("АБВ")]
    assert [p["name"] for p in with_game(form, "smashup")["players"]] == ["А", "Б", "В"]
    fewest = max(2, GAMES["munchkin"].min_players)
    assert len(with_game(blank_form("coup"), "munchkin")["players"]) == fewest
    assert with_game(form, "smashup")["options"] == GAMES["smashup"].default_options()


def test_a_seat_is_added_up_to_the_limit_and_moved_within_the_list():
    seats = blank_form("smashup")["players"]
    while len(seats) < GAMES["smashup"].max_players:
        seats = one_more(seats, "smashup")
        assert seats[-1] == {"name": "", "color": PALETTE[len(seats) - 1]}
    assert one_more(seats, "smashup") == seats
    named = [{"name": n, "color": ""} for n in "АБВ"]
    assert [p["name"] for p in swapped(named, 0, 1)] == ["Б", "А", "В"]
    assert swapped(named, 0, -1) == named
    assert swapped(named, 2, 1) == named


def test_a_roster_chip_seats_its_player_or_frees_the_seat():
    seats = [{"name": "Аня", "color": "#1"}, {"name": " ", "color": "#2"}]
    seated = seat_toggled(seats, "Борис", "#9", most=3)
    assert seated == [{"name": "Аня", "color": "#1"}, {"name": "Борис", "color": "#9"}]
    assert seat_toggled(seated, "Вика", "#8", most=3)[2] == {"name": "Вика", "color": "#8"}
    assert seat_toggled(seated, "Вика", "#8", most=2) == seated
    assert seat_toggled(seated, "аня", "#1", most=2)[0] == {"name": "", "color": "#1"}
