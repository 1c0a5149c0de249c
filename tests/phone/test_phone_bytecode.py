"""The offline web app ships Python compiled (``scripts/web/pyc.mjs``): Pyodide compiles every
module it imports from source and keeps nothing, so the build compiles, with the site's own
Pyodide, the modules the first screen imports — in the app archive and in Pyodide's standard
library — and the browser imports their .pyc."""

from __future__ import annotations

import json
import tarfile
import zipfile

from tests.phone.site import open_site
from tests.ui.conftest import App

#: Imported from source by design: Flet's Pyodide connection imports ``flet_js``, which exists
#: only after the snapshot (``companion.web.FIRST_SCREEN``), and msgpack is loaded at first
#: use (``companion.web.COMPILED``).
AFTER_SNAPSHOT = {
    "flet.messaging.pyodide_connection",
    "msgpack",
    "msgpack.exceptions",
    "msgpack.ext",
}

#: Run in the browser's Python once the first screen is up: the modules imported from a .py
#: with no .pyc read instead (frozen modules aside: CPython has them built in).
FROM_SOURCE = """
import json, os, sys
out = []
for name, module in list(sys.modules.items()):
    try:
        spec = object.__getattribute__(module, "__dict__").get("__spec__")
    except AttributeError:
        continue
    origin = getattr(spec, "origin", None)
    cached = getattr(spec, "cached", None)
    if str(origin).endswith(".py") and not (cached and os.path.exists(cached)):
        out.append(name)
json.dumps(sorted(out))
"""


def test_the_first_screen_imports_no_module_from_source(browser, static_server) -> None:
    """With ``?tcProfile`` Python starts afresh (no snapshot) and imports everything: every
    module the first screen needs comes from a .pyc."""
    app = App(browser, static_server)  # type: ignore[arg-type]
    try:
        open_site(app, "/?tcProfile")
        found = json.loads(app.page.evaluate("(code) => window.tcPython(code)", FROM_SOURCE))
        assert set(found) - AFTER_SNAPSHOT == set(), (
            "imported from source (add them to companion.web.FIRST_SCREEN):"
            f" {sorted(set(found) - AFTER_SNAPSHOT)}"
        )
        assert not app.blocked, f"non-local requests: {app.blocked}"
    finally:
        app.close()


def test_the_archive_holds_bytecode_and_the_sources_the_app_reads(site) -> None:
    """Compiled modules lose their .py (the archive's size), except those whose source
    ``companion.ui.flet_fixes.check`` reads; modules imported later stay .py."""
    with tarfile.open(site / "app.tar.gz") as tar:
        names = set(tar.getnames())
    assert "companion/web.pyc" in names and "companion/web.py" not in names
    assert "companion/ui/app.pyc" in names
    session = "__pypackages__/flet/messaging/session"
    assert {
        f"{session}.py",
        "__pypackages__/flet/messaging/__pycache__/session.cpython-314.pyc",
    } <= names
    assert "__pypackages__/flet/messaging/pyodide_connection.py" in names
    assert not [n for n in names if n.endswith(".pyi")]
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as stdlib:
        std = set(stdlib.namelist())
    assert "asyncio/__init__.pyc" in std and "asyncio/__init__.py" not in std
    assert not [n for n in std if n.startswith(("unittest/", "_pyrepl/"))]
