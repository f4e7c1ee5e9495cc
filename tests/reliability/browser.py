"""A phone's browser for the reliability tests, reduced to what the app needs: http.client,
a cookie jar and the CSRF token, talking to a server of tests/reliability/live.py."""

from __future__ import annotations

import html
import http.client
import json
import re
from http.cookies import SimpleCookie
from urllib.parse import urlencode

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Response:
    def __init__(self, status: int, headers, body: bytes):
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def json(self):
        return json.loads(self.body)

    @property
    def location(self) -> str | None:
        return self.headers.get("Location")


class Browser:
    """A phone's browser, reduced to what the app needs: cookies and the CSRF token."""

    def __init__(self, server, cookies: dict | None = None, timeout: float = 30):
        self.server = server
        self.cookies = dict(cookies or {})
        self.timeout = timeout

    def on(self, server) -> Browser:
        """The same cookies (the same login) sent to another server."""
        return Browser(server, self.cookies, self.timeout)

    def request(self, method: str, path: str, data=None, headers=None) -> Response:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=self.timeout)
        try:
            sent = {"Host": f"127.0.0.1:{self.server.port}"} | (headers or {})
            if self.cookies:
                sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            body = None
            if data is not None:
                body = urlencode(data).encode()
                sent["Content-Type"] = "application/x-www-form-urlencoded"
            conn.request(method, path, body=body, headers=sent)
            answer = conn.getresponse()
            response = Response(answer.status, answer.headers, answer.read())
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return response

    def get(self, path: str, headers=None) -> Response:
        return self.request("GET", path, headers=headers)

    def csrf_token(self, path: str) -> str:
        page = self.get(path)
        assert page.status == 200, f"GET {path}: {page.status}"
        found = CSRF.search(page.text)
        assert found, f"no CSRF token on {path}"
        return html.unescape(found.group(1))

    def submit(self, path: str, data: dict, page: str | None = None) -> Response:
        """Fetch the form's page (`path`, or `page`), then post `data` with its CSRF token."""
        token = self.csrf_token(page or path)
        return self.request("POST", path, data | {"csrfmiddlewaretoken": token})

    def log_in(self, username: str, password: str) -> None:
        answer = self.submit("/accounts/login/", {"username": username, "password": password})
        assert answer.status == 302, f"login refused ({answer.status}): {answer.text[:300]}"
        assert "sessionid" in self.cookies, "the login set no session cookie"
