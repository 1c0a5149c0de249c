"""The offline web app (``companion.web``): no server, so table mode, https, host copies and
the CLI are hidden; settings say where games live and whether storage is persisted."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BROWSER", "Browser"]


@dataclass
class Browser:
    """``active``: the app runs in the browser; ``persisted``: the browser's answer to the
    request for persistent storage (``None``: it cannot tell)."""

    active: bool = False
    persisted: bool | None = None


#: Set once by :func:`companion.web.boot` before the app starts.
BROWSER = Browser()
