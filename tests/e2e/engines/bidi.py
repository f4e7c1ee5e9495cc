"""A WebDriver BiDi client, the little of it these tests use: Firefox speaks the protocol
itself, over a WebSocket, where Debian packages no geckodriver for Selenium to start.

Commands are answered in order on one connection; events that arrive meanwhile are kept
for whoever asks (`take`). Written for these tests: the protocol is a W3C one, and a
command is one JSON message.
"""

from __future__ import annotations

import itertools
import json
from collections import deque

import websocket


class BidiError(Exception):
    def __init__(self, method: str, error: str, message: str):
        super().__init__(f"{method}: {error}: {message}")
        self.error = error


class Bidi:
    def __init__(self, url: str, timeout: float = 60):
        # Firefox refuses a WebSocket whose handshake names an Origin it does not expect.
        self.socket = websocket.create_connection(url, timeout=timeout, suppress_origin=True)
        self.ids = itertools.count(1)
        self.events: deque[dict] = deque()

    def __call__(self, method: str, **params) -> dict:
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == number:
                if message["type"] == "error":
                    raise BidiError(method, message["error"], message.get("message", ""))
                return message["result"]
            if message.get("type") == "event":
                self.events.append(message)

    def take(self, method: str) -> list[dict]:
        """The events of `method` that arrived so far, taken out of the queue."""
        taken = [event["params"] for event in self.events if event["method"] == method]
        kept = [event for event in self.events if event["method"] != method]
        self.events.clear()
        self.events.extend(kept)
        return taken

    def close(self) -> None:
        self.socket.close()
