"""Tagged leaf controls (:func:`~companion.ui.controls.tagged`) the screens share: a text
button 48 dp tall, and a text spoken as it reads."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.controls import TARGET, tagged

__all__ = ["button", "said"]


def button(
    ident: str,
    text: str,
    on_click: Callable[..., Any] | None,
    kind: type[
        ft.TextButton | ft.FilledButton | ft.OutlinedButton | ft.FilledTonalButton
    ] = ft.TextButton,
    *,
    label: str | None = None,
    **style: Any,
) -> ft.Control:
    """A text button of ``kind`` saying ``text``, ``TARGET`` (48 dp) tall, tagged ``ident``
    (spoken as ``label``); ``style`` goes to the button as it is (``icon``, ``disabled`` …)."""
    return tagged(ident, kind(text, height=TARGET, on_click=on_click, **style), label=label)


def said(ident: str, text: ft.Text) -> ft.Control:
    """``text`` tagged ``ident`` and spoken as it reads (its ``value``)."""
    return tagged(ident, text, label=text.value)
