"""«Ещё раз»: the finished game's table again in one tap
(:func:`companion.store.again.again_args`)."""

from __future__ import annotations

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.store.again import again_args
from companion.table.security import is_player, require_player
from companion.ui.nav import app_model, go
from companion.ui.state import GameView
from companion.ui.widgets import Banner, tagged

__all__ = ["PlayAgain"]


@ft.component
def PlayAgain(view: GameView) -> ft.Control:
    app = app_model()
    error, set_error = ft.use_state("")
    started = ft.use_ref(False)
    if not is_player(app) or view.game.outcome() is None:
        return ft.Container(height=0)
    rule = view.game.definition.first_player_again(view.game.setup, view.game.outcome())
    first = (
        _("первый — жребием") if rule is None else f"{_('первым ходит')} {view.game.players[rule]}"
    )

    def again() -> None:
        if started.current:
            return
        started.current = True
        try:
            require_player(app)
            args = again_args(view.game)
            first_player, options = args["first_player"], args["options"]
            stored = app.hub.create(
                args["game"], args["players"], first_player=first_player, options=options
            )
        except CompanionError as exc:
            started.current = False
            set_error(str(exc))
            return
        go(f"/game/{stored.id}")

    button = ft.FilledTonalButton(
        _("Ещё раз"), icon=ft.Icons.REPLAY, height=56, on_click=lambda: again()
    )
    spoken = f"{_('Ещё раз')}: {_('те же игроки и настройки')}, {first}"
    parts = [
        tagged("play-again", button, label=spoken),
        ft.Text(f"{_('Те же игроки и настройки')}; {first}.", size=13),
    ]
    return ft.Column([*parts, *([Banner(error, "")] if error else [])], spacing=4, tight=True)
