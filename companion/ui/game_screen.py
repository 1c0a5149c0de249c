"""The shell around every game board: undo/redo, log, turn clock, end-of-game summary."""

from __future__ import annotations

import asyncio
import time
from urllib.parse import urlencode

import flet as ft

from companion.i18n import _
from companion.ui.boards import BOARDS
from companion.ui.nav import go
from companion.ui.state import GameView
from companion.ui.widgets import Banner, fmt_seconds, tagged

__all__ = ["GameScreen", "RULES_GAME"]

#: Engine id → the rules database's game id.
RULES_GAME = {"smashup": "smash_up", "coup": "coup", "munchkin": "munchkin", "ricks": "ricks"}


def rules_link(game_id: str, query: str | None, back: str) -> str:
    """The rules-search route for a game screen: its game pre-selected, the phase as the query."""
    params = {"from": back}
    if game_id in RULES_GAME:
        params["game"] = RULES_GAME[game_id]
        if query:
            params["q"] = query
    return "/rules?" + urlencode(params)


@ft.component
def ClockBar(view: GameView, version: int) -> ft.Control:
    """Chess-clock times from event timestamps, refreshed every second."""
    now, set_now = ft.use_state(time.time())
    task = ft.use_ref(None)

    async def tick() -> None:
        while True:
            await asyncio.sleep(1)
            set_now(time.time())
            view.refresh()  # self-healing: a no-op unless a change notification was missed

    def start() -> None:
        task.current = ft.context.page.run_task(tick)

    def stop() -> None:
        if task.current is not None:
            task.current.cancel()

    ft.use_effect(start, [], cleanup=stop)
    game = view.game
    if game.is_over():  # a finished game's clock stops at its last move
        now = game.events[-1].ts if game.events else game.setup.created
    clock = game.turn_clock(now)
    active = view.game.definition.active_player(view.state)
    who = view.game.players[active] if active is not None else ""
    return tagged(
        "clock",
        ft.Row(
            [
                ft.Icon(ft.Icons.TIMER_OUTLINED, size=18),
                ft.Text(
                    f"{_('ход')} {fmt_seconds(clock.current)}" + (f" ({who})" if who else ""),
                    size=14,
                ),
                ft.Text(f"{_('всего')} {fmt_seconds(clock.total)}", size=14),
                ft.Text(_("пауза") if view.game.paused else "", size=14, color=ft.Colors.ERROR),
            ],
            spacing=10,
            wrap=True,
        ),
        label=f"clock {int(clock.current)}",
    )


@ft.component
def ScoreChart(view: GameView) -> ft.Control:
    """Score over time, one line per player (x: minutes since the start)."""
    import flet_charts as fch  # heavy (pulls matplotlib): only when a summary is shown

    game = view.game
    series = game.score_series()
    start = game.setup.created
    lines = []
    for i, spec in enumerate(game.setup.players):
        points = [
            fch.LineChartDataPoint((ts - start) / 60, scores.get(i, 0)) for ts, scores in series
        ]
        lines.append(
            fch.LineChartData(points=points, color=spec.color, stroke_width=3, curved=False)
        )
    return ft.Container(
        fch.LineChart(data_series=lines, expand=True, interactive=False), height=220, padding=10
    )


@ft.component
def Summary(view: GameView, version: int) -> ft.Control:
    """End of game: winner(s), reason, score chart, time per player."""
    game = view.game
    outcome = game.outcome()
    if outcome is None:
        return ft.Container()
    names = ", ".join(game.players[i] for i in outcome.winners)
    clock = game.turn_clock(game.events[-1].ts if game.events else game.setup.created)
    return tagged(
        "summary",
        ft.Card(
            ft.Container(
                ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=36),
                                tagged(
                                    "winner",
                                    ft.Text(
                                        f"{_('Победа')}: {names}",
                                        size=26,
                                        weight=ft.FontWeight.BOLD,
                                    ),
                                    label=names,
                                ),
                            ]
                        ),
                        ft.Text(outcome.reason, size=16),
                        ScoreChart(view),
                        *[
                            ft.Text(f"{p}: {fmt_seconds(clock.per_player.get(i, 0))}")
                            for i, p in enumerate(game.players)
                        ],
                    ]
                ),
                padding=16,
            )
        ),
        label=f"Победа: {names}",
    )


