"""Who may use the app: loopback trusted, LAN clients only with the join token, CSRF on forms,
no DNS-rebinding Host names, protective headers."""
from __future__ import annotations

import pytest

from webui import create_app

from .conftest import csrf_of

LAN_CLIENT = {"REMOTE_ADDR": "192.168.1.23"}
PLAYERS = {f"player{i}": p for i, p in enumerate(["A", "B", "C", "D"])}


@pytest.fixture
def lan_app(tmp_path):
    return create_app({"DATA_DIR": str(tmp_path), "SECRET_KEY": "t", "LAN_TOKEN": "sesame-token"})


def test_form_posts_need_the_csrf_token(client):
    r = client.post("/games", data={"rules": "toy", **PLAYERS})
    assert r.status_code == 400 and b"expired" in r.data
    r = client.post("/games", data={"rules": "toy", "csrf_token": "forged", **PLAYERS})
    assert r.status_code == 400
    r = client.post("/games", data={"rules": "toy", "csrf_token": csrf_of(client), **PLAYERS})
    assert r.status_code == 303
    # The header works for script requests.
    r = client.post("/games", data={"rules": "toy", **PLAYERS}, headers={"X-CSRF-Token": csrf_of(client)})
    assert r.status_code == 303


def test_json_writes_need_no_token_but_must_be_json(client):
    assert client.post("/api/games", json={"rules": "toy", "players": list("ABCD")}).status_code == 201
    r = client.post("/api/games", data='{"rules": "toy", "players": ["A","B","C","D"]}', content_type="text/plain")
    assert r.status_code == 415 and r.json["error"]["code"] == "not_json"


def test_a_json_post_to_a_pages_route_needs_the_token(client):
    # the JSON exemption was by type, not route: a form route reads no field of a JSON body, and a
    # tokenless JSON post deleted a game (a robustness review)
    gid = client.post("/api/games", json={"rules": "toy", "players": list("ABCD")}).json["game"]["id"]
    r = client.post(f"/games/{gid}/delete", json={})
    assert r.status_code == 400 and r.json["error"]["code"] == "csrf"
    assert client.get(f"/api/games/{gid}").status_code == 200
    # the pages' own scripts send it in the header; scoring a hand changes nothing and needs none
    r = client.post("/review/drafts", json={"state": {}}, headers={"X-CSRF-Token": "forged"})
    assert r.status_code == 400 and r.json["error"]["code"] == "csrf"
    assert client.post("/review/score", json={"hand": "123m456p789s234s5z 5z", "rules": "toy"}).status_code == 200
    assert client.post(f"/games/{gid}/delete", json={}, headers={"X-CSRF-Token": csrf_of(client)}).status_code == 303


def test_lan_clients_need_the_token(lan_app):
    c = lan_app.test_client()
    for url in ("/", "/games", "/api/games", "/review/new", "/tiles/1m.svg"):
        r = c.get(url, environ_base=LAN_CLIENT)
        assert r.status_code == 403, url
    r = c.post("/api/games", json={"rules": "toy", "players": list("ABCD")}, environ_base=LAN_CLIENT)
    assert r.status_code == 403 and r.json["error"]["code"] == "token_required"
    assert c.get("/games?token=wrong", environ_base=LAN_CLIENT).status_code == 403
    r = c.get("/games?token=sesame-token&x=1", environ_base=LAN_CLIENT)
    assert r.status_code == 302 and r.location.endswith("/games?x=1")   # token leaves the address bar
    assert c.get("/games", environ_base=LAN_CLIENT).status_code == 200    # remembered in the session
    r = c.post("/api/games", json={"rules": "toy", "players": list("ABCD")}, environ_base=LAN_CLIENT)
    assert r.status_code == 201


