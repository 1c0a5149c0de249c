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
import importlib
import os
import random
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import js  # type: ignore[import-not-found]  # Pyodide's bridge to the worker's globals
import pyodide_js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

from companion.errors import StoreError

__all__ = ["DATA_DIR", "boot", "open_storage", "preload"]

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
    """Whether the browser promised to keep the site's data (``navigator.storage``, read by
    the worker's ``tcStoragePersisted``: Python's own reading of ``js.navigator`` fails in a
    Pyodide loaded to take a snapshot); ``None`` where the browser cannot tell."""
    persisted = await js.tcStoragePersisted()
    return None if persisted is None else bool(persisted)


#: Flet's modules that the first screen loads on first use (``flet`` imports its controls
#: lazily, and ``ft.run`` the app's runner): imported by :func:`preload` so that they are in
#: the snapshot and compiled to .pyc by the build (``scripts/web/pyc.mjs``). Not Flet's
#: Pyodide connection: it imports ``flet_js``, which exists only after the snapshot.
#: ``tests/phone/test_phone_bytecode.py`` names any module the first screen still imports
#: from source.
FIRST_SCREEN = (
    "flet.app",
    "flet.components.component",
    "flet.components.router",
    *("flet.components.hooks." + h for h in ("use_dialog", "use_effect", "use_ref", "use_state")),
    *("flet.controls.core." + c for c in ("column", "row", "safe_area", "semantics", "text")),
    "flet.controls.core.text_span",
    "flet.controls.events",
    *("flet.controls.material." + c for c in ("button", "container", "filled_button")),
)

#: Compiled modules (Emscripten side modules) are loaded lazily by :func:`preload`: a
#: snapshot holds Python's memory but not the module's code and function table entries,
#: which only a load after the restore brings back.
COMPILED = ("msgpack",)


class _OnFirstUse(types.ModuleType):
    """Stands in ``sys.modules`` for a compiled module until an attribute of it is read:
    then the module is imported and its names copied in (``import name`` alone, which only
    looks the module up, does not load it)."""

    def __getattr__(self, attr: str) -> Any:
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
            self.__dict__.update(vars(importlib.import_module(self.__name__)))
        try:
            return self.__dict__[attr]
        except KeyError:
            raise AttributeError(f"module {self.__name__!r} has no attribute {attr!r}") from None


def preload() -> str:
    """Import the modules the first screen needs (:data:`FIRST_SCREEN` among them), touching
    no browser object: the worker runs this on a first start, then takes Python's memory
    snapshot, which later starts restore instead of importing again (``python-worker.js``);
    the build runs it to learn which modules to compile. :data:`COMPILED` modules are bound
    lazily: loaded at their first use, after the restore.

    Returns the names (comma-separated) of compiled modules that got loaded all the same:
    empty when a snapshot may be taken."""
    for name in COMPILED:
        sys.modules.setdefault(name, _OnFirstUse(name))

    import flet  # noqa: F401

    import companion.offline  # noqa: F401
    import companion.store  # noqa: F401
    import companion.ui.app  # noqa: F401
    import companion.ui.state  # noqa: F401

    for name in FIRST_SCREEN:
        importlib.import_module(name)
    # Flet's patches (make_main applies them too): their check reads Flet's source, work
    # that a restored snapshot then skips
    from companion.ui import flet_fixes

    flet_fixes.apply()
    return ",".join(_compiled_loaded())


def _compiled_loaded() -> list[str]:
    """Names of the loaded modules that come from a ``.so`` (read from their ``__dict__``: a
    stand-in's ``__getattr__`` would load the module; JS modules have none)."""
    names = []
    for name, module in list(sys.modules.items()):
        try:
            file = object.__getattribute__(module, "__dict__").get("__file__")
        except AttributeError:
            continue
        if str(file).endswith(".so"):
            names.append(name)
    return names


async def boot() -> None:
    """Open the storage and start the app (``ft.run``: the page connects afterwards)."""
    # a restored snapshot repeats the memory it was taken with, the global random generator's
    # state included: seed it afresh (os.urandom, the browser's crypto)
    random.seed()
    progress("Открываю сохранённые игры", 55)
    root = await open_storage()
    from companion import offline

    offline.BROWSER.active = True
    offline.BROWSER.persisted = await _storage_persisted()
    progress("Загружаю приложение", 70)
    import flet as ft

    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.state import Hub

    progress("Запускаю приложение", 85)
    ft.run(make_main(Hub(GameStore(root))))
