import pytest


@pytest.mark.django_db
def test_healthz_answers_ok_after_asking_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get("/healthz")
    assert (response.status_code, response.content) == (200, b"ok")
