"""New-game screen: which game, players (names, colours, seat order), first player, options."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.engine import GAMES, PlayerSpec
from companion.errors import CompanionError
from companion.i18n import _
from companion.present.new_game import (
    RANDOM,
    blank_form,
    one_more,
    picker_text,
    seat_name,
    swapped,
    with_game,
)
from companion.store.limits import NAME_CHARS
from companion.store.plays import last_game
from companion.store.roster import next_color
from companion.table.security import require_player
from companion.ui.boards import BOARDS
from companion.ui.layout import COMPACT, use_window_layout
from companion.ui.nav import app_model, go
from companion.ui.roster_chips import RosterChips
from companion.ui.tagged_controls import centred, color_button, heading, text_field, title_row
from companion.ui.widgets import Banner, button, icon_button, tagged, use_form

__all__ = ["NewGame"]

#: The form's width on a wide screen (px).
FORM_WIDTH = 640
#: Height (px) of «Начать игру», pinned under the form.
START_HEIGHT = 56


def form_args(form: Callable[..., ft.Control], players: list[dict[str, str]]) -> dict[str, Any]:
    """What a board's ``OptionsForm`` gets: the number of players and, if it takes ``names``,
    their names so far (``""``: not named)."""
    args: dict[str, Any] = {"players": len(players)}
    if "names" in inspect.signature(form).parameters:
        args["names"] = tuple(str(p["name"]).strip() for p in players)
    return args


@ft.component
def NewGame() -> ft.Control:
    app = app_model()
    offered = [g for g in GAMES.values() if g.id in BOARDS]
    # handlers read the latest form (use_form)
    f, update, latest = use_form(
        lambda: blank_form(last_game(app.hub.store, [g.id for g in offered]))
    )
    error, set_error = ft.use_state("")

    def change(key: str, edit: Callable[[Any], Any]) -> None:
        update(lambda now: {**now, key: edit(now[key])})

    def players_now(edit: Callable[[list[dict[str, str]]], list[dict[str, str]]]) -> None:
        change("players", edit)

    game_id, players, first, options = f["game_id"], f["players"], f["first"], f["options"]
    definition = GAMES[game_id]

    put_options = partial(change, "options")

    def pick_game(gid: str) -> None:
        update(lambda now: with_game(now, gid))

    def edit(i: int, **changes: str) -> None:
        players_now(lambda ps: [{**p, **changes} if k == i else p for k, p in enumerate(ps)])

    def move(i: int, d: int) -> None:
        players_now(lambda ps: swapped(ps, i, d))

    def remove(i: int) -> None:
        players_now(lambda ps: [q for k, q in enumerate(ps) if k != i])

    def add() -> None:
        game = GAMES[latest()["game_id"]]
        if len(latest()["players"]) >= game.max_players:  # dimmed at the limit: say why
            set_error(
                f"{_('В игре')} «{game.title}» {_('не больше')} {game.max_players} "
                f"{_('игроков: чтобы добавить, уберите кого-нибудь')}"
            )
            return

        players_now(lambda ps: one_more(ps, latest()["game_id"]))

    def recolor(i: int) -> None:
        now = latest()["players"]
        edit(i, color=next_color(now[i]["color"], {p["color"] for p in now}))

    def start() -> None:
        form = latest()
        specs = [PlayerSpec(seat_name(p, i), p["color"]) for i, p in enumerate(form["players"])]
        try:
            require_player(app)  # a crafted click from a spectator creates nothing
            stored = app.hub.create(
                form["game_id"],
                specs,
                first_player=None if form["first"] == RANDOM else int(form["first"]),
                options=form["options"],
            )
        except CompanionError as exc:
            set_error(str(exc))
            return
        except OSError as exc:  # the store should wrap these; never Flet's error screen
            set_error(f"{_('Игра не сохранена')}: {exc.strerror or exc}")
            return
        go(f"/game/{stored.id}")

    layout = use_window_layout()
    compact = layout.width_class == COMPACT
    fewest = len(players) <= definition.min_players

    def seat_row(i: int, p: dict[str, str]) -> ft.Control:
        name = text_field(
            f"player-name-{i}",
            f"{_('Игрок')} {i + 1}",
            p["name"],
            lambda v: edit(i, name=v),
            text_size=14 if compact else None,
            content_padding=ft.Padding.symmetric(horizontal=8, vertical=16) if compact else None,
            max_length=NAME_CHARS,  # the store refuses longer (limits)
        )
        last = i == len(players) - 1
        steps = [
            ("up", ft.Icons.ARROW_UPWARD, _("Выше"), lambda: move(i, -1), i == 0),
            ("down", ft.Icons.ARROW_DOWNWARD, _("Ниже"), lambda: move(i, 1), last),
            ("remove", ft.Icons.DELETE_OUTLINE, _("Убрать"), lambda: remove(i), fewest),
        ]
        return ft.Row(
            [
                color_button(f"color-{i}", p["color"], lambda: recolor(i)),
                ft.Container(name, expand=True),
                *[
                    icon_button(f"{k}-{i}", icon, tip, fn, disabled=off)
                    for k, icon, tip, fn, off in steps
                ],
            ],
            spacing=0,
        )

    rows = [seat_row(i, p) for i, p in enumerate(players)]
    board = BOARDS[game_id]
    form = getattr(board, "OptionsForm", None)
    title = GAMES[game_id].title
    shown = picker_text(title, compact)
    column = ft.Column(
        [
            title_row("back", _("Новая игра"), lambda: go("/")),
            tagged(
                "game-choice",
                ft.Dropdown(
                    label=_("Игра"),
                    value=game_id,
                    options=[
                        ft.DropdownOption(
                            key=g.id,
                            text=shown if g.id == game_id else g.title,
                            content=ft.Text(g.title)
                            if g.id == game_id and shown != title
                            else None,
                        )
                        for g in offered
                    ],
                    on_select=lambda e: pick_game(e.control.value),
                ),
                label=f"{_('Игра')}: {title}",
            ),
            heading(
                f"{_('Игроки')} ({definition.min_players}–{definition.max_players}), "
                f"{_('в порядке хода')}",
                18,
            ),
            RosterChips(app, players, definition.max_players, players_now),
            *rows,
            button(
                "add-player",
                _("Добавить игрока"),
                add,
                icon=ft.Icons.PERSON_ADD,
                opacity=0.45 if len(players) >= definition.max_players else 1.0,
            ),
            tagged(
                "first-player",
                ft.Dropdown(
                    label=_("Первый игрок"),
                    value=first,
                    options=[
                        ft.DropdownOption(key=RANDOM, text=_("Жребий (случайно)")),
                        *[
                            ft.DropdownOption(key=str(i), text=seat_name(p, i))
                            for i, p in enumerate(players)
                        ],
                    ],
                    on_select=lambda e: change("first", lambda _f, v=e.control.value: v),
                ),
            ),
            form(options, put_options, **form_args(form, players)) if form else ft.Container(),
        ],
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
    # «Начать игру» pinned under the form; a refusal above it, pinned too
    go_button = ft.FilledButton(
        _("Начать игру"), icon=ft.Icons.PLAY_ARROW, height=START_HEIGHT, on_click=lambda: start()
    )
    pinned = tagged(
        "start-bar",
        ft.Container(
            ft.Column([Banner(error, ""), tagged("start-game", go_button)], spacing=8, tight=True),
            padding=ft.Padding.only(top=8),
            border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )
    column = ft.Column([column, pinned], spacing=4, expand=True)
    if not layout.two_columns:
        return column
    # wide: a centred column of at most FORM_WIDTH px
    return centred(column, FORM_WIDTH)
