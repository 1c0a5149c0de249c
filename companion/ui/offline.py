"""What the UI needs to know when it runs in the offline web app (``companion.web``).

There is no server there: features that need one (table mode, https, copies of exports on
the host's disk, the command line) are hidden, and the settings say where the games live and
whether the browser promised to keep them (``navigator.storage.persist()``).
"""

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
