"""The choices of a Coup step: the seven actions (:func:`Grid`) and who challenges, blocks or
which card is revealed (:func:`Answers`, from :func:`answers_of`). A forbidden one is dimmed
but answers a tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    CHARACTERS,
    CoupState,
    awaiting,
    legal_events,
    waiting_for,
)
from companion.i18n import _
from companion.ui.boards.coup.common import ACTION_LABELS
from companion.ui.layout import grid
from companion.ui.widgets import TARGET, clipped_text, tagged

__all__ = ["ACTION_WIDTH", "Answer", "Answers", "COMPACT_ROWS", "Grid", "answers_of"]

#: An answer button: (identifier, lines, label or "", dimmed, move type, move data).
Answer = tuple[str, tuple[str, ...], str, bool, str, tuple[tuple[str, Any], ...]]

#: Width (px) of an action button: three a row in a 360 px phone's panel.
ACTION_WIDTH = 96
#: A folded board's action grid: untargeted actions, then targeted ones (two rows).
COMPACT_ROWS = (("income", "foreign_aid", "tax", "exchange"), ("coup", "assassinate", "steal"))
COMPACT_GAP = 4
#: Columns of a folded board's answers on an upright phone.
ANSWER_COLUMNS = 3


def _button(
    ident: str,
    lines: tuple[str, ...],
    on_click: Callable[[Any], None],
    *,
    selected: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    width: int | None = None,
    size: int = 14,
    height: int = TARGET + 4,
    pad: int = 2,
) -> ft.Control:
    """A ``height`` dp button of one or two lines (``size`` px bold, then 11 px), ``width`` px
    or as wide as its cell."""
    texts = [clipped_text(lines[0], size, weight=ft.FontWeight.W_600)]
    if len(lines) > 1:
        texts.append(clipped_text(lines[1], 11))
    kind = ft.FilledButton if selected else ft.FilledTonalButton
    return tagged(
        ident,
        ft.Container(
            kind(
                content=ft.Column(
                    texts, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER
                ),
                height=height,
                width=width,
                on_click=on_click,
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=pad),
                    visual_density=ft.VisualDensity.COMPACT,
                ),
            ),
            opacity=0.45 if dimmed else 1.0,
        ),
        label=label or " ".join(lines),
    )


@ft.component
def _Grid(
    legal: tuple[str, ...],
    selected: str | None,
    on_tap: Callable[[str], None],
    folded: bool = False,
) -> ft.Control:
    """The seven actions, those not in ``legal`` dimmed; ``folded``: :data:`COMPACT_ROWS`."""

    def button(a: str, size: int, height: int, width: int | None) -> ft.Control:
        info = ACTIONS[a]
        return _button(
            f"act-{a}",
            (_(ACTION_LABELS[a]), CHARACTER_NAMES[info.claim] if info.claim else _("без карты")),
            lambda _e, a=a: on_tap(a),
            selected=a == selected,
            dimmed=a not in legal,
            width=width,
            size=size,
            height=height,
        )

    if folded:
        return ft.Column(
            [
                grid([button(a, 12, TARGET, None) for a in line], len(line), COMPACT_GAP)
                for line in COMPACT_ROWS
            ],
            spacing=COMPACT_GAP,
        )
    return ft.Row(
        [button(a, 13, TARGET + 4, ACTION_WIDTH) for a in ACTIONS],
        wrap=True,
        spacing=5,
        run_spacing=5,
    )


@ft.component
def _Answers(
    answers: tuple[Answer, ...],
    answer: Callable[..., None],
    folded: bool = False,
    upright: bool = True,
) -> ft.Control:
    """The step's answer buttons; ``folded`` and ``upright``: :data:`ANSWER_COLUMNS` per row."""
    cards = any(a[0].startswith("lose-") for a in answers)

    def button(a: Answer, size: int, height: int, pad: int = 2) -> ft.Control:
        ident, lines, label, dimmed, kind, data = a
        return _button(
            ident,
            lines,
            lambda _e: answer(kind, dict(data), dimmed),
            dimmed=dimmed,
            label=label or None,
            size=size,
            height=height,
            pad=pad,
        )

    if cards:
        return grid([button(a, 12, TARGET) for a in answers], len(answers), COMPACT_GAP)
    if folded and upright:
        return grid([button(a, 12, TARGET) for a in answers], ANSWER_COLUMNS, COMPACT_GAP)
    return ft.Row(
        [button(a, 14, TARGET + 4, 6) for a in answers], wrap=True, spacing=5, run_spacing=5
    )


# hidden sections keep their last props: a step flips ``visible`` rather than rebuilding
Grid, Answers = ft.memo(_Grid), ft.memo(_Answers)


def answers_of(state: CoupState) -> tuple[Answer, ...]:
    """The answer buttons: ``challenge-p<i>``, ``block-p<i>-<character>``,
    ``lose-<character>`` (those not held dimmed); empty outside answer steps."""
    step = awaiting(state)
    p = state.pending
    names = state.names
    legal = legal_events(state)
    if step in ("challenge", "block_challenge"):
        return tuple(
            (
                f"challenge-p{c}",
                (names[c],),
                f"{names[c]} {_('оспаривает')}",
                False,
                "coup.challenge",
                (("challenger", c),),
            )
            for c in waiting_for(state)
        )
    if step == "block":
        return tuple(
            (
                f"block-p{d['blocker']}-{d['character']}",
                (names[d["blocker"]], CHARACTER_NAMES[d["character"]]),
                "",
                False,
                "coup.block",
                tuple(sorted(d.items())),
            )
            for kind, d in legal
            if kind == "coup.block"
        )
    if step == "lose_influence":
        assert p is not None
        who = p["losses"][0]["player"]
        allowed = {d["character"] for kind, d in legal if kind == "coup.lose_influence"}
        return tuple(
            (
                f"lose-{c}",
                (CHARACTER_NAMES[c],),
                "",
                c not in allowed,
                "coup.lose_influence",
                (("character", c), ("player", who)),
            )
            for c in CHARACTERS
        )
    return ()
