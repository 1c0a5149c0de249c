"""What ``pyproject.toml`` promises about dependencies (issue 34's pins): every dependency has an
upper bound, the linters are locked to one version, and the package imports at run time only
what its runtime dependencies (or the standard library) provide — a test-only package imported
by ``companion/`` would break ``pip install .``."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
#: Modules that exist only where the code that imports them runs: Pyodide's bridge to the
#: browser (companion/web.py, the phone build's entry point).
BROWSER_ONLY = {"js", "pyodide", "pyodide_js"}
#: Optional extras whose modules the package only probes for (``import`` under ``try``).
PROBED_EXTRAS = ("desktop",)


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~\[;]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _every_requirement() -> list[str]:
    extras = PROJECT["optional-dependencies"].values()
    return [*PROJECT["dependencies"], *(r for extra in extras for r in extra)]


def test_every_dependency_has_an_upper_bound() -> None:
    loose = [r for r in _every_requirement() if "<" not in r and "==" not in r]
    assert loose == []


def test_the_formatter_linter_and_type_checker_are_locked() -> None:
    pins = {_name(r): r for r in PROJECT["optional-dependencies"]["test"]}
    assert re.fullmatch(r"ruff==[\d.]+", pins["ruff"])
    assert re.fullmatch(r"mypy==[\d.]+", pins["mypy"])


def _imported_top_levels() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "companion").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found


def test_the_package_imports_only_its_runtime_dependencies() -> None:
    extras = PROJECT["optional-dependencies"]
    probed = [r for extra in PROBED_EXTRAS for r in extras[extra]]
    runtime = {_name(r) for r in [*PROJECT["dependencies"], *probed]}
    distributions = packages_distributions()
    outside = []
    for module in sorted(_imported_top_levels()):
        if module in sys.stdlib_module_names or module == "companion" or module in BROWSER_ONLY:
            continue
        owners = {d.lower().replace("_", "-") for d in distributions.get(module, [])}
        owners.add(module.replace("_", "-"))  # an extra not installed here
        if not owners & runtime:
            outside.append(f"{module} (from {sorted(owners) or 'nothing installed'})")
    assert outside == []
