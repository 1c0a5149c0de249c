"""The offline web app's package list (scripts/build_web.py) follows pyproject.toml: every
dependency is shipped to the browser except the ``server`` extra, the compiled packages
that have no browser wheel, whose pure-Python fallbacks the app uses, and pymorphy3 (a table
of its lemmas is shipped instead)."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Compiled, no browser wheel: the app runs without them (json for orjson, the rules search's
#: pure-Python path for numpy/bm25s), or as their pure-Python modules (rapidfuzz).
NATIVE = {"numpy", "bm25s", "orjson", "rapidfuzz"}
#: The server's copy of Flet's web client: the site is made from it, it is not run there.
CLIENT = {"flet-web"}
#: Used by the build: the browser gets a table of their lemmas (companion.rules.lemma_table).
TABLED = {"pymorphy3", "pymorphy3-dicts-ru"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].strip().lower()


def _build_script():
    spec = importlib.util.spec_from_file_location("build_web", ROOT / "scripts" / "build_web.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_browser_gets_every_dependency_but_the_server_and_compiled_ones() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    deps = {_name(r) for r in project["dependencies"]}
    server = {_name(r) for r in project["optional-dependencies"]["server"]}
    assert server == {"cryptography", "uvicorn"}
    assert server <= deps, "`pip install .` must still give the full server"
    shipped = set(_build_script().BROWSER_PACKAGES)
    assert deps - server - NATIVE - CLIENT - TABLED <= shipped
    assert not shipped & (server | NATIVE | CLIENT | TABLED)
