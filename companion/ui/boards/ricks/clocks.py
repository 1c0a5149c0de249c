"""The charge-phase clocks and the over-limit warning («Фаза зарядки»): durations from the log
(:func:`companion.engine.ricks.timing.game_charge_now`), the running stretch added each
second; past the limit a red line, a vibration and a beep."""

from __future__ import annotations

import asyncio
import contextlib
import time

import flet as ft

from companion.i18n import _
from companion.present.ricks_clocks import BEEP, ClockBase, turn_warning
from companion.ui.widgets import clipped_text, fmt_seconds, tagged

__all__ = ["ChargeClocks", "WARNING_HEIGHT"]

#: Height reserved for the current player's time and the over-limit warning.
WARNING_HEIGHT = 44


def _audio():
    """The beep player (flet-audio, a dependency of the app and of its web build), or ``None``
    with no page to register it with."""
    import flet_audio as fa

    try:
        return fa.Audio(src=BEEP)
    except Exception:  # no page to register with: stay silent
        return None


async def _quietly(call) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(call(), 2)


@ft.component
def _ChargeClocks(base: ClockBase, folded: bool = False) -> ft.Control:
    """Step, universe and phase clocks and the turn against the limit; ``folded``: nothing shown
    (the status line has them), the warning still fires. Tags: ``timer-step``,
    ``timer-universe``, ``timer-phase``, ``timer-turn``."""
    now, set_now = ft.use_state(time.time())
    task = ft.use_ref(None)
    services = ft.use_ref(None)
    warned = ft.use_ref(None)
    latest = ft.use_ref(base)
    latest.current = base

    async def tick() -> None:
        while True:
            await asyncio.sleep(1)
            t = time.time()
            set_now(t)
            b = latest.current
            over, _text = turn_warning(b, 0 if b.paused else t - b.since)
            if over and warned.current != b.key and services.current is not None:
                warned.current = b.key
                audio, haptic = services.current
                await _quietly(haptic.vibrate)
                if audio is not None:
                    await _quietly(audio.play)

    def start() -> None:
        page = ft.context.page
        haptic = ft.HapticFeedback()
        page.services.append(haptic)
        services.current = (_audio() if base.limit else None, haptic)
        task.current = page.run_task(tick)

    def stop() -> None:
        if task.current is not None:
            task.current.cancel()
        if services.current is not None:
            page = ft.context.page
            for service in services.current:
                if service is not None and service in page.services:
                    page.services.remove(service)

    ft.use_effect(start, [], cleanup=stop)
    if folded:
        return ft.Container(visible=False)
    run = 0.0 if base.paused else max(0.0, now - base.since)
    cells: list[ft.Control] = [ft.Icon(ft.Icons.TIMER_OUTLINED, size=16)]
    for ident, word, seconds in (
        ("step", _("Шаг"), base.step),
        ("universe", _("Вселенная"), base.universe),
        ("phase", _("Фаза"), base.phase),
    ):
        text = ft.Text(f"{word} {fmt_seconds(seconds + run)}", size=14)
        cells.append(tagged(f"timer-{ident}", text, label=f"{word.lower()} {int(seconds + run)}"))
    over, text = turn_warning(base, run)
    icon = (
        ft.Icons.ALARM if over else ft.Icons.TIMER_OUTLINED if base.who else ft.Icons.INFO_OUTLINE
    )
    ink = ft.Colors.ON_ERROR if over else None
    warning = ft.Row(
        [
            ft.Icon(icon, color=ink, size=20),
            clipped_text(
                text, 16, weight=ft.FontWeight.BOLD if over else None, color=ink, expand=True
            ),
        ],
        spacing=6,
    )
    line = ft.Container(
        warning if text else None,
        bgcolor=ft.Colors.ERROR if over else None,
        height=WARNING_HEIGHT,
        padding=ft.Padding.symmetric(horizontal=8),
        border_radius=8,
        alignment=ft.Alignment.CENTER_LEFT,
    )
    return ft.Column(
        [
            ft.Row(cells, spacing=8, scroll=ft.ScrollMode.AUTO),
            tagged("timer-turn", line, label=text or " "),
        ],
        spacing=2,
    )


ChargeClocks = ft.memo(_ChargeClocks)
