"""Flet UI: shows state and sends moves (rules: :mod:`companion.engine`, persistence:
:mod:`companion.store`)."""
