"""Table mode's network side: the web server that carries the app to phones on the Wi-Fi.

Below the UI and above the store: :mod:`~companion.table.webserver` (host/origin checks, the
static assets, the patched Flet client), :mod:`~companion.table.security` (join codes, the
guessing limit, roles), :mod:`~companion.table.budget` (per-connection event and byte budgets),
:mod:`~companion.table.https` (the self-signed certificate) and
:mod:`~companion.table.plainhttp` (a short answer to plain http on the https port).
None of them imports Flet's UI controls.
"""
