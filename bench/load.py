"""A small, bounded HTTP/1.1 load client for `make bench`: standard library only.

Each client thread holds one keep-alive connection to 127.0.0.1 and sends requests one
after another; a server that answers `Connection: close` (gunicorn's sync workers
always do) is reconnected before the next request, and the connect is timed as part
of that request. A phase sends a fixed number of requests in all, and stops early at
its time limit; the figures are the requests answered as expected, per second of the
phase's wall time, and the latency of each from its first byte sent to its last read.

The client is deliberately thin (prepared request bytes, a minimal response reader)
so that on a small machine it takes as little CPU from the server as it can.
"""

from __future__ import annotations

import socket
import statistics
import threading
import time
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode


@dataclass
class Response:
    status: int
    headers: dict[str, str]  # lower-case names; repeated headers joined by "\n"
    body: bytes

    def cookies(self) -> dict[str, str]:
        jar = SimpleCookie()
        for line in self.headers.get("set-cookie", "").split("\n"):
            if line:
                jar.load(line)
        return {name: morsel.value for name, morsel in jar.items()}


class Connection:
    """One keep-alive connection; reconnects when the server has closed it."""

    def __init__(self, port: int, host: str = "127.0.0.1", timeout: float = 30.0):
        self.address = (host, port)
        self.timeout = timeout
        self.sock: socket.socket | None = None
        self.buffer = bytearray()  # read but not yet consumed
        self.connects = 0

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
        self.sock = None
        self.buffer = bytearray()

    def _connect(self) -> None:
        self.sock = socket.create_connection(self.address, timeout=self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.connects += 1

    def request(self, raw: bytes, method: str = "GET") -> Response:
        reused = self.sock is not None
        if not reused:
            self._connect()
        try:
            self.sock.sendall(raw)
            return self._read(method)
        except (ConnectionError, _Closed):
            self.close()
            # A kept-alive connection the server closed meanwhile: only a GET is sent again.
            if not reused or method != "GET":
                raise
            self._connect()
            self.sock.sendall(raw)
            return self._read(method)

    def _fill(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise _Closed
        self.buffer += chunk

    def _read(self, method: str) -> Response:
        while (end := self.buffer.find(b"\r\n\r\n")) < 0:
            self._fill()
        lines = self.buffer[:end].decode("latin-1").split("\r\n")
        del self.buffer[: end + 4]
        version, status = lines[0].split(" ", 2)[:2]
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name = name.strip().lower()
            value = value.strip()
            headers[name] = f"{headers[name]}\n{value}" if name in headers else value
        code = int(status)
        if method == "HEAD" or code in (204, 304) or 100 <= code < 200:
            body = b""
        elif "content-length" in headers:
            length = int(headers["content-length"])
            while len(self.buffer) < length:
                self._fill()
            body = bytes(self.buffer[:length])
            del self.buffer[:length]
        elif "chunked" in headers.get("transfer-encoding", ""):
            body = self._chunked()
        else:  # the body runs to the end of the connection
            try:
                while True:
                    self._fill()
            except _Closed:
                pass
            body = bytes(self.buffer)
            self.close()
        closing = headers.get("connection", "").lower() == "close" or version == "HTTP/1.0"
        if closing:
            self.close()
        return Response(code, headers, body)

    def _chunked(self) -> bytes:
        body = bytearray()
        while True:
            while (end := self.buffer.find(b"\r\n")) < 0:
                self._fill()
            size = int(bytes(self.buffer[:end]).split(b";")[0], 16)
            del self.buffer[: end + 2]
            while len(self.buffer) < size + 2:
                self._fill()
            body += self.buffer[:size]
            del self.buffer[: size + 2]
            if size == 0:
                return bytes(body)


class _Closed(Exception):
    """The server closed the connection before a whole answer."""


def raw_request(
    method: str,
    path: str,
    port: int,
    headers: dict[str, str] | None = None,
    cookies: dict[str, str] | None = None,
    form: dict | None = None,
) -> bytes:
    """The bytes of one request, prepared once and sent as many times as wanted."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if cookies:
        lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in cookies.items()))
    body = b""
    if form is not None:
        body = urlencode(form).encode()
        lines.append("Content-Type: application/x-www-form-urlencoded")
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


class Stream:
    """What one client thread sends: its next request, and whether an answer is right."""

    method = "GET"

    def next_request(self) -> bytes:
        raise NotImplementedError

    def check(self, response: Response) -> bool:
        raise NotImplementedError


@dataclass
class Result:
    name: str
    sent: int = 0
    ok: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)  # seconds, answers as expected
    seconds: float = 0.0
    connects: int = 0
    timed_out: bool = False
    cpu: dict[str, float] = field(default_factory=dict)  # CPU seconds by side, if measured

    @property
    def rps(self) -> float:
        return self.ok / self.seconds if self.seconds else 0.0

    def percentile(self, share: float) -> float:
        if not self.latencies:
            return float("nan")
        if len(self.latencies) == 1:
            return self.latencies[0]
        # The "inclusive" method: p50 is the median, p99 interpolates between samples.
        return statistics.quantiles(self.latencies, n=100, method="inclusive")[
            round(share * 100) - 1
        ]


def run(
    name: str,
    port: int,
    streams: list[Stream],
    requests: int,
    time_limit: float,
    warmup: int = 2,
) -> Result:
    """Send `requests` requests in all through one thread per stream; stop at `time_limit`.

    Each thread first sends `warmup` requests of its own, untimed, so that the phase
    measures a warm server (connections to the database open, templates compiled).
    """
    result = Result(name)
    lock = threading.Lock()
    issued = 0
    ready = threading.Barrier(len(streams) + 1)
    deadline = [0.0]

    def client(stream: Stream) -> None:
        nonlocal issued
        connection = Connection(port)
        try:
            for _ in range(warmup):
                answer = connection.request(stream.next_request(), stream.method)
                if not stream.check(answer):
                    with lock:
                        result.errors.append(f"warm-up: {answer.status} {answer.body[:200]!r}")
            ready.wait()
            ready.wait()  # the clock starts between the two
            while True:
                with lock:
                    if issued >= requests:
                        return
                    if time.perf_counter() > deadline[0]:
                        result.timed_out = True
                        return
                    issued += 1
                raw = stream.next_request()
                start = time.perf_counter()
                try:
                    answer = connection.request(raw, stream.method)
                except OSError as error:
                    with lock:
                        result.sent += 1
                        result.errors.append(f"{type(error).__name__}: {error}")
                    continue
                took = time.perf_counter() - start
                right = stream.check(answer)
                with lock:
                    result.sent += 1
                    if right:
                        result.ok += 1
                        result.latencies.append(took)
                    else:
                        result.errors.append(f"{answer.status} {answer.body[:200]!r}")
        except threading.BrokenBarrierError:
            return
        except Exception as error:  # a client that fails says so, and the phase goes on
            with lock:
                result.errors.append(f"client: {type(error).__name__}: {error}")
            ready.abort()
        finally:
            with lock:
                result.connects += connection.connects
            connection.close()

    threads = [threading.Thread(target=client, args=(s,), daemon=True) for s in streams]
    for thread in threads:
        thread.start()
    try:
        ready.wait(timeout=time_limit + 60)
        deadline[0] = time.perf_counter() + time_limit
        start = time.perf_counter()
        ready.wait(timeout=60)
    except threading.BrokenBarrierError:
        start = time.perf_counter()
    for thread in threads:
        thread.join(timeout=time_limit + 60)
    result.seconds = time.perf_counter() - start
    return result


# --- what the benchmark sends ---------------------------------------------------------

# As behind the club's TLS proxy: the app sees HTTPS, so nothing redirects to it.
PROXIED = {"X-Forwarded-Proto": "https", "User-Agent": "scorekeeper-bench"}


class Get(Stream):
    def __init__(self, port: int, path: str, status: int = 200, cookies=None, headers=None):
        self.raw = raw_request("GET", path, port, PROXIED | (headers or {}), cookies)
        self.status = status

    def next_request(self) -> bytes:
        return self.raw

    def check(self, response: Response) -> bool:
        return response.status == self.status and (self.status != 200 or bool(response.body))


class Poll(Stream):
    """An open board asking every few seconds: `?live=1`, HX-Request and the last ETag."""

    def __init__(self, port: int, path: str):
        self.port = port
        self.path = path
        self.etag: str | None = None

    def next_request(self) -> bytes:
        headers = PROXIED | {"HX-Request": "true"}
        if self.etag:
            headers["If-None-Match"] = self.etag
        return raw_request("GET", self.path, self.port, headers)

    def check(self, response: Response) -> bool:
        if response.status == 200 and self.etag is None:
            self.etag = response.headers.get("etag")
            return True  # the first answer of a warm-up: the board itself
        return response.status == 304 and response.headers.get("etag") == self.etag


class AllPassed(Stream):
    """A phone saving Tridge hands "all passed" one after another into its own game."""

    method = "POST"

    def __init__(self, port: int, game: int, first: int, cookies: dict, token: str, path: str = ""):
        self.port = port
        self.path = path or f"/games/{game}/hands/new/"
        self.board = f"/games/{game}/"
        self.number = first
        self.cookies = cookies
        self.token = token

    def next_request(self) -> bytes:
        form = {
            "number": self.number,
            "kind": "passed",
            "save": "1",
            "csrfmiddlewaretoken": self.token,
        }
        # A browser's POST carries its Origin; over HTTPS, Django's CSRF check wants it.
        headers = PROXIED | {"Origin": f"https://127.0.0.1:{self.port}"}
        return raw_request("POST", self.path, self.port, headers, self.cookies, form)

    def check(self, response: Response) -> bool:
        if response.status == 302 and response.headers.get("location") == self.board:
            self.number += 1
            return True
        return False
