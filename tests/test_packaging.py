"""`pip install .` (the README's first command) ships every package and its data: the wheel
built from this checkout holds each folder of ``companion/`` with an ``__init__.py`` (found by
``[tool.setuptools.packages.find]``), the rules database as ``companion/_rules_db`` (a link to
``rules_db/``) and the package data (template, icons, manifest)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.timeout(600)
def test_the_wheel_holds_every_package_the_rules_database_and_the_data(tmp_path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = {
        p.parent.relative_to(ROOT).as_posix()
        for p in (ROOT / "companion").rglob("__init__.py")
        if "__pycache__" not in p.parts
    }
    assert {f"{p}/__init__.py" for p in packages} <= names
    shipped = {p.relative_to(ROOT / "rules_db").as_posix() for p in (ROOT / "rules_db").rglob("*")}
    assert {f"companion/_rules_db/{s}" for s in shipped if "." in s} <= names
    assert "companion/locale/companion.pot" in names
    assert any(n.startswith("companion/assets/icons/") and n.endswith(".png") for n in names)
