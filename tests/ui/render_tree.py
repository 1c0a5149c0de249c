"""The real app on real Flet sessions in this process, without a browser, and a normalised
dump of what each session's screen holds (for :mod:`tests.ui.test_render_fresh`).

A session here is Flet's own :class:`~flet.messaging.session.Session` with a connection that
encodes every outgoing message as Flet's web server does (so nothing that would fail to
encode passes), as in ``benchmarks/profile_tap.py``. A tap is the browser's own message:
``Session.dispatch_event(<id of the tapped control>, "click")``, then the session's update loop
runs until nothing is pending.

:func:`dump` walks the session's control tree as the last patches left it — Flet's diff sends
exactly the differences of that tree, so a part that did not re-render shows here as it shows
on the phone — and keeps, for every visible control: its type, every public property with a
plain value (texts, ``disabled``, ``visible``, colours, semantics ``identifier`` and ``label``,
``key``, sizes), which event handlers are set (not what they are), and its visible children.
Components are transparent (their rendered body stands in their place).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import enum
import re
from collections.abc import Callable, Iterator
from typing import Any

import flet as ft
import msgpack
from flet.components.component import Component
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

_ENCODE = configure_encode_object_for_msgpack(BaseControl)

#: Properties never compared, and why:
#: - ``_i`` and other ``_`` fields: Flet's control ids and internals (differ per session);
#: - ``data``: never sent to the browser;
#: - ``scroll_*`` / ``on_scroll`` offsets are not properties here; nothing to mask.
IGNORED_PROPS = frozenset({"data"})

#: A running clock: «1:05», «12:00», «0:07:31» (the Ricks charge-phase timer, elapsed times).
CLOCK = re.compile(r"\b\d{1,2}:\d{2}(:\d{2})?\b")


class WireConnection(Connection):
    """Encodes every message as Flet's web server does (an unencodable patch fails here)."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.loop = asyncio.get_running_loop()
        self.page_url = "http://127.0.0.1"
        self.messages = 0
        self.bytes = 0  # as sent on the websocket (one frame-type byte each)

    def send_message(self, message: Any) -> None:
        body = msgpack.packb([message.action, message.body], default=_ENCODE)
        self.messages += 1
        self.bytes += len(body) + 1
        self.sent(body)

    def sent(self, body: bytes) -> None:
        """Called with each encoded message (a benchmark may print it)."""


async def settle(session: Session) -> None:
    """Run the session's update loop until nothing is pending (Flet 1.0.5 internals)."""
    pending = session._Session__pending_updates  # type: ignore[attr-defined]
    effects = session._Session__pending_effects  # type: ignore[attr-defined]
    for _ in range(3):
        await asyncio.sleep(0)
    spins = 0
    while (pending or effects) and spins < 10_000:
        await asyncio.sleep(0)
        spins += 1
    for _ in range(3):
        await asyncio.sleep(0)


async def quiet(session: Session, rounds: int = 3) -> None:
    """Settle until the session sends nothing more for ``rounds`` short waits in a row
    (effects that subscribe, ``page.run_task`` refreshes from other sessions)."""
    conn = session.connection
    still = 0
    for _ in range(200):
        before = conn.messages
        await asyncio.sleep(0.005)
        await settle(session)
        still = still + 1 if conn.messages == before else 0
        if still >= rounds:
            return


async def open_app(
    main: Callable[[Any], None], route: str, size: tuple[int, int] | None = None
) -> Session:
    """A new session (a phone opening ``route``) running ``main``, its first screen built;
    ``size``: the page's width and height in px (else the session's default).

    The page counts as already told that the browser refused the Wake Lock
    (``comfort.AWAKE_REFUSED``): no browser answers it here, so every game screen would
    otherwise show that notice two seconds after opening, in the middle of whatever a test
    reads then (Chromium checks the notice: ``tests/ui/test_keep_awake.py``)."""
    from flet.controls.context import _context_page  # internal to Flet 1.0.5

    from companion.ui.comfort import _told_awake

    session = Session(WireConnection())
    page = session.page
    page.route = route
    if size is not None:
        page.width, page.height = size
    _context_page.set(page)
    _told_awake.add(page)
    main(page)
    session.get_page_patch()  # what a client's register does
    session.start_updates_scheduler()
    await quiet(session)
    return session


