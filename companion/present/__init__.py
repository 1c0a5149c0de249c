"""What the screens say and the forms hold, without Flet: status words, a board's lines and
hints, a form's fields, checks and preview, the window's size class (:mod:`.layout`) and the
ink for a colour. The UI shows these; they compute from the engines' state and the store's
files and never write.

Layering (import-linter, pyproject.toml): below the UI and table mode's server, above the
rules search, the store and the engines; no Flet."""