def use_phone_comfort(version: int) -> None:
    """Keep the screen on while a game is open (Flet Wakelock) and give a light haptic tap
    on every change of the game, where the platform allows it (browsers mostly don't: then
    nothing happens)."""
    services = ft.use_ref(None)

    async def quietly(call) -> None:
        try:
            await call()
        except Exception:  # not supported here: nothing to do
            pass

    def setup() -> None:
        page = ft.context.page
        services.current = (ft.Wakelock(), ft.HapticFeedback())
        page.services.extend(services.current)
        page.run_task(quietly, services.current[0].enable)

    def cleanup() -> None:
        if services.current is not None:
            page = ft.context.page
            page.run_task(quietly, services.current[0].disable)
            for service in services.current:
                if service in page.services:
                    page.services.remove(service)

    ft.use_effect(setup, [], cleanup=cleanup)

    def buzz() -> None:
        if services.current is not None and version:
            ft.context.page.run_task(quietly, services.current[1].light_impact)

    ft.use_effect(buzz, [version])


@ft.component
def GameScreen(view: GameView) -> ft.Control:
    """Header with undo/redo/log/rules/lock, the error banner, the clock, the board and the summary.

    The lock stops accidental taps on the board (the header stays usable).
    """
    use_phone_comfort(view.version)
    game = view.game
    board = BOARDS[game.setup.game]
    phase = game.definition.current_phase(view.state)
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "home",
                        ft.IconButton(
                            ft.Icons.ARROW_BACK, tooltip=_("К списку игр"), on_click=lambda: go("/")
                        ),
                    ),
                    ft.Text(
                        game.definition.title,
                        size=20,
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    tagged(
                        "undo",
                        ft.IconButton(
                            ft.Icons.UNDO,
                            tooltip=_("Отменить"),
                            disabled=not game.can_undo,
                            on_click=lambda: view.undo(),
                        ),
                    ),
                    tagged(
                        "redo",
                        ft.IconButton(
                            ft.Icons.REDO,
                            tooltip=_("Вернуть"),
                            disabled=not game.can_redo,
                            on_click=lambda: view.redo(),
                        ),
                    ),
                    tagged(
                        "open-log",
                        ft.IconButton(
                            ft.Icons.HISTORY,
                            tooltip=_("Журнал"),
                            on_click=lambda: go(f"/game/{view.game_id}/log"),
                        ),
                    ),
                    tagged(
                        "lock",
                        ft.IconButton(
                            ft.Icons.LOCK if view.locked else ft.Icons.LOCK_OPEN,
                            tooltip=_("Снять блокировку")
                            if view.locked
                            else _("Заблокировать от случайных нажатий"),
                            selected=view.locked,
                            on_click=lambda: view.toggle_lock(),
                        ),
                        label="lock-on" if view.locked else "lock-off",
                    ),
                    tagged(
                        "open-rules",
                        ft.IconButton(
                            ft.Icons.MENU_BOOK,
                            tooltip=_("Правила"),
                            on_click=lambda: go(
                                rules_link(game.setup.game, phase, f"/game/{view.game_id}")
                            ),
                        ),
                    ),
                ],
                spacing=0,
            ),
            Banner(view.error, view.notice),
            ClockBar(view, view.version),
            ft.Column(
                [board.Board(view), Summary(view, view.version)],
                spacing=10,
                scroll=ft.ScrollMode.AUTO,
                expand=True,
            ),
            # the pinned bottom bar: the board's primary action, same place on every screen
            board.Actions(view) if hasattr(board, "Actions") else ft.Container(height=0),
        ],
        spacing=10,
        expand=True,
    )
