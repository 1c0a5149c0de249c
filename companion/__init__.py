"""Table Companion: a bookkeeper and referee beside a physical tabletop game."""

__version__ = "0.1.0"
