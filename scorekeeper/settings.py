"""One settings module, driven by the environment.

Development needs nothing set: DEBUG is on and SQLite lives next to manage.py.
Production sets SECRET_KEY, DEBUG=0, ALLOWED_HOSTS and DATABASE_URL.
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY.strip():
    if not DEBUG:
        # A key written in this file is public: anyone could forge sessions signed with it.
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off: a long random value of your own, "
            "e.g. python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    SECRET_KEY = "django-insecure-development-only-key"  # `make run`, on this machine only
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages go out compressed (a 500-hand board: 37 KB of HTML, 11 KB gzipped), with
    # Django's BREACH mitigation. Below whitenoise, which answers static files itself
    # from the compressed copies collectstatic made; above everything that writes the
    # body. It makes an ETag weak (W/"..."), which If-None-Match still matches: an
    # unchanged board's poll still gets its 304 (tests/scorekeeper/test_compression.py).
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Names each page's owner, and a game's pages what to keep with no signal (games/offline.py).
    "games.offline.headers",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its own answer.
    "axes.middleware.AxesMiddleware",
]

# Login attempts are counted per username and address; after five failures that pair waits.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

# Every script is a file of ours; nothing inline, nothing from elsewhere.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Each game folder may bring its own templates (its hand form, its scoreboard parts).
        "DIRS": [BASE_DIR / "templates", *sorted((BASE_DIR / "games").glob("*/templates"))],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.offline.owner_context",
            ],
        },
    },
]

DATABASES = {
    # An empty DATABASE_URL means "not set": a blank line in an env file must not break the app.
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has one write lock for the whole file, which every gunicorn worker wants
    # when phones save at once. A save reads the game before it writes (SQLite ignores
    # select_for_update); in a deferred transaction that read must then become a write,
    # and SQLite answers "database is locked" at once rather than wait, whatever the
    # busy timeout. IMMEDIATE takes the lock at BEGIN, so each save waits its turn, up
    # to `timeout` seconds (well under gunicorn's 30), one after another as PostgreSQL's
    # row lock makes them. WAL lets pages be read while a save writes; FULL syncs the log
    # at every commit, so a save the phone was told of survives a power cut too (NORMAL
    # would sync at checkpoints only and may undo the last saves). tests/reliability/
    # test_simultaneous_saves.py, 12 saves at once on two workers: 1 to 3 refused in
    # each of 5 runs without these options, 1 or 2 with WAL and timeout but not
    # IMMEDIATE, none with all three.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 10,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL",
    }
# One cache for every process that serves the database: it keeps the sessions and each
# board's part drawn from the scores, under the game's version (games/views/games.py), so
# nothing stale is read from it. By default a folder, shared by every worker and server
# of this machine, so that no other service is needed. Servers on several machines must
# all reach one cache: CACHE_URL names a Redis server for that (redis://host:6379/0, or
# several addresses, the primary first, separated by commas).
CACHE_LOCATION = os.environ.get("CACHE_LOCATION") or str(BASE_DIR / ".cache")
CACHE_URL = os.environ.get("CACHE_URL", "").strip()
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    # Said at start-up, not found out at the first page: with a cache each, a session
    # logged out on one machine would live on in the others'.
    raise ImproperlyConfigured(
        "CACHE_URL must be a Redis address (redis://, rediss:// or unix://), "
        f"not {CACHE_URL.split('://')[0]!r}"
    )
CACHES = {
    "default": {
        "BACKEND": "scorekeeper.cache.FileBasedCache",  # Django's, culled less often
        "LOCATION": CACHE_LOCATION,
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
    if not CACHE_URL
    else {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
}
# Each request's session comes from the cache, falling back to its row in the database.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Mail, for the password reset link. Without EMAIL_HOST mail is printed on the console
# (`make run` shows the link there); a club's server sets EMAIL_HOST to send it.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
EMAIL_BACKEND = (
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT") or (587 if EMAIL_USE_TLS else 25))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL") or "scorekeeper@localhost"
# A mail server that does not answer must not hold the page past gunicorn's 30 s.
EMAIL_TIMEOUT = 10

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic puts the files whitenoise serves (a test's server: a folder of its own).
STATIC_ROOT = os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles"
# Like templates, each game folder may bring its own static files (`games/<game>/static/`).
STATICFILES_DIRS = [BASE_DIR / "static", *sorted((BASE_DIR / "games").glob("*/static"))]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Behind the club's TLS proxy everything is HTTPS; locally nothing is.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# A club serving plain http (a home network, no TLS proxy) turns the redirect off: its
# cookies must then travel over http too, or nobody could log in. Served over https,
# they never leave it.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT
SECURE_HSTS_SECONDS = 0 if DEBUG else int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
