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


@pytest.fixture(scope="module")
def module_lan_host(tmp_path_factory):
    """One ``companion --lan`` for a whole module (a host takes seconds to start), for modules
    whose tests only join with the right code and check what their own clicks changed: such a
    module overrides :func:`lan_host` with this one. Tests of the limits (wrong codes, floods,
    sockets per address, a new code) keep a host of their own."""
    with lan_host_at(tmp_path_factory.mktemp("lan")) as host:
        yield host


@pytest.fixture(scope="module")
def module_plain_host(tmp_path_factory):
    """One plain ``companion`` for a whole module, as :func:`module_lan_host`."""
    with plain_host_at(tmp_path_factory.mktemp("plain")) as host:
        yield host
