"""The numeric pad opens on the counter's value, as a calculator opens on a result: the first
digit replaces it, «⌫» clears it, «±» negates it, and «Готово» on the untouched (or retyped)
value makes no move (in-process, the real app on a real Flet session:
:mod:`tests.ui.render_tree`). It used to open on «0» whatever the counter showed."""

from __future__ import annotations

from typing import Any

import pytest

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.number_pad import PAD_TITLE_CHARS, PAD_TITLE_LINES, PAD_WIDTH
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.conftest import App, Server
from tests.ui.phone import settled, visit

#: Smash Up in play (Аня, Борис, Вика): four bases laid out, the game started.
SMASHUP_START: list[tuple[str, dict[str, Any]]] = [
    *[
        ("base.add", {"base_card": {"name": f"База {i}", "breakpoint": 10 + i, "vp": [3, 2, 1]}})
        for i in range(4)
    ],
    ("game.start", {}),
]
SMASHUP_OPTIONS = {
    "edition": "mimimi",
    "factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Зомби", "Пираты"]],
}


def _display(session: Any) -> tuple[str, str] | None:
    """What the open pad shows: ``(drawn text, spoken label)``; ``None`` when it is closed (a
    closed dialog stays in the page's list, ``open`` false, until the browser says it has
    gone)."""
    if not any(d.open for d in session.page._dialogs.controls):
        return None
    node = rt.dialog_node(session, "pad-display")
    return str(node.content.value), str(node.label)


def _hinted(session: Any) -> tuple[str, str, bool] | None:
    """What the open pad shows: ``(number, the line under it, whether the number is
    highlighted)``; ``None`` when it is closed."""
    if not any(d.open for d in session.page._dialogs.controls):
        return None
    number = rt.dialog_node(session, "pad-display").content
    try:
        hint = str(rt.dialog_node(session, "pad-hint").label)
    except AssertionError:  # an empty line: no node
        hint = ""
    return str(number.value), hint, number.bgcolor is not None


def _pad(session: Any) -> tuple[str, int, int] | None:
    """The open pad's title and the widths of its title and of its keys' box."""
    dialogs = [d for d in session.page._dialogs.controls if d.open]
    if not dialogs:
        return None
    title, content = dialogs[0].title.content, dialogs[0].content  # under its Semantics
    return str(title.content.value), title.width, content.width


async def _keys(
    data: Any,
    kind: str,
    moves: list[tuple[str, dict[str, Any]]],
    ident: str,
    keys: list[str],
    options: dict[str, Any] | None = None,
    first: tuple[str, ...] = (),
    look: Any = _display,
) -> tuple[list[Any], int, Any]:
    """Tap ``first`` (what shows the counter), open the pad of the counter tagged ``ident``,
    press ``keys`` (``"erase"``, ``"±"``, digits, ``"ok"``) one tap at a time; returns what the
    pad showed (``look(session)``: by default :func:`_display`) when it opened and after each
    key, the number of moves made meanwhile, and the game's state."""
    hub = Hub(GameStore(data))
    g = hub.create(kind, ["Аня", "Борис", "Вика"], first_player=0, options=options)
    for type, move in moves:
        hub.push(g.id, type, move)
    before = len(GameStore(data).open(g.id).game.events)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    for shown_by in (*first, ident):
        await rt.tap(session, rt.tappables(session)[shown_by])
        await rt.quiet(session)
    await rt.quiet(session)
    shown = [look(session)]
    for key in keys:
        await rt.tap(session, rt.in_dialog(session, f"pad-{key}"))
        await rt.quiet(session)
        shown.append(look(session))
    game = GameStore(data).open(g.id).game
    refused = rt.game_view(session).error
    assert not refused, refused  # no pad here makes a move the rules refuse
    return shown, len(game.events) - before, game.state


FREE_AT_3 = [("counter.add", {"player": 1, "counter": "ПО", "delta": 3})]


def test_the_pad_opens_on_the_value_and_the_first_digit_replaces_it(tmp_path):
    """Борис has 3 VP: the pad shows 3; «9» makes it 9 (not 39), «1» then 91."""
    shown, moves, state = rt.run(
        _keys(tmp_path / "d", "free", FREE_AT_3, "val-p1-c0", ["9", "1", "ok"])
    )
    assert shown == [("3", "3"), ("9", "9"), ("91", "91"), None]
    assert moves == 1 and state.values[1]["ПО"] == 91


