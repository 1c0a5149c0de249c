"""Table mode in real browsers: the join code and its lockout, two phones tapping at once over
the real websocket, the join screen's targets and typing. Live sync, spectators and the lock,
played in this process: :mod:`tests.ui.test_lan_play`."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest
from playwright.sync_api import expect

from companion.store import GameStore
from companion.table import gate as lan_module
from companion.table.gate import LanGate, spaced
from companion.table.security import CODE_MAX_DIGITS, PER_PEER_FAILURES
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.conftest import App, Server
from tests.ui.walk import Phone, table_main

CODE = "24681012"
#: Where the join screen says the code is (every refusal ends with it).
WHERE = (
    "Код напечатан в терминале, где запущен companion, и виден на главном экране у игроков, "
    "которые уже вошли."
)
#: Everything the page shows or reads out: its text and every accessible name.
SPOKEN = (
    "document.body.innerText + Array.from(document.querySelectorAll('[aria-label]'))"
    ".map(e => e.getAttribute('aria-label')).join(' ')"
)


LAN = ["--lan", "--host", "127.0.0.1", "--code", CODE]


def _game(data) -> str:
    """A saved free game: Аня has 3 VP (one event)."""
    g = GameStore(data).create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    g.close()
    return g.id


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory) -> Iterator[Server]:
    """One table-mode host for the module's tests (a host takes seconds to start); each test
    plays a game of its own on it, and only one wrong code is typed on it in all (the
    lockout is walked in-process: :func:`test_wrong_code_gets_no_game_data_and_is_rate_limited`)."""
    srv = Server(tmp_path_factory.mktemp("lan") / "data", LAN)
    yield srv
    srv.stop()


@pytest.fixture
def lan(lan_server: Server) -> tuple[Server, str]:
    return lan_server, _game(lan_server.data_dir)


def join(browser, srv, role: str = "player", name: str = "") -> App:
    a = App(browser, srv).open("/")
    a.fill("join-code", CODE)
    if name:
        a.fill("join-name", name)
        a.wait_label("join", f"Войти как {name}")  # the server has the name before we tap
    if role == "spectator":
        a.page.get_by_role("radio", name="Зритель").click()
    a.tap("join")
    a.el("new-game").wait_for()
    return a


async def _wrong_codes(data, monkeypatch) -> tuple[list[str], str, list[str], list[str]]:
    """A phone opens a game's address on a table-mode host (in-process: the real app on a
    real Flet session) and types a wrong code five times, then the right one: what
    «Войти» said each time, then every text and label the session holds (what it sent the
    browser) and the semantics identifiers it holds."""
    monkeypatch.setattr(lan_module, "READ_TOKEN_SECONDS", 0.05)  # no browser here to answer
    gid = _game(data)
    hub = Hub(GameStore(data))
    phone = await Phone.open(hub, f"/game/{gid}", main=table_main(hub))
    await phone.wait("join", "Войти")  # no token: the code is asked
    said = []
    for _attempt in range(PER_PEER_FAILURES):
        await phone.type("join-code", "00000000")
        await phone.tap("join")
        await phone.wait("join-error", "Неверный код")
        said.append(phone.says("join-error"))
    await phone.type("join-code", CODE)  # even the right code waits out the lockout
    await phone.tap("join")
    await phone.wait("join-error", "Слишком много неверных попыток")
    texts, idents = [], []
    for c in rt.controls(phone.session):
        if isinstance(c, ft.Text) and c.value:
            texts.append(str(c.value))
        if isinstance(c, ft.Semantics):
            texts.append(str(c.label or ""))
            idents.append(str(c.identifier or ""))
    return said, phone.says("join-error"), texts, idents


def test_wrong_code_gets_no_game_data_and_is_rate_limited(tmp_path, monkeypatch):
    """A game's address opened without the code: five wrong codes are refused, then even the
    right code waits out the lockout, and nothing of the game (names, the game's kind, its
    counters) was ever sent to the phone. Taps and texts only: in-process (the lockout keyed
    on the TCP peer, against the real server: tests/security/test_join_limits.py)."""
    said, locked, texts, idents = rt.run(_wrong_codes(tmp_path / "d", monkeypatch))
    assert len(said) == PER_PEER_FAILURES and all("Неверный код" in s for s in said)
    assert "Слишком много неверных попыток" in locked
    text = " ".join(texts)
    assert "Аня" not in text and "Борис" not in text and "Свободный" not in text
    assert not [i for i in idents if i.startswith("val-")]


def test_the_join_screens_targets_refusals_and_name_limit_move_nothing(browser, lan):
    """One join screen at 390×844, in turn:

    * issue 11 «Touch targets»: «Игрок» and «Зритель» are each one node the size of their
      48 dp box (the bare radios were 32 px tall);
    * «Войти» with no code asks for it (it said «Неверный код»); a wrong code's refusal
      comes in under «Войти»: the button and the fields stay where the finger found them (the
      refusal used to push «Войти» down by ~46 px); typing another code puts the refusal away
      without moving anything. The code and name fields show no «0/16», «0/40» counters;
    * typing a name up to its 40-character limit shows why the field stops, and «Войти» and
      the role choice stay where they were;
    * no key typed into the join fields is lost, each typed right after a render (the
      refusal, the name's «Войти как …», the code's keys): a one-letter name is shown whole
      on «Войти», and the code typed in one go is whole;
    * the right code then lets the device in;
    * (was ``test_two_phones_tapping_at_once_lose_no_update``) a real-browser smoke of the
      concurrent path: this phone (Аня) and another (Борис) tap as fast as they can."""
    srv, gid = lan
    a = App(browser, srv).open("/")
    opened: list[App] = []
    try:
        a.el("join-code").wait_for()
        for name in ("Игрок", "Зритель"):
            box = a.page.get_by_role("radio", name=name).bounding_box()
            assert box is not None and box["height"] >= 47.5, (name, box)

        places = {ident: a.steady(ident) for ident in ("join-code", "join-name", "join")}
        # the counter was drawn as «0/16» and read out as «16 characters remaining»
        assert "remaining" not in a.label("join-code") and "16" not in a.label("join-code")
        assert "remaining" not in a.label("join-name") and "40" not in a.label("join-name")
        a.tap("join")
        a.wait_label("join-error", "Введите код. Код напечатан в терминале")
        assert "Неверный" not in a.label("join-error")
        assert {ident: a.box(ident) for ident in places} == places
        a.fill("join-code", "00000000")
        a.tap("join")
        a.wait_label("join-error", "Неверный код")
        assert {ident: a.box(ident) for ident in places} == places
        a.fill("join-code", "0000000")  # retyping: the refusal goes, nothing moves
        a.el("join-error").wait_for(state="detached")
        assert {ident: a.box(ident) for ident in places} == places
        assert "Неверный" not in a.page.evaluate(SPOKEN)  # put away: not read out either
        a.fill("join-code", "")  # emptied again: the same question, not another wrong code
        a.tap("join")
        a.wait_label("join-error", "Введите код")
        assert {ident: a.box(ident) for ident in places} == places

        # no key typed is lost (was ``test_no_key_typed_into_the_join_fields_is_lost``): the
        # dialogs' fields lost the first key typed after a render (``widgets.typed_text``,
        # docs/FLET_FINDINGS.md). Each key below is typed right after a render of the join
        # screen (the refusal above, the name's «Войти как …», the code's keys).
        a.fill("join-name", "")  # the field has the focus; nothing typed yet
        a.page.keyboard.type("Б")  # the first key after that render
        a.wait_label("join", "Войти как Б")  # a one-letter name, whole on «Войти»
        a.fill("join-code", "")
        a.page.keyboard.type("0")  # the refusal put away: a render, then the next key
        a.el("join-error").wait_for(state="detached")
        a.page.keyboard.press("Backspace")
        a.page.keyboard.type(CODE)  # typed once, as fast as the keyboard sends keys
        expect(a.el("join-code").locator("input").first).to_have_value(CODE)

        # the name's limit line (the refusal above is put away by the name: its place kept)
        places = {ident: a.steady(ident) for ident in ("join-name", "join-role", "join")}
        a.fill("join-name", "Б" * 40)
        a.wait_label("join-name", "не длиннее 40 знаков")
        a.wait_label("join", "Войти как " + "Б" * 40)  # wider now: it says the name
        for ident, was in places.items():
            now = a.box(ident)
            assert (now["x"], now["y"], now["height"]) == (was["x"], was["y"], was["height"])

        # the code typed key by key above lets the device in (as «Аня», for the taps below)
        assert a.el("join-code").locator("input").first.input_value() == CODE
        a.fill("join-name", "Аня")
        a.wait_label("join", "Войти как Аня")  # the server has the name before we tap
        a.tap("join")
        a.el("new-game").wait_for()

        # two phones tapping at once lose no update (was
        # ``test_two_phones_tapping_at_once_lose_no_update``: a page of its own for Аня)
        boris = join(browser, srv, name="Борис")
        opened.append(boris)
        anna = a
        anna.tap(f"saved-{gid}")
        boris.tap(f"saved-{gid}")
        boris.wait_label("val-p0-c0", "3")
        anna.wait_label("val-p0-c0", "3")
        a_plus, b_plus = anna.el("val-p0-c0-plus"), boris.el("val-p0-c0-plus")
        for _ in range(15):
            a_plus.click(no_wait_after=True)
            b_plus.click(no_wait_after=True)
        anna.unhover()
        boris.unhover()
        # Every tap that reached the host is in the log exactly once, in one order, and both
        # phones converge on it. (A burst of synthetic clicks can occasionally be dropped by
        # the browser while Flutter repaints under the pointer: that tap never reaches the
        # host, so allow one; the host path itself is proven lossless by test_lan_load.py.)
        deadline = time.monotonic() + 15
        while True:
            events = GameStore(srv.data_dir).open(gid).game.events
            if len(events) == 31 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert 30 <= len(events) <= 31 and [e.seq for e in events] == list(
            range(1, len(events) + 1)
        )
        final = str(3 + len(events) - 1)
        anna.wait_label("val-p0-c0", final)
        boris.wait_label("val-p0-c0", final)
        authors = [e.author for e in events[1:]]
        assert (
            set(authors) == {"Аня", "Борис"}
            and min(authors.count("Аня"), authors.count("Борис")) >= 14
        )
    finally:
        for page in (a, *opened):
            page.close()


async def _empty_taps(data, monkeypatch) -> tuple[list[str], str]:
    monkeypatch.setattr(lan_module, "READ_TOKEN_SECONDS", 0.05)  # no browser here to answer
    gate = LanGate(code=CODE, url="http://127.0.0.1")
    wrong: list[str] = []
    monkeypatch.setattr(gate.throttle, "failed", wrong.append)  # each wrong guess counted
    session = await rt.open_app(make_main(Hub(GameStore(data)), gate), "/")
    await rt.until_tagged(session, "join")  # the token read has timed out
    for _tap in range(PER_PEER_FAILURES + 1):
        await rt.tap(session, rt.tagged_control(session, "join"))
        await rt.quiet(session)
    error = rt.tagged_control(session, "join-error")
    return wrong, str(getattr(error, "value", ""))


def test_join_with_no_code_is_not_a_guess(tmp_path, monkeypatch):
    """More empty taps on «Войти» than the lockout allows wrong codes: none is counted."""
    wrong, said = rt.run(_empty_taps(tmp_path / "d", monkeypatch))
    assert wrong == []
    assert said == f"Введите код. {WHERE}"


def _on_screen(session) -> list[Any]:
    """Every control on screen (visible, under visible parents), walked from the views."""
    found: list[Any] = []

    def walk(c: Any) -> None:
        if getattr(c, "visible", True):
            found.append(c)
            for child in rt._children(c):
                walk(child)

    for view in session.page.views:
        walk(view)
    return found


def _shown_node(session, ident: str):
    """The semantics node tagged ``ident`` on screen, or ``None``."""
    tagged = [
        c for c in _on_screen(session) if isinstance(c, ft.Semantics) and c.identifier == ident
    ]
    return tagged[0] if tagged else None


def _put_away(session) -> list[str]:
    """Texts on screen drawn at zero opacity (so left out of the accessibility tree): a
    refusal put away, its place kept."""
    return [
        c.content.value
        for c in _on_screen(session)
        if isinstance(c, ft.Container) and c.opacity == 0 and isinstance(c.content, ft.Text)
    ]


async def _type(session, ident: str, text: str) -> None:
    """What the browser sends when ``text`` is typed into a field: its value, then
    ``change``."""
    field = rt.tagged_control(session, ident)
    session.apply_patch(field._i, {"value": text})
    await session.dispatch_event(field._i, "change", text)
    await rt.quiet(session)


async def _retyping(data, monkeypatch) -> list[tuple[str | None, list[str]]]:
    """A wrong code, then the code retyped, «Войти» again, the same code sent again, then a
    name: after each, the refusal on screen (``None``: none) and the texts put away."""
    monkeypatch.setattr(lan_module, "READ_TOKEN_SECONDS", 0.05)  # no browser here to answer
    gate = LanGate(code=CODE, url="http://127.0.0.1")
    session = await rt.open_app(make_main(Hub(GameStore(data)), gate), "/")
    await rt.until_tagged(session, "join")  # the token read has timed out
    seen: list[tuple[str | None, list[str]]] = []

    def look() -> None:
        node = _shown_node(session, "join-error")
        seen.append((None if node is None else str(node.label), _put_away(session)))

    await _type(session, "join-code", "00000000")
    await rt.tap(session, rt.tagged_control(session, "join"))
    await rt.quiet(session)
    look()
    await _type(session, "join-code", "0000000")  # one digit erased
    look()
    await rt.tap(session, rt.tagged_control(session, "join"))
    await rt.quiet(session)
    look()
    await _type(session, "join-code", "0000000")  # a change event that changes nothing
    look()
    await _type(session, "join-name", "Аня")
    look()
    return seen


def test_a_refusal_goes_away_when_the_code_or_the_name_changes(tmp_path, monkeypatch):
    """«Неверный код» answered the code typed before: typing another code (or a name) puts
    it away at once; its words stay laid out, transparent and not read out, so nothing below
    or on a scrolled page moves. A change event that changes nothing keeps it."""
    seen = rt.run(_retyping(tmp_path / "d", monkeypatch))
    wrong = f"Неверный код. {WHERE}"
    assert seen == [
        (wrong, []),
        (None, [wrong]),
        (wrong, []),
        (wrong, []),
        (None, [wrong]),
    ]


async def _join_fields(data, monkeypatch) -> tuple[Any, Any]:
    monkeypatch.setattr(lan_module, "READ_TOKEN_SECONDS", 0.05)
    gate = LanGate(code=CODE, url="http://127.0.0.1")
    session = await rt.open_app(make_main(Hub(GameStore(data)), gate), "/")
    await rt.until_tagged(session, "join")  # the token read has timed out
    return rt.tagged_control(session, "join-code"), rt.tagged_control(session, "join-name")


def test_the_join_fields_show_no_counters_and_take_the_longest_code_as_shown(tmp_path, monkeypatch):
    """The name field drew «0/40» under it (a limit, not a target; the code field's «0/16»
    went earlier); the code field takes the longest ``--code`` as the host shows it, in
    groups of four with spaces (16 digits and 3 spaces: it took 16 characters)."""
    code, name = rt.run(_join_fields(tmp_path / "d", monkeypatch))
    assert name.counter == "" and name.max_length == 40
    assert code.counter == ""
    assert code.max_length >= len(spaced("9" * CODE_MAX_DIGITS))


async def _join_texts(data, monkeypatch) -> dict[str, str]:
    """What the join screen says before anything is typed, after «Войти» with no code and
    after a wrong code."""
    monkeypatch.setattr(lan_module, "READ_TOKEN_SECONDS", 0.05)
    gate = LanGate(code=CODE, url="http://127.0.0.1")
    session = await rt.open_app(make_main(Hub(GameStore(data)), gate), "/")
    await rt.until_tagged(session, "join")  # the token read has timed out
    said = {"intro": str(rt.tagged_control(session, "join-where").value)}
    await rt.tap(session, rt.tagged_control(session, "join"))
    await rt.quiet(session)
    said["empty"] = str(_shown_node(session, "join-error").label)
    await _type(session, "join-code", "00000000")
    await rt.tap(session, rt.tagged_control(session, "join"))
    await rt.quiet(session)
    said["wrong"] = str(_shown_node(session, "join-error").label)
    return said


def test_the_join_screen_says_where_the_code_can_be_read(tmp_path, monkeypatch):
    """Play-test: the refusal sent players to «the screen of the device where the game runs»,
    but the host's own browser asks for the code too, and before anyone has joined the code is
    only in the terminal where ``companion --lan`` was started (``serve`` prints it); once a
    player is in, their home screen shows it (``JoinCard``). The intro and both refusals say
    exactly that."""
    said = rt.run(_join_texts(tmp_path / "d", monkeypatch))
    assert said == {
        "intro": f"Режим стола: введите код для входа. {WHERE}",
        "empty": f"Введите код. {WHERE}",
        "wrong": f"Неверный код. {WHERE}",
    }
    assert all("экран" not in text.split(".")[0] for text in said.values())


async def _long_name(data, monkeypatch) -> list[tuple[int, str]]:
    """A name typed up to the field's limit and one letter short of it: the name kept and
    the line under the field, after each."""
    monkeypatch.setattr(lan_module, "READ_TOKEN_SECONDS", 0.05)
    gate = LanGate(code=CODE, url="http://127.0.0.1")
    session = await rt.open_app(make_main(Hub(GameStore(data)), gate), "/")
    await rt.until_tagged(session, "join")  # the token read has timed out
    seen = []
    for text in ("Аня", "А" * 40, "А" * 39):
        await _type(session, "join-name", text)
        field = rt.tagged_control(session, "join-name")
        seen.append((len(field.value), str(field.helper)))
    return seen


def test_a_name_at_the_fields_limit_says_why_it_stops(tmp_path, monkeypatch):
    """Play-test: the name field stopped taking letters at 40 without a word. At the limit the
    line under it says so; below it the line is there but blank (nothing moves when it
    speaks: :func:`test_the_join_screens_targets_refusals_and_name_limit_move_nothing`)."""
    seen = rt.run(_long_name(tmp_path / "d", monkeypatch))
    assert seen == [
        (3, " "),
        (40, "Имя — не длиннее 40 знаков."),
        (39, " "),
    ]
