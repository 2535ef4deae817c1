"""The studio's HTTP connections, bounded: a connection must send its request head within HEAD_TIMEOUT_S, an idle
one is closed after IDLE_TIMEOUT_S, and at most MAX_CONNECTIONS are open at once (a new one beyond that closes one
that has asked nothing yet, or is itself closed). Idle sockets by the thousand then cannot use up the file
descriptors the studio needs to read the kit and answer the browser."""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_CONNECTIONS = 64
"""Far more than a browser opens to one host (six, and an event stream per tab)."""
HEAD_TIMEOUT_S = 10.0
"""From a connection's start, or its last answer, to the end of its next request's head."""
IDLE_TIMEOUT_S = 5.0
"""uvicorn's keep-alive timeout: a connection with nothing asked is closed after this."""
MAX_HEAD_BYTES = 16 * 1024
"""The largest request head (h11's limit on an incomplete event)."""


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for the request head and a cap on open connections."""

    _head_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.connections) >= MAX_CONNECTIONS and not _close_one_waiting(self.connections):
            transport.abort()  # its file descriptor goes at once
            return
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.transport is None:  # refused in connection_made: never counted
            return
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        if self.transport is not None and not self.transport.is_closing():
            self._head_deadline = self.loop.call_later(HEAD_TIMEOUT_S, self._head_overdue)

    def _disarm(self) -> None:
        if self._head_deadline is not None:
            self._head_deadline.cancel()
            self._head_deadline = None

    def waiting(self) -> bool:
        """No request head yet: nothing would be lost by closing it."""
        return self.conn.their_state is h11.IDLE and (self.cycle is None or self.cycle.response_complete)

    def _head_overdue(self) -> None:
        self._head_deadline = None
        if self.waiting() and not self.transport.is_closing():
            self.transport.close()


def _close_one_waiting(connections: set) -> bool:
    """Close one connection that has not sent a request head (the set holds every open connection); whether any."""
    for connection in list(connections):
        if (
            isinstance(connection, BoundedH11Protocol)
            and connection.waiting()
            and not connection.transport.is_closing()
        ):
            connection.transport.abort()
            connections.discard(connection)
            return True
    return False
