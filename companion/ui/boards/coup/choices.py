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
    folded: bool,
    *,
    selected: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    width: int | None = None,
    size: int = 14,
) -> ft.Control:
    """A button of one or two lines (``size`` px bold, then 11 px), ``width`` px or as wide as
    its cell; ``folded``: 48 dp tall and 12 px, else 52 dp."""
    texts = [clipped_text(lines[0], 12 if folded else size, weight=ft.FontWeight.W_600)]
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
                height=TARGET if folded else TARGET + 4,
                width=width,
                on_click=on_click,
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=2 if folded or size < 14 else 6),
                    visual_density=ft.VisualDensity.COMPACT,
                ),
            ),
            opacity=0.45 if dimmed else 1.0,
        ),
        label=label or " ".join(lines),
    )


def _wrap(buttons: list[ft.Control]) -> ft.Control:
    return ft.Row(buttons, wrap=True, spacing=5, run_spacing=5)


@ft.component
def _Grid(
    legal: tuple[str, ...],
    selected: str | None,
    on_tap: Callable[[str], None],
    folded: bool = False,
) -> ft.Control:
    """The seven actions, those not in ``legal`` dimmed; ``folded``: :data:`COMPACT_ROWS`."""

    def button(a: str) -> ft.Control:
        info = ACTIONS[a]
        claim = CHARACTER_NAMES[info.claim] if info.claim else _("без карты")
        tap = lambda _e: on_tap(a)  # noqa: E731
        return _button(
            f"act-{a}",
            (_(ACTION_LABELS[a]), claim),
            tap,
            folded,
            selected=a == selected,
            dimmed=a not in legal,
            width=None if folded else ACTION_WIDTH,
            size=13,
        )

    if not folded:
        return _wrap([button(a) for a in ACTIONS])
    lines = [grid([button(a) for a in line], len(line), COMPACT_GAP) for line in COMPACT_ROWS]
    return ft.Column(lines, spacing=COMPACT_GAP)


@ft.component
def _Answers(
    answers: tuple[Answer, ...],
    answer: Callable[..., None],
    folded: bool = False,
    upright: bool = True,
) -> ft.Control:
    """The step's answer buttons; ``folded`` and ``upright``: :data:`ANSWER_COLUMNS` per row;
    the cards to reveal always in one row."""
    cards = any(a[0].startswith("lose-") for a in answers)
    small = cards or (folded and upright)

    def button(a: Answer) -> ft.Control:
        ident, lines, label, dimmed, kind, data = a
        tap = lambda _e: answer(kind, dict(data), dimmed)  # noqa: E731
        return _button(ident, lines, tap, small, dimmed=dimmed, label=label or None)

    buttons = [button(a) for a in answers]
    if not small:
        return _wrap(buttons)
    return grid(buttons, len(answers) if cards else ANSWER_COLUMNS, COMPACT_GAP)


# hidden sections keep their last props: a step flips ``visible`` rather than rebuilding
Grid, Answers = ft.memo(_Grid), ft.memo(_Answers)


def _answer(
    ident: str,
    lines: tuple[str, ...],
    kind: str,
    data: dict[str, Any],
    label: str = "",
    dimmed: bool = False,
) -> Answer:
    return ident, lines, label, dimmed, kind, tuple(sorted(data.items()))


def answers_of(state: CoupState) -> tuple[Answer, ...]:
    """The answer buttons: ``challenge-p<i>``, ``block-p<i>-<character>``,
    ``lose-<character>`` (those not held dimmed); empty outside answer steps."""
    step = awaiting(state)
    names, legal = state.names, legal_events(state)
    if step in ("challenge", "block_challenge"):
        said = _("оспаривает")
        return tuple(
            _answer(
                f"challenge-p{c}",
                (names[c],),
                "coup.challenge",
                {"challenger": c},
                f"{names[c]} {said}",
            )
            for c in waiting_for(state)
        )
    if step == "block":
        blocks = [d for kind, d in legal if kind == "coup.block"]
        return tuple(
            _answer(
                f"block-p{d['blocker']}-{d['character']}",
                (names[d["blocker"]], CHARACTER_NAMES[d["character"]]),
                "coup.block",
                d,
            )
            for d in blocks
        )
    if step != "lose_influence" or state.pending is None:
        return ()
    who = state.pending["losses"][0]["player"]
    allowed = {d["character"] for kind, d in legal if kind == "coup.lose_influence"}
    return tuple(
        _answer(
            f"lose-{c}",
            (CHARACTER_NAMES[c],),
            "coup.lose_influence",
            {"character": c, "player": who},
            dimmed=c not in allowed,
        )
        for c in CHARACTERS
    )
