"""One compact card per munchkin (:func:`.player_row`): name, role in the combat, strength,
level and gear :class:`.Counter`, class and notes (edited in a :func:`.form_dialog`). A
refusal about the player is said in the frame's banner (:func:`.board.use_send`): nothing in
the card comes or goes with it."""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.engine.munchkin import PlayerSheet
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

#: Width (px) of a counter's value between its − and +: a card's two counters (288 px) fit
#: inside it on a 360 px phone.
COUNTER_VALUE = 48


@ft.component
def _PlayerRow(
    index: int,
    name: str,
    color: str,
    sheet: PlayerSheet,
    active: bool,
    role: str,
    over: bool,
    send: Send,
) -> ft.Control:
    """Player ``index``'s card (plain props: re-rendered only when they change); ``over``: play
    has ended, the buttons are shown disabled in their places; a short page: no padding above
    the name. Tags: ``card-p{i}``, ``name-p{i}``, ``class-p{i}``, ``power-p{i}``,
    ``level-p{i}``/``gear-p{i}`` (``-minus``/``-plus``), ``edit-p{i}``, ``notes-p{i}``; in the
    dialog ``class-field-p{i}``, ``notes-field-p{i}``, ``cancel-text-p{i}``, ``save-text-p{i}``.
    """
    level, gear, klass, notes = sheet.level, sheet.gear, sheet.klass, sheet.notes
    editing, set_editing = ft.use_state(False)
    form, update, latest = use_form(lambda: {"klass": klass, "notes": notes}, editing)
    layout = use_layout()
    close = partial(set_editing, False)

    def save() -> None:
        cur, sent = latest(), False
        if cur["klass"] != klass:
            sent = send("player.class", {"player": index, "value": cur["klass"]})
        if cur["notes"] != notes:
            send("player.notes", {"player": index, "value": cur["notes"]}, chained=sent)
        close()

    fields = [
        tagged(
            f"{tag}-field-p{index}",
            ft.TextField(
                label=label,
                value=form[key],
                multiline=key == "notes",
                min_lines=2 if key == "notes" else None,
                on_change=lambda e, key=key: update({**latest(), key: typed_text(e)}),
            ),
        )
        for key, tag, label in (("klass", "class", _("Класс")), ("notes", "notes", _("Заметки")))
    ]
    actions = dialog_actions(
        f"cancel-text-p{index}", f"save-text-p{index}", _("Сохранить"), close, save
    )
    title = f"{name}: {_('класс и заметки')}"
    ft.use_dialog(form_dialog(layout, title, fields, None, actions, close) if editing else None)
    power = level + gear
    who = klass or _("без класса")
    shown_name = player_name(
        name,
        active,
        size=18,
        ident=f"name-p{index}",
        label=name + (" (ходит)" if active else ""),
        marker=False,
    )
    kind = clipped_text(  # in a fight the role (and the class)
        (f"{role} · {klass}" if klass else role) if role else who,
        13,
        lines=2,
        italic=not klass and not role,
        color=ft.Colors.PRIMARY if role else None,
        style=ft.TextStyle(height=1.1),
    )
    shown_class = tagged(f"class-p{index}", kind, label=f"{role} {who}".strip())
    # name and class share the head's room 3:2, each a loose flex: a long name is cut in its
    # slot, never under the marker and the strength
    head = ft.Row(
        [
            ft.Container(shown_name, expand=3, expand_loose=True),
            active_marker(active, keep_slot=False),
            ft.Container(shown_class, expand=2, expand_loose=True),
        ],
        spacing=4,
    )
    number = ft.Text(shown_number(power), size=24, weight=ft.FontWeight.BOLD)
    strength = ft.Container(number, width=40, alignment=ft.Alignment.CENTER)
    edit = partial(set_editing, True)
    slots = [
        ft.Text(_("сила"), size=12),
        tagged(f"power-p{index}", strength, label=str(power)),
        icon_button(
            f"edit-p{index}", ft.Icons.EDIT_NOTE, _("Класс и заметки"), edit, disabled=over
        ),
    ]
    pair = [
        Counter(
            f"{what}-p{index}",
            f"{name}: {spoken}",
            value,
            lambda d, what=what: send(f"{what}.change", {"player": index, "delta": d}),
            lambda v, what=what: send(f"{what}.set", {"player": index, "value": v}),
            caption=caption,
            width=COUNTER_VALUE,
            size=24,
            # a bonus below 0 (a curse, a minus item: «Бой») in the error colour
            color=ft.Colors.ERROR if value < 0 else None,
            disabled=over,
        )
        for what, spoken, caption, value in (
            ("level", _("уровень"), _("уровень"), level),
            ("gear", _("бонус шмоток"), _("шмотки"), gear),
        )
    ]
    # the room of a wider phone goes between them
    counters = ft.Row(pair, spacing=0, alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
    below = [counters, *([said(f"notes-p{index}", clipped_text(notes, 13))] if notes else [])]
    return player_row(
        f"card-p{index}", color, active, head, slots, label=None, below=below, dense=layout.short
    )


#: Memoised: a tap on one player re-renders that player's row only.
PlayerRow = ft.memo(_PlayerRow)
