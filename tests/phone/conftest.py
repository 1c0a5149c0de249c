"""The offline web app is built once per test run, in a temporary folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.phone.site import StaticServer, build


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("phone") / "web")


@pytest.fixture
def static_server(site) -> Iterator[StaticServer]:
    srv = StaticServer(site)
    yield srv
    srv.stop()
