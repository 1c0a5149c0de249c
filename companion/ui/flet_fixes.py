"""Work-arounds for Flet 1.0.5, installed once by :func:`apply` (from
:func:`companion.ui.app.make_main`):

* the session's update scheduler logs a failing update and goes on (Flet's ends the task),
  updates pending components outermost first, and yields to queued browser events first;
* an event for an unknown control id is resolved without walking the page
  (:func:`_resolve_event_control`), dialogs' controls being indexed (:func:`_indexing_dialogs`);
* the browser's answer to a method call whose control has left the page since is not fatal
  to the connection (:func:`_handle_invoke_method_results`);
* each patch checks its target's source first (:func:`check`); a mismatch raises
  :class:`~companion.errors.FletMismatchError`. :func:`installed` lists what is in place."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import inspect
import logging
import traceback
from collections.abc import Iterator
from typing import Any

import flet
import msgpack
from flet.controls import base_control
from flet.controls.base_control import BaseControl
from flet.controls.dialog_control import DialogControl
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session

from companion.errors import FletMismatchError

__all__ = ["FLET_VERSION", "apply", "check", "installed"]

log = logging.getLogger("companion.ui")
_APPLIED = False
#: The Flet release these patches were written against (pinned in pyproject.toml).
FLET_VERSION = "1.0.5"
#: sha256 (16 hex) of Flet 1.0.5's ``Session.__updates_scheduler`` source.
_SCHEDULER_SOURCE = "7ec9510b0fd5cc49"
#: The private names of ``Session`` the copied loop reads.
_SESSION_NAMES = ("__updates_ready", "__pending_updates", "__pending_effects", "__closed")
#: sha256 (16 hex) of ``Session.__resolve_event_control`` and ``Session.patch_control``.
_RESOLVE_SOURCE = "fca8c607b8511bff"
_PATCH_SOURCE = "870102dfe8f9e97c"
#: sha256 (16 hex) of ``Session.handle_invoke_method_results`` (replaced: a late answer).
_ANSWER_SOURCE = "c6de9785ab38cbab"
#: The private names of ``Session`` the replaced answer hand-over reads.
_CALL_NAMES = ("__method_calls", "__method_call_results")
#: What a call whose control has left the page raises in its caller (as Flet words it).
GONE = "Control with ID {} is not registered"
#: sha256 (16 hex) of flet-web 1.0.5's ``FletApp.send_message`` (replaced: no debug format).
_SEND_SOURCE = "47399d973ee706f0"
#: The private ``Session`` members the lookup uses.
_RESOLVE_NAMES = ("_Session__is_mounted_control", "_Session__find_live_control")
#: Page parts outside its views that the lookup searches: the overlay and the services.
_SMALL_PARTS = ("_overlay", "_services")


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
            # let queued browser events (a field's value patch) run before re-rendering
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
    """Cache each event's payload type per (class, field); the lookup runs with
    ``base_control``'s globals, as Flet's own call does."""
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


@functools.cache
def _walked_fields(cls: type) -> tuple[str, ...]:
    """The fields of the dataclass ``cls`` that Flet's walk follows (not ``skip``, not
    ``_parent``), once per class."""
    return tuple(
        f.name
        for f in dataclasses.fields(cls)
        if not f.metadata.get("skip", False) and f.name != "_parent"
    )


def _controls_in(value: Any, seen: set[int] | None = None) -> Iterator[BaseControl]:
    """Every control in ``value``, found as Flet's walk finds them (not ``skip``, not
    ``_parent``)."""
    seen = set() if seen is None else seen
    if value is None or isinstance(value, (str, int, float, bool)) or id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, BaseControl):
        yield value
    if dataclasses.is_dataclass(value):
        for name in _walked_fields(type(value)):
            yield from _controls_in(getattr(value, name, None), seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _controls_in(item, seen)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _controls_in(item, seen)


def _indexing_dialogs() -> None:
    """Wrap ``Session.patch_control`` so a dialog's controls are in ``Session.index`` (after each
    patch of the dialog list, and of a dialog itself)."""
    original = Session.patch_control

    def patch_control(self: Session, control: Any, *args: Any, **kw: Any) -> None:
        original(self, control, *args, **kw)
        page = self.page
        if control is page._dialogs:  # type: ignore[attr-defined]
            index = self.index
            for found in _controls_in(control):
                if index.get(found._i) is not found:
                    index[found._i] = found
        elif isinstance(control, DialogControl) and self._Session__is_mounted_control(control):  # type: ignore[attr-defined]
            self.index[control._i] = control

    patch_control.__companion__ = True  # type: ignore[attr-defined]
    Session.patch_control = patch_control  # type: ignore[method-assign]


def _resolve_event_control(self: Session, control_id: Any) -> BaseControl | None:
    """The control an event is for: Flet's index lookup, then only :data:`_SMALL_PARTS` (indexed
    when found); else ``None`` (the event is dropped). No walk of the page."""
    if not isinstance(control_id, int):  # msgpack may carry any shape as the target
        return None
    control = self.index.get(control_id)
    if control is not None and self._Session__is_mounted_control(control):  # type: ignore[attr-defined]
        return control
    page = self.page
    for name in _SMALL_PARTS:
        live = self._Session__find_live_control(getattr(page, name), control_id, page)  # type: ignore[attr-defined]
        if live is not None:
            self.index[control_id] = live
            return live
    return control


def _handle_invoke_method_results(
    self: Session, control_id: Any, call_id: Any, result: Any, error: str | None
) -> None:
    """Hand the browser's answer to a method call (``scroll_to``…) to the call awaiting it.

    As Flet 1.0.5, except for a ``control_id`` no longer in ``Session.index`` (the control left
    the page before the answer): the answer is dropped, logged at debug, and the awaiting call,
    if any, raises ``RuntimeError(GONE)`` in its caller, not in the connection's receive loop.
    An answer for no awaited call is dropped; ids of any other shape than Flet's (``int``
    control, ``str`` call) count as unknown."""
    calls = self._Session__method_calls  # type: ignore[attr-defined]
    waiting = calls.pop(call_id, None) if isinstance(call_id, str) else None
    if not isinstance(control_id, int) or control_id not in self.index:
        log.debug("answer to call %r dropped: control %r left the page", call_id, control_id)
        result, error = None, GONE.format(control_id)
    if waiting is not None:
        self._Session__method_call_results[waiting] = (result, error)  # type: ignore[attr-defined]
        waiting.set()


def _flet_app() -> Any:
    """flet-web's ``FletApp``, or ``None`` without flet-web (the phone build)."""
    try:
        from flet_web.fastapi.flet_app import FletApp
    except ImportError:
        return None
    return FletApp


