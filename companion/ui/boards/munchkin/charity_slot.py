"""«От щедрот»: the charity helper in the board's top line — a button that opens, in a dialog,
who gives which cards to whom (the engine's :func:`~companion.engine.munchkin.charity` plan)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.munchkin import HAND_LIMIT, charity
from companion.engine.munchkin.constants import R_PHASES
from companion.i18n import _
from companion.ui.boards.munchkin.common import Send
from companion.ui.widgets import TARGET, button, clipped_text, icon_button, said, tagged, toggle
from companion.ui.words import plural

__all__ = ["CharitySlot"]


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
    """«От щедрот»: a button in the top line's slot opens the helper in a dialog: cards in
    hand → who gets the surplus (or the discard), then one event; the dialog closes when it is
    recorded, and a notice says who got what.

    The odd cards go one each to recipients the giver picks: once as many are picked as there
    are odd cards, the other boxes are dimmed, so the table can never tick more; a tap on a
    dimmed one says why in the plan's own three
    lines, in place of the plan, until the hand or a box changes. Tags: ``charity-open``; in
    the dialog ``charity``, ``hand`` (``hand-minus``/``hand-plus``), ``charity-plan`` (the
    plan, or why a box took no card), ``gift-{p}``, ``gift-extra-{p}``, ``charity-submit``,
    ``charity-cancel``.

    After a won fight the button has ``treasures`` («тянуть N сокровищ», «Бой») beside it, tag
    ``charity-treasures``: the button took the slot of the fight's summary, and nothing said
    how many treasures to draw.

    The hand starts at ``last_hand``, the size last entered. The
    dialog keeps one height whatever the hand: the recipients' rows have a place for every
    other player, so «−» never moves the buttons under the finger.
    """
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
        gave = send("turn.charity", data)
        if gave:
            set_extra_to(None)
            set_opened(False)
            # the slot goes with the dialog: say what was given, where the table looks
            # in cards, never «+1» alone: that read as a level
            given = [
                f"{names[p]} {n} {plural(n, _('карта'), _('карты'), _('карт'))}"
                for p, n in enumerate(data["gifts"])
                if n
            ]
            if data["discard"]:
                d = data["discard"]
                given.append(f"{_('в сброс')} {d} {plural(d, _('карта'), _('карты'), _('карт'))}")
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

    def change_hand(n: int) -> None:
        set_hand(n)
        set_why("")

    if plan.surplus == 0:
        text = f"{_('Не больше')} {HAND_LIMIT} {_('карт — раздавать нечего')}"
    elif plan.discard:
        text = (
            f"{_('Лишних карт')}: {plan.surplus}. "
            f"{_('Самый низкий уровень у вас — они уходят в сброс')}."
        )
    else:
        text = (
            f"{_('Лишних карт')}: {plan.surplus} — {_('поровну манчкинам самого низкого уровня')}."
        )
        if plan.extra:
            text += f" {_('Остаток')} ({plan.extra}) — {_('по одной тем, кого выберете')}."
    body: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(f"{names[giver]}: {_('карт на руке')}", size=15, expand=True),
                icon_button(
                    "hand-minus",
                    ft.Icons.REMOVE,
                    _("Меньше"),
                    lambda: change_hand(max(0, hand - 1)),
                ),
                tagged(
                    "hand",
                    ft.Container(
                        ft.Text(str(hand), size=24, weight=ft.FontWeight.BOLD),
                        width=44,
                        alignment=ft.Alignment.CENTER,
                    ),
                    label=str(hand),
                ),
                icon_button("hand-plus", ft.Icons.ADD, _("Больше"), lambda: change_hand(hand + 1)),
            ],
            spacing=0,
        ),
        # three lines kept whatever the plan (or the reason in its place) says: the rows
        # below keep their places
        tagged(
            "charity-plan",
            ft.Container(
                clipped_text(why or text, 14, lines=3, color=ft.Colors.ERROR if why else None),
                height=60,
            ),
            label=why or text,
        ),
    ]
    rows: list[ft.Control] = []
    if not plan.discard:
        for p in plan.recipients:
            full = p not in chosen and len(chosen) >= plan.extra
            rows.append(
                ft.Row(
                    [
                        said(
                            f"gift-{p}",
                            ft.Text(f"{names[p]}: {gifts[p]}", size=16, weight=ft.FontWeight.BOLD),
                        ),
                        tagged(
                            f"gift-extra-{p}",
                            toggle(_("ещё одну"), p in chosen, lambda p=p: flip(p), dimmed=full),
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
    # a place for every other player's row, filled or not: the dialog never changes height
    body.append(
        ft.Container(
            ft.Column(rows, spacing=4, tight=True),
            height=(len(names) - 1) * (TARGET + 4),
            alignment=ft.Alignment.TOP_LEFT,
        )
    )
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(_("От щедрот"), size=18),
            # at the top, growing downwards: rows coming and going as the hand changes never
            # move the hand's −/+ under the finger (a centred dialog re-centred by 98 px)
            alignment=ft.Alignment.TOP_CENTER,
            inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
            content=tagged("charity", ft.Column(body, spacing=4, tight=True, width=340)),
            actions=[
                button("charity-cancel", _("Закрыть"), lambda: set_opened(False)),
                button(
                    "charity-submit",
                    _("Сбросить") if plan.discard else _("Раздать"),
                    give,
                    ft.FilledButton,
                    icon=ft.Icons.VOLUNTEER_ACTIVISM,
                    disabled=plan.surplus == 0 or (not plan.discard and len(chosen) != plan.extra),
                ),
            ],
            on_dismiss=lambda: set_opened(False),
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
    draw = (
        f"{_('тянуть')} {treasures} "
        f"{plural(treasures, _('сокровище'), _('сокровища'), _('сокровищ'))}"
    )
    return ft.Row(
        [
            opener,
            ft.Container(
                said("charity-treasures", clipped_text(draw, 13, lines=2)),
                expand=True,
            ),
        ],
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


#: Memoised: changes with the giver, the treasures and the levels only.
CharitySlot = ft.memo(_CharitySlot)


def _odd_cards_taken(extra: int, chosen: list[str]) -> str:
    """Why one more «ещё одну» is refused: after the even split only ``extra`` cards are left,
    one each, and ``chosen`` have them («Фазы хода», «От щедрот»: as evenly as possible).

    Short enough for the plan's three lines at 360 px, in the plan's words («Остаток (N)»),
    the rule named before the names so a cut never takes it."""
    if extra == 1:
        return (
            f"{_('Остаток (1) уже отдан')}: {chosen[0]} ({R_PHASES}). "
            f"{_('Снимите там «ещё одну», чтобы отдать его другому.')}"
        )
    return (
        f"{_('Остаток')} ({extra}) {_('уже отдан')}: {', '.join(chosen)} ({R_PHASES}). "
        f"{_('Снимите у кого-то «ещё одну», чтобы отдать другому.')}"
    )
