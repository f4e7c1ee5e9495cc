"""The phone's way to the live server, which the test can cut: WebKit's and Firefox's
WebDriver have no switch for the signal (Playwright's `set_offline` is Chromium's), so
these phones open the app through this relay, and the test decides what it does.

- "up": every byte goes through, both ways.
- "down": the server is gone, as when gunicorn is stopped: the port refuses connections
  and those already open are closed, so each request fails at once.
- "silent": lie-fi proper, one bar in a cellar: connections are taken and their requests
  read, and no answer ever comes (until the relay is up again, when they are closed).

Written for these tests, a few sockets and a thread per direction: the phones open few
connections, and nothing here is timed.
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import suppress

from tests.e2e.engines.phone import TIMEOUT


class Relay:
    def __init__(self, host: str, port: int):
        self.upstream = (host, port)
        self.mode = "up"
        self.lock = threading.Lock()
        self.open: set[socket.socket] = set()
        self.servers: set[socket.socket] = set()  # the server's sides among them
        self.port = 0
        self._listen()

    @property
    def url(self) -> str:
        # localhost, as a phone's browser names a server it trusts (the worker's origin).
        return f"http://localhost:{self.port}"

    def _listen(self) -> None:
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", self.port))  # the same port again after "down"
        server.listen(64)
        self.port = server.getsockname()[1]
        self.server = server
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                phone, _ = server.accept()
            except OSError:  # closed: the relay went down
                return
            # The mode is read and the connection counted in one step, under the lock
            # `set` changes the mode under: a connection accepted as the relay goes down
            # is either dropped with the others or sees "down" here. Read apart, one
            # accepted at the cut slipped through to the server, open, and the phone sent
            # its save down it "with the server down" (stored, the board shown, 28 Nov).
            with self.lock:
                mode = self.mode
                if mode == "up" or mode == "silent":
                    self.open.add(phone)
            if mode == "silent":
                threading.Thread(target=self._swallow, args=(phone,), daemon=True).start()
                continue
            if mode != "up":  # accepted as the port closed: refused
                self._drop(phone)
                continue
            try:
                server_side = socket.create_connection(self.upstream)
            except OSError:
                self._drop(phone)
                continue
            with self.lock:
                # Cut while the server was being reached: the phone's side is dropped
                # already, and the server's goes with it.
                joined = self.mode == "up" and phone in self.open
                if joined:
                    self.open.add(server_side)
                    self.servers.add(server_side)
            if not joined:
                self._drop(phone)
                self._drop(server_side)
                continue
            for a, b in ((phone, server_side), (server_side, phone)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while data := source.recv(65536):
                if self.mode == "silent":
                    # Read and never answered: the connection hangs like a bad signal.
                    self._swallow(source)
                    return
                sink.sendall(data)
        if source in self.servers:
            # The server closed it, or the phone is gone: read to its end (see close).
            self._swallow(source)
            self._drop(sink)
        else:
            self._drop(source)
            self._end(sink)

    def _end(self, connection: socket.socket) -> None:
        """A connection the phone is done with: the server's side is told no request
        follows (half closed), and is dropped by its reader once the server closes it,
        after the answer in hand; a phone's side is dropped at once."""
        if connection in self.servers:
            with suppress(OSError):
                connection.shutdown(socket.SHUT_WR)
        else:
            self._drop(connection)

    def _swallow(self, connection: socket.socket) -> None:
        with suppress(OSError):
            while connection.recv(65536):
                pass
        self._drop(connection)

    def _drop(self, connection: socket.socket) -> None:
        with self.lock:
            self.open.discard(connection)
            self.servers.discard(connection)
        with suppress(OSError):
            connection.shutdown(socket.SHUT_RDWR)
        connection.close()

    def _drop_all(self) -> None:
        with self.lock:
            connections = list(self.open)
        for connection in connections:
            self._drop(connection)

    def set(self, mode: str) -> None:
        """Switch to "up", "down" or "silent" (see the module's words)."""
        assert mode in ("up", "down", "silent"), mode
        with self.lock:  # see _accept: a connection is counted in one mode or the other
            if mode == self.mode:
                return
            was, self.mode = self.mode, mode
        # Whatever was open belongs to the state left: a held request fails once the
        # signal is back, as it would on a phone, and a kept-alive one cannot slip by.
        self._drop_all()
        if mode == "down":
            self._stop_listening()
        elif was == "down":
            self._listen()

    def _stop_listening(self) -> None:
        # Closed alone, the socket would go on listening while accept() waits on it in the
        # other thread: shut down, the accept ends and the port refuses.
        with suppress(OSError):
            self.server.shutdown(socket.SHUT_RDWR)
        self.server.close()

    def close(self) -> None:
        """Closed, once the server has answered every request it was given.

        The walk may end with a request of the phone's still in the server's hands (the
        worker keeping the pages a board lists, after the walk saw the board), and the
        test's end empties the in-memory SQLite the server is reading: under load they
        met, the emptying failed ("database table is locked: auth_user") and the next test
        of that process failed at its start ("UNIQUE constraint failed: auth_user
        .username"). So the phone's sides are closed, the server's are told no request
        follows (its half closed: the request in hand is still answered), and each is
        read until the server closes it, which it does once its answer is written. So
        too when the phone closes first (a browser quit with the worker's fetch on its
        way: /sessions/1/settle/ served after its test had ended)."""
        with self.lock:
            self.mode = "closed"
            connections = list(self.open)
        self._stop_listening()
        for connection in connections:
            self._end(connection)
        deadline = time.monotonic() + TIMEOUT
        while self.servers:
            assert time.monotonic() < deadline, "the server never ended the phone's requests"
            time.sleep(0.05)  # a poll: _pipe drops each once the server has closed it
