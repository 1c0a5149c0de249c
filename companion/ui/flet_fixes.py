"""Work-arounds for Flet 1.0.5 found while building this app.

The session's update scheduler (``flet.messaging.session.Session.__updates_scheduler``)
calls ``control.update()`` for every pending control outside any ``try``: one update that
raises (e.g. a component re-rendered after its parent replaced it) ends the scheduler task,
and that session's screen never changes again — the clock stops, taps are saved but never
shown. :func:`apply` replaces the scheduler with the same loop that logs a failing update and
goes on with the rest. Applied once, by :func:`companion.ui.app.make_main`.

The loop also updates the pending components outermost first (Flet keeps them in a ``set``,
in no order): a child and its parent both subscribed to one observable would otherwise render
the child twice when the child came first — once alone, once inside its parent's new body.
Parent first, the child is rendered once inside the parent and its own queued update is then
skipped (Flet marks the replaced instance stale).

Before rendering, the loop yields once, so that browser events already queued run first: a
text field's value patch is applied when its message arrives and its ``change`` event runs in
a task of its own, and a re-render between the two sent the field a value older than the one
the browser had (a letter typed fast undone, «Ника» left as «На»).

Each patch checks first that what it replaces is there as written for Flet
:data:`FLET_VERSION` (:func:`check`): if not, :func:`apply` raises
:class:`~companion.errors.FletMismatchError` and the app refuses to start, rather than run
with a fix silently missing. :func:`installed` says which patches are in place (a test
fails when one is not).
"""

from __future__ import annotations

import asyncio
import hashlib
import inspect
import logging
import traceback
from typing import Any

import flet
from flet.controls import base_control
from flet.messaging.session import Session

from companion.errors import FletMismatchError

__all__ = ["FLET_VERSION", "apply", "check", "installed"]

log = logging.getLogger("companion.ui")
_APPLIED = False
#: The Flet release these patches were written against (pinned in pyproject.toml).
FLET_VERSION = "1.0.5"
#: sha256 (first 16 hex digits) of Flet 1.0.5's ``Session.__updates_scheduler`` source: the
#: loop :func:`_updates_scheduler` copies. Another loop means the copy is out of date.
_SCHEDULER_SOURCE = "7ec9510b0fd5cc49"
#: The private names of ``Session`` the copied loop reads.
_SESSION_NAMES = ("__updates_ready", "__pending_updates", "__pending_effects", "__closed")


def _depth(control: object) -> int:
    """How deep ``control`` sits in the page (0: not attached)."""
    depth = 0
    node = getattr(control, "parent", None)
    while node is not None and depth < 10_000:
        depth += 1
        node = getattr(node, "parent", None)
    return depth


async def _updates_scheduler(self: Session) -> None:
    """Flet 1.0.5's scheduler loop, with each control update isolated."""
    try:
        while not self._Session__closed:
            await self._Session__updates_ready.wait()
            # Let the browser's events already queued run first: a field's value patch is
            # applied as its message arrives, its ``change`` handler in a task of its own. A
            # re-render between the two would build the field from the state before that
            # letter and send the browser a value it has gone past (a name cut mid-word).
            await asyncio.sleep(0)
            self._Session__updates_ready.clear()

            pending_updates = sorted(self._Session__pending_updates, key=_depth)
            self._Session__pending_updates.clear()
            for control in pending_updates:
                try:
                    control.update()
                except Exception:  # one bad control must not freeze the whole screen
                    log.warning(
                        "update of %s failed:\n%s", type(control).__name__, traceback.format_exc()
                    )

            pending_effects = list(self._Session__pending_effects)
            self._Session__pending_effects.clear()
            for hook, is_cleanup in pending_effects:
                try:
                    if hook and hook.setup and not is_cleanup:
                        hook.cancel()
                        res = None
                        if inspect.iscoroutinefunction(hook.setup):
                            hook._setup_task = asyncio.create_task(hook.setup())
                        else:
                            res = hook.setup()
                        if callable(res):
                            hook.cleanup = res
                    elif hook and hook.cleanup and is_cleanup:
                        hook.cancel()
                        if inspect.iscoroutinefunction(hook.cleanup):
                            hook._cleanup_task = asyncio.create_task(hook.cleanup())
                        else:
                            hook.cleanup()
                except Exception as ex:
                    self.error(f"Exception in effect: {ex}\n{traceback.format_exc()}")
    except asyncio.CancelledError:
        pass


def _cache_event_types() -> None:
    """Every event (a tap) resolves its handler's payload type from the control class's
    annotations with ``typing`` evaluation (~0.5–1 ms of CPU per tap); the answer depends on
    the class and the field only, so keep it. The lookup still runs from a frame with
    ``base_control``'s globals, as Flet's own call does (it reads its caller's names)."""
    original = base_control.get_event_field_type
    space: dict[str, Any] = {}
    exec(  # noqa: S102 - a fixed wrapper compiled in Flet's module namespace
        "def _lookup(original, control, field_name):\n    return original(control, field_name)\n",
        base_control.__dict__,
        space,
    )
    lookup = space["_lookup"]
    cache: dict[tuple[type, str], Any] = {}

    def cached(control: Any, field_name: str) -> Any:
        key = (type(control), field_name)
        if key not in cache:
            cache[key] = lookup(original, control, field_name)
        return cache[key]

    cached.__companion__ = True  # type: ignore[attr-defined]
    base_control.get_event_field_type = cached


def _digest(function: Any) -> str:
    """sha256 (16 hex digits) of ``function``'s source, or ``""`` when it has none."""
    try:
        return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]
    except (OSError, TypeError):
        return ""


def check() -> list[str]:
    """What the patches expect of Flet and do not find, one sentence each (empty: all there).
    Reads the installed Flet's source; changes nothing."""
    problems: list[str] = []
    if flet.__version__ != FLET_VERSION:
        problems.append(f"установлен Flet {flet.__version__}, а нужен {FLET_VERSION}")
    original = Session.__dict__.get("_Session__updates_scheduler")
    if original is None:
        problems.append("в Flet нет Session.__updates_scheduler (планировщик обновлений)")
    elif original is not _updates_scheduler and _digest(original) != _SCHEDULER_SOURCE:
        problems.append("планировщик обновлений Flet (Session.__updates_scheduler) изменился")
    init = inspect.getsource(Session.__init__)
    for name in _SESSION_NAMES:
        if f"self.{name}" not in init:
            problems.append(f"в Session Flet нет поля {name}")
    trigger = inspect.getsource(base_control.BaseControl._trigger_event)
    if not callable(getattr(base_control, "get_event_field_type", None)) or (
        "get_event_field_type(self, field_name)" not in trigger
    ):
        problems.append("BaseControl._trigger_event Flet больше не вызывает get_event_field_type")
    return problems


def installed() -> dict[str, bool]:
    """Each patch by name, and whether it is in place now."""
    return {
        "updates_scheduler": Session.__dict__.get("_Session__updates_scheduler")
        is _updates_scheduler,
        "event_types_cache": getattr(base_control.get_event_field_type, "__companion__", False),
    }


def apply() -> None:
    """Install the fixes, once.

    :raises FletMismatchError: Flet is not what they were written for (:func:`check`): the
        message names what is missing.
    """
    global _APPLIED
    if _APPLIED:
        return
    problems = check()
    if problems:
        raise FletMismatchError(
            "эта версия Flet не подходит приложению: "
            + "; ".join(problems)
            + f". Установите flet=={FLET_VERSION} (pip install -e .)."
        )
    Session._Session__updates_scheduler = _updates_scheduler
    _cache_event_types()
    _APPLIED = True