def run(coro: Any) -> Any:
    """Run ``coro`` on a fresh event loop in its own thread: once a browser test has started
    Playwright's sync API, this thread already has a running loop (``asyncio.run`` refuses)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def controls(session: Session) -> Iterator[BaseControl]:
    """Every control the session's index holds (mounted ones)."""
    index = session._Session__index  # type: ignore[attr-defined]
    yield from list(index.values())


def tappables(session: Session) -> dict[str, BaseControl]:
    """Semantics identifier → the control a finger taps inside it (the first control with an
    ``on_click`` handler, as the browser clicks the tappable node under the identifier), for
    every identifier shown, enabled and visible on screen."""
    shown = shown_ids(session)
    out: dict[str, BaseControl] = {}
    for c in controls(session):
        if isinstance(c, ft.Semantics) and c.identifier and id(c) in shown:
            target = _clickable(c)
            if target is not None and not getattr(target, "disabled", False):
                out.setdefault(c.identifier, target)
    return out


def tagged_control(session: Session, ident: str) -> BaseControl:
    """The control inside the semantics node tagged ``ident`` (a field, a dropdown, a button),
    shown or not. :raises AssertionError: when no such node is mounted."""
    for c in controls(session):
        if isinstance(c, ft.Semantics) and c.identifier == ident:
            return c.content
    raise AssertionError(f"{ident!r} is not on the screen")


def said(session: Session, ident: str) -> str:
    """What the node tagged ``ident`` says on the page (its ``label``; of several nodes so
    tagged, the first that says something), as the browser tests' ``App.label`` reads it.
    :raises AssertionError: when no such node is shown."""
    shown = shown_ids(session)
    labels = [
        (c.label or "").strip()
        for c in controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == ident and id(c) in shown
    ]
    if not labels:
        raise AssertionError(f"{ident!r} is not on the screen")
    return next((t for t in labels if t), labels[0])


def in_dialog(session: Session, ident: str) -> BaseControl:
    """The control a finger taps under the node tagged ``ident`` in an open dialog (dialogs
    are not among :func:`tappables`, which walks the page's views)."""
    found = _clickable(dialog_node(session, ident))
    if found is None:
        raise AssertionError(f"no tappable {ident!r} in a dialog")
    return found


def dialog_node(session: Session, ident: str) -> ft.Semantics:
    """The semantics node tagged ``ident`` in an open dialog (its ``label``, its ``content``).
    :raises AssertionError: when no open dialog has one."""

    for dialog in session.page._dialogs.controls:  # type: ignore[attr-defined]
        found = first(dialog, lambda c: isinstance(c, ft.Semantics) and c.identifier == ident)
        if found is not None:
            return found
    raise AssertionError(f"no {ident!r} in a dialog")


def first(control: Any, predicate: Callable[[Any], bool]) -> Any:
    """The first control under ``control`` (itself included, depth first in tree order,
    hidden ones too) for which ``predicate`` holds, or ``None``."""
    if predicate(control):
        return control
    for child in _children(control):
        found = first(child, predicate)
        if found is not None:
            return found
    return None


def has_dialog_node(session: Session, ident: str) -> bool:
    """Whether an open dialog has a semantics node tagged ``ident`` (:func:`dialog_node`)."""
    try:
        dialog_node(session, ident)
    except AssertionError:
        return False
    return True


def _clickable(c: Any, handler: str = "on_click") -> Any:
    if getattr(c, handler, None) is not None:
        return c
    content = getattr(c, "content", None)
    if isinstance(content, BaseControl) and getattr(content, "visible", True):
        return _clickable(content, handler)
    return None


#: Suffix of a long press in :func:`gestures` («−5» / «+5» on a counter).
HOLD = " (long press)"


def gestures(session: Session) -> dict[str, tuple[BaseControl, str]]:
    """What a finger can do on screen now: identifier → (control, ``"click"``) for every tap
    of :func:`tappables`, and ``identifier + HOLD`` → (control, ``"long_press"``) where the
    control under the identifier also answers a long press."""
    out = {k: (c, "click") for k, c in tappables(session).items()}
    shown = shown_ids(session)
    for c in controls(session):
        if isinstance(c, ft.Semantics) and c.identifier and id(c) in shown:
            target = _clickable(c, "on_long_press")
            if target is not None and not getattr(target, "disabled", False):
                out.setdefault(c.identifier + HOLD, (target, "long_press"))
    return out


