"""The service worker's view, its page for a place not kept, and a logout that empties the phone."""

import json
import re

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.templatetags.static import static

from games import offline

pytestmark = pytest.mark.django_db


def worker(client, **headers):
    return client.get("/sw.js", headers=headers)


def files_in(response) -> list[str]:
    return json.loads(re.search(r"const FILES = (\[.*?\]);", response.content.decode())[1])


def test_the_worker_is_javascript_asked_afresh_at_every_visit_and_304_when_unchanged(client):
    response = worker(client)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert f'const VERSION = "{offline.version()}";' in response.content.decode()
    again = worker(client, if_none_match=response["ETag"])
    assert again.status_code == 304


def test_the_worker_keeps_the_apps_css_js_icons_htmx_manifest_and_offline_page(client):
    files = files_in(worker(client))
    assert files == offline.files()
    mine = ("css/app.css", "css/entry.css", "js/connection.js", "js/saving.js", "icons/icon.svg")
    for name in (*mine, "icons/icon-192.png", "cardigan/cards.js", "contractor/contractor.css"):
        assert static(name) in files
    assert [url for url in files if "htmx" in url] == [static("django_htmx/htmx-2.min.js")]
    assert {"/manifest.webmanifest", "/offline/"} <= set(files)
    assert not [url for url in files if "admin" in url]


def test_the_worker_never_keeps_nor_answers_for_the_admin_and_the_account_pages(client):
    never = re.search(r"const NEVER = (\[.*?\]);", worker(client).content.decode())[1]
    assert json.loads(never) == ["/admin/", "/account/", "/accounts/"]


@pytest.fixture
def manifest(settings, tmp_path):
    """Production's storage: files named by their content's hash, in its manifest."""
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = settings.STORAGES | {
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}
    }
    names = offline._own() + ["django_htmx/htmx-2.min.js"]

    def write(changed=""):
        paths = {name: re.sub(r"\.(\w+)$", r".aaaa.\1", name) for name in names}
        paths["css/app.css"] = f"css/app.{changed or 'aaaa'}.css"
        content = {"paths": paths, "version": "1.1", "hash": changed or "aaaa"}
        (tmp_path / "staticfiles.json").write_text(json.dumps(content))
        # Read again, as a new deployment's server does at its start.
        storage = staticfiles_storage
        storage.hashed_files, storage.manifest_hash = storage.load_manifest()

    return write


def test_the_version_changes_with_the_staticfiles_manifest_and_names_hashed_files(client, manifest):
    manifest()
    before = worker(client)
    assert "/static/css/app.aaaa.css" in files_in(before)
    manifest(changed="bbbb")
    after = worker(client)
    assert "/static/css/app.bbbb.css" in files_in(after)
    assert after["ETag"] != before["ETag"]
    assert worker(client, if_none_match=before["ETag"]).status_code == 200


def test_the_version_changes_with_a_static_files_content_under_debugs_storage(settings, tmp_path):
    settings.STATICFILES_DIRS = [tmp_path]
    (tmp_path / "app.css").write_text("body { color: red }")
    before = offline.version()
    assert offline.version() == before
    (tmp_path / "app.css").write_text("body { color: blue }")
    assert offline.version() != before


def test_the_version_changes_with_the_workers_own_text(monkeypatch):
    before = offline.version()
    source = offline.worker_source()
    monkeypatch.setattr(offline, "worker_source", lambda: source + "\n// changed")
    assert offline.version() != before


def test_logging_out_empties_what_the_phone_kept(owner_client):
    response = owner_client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Clear-Site-Data"] == '"cache", "storage"'


def test_the_offline_page_names_no_account_for_it_is_kept_for_everyone(owner_client, user):
    page = owner_client.get("/offline/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "No signal" in text and 'id="kept"' in text
    assert user.username not in text and "Log out" not in text
