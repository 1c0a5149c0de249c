"""Russian words on screen (:mod:`companion.words`)."""

from companion.words import CASES, inflect, plural

__all__ = ["inflect", "plural", "CASES"]
