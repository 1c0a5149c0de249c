"""QR codes of table mode's join address (segno): text blocks for the host's terminal
(:func:`qr_terminal`) and a PNG for the join card (:func:`qr_png_base64`)."""

from __future__ import annotations

import base64
import io

__all__ = ["qr_png_base64", "qr_terminal"]


def qr_terminal(url: str) -> str:
    """A QR code of ``url`` drawn with text blocks for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def qr_png_base64(url: str) -> str:
    """A QR code of ``url`` as a base64 PNG (an ``ft.Image``'s ``src``)."""
    import segno

    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=6, border=2)
    return base64.b64encode(buf.getvalue()).decode()
