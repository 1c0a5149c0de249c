"""Entry point of the offline web app (Python in the browser on Pyodide; built by
``scripts/build_web.sh``, started by its ``python-worker.js``).

:func:`boot` mounts the browser's IndexedDB file system (Emscripten's IDBFS) at
:data:`DATA_DIR`, loads what it holds, makes every ``os.fsync``/``os.fdatasync`` start a save
of the folder to IndexedDB (IDBFS alone saves only on close, rename, create or delete, so the
open game log was lost), then starts the same app as the server:
``make_main(Hub(GameStore(DATA_DIR)))``.

Crash safety: the store fsyncs each change before the UI shows it, and the worker
(``scripts/web/python-worker.js``, ``watchStorage``) posts every message to the screen only
after the saves started before it have reached IndexedDB: a change on screen is on storage.

Only importable inside Pyodide (``js``, ``pyodide_js``).
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the worker's globals
import pyodide_js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from companion.errors import StoreError

__all__ = ["DATA_DIR", "boot", "open_storage"]

#: Where the games live inside the browser (kept in IndexedDB).
DATA_DIR = "/data"


def progress(text: str, pct: int) -> None:
    """Show ``text`` and ``pct`` (0–100) on the loading screen."""
    js.tcProgress(text, pct)


def _persisting(sync: Callable[[int], None], persist: Callable[[], Any]) -> Callable[[int], None]:
    def synced(fd: int) -> None:
        sync(fd)
        persist()

    return synced


async def open_storage(path: str = DATA_DIR) -> Path:
    """Mount IndexedDB at ``path``, load it, and make fsync save it (the worker's
    ``tcPersist``, which also takes over IDBFS's own saves); returns ``path``.

    :raises StoreError: the browser refused IndexedDB (e.g. a private window of some browsers).
    """
    fs = pyodide_js.FS
    idbfs = fs.filesystems.IDBFS
    fs.mkdirTree(path)
    fs.mount(idbfs, to_js({"autoPersist": True}, dict_converter=js.Object.fromEntries), path)
    done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    fs.syncfs(True, create_once_callable(lambda err=None: done.set_result(err)))
    err = await done
    if err:
        raise StoreError(f"Браузер не дал открыть хранилище игр: {err}")

    js.tcWatchStorage(path)
    os.fsync = _persisting(os.fsync, js.tcPersist)
    os.fdatasync = _persisting(os.fdatasync, js.tcPersist)
    return Path(path)


async def _storage_persisted() -> bool | None:
    """Whether the browser promised to keep the site's data (``navigator.storage``)."""
    storage = getattr(js.navigator, "storage", None)
    if storage is None or not hasattr(storage, "persisted"):
        return None
    return bool(await storage.persisted())


async def boot() -> None:
    """Open the storage and start the app (``ft.run``: the page connects afterwards)."""
    progress("Открываю сохранённые игры", 55)
    root = await open_storage()
    from companion.ui import offline

    offline.BROWSER.active = True
    offline.BROWSER.persisted = await _storage_persisted()
    progress("Загружаю приложение", 70)
    import flet as ft

    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.state import Hub

    progress("Запускаю приложение", 85)
    ft.run(make_main(Hub(GameStore(root))))
