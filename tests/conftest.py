"""Test-wide settings: hypothesis without per-example deadlines (shared, noisy machines), and
the one Chromium of the whole run (two sync Playwright instances cannot share a thread)."""

import shutil

import pytest
from hypothesis import settings

settings.register_profile("companion", deadline=None)
settings.load_profile("companion")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(
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
