"""Russian words on screen: the UI's name for :mod:`companion.words` (shared with the engines'
journal lines, which decline names too)."""

from companion.words import CASES, inflect, plural

__all__ = ["inflect", "plural", "CASES"]