def shown_ids(session: Session) -> set[int]:
    """``id()`` of every control shown: visible, enabled, under visible, enabled parents."""
    shown: set[int] = set()

    def walk(c: Any) -> None:
        if not getattr(c, "visible", True) or getattr(c, "disabled", False):
            return
        shown.add(id(c))
        for child in _children(c):
            walk(child)

    for view in session.page.views:
        walk(view)
    return shown


def tagged_in_order(session: Session, *, enabled_only: bool = False) -> list[str]:
    """The identifiers of the visible tagged nodes (``enabled_only``: and enabled, under
    enabled parents, as :func:`shown_ids`), top to bottom as a one-column screen lays them
    out (tree order)."""
    out: list[str] = []

    def walk(c: Any) -> None:
        if not getattr(c, "visible", True) or (enabled_only and getattr(c, "disabled", False)):
            return
        if isinstance(c, ft.Semantics) and c.identifier:
            out.append(c.identifier)
        for child in _children(c):
            walk(child)

    for view in session.page.views:
        walk(view)
    return out


async def tap(session: Session, control: BaseControl, event: str = "click") -> None:
    """The browser's click (or ``event``) on ``control``, then the session's update loop
    settles."""
    from flet.controls.context import _context_page

    _context_page.set(session.page)
    # a task of its own, as Flet's websocket server dispatches each browser event: the task
    # is the tap (companion.ui.taps.current_tap)
    await asyncio.create_task(session.dispatch_event(control._i, event, None))
    await settle(session)


async def select(session: Session, ident: str, value: str) -> None:
    """Pick ``value`` in the dropdown tagged ``ident`` as the browser does: the new value as a
    patch to its id, then its ``select`` event."""
    choice = tagged_control(session, ident)
    session.apply_patch(choice._i, {"value": value})
    await asyncio.create_task(session.dispatch_event(choice._i, "select", value))
    await quiet(session)


async def navigate(session: Session, route: str) -> None:
    """A route change as the browser reports one (``page.route`` patch, ``route_change``)."""
    from flet.controls.context import _context_page

    _context_page.set(session.page)
    session.apply_page_patch({"route": route})
    await session.dispatch_event(session.page._i, "route_change", {"route": route})
    await quiet(session)


_FIELDS: dict[type, tuple[str, ...]] = {}


def _public_fields(cls: type) -> tuple[str, ...]:
    """Names of the public, sent fields of a control class (cached)."""
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(
            f.name
            for f in dataclasses.fields(cls)
            if not f.name.startswith("_") and not f.metadata.get("skip")
        )
    return names


def _children(c: Any) -> Iterator[Any]:
    if isinstance(c, Component):
        body = c._b
        yield from (body if isinstance(body, list) else [body] if body is not None else [])
        return
    for name in _public_fields(type(c)):
        v = getattr(c, name, None)
        if isinstance(v, BaseControl):
            yield v
        elif isinstance(v, list):
            yield from (x for x in v if isinstance(x, BaseControl))


def _plain(v: Any) -> Any:
    """A comparable, printable form of a property value (no control ids, no functions)."""
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, enum.Enum):
        return v.value
    if callable(v) and not dataclasses.is_dataclass(v):
        return "<handler>"
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if dataclasses.is_dataclass(v):
        return {
            f.name: _plain(getattr(v, f.name, None))
            for f in dataclasses.fields(v)
            if not f.name.startswith("_") and not f.metadata.get("skip")
        }
    return repr(v)


