"""gunicorn's settings for `bench/club.py`'s servers, beside the Procfile's own (given as
GUNICORN_CMD_ARGS, which the Procfile's command line leaves alone): an access log that
says, for each request, the server's own time and the CPU its worker spent on it.

A sync worker serves one request at a time, so the worker's CPU clock between the start
of a request and its access-log line is that request's (PostgreSQL's and Redis's CPU are
counted apart, by process, in bench/club.py).
"""

import time

from gunicorn.glogging import Logger

# Method, path?query, status, bytes, microseconds in the server, CPU microseconds.
access_log_format = "%(m)s %(U)s?%(q)s %(s)s %(B)s %(D)s %(C)s"


def pre_request(worker, req):
    req.cpu_started = time.process_time()


class CpuLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        started = getattr(req, "cpu_started", None)
        atoms["C"] = "-" if started is None else round((time.process_time() - started) * 1e6)
        return atoms


logger_class = CpuLogger
