"""A player's colour as the colour of a text (a name, a score): readable on the light and the
dark theme alike.

The palette's dots and bars keep the colour as chosen. A text in it must be read at arm's
length: the yellow player's «0» on the VP strip had a contrast of 1.4 : 1 with white
(play-test: hard to read). :func:`ink` keeps the hue and moves only the lightness (OKLCh,
:mod:`coloraide`) until the text has :data:`MIN_CONTRAST` against both themes' backgrounds —
the WCAG 2.1 contrast for large and bold text, the most a colour can have against white and
near-black at once.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from coloraide import Color

__all__ = ["ink", "MIN_CONTRAST", "LIGHT_BACKGROUND", "DARK_BACKGROUND"]

#: WCAG 2.1 contrast ratio a player's text keeps against both backgrounds.
MIN_CONTRAST = 3.0
#: The backgrounds a text is read on: the light theme's and the dark theme's surfaces.
LIGHT_BACKGROUND = "#ffffff"
DARK_BACKGROUND = "#121212"


def _fits(c: Color) -> bool:
    return bool(
        c.contrast(LIGHT_BACKGROUND, method="wcag21") >= MIN_CONTRAST
        and c.contrast(DARK_BACKGROUND, method="wcag21") >= MIN_CONTRAST
    )


@functools.lru_cache(maxsize=256)
def ink(color: str) -> str:
    """``color`` (``"#rrggbb"``) for a text: itself when it already reads on both themes,
    else the same hue made darker (too light for white) or lighter (too dark for near-black)
    just enough, as ``"#rrggbb"``. A value that is not a colour (a theme colour's name such as
    ``"primary"``) is returned as it is."""
    from coloraide import Color  # ~1 s to import in the browser: only once a colour is drawn

    try:
        start = Color(color)
    except ValueError:
        return color
    if _fits(start):
        return color
    lch = start.convert("oklch")
    # Contrast with white only grows as the lightness falls, contrast with near-black only as
    # it rises: bisect the one that fails for the lightness closest to the colour's own.
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
