"""Flet UI (declarative: ``@ft.component``, observables, ``ft.Router``).

The UI only shows state and sends moves: rules live in :mod:`companion.engine`, persistence
in :mod:`companion.store`.
"""
