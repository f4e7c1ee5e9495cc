"""Damaged account files and sheets, through every way in: stored whole, or refused with
"Nothing was imported: ..." and the database exactly as it was; never a server error.

Each test starts from a valid file (an exported account; an example sheet) and damages
it one to three times, anywhere: a value replaced by another of any type (or by an
over-long string, a bad date, an unknown kind, a huge number), a key removed, a key or
an item added. Each file is posted in a savepoint rolled back afterwards, so every
example meets the same database.
"""

import copy
import json
import tempfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import transaction
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.models import Session
from tests.conftest import examples
from tests.fuzz.counting import record
from tests.fuzz.test_sheet_fuzz import paths
from tests.sheets import example_names, load_example
from tests.tables import account_file, everything

SHEETS = [load_example(name)[0] for name in example_names()]
REFUSED = "Nothing was imported: "

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.sampled_from([-1, 0, 2**31, 2**63, 10**30]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.text(min_size=41, max_size=2100),
    st.sampled_from(
        [
            "",
            "2026-11-20",
            "2026-02-30",
            "20/11/2026",
            "2026-11-20T21:30:00",
            "2026-11-20T25:00:00+00:00",
            "0001-01-01T00:00:00+01:00",
            "9999-12-31T23:59:59-05:00",
            "tridge",
            "poker",
            "edited",
            "deleted",
            "Ana",
            "ANA",
            "bea",
            "\u0000",
            "\ud800",
        ]
    ),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=10,
)
COUNTS = {}


@st.composite
def damaged(draw, document):
    document = copy.deepcopy(document)
    for _ in range(draw(st.integers(1, 3))):
        spots = list(paths(document))[1:]
        # Half the time outside the sheets, which the sheet fuzz tests cover already.
        outside = [spot for spot in spots if "sheet" not in spot]
        spot = draw(st.sampled_from(outside if outside and draw(st.booleans()) else spots))
        parent = document
        for step in spot[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if action == "replace":
            parent[spot[-1]] = draw(values)
        elif action == "delete":
            del parent[spot[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=10))] = draw(values)
        else:
            parent.append(draw(values))
    return document


@pytest.fixture(autouse=True, scope="module")
def figures():
    yield
    record(COUNTS, "imports")


def judge(way: str, send) -> None:
    """Send one damaged file in a savepoint: `send()` returns the refusal, or None if stored.

    A refusal must say "Nothing was imported" and leave every row as it was.
    """
    for outcome in ("tried", "refused", "stored"):
        COUNTS.setdefault(f"{way}_{outcome}", 0)
    COUNTS[f"{way}_tried"] += 1
    with transaction.atomic():
        before = everything()
        refusal = send()
        if refusal is None:
            COUNTS[f"{way}_stored"] += 1
        else:
            assert refusal.startswith(REFUSED) and "\n" not in refusal, refusal
            assert everything() == before, f"partly imported: {refusal}"
            COUNTS[f"{way}_refused"] += 1
        transaction.set_rollback(True)


def as_bytes(document) -> bytes:
    # json.dumps writes NaN, Infinity and "\ud800" as Python reads them: damage too.
    return json.dumps(document).encode()


@pytest.mark.django_db
def test_a_damaged_account_file_is_stored_whole_or_refused_on_the_account_page(user, make_user):
    exported = account_file(user)
    client = Client()
    client.force_login(make_user("bea"))

    @examples(1)
    @given(damaged(exported))
    def post(document):
        def send():
            upload = SimpleUploadedFile("account.json", as_bytes(document))
            response = client.post("/account/", {"file": upload})
            assert response.status_code in (200, 302), response.status_code
            if response.status_code == 302:
                return None
            return " ".join(response.context["form"].errors["file"])

        judge("account_page", send)

    post()


@pytest.mark.django_db
def test_a_damaged_sheet_is_stored_whole_or_refused_by_the_session_import(user):
    client = Client()
    client.force_login(user)
    session = Session.objects.create(group=user.owned_groups.first())

    @examples(1)
    @given(st.sampled_from(SHEETS).flatmap(damaged), st.booleans())
    def post(document, as_file):
        def send():
            raw = as_bytes(document)
            data = (
                {"file": SimpleUploadedFile("g.json", raw)} if as_file else {"text": raw.decode()}
            )
            response = client.post(f"/sessions/{session.pk}/import/", data)
            assert response.status_code in (200, 302), response.status_code
            if response.status_code == 302:
                return None
            errors = response.context["form"].errors
            return " ".join(errors.get("file", []) + errors.get("text", []))

        judge("session_import", send)

    post()


@pytest.mark.django_db
def test_a_damaged_sheet_is_stored_whole_or_refused_by_importsheet(user, capsys):
    path = Path(tempfile.mkdtemp()) / "sheet.json"

    @examples(1)
    @given(st.sampled_from(SHEETS).flatmap(damaged))
    def run(document):
        def send():
            path.write_bytes(as_bytes(document))
            try:
                call_command("importsheet", str(path), "--owner", "ana")
            except CommandError as error:
                # manage.py prints it as one line on stderr and exits with its returncode.
                assert error.returncode == 2 and capsys.readouterr().out == ""
                assert "\n" not in str(error), error
                return str(error)
            capsys.readouterr()
            return None

        judge("importsheet", send)

    run()
