"""The game journal: every event with time, author and what changed; exports."""

from __future__ import annotations

import json
import time

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.store.export import export_json, export_text
from companion.ui.nav import app_model, go
from companion.ui.security import require_player
from companion.ui.state import GameView
from companion.ui.widgets import tagged

__all__ = ["GameLog"]


@ft.component
def GameLog(view: GameView) -> ft.Control:
    """Every event with time, author and what changed; export as JSON or text into the data dir."""
    app = app_model()
    msg, set_msg = ft.use_state("")
    log = view.game.log()

    def export(fmt: str) -> None:
        folder = app.hub.store.root / "exports"
        path = folder / f"{view.game_id}.{'json' if fmt == 'json' else 'txt'}"
        try:
            require_player(app)  # writes on the host's disk: players only
            folder.mkdir(exist_ok=True)
            text = (
                json.dumps(export_json(view.stored), ensure_ascii=False, indent=2)
                if fmt == "json"
                else export_text(view.stored)
            )
            path.write_text(text, encoding="utf-8")
        except (OSError, CompanionError) as exc:
            set_msg(f"{_('Не удалось выгрузить')}: {exc}")
            return
        set_msg(f"{_('Сохранено в')} {path}")

    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "back-to-game",
                        ft.IconButton(
                            ft.Icons.ARROW_BACK,
                            tooltip=_("К игре"),
                            on_click=lambda: go(f"/game/{view.game_id}"),
                        ),
                    ),
                    ft.Text(_("Журнал игры"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                    tagged(
                        "export-json",
                        ft.TextButton(
                            "JSON", icon=ft.Icons.DOWNLOAD, on_click=lambda: export("json")
                        ),
                    ),
                    tagged(
                        "export-text",
                        ft.TextButton(
                            _("Текст"), icon=ft.Icons.DOWNLOAD, on_click=lambda: export("text")
                        ),
                    ),
                ]
            ),
            ft.Text(msg, size=14) if msg else ft.Container(),
            *(
                [
                    tagged(
                        f"log-{ev.seq}",
                        ft.ListTile(
                            leading=ft.Text(f"#{ev.seq}", size=14),
                            title=ft.Text(text, size=16),
                            subtitle=ft.Text(
                                time.strftime("%H:%M:%S", time.localtime(ev.ts))
                                + (f" · {ev.author}" if ev.author else "")
                            ),
                            dense=True,
                        ),
                        label=text,
                    )
                    for ev, text in reversed(log)
                ]
                or [ft.Text(_("Событий пока нет."))]
            ),
        ],
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
