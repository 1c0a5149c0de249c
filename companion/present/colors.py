"""A player's colour as a text colour readable on both themes: :func:`ink` keeps the hue and
moves the lightness (OKLCh, :mod:`coloraide`) to :data:`MIN_CONTRAST` against both
backgrounds (WCAG 2.1, large text)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coloraide import Color

__all__ = ["ink", "MIN_CONTRAST", "LIGHT_BACKGROUND", "DARK_BACKGROUND"]

#: WCAG 2.1 contrast ratio a player's text keeps against both backgrounds.
MIN_CONTRAST = 3.0
#: The light and dark themes' surfaces.
LIGHT_BACKGROUND = "#ffffff"
DARK_BACKGROUND = "#121212"


def _fits(c: Color) -> bool:
    return bool(
        c.contrast(LIGHT_BACKGROUND, method="wcag21") >= MIN_CONTRAST
        and c.contrast(DARK_BACKGROUND, method="wcag21") >= MIN_CONTRAST
    )


@functools.lru_cache(maxsize=256)
def ink(color: str) -> str:
    """``color`` (``"#rrggbb"``) darkened or lightened just enough to read on both themes, as
    ``"#rrggbb"``; a non-colour (a theme colour's name) as it is."""
    from coloraide import Color  # ~1 s to import in the browser: only once a colour is drawn

    try:
        start = Color(color)
    except ValueError:
        return color
    if _fits(start):
        return color
    lch = start.convert("oklch")
    # contrast with white grows as lightness falls, with near-black as it rises: bisect
    darker = start.contrast(LIGHT_BACKGROUND, method="wcag21") < MIN_CONTRAST
    against = LIGHT_BACKGROUND if darker else DARK_BACKGROUND

    def at(lightness: float) -> Color:  # as it will be drawn: in sRGB, rounded to #rrggbb
        shade = lch.clone().set("lightness", lightness).convert("srgb").fit("srgb")
        return Color(shade.to_string(hex=True))

    def ok(lightness: float) -> bool:
        return bool(at(lightness).contrast(against, method="wcag21") >= MIN_CONTRAST)

    own = float(lch["lightness"])
    good, bad = (0.0, own) if darker else (1.0, own)
    for _ in range(40):
        mid = (good + bad) / 2
        good, bad = (mid, bad) if ok(mid) else (good, mid)
    return str(at(good).to_string(hex=True))
