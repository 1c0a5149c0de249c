"""One compact row per munchkin: name, role in the combat, strength, level and gear counters,
class and notes (edited in a dialog). A refusal about the player is said in the frame's banner
(see :func:`.board.use_send`), not in the row: nothing in the row comes or goes with it."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.boards.munchkin.common import Send
from companion.ui.boards.munchkin.dialogs import dialog_actions
from companion.ui.form_dialog import form_dialog
from companion.ui.layout import use_layout
from companion.ui.player_row import active_marker, player_name, player_row
from companion.ui.widgets import (
    Counter,
    clipped_text,
    icon_button,
    said,
    shown_number,
    tagged,
    typed_text,
    use_form,
)

__all__ = ["PlayerRow", "COUNTER_VALUE"]

#: Width (px) of a counter's value between its − and +: 48, so a row's two counters (288 px)
#: fit inside a card on a 360 px phone (with 60 the gear «+» was cut by the card's edge).
COUNTER_VALUE = 48


@ft.component
def _PlayerRow(
    index: int,
    name: str,
    color: str,
    level: int,
    gear: int,
    klass: str,
    notes: str,
    active: bool,
    role: str,
    over: bool,
    send: Send,
    dense: bool = False,
) -> ft.Control:
    """One munchkin (all props are plain values, so the row re-renders only when they change).

    ``dense``: no padding above the name line (a short page, :attr:`.Layout.short`: with the
    seals in the pinned bar, four cards fit above it at 360×640).

    ``over``: play has ended (``GameDefinition.ended``: won, or the seventh seal broken), the
    engine takes no change of level, gear, class or notes: the row's buttons are shown disabled,
    in their places.

    Tags: ``card-p{i}``, ``name-p{i}``, ``class-p{i}``, ``power-p{i}``, ``level-p{i}`` (with
    ``-plus``/``-minus``), ``gear-p{i}`` (likewise), ``edit-p{i}``.
    """
    editing, set_editing = ft.use_state(False)
    form, update, latest = use_form(lambda: {"klass": klass, "notes": notes}, editing)
    layout = use_layout()

    def type_text(key: str, e: Any) -> None:
        text = typed_text(e)
        update(lambda f: {**f, key: text})

    def save() -> None:
        cur, sent = latest(), False
        if cur["klass"] != klass:
            sent = send("player.class", {"player": index, "value": cur["klass"]})
        if cur["notes"] != notes:
            send("player.notes", {"player": index, "value": cur["notes"]}, chained=sent)
        set_editing(False)

    fields = [
        tagged(
            f"class-field-p{index}",
            ft.TextField(
                label=_("Класс"), value=form["klass"], on_change=lambda e: type_text("klass", e)
            ),
        ),
        tagged(
            f"notes-field-p{index}",
            ft.TextField(
                label=_("Заметки"),
                value=form["notes"],
                multiline=True,
                min_lines=2,
                on_change=lambda e: type_text("notes", e),
            ),
        ),
    ]
    ft.use_dialog(
        form_dialog(
            layout,
            f"{name}: {_('класс и заметки')}",
            fields,
            None,
            dialog_actions(
                f"cancel-text-p{index}",
                f"save-text-p{index}",
                _("Сохранить"),
                lambda: set_editing(False),
                save,
            ),
            lambda: set_editing(False),
        )
        if editing
        else None
    )
    power = level + gear
    who = klass or _("без класса")
    # name and class share the head's room 3:2 (each a loose flex: no wider than its
    # text), so a long name is cut with «…» in its slot instead of running under the marker
    # and the strength beside it
    head = ft.Row(
        [
            ft.Container(
                player_name(
                    name,
                    active,
                    size=18,
                    ident=f"name-p{index}",
                    label=name + (" (ходит)" if active else ""),
                    marker=False,
                ),
                expand=3,
                expand_loose=True,
            ),
            # the class beside it keeps the room on the others' cards
            active_marker(active, keep_slot=False),
            ft.Container(
                tagged(
                    f"class-p{index}",
                    # in a fight the role, and the class if there is one; up to two lines
                    clipped_text(
                        (f"{role} · {klass}" if klass else role) if role else who,
                        13,
                        lines=2,
                        italic=not klass and not role,
                        color=ft.Colors.PRIMARY if role else None,
                        style=ft.TextStyle(height=1.1),
                    ),
                    label=f"{role} {who}".strip(),
                ),
                expand=2,
                expand_loose=True,
            ),
        ],
        spacing=4,
    )
    slots = [
        ft.Text(_("сила"), size=12),
        tagged(
            f"power-p{index}",
            ft.Container(
                ft.Text(shown_number(power), size=24, weight=ft.FontWeight.BOLD),
                width=40,
                alignment=ft.Alignment.CENTER,
            ),
            label=str(power),
        ),
        icon_button(
            f"edit-p{index}",
            ft.Icons.EDIT_NOTE,
            _("Класс и заметки"),
            lambda: set_editing(True),
            disabled=over,
        ),
    ]
    counters = ft.Row(
        [
            Counter(
                f"level-p{index}",
                f"{name}: {_('уровень')}",
                level,
                lambda d: send("level.change", {"player": index, "delta": d}),
                lambda v: send("level.set", {"player": index, "value": v}),
                caption=_("уровень"),
                width=COUNTER_VALUE,
                size=24,
                disabled=over,
            ),
            Counter(
                f"gear-p{index}",
                f"{name}: {_('бонус шмоток')}",
                gear,
                lambda d: send("gear.change", {"player": index, "delta": d}),
                lambda v: send("gear.set", {"player": index, "value": v}),
                caption=_("шмотки"),
                size=24,
                # a bonus below 0 (a curse, a minus item: «Бой») in the error colour, plain
                # to see beside the others' (the board says so when it goes below 0)
                color=ft.Colors.ERROR if gear < 0 else None,
                width=COUNTER_VALUE,
                disabled=over,
            ),
        ],
        spacing=0,
        # two counters of 3 × 48 dp fit the active card's 298 px inside at 360 px; wider
        # phones put the room between them
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )
    below: list[ft.Control] = [counters]
    if notes:
        below.append(said(f"notes-p{index}", clipped_text(notes, 13)))
    return player_row(
        f"card-p{index}", color, active, head, slots, label=None, below=below, dense=dense
    )


#: Memoised: a tap on one player re-renders that player's row only.
PlayerRow = ft.memo(_PlayerRow)
