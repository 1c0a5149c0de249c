"""How many lines a text takes on a phone, without a browser: see :mod:`companion.ui.text_fit`
(the app measures with it too: the status line's names)."""

from companion.ui.text_fit import BOLD_SLACK, OTHER, ROBOTO, SLACK, lines, text_width, wrap

__all__ = ["BOLD_SLACK", "OTHER", "ROBOTO", "SLACK", "lines", "text_width", "wrap"]