def test_a_device_whose_join_link_was_replaced_is_told_so_in_its_pages_language(lan_app):
    # after `serve --new-token` a joined phone got a blank score and a greyed Record, its game page
    # stopped following the table, and a form sent was told only "ask the host for the join link"
    c = lan_app.test_client()
    assert c.get("/games?token=sesame-token", environ_base=LAN_CLIENT).status_code == 302
    lan_app.config["LAN_TOKEN"] = "new-token"                 # the host made a new link
    r = c.post("/review/score", json={"hand": "123m", "rules": "mcr"}, environ_base=LAN_CLIENT,
               headers={"X-Requested-With": "fetch"})
    assert r.status_code == 403 and r.json["error"]["code"] == "token_changed"
    assert r.json["error"]["message"].startswith("the table's join link changed since this device joined")
    c.set_cookie("mjtable_lang", "fr")
    r = c.get("/api/games/1/state", environ_base=LAN_CLIENT,
              headers={"Accept": "application/json", "X-Requested-With": "fetch"})       # the game page's poll
    assert r.status_code == 403 and r.json["error"]["message"].startswith("le lien pour rejoindre la table a changé")
    r = c.get("/api/games", environ_base=LAN_CLIENT)          # a program: English
    assert r.json["error"]["message"].startswith("the table's join link changed")
    page = c.get("/games", environ_base=LAN_CLIENT).get_data(as_text=True)
    assert "le lien pour rejoindre la table a changé" in page
    other = lan_app.test_client()                             # a device that never joined
    assert other.get("/api/games", environ_base=LAN_CLIENT).json["error"]["code"] == "token_required"


def test_a_device_not_joined_gets_a_styled_page_saying_how_to_join(lan_app):
    # a bare black-on-white page (its stylesheet refused too) naming a terminal command the player never ran
    c = lan_app.test_client()
    page = c.get("/games", environ_base=LAN_CLIENT)
    assert page.status_code == 403 and "/join shows its QR code" in page.get_data(as_text=True)
    assert "/static/app.css" in page.get_data(as_text=True)
    assert c.get("/static/app.css", environ_base=LAN_CLIENT).status_code == 200
    assert c.get("/tiles/1m.svg", environ_base=LAN_CLIENT).status_code == 403      # nothing else


def test_lan_token_header_for_scripts(lan_app):
    c = lan_app.test_client()
    r = c.get("/api/games", environ_base=LAN_CLIENT, headers={"X-MJTable-Token": "sesame-token"})
    assert r.status_code == 200
    # a wrong token, or a prefix of the right one, opens nothing, and is not remembered
    for wrong in ("sesame-tokem", "sesame", "x"):
        r = lan_app.test_client().get("/api/games", environ_base=LAN_CLIENT, headers={"X-MJTable-Token": wrong})
        assert r.status_code == 403 and r.json["error"]["code"] == "token_required", (wrong, r.json)


def test_without_lan_mode_remote_clients_are_refused(client):
    r = client.get("/games?token=anything", environ_base=LAN_CLIENT)
    assert r.status_code == 403 and b"--lan" in r.data


def test_localhost_is_trusted_in_lan_mode(lan_app):
    assert lan_app.test_client().get("/games").status_code == 200


class _Socket:
    def __init__(self, local):
        self.local = local

    def getsockname(self):
        return (self.local, 5000)


def test_this_machine_is_trusted_at_its_own_lan_address(lan_app):
    """The host's own browser opening the LAN address: it reached 192.168.1.23 from 192.168.1.23."""
    c = lan_app.test_client()
    own = {**LAN_CLIENT, "werkzeug.socket": _Socket("192.168.1.23")}
    assert c.get("/games", environ_base=own).status_code == 200
    other = {**LAN_CLIENT, "werkzeug.socket": _Socket("192.168.1.5")}
    assert c.get("/games", environ_base=other).status_code == 403
    # the same Host rule as on loopback: a rebound name is refused
    assert c.get("/games", environ_base=own, headers={"Host": "rebind.attacker.net"}).status_code == 403


@pytest.mark.parametrize("host, status", [
    ("127.0.0.1:5000", 200), ("localhost:5000", 200), ("[::1]:5000", 200), ("192.168.1.5:5000", 200),
    ("evil.example.com", 403), ("rebind.attacker.net:5000", 403),
])
def test_host_names_that_could_be_rebound_are_refused(client, host, status):
    assert client.get("/games", headers={"Host": host}).status_code == status


def test_protective_headers(client):
    r = client.get("/")
    assert r.headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_join_page_shows_the_link_and_its_qr(tmp_path):
    app = create_app({"DATA_DIR": str(tmp_path), "SECRET_KEY": "t", "LAN_TOKEN": "tok",
                      "JOIN_URL": "http://192.168.1.5:5000/?token=tok"})
    page = app.test_client().get("/join").get_data(as_text=True)
    assert "http://192.168.1.5:5000/?token=tok" in page and "<svg" in page and "<path" in page


def test_join_page_without_lan_mode(client):
    assert b"--lan" in client.get("/join").data