_ENCODE = configure_encode_object_for_msgpack(BaseControl)


def _send_message(self: Any, message: Any) -> None:
    """flet-web 1.0.5's ``FletApp.send_message`` without its debug log line."""
    body = msgpack.packb([message.action, message.body], default=_ENCODE)
    self._FletApp__send_queue.put_nowait(b"\x00" + body)


def _digest(function: Any) -> str:
    """sha256 (16 hex digits) of ``function``'s source, or ``""`` when it has none."""
    try:
        return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]
    except (OSError, TypeError):
        return ""


def check() -> list[str]:
    """What the patches expect of Flet and do not find, one sentence each (empty: all there)."""
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
    resolve = Session.__dict__.get("_Session__resolve_event_control")
    if resolve is None or not all(callable(Session.__dict__.get(n)) for n in _RESOLVE_NAMES):
        problems.append("в Session Flet нет поиска элемента события (__resolve_event_control)")
    elif resolve is not _resolve_event_control and _digest(resolve) != _RESOLVE_SOURCE:
        problems.append("поиск элемента события Flet (Session.__resolve_event_control) изменился")
    elif "self.__resolve_event_control(control_id)" not in inspect.getsource(
        Session.dispatch_event
    ):
        problems.append("Session.dispatch_event Flet ищет элемент события по-новому")
    if not getattr(Session.patch_control, "__companion__", False) and (
        _digest(Session.patch_control) != _PATCH_SOURCE
    ):
        problems.append("Session.patch_control Flet изменился (индекс элементов диалогов)")
    answers = Session.__dict__.get("handle_invoke_method_results")
    if answers is None or (
        answers is not _handle_invoke_method_results and _digest(answers) != _ANSWER_SOURCE
    ):
        problems.append("Session.handle_invoke_method_results Flet изменился (ответы браузера)")
    for name in _CALL_NAMES:
        if f"self.{name}" not in init:
            problems.append(f"в Session Flet нет поля {name}")
    if not isinstance(getattr(Session, "index", None), property):
        problems.append("в Session Flet нет индекса элементов (index)")
    app = _flet_app()
    send = None if app is None else app.__dict__.get("send_message")
    if app is not None and send is not _send_message and _digest(send) != _SEND_SOURCE:
        problems.append("FletApp.send_message flet-web изменился (кадр для браузера)")
    parts = {f.name for f in dataclasses.fields(flet.Page)}
    if not {"_dialogs", *_SMALL_PARTS} <= parts:
        problems.append("у страницы Flet нет _dialogs, _overlay или _services")
    return problems


def installed() -> dict[str, bool]:
    """Each patch by name, and whether it is in place now."""
    app = _flet_app()
    return {
        "updates_scheduler": Session.__dict__.get("_Session__updates_scheduler")
        is _updates_scheduler,
        "event_types_cache": getattr(base_control.get_event_field_type, "__companion__", False),
        "bounded_event_lookup": Session.__dict__.get("_Session__resolve_event_control")
        is _resolve_event_control,
        "dialogs_indexed": getattr(Session.patch_control, "__companion__", False),
        "quiet_send": app is None or app.send_message is _send_message,
        "late_answers": Session.__dict__.get("handle_invoke_method_results")
        is _handle_invoke_method_results,
    }


def apply() -> None:
    """Install the fixes, once. :raises FletMismatchError: Flet is not as expected
    (:func:`check`)."""
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
    Session._Session__resolve_event_control = _resolve_event_control
    Session.handle_invoke_method_results = _handle_invoke_method_results  # type: ignore[method-assign]
    _indexing_dialogs()
    _cache_event_types()
    app = _flet_app()
    if app is not None:
        app.send_message = _send_message
    _APPLIED = True
