"""Security tests: the real server process and raw websocket clients (browser tests of
table mode live in ``tests/ui/test_lan_*.py``, next to the shared browser fixture)."""

import pytest

from tests.security.hosts import lan_host_at, plain_host_at


@pytest.fixture
def lan_host(tmp_path):
    with lan_host_at(tmp_path) as host:
        yield host


@pytest.fixture
def plain_host(tmp_path):
    with plain_host_at(tmp_path) as host:
        yield host
