"""«От щедрот»: the charity helper in the board's top line — a button that opens, in a form
dialog, who gives which cards to whom (the engine's :func:`~companion.engine.munchkin.charity`
plan)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.munchkin import HAND_LIMIT, charity
from companion.engine.munchkin.constants import R_PHASES
from companion.i18n import _
from companion.ui.boards.munchkin.common import Send, stepper
from companion.ui.form_dialog import form_dialog
from companion.ui.layout import use_layout
from companion.ui.widgets import TARGET, button, clipped_text, said, tagged, toggle
from companion.ui.words import plural

__all__ = ["CharitySlot"]


def _cards(n: int) -> str:
    return f"{n} {plural(n, _('карта'), _('карты'), _('карт'))}"


def _plan_text(surplus: int, discard: bool, extra: int) -> str:
    if surplus == 0:
        return f"{_('Не больше')} {HAND_LIMIT} {_('карт — раздавать нечего')}"
    if discard:
        low = _("Самый низкий уровень у вас — они уходят в сброс")
        return f"{_('Лишних карт')}: {surplus}. {low}."
    text = f"{_('Лишних карт')}: {surplus} — {_('поровну манчкинам самого низкого уровня')}."
    if extra:
        text += f" {_('Остаток')} ({extra}) — {_('по одной тем, кого выберете')}."
    return text


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
    """«От щедрот» (``charity-open``), with the ``treasures`` a won fight still draws beside it
    (``charity-treasures``); a tap opens the helper: the hand (from ``last_hand``, the size
    last entered) → who gets the surplus or the discard → one event, then a notice says who
    got what.

    The odd cards go one each to recipients the giver picks; once every odd card is given
    the other boxes are dimmed, and a tap on one says why in the plan's three lines. The
    dialog keeps one height: a place for every other player's row, filled or not. Tags in
    the dialog: ``charity``, ``hand`` (``-minus``, ``-plus``), ``charity-plan``,
    ``gift-{p}``, ``gift-extra-{p}``, ``charity-submit``, ``charity-cancel``."""
    layout = use_layout()
    opened, set_opened = ft.use_state(False)
    hand, set_hand = ft.use_state(max(0, last_hand))
    extra_to, set_extra_to = ft.use_state(None)  # recipients of the odd cards (None: default)
    why, set_why = ft.use_state("")  # why the last tapped dimmed box took no card
    sizes = [0] * len(names)
    sizes[giver] = hand
    plan = charity(giver, sizes, list(levels))
    chosen = (
        list(plan.recipients[: plan.extra])
        if extra_to is None
        else [p for p in extra_to if p in plan.recipients][: plan.extra]
    )
    gifts = [plan.shares.get(i, 0) + (1 if i in chosen else 0) for i in range(len(names))]

    def give() -> None:
        data: dict[str, Any] = {
            "hand": hand,
            "gifts": [0] * len(names) if plan.discard else gifts,
            "discard": plan.discard,
        }
        if send("turn.charity", data):
            set_extra_to(None)
            set_opened(False)
            # said where the table looks, in cards (never «+1» alone: that read as a level)
            given = [f"{names[p]} {_cards(n)}" for p, n in enumerate(data["gifts"]) if n]
            if data["discard"]:
                given.append(f"{_('в сброс')} {_cards(data['discard'])}")
            if given:
                show(f"{_('От щедрот')}: {', '.join(given)}")

    def flip(p: int) -> None:
        if p in chosen:
            set_extra_to([q for q in chosen if q != p])
        elif len(chosen) < plan.extra:
            set_extra_to([*chosen, p])
        else:  # every odd card is given: say so, change nothing
            set_why(_odd_cards_taken(plan.extra, [names[q] for q in chosen]))
            return
        set_why("")

    def change_hand(by: int) -> None:
        set_hand(max(0, hand + by))
        set_why("")

    plan_text = why or _plan_text(plan.surplus, plan.discard, plan.extra)
    rows: list[ft.Control] = []
    for p in [] if plan.discard else plan.recipients:
        full = p not in chosen and len(chosen) >= plan.extra
        box = toggle(_("ещё одну"), p in chosen, lambda p=p: flip(p), dimmed=full)
        rows.append(
            ft.Row(
                [
                    said(
                        f"gift-{p}",
                        ft.Text(f"{names[p]}: {gifts[p]}", size=16, weight=ft.FontWeight.BOLD),
                    ),
                    tagged(
                        f"gift-extra-{p}",
                        box,
                        label="ещё одну"
                        + (" (да)" if p in chosen else "")
                        + (" недоступно" if full else ""),
                    )
                    if plan.extra
                    else ft.Container(),
                ],
                height=TARGET,
            )
        )
    body = [
        stepper("hand", f"{names[giver]}: {_('карт на руке')}", str(hand), change_hand),
        # three lines whatever the plan (or the reason in its place) says
        tagged(
            "charity-plan",
            ft.Container(
                clipped_text(plan_text, 14, lines=3, color=ft.Colors.ERROR if why else None),
                height=60,
            ),
            label=plan_text,
        ),
        ft.Container(
            ft.Column(rows, spacing=4, tight=True),
            height=(len(names) - 1) * (TARGET + 4),
            alignment=ft.Alignment.TOP_LEFT,
        ),
    ]

    def close() -> None:
        set_opened(False)

    ft.use_dialog(
        form_dialog(
            layout,
            _("От щедрот"),
            [tagged("charity", ft.Column(body, spacing=4, tight=True))],
            None,
            [
                button("charity-cancel", _("Закрыть"), close),
                button(
                    "charity-submit",
                    _("Сбросить") if plan.discard else _("Раздать"),
                    give,
                    ft.FilledButton,
                    icon=ft.Icons.VOLUNTEER_ACTIVISM,
                    disabled=plan.surplus == 0 or (not plan.discard and len(chosen) != plan.extra),
                ),
            ],
            close,
        )
        if opened
        else None
    )
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
    draw = f"{_('тянуть')} {treasures} " + plural(
        treasures, _("сокровище"), _("сокровища"), _("сокровищ")
    )
    return ft.Row(
        [
            opener,
            ft.Container(said("charity-treasures", clipped_text(draw, 13, lines=2)), expand=True),
        ],
        spacing=6,
    )


#: Memoised: changes with the giver, the treasures and the levels only.
CharitySlot = ft.memo(_CharitySlot)


def _odd_cards_taken(extra: int, chosen: list[str]) -> str:
    """Why one more «ещё одну» is refused: the ``extra`` odd cards, one each, are with
    ``chosen`` («Фазы хода», «От щедрот»); the rule before the names, inside three lines."""
    if extra == 1:
        return (
            f"{_('Остаток (1) уже отдан')}: {chosen[0]} ({R_PHASES}). "
            f"{_('Снимите там «ещё одну», чтобы отдать его другому.')}"
        )
    return (
        f"{_('Остаток')} ({extra}) {_('уже отдан')}: {', '.join(chosen)} ({R_PHASES}). "
        f"{_('Снимите у кого-то «ещё одну», чтобы отдать другому.')}"
    )
