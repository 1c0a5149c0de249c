"""The line above the players and what the turn needs around them.

Whose turn and the phase are in the frame's status line; the board's top line (one fixed
56 px line) has the seals with «Сорвать» and a slot at its left for what comes and goes: the
summary of the last combat (one or two lines; a tap shows it whole in a dialog) or, in «От
щедрот», the button that opens the charity helper in a dialog. Nothing that appears there
moves the players. After the seventh seal the winner picker comes above the players.
On a short page in one column (360×640) the seals fold into the pinned bar as one button
(:func:`seals_in_bar`, :func:`SealsButton`) and the top line shows only while its slot has
something: four players' cards fit above the bar.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.munchkin import MUNCHKIN, SEALS_TO_END, SETUP_REMINDER
from companion.i18n import _
from companion.ui.boards.munchkin.charity_slot import CharitySlot
from companion.ui.boards.munchkin.common import BoardUi, Send
from companion.ui.layout import Layout
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, button, clipped_text, said, tagged, toggle

__all__ = [
    "TurnBar",
    "SealsButton",
    "SealDialog",
    "seals_in_bar",
    "TOP_LINE",
    "Reminder",
    "LastCombat",
    "CharitySlot",
    "WinnerPicker",
]


#: Height of the board's top line (px): the seals' two lines and the 48 dp «Сорвать».
TOP_LINE = 56


def seal_tap(
    seals: int, send: Send, ask: Callable[[], None], always_ask: bool = False
) -> Callable[[], None]:
    """What a tap on «Сорвать» does: it breaks a seal at once, or first asks (``ask()``: the
    board's :func:`SealDialog`) when the next seal ends the game («Начало игры, конец игры»)
    or ``always_ask`` (the compact button in the pinned bar, beside «Бой!»: a mis-tap is
    asked about)."""
    last = seals + 1 >= SEALS_TO_END  # the next seal ends the game: ask first

    def tap() -> None:
        if last or always_ask:
            ask()
        else:
            send("seal.break", {})

    return tap


@ft.component
def SealDialog(view: GameView, ui: BoardUi, send: Send) -> ft.Control:
    """The question before a seal is broken, open while ``ui.sealing``: one for the board's
    «Сорвать» and the pinned bar's seals (:func:`seal_tap`), kept by the board, so a turned
    phone that moves the seals between the two keeps it open. Tags: ``seal-confirm-text``,
    ``seal-cancel``, ``seal-confirm``."""
    seals = view.state.seals
    last = seals + 1 >= SEALS_TO_END

    def close() -> None:
        ui.sealing = False

    def confirm() -> None:
        close()
        send("seal.break", {})

    text = (
        _("Седьмая сивучать заканчивает игру; затем стол назовёт победителя.")
        if last
        else f"{_('Сорвано сивучатей')}: {seals}/{SEALS_TO_END}."
    )
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(
                _("Сорвать последнюю сивучать?") if last else _("Сорвать сивучать?"), size=18
            ),
            content=tagged("seal-confirm-text", ft.Text(text, size=15)),
            actions=[
                button("seal-cancel", _("Отмена"), close),
                button("seal-confirm", _("Сорвать"), confirm, ft.FilledButton),
            ],
            on_dismiss=lambda: close(),
        )
        if ui.sealing and not MUNCHKIN.ended(view.state)
        else None
    )
    return ft.Container(width=0, height=0)


@ft.component
def _TurnBar(
    seals: int,
    over: bool,
    summary: str,
    charity_giver: int | None,
    treasures: int,
    hand: int,
    names: tuple[str, ...],
    levels: tuple[int, ...],
    show: Callable[[str], None],
    send: Send,
    ask: Callable[[], None],
    seals_here: bool = True,
) -> ft.Control:
    """The slot — «От щедрот» when ``charity_giver`` is a player (with the ``treasures`` a won
    fight still draws beside it), else the last combat's ``summary`` (or nothing) — then the
    seals with «Сорвать» at the right, in one line of fixed height (plain props: memoised).
    Not ``seals_here`` (the seals are in the pinned bar: :func:`seals_in_bar`): the slot
    alone, and no line at all while it is empty.
    ``ask``: opens the seal question (:func:`seal_tap`). Tags: ``seals``, ``seal-break``."""
    break_seal = seal_tap(seals, send, ask)
    if charity_giver is not None:
        slot: ft.Control | None = CharitySlot(
            charity_giver, treasures, hand, names, levels, show, send
        )
    elif summary:
        slot = LastCombat(summary)
    else:
        slot = None
    room = ft.Container(slot, expand=True, height=TOP_LINE, alignment=ft.Alignment.CENTER_LEFT)
    if not seals_here:
        return room if slot is not None else ft.Container(visible=False)
    return ft.Row(
        [
            room,
            ft.Column(
                [
                    ft.Text(_("Сивучати"), size=12),
                    said(
                        "seals",
                        ft.Text(f"{seals}/{SEALS_TO_END}", size=20, weight=ft.FontWeight.BOLD),
                    ),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            button(
                "seal-break",
                _("Сорвать"),
                break_seal,
                ft.OutlinedButton,
                tooltip=_("Сорвать ещё одну сивучать"),
                disabled=over,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                label="Сорвать сивучать",
            ),
        ],
        spacing=4,
        height=TOP_LINE,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def seals_in_bar(layout: Layout, fighting: bool) -> bool:
    """Whether the seals fold into the pinned bar (:func:`SealsButton`) instead of the board's
    top line: a short page in one column (360×640), out of a fight (a folded fight puts the top
    line after the players). Two columns keep the top line: their bar is a narrow side
    column (640×360) with no room for a third button."""
    return layout.short and not layout.two_columns and not fighting


@ft.component
def SealsButton(seals: int, over: bool, send: Send, ask: Callable[[], None]) -> ft.Control:
    """The seals folded into the pinned bar on a short page (:attr:`.Layout.short`, out of a
    fight): one 56 dp button showing «n/7»; a tap asks before it breaks one
    (:func:`seal_tap`, ``ask``). Tags: ``seal-break`` (label «Сивучати n/7: сорвать»),
    ``seals``."""
    break_seal = seal_tap(seals, send, ask, always_ask=True)
    shown = f"{seals}/{SEALS_TO_END}"
    return tagged(
        "seal-break",
        ft.OutlinedButton(
            content=ft.Row(
                [
                    ft.Icon(ft.Icons.APPROVAL, size=18),
                    said("seals", ft.Text(shown, size=16, weight=ft.FontWeight.BOLD)),
                ],
                spacing=4,
                tight=True,
            ),
            height=56,
            tooltip=f"{_('Сивучати')} {shown}: {_('сорвать ещё одну')}",
            disabled=over,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
            on_click=lambda: break_seal(),
        ),
        label=f"{_('Сивучати')} {shown}: {_('сорвать')}",
    )


#: Height of the «Перед началом» line (px): one 48 dp target.
REMINDER_HEIGHT = TARGET


def _read_dialog(
    idents: tuple[str, str],
    title: str,
    content: ft.Control,
    label: str,
    set_opened: Callable[[bool], None],
) -> ft.AlertDialog:
    """A text to read whole and «Понятно» to close it: ``idents`` tag the content (``label``
    read by a screen reader) and the button."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(title, size=18),
        content=tagged(idents[0], content, label=label),
        actions=[button(idents[1], _("Понятно"), lambda: set_opened(False), ft.FilledButton)],
        on_dismiss=lambda: set_opened(False),
    )