@pytest.mark.parametrize(
    ("kind", "moves", "ident", "options"),
    [
        ("free", FREE_AT_3, "val-p1-c0", None),  # counters.Counter
        ("munchkin", [], "level-p0", None),  # the compact Counter, level 1
        ("smashup", SMASHUP_START, "vp-p0", SMASHUP_OPTIONS),  # number_pad itself
    ],
)
def test_done_on_the_untouched_value_makes_no_move(tmp_path, kind, moves, ident, options):
    shown, made, _state = rt.run(_keys(tmp_path / "d", kind, moves, ident, ["ok"], options))
    assert shown[0] is not None and shown[-1] is None  # it opened, «Готово» closed it
    assert made == 0


@pytest.mark.parametrize(
    ("kind", "moves", "ident", "value"),
    [
        ("free", FREE_AT_3, "val-p1-c0", "3"),  # counter.set would log «ПО = 3 (было 3)»
        # level.set to the same level is refused: «Уровень уже равен 1.» used to come up
        ("munchkin", [], "level-p0", "1"),
    ],
)
def test_the_same_value_typed_again_makes_no_move(tmp_path, kind, moves, ident, value):
    shown, made, _state = rt.run(_keys(tmp_path / "d", kind, moves, ident, [value, "ok"]))
    assert shown[1] == (value, value)
    assert made == 0


def test_erase_on_the_untouched_value_clears_it_and_done_sets_what_is_shown(tmp_path):
    shown, moves, state = rt.run(
        _keys(tmp_path / "d", "free", FREE_AT_3, "val-p1-c0", ["erase", "ok"])
    )
    assert shown == [("3", "3"), ("0", "0"), None]
    assert moves == 1 and state.values[1]["ПО"] == 0


def test_sign_on_the_untouched_value_negates_it_and_digits_then_append(tmp_path):
    shown, moves, state = rt.run(
        _keys(tmp_path / "d", "free", FREE_AT_3, "val-p1-c0", ["±", "5", "ok"])
    )
    assert shown == [("3", "3"), ("−3", "-3"), ("−35", "-35"), None]
    assert moves == 1 and state.values[1]["ПО"] == -35


def test_a_negative_value_opens_with_the_minus_sign_and_sign_makes_it_positive(tmp_path):
    moves = [("counter.add", {"player": 1, "counter": "ПО", "delta": -4})]
    shown, made, state = rt.run(_keys(tmp_path / "d", "free", moves, "val-p1-c0", ["±", "ok"]))
    assert shown == [("−4", "-4"), ("4", "4"), None]
    assert made == 1 and state.values[1]["ПО"] == 4


def test_sign_on_an_untouched_zero_starts_a_negative_number(tmp_path):
    shown, moves, state = rt.run(_keys(tmp_path / "d", "free", [], "val-p1-c0", ["±", "7", "ok"]))
    assert shown == [("0", "0"), ("−", "-"), ("−7", "-7"), None]
    assert moves == 1 and state.values[1]["ПО"] == -7


def test_smash_up_vp_pad_opens_on_the_players_vp(tmp_path):
    """The VP chip's pad (:func:`~companion.ui.widgets.number_pad` without the hook)."""
    moves = [*SMASHUP_START, ("vp.adjust", {"player": 0, "delta": 6})]
    shown, made, state = rt.run(
        _keys(tmp_path / "d", "smashup", moves, "vp-p0", ["8", "ok"], SMASHUP_OPTIONS)
    )
    assert shown == [("6", "6"), ("8", "8"), None]
    assert made == 1 and state.vp[0] == 8


def test_smash_up_power_pad_opens_on_the_power_and_retyping_it_makes_no_move(tmp_path):
    """A base's power pad (``base.set`` has no check for an unchanged power)."""
    moves = [*SMASHUP_START, ("base.adjust", {"base": 0, "player": 0, "power": 5})]
    run = [("4", "ok"), ("5", "ok")]
    opened = []
    for n, keys in enumerate(run):
        shown, made, state = rt.run(
            _keys(
                tmp_path / str(n),
                "smashup",
                moves,
                "pow-b0-p0",
                list(keys),
                SMASHUP_OPTIONS,
                first=("base-0-open",),
            )
        )
        opened.append(shown[0])
        assert made == (1 if keys[0] == "4" else 0), keys
        assert state.bases[0].power[0] == int(keys[0])
    assert opened == [("5", "5"), ("5", "5")]


