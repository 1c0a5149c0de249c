"""Table mode's door: phones asking to be let in (:meth:`Hall.knock`, at most
:data:`MAX_KNOCKS`, one per address) and joined sessions sent back when the host revokes
their token (:func:`companion.ui.devices.HostDesk` shows both)."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Hall", "Knock", "JoinedDevice", "MAX_KNOCKS", "browser_of"]

#: Requests the host's list shows at once (the newest; one per address).
MAX_KNOCKS = 5


@dataclass(frozen=True)
class Knock:
    """A phone's request: ``id`` (random), ``peer`` (TCP address), ``since`` (wall-clock s),
    ``answer(bool)`` called once (may raise when the session is gone)."""

    id: str
    peer: str
    name: str
    agent: str
    since: float
    answer: Callable[[bool], None]


@dataclass(frozen=True)
class JoinedDevice:
    """A device that joined: its token id, name, role, address and browser."""

    token_id: str
    name: str
    role: str
    peer: str
    agent: str
    since: float = 0.0  # wall-clock seconds when its token was issued


def _call(fn: Callable[..., None], *args: Any) -> bool:
    """Call a listener of another session; ``False`` when it raised (its session is gone)."""
    try:
        fn(*args)
    except Exception:
        return False
    return True


class Hall:
    """Pending requests, their watchers and joined sessions. Thread-safe."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._lock = threading.Lock()
        self._knocks: dict[str, Knock] = {}  # by peer, oldest first
        self._watchers: list[Callable[[], None]] = []
        self._seated: dict[str, list[Callable[[], None]]] = {}  # token id → kick

    def knocks(self) -> list[Knock]:
        """The pending requests, newest first (at most :data:`MAX_KNOCKS`)."""
        with self._lock:
            return list(reversed(self._knocks.values()))

    def knock(self, peer: str, name: str, agent: str, answer: Callable[[bool], None]) -> Knock:
        """Add a request from ``peer`` (its older one and the oldest beyond :data:`MAX_KNOCKS` are
        answered ``False``)."""
        new = Knock(secrets.token_hex(6), peer, name, agent, self.clock(), answer)
        with self._lock:
            dropped = [self._knocks.pop(peer)] if peer in self._knocks else []
            self._knocks[peer] = new
            while len(self._knocks) > MAX_KNOCKS:
                dropped.append(self._knocks.pop(next(iter(self._knocks))))
        for old in dropped:
            _call(old.answer, False)
        self.changed()
        return new

    def take(self, knock_id: str) -> Knock | None:
        """Remove and return the request ``knock_id`` (``None`` if it is no longer there)."""
        with self._lock:
            found = next((k for k in self._knocks.values() if k.id == knock_id), None)
            if found is not None:
                del self._knocks[found.peer]
        if found is not None:
            self.changed()
        return found

    def withdraw(self, peer: str) -> None:
        """Forget ``peer``'s request (it typed the right code meanwhile)."""
        with self._lock:
            found = self._knocks.pop(peer, None)
        if found is not None:
            self.changed()

    def watch(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` on each change; returns the function that stops it."""
        with self._lock:
            self._watchers.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._watchers:
                    self._watchers.remove(listener)

        return stop

    def changed(self) -> None:
        """Tell every watching host screen that the lists changed."""
        with self._lock:
            watchers = list(self._watchers)
        gone = [w for w in watchers if not _call(w)]
        if gone:
            with self._lock:
                self._watchers = [w for w in self._watchers if w not in gone]

    def seat(self, token_id: str, kick: Callable[[], None]) -> None:
        """Note a session in with the token ``token_id``: :meth:`kick` calls ``kick()``."""
        with self._lock:
            self._seated.setdefault(token_id, []).append(kick)

    def kick(self, token_id: str | None = None, spare: object = None) -> None:
        """Send the sessions of ``token_id`` (all when ``None``, but ``spare``) to the join
        screen."""
        with self._lock:
            if token_id is None:
                kicks = [k for ks in self._seated.values() for k in ks]
                self._seated.clear()
            else:
                kicks = self._seated.pop(token_id, [])
        for kick in kicks:
            if kick is not spare:
                _call(kick)


def browser_of(agent: str) -> str:
    """«Chrome · Android» from a ``User-Agent``, or ``"?"`` (for the host's eyes only)."""
    browsers = (
        ("YaBrowser", "Яндекс"),
        ("Edg", "Edge"),
        ("OPR", "Opera"),
        ("Firefox", "Firefox"),
        ("Chrome", "Chrome"),
        ("Safari", "Safari"),
    )
    systems = (
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("Mac OS", "macOS"),
        ("Linux", "Linux"),
    )
    found = [next((n for k, n in table if k in agent), "") for table in (browsers, systems)]
    return " · ".join(p for p in found if p) or "?"