@ft.component
def _Reminder() -> ft.Control:
    """«Перед началом» («Подготовка», «Создание персонажа»), shown until the first move: one
    48 dp line under the players (whole above the pinned bar with four players at 390×844);
    a tap shows the setup checklist in a dialog.

    Tags: ``setup-reminder``; in the dialog ``setup-list``, ``setup-close``."""
    opened, set_opened = ft.use_state(False)
    lines = [f"• {line}" for line in SETUP_REMINDER]
    content = ft.Column([ft.Text(line, size=15) for line in lines], spacing=6, tight=True)
    ft.use_dialog(
        _read_dialog(
            ("setup-list", "setup-close"), _("Перед началом"), content, "\n".join(lines), set_opened
        )
        if opened
        else None
    )
    title = _("Перед началом: подготовка стола")
    return tagged(
        "setup-reminder",
        ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.CHECKLIST, size=20, color=ft.Colors.PRIMARY),
                    clipped_text(title, 15, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Icon(ft.Icons.CHEVRON_RIGHT, size=20),
                ],
                spacing=8,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            height=REMINDER_HEIGHT,
            padding=ft.Padding.symmetric(horizontal=8),
            border_radius=8,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            on_click=lambda: set_opened(True),
        ),
        label=title,
    )


#: Memoised (no props): a move before the first one is gone does not render it.
Reminder = ft.memo(_Reminder)


@ft.component
def LastCombat(text: str) -> ft.Control:
    """The summary of the combat that just ended, in the top line's slot: two lines at most
    (cut with «…»); a tap shows it whole in a dialog. Tags ``last-combat``; in the
    dialog ``last-combat-text``, ``last-combat-close``."""
    opened, set_opened = ft.use_state(False)
    ft.use_dialog(
        _read_dialog(
            ("last-combat-text", "last-combat-close"),
            _("Итог боя"),
            ft.Text(text, size=15),
            text,
            set_opened,
        )
        if opened
        else None
    )
    return tagged(
        "last-combat",
        ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.INFO_OUTLINE, size=18, color=ft.Colors.PRIMARY),
                    clipped_text(text, 13, lines=2, expand=True),
                ],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            height=TOP_LINE - 4,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=6),
            border_radius=8,
            tooltip=_("Показать целиком"),
            on_click=lambda: set_opened(True),
        ),
        label=text,
    )


@ft.component
def WinnerPicker(names: tuple[str, ...], levels: tuple[int, ...], send: Send) -> ft.Control:
    """After the seventh seal the table names the winner(s) (the surviving pages do not say
    how). Tags: ``winner-picker``, ``winner-pick-{i}``, ``winners-submit``."""
    picked, set_picked = ft.use_state(())
    return tagged(
        "winner-picker",
        ft.Container(
            ft.Column(
                [
                    ft.Text(
                        _("Сорвана седьмая сивучать — игра окончена. Кто победил? Решает стол."),
                        size=16,
                        weight=ft.FontWeight.BOLD,
                    ),
                    *[
                        tagged(
                            f"winner-pick-{i}",
                            toggle(
                                f"{n} ({_('уровень')} {levels[i]})",
                                i in picked,
                                lambda i=i: set_picked(tuple(sorted(set(picked) ^ {i}))),
                            ),
                            label=n + (" (да)" if i in picked else ""),
                        )
                        for i, n in enumerate(names)
                    ],
                    button(
                        "winners-submit",
                        _("Записать победу"),
                        lambda: send("game.winners", {"winners": list(picked)}),
                        ft.FilledButton,
                        icon=ft.Icons.EMOJI_EVENTS,
                        disabled=not picked,
                    ),
                ]
            ),
            padding=10,
            border_radius=12,
            border=ft.Border.all(3, ft.Colors.AMBER),
        ),
    )


#: Memoised: changes only with the seals and the slot's values.
TurnBar = ft.memo(_TurnBar)
