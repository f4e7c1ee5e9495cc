"""WebKit (Safari's engine) as a phone: Debian's WebKitGTK WebDriver and its MiniBrowser,
driven by Selenium.

One WebKitWebDriver per test process, under xvfb-run: MiniBrowser's headless mode hangs.
Each phone is a session of its own, a fresh MiniBrowser (under a second to start): its
cookies, storage and service workers are its own. The narrowest window it opens is about
447 px wide, wider than a phone; the pages fit it as they fit 390.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time

from selenium import webdriver
from selenium.webdriver.remote.client_config import ClientConfig

from tests.e2e.engines.phone import FIND, Phone

DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
SCRIPT_TIMEOUT = 60
# Ceilings, never the mechanism: a MiniBrowser comes up in under a second on a quiet
# machine; a command is answered within the script timeout at most.
START = 60
COMMAND = SCRIPT_TIMEOUT * 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Driver:
    """A WebKitWebDriver on its own virtual screen. It drives one session at a time (a
    second is refused: "Maximum number of active sessions"), so a walk with two phones
    has two of them."""

    def __init__(self):
        self.port = free_port()
        self.busy = False
        self.process = subprocess.Popen(
            ["xvfb-run", "-a", DRIVER, f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while True:  # the driver listens once Xvfb is up: a poll, not a guess
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "WebKitWebDriver did not start"
                assert self.process.poll() is None, "WebKitWebDriver stopped"
                time.sleep(0.05)

    def close(self) -> None:
        # xvfb-run, Xvfb and the driver share the group it started (start_new_session).
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)


class WebKit:
    """The test process's WebKit drivers, started as phones need them and kept for the next."""

    def __init__(self):
        self.drivers = [Driver()]

    def phone(self, base: str) -> WebKitPhone:
        driver = next((each for each in self.drivers if not each.busy), None)
        if driver is None:
            driver = Driver()
            self.drivers.append(driver)
        try:
            session = self._start(driver)
        except Exception:  # noqa: BLE001 - whatever a launch that never answered raises
            # Under `stress-ng --cpu 2`, once in a few runs, the driver's new session went
            # unanswered for minutes with no MiniBrowser running (the walk hung in
            # webdriver.Remote): the browser's launch failed, not the walk. That driver is
            # closed and the start tried once more on a new one; a second failure is the
            # test's. Only the start is tried again, never a step of a walk.
            self.drivers.remove(driver)
            driver.close()
            driver = Driver()
            self.drivers.append(driver)
            session = self._start(driver)
        driver.busy = True
        session.set_script_timeout(SCRIPT_TIMEOUT)
        session.set_window_size(390, 844)
        return WebKitPhone(session, base, driver)

    def _start(self, driver: Driver) -> webdriver.Remote:
        options = webdriver.WebKitGTKOptions()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        url = f"http://127.0.0.1:{driver.port}"
        # Selenium waits for an answer forever unless told: a start has START, the walk's
        # commands COMMAND (set on the same config, read at each request).
        config = ClientConfig(remote_server_addr=url, timeout=START)
        session = webdriver.Remote(url, options=options, client_config=config)
        config.timeout = COMMAND
        return session

    def close(self) -> None:
        for driver in self.drivers:
            driver.close()


class WebKitPhone(Phone):
    engine = "webkit"

    def __init__(self, driver, base: str, server: Driver):
        super().__init__(base)
        self.driver, self.server = driver, server

    def open(self, url: str) -> None:
        # Selenium's get waits for the load; a page that never loads is the walk's to see.
        self.driver.execute_script("location.href = arguments[0]", url)

    def run(self, function: str, *args):
        # Asynchronous always: a script that returns a promise can hang WebKit's driver.
        answer = self.driver.execute_async_script(
            f"""const done = arguments[arguments.length - 1];
            Promise.resolve().then(() => ({function})(...JSON.parse(arguments[0])))
              .then((v) => done(JSON.stringify({{ok: v === undefined ? null : v}})),
                    (e) => done(JSON.stringify({{error: String(e)}})));""",
            json.dumps(list(args)),
        )
        answer = json.loads(answer)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["ok"]

    def press(self, selector: str, text: str | None) -> None:
        element = self.driver.execute_script(
            f"""const e = ({FIND})(arguments[0], arguments[1]);
            e.scrollIntoView({{block: "center"}}); return e;""",
            selector,
            text,
        )
        element.click()  # WebKit's own mouse, at the element's middle

    def add_cookie(self, name: str, value: str) -> None:
        # WebDriver sets a cookie on the page open: the app's address, any page of it.
        if not self.driver.current_url.startswith(self.base):
            self.driver.get(self.base + "/accounts/login/")
        self.driver.add_cookie({"name": name, "value": value, "path": "/"})

    def new_tab(self) -> None:
        """Another tab of the same phone (storage and worker shared); the first closed."""
        old = self.driver.current_window_handle
        self.driver.switch_to.new_window("tab")
        new = self.driver.current_window_handle
        self.driver.switch_to.window(old)
        self.driver.close()
        self.driver.switch_to.window(new)

    def close(self) -> None:
        self.driver.quit()
        self.server.busy = False
