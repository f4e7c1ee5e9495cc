"""Settings for `make bench` only: the project's own, with a trivial view added (the floor).

The benchmark's gunicorn runs with DJANGO_SETTINGS_MODULE=bench.settings, so what it
serves is exactly the project's middleware and URLs plus `/bench/...` (bench/urls.py);
nothing else changes except where collected static files live (a temporary folder).
BENCH_CONN_HEALTH_CHECKS=0 turns the database's per-request health check off, for
`bench/server.py --no-health-checks` only: an experiment, never the default.
"""

import os

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import DATABASES
from scorekeeper.settings import STATIC_ROOT as PROJECT_STATIC_ROOT

ROOT_URLCONF = "bench.urls"
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT") or PROJECT_STATIC_ROOT
if os.environ.get("BENCH_CONN_HEALTH_CHECKS") == "0":
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