REPLACES = "Первая цифра заменит это число"


def test_the_untouched_value_is_highlighted_and_said_to_be_replaced(tmp_path):
    """Nothing showed that the first digit replaces the number: while it is the value the pad
    opened on, it is highlighted as a selected text is and the line under it says so; a digit
    typed (or «⌫», «±») makes it the player's own number: no highlight, no line."""
    shown, _moves, _state = rt.run(
        _keys(tmp_path / "d", "free", FREE_AT_3, "val-p1-c0", ["9", "1"], look=_hinted)
    )
    assert shown == [("3", REPLACES, True), ("9", "", False), ("91", "", False)]
    for key in ("erase", "±"):
        shown, _moves, _state = rt.run(
            _keys(tmp_path / key, "free", FREE_AT_3, "val-p1-c0", [key], look=_hinted)
        )
        assert shown[0] == ("3", REPLACES, True) and shown[1][1:] == ("", False), key


def test_a_seventh_digit_is_refused_and_the_pad_says_so(tmp_path):
    """Digits beyond six were dropped without a word: the 7th (and an 8th) leaves the number
    as it was and the line under it says «Не больше 6 цифр»; the next key that does something
    puts the line away. «Готово» sets the six digits shown."""
    keys = ["1", "2", "3", "4", "5", "6", "7", "8", "erase", "ok"]
    shown, moves, state = rt.run(
        _keys(tmp_path / "d", "free", FREE_AT_3, "val-p1-c0", keys, look=_hinted)
    )
    assert shown[6:] == [
        ("123456", "", False),
        ("123456", "Не больше 6 цифр", False),
        ("123456", "Не больше 6 цифр", False),
        ("12345", "", False),
        None,
    ]
    assert moves == 1 and state.values[1]["ПО"] == 12345


@pytest.mark.parametrize(
    ("kind", "moves", "ident", "options", "first", "title"),
    [
        ("free", FREE_AT_3, "val-p1-c0", None, (), "Борис: ПО"),
        ("munchkin", [], "level-p0", None, (), "Аня: уровень"),
        ("smashup", SMASHUP_START, "vp-p0", SMASHUP_OPTIONS, (), "Аня: ПО"),
        # it lacked «— новое значение», and a short base name made it narrower
        (
            "smashup",
            SMASHUP_START,
            "pow-b0-p0",
            SMASHUP_OPTIONS,
            ("base-0-open",),
            "Аня, «База 0»: сила",
        ),
    ],
)
def test_every_pad_says_new_value_and_is_as_wide_as_the_others(
    tmp_path, kind, moves, ident, options, first, title
):
    shown, _made, _state = rt.run(
        _keys(tmp_path / "d", kind, moves, ident, [], options, first, look=_pad)
    )
    assert shown == [(f"{title} — новое значение", PAD_WIDTH, PAD_WIDTH)]


LONG_BASE = "Штаб-квартира Межгалактического совета"
_LONG_BASE_ADD = (
    "base.add",
    {"base_card": {"name": LONG_BASE, "breakpoint": 20, "vp": [4, 2, 1]}},
)


def _titles(session: Any) -> tuple[str, str, int | None] | None:
    """The open pad's title as drawn, as read out, and the lines it may take."""
    dialogs = [d for d in session.page._dialogs.controls if d.open]
    if not dialogs:
        return None
    title = dialogs[0].title
    text = title.content.content
    return str(text.value), str(title.label), text.max_lines


