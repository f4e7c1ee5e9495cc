"""Lighthouse's mobile scores of the pages people land on (issue 35): the board of a game
with hands, the home page, a hand's entry page and the rules, each category out of 100.

    .venv/bin/python bench/lighthouse.py            # about a minute and a half

Not a test and not installed by the project: Lighthouse comes from npm, in a folder of its
own outside the repository (`mkdir /tmp/lh && cd /tmp/lh && npm install lighthouse`; it
downloads no browser), and runs Debian's Chromium. `--lighthouse` names its command
(default: `lighthouse` on PATH, else /tmp/lh/node_modules/.bin/lighthouse); `CHROME_PATH`
the browser (default: /usr/bin/chromium, else /usr/bin/chromium-headless-shell).

The app is served as in production: the Procfile's `web:` line (collectstatic, gunicorn,
`DEBUG=0`) on a free local port, with a throwaway SQLite file, cache and static folder made
here and removed after. The data: one account (ana) with a session and a Tridge game of the
example sheet's hands (tests/data/examples/tridge-four-people.json); the pages are opened
logged in: the script starts Chromium itself, puts the session's cookie in it (Playwright,
over the DevTools protocol) and points Lighthouse at it (`--port`), which keeps cookies.
An extra Cookie header (`--extra-headers`) reaches the page but not its live updates, whose
401 Lighthouse logs as a console error. `--keep DIR` keeps each page's JSON report there.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "data" / "examples"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)
# Made in the served app's own settings (`manage.py shell`): prints the game and the cookie.
DATA = f"""
import json
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from games.models import Session
from games.play.access import new_token
from games.records.imports import import_sheet
ana = get_user_model().objects.create_user("ana", password=None)
session = Session.objects.create(group=ana.owned_groups.first(), place="The Crown")
games = {{}}
for name in ("tridge-four-people", "contractor-three-hands", "bid-fair-opening",
             "cardigan-four-deals"):
    game = import_sheet(session, json.loads(open(f"{EXAMPLES}/{{name}}.json").read()))
    games[game.kind] = game.pk
tridge = session.games.get(kind="tridge")
tridge.share_token, tridge.share_since = new_token(), timezone.now()
tridge.save(update_fields=["share_token", "share_since"])
client = Client()
client.force_login(ana)
cookie = client.cookies[settings.SESSION_COOKIE_NAME]
shared = reverse("shared:board", args=[tridge.share_token])
cookie = f"{{cookie.key}}={{cookie.value}}"
print(json.dumps({{"games": games, "shared": shared, "cookie": cookie}}))
"""
# Logged out: the home page a visitor lands on, the sign-up, a board opened by its share link.
LOGGED_OUT = {"welcome", "signup", "shared"}


def pages(data: dict) -> dict[str, str]:
    """The four of issue 35 (the board and the entry page: Tridge's), then others people
    land on: each game's entry page; logged out, the home page, the sign-up and a board by its
    share link."""
    games = data["games"]
    found = {
        "board": f"/games/{games['tridge']}/",
        "home": "/",
        "entry": f"/games/{games['tridge']}/hands/new/",
        "rules": "/rules/",
    }
    for kind in ("contractor", "bid_fair", "cardigan"):
        found[f"entry-{kind}"] = f"/games/{games[kind]}/hands/new/"
    return found | {"welcome": "/", "signup": "/accounts/signup/", "shared": data["shared"]}


def web_line() -> str:
    for line in (ROOT / "Procfile").read_text().splitlines():
        if line.startswith("web:"):
            return line.removeprefix("web:").strip()
    raise SystemExit("the Procfile has no web: line")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.2)


def default_lighthouse() -> str:
    return shutil.which("lighthouse") or "/tmp/lh/node_modules/.bin/lighthouse"


def default_chrome() -> str:
    found = [path for path in ("/usr/bin/chromium", "/usr/bin/chromium-headless-shell")]
    return next((path for path in found if Path(path).exists()), found[0])


def browser(chrome: str, folder: Path, base: str, cookie: str) -> tuple[subprocess.Popen, int]:
    """Chromium with a debugging port, holding the account's session cookie."""
    from playwright.sync_api import sync_playwright

    port = free_port()
    process = subprocess.Popen(
        [
            chrome,
            *CHROME_FLAGS.split(),
            f"--remote-debugging-port={port}",
            f"--user-data-dir={folder / 'profile'}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    wait_for(f"http://127.0.0.1:{port}/json/version")
    name, value = cookie.split("=", 1)
    with sync_playwright() as playwright:
        connected = playwright.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
        connected.contexts[0].add_cookies([{"name": name, "value": value, "url": base}])
    return process, port


def score(lighthouse: str, url: str, report: Path, port: int | None, chrome: str) -> dict:
    """Lighthouse's report of `url`: in the browser on `port`, or with none, in a Chromium
    of its own with no cookie."""
    browser = [f"--port={port}"] if port else [f"--chrome-flags={CHROME_FLAGS}"]
    subprocess.run(
        [
            lighthouse,
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(CATEGORIES)}",
            *browser,
        ],
        check=True,
        env=os.environ | {"CHROME_PATH": chrome},
    )
    result = json.loads(report.read_text())
    below = {
        name: audit.get("title")
        for name, audit in result["audits"].items()
        if audit.get("score") is not None
        and audit["score"] < 1
        and audit.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
    }
    scores = {key: round(result["categories"][key]["score"] * 100) for key in CATEGORIES}
    return {"scores": scores, "below": below}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lighthouse", default=default_lighthouse())
    parser.add_argument("--keep", type=Path, help="a folder for each page's JSON report")
    parser.add_argument("--only", help="these pages alone, comma-separated: board,home,...")
    parser.add_argument("--audits", action="store_true", help="name the audits below 1")
    args = parser.parse_args(argv)
    chrome = os.environ.get("CHROME_PATH") or default_chrome()
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        folder = Path(tmp)
        port = free_port()
        env = os.environ | {
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(40),
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_SSL_REDIRECT": "0",  # no TLS proxy in front: nothing to redirect to
            "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
            "CACHE_LOCATION": str(folder / "cache"),
            "STATIC_ROOT": str(folder / "static"),
            "PORT": str(port),
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        }
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
        made = subprocess.run(
            [*manage, "shell", "-c", DATA], cwd=ROOT, env=env, check=True, capture_output=True
        )
        data = json.loads(made.stdout.decode().strip().splitlines()[-1])
        log = (folder / "web.log").open("w")
        server = subprocess.Popen(
            web_line(),
            shell=True,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        chromium = None
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(base + "/healthz")
            chromium, debugging = browser(chrome, folder, base, data["cookie"])
            wanted = args.only.split(",") if args.only else None
            results = {}
            for name, path in pages(data).items():
                if wanted and name not in wanted:
                    continue
                report = (args.keep or folder) / f"{name}.json"
                report.parent.mkdir(parents=True, exist_ok=True)
                port = None if name in LOGGED_OUT else debugging
                results[name] = score(args.lighthouse, base + path, report, port, chrome)
        finally:
            if chromium is not None:
                os.killpg(chromium.pid, signal.SIGTERM)
                chromium.wait(timeout=30)
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(f"{'page':18}" + "".join(f"{key:>16}" for key in CATEGORIES))
    for name, result in results.items():
        print(f"{name:18}" + "".join(f"{result['scores'][key]:>16}" for key in CATEGORIES))
        if args.audits:
            for audit, title in sorted(result["below"].items()):
                print(f"    {audit}: {title}")
    return 0 if all(min(r["scores"].values()) >= 95 for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
