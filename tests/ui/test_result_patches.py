"""Issue #30: Munchkin's result was once drawn garbled at 390×844 after a reload mid-fight
and a double tap on «Победа» («10-й у / ровень д / остигнут.», «Рома» as «Р»: texts laid out
a few letters wide). The suspect: Flet 1.0.5's diff lets a new control take over an old
control's id (``_i``) and patches it in place, so a width or line limit the old control had
could stay on the Flutter side. This reads, as sent on the wire, what the server tells the
browser (in-process, :mod:`tests.ui.render_tree`): the reload (the register answer: the
whole page) and the patches of the double tap, applied to a model of the browser's tree.

It shows the switch cannot leave anything of the fight on the result: every control of the
result comes as a new control (an id the browser never held, sent whole), and the browser's
tree after the patches equals a fresh page's (same properties, no width or ``max_lines``
left from anything drawn before). Either would fail if the result took over an old
control's id and left one of its properties behind.
"""

from __future__ import annotations

import asyncio
import dataclasses
import re
from typing import Any

import flet as ft
import msgpack
from flet.messaging.protocol import MessageAction

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.comfort import _told_awake as told_awake
from companion.ui.state import Hub
from tests.ui import render_tree as rt

REPLACE, ADD, REMOVE, MOVE = range(4)  # flet.controls.object_patch.Operation
RESULT_TAGS = ("summary", "winner", "result-reason", "play-again", "result-details")


class Browser:
    """The browser's copy of the control tree: the register answer's page, then every
    ``PATCH_CONTROL`` applied as Flet's client does (ops addressed by a control id and a
    path tree of properties and list indexes)."""

    def __init__(self, page: dict[str, Any]) -> None:
        self.page = page

    def find(self, node: Any, control_id: int) -> Any:
        if isinstance(node, dict):
            if node.get("_i") == control_id:
                return node
            children = node.values()
        elif isinstance(node, list):
            children = node
        else:
            return None
        for child in children:
            found = self.find(child, control_id)
            if found is not None:
                return found
        return None

    def apply(self, body: dict[str, Any]) -> None:
        root = self.find(self.page, body["id"])
        assert root is not None, f"a patch for control {body['id']}, which the browser lacks"
        tree, *ops = body["patch"]
        nodes: dict[int, Any] = {}

        def index(node: list[Any], obj: Any) -> None:
            nodes[node[0]] = obj
            for key, sub in (node[1] if len(node) > 1 else {}).items():
                index(sub, obj[key])

        index(tree, root)  # the paths are resolved before the operations run
        for op in ops:
            kind, at, key = op[0], nodes[op[1]], op[2]
            if kind == REPLACE:
                at[key] = op[3]
            elif kind == ADD:
                if isinstance(at, list):
                    at.insert(key, op[3])
                else:
                    at[key] = op[3]
            elif kind == REMOVE:
                del at[key]
            else:  # MOVE: [3, from node, from key, to node, to key]
                value = at.pop(key)
                to, to_key = nodes[op[3]], op[4]
                if isinstance(to, list):
                    to.insert(to_key, value)
                else:
                    to[to_key] = value


CLOCK = re.compile(r"\d+:\d{2}")
#: A border's side is sent without its class name; its defaults (width 1).
SIDE_FIELDS = {f.name for f in dataclasses.fields(ft.BorderSide)}
SIDE_DEFAULTS = {
    f.name: getattr(f.default, "value", f.default) for f in dataclasses.fields(ft.BorderSide)
}


def _plain(node: Any) -> Any:
    """The tree without control ids, running clocks and properties at their control's
    default (``None``, or e.g. a Text's ``""``: a patch may send a default, a fresh page
    leaves it out — both mean the same to the browser)."""
    if isinstance(node, dict):
        cls = getattr(ft, str(node.get("_c")), None)
        defaults = getattr(cls, "_prop_defaults", {})
        if "_c" not in node and set(node) <= SIDE_FIELDS:  # a border's side (no class name)
            defaults = SIDE_DEFAULTS
        return {
            k: _plain(v)
            for k, v in node.items()
            if k != "_i"
            and v is not None
            and not (k in defaults and defaults[k] == v)
            and not (k.startswith("on_") and v is False)  # no handler: sent as False
        }
    if isinstance(node, list):
        return [_plain(v) for v in node]
    if isinstance(node, str):
        return CLOCK.sub("0:00", node)
    return node


