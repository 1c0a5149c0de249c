"""A real ``ft.Page`` without a browser, for benchmarks (internal API of Flet 1.0.5)."""

from __future__ import annotations

import asyncio

from flet.messaging.connection import Connection
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub


class RecordingConnection(Connection):
    """Records what the session would send to the client."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list = []
        self.pubsubhub = PubSubHub()
        self.loop = asyncio.get_running_loop()

    def send_message(self, message) -> None:
        self.sent.append(message)


def new_page():
    """A (session, page) pair; call inside a running event loop."""
    conn = RecordingConnection()
    session = Session(conn)
    return session, session.page
