"""The gettext template's maintenance (a maintainer's command and the i18n test's reader; Babel
from the test extra, never needed at run time): ``python -m tests.i18n_template`` rewrites
``companion/locale/companion.pot`` from the strings marked with ``_`` in the package."""

from __future__ import annotations

from companion.i18n import LOCALE_DIR


def marked_messages() -> dict[str, list[tuple[str, int]]]:
    """Every string marked for translation in the package: message id → ``[(path, line)]``
    (paths relative to the repository, in file order).

    A marked string is a call of ``_`` with one constant string, wherever it stands —
    inside an f-string too (``f"{_('Казна')} {n}"``), which neither GNU xgettext 0.21 nor
    Babel on Python 3.11 extract: they read an f-string as one opaque token. Read with
    :mod:`ast`, so the template and its test see what Python sees."""
    import ast

    root = LOCALE_DIR.parent.parent
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted(LOCALE_DIR.parent.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        where = str(path.relative_to(root))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "_"
                and len(node.args) == 1
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.setdefault(node.args[0].value, []).append((where, node.lineno))
    return {msgid: sorted(places) for msgid, places in found.items()}


def regenerate_template() -> None:
    """Rebuild ``locale/companion.pot`` from :func:`marked_messages` (written by Babel, from
    the test extra): ``python -m tests.i18n_template``."""
    import io
    import re

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    catalog = Catalog(project="table-companion", fuzzy=False)
    for msgid, places in sorted(marked_messages().items(), key=lambda kv: kv[1][0]):
        catalog.add(msgid, locations=[(path, None) for path, _line in places])
    out = io.BytesIO()
    # files without line numbers, and the old file kept while only its date would change:
    # the template differs between two branches only where their strings do (fewer merges)
    write_po(out, catalog, width=100, include_lineno=False)
    path = LOCALE_DIR / "companion.pot"
    dated = re.compile(rb'^"POT-Creation-Date: .*\n', re.M)
    if path.exists() and dated.sub(b"", path.read_bytes()) == dated.sub(b"", out.getvalue()):
        return
    path.write_bytes(out.getvalue())


if __name__ == "__main__":
    regenerate_template()
