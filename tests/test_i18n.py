"""The gettext catalogue: every on-screen string marked with _() is in the template."""

from __future__ import annotations

import re
from pathlib import Path

from companion.i18n import LOCALE_DIR, _

PACKAGE = Path(__file__).resolve().parents[1] / "companion"


def test_russian_is_the_source_language():
    assert _("Новая игра") == "Новая игра"


def test_template_holds_every_marked_string():
    pot = (LOCALE_DIR / "companion.pot").read_text(encoding="utf-8")
    # msgid "..." possibly continued on following lines that are only a quoted string
    catalogue = {
        "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
        for block in re.findall(r'^msgid ((?:".*"\n)+)', pot, flags=re.M)
    }
    marked = set()
    for path in PACKAGE.rglob("*.py"):
        marked |= set(re.findall(r'\b_\("((?:[^"\\]|\\.)+)"\)', path.read_text(encoding="utf-8")))
    missing = sorted(marked - catalogue)
    assert not missing, (
        f"regenerate locale/companion.pot (companion.i18n.regenerate_template): {missing[:5]}"
    )
