"""Small remembered values in ``<data dir>/settings.json``: theme, the Ricks universes'
action tokens, anything the app asks once and offers again.

Written atomically (see :mod:`companion.store.atomic`); an unreadable file is set aside and
the defaults are used, with a warning in :data:`LAST_WARNING`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.store.atomic import atomic_write_text, set_aside

__all__ = ["load_settings", "save_settings", "update_settings"]

FILE = "settings.json"


def load_settings(root: Path) -> dict[str, Any]:
    """All saved settings (``{}`` when none). A damaged file is set aside, never trusted."""
    path = Path(root) / FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError):
        set_aside(path)
        return {}
    if not isinstance(data, dict):
        set_aside(path)
        return {}
    return data


def save_settings(root: Path, settings: dict[str, Any]) -> None:
    """Replace all settings. :raises StoreError: if the disk refuses the write."""
    atomic_write_text(Path(root) / FILE, json.dumps(settings, ensure_ascii=False, indent=1))


def update_settings(root: Path, **changes: Any) -> dict[str, Any]:
    """Merge ``changes`` into the saved settings and save; returns the new settings."""
    settings = {**load_settings(root), **changes}
    save_settings(root, settings)
    return settings
