"""Entry point of the mobile build (``flet build apk``; see ``[tool.flet]`` in pyproject.toml).

On a phone the app stores its games in ``FLET_APP_STORAGE_DATA`` (see :mod:`companion.paths`).
"""

from __future__ import annotations

import flet as ft

from companion.paths import data_dir
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub


def main(page: ft.Page) -> None:
    """Build the app on ``page`` with the platform's data directory."""
    make_main(Hub(GameStore(data_dir())))(page)


if __name__ == "__main__":
    ft.run(main)
