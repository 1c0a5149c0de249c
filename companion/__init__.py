"""Настольный компаньон (Table Companion in code): a bookkeeper and referee beside a physical
tabletop game."""

__version__ = "0.1.0"

#: The app's name wherever a player sees it: home screen, browser tab, installed icon.
APP_NAME = "Настольный компаньон"
#: The name under an installed icon, where the full name does not fit.
APP_SHORT_NAME = "Компаньон"
