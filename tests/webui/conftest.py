"""Fixtures of the web UI tests: ``app`` (a fresh data directory per test) and ``client``.

The toy rule set (tests/webui/toy_rules.py) is registered for the tests that need payments
of a known shape; the real rule sets are used wherever a test is about them."""
from __future__ import annotations

import pytest

from scorer import rulesets

from webui import create_app


@pytest.fixture(autouse=True)
def toy_rules(monkeypatch):
    monkeypatch.setitem(rulesets.RULE_SETS, "toy", "tests.webui.toy_rules")
    yield


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "SECRET_KEY": "test"})


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_of(client) -> str:
    """The session's CSRF token, as a page would carry it."""
    client.get("/games")
    with client.session_transaction() as s:
        return s["csrf"]
