"""How many lines a text takes on a phone, without a browser: the advance widths of the
app's font and a greedy wrap at spaces, as Flutter wraps.

The font is the Roboto that Flet's web client bundles (``flet_web/web/assets/fonts/
roboto.woff2``; bold is drawn from the same file). Its advance widths (in em) were measured
once in Chromium (canvas ``measureText`` with the file loaded as a ``FontFace``). In
screenshots of the app at 390×844 Flutter drew 13 px text about 2.7 % wider than these
sums; :data:`SLACK` takes more than that, so a text this module says fits does fit (the
screenshots of ``scripts/screenshots.py`` are the check by eye). The tests measure with it,
and so does the status line (:mod:`companion.ui.status`: a long name's size).
"""

from __future__ import annotations

import math

__all__ = ["BOLD_SLACK", "OTHER", "ROBOTO", "SLACK", "fit_size", "lines", "text_width", "wrap"]

#: Advance width of each character in em (Roboto, regular).
ROBOTO: dict[str, float] = {
    " ": 0.2476,
    "!": 0.2573,
    '"': 0.3198,
    "%": 0.7324,
    "'": 0.1743,
    "(": 0.3418,
    ")": 0.3477,
    "+": 0.5669,
    ",": 0.1963,
    "-": 0.2759,
    ".": 0.2632,
    "/": 0.4121,
    "0": 0.5615,
    "1": 0.5615,
    "2": 0.5615,
    "3": 0.5615,
    "4": 0.5615,
    "5": 0.5615,
    "6": 0.5615,
    "7": 0.5615,
    "8": 0.5615,
    "9": 0.5615,
    ":": 0.2422,
    ";": 0.2114,
    "?": 0.4722,
    "A": 0.6523,
    "B": 0.6226,
    "C": 0.6509,
    "D": 0.6558,
    "E": 0.5684,
    "F": 0.5527,
    "G": 0.6812,
    "H": 0.7129,
    "I": 0.272,
    "J": 0.5518,
    "K": 0.627,
    "L": 0.5381,
    "M": 0.873,
    "N": 0.7129,
    "O": 0.6875,
    "P": 0.6309,
    "Q": 0.6875,
    "R": 0.6157,
    "S": 0.5933,
    "T": 0.5967,
    "U": 0.6484,
    "V": 0.6362,
    "W": 0.8872,
    "X": 0.627,
    "Y": 0.6006,
    "Z": 0.5986,
    "a": 0.5439,
    "b": 0.561,
    "c": 0.5234,
    "d": 0.564,
    "e": 0.5298,
    "f": 0.3472,
    "g": 0.561,
    "h": 0.5508,
    "i": 0.2427,
    "j": 0.2388,
    "k": 0.5068,
    "l": 0.2427,
    "m": 0.8765,
    "n": 0.5518,
    "o": 0.5703,
    "p": 0.561,
    "q": 0.5684,
    "r": 0.3384,
    "s": 0.5156,
    "t": 0.3267,
    "u": 0.5513,
    "v": 0.4844,
    "w": 0.7515,
    "x": 0.4956,
    "y": 0.4731,
    "z": 0.4956,
    "«": 0.4692,
    "»": 0.4688,
    "Ё": 0.5684,
    "А": 0.6523,
    "Б": 0.6304,
    "В": 0.6226,
    "Г": 0.5562,
    "Д": 0.752,
    "Е": 0.5684,
    "Ж": 0.9077,
    "З": 0.5933,
    "И": 0.7129,
    "Й": 0.7129,
    "К": 0.6426,
    "Л": 0.7075,
    "М": 0.873,
    "Н": 0.7129,
    "О": 0.6875,
    "П": 0.7134,
    "Р": 0.6309,
    "С": 0.6509,
    "Т": 0.5967,
    "У": 0.6284,
    "Ф": 0.7715,
    "Х": 0.627,
    "Ц": 0.731,
    "Ч": 0.6846,
    "Ш": 0.9409,
    "Щ": 0.9688,
    "Ъ": 0.7588,
    "Ы": 0.8647,
    "Ь": 0.6274,
    "Э": 0.6738,
    "Ю": 0.894,
    "Я": 0.6367,
    "а": 0.5439,
    "б": 0.5527,
    "в": 0.5713,
    "г": 0.4194,
    "д": 0.6035,
    "е": 0.5298,
    "ж": 0.7656,
    "з": 0.5078,
    "и": 0.5771,
    "й": 0.5771,
    "к": 0.54,
    "л": 0.5781,
    "м": 0.7417,
    "н": 0.5767,
    "о": 0.5703,
    "п": 0.5771,
    "р": 0.561,
    "с": 0.5234,
    "т": 0.4805,
    "у": 0.4731,
    "ф": 0.7251,
    "х": 0.4956,
    "ц": 0.5923,
    "ч": 0.5435,
    "ш": 0.8086,
    "щ": 0.8271,
    "ъ": 0.6206,
    "ы": 0.7764,
    "ь": 0.543,
    "э": 0.5376,
    "ю": 0.8159,
    "я": 0.5488,
    "ё": 0.5298,
    "–": 0.6562,
    "—": 0.7808,
    "…": 0.6689,
    "№": 1.0283,
    "−": 0.5713,
}
#: Width of a character missing from :data:`ROBOTO` (em): the widest Cyrillic letter's.
OTHER = 0.95
#: How much wider than the measured sums a line is taken to be: Flutter drew 13 px text
#: 2.7 % wider than the canvas measures, an 18 px bold title no wider (synthetic bold keeps
#: the advances).
SLACK = 1.06
BOLD_SLACK = 1.08


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width (px) ``text`` takes on one line at ``size`` px, with the slack."""
    em = sum(ROBOTO.get(ch, OTHER) for ch in text)
    return em * size * (BOLD_SLACK if bold else SLACK)


def wrap(text: str, width: float, size: float, *, bold: bool = False) -> list[str]:
    """``text`` broken into lines ``width`` px wide, at spaces only (Flutter may also break
    after a hyphen or a dash, which can only save lines); a line break in the text starts a
    new line. A word wider than a line takes as many lines as it needs."""
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            joined = f"{line} {word}" if line else word
            if not line or text_width(joined, size, bold=bold) <= width:
                line = joined
                continue
            out.append(line)
            line = word
        out.append(line)
    overflow = [math.ceil(text_width(x, size, bold=bold) / width) - 1 for x in out]
    return out + [""] * sum(n for n in overflow if n > 0)


def lines(text: str, width: float, size: float, *, bold: bool = False) -> int:
    """How many lines ``text`` takes (0 for an empty text)."""
    return len(wrap(text, width, size, bold=bold)) if text else 0


def fit_size(text: str, room: float, sizes: tuple[int, ...], *, bold: bool = False) -> int:
    """The largest of ``sizes`` (largest first) at which ``text`` fits ``room`` px on one line
    (with the slack of :func:`text_width`); the smallest when none does (the text is cut with
    «…» there)."""
    for size in sizes:
        if text_width(text, size, bold=bold) <= room:
            return size
    return sizes[-1]
