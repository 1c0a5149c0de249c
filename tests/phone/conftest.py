"""The offline web app is built once per test run, in a temporary folder (or, with
``TC_PHONE_SITE=DIR``, a site already built there is used as it is)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.phone.site import StaticServer, build


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    if os.environ.get("TC_PHONE_SITE"):
        return Path(os.environ["TC_PHONE_SITE"])
    return build(tmp_path_factory.mktemp("phone") / "web")


@pytest.fixture
def static_server(site) -> Iterator[StaticServer]:
    srv = StaticServer(site)
    yield srv
    srv.stop()