@pytest.mark.parametrize("player", ["Аня", "Александра", "Константин Константинопольский"])
def test_a_long_base_name_keeps_the_power_pads_title_to_two_lines(tmp_path, player):
    """Play-test: «Александра, «Штаб-квартира Межгалактического совета»: сила — новое
    значение» took three lines and pushed the keys down. The base is cut with «…» (at a
    word's end), or left out when the player's name leaves no room for it (its editor is the
    one open: the table knows which base it is); the title never takes more than two lines
    (cut with «…» if it ever would)."""
    moves = [_LONG_BASE_ADD, *SMASHUP_START[1:]]  # it replaces «База 0»
    hub = Hub(GameStore(tmp_path / "d"))
    g = hub.create("smashup", [player, "Борис", "Вика"], first_player=0, options=SMASHUP_OPTIONS)
    for type, move in moves:
        hub.push(g.id, type, move)

    async def look() -> Any:
        session = await rt.open_app(make_main(hub), f"/game/{g.id}")
        for ident in ("base-0-open", "pow-b0-p0"):
            await rt.tap(session, rt.tappables(session)[ident])
            await rt.quiet(session)
        return _titles(session)

    drawn, spoken, lines = rt.run(look())
    assert lines == PAD_TITLE_LINES == 2
    assert drawn == spoken and drawn.endswith(": сила — новое значение")
    assert len(drawn) <= max(PAD_TITLE_CHARS, len(f"{player}: сила — новое значение")), drawn
    assert drawn.startswith(player)
    assert LONG_BASE not in drawn  # the whole base name is what made it three lines
    expected = {
        "Аня": "Аня, «Штаб-квартира…»: сила",
        "Александра": "Александра, «Штаб-кварт…»: сила",
        "Константин Константинопольский": "Константин Константинопольский: сила",
    }[player]
    assert drawn == f"{expected} — новое значение"


def _pad_geometry(app: App) -> dict[str, Any]:
    """Where the open pad's parts are (CSS px): the dialog and the span of each row of keys
    (with its narrower end key's width)."""
    # the alert dialog's node covers the screen (its barrier); its child is the dialog's box
    dialog = app.page.locator('[role="alertdialog"] > flt-semantics').first.bounding_box()
    rows = {}
    for left, right in (("7", "9"), ("4", "6"), ("1", "3"), ("0", "erase")):
        a, b = app.box(f"pad-{left}"), app.box(f"pad-{right}")
        rows[left] = (a["x"], b["x"] + b["width"], min(a["width"], b["width"]))
    return {"dialog": dialog, "rows": rows}


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for the module's browser tests (each opens games of its own by their ids)."""
    return module_server


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_pad_fits_a_small_phone_and_its_title_two_lines(module_page, server, size):
    """Play-test: below ~370 px the pad's row of three 72 px keys was wider than the dialog's
    content (clipped at 360×640), and a long base name made the power pad's title three
    lines. At 360×640 and 390×844 every row of keys lies inside the dialog with the dialog's
    24 px padding on both sides, every key is a 48 dp target, the title takes at most two
    lines of 18 px type, and «Готово» is on screen."""
    store = GameStore(server.data_dir)
    free = store.create("free", ["Аня", "Борис"], first_player=0)
    smashup = store.create(
        "smashup", ["Александра", "Борис", "Вика"], first_player=0, options=SMASHUP_OPTIONS
    )
    for type, move in [_LONG_BASE_ADD, *SMASHUP_START[1:]]:
        smashup.push(type, move)
    width, height = size
    for gid, taps in ((free.id, ["val-p0-c0"]), (smashup.id, ["base-0-open", "pow-b0-p0"])):
        app = visit(module_page, f"/game/{gid}", taps[0], "", width, height)
        for ident in taps:
            app.tap(ident)
        app.el("pad-display").wait_for()
        for ident in ("pad-title", "pad-0", "pad-ok"):  # the opening animation has ended
            settled(app, ident)
        seen = _pad_geometry(app)
        d = seen["dialog"]
        assert d is not None and d["x"] >= 0 and d["x"] + d["width"] <= width, d
        for key, (left, right, narrowest) in seen["rows"].items():
            assert left >= d["x"] + 23.5 and right <= d["x"] + d["width"] - 23.5, (key, d)
            assert narrowest >= 47.5, (key, narrowest)
        title = app.box("pad-title")
        assert title["height"] <= 2 * 18 * 1.5, title  # two lines at most
        app.assert_in_view("pad-ok", "pad-0", "pad-title")
        app.tap("pad-cancel")
        app.el("pad-display").wait_for(state="detached")
