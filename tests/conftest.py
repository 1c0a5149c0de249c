"""Test-wide settings: hypothesis without per-example deadlines (shared, noisy machines), and
Chromium: one Playwright driver for the whole run (two sync Playwright instances cannot share a
thread), one browser shared by up to :data:`MODULES_PER_BROWSER` test modules, then a fresh one
(its GPU and renderer state does not build up over a long run: two late-run stalls in session 8
were a page that stopped drawing; each test's pages live in a context of their own, closed after
it). Launching Chromium takes 1–4 s; once per module it cost minutes over the suite.

``COMPANION_PURE_PYTHON=1`` runs the suite as the phone build runs the app (Pyodide has no
numpy and no compiled rapidfuzz): numpy, bm25s and scipy cannot be imported and rapidfuzz uses
its pure-Python code (``COMPANION_PURE_PYTHON=1 pytest tests/engine tests/store tests/rules``).

The settle window (:attr:`companion.ui.state.Hub.default_settle`) is 0 for the hubs the tests make
and for the servers they start (``--settle-seconds 0``, :class:`tests.ui.conftest.Server`): the
robot taps another control a few milliseconds after a step change, faster than a person can.
The window's own tests give their hub a window and a clock (``tests/ui/test_view.py``,
``tests/ui/test_double_tap.py``)."""

import contextlib
import importlib.abc
import os
import shutil
import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

from companion.ui.state import Hub

Hub.default_settle = 0  # a Hub made without a settle window has none in the tests


class _Blocked(importlib.abc.MetaPathFinder):
    """Refuses to import numpy, bm25s and scipy (as a ``ModuleNotFoundError``)."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name.partition(".")[0] in {"numpy", "bm25s", "scipy"}:
            raise ModuleNotFoundError(f"No module named {name!r} (COMPANION_PURE_PYTHON=1)")


if os.environ.get("COMPANION_PURE_PYTHON") == "1":
    os.environ["RAPIDFUZZ_IMPLEMENTATION"] = "python"
    sys.meta_path.insert(0, _Blocked())

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


#: Chromium's switches: no sandbox (root), no GPU (software drawing), no traffic of its own
#: (the machine's network is closed), and no throttling of pages it thinks are in the
#: background (a two-phone test keeps several pages drawing at once).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]


class Chromium:
    """One Chromium for a few test modules, launched again when a page of it stopped answering
    (:meth:`relaunch`: the next test then gets a new browser, not one with a spinning
    renderer). Tests use :meth:`new_context` as they would on a Playwright ``Browser``."""

    def __init__(self, driver) -> None:
        self._driver = driver
        self._browser = self._launch()
        self._stale = False
        self.modules = 0  # modules served by this launch (:func:`browser`)

    def _launch(self):
        return self._driver.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )

    def relaunch(self) -> None:
        """Mark the browser for replacement: the next :meth:`new_context` launches a new one."""
        self._stale = True

    def new_context(self, **options):
        if self._stale:
            with contextlib.suppress(Exception):  # a hung browser may not close cleanly
                self._browser.close()
            self._browser = self._launch()
            self._stale = False
            self.modules = 0
        return self._browser.new_context(**options)

    def close(self) -> None:
        self._browser.close()


#: The browser of the module now running (:func:`browser`), for the hang check in
#: ``tests/ui/conftest.py``.
CURRENT: list[Chromium] = []
#: Test modules one browser serves before it is replaced by a fresh one.
MODULES_PER_BROWSER = 8


@pytest.fixture(scope="session")
def _chromium(playwright_driver) -> Iterator[Chromium]:
    b = Chromium(playwright_driver)
    yield b
    b.close()


@pytest.fixture(scope="module")
def browser(_chromium: Chromium) -> Iterator[Chromium]:
    """The session's Chromium, replaced every :data:`MODULES_PER_BROWSER` modules."""
    _chromium.modules += 1
    if _chromium.modules > MODULES_PER_BROWSER:
        _chromium.relaunch()
    CURRENT.append(_chromium)
    yield _chromium
    CURRENT.remove(_chromium)
