"""The setup form of «Рик и Морти» on the new-game screen."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.ricks import CHARACTERS, KRO, KRO_ACTIONS, MICRO, MINI, RICK_UNIVERSE
from companion.engine.ricks.definition import LIMIT, setup_problems
from companion.errors import StoreError
from companion.i18n import _
from companion.present.ricks_play import typed_int
from companion.present.ricks_setup import (
    ACTION_FIELDS,
    LIMIT_KEY,
    SETTINGS_KEY,
    keepable,
    remembered,
    seat_characters,
    taken_by,
    taken_refusal,
    typed_limit,
    typed_problems,
)
from companion.store.settings import update_settings
from companion.ui.boards.ricks.common import _field
from companion.ui.boards.types import OptionsUpdate
from companion.ui.nav import AppContext
from companion.ui.tagged_controls import heading
from companion.ui.widgets import clipped_text, switch_row, tagged

__all__ = ["OptionsForm"]

#: The notes' slots (px) by their lines: the characters' note (2), the tokens' note (3).
SLOT_HEIGHT = {2: 40, 3: 54}


@ft.component
def OptionsForm(
    options: dict[str, Any],
    set_options: OptionsUpdate,
    players: int | None = None,
    names: tuple[str, ...] = (),
) -> ft.Control:
    """Characters per seat, abilities, the universes' action tokens (remembered; a disk refusal
    shows ``ricks-settings-error``) and the optional steps Б/В limit. ``players``: seats (else
    four); ``names``: the players' names so far (``""``: not yet)."""
    app = ft.use_context(AppContext)
    root = app.hub.store.root if app is not None else None
    seats = players or 4

    # options and typed texts in a ref: two quick edits never overwrite each other
    mine = ft.use_ref(None)
    if mine.current is None:
        actions0 = dict(options.get("actions") or {KRO: KRO_ACTIONS})
        limit0 = options.get("charge_limit")
        mine.current = {
            "options": options,
            "picks": list(options.get("characters") or []) + [""] * 4,
            "typed": {u: str(actions0.get(u, "")) for u in ACTION_FIELDS},
            "limit": str(limit0) if limit0 else "",
        }
    m = mine.current
    _shown, set_shown = ft.use_state(0)  # bumped when the ref changes what is displayed

    def push(**changes: Any) -> None:
        m["options"] = {**m["options"], **changes}
        set_options(lambda _o: m["options"])

    def prefill() -> None:
        if root is None:
            return
        known, limit = remembered(root)
        if known:
            actions = dict(m["options"].get("actions") or {})
            m["typed"] = {u: str(known.get(u, actions.get(u, ""))) for u in ACTION_FIELDS}
            push(actions={**actions, **known, KRO: KRO_ACTIONS})
            set_shown(lambda v: v + 1)
        if limit is not None and not m["limit"]:
            m["limit"] = str(limit)
            push(charge_limit=limit)
            set_shown(lambda v: v + 1)

    ft.use_effect(prefill, [])

    def reseat() -> None:
        now = seat_characters(m["picks"][:seats])
        if now != m["options"].get("characters"):
            push(characters=now)

    ft.use_effect(reseat, [seats])

    def pick(seat: int, value: str) -> None:
        value = value if value in CHARACTERS else ""
        holder = taken_by(m["picks"][:seats], value, seat)
        if holder is not None:
            m["refused"] = taken_refusal(value, named(holder) or holder + 1)
            set_shown(lambda v: v + 1)
            return
        m["refused"] = ""
        m["picks"][seat] = value
        push(characters=seat_characters(m["picks"][:seats]))
        set_shown(lambda v: v + 1)

    def remember(key: str, value: Any, failure: str) -> None:
        """``value`` into ``settings.json`` under ``key``; a disk's refusal is said in the note
        (read-only or full: this game keeps what was typed)."""
        if root is None:
            return
        try:
            update_settings(root, **{key: value})
        except StoreError as exc:
            m["error"] = f"{failure}: {exc}"
        else:
            m["error"] = ""
        set_shown(lambda v: v + 1)

    def set_action(u: str, raw: str) -> None:
        m["typed"][u] = raw
        value = typed_int(raw)
        new = {**(m["options"].get("actions") or {}), KRO: KRO_ACTIONS}
        if value == "":
            new.pop(u, None)
        else:
            new[u] = value
        push(actions=new)
        set_shown(lambda v: v + 1)  # the field's mark and the note line follow what is typed
        good = keepable(new)
        if good:
            remember(SETTINGS_KEY, good, _("Число действий не запомнено"))

    def set_limit(raw: str) -> None:
        m["limit"] = raw
        value = typed_limit(raw)
        push(charge_limit=value)
        set_shown(lambda v: v + 1)
        if LIMIT not in setup_problems({LIMIT: value}):  # remembered; cleared: no limit
            remember(LIMIT_KEY, value, _("Лимит времени не запомнен"))

    picks, typed, limit_text = m["picks"], m["typed"], m["limit"]
    bad = typed_problems(m["options"], typed, limit_text)  # junk refused in place as typed
    note = " ".join(bad.values()) or m.get("error") or _("Числа запоминаются для следующих игр.")

    def named(s: int) -> str:
        """Seat ``s``'s player's name as typed (``""``: not yet)."""
        return names[s] if s < len(names) else ""

    def choice(s: int, c: str) -> ft.DropdownOption:
        """Character ``c`` in seat ``s``'s list: marked taken when another seat chose it."""
        holder = taken_by(picks[:seats], c, s)
        if holder is None:
            return ft.DropdownOption(key=c, text=c)
        who = named(holder) or f"{_('игрок')} {holder + 1}"
        return ft.DropdownOption(key=c, text=f"{c} — {_('занят')}: {who}", disabled=True)

    seat_rows = [
        tagged(
            f"character-{s}",
            ft.Dropdown(
                label=f"{_('Персонаж')}: {named(s)}"
                if named(s)
                else f"{_('Персонаж игрока')} {s + 1}",
                width=220,
                value=picks[s] or "",
                options=[ft.DropdownOption(key="", text=_("по порядку"))]
                + [choice(s, c) for c in CHARACTERS],
                on_select=lambda e, s=s: pick(s, e.control.value or ""),
            ),
        )
        for s in range(seats)
    ]
    refused = m.get("refused") or ""
    order = _("По порядку хода. Если не выбирать — Рик, Морти, Зип, Кайл.")
    said = " ".join(bad.values()) or m.get("error", "")
    tokens = [
        _field(ident, u, lambda raw, u=u: set_action(u, raw), 170, typed.get(u, ""), bad=u in bad)
        for u in (RICK_UNIVERSE, MICRO, MINI)
        for ident in (ACTION_FIELDS[u],)
    ]
    limit_label = _("Лимит на ход в шагах Б и В, сек (необязательно)")
    return ft.Column(
        [
            heading(_("Персонажи"), 18),
            _slot(
                "character-note",
                refused or order,
                refused,
                14,
                2,
                ft.Colors.ERROR if refused else None,
            ),
            ft.Row(seat_rows, wrap=True),
            switch_row(
                "abilities",
                _("Свойства персонажей"),
                bool(m["options"].get("abilities", True)),
                lambda on: push(abilities=on),
            ),
            heading(_("Жетоны действий по вселенным (число с карты вселенной)"), 16),
            ft.Row([*tokens, ft.Text(f"{KRO}: {KRO_ACTIONS}", size=16)], wrap=True),
            _slot(
                "ricks-settings-error",
                note,
                said,
                13,
                3,
                ft.Colors.ERROR if said else ft.Colors.ON_SURFACE_VARIANT,
            ),
            _field("charge-limit", limit_label, set_limit, 320, limit_text, bad=LIMIT in bad),
        ]
    )


def _slot(ident: str, text: str, said: str, size: int, lines: int, color: str | None) -> ft.Control:
    """A note in a slot always there, :data:`SLOT_HEIGHT` px (nothing below moves), spoken as
    ``said``."""
    return tagged(
        ident,
        ft.Container(
            clipped_text(text, size, lines=lines, color=color),
            height=SLOT_HEIGHT[lines],
            alignment=ft.Alignment.CENTER_LEFT,
        ),
        label=said or " ",
    )
