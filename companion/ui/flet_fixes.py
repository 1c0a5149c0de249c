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

Every browser event (a tap) is dispatched with a number of its own
(:data:`companion.ui.taps.TAP`): the moves one handler sends share it, so
:meth:`companion.ui.state.GameView.send` can tell a second tap from a second move of the
same tap.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import traceback
from typing import Any

import flet
from flet.messaging.session import Session

from companion.ui.taps import TAP, next_tap

__all__ = ["apply"]

log = logging.getLogger("companion.ui")
_APPLIED = False


def _numbering_taps() -> None:
    """Wrap ``Session.dispatch_event`` so each event runs with a new number in
    :data:`companion.ui.taps.TAP` (the event runs in a task of its own: its handler sees it),
    and an event for a control id the session never sent is dropped at once.

    Flet looks such an id up by walking the session's whole control tree
    (``Session.__resolve_event_control`` → ``__find_live_control``), for every event: a client
    sending made-up ids kept the host's one thread busy for everyone. Every control a client
    can tap was sent to it, and so is in ``Session.index``; an id in the index whose control
    was unmounted still gets Flet's own recovery."""
    original = Session.dispatch_event

    async def dispatch_event(self: Session, control_id: int, event_name: str, event_data: Any):
        if not isinstance(control_id, int) or control_id not in self.index:
            return None
        TAP.set(next_tap())
        return await original(self, control_id, event_name, event_data)

    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


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
    from flet.controls import base_control

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

    base_control.get_event_field_type = cached


def apply() -> None:
    """Install the fixes (only on the Flet version they were written for)."""
    global _APPLIED
    if _APPLIED or not flet.__version__.startswith("1.0."):
        return
    if not hasattr(Session, "_Session__updates_scheduler"):  # pragma: no cover - Flet changed
        return
    Session._Session__updates_scheduler = _updates_scheduler
    _cache_event_types()
    _numbering_taps()
    _APPLIED = True
