"""Journal filters without a browser: an event that names no player (e.g. «Следующий игрок»,
a Рик и Морти card play) belongs to the player whose turn it was; no kind shows as a code."""

from __future__ import annotations

import flet as ft

from companion.engine.coup import COUP
from companion.store import GameStore
from companion.store.journal import KIND_LABELS, OTHER_KIND, journal_page, kind_of
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def test_player_filter_counts_moves_that_name_nobody_for_the_player_on_turn(tmp_path):
    stored = GameStore(tmp_path).create("free", ["Аня", "Борис"], first_player=0)
    stored.push("counter.add", {"player": 0, "counter": "ПО", "delta": 2})
    stored.push("turn.next")
    stored.push("counter.add", {"player": 1, "counter": "ПО", "delta": 1})
    game = stored.game
    anya, _ = journal_page(game, game.log_length, 0, None, 10)
    boris, _ = journal_page(game, game.log_length, 1, None, 10)
    assert [ev.seq for ev, _ in anya] == [2, 1]  # her «Следующий игрок» is hers
    assert [ev.seq for ev, _ in boris] == [3]


def test_every_engine_event_kind_has_a_russian_filter_name():
    kinds = {
        "counter.add", "turn.next", "coup.action", "combat.start", "charge.done", "card.play",
        "base.score", "player.move", "game.end", "vp.add", "play.record", "phase.next",
        "level.change", "gear.change", "seal.add", "round.start", "madness.adjust", "hand.add",
        "faction.pick", "breakpoint.modify", "actions.add", "action.discard",
    }  # fmt: skip
    missing = {kind_of_type(t) for t in kinds} - set(KIND_LABELS)
    assert not missing, missing
    assert OTHER_KIND.isalpha()


def kind_of_type(event_type: str) -> str:
    class _E:
        type = event_type

    return kind_of(_E())  # type: ignore[arg-type]


# -- Coup: the answers of an action belong to its actor and its target ---------------------------
ANYA, BORIS, VIKA = 0, 1, 2


def _coup_game(tmp_path, moves, players=("Аня", "Борис", "Вика")):
    """A saved Coup game after ``moves`` ((type, data) pairs), opened again from disk (the
    journal of a loaded game makes its lines on demand)."""
    store = GameStore(tmp_path)
    stored = store.create("coup", list(players), first_player=0)
    for kind, data in moves:
        stored.push(kind, data)
    stored.close()
    return store.open(stored.id).game


def _declare(player, action, target=None):
    return ("coup.declare", {"player": player, "action": action, "target": target})


NOBODY_CHALLENGES = ("coup.no_challenge", {})
NOBODY_BLOCKS = ("coup.no_block", {})

THREE_PLAYERS = [
    _declare(ANYA, "income"),  # 1: Аня's own income
    _declare(BORIS, "foreign_aid"),  # 2
    ("coup.block", {"blocker": VIKA, "character": "duke"}),  # 3: Вика blocks Борис
    NOBODY_CHALLENGES,  # 4: the block stands
    _declare(VIKA, "steal", BORIS),  # 5: against Борис
    NOBODY_CHALLENGES,  # 6: «Никто» while Вика is on turn
    NOBODY_BLOCKS,  # 7: Вика takes 2 of Борис's coins
    _declare(ANYA, "tax"),  # 8: Аня again, nothing to do with Борис
    ("coup.challenge", {"challenger": VIKA}),  # 9
    ("coup.challenge_result", {"proven": True}),  # 10
    ("coup.lose_influence", {"player": VIKA, "character": "contessa"}),  # 11
    _declare(BORIS, "foreign_aid"),  # 12
    NOBODY_BLOCKS,  # 13: «Никто»: Борис +2
    _declare(VIKA, "steal", ANYA),  # 14: Аня challenges Вика's Captain …
    ("coup.challenge", {"challenger": ANYA}),  # 15
    ("coup.challenge_result", {"proven": False}),  # 16: … Вика has none
    ("coup.lose_influence", {"player": VIKA, "character": "duke"}),  # 17: Вика is out
]


def _seqs(game, player, kind=None, limit=100):
    page, _more = journal_page(game, game.log_length, player, kind, limit)
    return [ev.seq for ev, _ in page]


def test_coup_filter_shows_every_answer_to_the_players_actions_and_to_actions_against_him(
    tmp_path,
):
    game = _coup_game(tmp_path, THREE_PLAYERS)
    assert game.log_length == 17
    boris = _seqs(game, BORIS)
    # his two foreign aids with Вика's block, «Никто» on it and «Никто» with his +2; Вика's
    # steal from him with both answers
    assert boris == [13, 12, 7, 6, 5, 4, 3, 2], boris
    lines = {ev.seq: text for ev, text in journal_page(game, game.log_length, BORIS, None, 100)[0]}
    assert lines[13].startswith("Никто не запрещает; Борис +2"), lines[13]
    assert lines[3].startswith("Вика: запрет"), lines[3]
    # Аня's income and her tax that Вика challenged are not Борис's
    assert not {1, 8, 9, 10, 11} & set(boris)


