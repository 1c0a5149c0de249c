"""The floor for tap benchmarks: a bare Flet app with one counter and a «+» (run by
:mod:`benchmarks.bench_boards` in a child process: ``python -m benchmarks._bare_counter PORT``)."""

from __future__ import annotations

import sys

import flet as ft


@ft.component
def Counter() -> ft.Control:
    value, set_value = ft.use_state(0)
    return ft.Row(
        [
            ft.Semantics(identifier="bare-value", label=str(value), content=ft.Text(str(value))),
            ft.Semantics(
                identifier="bare-plus",
                content=ft.IconButton(ft.Icons.ADD, on_click=lambda: set_value(value + 1)),
            ),
        ]
    )


def main(page: ft.Page) -> None:
    page.render(Counter)


if __name__ == "__main__":
    ft.run(main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=int(sys.argv[1]), no_cdn=True)
