"""One gettext catalogue for every string shown on screen.

Message ids are the Russian texts (the app's source language); another language is added by
dropping ``locale/<lang>/LC_MESSAGES/companion.mo`` next to this module (template:
``locale/companion.pot``, regenerated with ``xgettext`` or ``pybabel extract``). Choose the
language with env ``COMPANION_LANG``; Russian needs no compiled catalogue.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

__all__ = ["_", "ngettext", "LOCALE_DIR"]

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation = gettext.translation(
    "companion",
    localedir=LOCALE_DIR,
    languages=[os.environ.get("COMPANION_LANG", "ru")],
    fallback=True,
)

_ = _translation.gettext
ngettext = _translation.ngettext


def regenerate_template() -> None:  # pragma: no cover - a maintainer's command
    """Rebuild ``locale/companion.pot`` from every ``_()`` in the package (needs GNU xgettext).

    ``python -c "from companion.i18n import regenerate_template; regenerate_template()"``
    """
    import subprocess

    # paths relative to the repository (run from its root), so a template made in another
    # clone differs only where the strings do
    root = LOCALE_DIR.parent.parent
    sources = sorted(str(p.relative_to(root)) for p in LOCALE_DIR.parent.rglob("*.py"))
    subprocess.run(
        [
            "xgettext",
            "--language=Python",
            "--keyword=_",
            "--from-code=UTF-8",
            "--package-name=table-companion",
            "-o",
            str(LOCALE_DIR / "companion.pot"),
            *sources,
        ],
        check=True,
        cwd=root,
    )
