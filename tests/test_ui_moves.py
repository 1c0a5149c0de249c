"""The UI's moves fit the engines' event shapes (issue 34), read from the source without
running a screen: every call ``send("type", {...})`` / ``explain("type", {...})`` in
``companion/ui`` and ``companion/present`` (the Flet-free view logic below it) whose type
and keys are written out is checked against the games' ``events`` registries (no key the
shape lacks, every required key present). The typed helpers of :mod:`companion.engine.moves`
are checked by ``mypy --strict`` instead."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.engine import GAMES
from companion.engine.core import CORE_SHAPES
from companion.engine.shapes import shape_of

PACKAGE = Path(__file__).resolve().parents[1] / "companion"
ROOTS = (PACKAGE / "ui", PACKAGE / "present")
SENDERS = {"send", "explain", "send_move", "send_saying_what_moved"}


def _shapes(kind: str) -> list[type]:
    found = [g.events[kind] for g in GAMES.values() if kind in g.events]
    return found + ([CORE_SHAPES[kind]] if kind in CORE_SHAPES else [])


def _literal_moves() -> list[tuple[str, int, str, set[str]]]:
    """``(file, line, type, keys)`` of every send whose type and keys are literals."""
    out = []
    for path in (p for root in ROOTS for p in root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name not in SENDERS:
                continue
            args = [a for a in node.args if not isinstance(a, ast.Name) or a.id != "view"]
            if (
                not args
                or not isinstance(args[0], ast.Constant)
                or not isinstance(args[0].value, str)
            ):
                continue
            kind = args[0].value
            if len(args) < 2:
                keys: set[str] = set()
            elif isinstance(args[1], ast.Dict) and all(
                isinstance(k, ast.Constant) for k in args[1].keys
            ):
                keys = {k.value for k in args[1].keys}  # type: ignore[union-attr]
            else:
                continue  # data built elsewhere: the engine's door checks it at run time
            out.append((path.relative_to(PACKAGE).as_posix(), node.lineno, kind, keys))
    return out


def test_every_literal_move_of_the_ui_fits_an_engine_shape():
    moves = _literal_moves()
    assert len(moves) >= 25  # the walk finds the boards' moves (not an empty pass)
    wrong = []
    for where, line, kind, keys in moves:
        shapes = _shapes(kind)
        if not shapes:
            wrong.append(f"{where}:{line}: no game has «{kind}»")
            continue
        fits = False
        for td in shapes:
            hints, required = shape_of(td)
            if keys <= set(hints) and required <= keys:
                fits = True
        if not fits:
            wrong.append(f"{where}:{line}: «{kind}» with {sorted(keys)}")
    assert not wrong, "\n".join(wrong)
