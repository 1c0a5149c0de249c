"""The browser's answer to a method call whose control has left the page since (issue 29).

A board scrolls its list to the top when a phase or a screen changes
(:func:`companion.ui.widgets.use_top_on`: ``scroll_to``, a method call the browser answers).
If a tap changes the screen before that answer is in, the answer names a control no longer
in ``Session.index``; Flet 1.0.5 raised «Control with ID … is not registered» in the
websocket's receive loop, which ended the connection: the phone's page reloaded. The answer
is now dropped (:func:`companion.ui.flet_fixes._handle_invoke_method_results`) and the call
awaiting it ends with an error its caller ignores; the connection and the session stay.

Both tests open a Coup game, whose board scrolls to the top as it opens, and hold the
browser's answer until the home screen has replaced the board: in-process (the real app on
a real Flet session, :mod:`tests.ui.render_tree`), and against the real ``companion`` server
over its websocket protocol (:class:`benchmarks._flet_client.FletClient`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
import pytest

from benchmarks._flet_client import INVOKE, FletClient
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.security.hosts import Host, run
from tests.ui import render_tree as rt


def _scrolls() -> list[asyncio.Task]:
    """The app's pending scroll effects (:func:`companion.ui.widgets.use_top_on`)."""
    return [
        t
        for t in asyncio.all_tasks()
        if not t.done()
        and "use_top_on.<locals>.scroll" in getattr(t.get_coro(), "__qualname__", "")
    ]


async def _late_answer_in_process(data: Any, sent: list[list[Any]]) -> tuple[int, bool, int]:
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    (call,) = [body for action, body in sent if action == INVOKE and body["name"] == "scroll_to"]
    assert _scrolls(), "the board's scroll to the top is not awaiting the browser"
    await rt.navigate(session, "/")  # a tap on «Домой» before the browser answered
    gone = call["control_id"] not in session.index
    session.handle_invoke_method_results(call["control_id"], call["call_id"], None, None)
    await rt.quiet(session)
    waiting = len(session._Session__method_calls)  # type: ignore[attr-defined]
    return waiting, gone, len(_scrolls())


def test_an_answer_for_a_control_gone_from_the_page_ends_its_call_quietly(tmp_path, monkeypatch):
    """Flet raised ``RuntimeError`` for it; now nothing is raised, and the scroll that
    awaited the answer ends (no call left waiting for ever)."""
    sent: list[list[Any]] = []
    monkeypatch.setattr(
        rt.WireConnection, "sent", lambda _self, body: sent.append(msgpack.unpackb(body))
    )
    waiting, gone, scrolls = rt.run(_late_answer_in_process(tmp_path, sent))
    assert gone, "the board's column is still on the page: the test does not test a late answer"
    assert waiting == 0
    assert scrolls == 0


class HoldingClient(FletClient):
    """A browser that holds its answers to ``scroll_to`` until :meth:`release`."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[dict[str, Any]] = []

    async def send(self, action: int, body: Any) -> None:
        scroll = (
            any(
                i.get("call_id") == body.get("call_id") and i.get("name") == "scroll_to"
                for i in self.invokes
            )
            if action == INVOKE
            else False
        )
        if scroll:
            self.held.append(body)
            return
        await super().send(action, body)

    async def release(self) -> None:
        for body in self.held:
            await super().send(INVOKE, body)
        self.held.clear()

    def scrolls(self) -> int:
        return sum(1 for i in self.invokes if i.get("name") == "scroll_to")


async def _until(client: FletClient, ready: Any, what: str) -> None:
    """Wait until ``ready()``; fail at once, naming ``what``, if the server closes the socket."""
    waiting = asyncio.ensure_future(client.wait_until(ready, what))
    closed = asyncio.ensure_future(client.ws.wait_closed())
    done, _ = await asyncio.wait({waiting, closed}, return_when=asyncio.FIRST_COMPLETED)
    closed.cancel()
    if waiting not in done:
        waiting.cancel()
        pytest.fail(f"the server closed the connection (code {client.ws.close_code}) before {what}")
    waiting.result()


async def _late_answer_on_the_wire(host: Host, gid: str) -> str:
    c = await HoldingClient.open(host.ws, host.origin, route=f"/game/{gid}")
    try:
        await _until(c, lambda: c.held, "the board's scroll_to")
        await c.navigate("/")  # «Домой» tapped before the browser answered the scroll
        await _until(c, lambda: c.find(f"saved-{gid}") is not None, "the home screen")
        await c.release()  # the answer for the board's column, gone since
        card = c.find(f"saved-{gid}")
        assert card is not None
        await c.event(card["content"]["_i"], "click")  # the next tap: the game again
        await _until(c, lambda: c.scrolls() >= 2, "the game opened again by a tap")
        assert c.ws.close_code is None
        return c.session_id
    finally:
        await c.close()


def test_a_late_answer_keeps_the_phone_connected_and_the_next_tap_works(tmp_path):
    """The real server: the answer for the board's column after the home screen replaced it
    leaves the websocket open, and a tap on the saved game then opens it (the board asks to
    scroll again); the server logs no receive-loop error."""
    data = tmp_path / "data"
    g = GameStore(data).create("coup", ["Аня", "Борис"], first_player=0)
    host = Host(data, [])
    try:
        session_id = run(_late_answer_on_the_wire(host, g.id))
    finally:
        host.stop()
    assert session_id
    assert "Receive loop error" not in host.log.read_text(errors="replace")
