"""Test-wide settings: hypothesis without per-example deadlines (shared, noisy machines), and
Chromium: one Playwright driver for the whole run (two sync Playwright instances cannot share a
thread), a fresh browser for each test module (its GPU and renderer state does not build up
over a 10-minute run: two late-run stalls in session 8 were a page that stopped drawing)."""

import shutil

import pytest
from hypothesis import settings

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_driver):
    b = playwright_driver.chromium.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
        ],
    )
    yield b
    b.close()