def test_coup_filter_keeps_a_challenge_and_its_losses_with_both_sides(tmp_path):
    game = _coup_game(tmp_path, THREE_PLAYERS)
    anya = _seqs(game, ANYA)
    # her income, her tax and all its answers; Вика's steal from her, the failed claim and
    # Вика's lost card; nothing of Борис's turns (neither blocked nor aimed at by her)
    assert anya == [17, 16, 15, 14, 11, 10, 9, 8, 1], anya
    vika = _seqs(game, VIKA)
    # her two steals with their answers; Борис's foreign aid she blocked, with the answer to
    # her block (#4); Аня's tax she challenged, with the Duke shown (#10: play-test, the loss
    # came without its cause) and the card it cost her — every event of an action she took
    # part in
    assert vika == [17, 16, 15, 14, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2], vika


def test_coup_answers_count_for_the_actor_when_the_other_player_is_awaited(tmp_path):
    """Two players: only Аня may block Борис's foreign aid, so the game waits for her; her
    «Никто» (Борис +2) is still Борис's, and Аня's own income is not."""
    moves = [_declare(ANYA, "income"), _declare(BORIS, "foreign_aid"), NOBODY_BLOCKS]
    game = _coup_game(tmp_path, moves, players=("Аня", "Борис"))
    assert game.player_before(3) == ANYA  # the answer is awaited from Аня …
    assert _seqs(game, BORIS) == [3, 2]  # … and belongs to Борис's action
    assert _seqs(game, ANYA) == [3, 1]  # she answered it, so it concerns her too


def test_coup_filter_pages_and_kind_filter_keep_the_answers(tmp_path):
    game = _coup_game(tmp_path, THREE_PLAYERS)
    page, more = journal_page(game, game.log_length, BORIS, None, 3)
    assert [ev.seq for ev, _ in page] == [13, 12, 7] and more
    # the kinds split a Coup log («Ход игры»), each keeping Борис's answers: his declared
    # actions and Вика's steal from him; the challenge windows; the blocks and «Никто» on them
    assert _seqs(game, BORIS, kind="coup") == [12, 5, 2]
    assert _seqs(game, BORIS, kind="challenge") == [6, 4]
    assert _seqs(game, BORIS, kind="block") == [13, 7, 3]
    # the journal as it was before the last moves (a frozen list): the same answers
    page, more = journal_page(game, 7, BORIS, None, 100)
    assert [ev.seq for ev, _ in page] == [7, 6, 5, 4, 3, 2] and not more


def test_coup_answers_cost_one_look_back_per_action(tmp_path, monkeypatch):
    """The newest page of a long game is found without reading the whole log: an answer's
    declaration is looked up once per action and that action's answers read once, and the
    walk stops with the page."""
    moves = []
    for _ in range(100):  # Аня and Борис steal 2 coins from each other, nobody answers
        for who in (ANYA, BORIS):
            moves += [_declare(who, "steal", 1 - who), NOBODY_CHALLENGES, NOBODY_BLOCKS]
    game = _coup_game(tmp_path, moves, players=("Аня", "Борис"))
    assert game.log_length == 600
    read: list[int] = []
    real = game.definition.action_parties

    def counting(event):
        read.append(event.seq)
        return real(event)

    monkeypatch.setattr(game.definition, "action_parties", counting)
    page, more = journal_page(game, game.log_length, ANYA, None, 4)
    assert [ev.seq for ev, _ in page] == [600, 599, 598, 597] and more
    # the page and the event after it, one look back and one read of each action's answers
    assert len(read) <= 3 * 6, read


def test_coup_challenge_of_a_block_is_in_the_blockers_filter(tmp_path):
    """Play-test: Борис asks for foreign aid, Аня blocks with the Duke, Вика challenges the
    block, the Duke is not shown and Аня loses a card. Аня's filter had her block and her loss
    but not the challenge that caused it; every event of the action is hers now, and Вика's."""
    moves = [
        _declare(ANYA, "income"),
        _declare(BORIS, "foreign_aid"),
        ("coup.block", {"blocker": ANYA, "character": "duke"}),
        ("coup.challenge", {"challenger": VIKA}),
        ("coup.challenge_result", {"proven": False}),
    ]
    game = _coup_game(tmp_path, moves)
    assert _seqs(game, ANYA) == [5, 4, 3, 2, 1], _seqs(game, ANYA)
    assert _seqs(game, VIKA) == [5, 4, 3, 2]


# -- Coup: the «Что» filter splits a Coup log by what happened ------------------------------
def _dialog_buttons(session) -> dict[str, object]:
    """The open dialog's choices: text → the button (the filter's list)."""
    found: dict[str, object] = {}

    def walk(c) -> None:
        if isinstance(c, ft.TextButton) and isinstance(c.content, str):
            found[c.content] = c
        for child in rt._children(c):
            walk(child)

    for dialog in session.page._dialogs.controls:
        walk(dialog.content)  # not its «Закрыть»
    return found


