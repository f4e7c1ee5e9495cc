"""Firefox ESR (Debian's firefox-esr, the engine of Firefox for Android) as a phone, over
WebDriver BiDi (bidi.py): Debian packages no geckodriver, and Firefox speaks BiDi itself.

One Firefox per test process; each phone is a user context of it (its own cookies,
storage, caches and service workers, as a separate phone), with one tab at a phone's size.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
from contextlib import suppress

from tests.e2e.engines.bidi import Bidi
from tests.e2e.engines.phone import FIND, Phone

FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
LISTENING = re.compile(r"WebDriver BiDi listening on (ws://\S+)")
# A quiet start on a closed network: no first-run pages, updates or telemetry to fetch.
PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "app.update.disabledForTesting": True,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
}
PHONE = {"width": 390, "height": 844}


class Firefox:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="firefox-")
        with open(os.path.join(self.profile, "user.js"), "w") as prefs:
            for name, value in PREFS.items():
                prefs.write(f"user_pref({json.dumps(name)}, {json.dumps(value)});\n")
        self.process = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--no-remote",
                "--remote-debugging-port",
                "0",
                "--profile",
                self.profile,
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        # Firefox names its port on stderr once it listens; then its chatter is let drain.
        address = None
        for line in self.process.stderr:
            if found := LISTENING.search(line):
                address = found.group(1)
                break
        assert address, "firefox-esr did not start WebDriver BiDi"
        self.bidi = Bidi(address + "/session")
        self.bidi("session.new", capabilities={})

    def phone(self, base: str) -> FirefoxPhone:
        return FirefoxPhone(self.bidi, base)

    def close(self) -> None:
        # Firefox may close the socket before it answers.
        with suppress(Exception):
            self.bidi("browser.close")
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)  # its own group: its processes only
        shutil.rmtree(self.profile, ignore_errors=True)


class FirefoxPhone(Phone):
    engine = "firefox"

    def __init__(self, bidi: Bidi, base: str):
        super().__init__(base)
        self.bidi = bidi
        self.user = bidi("browser.createUserContext")["userContext"]
        self.tab = bidi("browsingContext.create", type="tab", userContext=self.user)["context"]
        bidi("browsingContext.setViewport", context=self.tab, viewport=PHONE)

    def open(self, url: str) -> None:
        # "none": the walk waits itself for what it means to see (a page kept by the
        # worker with no server, a redirect after a save).
        self.bidi("browsingContext.navigate", context=self.tab, url=url, wait="none")

    def _call(self, function: str, args, ownership: str = "none") -> dict:
        answer = self.bidi(
            "script.callFunction",
            functionDeclaration=function,
            arguments=[{"type": "string", "value": json.dumps(list(args))}],
            target={"context": self.tab},
            awaitPromise=True,
            resultOwnership=ownership,
        )
        if answer["type"] == "exception":
            raise RuntimeError(answer["exceptionDetails"].get("text", "script error"))
        return answer["result"]

    def run(self, function: str, *args):
        # The value travels as JSON text: no need to read BiDi's typed values back.
        wrapped = f"""async (args) => {{ const value = await ({function})(...JSON.parse(args));
          return JSON.stringify(value === undefined ? null : value); }}"""
        return json.loads(self._call(wrapped, args)["value"])

    def press(self, selector: str, text: str | None) -> None:
        found = f"""(args) => {{ const element = ({FIND})(...JSON.parse(args));
          element.scrollIntoView({{block: "center"}}); return element; }}"""
        element = self._call(found, (selector, text), ownership="root")
        origin = {"type": "element", "element": {"sharedId": element["sharedId"]}}
        self.bidi(
            "input.performActions",
            context=self.tab,
            actions=[
                {
                    "type": "pointer",
                    "id": "finger",
                    "parameters": {"pointerType": "touch"},
                    "actions": [
                        {"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                        {"type": "pointerDown", "button": 0},
                        {"type": "pointerUp", "button": 0},
                    ],
                }
            ],
        )

    def add_cookie(self, name: str, value: str) -> None:
        host = self.base.split("//")[1].split(":")[0]
        self.bidi(
            "storage.setCookie",
            cookie={
                "name": name,
                "value": {"type": "string", "value": value},
                "domain": host,
                "path": "/",
            },
            partition={"type": "storageKey", "userContext": self.user},
        )

    def offline(self, on: bool) -> None:
        """The phone's own switch: navigator.onLine false and no request leaves the tab
        (BiDi's network emulation, which Firefox ESR 153 has)."""
        self._emulate({"type": "offline"} if on else None)
        if not on:
            # A page loaded while the emulation was on gets no "online" event when it is
            # lifted (Firefox ESR 153; a page loaded before does, and so does a real phone
            # when the signal returns): the switch is flipped once more, and that page too
            # hears the browser's own "offline", then "online".
            self._emulate({"type": "offline"})
            self._emulate(None)

    def _emulate(self, conditions) -> None:
        self.bidi(
            "emulation.setNetworkConditions", networkConditions=conditions, contexts=[self.tab]
        )

    def new_tab(self) -> None:
        """The tab closed and another opened on the same phone (its storage kept)."""
        self.bidi("browsingContext.close", context=self.tab)
        self.tab = self.bidi("browsingContext.create", type="tab", userContext=self.user)["context"]
        self.bidi("browsingContext.setViewport", context=self.tab, viewport=PHONE)

    def close(self) -> None:
        with suppress(Exception):  # Firefox may already be closing
            self.bidi("browser.removeUserContext", userContext=self.user)