def dump(c: Any, mask: Callable[[str, str], str] | None = None) -> Any:
    """The normalised screen under ``c``: ``{"type", "props", "children"}`` for a control,
    a list for a component's body; invisible controls keep only their type and
    ``visible: False``. ``mask(prop, text)`` may rewrite text values (clocks)."""
    if isinstance(c, Component):
        if not c.visible:
            return {"type": "Component", "props": {"visible": False}, "children": []}
        out = [dump(x, mask) for x in _children(c)]
        return out[0] if len(out) == 1 else {"type": "Body", "props": {}, "children": out}
    if not getattr(c, "visible", True):
        return {"type": type(c).__name__, "props": {"visible": False}, "children": []}
    props: dict[str, Any] = {}
    kids: list[tuple[str, Any]] = []
    for name in _public_fields(type(c)):
        if name in IGNORED_PROPS:
            continue
        v = getattr(c, name, None)
        if isinstance(v, BaseControl):
            kids.append((name, dump(v, mask)))
        elif isinstance(v, list) and any(isinstance(x, BaseControl) for x in v):
            for i, x in enumerate(v):
                kids.append((f"{name}[{i}]", dump(x, mask) if isinstance(x, BaseControl) else x))
        elif name.startswith("on_"):
            if v is not None:
                props[name] = True
        else:
            p = _plain(v)
            if isinstance(p, str) and mask is not None:
                p = mask(name, p)
            props[name] = p
    return {"type": type(c).__name__, "props": props, "children": kids}


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """The path and both values of the first place where dumps ``a`` and ``b`` differ."""
    if a == b:
        return None
    if isinstance(a, dict) and isinstance(b, dict) and "type" in a and "type" in b:
        here = f"{path}/{a['type']}"
        ident = a["props"].get("identifier")
        if ident:
            here += f"[{ident}]"
        if a["type"] != b["type"]:
            return f"{path}: {a['type']} here, {b['type']} on a fresh screen"
        for k in sorted(set(a["props"]) | set(b["props"])):
            va, vb = a["props"].get(k), b["props"].get(k)
            if va != vb:
                return f"{here}.{k}: {va!r} here, {vb!r} on a fresh screen"
        ka, kb = a["children"], b["children"]
        for i in range(max(len(ka), len(kb))):
            if i >= len(ka) or i >= len(kb):
                extra = ka[i] if i < len(ka) else kb[i]
                where = "only here" if i < len(ka) else "only on a fresh screen"
                return f"{here}/{extra[0]}: {where}: {summary(extra[1])}"
            (na, ca), (nb, cb) = ka[i], kb[i]
            if na != nb:
                return f"{here}: child {na!r} here, {nb!r} on a fresh screen"
            found = first_difference(ca, cb, f"{here}/{na}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i in range(max(len(a), len(b))):
            if i >= len(a) or i >= len(b):
                where = "only here" if i < len(a) else "only on a fresh screen"
                return f"{path}[{i}]: {where}: {summary((a + b)[i] if i < len(a) else b[i])}"
            found = first_difference(a[i], b[i], f"{path}[{i}]")
            if found:
                return found
        return None
    if a != b:
        return f"{path}: {summary(a)} here, {summary(b)} on a fresh screen"
    return None


def summary(d: Any, limit: int = 300) -> str:
    """Short text of a dump: its texts and identifiers in order."""
    words: list[str] = []

    def walk(x: Any) -> None:
        if isinstance(x, dict) and "props" in x:
            for k in ("identifier", "value", "text", "label", "tooltip"):
                v = x["props"].get(k)
                if isinstance(v, str) and v:
                    words.append(f"{k}={v!r}")
            for _, c in x["children"]:
                walk(c)

    walk(d)
    text = " ".join(words)
    return text if len(text) <= limit else text[:limit] + "…"


def game_view(session: Session) -> Any:
    """The :class:`~companion.ui.state.GameView` the session's game screen shows (found in the
    arguments of its components), or ``None``."""
    from companion.ui.state import GameView

    def of(arg: Any) -> Any:
        if isinstance(arg, GameView):
            return arg
        held = getattr(arg, "view", None)
        return held if isinstance(held, GameView) else None

    def walk(c: Any) -> Any:
        if isinstance(c, Component):
            for arg in (*c.args, *c.kwargs.values()):
                found = of(arg)
                if found is not None:
                    return found
        for child in _children(c):
            found = walk(child)
            if found is not None:
                return found
        return None

    for view in session.page.views:
        found = walk(view)
        if found is not None:
            return found
    return None


async def until_tagged(session: Session, ident: str, seconds: float = 20) -> Any:
    """The control inside the node tagged ``ident`` once one is mounted (:func:`tagged_control`),
    the session settled between looks: e.g. the join screen's «Войти» once the token read,
    which no browser answers here, has timed out. :raises AssertionError: after ``seconds``."""
    deadline = asyncio.get_running_loop().time() + seconds
    while True:
        await quiet(session)
        try:
            return tagged_control(session, ident)
        except AssertionError:
            if asyncio.get_running_loop().time() > deadline:
                raise
        await asyncio.sleep(0.01)
