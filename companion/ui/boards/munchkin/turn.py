"""The board's top line (:func:`top_line`: the last combat's summary or «От щедрот», then the
seals; nothing there moves the players), the seals' button of a short page's pinned bar
(:func:`SealsButton`), the setup reminder and, after the seventh seal, the winner picker."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.engine.munchkin import SEALS_TO_END, SETUP_REMINDER
from companion.i18n import _
from companion.present.munchkin import (
    charity_gifts,
    charity_notice,
    charity_plan,
    odd_cards_taken,
    treasures_to_draw,
)
from companion.ui.boards.munchkin.common import Send, outlined, stepper
from companion.ui.boards.munchkin.dialogs import flag
from companion.ui.form_dialog import form_dialog
from companion.ui.layout import use_layout
from companion.ui.step_panel import whole_dialog
from companion.ui.tagged_controls import heading
from companion.ui.widgets import TARGET, button, clipped_text, said, tagged

__all__ = ["top_line", "CharitySlot", "LastCombat", "SealsButton", "Reminder", "WinnerPicker"]

#: Height of the board's top line (px): the seals' two lines and the 48 dp «Сорвать».
TOP_LINE = 56


@ft.component
def _CharitySlot(
    giver: int,
    treasures: int,
    last_hand: int,
    names: tuple[str, ...],
    levels: tuple[int, ...],
    show: Callable[[str], None],
    send: Send,
) -> ft.Control:
    """«От щедрот» (``charity-open``; beside it the ``treasures`` a won fight still draws,
    ``charity-treasures``) opens the helper: the hand (from ``last_hand``) → who gets the
    surplus, or the discard → one event, and a notice of who got what. The odd cards go one
    each to recipients the giver picks; the other boxes are then dimmed, and a tap on one
    says why in the plan's three lines. One height whatever the hand. Tags: ``charity``,
    ``hand`` (``-minus``, ``-plus``), ``charity-plan``, ``gift-{p}``, ``gift-extra-{p}``,
    ``charity-submit``, ``charity-cancel``."""
    layout = use_layout()
    opened, set_opened = ft.use_state(False)
    hand, set_hand = ft.use_state(max(0, last_hand))
    default: list[int] | None = None  # the odd cards' recipients: the plan's first ones
    extra_to, set_extra_to = ft.use_state(default)
    why, set_why = ft.use_state("")  # why the last tapped dimmed box took no card
    close = partial(set_opened, False)
    plan, chosen, gifts = charity_gifts(giver, hand, levels, extra_to)

    def give() -> None:
        given = [0] * len(names) if plan.discard else gifts
        if send("turn.charity", {"hand": hand, "gifts": given, "discard": plan.discard}):
            set_extra_to(None)
            close()
            notice = charity_notice(names, given, plan.discard)
            if notice:
                show(notice)

    def flip(p: int) -> None:
        if p in chosen:
            set_extra_to([q for q in chosen if q != p])
        elif len(chosen) < plan.extra:
            set_extra_to([*chosen, p])
        else:  # every odd card is given: say so, change nothing
            set_why(odd_cards_taken(plan.extra, [names[q] for q in chosen]))
            return
        set_why("")

    def change_hand(by: int) -> None:
        set_hand(max(0, hand + by))
        set_why("")

    plan_text = why or charity_plan(plan.surplus, plan.discard, plan.extra)
    rows: list[ft.Control] = []
    for p in [] if plan.discard else plan.recipients:
        gift = said(
            f"gift-{p}", ft.Text(f"{names[p]}: {gifts[p]}", size=16, weight=ft.FontWeight.BOLD)
        )
        full = p not in chosen and len(chosen) >= plan.extra
        extra = flag(
            f"gift-extra-{p}",
            _("ещё одну"),
            p in chosen,
            partial(flip, p),
            yes=" (да)",
            dimmed=full,
        )
        rows.append(ft.Row([gift, extra if plan.extra else ft.Container()], height=TARGET))
    gifts_box = ft.Column(rows, spacing=4, tight=True)
    room = (len(names) - 1) * (TARGET + 4)  # one height whatever the hand
    # three lines whatever the plan (or the reason in its place) says
    plan_line = clipped_text(plan_text, 14, lines=3, color=ft.Colors.ERROR if why else None)
    body = [
        stepper("hand", f"{names[giver]}: {_('карт на руке')}", str(hand), change_hand),
        tagged("charity-plan", ft.Container(plan_line, height=60), label=plan_text),
        ft.Container(gifts_box, height=room, alignment=ft.Alignment.TOP_LEFT),
    ]
    submit = button(
        "charity-submit",
        _("Сбросить") if plan.discard else _("Раздать"),
        give,
        ft.FilledButton,
        icon=ft.Icons.VOLUNTEER_ACTIVISM,
        disabled=plan.surplus == 0 or (not plan.discard and len(chosen) != plan.extra),
    )
    actions = [button("charity-cancel", _("Закрыть"), close), submit]
    fields = [tagged("charity", ft.Column(body, spacing=4, tight=True))]
    dialog = form_dialog(layout, _("От щедрот"), fields, None, actions, close)
    ft.use_dialog(dialog if opened else None)
    opener = button(
        "charity-open",
        _("От щедрот"),
        lambda: set_opened(True),
        ft.FilledTonalButton,
        icon=None if treasures else ft.Icons.VOLUNTEER_ACTIVISM,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
    )
    if not treasures:
        return opener
    to_draw = said("charity-treasures", clipped_text(treasures_to_draw(treasures), 13, lines=2))
    return ft.Row([opener, ft.Container(to_draw, expand=True)], spacing=6)


#: Memoised: changes with the giver, the treasures and the levels only.
CharitySlot = ft.memo(_CharitySlot)


def top_line(
    slot: ft.Control | None, seals: int | None, over: bool, send: Send, ask: Callable[[], None]
) -> ft.Control:
    """The board's top line, :data:`TOP_LINE` px: ``slot`` (the last combat's summary, «От
    щедрот», or ``None``), then the seals broken with «Сорвать» (:func:`Seals`) — or, with
    ``seals`` ``None`` (they are in the pinned bar), the slot alone and nothing while it is
    empty. ``ask`` opens the seal question (:func:`.dialogs.Question`)."""
    room = ft.Container(slot, expand=True, height=TOP_LINE, alignment=ft.Alignment.CENTER_LEFT)
    if seals is None:
        return room if slot is not None else ft.Container(visible=False)
    return ft.Row([room, Seals(seals, over, send, ask)], spacing=4, height=TOP_LINE)


@ft.component
def _Seals(seals: int, over: bool, send: Send, ask: Callable[[], None]) -> ft.Control:
    """«Сивучати n/7» (``seals``) and «Сорвать» (``seal-break``): it breaks a seal at once, or
    first asks (``ask()``) when the next one ends the game («Начало игры, конец игры»)."""
    last = seals + 1 >= SEALS_TO_END
    shown = ft.Text(f"{seals}/{SEALS_TO_END}", size=20, weight=ft.FontWeight.BOLD)
    count = ft.Column(
        [ft.Text(_("Сивучати"), size=12), said("seals", shown)],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    tap = button(
        "seal-break",
        _("Сорвать"),
        ask if last else lambda: send("seal.break", {}),
        ft.OutlinedButton,
        tooltip=_("Сорвать ещё одну сивучать"),
        disabled=over,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
        label="Сорвать сивучать",
    )
    return ft.Row([count, tap], spacing=4, tight=True)


Seals = ft.memo(_Seals)


@ft.component
def SealsButton(seals: int, over: bool, ask: Callable[[], None]) -> ft.Control:
    """The seals in the pinned bar: one 56 dp button «n/7»; a tap asks (``ask()``) before it
    breaks one (a mis-tap beside «Бой!»). Tags: ``seal-break`` (spoken «Сивучати n/7:
    сорвать»), ``seals``."""
    shown = f"{seals}/{SEALS_TO_END}"
    return outlined(
        "seal-break",
        ft.Icons.APPROVAL,
        said("seals", ft.Text(shown, size=16, weight=ft.FontWeight.BOLD)),
        ask,
        label=f"{_('Сивучати')} {shown}: {_('сорвать')}",
        height=56,
        pad=10,
        tooltip=f"{_('Сивучати')} {shown}: {_('сорвать ещё одну')}",
        disabled=over,
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
    close = partial(set_opened, False)
    tags = (f"{ident}-title", text_ident, close_ident)
    ft.use_dialog(whole_dialog(title, whole, close, tags) if opened else None)
    line = ft.Container(
        ft.Row([ft.Icon(icon, size=18, color=ft.Colors.PRIMARY), short], spacing=6),
        height=TARGET,
        padding=ft.Padding.symmetric(horizontal=6),
        border_radius=8,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
        tooltip=_("Показать целиком"),
        on_click=lambda: set_opened(True),
    )
    return tagged(ident, line, label=label)


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


@ft.component
def _LastCombat(text: str) -> ft.Control:
    """The last combat's summary in the top line's slot: two lines, cut with «…»; a tap shows
    it whole. Tags ``last-combat``; in the dialog ``last-combat-text``, ``-close``."""
    short = clipped_text(text, 13, lines=2, expand=True)
    idents = ("last-combat", "last-combat-text", "last-combat-close")
    return _ReadLine(idents, ft.Icons.INFO_OUTLINE, short, text, _("Итог боя"), [text])


LastCombat = ft.memo(_LastCombat)


@ft.component
def WinnerPicker(names: tuple[str, ...], levels: tuple[int, ...], send: Send) -> ft.Control:
    """After the seventh seal the table names the winner(s). Tags: ``winner-picker``,
    ``winner-pick-{i}``, ``winners-submit``."""
    none: tuple[int, ...] = ()
    picked, set_picked = ft.use_state(none)

    def pick(i: int) -> None:
        set_picked(tuple(sorted(set(picked) ^ {i})))

    picks = [
        flag(
            f"winner-pick-{i}",
            f"{n} ({_('уровень')} {levels[i]})",
            i in picked,
            partial(pick, i),
            spoken=n,
            yes=" (да)",
        )
        for i, n in enumerate(names)
    ]
    submit = button(
        "winners-submit",
        _("Записать победу"),
        lambda: send("game.winners", {"winners": list(picked)}),
        ft.FilledButton,
        icon=ft.Icons.EMOJI_EVENTS,
        disabled=not picked,
    )
    ask = heading(_("Сорвана седьмая сивучать — игра окончена. Кто победил? Решает стол."), 16)
    return tagged(
        "winner-picker",
        ft.Container(
            ft.Column([ask, *picks, submit]),
            padding=10,
            border_radius=12,
            border=ft.Border.all(3, ft.Colors.AMBER),
        ),
    )
