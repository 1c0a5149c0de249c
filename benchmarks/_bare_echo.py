"""The floor for the typing benchmark: a bare Flet app with one text field whose text is echoed
into a label on every change (run by :mod:`benchmarks.bench_rules` ``--typing`` in a child
process: ``python -m benchmarks._bare_echo PORT``)."""

from __future__ import annotations

import sys

import flet as ft


@ft.component
def Echo() -> ft.Control:
    text, set_text = ft.use_state("")
    return ft.Column(
        [
            ft.Semantics(
                identifier="bare-query",
                content=ft.TextField(
                    value=text, label="Вопрос", on_change=lambda e: set_text(e.control.value)
                ),
            ),
            ft.Semantics(
                identifier="bare-echo",
                label=f"Эхо: «{text.strip()}»",
                content=ft.Text(f"Эхо: «{text.strip()}»"),
            ),
        ]
    )


def main(page: ft.Page) -> None:
    page.render(Echo)


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
