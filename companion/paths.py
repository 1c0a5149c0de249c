"""Where the app keeps its data.

Order: ``--data-dir`` argument, env ``COMPANION_DATA_DIR``, env ``FLET_APP_STORAGE_DATA``
(the durable per-app folder of a Flet mobile build), else the platform's user data dir
(platformdirs), e.g. ``~/.local/share/table-companion`` on Linux.

Files the app can make again (the web client it serves) go to :func:`cache_dir`.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "table-companion"


def data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Return the data directory (created if missing).

    :param explicit: a directory given on the command line; wins over everything.
    :returns: an absolute :class:`~pathlib.Path`.
    """
    if explicit:
        path = Path(explicit)
    elif os.environ.get("COMPANION_DATA_DIR"):
        path = Path(os.environ["COMPANION_DATA_DIR"])
    elif os.environ.get("FLET_APP_STORAGE_DATA"):
        path = Path(os.environ["FLET_APP_STORAGE_DATA"])
    else:
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path = path.expanduser().resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    """Return the cache directory (created if missing): env ``COMPANION_CACHE_DIR``, else the
    platform's user cache dir, e.g. ``~/.cache/table-companion`` on Linux. Only files the app
    can make again live there; deleting it loses nothing."""
    env = os.environ.get("COMPANION_CACHE_DIR")
    path = Path(env) if env else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    path = path.expanduser().resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path
