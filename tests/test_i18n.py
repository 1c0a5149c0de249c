"""The gettext catalogue: every on-screen string marked with _() is in the template."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from companion.i18n import LOCALE_DIR, _
from tests.i18n_template import marked_messages

PACKAGE = Path(__file__).resolve().parents[1] / "companion"


def test_russian_is_the_source_language():
    assert _("Новая игра") == "Новая игра"


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _catalogue() -> set[str]:
    """The template's message ids, unescaped."""
    pot = (LOCALE_DIR / "companion.pot").read_text(encoding="utf-8")
    # msgid "..." possibly continued on following lines that are only a quoted string
    return {
        re.sub(
            r"\\(.)",
            lambda m: _ESCAPES[m.group(1)],
            "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block)),
        )
        for block in re.findall(r'^msgid ((?:".*"\n)+)', pot, flags=re.M)
    } - {""}


def test_template_holds_every_marked_string():
    catalogue = _catalogue()
    marked = set()
    for path in PACKAGE.rglob("*.py"):
        # _("…") and _('…'), inside f-strings too (a regex of its own, apart from the
        # template's ast reading: each would catch what the other misses)
        for literal in re.findall(
            r"""\b_\(("(?:[^"\\]|\\.)+"|'(?:[^'\\]|\\.)+')\)""",
            path.read_text(encoding="utf-8"),
        ):
            marked.add(ast.literal_eval(literal))
    missing = sorted(marked - catalogue)
    assert not missing, (
        f"regenerate locale/companion.pot: python -m tests.i18n_template: {missing[:5]}"
    )


def test_strings_inside_f_strings_are_in_the_template():
    """``f"{_('Казна')} {n}"``: the call inside an f-string is extracted (xgettext 0.21 left
    some 150 of them out of the template)."""
    marked = marked_messages()
    assert "Казна" in marked and "Казна" in _catalogue()
    assert any(path.endswith("coup/players.py") for path, _line in marked["Казна"])


def test_template_has_no_stale_strings():
    """Every id in the template is still marked somewhere: a removed string leaves it."""
    stale = sorted(_catalogue() - set(marked_messages()))
    assert not stale, f"regenerate locale/companion.pot: python -m tests.i18n_template: {stale[:5]}"
