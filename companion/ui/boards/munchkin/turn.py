"""The line above the players and what the turn needs around them.

The board's top line (:data:`TOP_LINE` px) holds a slot for what comes and goes — the last
combat's summary (:func:`LastCombat`) or, in «От щедрот», the charity helper
(:mod:`.charity_slot`) — and the seals with «Сорвать»; nothing there moves the players. On a
short page in one column the seals are a button in the pinned bar instead
(:func:`seals_in_bar`, :func:`SealsButton`) and the line shows only while its slot is filled.
After the seventh seal the winner picker comes above the players.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.munchkin import SEALS_TO_END, SETUP_REMINDER
from companion.i18n import _
from companion.ui.boards.munchkin.charity_slot import CharitySlot
from companion.ui.boards.munchkin.common import Send
from companion.ui.boards.munchkin.dialogs import question
from companion.ui.layout import Layout
from companion.ui.widgets import TARGET, button, clipped_text, said, tagged, toggle

__all__ = ["TurnBar", "SealsButton", "seals_in_bar", "TOP_LINE", "Reminder", "WinnerPicker"]

#: Height of the board's top line (px): the seals' two lines and the 48 dp «Сорвать».
TOP_LINE = 56


def use_seal_break(
    seals: int, over: bool, send: Send, always_ask: bool = False
) -> Callable[[], None]:
    """A hook: ``break_seal()`` breaks a seal, first asking when the next one ends the game
    («Начало игры, конец игры») or ``always_ask``. Tags: ``seal-confirm-text``,
    ``seal-cancel``, ``seal-confirm``."""
    asking, set_asking = ft.use_state(False)
    last = seals + 1 >= SEALS_TO_END

    def break_seal() -> None:
        if (last or always_ask) and not asking:
            set_asking(True)
            return
        set_asking(False)
        send("seal.break", {})

    ft.use_dialog(
        question(
            _("Сорвать последнюю сивучать?") if last else _("Сорвать сивучать?"),
            "seal-confirm-text",
            _("Седьмая сивучать заканчивает игру; затем стол назовёт победителя.")
            if last
            else f"{_('Сорвано сивучатей')}: {seals}/{SEALS_TO_END}.",
            ("seal-cancel", _("Отмена"), lambda: set_asking(False)),
            ("seal-confirm", _("Сорвать"), break_seal),
            ft.Icons.APPROVAL,
        )
        if asking and not over
        else None
    )
    return break_seal


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
    seals_here: bool = True,
) -> ft.Control:
    """The slot — «От щедрот» when ``charity_giver`` is a player (with the ``treasures`` a won
    fight still draws), else the last combat's ``summary`` (or nothing) — then, when
    ``seals_here``, the seals and «Сорвать» (``seals``, ``seal-break``); one line of fixed
    height. Not ``seals_here``: the slot alone, and nothing while it is empty."""
    break_seal = use_seal_break(seals, over, send)
    slot: ft.Control | None = None
    if charity_giver is not None:
        slot = CharitySlot(charity_giver, treasures, hand, names, levels, show, send)
    elif summary:
        slot = LastCombat(summary)
    room = ft.Container(slot, expand=True, height=TOP_LINE, alignment=ft.Alignment.CENTER_LEFT)
    if not seals_here:
        return room if slot is not None else ft.Container(visible=False)
    shown = ft.Text(f"{seals}/{SEALS_TO_END}", size=20, weight=ft.FontWeight.BOLD)
    return ft.Row(
        [
            room,
            ft.Column(
                [ft.Text(_("Сивучати"), size=12), said("seals", shown)],
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
    )


def seals_in_bar(layout: Layout, fighting: bool) -> bool:
    """The seals fold into the pinned bar (:func:`SealsButton`): a short page in one column,
    out of a fight (two columns' bar is a narrow side column with no room for a third
    button; a folded fight puts the top line after the players)."""
    return layout.short and not layout.two_columns and not fighting


@ft.component
def SealsButton(seals: int, over: bool, send: Send) -> ft.Control:
    """The seals in the pinned bar: one 56 dp button «n/7»; a tap asks before it breaks one.
    Tags: ``seal-break`` (spoken «Сивучати n/7: сорвать»), ``seals``."""
    break_seal = use_seal_break(seals, over, send, always_ask=True)
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


@ft.component
def _ReadLine(
    idents: tuple[str, str, str],
    icon: ft.IconData,
    short: ft.Control,
    label: str,
    title: str,
    whole: list[str],
) -> ft.Control:
    """A tinted 48 dp line spoken ``label``: ``icon`` and ``short`` (cut with «…»); a tap
    shows ``whole`` in a dialog titled ``title``, closed by «Понятно». ``idents``: the line,
    the dialog's text and its button."""
    ident, text_ident, close_ident = idents
    opened, set_opened = ft.use_state(False)
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(title, size=18),
            content=tagged(
                text_ident,
                ft.Column([ft.Text(t, size=15) for t in whole], spacing=6, tight=True),
                label="\n".join(whole),
            ),
            actions=[button(close_ident, _("Понятно"), lambda: set_opened(False), ft.FilledButton)],
            on_dismiss=lambda: set_opened(False),
        )
        if opened
        else None
    )
    return tagged(
        ident,
        ft.Container(
            ft.Row([ft.Icon(icon, size=18, color=ft.Colors.PRIMARY), short], spacing=6),
            height=TARGET,
            padding=ft.Padding.symmetric(horizontal=6),
            border_radius=8,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            tooltip=_("Показать целиком"),
            on_click=lambda: set_opened(True),
        ),
        label=label,
    )


@ft.component
def _Reminder() -> ft.Control:
    """«Перед началом» («Подготовка», «Создание персонажа») until the first move: one 48 dp
    line under the players; a tap shows the checklist. Tags: ``setup-reminder``; in the
    dialog ``setup-list``, ``setup-close``."""
    title = _("Перед началом: подготовка стола")
    short = clipped_text(title, 15, weight=ft.FontWeight.BOLD, expand=True)
    lines = [f"• {line}" for line in SETUP_REMINDER]
    idents = ("setup-reminder", "setup-list", "setup-close")
    return _ReadLine(idents, ft.Icons.CHECKLIST, short, title, _("Перед началом"), lines)


#: Memoised (no props): a move before the first one is gone does not render it.
Reminder = ft.memo(_Reminder)


def LastCombat(text: str) -> ft.Control:
    """The last combat's summary in the top line's slot: two lines, cut with «…»; a tap shows
    it whole. Tags ``last-combat``; in the dialog ``last-combat-text``, ``-close``."""
    short = clipped_text(text, 13, lines=2, expand=True)
    idents = ("last-combat", "last-combat-text", "last-combat-close")
    return _ReadLine(idents, ft.Icons.INFO_OUTLINE, short, text, _("Итог боя"), [text])


@ft.component
def WinnerPicker(names: tuple[str, ...], levels: tuple[int, ...], send: Send) -> ft.Control:
    """After the seventh seal the table names the winner(s). Tags: ``winner-picker``,
    ``winner-pick-{i}``, ``winners-submit``."""
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
