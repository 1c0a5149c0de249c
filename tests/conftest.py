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
``tests/ui/test_double_tap.py``).

A page costs about 3 s of CPU to load the Flutter client (8.5 MB of ``main.dart.wasm`` compiled,
fonts, first frames). A context made by ``new_context`` keeps its HTTP cache in memory, where
no entry may exceed 1/8 of 50 MB, so ``main.dart.wasm`` is fetched and compiled again for every
page. :meth:`Chromium.shared_page` therefore hands out pages of one *persistent* context (a
profile on disk: HTTP cache and V8's cache of compiled wasm), one page at a time: a second page
of the same server then costs about 1.8 s of CPU instead of 3.1 (measured in session 19). What
the page stored (cookies, local storage, IndexedDB, service workers, permissions) is cleared
when it is closed (:meth:`Chromium.release`); only the HTTP cache and compiled code stay, which
a real phone keeps too. Every test server listens on a port never used before in the run
(``tests.ui.conftest.free_port``), so a cached file always belongs to the same server."""

import contextlib
import importlib.abc
import os
import shutil
import sys
import tempfile
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


#: Storage a page of the shared context may leave behind, cleared for each origin it visited
#: when it is closed (CDP ``Storage.clearDataForOrigin``; the HTTP cache is not among them).
SITE_DATA = (
    "cookies,local_storage,indexeddb,websql,service_workers,cache_storage,file_systems,"
    "shared_storage,storage_buckets"
)


class Chromium:
    """One Chromium for a few test modules, launched again when a page of it stopped answering
    (:meth:`relaunch`: the next test then gets a new browser, not one with a spinning
    renderer). Tests use :meth:`new_context` as they would on a Playwright ``Browser``; the
    real-browser fixtures take a page of the shared persistent context first
    (:meth:`shared_page`), which is launched as a second Chromium process when first asked
    for."""

    def __init__(self, driver) -> None:
        self._driver = driver
        self._browser = self._launch()
        self._stale = False
        self._profile: str | None = None  # the shared context's profile directory
        self._shared = None  # the shared persistent context, once launched
        self._keeper = None  # a CDP session on its first, blank page
        self._holder: object | None = None  # who has the shared context's one page now
        self.modules = 0  # modules served by this launch (:func:`browser`)

    def _launch(self):
        return self._driver.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )

    def relaunch(self) -> None:
        """Mark the browser for replacement: the next :meth:`new_context` or
        :meth:`shared_page` launches a new one."""
        self._stale = True

    def _renew(self) -> None:
        if not self._stale:
            return
        with contextlib.suppress(Exception):  # a hung browser may not close cleanly
            self._browser.close()
        self._close_shared()
        self._browser = self._launch()
        self._stale = False
        self.modules = 0

    def new_context(self, **options):
        self._renew()
        return self._browser.new_context(**options)

    def shared_page(self, holder: object, width: int, height: int):
        """A new ``width``×``height`` page of the shared persistent context for ``holder``, or
        ``None`` while another holder has one open (two phones of one test must not share
        cookies or storage: the second gets a context of its own)."""
        self._renew()
        if self._holder is not None:
            return None
        if self._shared is None:
            self._profile = tempfile.mkdtemp(prefix="companion-chromium-")
            self._shared = self._driver.chromium.launch_persistent_context(
                self._profile,
                executable_path=CHROMIUM,
                headless=True,
                args=CHROMIUM_ARGS,
                viewport={"width": width, "height": height},
            )
            # the page it opens with stays blank: clearing storage goes through it, so it works
            # while a test's page hangs
            self._keeper = self._shared.new_cdp_session(self._shared.pages[0])
        self._holder = holder
        page = self._shared.new_page()
        page.set_viewport_size({"width": width, "height": height})
        return page

    def release(self, holder: object, page, origins: set[str]) -> None:
        """Close ``holder``'s shared page and clear what it stored on each of ``origins``
        (``scheme://host:port``) and the context's cookies and permissions; the HTTP cache
        and compiled code stay for the next page."""
        if self._holder is not holder:
            return
        self._holder = None
        if self._shared is None:
            return
        try:
            page.close()
            for origin in origins:
                self._keeper.send(
                    "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": SITE_DATA}
                )
            self._shared.clear_cookies()
            self._shared.clear_permissions()
        except Exception:  # a page that hung or crashed: start the next one from a new profile
            self._close_shared()

    def _close_shared(self) -> None:
        if self._shared is not None:
            with contextlib.suppress(Exception):
                self._shared.close()
            self._shared = self._keeper = None
        if self._profile is not None:
            shutil.rmtree(self._profile, ignore_errors=True)
            self._profile = None
        self._holder = None

    def close(self) -> None:
        self._close_shared()
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