def _ids(node: Any) -> set[int]:
    if isinstance(node, dict):
        out = {node["_i"]} if isinstance(node.get("_i"), int) else set()
        for v in node.values():
            out |= _ids(v)
        return out
    if isinstance(node, list):
        return set().union(*(_ids(v) for v in node)) if node else set()
    return set()


def _tagged(node: Any, tag: str) -> Any:
    if isinstance(node, dict):
        if node.get("identifier") == tag:
            return node
        children = list(node.values())
    elif isinstance(node, list):
        children = node
    else:
        return None
    for child in children:
        found = _tagged(child, tag)
        if found is not None:
            return found
    return None


def _decode(body: bytes) -> tuple[Any, Any]:
    action, payload = msgpack.unpackb(body, strict_map_key=False)
    return action, payload


def _register_answer(session) -> dict[str, Any]:
    """The page as Flet's web server sends it to a reloaded tab of a kept session."""
    packed = msgpack.packb(session.page, default=rt._ENCODE)
    return msgpack.unpackb(packed, strict_map_key=False)


async def _reload_and_double_tap(data) -> tuple[Browser, dict[str, Any], set[int]]:
    games = GameStore(data)
    g = games.create("munchkin", ["Рома", "Аня", "Вика"], first_player=0)
    g.push("level.set", {"player": 0, "value": 9})
    g.push("combat.start", {"monster": {"name": "Радиоактивный слизень", "level": 1}})
    route = f"/game/{g.id}"
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), route, (390, 844))
    told_awake.add(session.page)
    await rt.quiet(session)
    # the reload: the tab's socket closes, a new one registers with the kept session
    await session.disconnect(60)
    conn = rt.WireConnection()
    received: list[bytes] = []
    conn.sent = received.append
    browser = Browser(_register_answer(session))
    await session.connect(conn)
    await rt.quiet(session)
    held = _ids(browser.page)  # every control id the reloaded browser holds
    win = rt.tappables(session)["primary-action"]
    await asyncio.gather(  # the double tap: both clicks in before any answer
        session.dispatch_event(win._i, "click", None),
        session.dispatch_event(win._i, "click", None),
    )
    await rt.quiet(session)
    # the second tap's «Касание не засчитано» notice, dismissed by its own tap (a fresh page
    # rightly has none)
    await rt.tap(session, rt.tappables(session)["notice"])
    await rt.quiet(session)
    for body in received:
        action, payload = _decode(body)
        if action == MessageAction.PATCH_CONTROL.value:
            browser.apply(payload)
    fresh = await rt.open_app(make_main(hub), route, (390, 844))
    told_awake.add(fresh.page)
    await rt.quiet(fresh)
    return browser, _register_answer(fresh), held


def test_the_result_after_a_reload_and_a_double_tap_is_all_new_controls(tmp_path):
    """No control of the result has an id the reloaded browser held before the taps (none
    was patched in place), and its texts have no width or line limit of their own."""
    browser, fresh, held = rt.run(_reload_and_double_tap(tmp_path))
    for tag in RESULT_TAGS:
        node = _tagged(browser.page, tag)
        assert node is not None, f"{tag!r} is not on the browser's screen"
        taken_over = _ids(node) & held
        assert not taken_over, f"{tag!r} reuses ids the browser held: {sorted(taken_over)}"
    # the result's texts carry no width and no line limit of their own
    for tag in ("winner", "result-reason"):
        text = _tagged(browser.page, tag)["content"]
        assert {"width", "max_lines", "height"} & set(text) == set(), text


def test_the_browser_tree_after_the_switch_equals_a_fresh_page(tmp_path):
    """Every property the browser holds after the reload and the double tap is what a page
    opened fresh on the finished game holds: nothing of the fight's controls survives."""
    browser, fresh, _held = rt.run(_reload_and_double_tap(tmp_path))
    difference = _first_difference(_plain(browser.page["views"]), _plain(fresh["views"]))
    assert difference is None, difference


def _first_difference(a: Any, b: Any, path: str = "") -> str | None:
    if type(a) is not type(b):
        return f"{path}: {str(a)[:200]} / fresh: {str(b)[:200]}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}: {str(a.get(k))[:200]} / fresh: {str(b.get(k))[:200]}"
            found = _first_difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items / fresh: {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r} / fresh: {b!r}"
