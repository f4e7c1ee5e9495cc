import pytest


@pytest.mark.django_db
def test_healthz_answers_ok_after_asking_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")


@pytest.mark.django_db
def test_the_manifest_lets_a_phone_install_the_app_full_screen(client):
    response = client.get("/manifest.webmanifest")
    manifest = response.json()
    assert response["Content-Type"] == "application/manifest+json"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    from django.contrib.staticfiles import finders

    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/"))
    page = client.get("/").content.decode()
    assert 'rel="manifest"' in page and 'rel="apple-touch-icon"' in page