def _lines(session) -> list[str]:
    """The journal's lines on screen, newest first (their spoken labels)."""
    rows = [
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics)
        and (c.identifier or "").startswith("log-")
        and c.identifier[4:].isdigit()
    ]
    rows.sort(key=lambda c: -int(c.identifier[4:]))
    return [c.label for c in rows]


async def _coup_kinds(data, pick: str) -> tuple[list[str], list[str]]:
    """THREE_PLAYERS in the journal screen: the «Что» filter's choices, then the lines left
    after choosing ``pick``."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    for kind, move in THREE_PLAYERS:
        hub.push(g.id, kind, move)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}/log")
    await rt.tap(session, rt.tappables(session)["log-kind"])
    await rt.quiet(session)
    choices = _dialog_buttons(session)
    await rt.tap(session, choices[pick])
    await rt.quiet(session)
    return list(choices), _lines(session)


def test_coup_kind_filter_offers_what_a_coup_log_holds(tmp_path):
    """Play-test: a Coup journal's «Что» offered «Действия» only (every event is
    ``coup.*``). Now it follows «Ход игры»: declared actions, challenges («Оспаривание»: the
    challenge, «Никто» and the card shown or not), blocks («Запрет действия»), lost
    influences («Покровители»); choosing one shows its lines and no other."""
    choices, lines = rt.run(_coup_kinds(tmp_path / "a", "Оспаривания"))
    assert choices == [
        "Все события",
        "Действия",
        "Оспаривания",
        "Запреты",
        "Потери покровителей",
    ], choices
    # #4 «Никто не оспаривает запрет», #6 «Никто не оспаривает действие», #9/#15 the
    # challenges and #10/#16 their answers
    assert [line.split()[0] for line in lines] == ["#16", "#15", "#10", "#9", "#6", "#4"], lines
    assert "оспаривает: Вика — Капитан?" in lines[1] and "не показывает Капитана" in lines[0]
    _choices, lost = rt.run(_coup_kinds(tmp_path / "b", "Потери покровителей"))
    assert lost == [
        "#17 Вика раскрывает карту «Герцог»; Вика выбывает из игры (ссылка), монеты "
        "возвращаются в казну; ход переходит: Аня",
        "#11 Вика раскрывает карту «Графиня»; Аня +3 (6 монет); ход переходит: Борис",
    ], lost
    _choices, declared = rt.run(_coup_kinds(tmp_path / "c", "Действия"))
    assert [line.split()[0] for line in declared] == ["#14", "#12", "#8", "#5", "#2", "#1"]


def test_every_coup_event_has_a_named_kind():
    """Every Coup event type the referee accepts is under a named kind, never «Прочее»."""
    from companion.engine.coup.checks import _EVENT_STEPS

    kinds = {COUP.journal_kind(t) for t in _EVENT_STEPS}
    assert kinds == {"coup", "challenge", "block", "influence", "exchange"}
    assert kinds <= set(KIND_LABELS)
    assert COUP.journal_kind("core.pause") == "core"  # the clock's events keep their kind


# -- the filter buttons show their choice whole on a 360 px phone ----------------------------
#: Twelve-letter names, the widest letters among them (as in ``test_coup_status``).
LONG_NAMES = ["Александрина", "Мухаммаджоны", "Шамшиддинова"]


def test_the_filters_show_their_choice_whole_or_list_it_whole_at_360_px(browser, server):
    """Chromium at 360×640, twelve-letter names: each filter's choice is drawn whole in its
    button (the text's node narrower than its room, up to the arrow), or cut with «…» and
    whole in the list a tap on the button opens; each button is a 48 dp target."""
    from companion.store import GameStore as Store
    from tests.ui.conftest import App
    from tests.ui.cut_text import assert_whole_or_told
    from tests.ui.phone import box

    g = Store(server.data_dir).create("free", LONG_NAMES, first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 2})
    small = App(browser, server, 360, 640).open(f"/game/{g.id}/log")
    try:
        small.el("log-player-text").wait_for()
        small.tap("log-player")
        small.appear("log-filter-close")
        small.page.get_by_role("button", name=LONG_NAMES[2]).click()
        small.wait_label("log-player-text", LONG_NAMES[2])
        for ident in ("log-player", "log-kind"):
            button = box(small, ident)
            assert button["height"] >= 48, button
            text = box(small, f"{ident}-text")
            # up to the arrow: the button's side padding (8), the 24 px arrow and its 4 px gap
            room = button["x"] + button["width"] - 8 - 24 - 4 - text["x"]

            def tell(ident: str = ident) -> str:
                small.tap(ident)
                small.appear("log-filter-close")
                told = small.page.locator("flt-semantics").all_inner_texts()
                labels = " ".join(told) + " ".join(
                    small.page.locator("[aria-label]").evaluate_all(
                        "els => els.map(e => e.getAttribute('aria-label'))"
                    )
                )
                small.tap("log-filter-close")
                return labels

            assert_whole_or_told(small, f"{ident}-text", small.label(f"{ident}-text"), room, tell)
    finally:
        small.close()