def test_a_request_another_site_made_the_browser_send_is_refused(client):
    """Sec-Fetch-Site: cross-site (set by the browser, never by a page): an <img> on another site
    turned on the server's webcam and probed the photos; a script could post photos to read in a
    loop. Following a link to the app is still a visit."""
    cross = {"Sec-Fetch-Site": "cross-site"}
    for path in ("/camera/stream.mjpg", "/photos/1.jpg", "/api/games"):
        r = client.get(path, headers={**cross, "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"})
        assert r.status_code == 403 and "another web site" in r.get_data(as_text=True), path
    r = client.post("/api/read", data=b"x", headers={**cross, "Sec-Fetch-Mode": "no-cors"},
                    content_type="image/jpeg")
    assert r.status_code == 403
    assert client.get("/games", headers={**cross, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"}
                      ).status_code == 200
    assert client.get("/games", headers={"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"}).status_code == 200


def test_private_pages_are_not_kept_in_caches(client):
    # /join shows the table's token; the game pages its players: a shared computer's cache kept them
    for path in ("/join", "/games", "/api/games"):
        r = client.get(path)
        assert r.headers["Cache-Control"] == "no-store", path
    assert client.get("/tiles/1m.svg").headers.get("Cache-Control") != "no-store"


def test_ids_in_addresses_are_ascii_digits(client):
    gid = client.post("/api/games", json={"name": "g", "rules": "mcr", "players": list("ABCD")}).json["game"]["id"]
    assert gid == 1 and client.get("/games/1").status_code == 200
    for other in ("%EF%BC%91", "%D9%A1"):           # fullwidth one, Arabic-Indic one
        assert client.get(f"/games/{other}").status_code == 404, other


def test_a_form_whose_session_expired_comes_back_to_be_sent_again_not_lost(client):
    # a win typed into the game page's form while the session expired (or the server restarted)
    # was refused with "reload the page and try again", and the entry was gone
    import html as html_lib
    import re

    from .conftest import csrf_of
    from .test_game_flow import new_game
    gid = new_game(client, "mcr")
    win = {"csrf_token": "stale", "winner0": "1", "hand0": "123456789m123p5z 5z", "discarder": "0",
           "next_seq": "1", "form_key": "phone-x"}
    r = client.post(f"/games/{gid}/win", data=win, headers={"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate"})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "what you entered is kept: send it again" in page
    form = re.search(r'<form method="post" action="([^"]+)" id="resend">(.*?)</form>', page, re.S)
    assert form and form.group(1) == f"/games/{gid}/win"
    fields = {k: html_lib.unescape(v) for k, v in re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2))}
    assert fields["hand0"] == "123456789m123p5z 5z" and fields["csrf_token"] == csrf_of(client)
    assert client.get(f"/api/games/{gid}").json["hands"] == []          # nothing done before it is sent again
    assert client.post(form.group(1), data=fields).status_code == 303
    assert [h["notation"] for h in client.get(f"/api/games/{gid}").json["hands"]] == ["123456789m123p5z 5z"]
    # a post that does not say it came from this app's pages is refused as it was, nothing offered back
    r = client.post(f"/games/{gid}/win", data={**win, "next_seq": "2"})
    assert r.status_code == 400 and 'id="resend"' not in r.get_data(as_text=True)
    r = client.post(f"/games/{gid}/win", data={**win, "next_seq": "2"}, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403 and 'id="resend"' not in r.get_data(as_text=True)
    # a page's script (not a person's navigation) keeps its refusal; so does another site's Origin
    r = client.post(f"/games/{gid}/win", data={**win, "next_seq": "2"},
                    headers={"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors"})
    assert r.status_code == 400 and 'id="resend"' not in r.get_data(as_text=True)
    r = client.post(f"/games/{gid}/win", data={**win, "next_seq": "2"}, headers={"Origin": "http://evil.example"})
    assert r.status_code == 400 and 'id="resend"' not in r.get_data(as_text=True)
    # a browser that sends no Sec-Fetch-* to a plain-HTTP address says its Origin: this server's
    r = client.post(f"/games/{gid}/win", data={**win, "next_seq": "2"}, headers={"Origin": "http://localhost"})
    assert r.status_code == 400 and 'id="resend"' in r.get_data(as_text=True)
    # an address no page posts to gets no button that could only fail
    r = client.post("/no/such/form", data=win, headers={"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate"})
    assert 'id="resend"' not in r.get_data(as_text=True)
