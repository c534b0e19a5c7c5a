"""The game page in headless Chromium: on a phone (390 × 844) every hand shows every player's
change and points, with nothing wider than the screen; the destructive actions (Undo, Delete a
hand, Record a draw, a false win, Delete the game) ask first and do nothing when refused; the page
in French; the /calibrate page's example picture. No error in the console."""
from __future__ import annotations

import re
import time

import pytest

from .helpers import WIN
from .test_browser import (  # noqa: F401 - fixtures
    By, EC, browser, chromium, console_errors, server, shot, wait)
from .test_four_taps import phone
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait

pytestmark = pytest.mark.browser

PLAYERS = ["Annabelle", "Bartholomew", "Cyrielle", "Dimitri"]


def _game(app) -> int:
    client = app.test_client()
    gid = client.post("/api/games", json={"name": "Friday", "rules": "toy", "players": PLAYERS}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 1, "discarder": 3}).status_code == 201
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}).status_code == 201
    assert client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 2, "discarder": None}).status_code == 201
    return gid


def _hands(app, gid) -> list:
    return app.test_client().get(f"/api/games/{gid}").json["hands"]


def _phone_window(d, width: int, height: int) -> None:
    """The browser window at a phone's size, once the page's layout has taken it."""
    d.set_window_size(width, height)
    wait(d).until(lambda drv: drv.execute_script(f"return innerWidth <= {width}"))


def _no_overflow(d, seconds: float = 10):
    # Polled: on a loaded machine the first layout after the resize to a phone can be measured
    # before the stylesheet applies (the bare table is 630-670 px wide); a page that never fits
    # still fails, with its width.
    width = "return [document.documentElement.scrollWidth, innerWidth, document.readyState]"
    try:
        WebDriverWait(d, seconds, poll_frequency=0.2).until(
            lambda drv: (lambda w: w[2] == "complete" and w[0] <= w[1])(drv.execute_script(width)))
    except TimeoutException:
        raise AssertionError(f"the page is wider than the screen: {d.execute_script(width)}") from None


def test_phone_shows_every_players_column_of_each_hand(server, browser, app):
    d = browser
    gid = _game(app)
    phone(d)
    d.get(f"{server}/games/{gid}?lang=en")
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.hands")))
    _no_overflow(d)
    hands = _hands(app, gid)
    for h in hands:
        cells = d.find_elements(By.CSS_SELECTOR, f"#hand-{h['seq']} td.delta")
        assert len(cells) == 4
        for p, cell in enumerate(cells):
            box = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.width];",
                                   cell)
            assert box[2] > 40 and box[0] >= 0 and box[1] <= 390, (h["seq"], p, box)
            shown = [w for w in cell.text.split() if w not in ("change", "total")]    # the words for screen readers
            assert shown[0].startswith(PLAYERS[p][:6]), shown       # the player's name on each figure
            delta = h["deltas"][p]
            assert shown[1] == (f"{delta:+d}" if delta else "0") and shown[2] == str(h["totals"][p])
            # and to a screen reader which figure is which (it heard "-8 -8")
            heard = " ".join(cell.get_attribute("textContent").split())
            assert heard.endswith(f"change {shown[1]} total {shown[2]}"), heard
    d.execute_script("document.getElementById('hand-1').scrollIntoView()")
    shot(d, "game-phone", width=390)
    # Long names wrap in a hand's cards, whole: cut ("Jean-Christop…") two could read alike
    client = app.test_client()
    long_names = ["Jean-Christophe", "Marie-Antoinette", "Bartholomew Smith", "Maximilienne"]
    named = client.post("/api/games", json={"rules": "toy", "players": long_names}).json["game"]["id"]
    assert client.post(f"/api/games/{named}/hands", json={"hand": WIN, "winner": 1, "discarder": 0}).status_code == 201
    phone(d)
    d.get(f"{server}/games/{named}?lang=en")
    _no_overflow(d)
    for p, who in enumerate(d.find_elements(By.CSS_SELECTOR, "#hand-1 td.delta .who")):
        assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", who), long_names[p]
        assert " ".join(who.text.split()).replace("- ", "-") == long_names[p]
    # The score sheet scrolls sideways in its box; the page itself fits the phone.
    phone(d)
    d.get(f"{server}/games/{gid}/sheet")
    _no_overflow(d)
    box = d.find_element(By.CSS_SELECTOR, ".sheet-box")
    assert d.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", box)
    # reached from the keyboard, to scroll it with the arrow keys (axe: scrollable-region-focusable)
    assert box.get_attribute("tabindex") == "0" and box.get_attribute("aria-label")
    # and says so: the players' columns start off the screen (their points seemed missing)
    assert d.find_element(By.ID, "scroll-hint").is_displayed()
    # a tablet's width where the table fits: no hint (a family's 768-px tablet showed it)
    client = app.test_client()
    short = client.post("/api/games", json={"rules": "toy", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{short}/hands", json={"kind": "draw"})
    _viewport(d, 768, 1000)
    d.get(f"{server}/games/{short}/sheet")
    box = d.find_element(By.CSS_SELECTOR, ".sheet-box")
    assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box)
    wait(d).until(lambda drv: not drv.find_element(By.ID, "scroll-hint").is_displayed())
    d.set_window_size(1200, 1000)
    assert not d.find_element(By.ID, "scroll-hint").is_displayed()
    assert not console_errors(d)


def test_a_finished_games_final_table_fits_a_phone(server, browser, app):
    # its score column was cut off at the phone's edge, the whole page scrolling sideways
    from .test_game_flow import play_riichi_game
    d = browser
    gid = play_riichi_game(app.test_client())
    phone(d)
    for lang in ("en", "fr"):
        d.get(f"{server}/games/{gid}?lang={lang}")
        _no_overflow(d)
        for row in d.find_elements(By.CSS_SELECTOR, "#final tbody tr"):
            score = row.find_elements(By.CSS_SELECTOR, "td")[-1]
            assert d.execute_script("return arguments[0].getBoundingClientRect().right", score) <= 390, lang
            assert score.text.startswith(("+", "-"))
    assert not console_errors(d)


def test_a_games_hands_fit_a_phone_held_sideways_and_the_smallest_phone(server, browser, app):
    # 844 x 390: the hands' table was 1,040-1,140 px wide in its 788-px box, two players' columns
    # out of view; 320 px: « +12,000 » was cut to « +12,00 » in a quarter of each hand's card
    from .test_game_flow import play_riichi_game
    d = browser
    gid = play_riichi_game(app.test_client())
    for width, height in ((844, 390), (320, 568)):
        _viewport(d, width, height)
        d.get(f"{server}/games/{gid}")
        _no_overflow(d)
        box = d.find_element(By.CSS_SELECTOR, ".hands-box")
        assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box), width
        cut = d.execute_script("return Array.from(document.querySelectorAll('table.hands td.delta'))"
                               ".filter(td => td.scrollWidth > td.clientWidth + 1 || td.getBoundingClientRect().right > innerWidth)"
                               ".map(td => td.textContent.trim())")
        assert not cut, (width, cut)
    assert not console_errors(d)


def test_a_finished_game_is_settled_in_money_on_a_phone(server, browser, app):
    """"Settle in money" under the final table: the rate typed (a French decimal comma too), the
    sums and who pays whom shown, the page still a phone's width."""
    from .test_game_flow import play_riichi_game
    d = browser
    gid = play_riichi_game(app.test_client())
    phone(d)
    for lang, rate, said in (("en", "0.5", "pays"), ("fr", "0,5", "paie")):
        d.get(f"{server}/games/{gid}?lang={lang}")
        if lang == "en":
            d.find_element(By.CSS_SELECTOR, "#money summary").click()
        else:       # the rate settled at first is kept with the game: the page opens settled at it
            assert d.find_element(By.ID, "money").get_attribute("open") is not None
            assert d.find_element(By.CSS_SELECTOR, '#money-form input[name="rate"]').get_attribute("value") == "0.5"
            assert d.find_element(By.ID, "money-forget").is_displayed()
            for name in ("rate", "unit"):
                d.find_element(By.CSS_SELECTOR, f'#money-form input[name="{name}"]').clear()
        d.find_element(By.CSS_SELECTOR, '#money-form input[name="rate"]').send_keys(rate)
        d.find_element(By.CSS_SELECTOR, '#money-form input[name="unit"]').send_keys("EUR")
        before = d.find_element(By.ID, "money-form")
        d.find_element(By.CSS_SELECTOR, "#money-form button").click()
        # the page settled at the kept rate is replaced: its payments are not the ones asked for
        wait(d).until(EC.staleness_of(before))
        items = wait(d).until(lambda drv: drv.find_elements(By.CSS_SELECTOR, "#money-payments li"))
        assert 1 <= len(items) <= 3 and all(f" {said} " in li.text and " EUR" in li.text for li in items), lang
        amounts = [r.find_elements(By.CSS_SELECTOR, "td")[1].text for r in d.find_elements(By.CSS_SELECTOR, "#money-amounts tbody tr")]
        assert len(amounts) == 4 and all(a.startswith(("+", "-", "−", "0")) for a in amounts), amounts
        # the page opens at the settlement: it reloaded at its top, the sums far below
        assert d.current_url.endswith("#money"), d.current_url
        top = d.execute_script("return document.getElementById('money').getBoundingClientRect().top")
        assert -2 <= top < d.execute_script("return innerHeight") / 2, top
        _no_overflow(d)
    shot(d, "money-settlement-phone", width=390)
    assert not console_errors(d)


def _riichi_game(app, players, first=(), **flow) -> int:
    """A riichi game of ``players`` (``flow`` its options) played to its end: the hands ``first``,
    then those of test_game_flow.RIICHI_GAME."""
    from .test_game_flow import RIICHI_GAME, post
    client = app.test_client()
    gid = client.post("/api/games", json={"rules": "riichi", "players": players, "flow": flow}).json["game"]["id"]
    for body in [*first, *(b for b, _ in RIICHI_GAME)]:
        post(client, gid, body)
    return gid


def test_a_riichi_final_table_on_a_phone_shows_each_name_whole(server, browser, app):
    # its six columns left the names "A…", "J…", "Ł…" and "K…", and "Points − 30,000" ran into "Uma"
    names = ["Amélie Fontaine", "Jonas Berg", "Kenji Satō", "Łucja Wójcik-Brzęczyszczykiewicz"]
    gid = _riichi_game(app, names)
    d = browser
    _phone_window(d, 390, 844)
    for lang in ("en", "fr"):
        d.get(f"{server}/games/{gid}?lang={lang}")
        _no_overflow(d)
        width = d.execute_script("return innerWidth")
        rows = d.find_elements(By.CSS_SELECTOR, "#final tbody tr")
        assert sorted(r.find_elements(By.CSS_SELECTOR, "td")[1].text for r in rows) == sorted(names)
        for row in rows:
            name = row.find_elements(By.CSS_SELECTOR, "td")[1]
            assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", name), lang
        heads = [_rect(d, th) for th in d.find_elements(By.CSS_SELECTOR, "#final thead th") if th.is_displayed()]
        assert len(heads) == 4
        assert all(a["right"] <= b["left"] + 1 for a, b in zip(heads, heads[1:])), heads     # no heading over another
        for row in rows:
            figures = [_rect(d, td) for td in row.find_elements(By.CSS_SELECTOR, "td")[2:]]
            assert [round(f["left"]) for f in figures] == [round(h["left"]) for h in heads], lang   # under their heading
            assert figures[-1]["right"] <= width
    shot(d, "final-table-phone", width=390)
    assert not console_errors(d)


def test_a_riichi_final_tables_heads_stay_in_their_columns_beside_a_chombo(server, browser, app):
    # a club's tournament game at 390 px: with a Chombo column the heads' text ran over each other,
    # "Points − 30 0Uma00"
    gid = _riichi_game(app, ["Alice", "Bruno", "Chloé", "Dominique"], tournament=True,
                       first=[{"kind": "penalty", "offender": 2}])
    d = browser
    _phone_window(d, 390, 844)
    for lang in ("fr", "en"):
        d.get(f"{server}/games/{gid}?lang={lang}")
        heads = [th for th in d.find_elements(By.CSS_SELECTOR, "#final thead th") if th.is_displayed()]
        assert len(heads) == 5, [h.text for h in heads]
        spans = d.execute_script("""return arguments[0].map(th => {
            const r = document.createRange(); r.selectNodeContents(th);
            const c = th.getBoundingClientRect(), t = r.getBoundingClientRect();
            return [t.left >= c.left - 1 && t.right <= c.right + 1, th.textContent]; })""", heads)
        assert all(inside for inside, _ in spans), (lang, spans)
    assert not console_errors(d)


def test_the_printed_sheet_keeps_the_final_table_with_its_signatures(server, browser, app):
    # printed, a 15-hand game's final table went ranks 1-2 on one page and 3-4 on the next, or its
    # signature lines alone on the second page
    from .test_game_flow import play_riichi_game
    gid = play_riichi_game(app.test_client())
    d = browser
    d.get(f"{server}/games/{gid}/sheet?lang=en")
    block = d.find_element(By.ID, "final-block")
    assert block.find_elements(By.ID, "final") and block.find_elements(By.ID, "signatures")
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert d.execute_script("return getComputedStyle(arguments[0]).breakInside", block) == "avoid"
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_game_page_says_when_another_device_changed_the_game(server, browser, app):
    # a phone following the game showed the totals of when it was drawn until reloaded, and its
    # player recorded the same win again
    client = app.test_client()
    gid = _game(app)
    d = browser
    d.get(f"{server}/games/{gid}?lang=en")
    banner = d.find_element(By.ID, "game-changed")
    d.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
    d.execute_script("return new Promise((r) => setTimeout(r, 500))")
    assert not banner.is_displayed()                                      # nothing changed yet
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}).status_code == 201    # another device
    d.execute_script("document.dispatchEvent(new Event('visibilitychange'))")
    wait(d).until(lambda drv: banner.is_displayed())
    assert "changed on another device" in banner.text
    banner.find_element(By.TAG_NAME, "a").click()
    wait(d).until(lambda drv: not drv.find_element(By.ID, "game-changed").is_displayed())
    assert not console_errors(d)


def test_a_draw_refused_as_another_device_recorded_first_comes_back_ticked(server, browser, app):
    # the win form came back as typed; the draw form's tenpai and riichi ticks were all cleared
    client = app.test_client()
    gid = client.post("/api/games", json={"name": "Club", "rules": "riichi", "players": PLAYERS}).json["game"]["id"]
    d = browser
    d.get(f"{server}/games/{gid}?lang=en")
    # the four tenpai boxes and the four riichi ones (in a loaded run there were fewer than seven
    # when first looked for): waited for, and the page named if they never come
    try:
        boxes = wait(d).until(lambda drv: (lambda b: b if len(b) == 8 else None)(
            drv.find_elements(By.CSS_SELECTOR, "#draw-form input[type=checkbox]")))
    except TimeoutException:
        raise AssertionError(f"no draw form's eight boxes at {d.current_url}: {d.title}") from None
    ticked = [0, 6]                       # the first player tenpai, the third declared riichi
    for k in ticked:
        boxes[k].click()
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}).status_code == 201    # another device
    d.execute_script("window.confirm = () => true")
    d.find_element(By.ID, "record-draw").click()
    form = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#draw-form[data-refused]")))
    assert "nothing was recorded" in form.find_element(By.ID, "refused").text
    boxes = form.find_elements(By.CSS_SELECTOR, "input[type=checkbox]")
    assert [k for k, b in enumerate(boxes) if b.is_selected()] == ticked
    assert len(_hands(app, gid)) == 1
    assert not console_errors(d)


def _asked(d) -> list:
    return d.execute_script("return window.__asked")


def _refuse_all(d):
    d.execute_script("window.__asked = []; window.confirm = (m) => { window.__asked.push(m); return false; };")


def test_destructive_actions_ask_first(server, browser, app):
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    before = _hands(app, gid)
    _refuse_all(d)
    d.find_element(By.ID, "undo").click()
    d.find_element(By.ID, "record-draw").click()
    d.execute_script("document.querySelector('#penalty-form select[name=offender]').value = '2'")   # named by now
    d.execute_script("document.querySelector('#penalty-form input[name=amount]').value = '12'")
    d.find_element(By.CSS_SELECTOR, "#penalty-form button[type=submit]").click()
    d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand summary").click()
    d.find_element(By.CSS_SELECTOR, "#hand-1 button.danger").click()
    d.find_element(By.CSS_SELECTOR, "#edit-form-1 button[type=submit]").click()
    d.find_element(By.XPATH, "//button[contains(., 'Delete game')]").click()
    asked = _asked(d)
    assert asked == ["Undo hand 3? It is removed from the game.", "Record hand 4 as a draw (nobody won)?",
                     # the player and what each is paid, as chosen in the form
                     "Record a false win by Cyrielle (North): 12 to each other player?", "Delete hand 1? Every later hand is recomputed.",
                     # the game by its name and number (a club's organiser deleted one of three "Friday")
                     "Change hand 1? Every later hand is recomputed.", f"Delete the game “Friday” (#{gid}) and its 3 hands?"], asked
    assert _hands(app, gid) == before and d.current_url.startswith(f"{server}/games/{gid}")
    # Yes: the draw is recorded.
    d.execute_script("window.confirm = () => true")
    d.find_element(By.ID, "record-draw").click()
    wait(d).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".flash"), "draw recorded"))
    assert len(_hands(app, gid)) == 4 and _hands(app, gid)[-1]["kind"] == "draw"
    assert not console_errors(d)


ENGLISH = ["Record a draw", "Undo hand", "Hands", "deals", " wins", "Seat now", "Score sheet", "Delete game",
           "self-drawn", "No winner?", "Record the win"]


def _visible_text(d) -> str:
    return d.execute_script("return document.body.innerText")


def test_the_game_pages_in_french(server, browser, app):
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=fr")
    wait(d).until(EC.presence_of_element_located((By.ID, "standings")))
    text = _visible_text(d) + " ".join(e.get_attribute("textContent") for e in d.find_elements(By.TAG_NAME, "details"))
    assert "Enregistrer une main nulle" in text and "Bartholomew gagne sur l'écart de Dimitri" in text
    assert not [w for w in ENGLISH if w in text], [w for w in ENGLISH if w in text]
    _refuse_all(d)
    d.find_element(By.ID, "undo").click()
    assert _asked(d) == ["Retirer la dernière main (3) ? Elle est retirée de la partie."]
    d.get(f"{server}/games")
    # polled: on a loaded machine the page's text was once read before its body was all there
    wait(d).until(lambda drv: "Nouvelle partie" in _visible_text(drv))
    assert "New game" not in _visible_text(d)
    d.get(f"{server}/games/{gid}/sheet")
    sheet = _visible_text(d)
    assert "Retour à la partie" in sheet and "Bartholomew" in sheet and "sur l'écart de Dimitri" in sheet
    assert "Back to the game" not in sheet and "on Dimitri" not in sheet
    d.get(f"{server}/games/{gid}/hands/1")
    top = d.find_element(By.ID, "hand-deal").text
    assert "Bartholomew gagne sur l'écart de Dimitri" in top and "deals" not in top
    assert not console_errors(d)


def test_calibrate_shows_how_to_lay_out_the_tiles(server, browser):
    d = browser
    phone(d)
    d.get(f"{server}/calibrate/?lang=en")
    img = d.find_element(By.ID, "calib-example")
    wait(d).until(lambda drv: drv.execute_script("return arguments[0].complete && arguments[0].naturalWidth", img))
    assert d.execute_script("return arguments[0].getBoundingClientRect().width", img) <= 390
    assert "How to lay out your tiles" in _visible_text(d)
    _no_overflow(d)
    shot(d, "calibrate-phone", width=390)
    d.get(f"{server}/calibrate/?lang=fr")
    text = _visible_text(d)
    assert "Comment disposer vos tuiles" in text and "How to lay out" not in text and "Saved profiles" not in text
    assert not console_errors(d)


def test_the_saved_profiles_fit_a_phone_in_french(server, browser, app):
    # the French buttons ran past the screen's edge: the table scrolled sideways, Delete out of view
    import numpy as np

    from tests.calibration.helpers import fake_embed
    from vision.profile import ProfileStore, TileSetProfile
    store = ProfileStore(app.config["DATA_DIR"])
    crops = [np.full((64, 48, 3), v, np.uint8) for v in (40, 200)]
    for name in ("Jeu du club de Montreuil", "Hélène"):
        store.save(TileSetProfile.from_examples(list(zip(crops, ["1m", "2m"])), name=name, embed=fake_embed()))
    store.activate("Hélène")
    d = browser
    try:
        phone(d)
        d.get(f"{server}/calibrate/?lang=fr")
        table = d.find_element(By.CSS_SELECTOR, "table.profiles")
        wait(d).until(lambda drv: drv.execute_script(
            "return arguments[0].parentNode.scrollWidth <= arguments[0].parentNode.clientWidth", table))
        for button in table.find_elements(By.CSS_SELECTOR, "button"):
            right = d.execute_script("return arguments[0].getBoundingClientRect().right", button)
            assert right <= d.execute_script("return innerWidth"), (button.text, right)
        # each count named beside it, the column headings being out of sight
        named = d.execute_script("return [...arguments[0].querySelectorAll('td.num')].map(td => "
                                 "getComputedStyle(td, '::before').content + td.textContent)", table)
        assert named[:2] == ['"Codes "2', '"Tuiles apprises des mains "0'], named
    finally:
        store.activate(None)
        for name in ("Jeu du club de Montreuil", "Hélène"):
            store.remove(name)


def test_a_large_calibration_photo_is_scaled_down_before_it_is_sent(server, browser, app, monkeypatch, tmp_path):
    # the upload form posts as a plain form: the page scales the photo first, as the photo page does
    import cv2
    import numpy as np
    from vision import calibration
    seen = []

    def calibrate(image, reader=None):      # a layout with a missing tile: shown, nothing is built
        from tests.calibration.helpers import code_crop, mock_tiles
        seen.append(cv2.imdecode(np.frombuffer(image, np.uint8), cv2.IMREAD_COLOR).shape[:2])
        tiles, truth = mock_tiles(bonus=False, drop=("6z",))
        return calibration.Calibration(tiles=tiles, layout=calibration.assign_layout(tiles),
                                       crops=[code_crop(c) for c in truth])
    monkeypatch.setattr(calibration, "calibrate", calibrate)
    big = np.full((3000, 6000, 3), 200, np.uint8)
    path = tmp_path / "layout.jpg"
    cv2.imwrite(str(path), big)
    app.config["MAX_IMAGE_PIXELS"] = 13_000_000
    d = browser
    d.get(f"{server}/calibrate/?lang=en")
    d.find_element(By.CSS_SELECTOR, "input[name=name]").send_keys("club set")
    d.find_element(By.CSS_SELECTOR, "input[name=photo]").send_keys(str(path))
    d.find_element(By.CSS_SELECTOR, "input[name=photo]").submit()
    wait(d).until(lambda drv: seen)
    assert seen == [(2016, 4032)]
    wait(d).until(lambda drv: "6z" in drv.page_source)       # the layout's missing tile, answered 422
    assert all("calibrate/upload" in e and "422" in e for e in console_errors(d))   # read, so not left to the next test


def test_the_language_switch_is_in_view_on_a_phone(server, browser):
    """The navigation wraps on a phone: every link whole and in view (a French one, the longest,
    was cut at the edge when it scrolled), the other language first, as its code."""
    d = browser
    phone(d)
    for lang, path in [(lang, path) for lang in ("fr", "en")
                       for path in ("/", "/games", "/calibrate/", "/review/new")]:
        d.get(server + path + "?lang=" + lang)
        cut = d.execute_script(
            "return [...document.querySelectorAll('header.top nav a')].filter((a) => {"
            " const r = a.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; }).map((a) => a.textContent)")
        assert cut == [], (path, cut)
        if lang == "fr":
            continue
        link = d.find_element(By.ID, "lang-fr")
        box = d.execute_script(
            "const r = arguments[0].getBoundingClientRect(); return {left: r.left, right: r.right, w: innerWidth,"
            " hit: arguments[0].contains(document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2))};",
            link)
        assert 0 <= box["left"] and box["right"] <= box["w"] and box["hit"], (path, box)
        # named with what is seen in it (a voice saying "FR" finds it) and the language in full
        assert link.find_element(By.CSS_SELECTOR, ".short").text == "FR" and link.get_attribute("aria-label") is None
        assert link.find_element(By.CSS_SELECTOR, ".long").rect["width"] <= 1        # seen as its code
        assert "FR" in link.accessible_name and "Français" in link.accessible_name
    link.click()
    wait(d).until(lambda drv: drv.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr")
    assert d.find_element(By.CSS_SELECTOR, "#lang-en .short").text == "EN"
    d.set_window_size(1200, 900)
    assert d.find_element(By.ID, "lang-en").text == "English"
    assert not console_errors(d)


def test_a_refused_win_comes_back_to_the_form_as_typed(server, browser, app):
    """A typo in the notation is refused: the game page comes back with the reason in the win
    form and the form as the player filled it. Visited again later, the form starts empty (an
    entry put back unasked was recorded unread, a robbing-the-kong box with it); once a hand is
    recorded too."""
    from selenium.webdriver.support.ui import Select
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    form = wait(d).until(EC.presence_of_element_located((By.ID, "win-form")))
    Select(form.find_element(By.NAME, "winner0")).select_by_value("2")
    Select(form.find_element(By.NAME, "discarder")).select_by_value("0")
    form.find_element(By.NAME, "hand0").send_keys(WIN + "x")
    form.find_element(By.NAME, "note").send_keys("kept")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    refused = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#win-form #refused")))
    assert "At character" in refused.text
    # the entry is back, and only then does the page say so
    assert "your entry is back in the form" in refused.text and "fill in the form again" not in refused.text
    form = d.find_element(By.ID, "win-form")
    assert form.find_element(By.NAME, "hand0").get_attribute("value") == WIN + "x"
    assert form.find_element(By.NAME, "note").get_attribute("value") == "kept"
    assert Select(form.find_element(By.NAME, "winner0")).first_selected_option.get_attribute("value") == "2"
    assert Select(form.find_element(By.NAME, "discarder")).first_selected_option.get_attribute("value") == "0"
    # for a screen reader, which does not always say an alert already in the page at load: the hand
    # at fault is marked, tied to the reason and focused
    typed = form.find_element(By.NAME, "hand0")
    assert typed.get_attribute("aria-invalid") == "true" and typed.get_attribute("aria-describedby") == "refused"
    assert d.switch_to.active_element == typed
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()      # refused again, then left
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#win-form #refused")))
    d.get(f"{server}/games/{gid}?lang=en")
    form = wait(d).until(EC.presence_of_element_located((By.ID, "win-form")))
    assert form.find_element(By.NAME, "hand0").get_attribute("value") == ""
    assert not d.find_elements(By.ID, "refused")
    form.find_element(By.NAME, "hand0").send_keys(WIN + "x")
    Select(form.find_element(By.NAME, "winner0")).select_by_value("2")
    Select(form.find_element(By.NAME, "discarder")).select_by_value("0")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    form = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#win-form[data-refused]")))
    before = len(_hands(app, gid))
    hand = form.find_element(By.NAME, "hand0")
    hand.clear()
    hand.send_keys(WIN)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(d).until(lambda _: len(_hands(app, gid)) == before + 1)
    d.get(f"{server}/games/{gid}?lang=en")
    form = wait(d).until(EC.presence_of_element_located((By.ID, "win-form")))
    assert form.find_element(By.NAME, "hand0").get_attribute("value") == ""
    assert form.find_element(By.NAME, "note").get_attribute("value") == ""
    assert not console_errors(d)


def test_a_win_under_the_mcr_minimum_comes_back_as_typed_with_its_false_win_offered(server, browser, app):
    """Under the 8-point minimum the win form was emptied (the player sent to the false-win form):
    a box left unticked that makes the 8 meant typing the hand again."""
    from selenium.webdriver.support.ui import Select
    d = browser
    gid = app.test_client().post("/api/games", json={"name": "MCR", "rules": "mcr", "players": PLAYERS}).json["game"]["id"]
    d.get(f"{server}/games/{gid}?lang=en")
    form = wait(d).until(EC.presence_of_element_located((By.ID, "win-form")))
    Select(form.find_element(By.NAME, "winner0")).select_by_value("2")
    Select(form.find_element(By.NAME, "discarder")).select_by_value("0")
    form.find_element(By.NAME, "hand0").send_keys("111s234m567p78s11z 9s")
    form.find_element(By.NAME, "note").send_keys("kept")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    refused = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#win-form #refused")))
    assert "below the 8-point minimum" in refused.text
    form = d.find_element(By.ID, "win-form")
    assert form.find_element(By.NAME, "hand0").get_attribute("value") == "111s234m567p78s11z 9s"
    assert form.find_element(By.NAME, "note").get_attribute("value") == "kept"
    refused.find_element(By.ID, "to-false-win").click()
    penalty = d.find_element(By.ID, "penalty-form")
    assert Select(penalty.find_element(By.NAME, "offender")).first_selected_option.get_attribute("value") == "2"
    assert not _hands(app, gid) and not console_errors(d)


def test_a_win_refused_as_another_device_recorded_a_hand_comes_back_to_send_again(server, browser, app):
    # refused (the game moved on since the page was drawn), the entry was lost: the player had to
    # type it again to record it if it was another win than the one the other phone recorded
    from selenium.webdriver.support.ui import Select
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    before = len(_hands(app, gid))
    assert app.test_client().post(f"/api/games/{gid}/hands", json={"kind": "draw"}).status_code == 201  # another phone
    form = wait(d).until(EC.presence_of_element_located((By.ID, "win-form")))
    Select(form.find_element(By.NAME, "winner0")).select_by_value("2")
    Select(form.find_element(By.NAME, "discarder")).select_by_value("0")
    form.find_element(By.NAME, "hand0").send_keys(WIN)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    refused = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#win-form #refused")))
    assert "the next hand is now hand" in refused.text and len(_hands(app, gid)) == before + 1
    assert d.switch_to.active_element == refused        # no field at fault: the reason takes the focus
    form = d.find_element(By.ID, "win-form")
    assert form.find_element(By.NAME, "hand0").get_attribute("value") == WIN
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()       # sent again: recorded
    wait(d).until(lambda _: len(_hands(app, gid)) == before + 2)
    assert not console_errors(d)


def test_a_win_typed_while_the_session_expired_is_sent_again_not_lost(server, browser, app):
    # the session gone (its cookie expired, or the server restarted with another key), the win
    # typed at the table was refused with "reload the page and try again" and lost
    from selenium.webdriver.support.ui import Select
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    before = len(_hands(app, gid))
    form = wait(d).until(EC.presence_of_element_located((By.ID, "win-form")))
    Select(form.find_element(By.NAME, "winner0")).select_by_value("2")
    Select(form.find_element(By.NAME, "discarder")).select_by_value("0")
    form.find_element(By.NAME, "hand0").send_keys(WIN)
    d.delete_all_cookies()
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    again = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#resend button")))
    assert "what you entered is kept" in d.find_element(By.CSS_SELECTOR, ".error-message").text
    assert len(_hands(app, gid)) == before
    again.click()
    wait(d).until(lambda _: len(_hands(app, gid)) == before + 1)
    # the one console line is the refused post's own status (400)
    assert _hands(app, gid)[-1]["winner"] == 2 and not [e for e in console_errors(d) if "status of 400" not in e]


def test_a_refused_edit_comes_back_to_its_form_as_typed(server, browser, app):
    """An edit refused for its notation comes back to that hand's edit form, opened, as typed
    and with the reason in it; an edit the player cancels at the confirmation is not kept."""
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    form = wait(d).until(EC.presence_of_element_located((By.ID, "edit-form-1")))
    d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand summary").click()
    hand = form.find_element(By.NAME, "hand0")
    hand.clear()
    hand.send_keys(WIN + "x")
    d.execute_script("window.confirm = () => false")        # cancelled: nothing sent, nothing kept
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert d.execute_script("return Object.keys(sessionStorage).filter(k => k.includes('edit-form'))") == []
    d.execute_script("window.confirm = () => true")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    form = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#edit-form-1[data-refused]")))
    assert d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand").get_attribute("open") is not None
    assert form.find_element(By.NAME, "hand0").get_attribute("value") == WIN + "x"
    assert "At character" in form.find_element(By.ID, "refused").text
    assert d.find_element(By.CSS_SELECTOR, "#hand-3 details.edit-hand").get_attribute("open") is None
    assert not console_errors(d)


def test_a_narrow_phone_keeps_the_games_list_and_the_final_score_in_view(server, browser, app):
    """At 375 px (a small phone) the games list scrolls in its own box, not the page, and a final
    table with sticks left at the end keeps its score column on screen."""
    from .test_game_flow import A
    client = app.test_client()
    gid = client.post("/api/games", json={"name": "Soirée riichi du vendredi", "rules": "riichi",
                                          "players": ["Annabelle", "Bartholomew", "Cyrielle", "Dimitri"]}).json["game"]["id"]
    for _ in range(2):
        client.post(f"/api/games/{gid}/hands", json={"kind": "draw", "tenpai": [A], "riichi": [A]})
    client.post(f"/api/games/{gid}/hands", json={"kind": "end"})
    d = browser
    _phone_window(d, 375, 812)
    for lang in ("en", "fr"):
        d.get(f"{server}/games?lang={lang}")
        _no_overflow(d)
        d.get(f"{server}/games/{gid}?lang={lang}")
        _no_overflow(d)
        width = d.execute_script("return innerWidth")
        rows = d.find_elements(By.CSS_SELECTOR, "#final tbody tr")
        assert rows and any("(+2" in r.text for r in rows)
        for row in rows:
            score = row.find_elements(By.CSS_SELECTOR, "td")[-1]
            assert d.execute_script("return arguments[0].getBoundingClientRect().right", score) <= width, lang
    assert not console_errors(d)


def test_the_calibration_check_fits_a_small_phone(server, browser, monkeypatch, tmp_path):
    """At 375 px the calibration's check grid (nine tiles a row) fits the screen without
    scrolling sideways, and a tile the base model reads otherwise ("read 2m (88%)") does not
    widen its column."""
    from types import SimpleNamespace

    import cv2
    import numpy as np

    from vision import calibration
    rows = [[f"{n}{s}" for n in range(1, 10)] for s in "mps"] + [[f"{n}z" for n in range(1, 8)]]
    codes = [c for row in rows for c in row]
    tiles = [SimpleNamespace(code="2m" if c == "8m" else c, confidence=0.88) for c in codes]
    crop = np.full((64, 48, 3), 230, np.uint8)
    index = iter(range(len(codes)))
    layout = SimpleNamespace(rows=[[next(index) for _ in row] for row in rows], codes=dict(enumerate(codes)),
                             problems=["row 5 (flowers and seasons 1f-8f) has 1 tiles, expected 8"],
                             orientation="as laid out", has_bonus=False, unreadable=False)
    fake = SimpleNamespace(ok=False, tiles=tiles, crops=[crop] * len(codes), layout=layout,
                           disagreements=lambda: [(7, "8m", "2m", 0.88)], swapped=lambda: [],
                           doubled=lambda: [])
    monkeypatch.setattr(calibration, "calibrate", lambda data: fake)
    ok, png = cv2.imencode(".png", crop)
    photo = tmp_path / "layout.png"
    photo.write_bytes(png.tobytes())
    d = browser
    _phone_window(d, 375, 812)
    d.get(f"{server}/calibrate/?lang=en")
    d.find_element(By.NAME, "name").send_keys("club set")
    d.find_element(By.NAME, "photo").send_keys(str(photo))
    d.find_element(By.CSS_SELECTOR, "form[enctype] button[type=submit]").click()
    grid = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.calib-grid")))
    _no_overflow(d)
    box = grid.find_element(By.XPATH, "..")
    assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box), \
        "the check grid scrolls sideways"
    first_row = grid.find_elements(By.CSS_SELECTOR, "tr")[0].find_elements(By.CSS_SELECTOR, "td")
    widths = [d.execute_script("return arguments[0].getBoundingClientRect().width", td) for td in first_row]
    assert "read 2m" in first_row[7].text and "(88%)" in first_row[7].text
    # a layout refused says so in its heading, not "check the codes" above "nothing will be saved"
    assert d.find_element(By.TAG_NAME, "h1").text == "“club set”: the layout does not match"
    assert max(widths) - min(widths) < 1.0, widths
    # a screen reader hears the tiles' names, once ("3s 3s" was read for each cell), as their
    # places give them (not as if the photo showed them)
    assert first_row[7].find_element(By.TAG_NAME, "img").accessible_name == "placed as 8 Characters"
    assert first_row[7].find_element(By.CSS_SELECTOR, "small .sr-only").get_attribute("textContent") == "2 Characters"
    assert first_row[7].find_element(By.TAG_NAME, "b").get_attribute("aria-hidden") == "true"
    shot(d, "calibrate-check-375", width=375)
    # the page itself comes with 422 (the layout does not match), which Chromium logs
    assert not [e for e in console_errors(d) if "calibrate/upload" not in e]


def test_boxes_summaries_and_small_links_are_targets_a_finger_can_hit(server, browser, app):
    """On a phone, every visible checkbox, summary, "source" link, navigation link, export link and
    small word link is at least 24 × 24 px (WCAG 2.2, 2.5.8): the context and option boxes were
    13 px, the game page's PDF, CSV and JSON links 19 px tall."""
    gid = _game(app)
    riichi = app.test_client().post("/api/games", json={"name": "Saturday", "rules": "riichi",
                                                        "players": PLAYERS}).json["game"]["id"]
    app.test_client().post(f"/api/games/{riichi}/hands", json={"kind": "draw", "tenpai": []})
    # ended: its final table's heads link their words ("Uma" was 15 px tall)
    assert app.test_client().post(f"/api/games/{riichi}/hands", json={"kind": "end"}).status_code == 201
    d = browser
    _phone_window(d, 390, 844)
    small = []
    for url in (f"/review/new?rules=riichi&hand=123m456p789s11p22z%202z&lang=en", f"/games/{gid}?lang=en",
                f"/games/{riichi}?lang=fr"):
        d.get(server + url)
        wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "nav a")))
        small += d.execute_script("""
            const out = [];
            for (const el of document.querySelectorAll('input[type=checkbox], summary, a.source, nav a, a.export, a.word.small, th a.word, #foot-words, .delete-meld, .to-standing, select')) {
              const r = el.getBoundingClientRect();
              if (!r.width || !r.height || getComputedStyle(el).visibility === 'hidden') continue;   // not shown
              if (r.width < 24 || r.height < 24) out.push([arguments[0], el.outerHTML.slice(0, 80), r.width, r.height]);
            }
            return out;""", url)
    assert not small, small[:8]
    assert not console_errors(d)


def test_the_games_list_fits_a_small_phone_without_scrolling_inside_its_card(server, browser, app):
    # at 360 px the list's last column, when each game was made, was cut off inside its card
    client = app.test_client()
    for name in ("Soirée riichi du vendredi", "Club du mardi"):
        client.post("/api/games", json={"name": name, "rules": "riichi",
                                        "players": ["Annabelle", "Bartholomew", "Cyrielle", "Dimitri"]})
    # a name of one long word, and long hyphenated names: the card scrolled, the hands cut off
    client.post("/api/games", json={"name": "Tournoi_du_club_de_Montréal_édition_2026", "rules": "mcr",
                                    "players": ["Anne-Clémentine-Marie-Joséphine", "Bartholomew-Alexander",
                                                "Cyrielle", "Dimitri"]})
    d = browser
    _phone_window(d, 360, 740)
    for lang in ("en", "fr"):
        d.get(f"{server}/games?lang={lang}")
        _no_overflow(d)
        box = d.find_element(By.CSS_SELECTOR, "table.list").find_element(By.XPATH, "..")
        wait(d).until(lambda drv: drv.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box))
        when = d.find_elements(By.CSS_SELECTOR, "table.list tbody tr td:first-child .created-narrow time")
        assert when and all(w.is_displayed() for w in when)        # when each game was made, under its name
        # each game a card: its name the width the hands leave (four columns left "Club / du / jeudi"),
        # the players under it the card's whole width, the hands counted in words
        for row in d.find_elements(By.CSS_SELECTOR, "table.list tbody tr"):
            cells = row.find_elements(By.CSS_SELECTOR, "td")
            width = _rect(d, row)["width"]
            assert _rect(d, cells[0])["width"] > 0.6 * width and _rect(d, cells[2])["width"] > 0.95 * width
            assert cells[3].text.split("\n")[0] == ("0 hands" if lang == "en" else "0 main")
            assert _rect(d, cells[3])["right"] <= _rect(d, box)["right"] + 0.5      # the count in view


def test_a_hand_being_edited_on_a_phone_shows_its_whole_notation(server, browser, app):
    # the edit form's hand box was 200 px wide on a 390-px phone: "[111p,1]444s5666777z 5…"
    client = app.test_client()
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.post(f"/api/games/{gid}/hands", json={"hand": "[111p,1]444s5666777z 5z", "winner": 1, "discarder": 3})
    d = browser
    phone(d)
    d.get(f"{server}/games/{gid}")
    d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand summary").click()
    box = d.find_element(By.CSS_SELECTOR, "#edit-form-1 input[name=hand0]")
    width = d.execute_script("return [arguments[0].scrollWidth, arguments[0].clientWidth]", box)
    assert width[0] <= width[1], width
    _no_overflow(d)


# -- four long names (a club organiser's trial) -------------------------------------------------

def _viewport(d, width: int, height: int) -> None:
    """The page's viewport at ``width`` × ``height``, as phone() does for its size: the window
    grown by what its frame takes, again from the window's own size where a resize fell short (a
    busy machine once left it short past the wait)."""
    from selenium.common.exceptions import TimeoutException
    d.set_window_size(width, height)
    fits = "return innerWidth <= arguments[0] && innerHeight <= arguments[1] ? [innerWidth, innerHeight] : null"
    inner = WebDriverWait(d, 10).until(lambda drv: drv.execute_script(fits, width, height))
    for _ in range(3):
        size = d.get_window_size()
        d.set_window_size(size["width"] + width - inner[0], size["height"] + height - inner[1])
        try:
            WebDriverWait(d, 5).until(lambda drv: drv.execute_script("return [innerWidth, innerHeight]") == [width, height])
            return
        except TimeoutException:
            inner = d.execute_script("return [innerWidth, innerHeight]")
    raise AssertionError(f"the viewport is {inner[0]} x {inner[1]}, not {width} x {height}")


#: the words (a double name's halves apart) that the layout broke over two lines, in the elements
#: that ``arguments[0]`` selects: "Rule/s", "Chine/se Offici/al"
_BROKEN_WORDS = """
  const out = [];
  for (const el of document.querySelectorAll(arguments[0])) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const tops = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;"""


def _rect(d, el) -> dict:
    return d.execute_script("const r = arguments[0].getBoundingClientRect();"
                            "return {left: r.left, right: r.right, top: r.top, width: r.width};", el)


def test_four_long_names_keep_the_standings_total_and_the_games_list_whole_on_a_phone(server, browser, app):
    # at 390 px the standings were 607 px wide, the Total column off the screen and a name cut; the
    # games list broke its words ("Rule/s", "Chine/se Offici/al")
    from .test_score_sheet_layout import LONG_NAMES, long_names_game
    gid = long_names_game(app.test_client(), hands=5)
    d = browser
    for width, height in ((390, 844), (375, 812)):
        _viewport(d, width, height)
        for lang in ("en", "fr"):
            d.get(f"{server}/games/{gid}?lang={lang}")
            wait(d).until(EC.presence_of_element_located((By.ID, "standings")))
            _no_overflow(d)
            rows = d.find_elements(By.CSS_SELECTOR, "#standings tbody tr")
            assert [r.find_element(By.CSS_SELECTOR, "td").text for r in rows] == LONG_NAMES, lang
            for row in rows:
                total = _rect(d, row.find_element(By.CSS_SELECTOR, "td.total-cell"))
                assert total["width"] > 20 and total["right"] <= width, (width, lang, total)
                swatch = _rect(d, row.find_element(By.CSS_SELECTOR, ".swatch"))
                first_line = d.execute_script(
                    "const r = document.createRange(); r.selectNodeContents(arguments[0]);"
                    "return r.getClientRects()[0].bottom", row.find_element(By.CSS_SELECTOR, "td"))
                assert swatch["top"] < first_line, "the colour beside the name's first line"
            assert not d.execute_script(_BROKEN_WORDS, "#standings"), (width, lang)
            d.get(f"{server}/games?lang={lang}")
            wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.list")))
            _no_overflow(d)
            broken = d.execute_script(_BROKEN_WORDS, "table.list")
            assert not broken, (width, lang, broken)
    shot(d, "long-names-games-phone", width=390)
    assert not console_errors(d)


def test_four_long_names_fit_the_hands_table_in_a_desktop_window(server, browser, app):
    # at 1280 px the hands table was 1,719 px wide in its 1,044-px box, Edit at its far end; the
    # hidden "Edit hand N" labels made the page itself 1,867 px wide; an editor opened scrolled the
    # hand's number and result out of view
    from .test_score_sheet_layout import long_names_game
    gid = long_names_game(app.test_client(), hands=5)
    d = browser
    _viewport(d, 1280, 900)
    d.get(f"{server}/games/{gid}?lang=en")
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.hands")))
    _no_overflow(d)
    box_el = d.find_element(By.CSS_SELECTOR, ".hands-box")
    assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box_el)
    box = _rect(d, box_el)
    for summary in d.find_elements(By.CSS_SELECTOR, "table.hands td.edit summary"):
        assert box["left"] <= _rect(d, summary)["left"] and _rect(d, summary)["right"] <= box["right"]
    for label in d.find_elements(By.CSS_SELECTOR, "table.hands .sr-only"):
        assert _rect(d, label)["right"] <= box["right"] + 1
    assert not d.execute_script(_BROKEN_WORDS, "table.hands thead th")     # the names wrap at their spaces
    # Edit hand 2: its number, its result and the form all in the box, nothing to scroll to
    d.find_element(By.CSS_SELECTOR, "#hand-2 details.edit-hand summary").click()
    form = d.find_element(By.ID, "edit-form-2")
    wait(d).until(lambda drv: form.is_displayed())
    _no_overflow(d)
    assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box_el)
    assert d.execute_script("return arguments[0].scrollLeft", box_el) == 0
    for el in (d.find_element(By.CSS_SELECTOR, "#hand-2 td.seq"), d.find_element(By.CSS_SELECTOR, "#hand-2 td.result"),
               form.find_element(By.NAME, "hand0"), form.find_element(By.CSS_SELECTOR, "button[type=submit]")):
        r = _rect(d, el)
        assert box["left"] - 1 <= r["left"] and r["right"] <= box["right"] + 1, (el.get_attribute("outerHTML")[:60], r)
    assert _rect(d, form.find_element(By.NAME, "hand0"))["width"] >= 140          # a hand box to type in
    shot(d, "long-names-edit-desktop", width=1280)
    # four short names: the editor as wide as before, every name whole over its column
    gid = _game(app)
    _viewport(d, 1280, 900)
    d.get(f"{server}/games/{gid}?lang=en")
    d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand summary").click()
    wait(d).until(lambda drv: drv.find_element(By.ID, "edit-form-1").is_displayed())
    _no_overflow(d)
    assert not d.execute_script(_BROKEN_WORDS, "table.hands thead th")
    # the editor in a row of its own under the hand, the table's width: in the hand's last
    # column (a fifth of the table) a Hong Kong hand's notation was cut short in its box
    form = d.find_element(By.ID, "edit-form-1")
    wait(d).until(lambda drv: drv.execute_script(
        "return arguments[0].closest('tr').matches('#hand-1 + tr.edit-row')", form))
    box_el = d.find_element(By.CSS_SELECTOR, ".hands-box")
    assert _rect(d, form)["width"] >= 0.8 * _rect(d, box_el)["width"]
    assert _rect(d, form.find_element(By.NAME, "hand0"))["width"] >= 400
    assert d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", box_el)
    d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand summary").click()     # closed: back in its place
    wait(d).until(lambda drv: not drv.find_elements(By.CSS_SELECTOR, "tr.edit-row"))
    assert d.execute_script("return arguments[0].parentNode.matches('#hand-1 details.edit-hand')", form)
    assert not console_errors(d)


def test_the_score_sheet_of_four_long_names_on_a_phone_and_a_desktop(server, browser, app):
    # the sheet's table was 2,171 px wide on a phone; on a desktop the page scrolled sideways (1,331
    # px in 1,280), the result a 135-px column with each hand broken over two lines
    from .test_score_sheet_layout import long_names_game
    gid = long_names_game(app.test_client())
    d = browser
    _viewport(d, 390, 844)
    d.get(f"{server}/games/{gid}/sheet?lang=en")
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.sheet")))
    _no_overflow(d)
    assert _rect(d, d.find_element(By.CSS_SELECTOR, "table.sheet"))["width"] < 1000
    for cell in d.find_elements(By.CSS_SELECTOR, "#final td:last-child"):      # the final table in the screen
        assert _rect(d, cell)["right"] <= 390
    _viewport(d, 1280, 900)
    d.get(f"{server}/games/{gid}/sheet?lang=en")
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.sheet")))
    _no_overflow(d)
    assert _rect(d, d.find_element(By.CSS_SELECTOR, "table.sheet td.result"))["width"] >= 250
    hands = d.find_elements(By.CSS_SELECTOR, "code.hand")
    assert len(hands) == 14
    lines = d.execute_script("return arguments[0].map(e => e.getClientRects().length)", hands)
    assert lines == [1] * 14, lines                                          # each hand on one line
    assert not console_errors(d)


# each word of a cell's text whole: a word split over two lines gives its range two boxes
_SPLIT_WORDS = """
const out = [];
for (const cell of arguments[0]) {
  const text = cell.textContent, range = document.createRange(), node = cell.firstChild;
  if (!node || node.nodeType !== 3) continue;
  for (const m of text.matchAll(/\\S+/g)) {
    range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) out.push(m[0]);
  }
}
return out;"""


def test_the_score_sheet_heads_break_only_between_words(server, browser, app):
    # an MCR club's sheet at 1280 px and in print read "To/ur" and "tot/al" over the columns, and a
    # name broken mid-word beside a long one: a word is cut only when it alone is wider than the page
    from .test_score_sheet_layout import long_names_game
    gid = long_names_game(app.test_client(), hands=5)
    d = browser
    _viewport(d, 1280, 900)
    for lang in ("fr", "en"):
        d.get(f"{server}/games/{gid}/sheet?lang={lang}")
        heads = wait(d).until(EC.presence_of_all_elements_located((By.CSS_SELECTOR, "table.sheet thead th")))
        assert d.execute_script(_SPLIT_WORDS, heads) == [], lang
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        try:
            assert d.execute_script(_SPLIT_WORDS, heads) == [], f"{lang} (print)"
        finally:
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
        # the game's day as the Games page writes it (the sheet said "2026-12-04" beside « 4 déc. 2026 »)
        day = d.find_element(By.ID, "sheet-date").text
        d.get(f"{server}/games?lang={lang}")
        listed = wait(d).until(EC.presence_of_element_located(
            (By.CSS_SELECTOR, f'a[href="/games/{gid}"] + .created-narrow time, tr:has(a[href="/games/{gid}"]) td.created time')))
        assert day == d.execute_script("return arguments[0].textContent", listed) and "UTC" not in day, (lang, day)
    # names without a space still break rather than widen the sheet off an A4 page's width
    client = app.test_client()
    other = client.post("/api/games", json={"rules": "mcr", "players": ["X" * 51, "Y" * 40, "Zoé", "W" * 60]}).json
    _viewport(d, 1040, 900)
    d.get(f"{server}/games/{other['game']['id']}/sheet?lang=en")
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "table.sheet")))
    _no_overflow(d)
    assert not console_errors(d)


def test_a_draw_recorded_by_mistake_is_made_the_win_it_was(server, browser, app):
    """A draw's edit form had a note only: its result is chosen (win or draw), the win's fields
    shown once "win" is, and saved the hand is a win; the draw form's fields do not block it."""
    from selenium.webdriver.support.ui import Select
    d = browser
    gid = _game(app)                                     # hand 2 is a draw
    d.get(f"{server}/games/{gid}?lang=en")
    form = wait(d).until(EC.presence_of_element_located((By.ID, "edit-form-2")))
    d.find_element(By.CSS_SELECTOR, "#hand-2 details.edit-hand summary").click()
    assert not form.find_element(By.NAME, "hand0").is_displayed()
    Select(form.find_element(By.NAME, "kind")).select_by_value("win")
    hand = form.find_element(By.NAME, "hand0")
    assert hand.is_displayed()
    hand.send_keys(WIN)
    Select(form.find_element(By.NAME, "winner0")).select_by_value("0")
    Select(form.find_element(By.NAME, "discarder")).select_by_value("1")
    d.execute_script("window.confirm = () => true")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(d).until(lambda _: _hands(app, gid)[1]["kind"] == "win")
    assert _hands(app, gid)[1]["winner"] == 0 and _hands(app, gid)[1]["discarder"] == 1
    # and back: a win made a draw, its required winner set aside
    form = wait(d).until(EC.presence_of_element_located((By.ID, "edit-form-1")))
    d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand summary").click()
    Select(form.find_element(By.NAME, "kind")).select_by_value("draw")
    d.execute_script("window.confirm = () => true")      # a new page since
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(d).until(lambda _: _hands(app, gid)[0]["kind"] == "draw")
    # a draw made a false win: the offender's fields shown, the win's set aside
    form = wait(d).until(EC.presence_of_element_located((By.ID, "edit-form-1")))
    d.find_element(By.CSS_SELECTOR, "#hand-1 details.edit-hand summary").click()
    Select(form.find_element(By.NAME, "kind")).select_by_value("penalty")
    assert form.find_element(By.NAME, "offender").is_displayed() and not form.find_element(By.NAME, "hand0").is_displayed()
    Select(form.find_element(By.NAME, "offender")).select_by_value("3")
    d.execute_script("window.confirm = () => true")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(d).until(lambda _: _hands(app, gid)[0]["kind"] == "penalty")
    assert _hands(app, gid)[0]["winner"] == 3
    assert not console_errors(d)


def test_the_calibration_progress_says_what_it_does_before_and_after_its_steps(server, browser, monkeypatch,
                                                                                tmp_path):
    # the bar sat at 0 % while the models loaded and at 100 % while the profile was checked and
    # saved, over a minute on a loaded machine, with nothing said
    import threading
    from types import SimpleNamespace

    import cv2
    import numpy as np

    from vision import calibration
    from vision.profile import ProfileError
    rows = [[f"{n}{s}" for n in range(1, 10)] for s in "mps"] + [[f"{n}z" for n in range(1, 8)]]
    codes = [c for row in rows for c in row]
    crop = np.full((64, 48, 3), 230, np.uint8)
    index = iter(range(len(codes)))
    layout = SimpleNamespace(rows=[[next(index) for _ in row] for row in rows], codes=dict(enumerate(codes)),
                             problems=[], orientation="as laid out", has_bonus=False, unreadable=False)
    loaded, half, learnt = threading.Event(), threading.Event(), threading.Event()

    def build_profile(name, progress=None):
        loaded.wait(30)
        progress(100, 400)
        half.wait(30)
        progress(400, 400)
        learnt.wait(30)
        raise ProfileError("stopped by the test")
    fake = SimpleNamespace(ok=True, tiles=[SimpleNamespace(code=c, confidence=0.99) for c in codes],
                           crops=[crop] * len(codes), layout=layout, disagreements=lambda: [],
                           swapped=lambda: [], doubled=lambda: [("2m", "8m")], build_profile=build_profile)
    monkeypatch.setattr(calibration, "calibrate", lambda data: fake)
    photo = tmp_path / "layout.png"
    photo.write_bytes(cv2.imencode(".png", crop)[1].tobytes())
    d = browser
    try:
        d.get(f"{server}/calibrate/?lang=en")
        d.find_element(By.NAME, "name").send_keys("club set")
        d.find_element(By.NAME, "photo").send_keys(str(photo))
        d.find_element(By.CSS_SELECTOR, "form[enctype] button[type=submit]").click()
        wait(d).until(EC.text_to_be_present_in_element((By.ID, "build-text"), "Loading the models…"))
        # a 2m also laid where the 8m goes: named as laid twice (the page said only "read 2m")
        note = d.find_element(By.CSS_SELECTOR, "p.doubled").text
        assert note.startswith("The tile in the 8 Characters place is read as 2 Characters, as is the tile in "
                               "the 2 Characters place. If it is the 8 Characters, all is well"), note
        time.sleep(6)
        loaded.set()
        # between, the time left at the pace so far ("about a minute" was said after seven), the
        # steps' pace alone: the models' 6 s of loading counted in, a quarter done said 18 s or more left
        progress = wait(d).until(lambda drv: re.fullmatch(r"25% \((\d+) s, about (\d+) s left\)",
                                                          drv.find_element(By.ID, "build-text").text))
        elapsed, left = (int(v) for v in progress.groups())
        assert elapsed >= 6 and left < elapsed
        # a screen reader is told each quarter, not each second's text (32 changes in 22 s were read)
        said = d.find_element(By.ID, "build-said")
        assert said.get_attribute("role") == "status" and said.get_attribute("textContent") == "25%"
        assert d.find_element(By.ID, "build-text").get_attribute("aria-live") is None
        half.set()
        wait(d).until(EC.text_to_be_present_in_element((By.ID, "build-text"), "Checking what it learnt…"))
    finally:
        loaded.set()
        half.set()
        learnt.set()
    wait(d).until(EC.text_to_be_present_in_element((By.ID, "build-text"), "could not be built"))
    # nothing to save: the save button, left disabled, read "Learning your tiles…" for good
    assert "Upload the photo again" in d.find_element(By.ID, "build-text").text
    assert "could not be built" in d.find_element(By.ID, "build-said").get_attribute("textContent")
    assert not d.find_element(By.ID, "save-profile").is_displayed()


def test_what_a_form_did_is_where_the_keyboard_starts_on_the_page_after_it(server, browser, app):
    # "hand 4: draw recorded" sat in a live region already there when the page loaded, which
    # screen readers do not announce: the keyboard started at the top, nothing heard
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    d.execute_script("window.confirm = () => true")
    wait(d).until(EC.element_to_be_clickable((By.ID, "record-draw"))).click()
    wait(d).until(lambda _: len(_hands(app, gid)) == 4)
    wait(d).until(lambda drv: "draw recorded" in drv.execute_script("return document.activeElement.textContent"))
    assert "flash" in d.switch_to.active_element.get_attribute("class")
    assert not console_errors(d)


def test_the_club_standings_fit_a_phone_and_choose_their_days(server, browser, app):
    # a club looks up its standings on a phone: every column in view (the table scrolls in its
    # box, not the page), and the days chosen in the form give the games of those days
    client = app.test_client()
    from .test_game_flow import play_riichi_game
    play_riichi_game(client)
    d = browser
    phone(d)
    d.get(f"{server}/games?lang=en")
    d.find_element(By.ID, "standings-link").click()
    wait(d).until(EC.presence_of_element_located((By.ID, "club-standings")))
    _no_overflow(d)
    names = [row.find_elements(By.CSS_SELECTOR, "td")[1].text.split("\n")
             for row in d.find_elements(By.CSS_SELECTOR, "#club-standings tbody tr")]
    assert names == [["Bob", "1 game"], ["Ann", "1 game"], ["Di", "1 game"], ["Cy", "1 game"]]   # the count under the name
    table = d.find_element(By.ID, "club-standings")
    assert d.execute_script("return arguments[0].parentNode.scrollWidth <= arguments[0].parentNode.clientWidth", table), \
        ("the standings scroll sideways on a phone: the places are out of view", d.execute_script(
            "return [arguments[0].parentNode.clientWidth, ...Array.from(arguments[0].rows[1].cells).map((c) => c.offsetWidth)]", table))
    shot(d, "club-standings-phone", width=390)
    phone(d)
    tomorrow = d.execute_script("const t = new Date(Date.now() + 86400000);"
                                "return t.getFullYear() + '-' + String(t.getMonth() + 1).padStart(2, '0') + '-' +"
                                " String(t.getDate()).padStart(2, '0');")
    d.execute_script("document.querySelector('#standings-form input[name=since]').value = arguments[0]", tomorrow)
    d.find_element(By.CSS_SELECTOR, "#standings-form button[type=submit]").click()
    wait(d).until(lambda drv: f"since={tomorrow}" in drv.current_url)
    assert "0 finished games counted." in d.find_element(By.ID, "counted").text
    assert not d.find_elements(By.ID, "club-standings")
    # printed for the club's board: the rules and days chosen, without the site's bar or the form
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not d.find_element(By.CSS_SELECTOR, "header.top").is_displayed()
        assert not d.find_element(By.ID, "standings-form").is_displayed()
        assert d.find_element(By.ID, "chosen").text == f"Riichi (EMA 2016) · Games started from {tomorrow} until …"
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert not d.find_element(By.ID, "chosen").is_displayed()
    assert not console_errors(d)


def test_the_standings_of_an_mcr_club_with_long_names_on_a_phone_and_printed(server, browser, app):
    # an MCR club's standings at 390 px: "Points de table" cut off at the right, in a box scrolling
    # sideways; printed, each name took four lines beside wide empty columns, and the folded list
    # of games counted printed as a lone "▸ Les parties comptées"
    from .test_score_sheet_layout import LONG_NAMES, long_names_game
    long_names_game(app.test_client())
    d = browser
    _viewport(d, 390, 844)
    d.get(f"{server}/games/standings?lang=fr")
    table = wait(d).until(EC.presence_of_element_located((By.ID, "club-standings")))
    assert d.execute_script("return arguments[0].parentNode.scrollWidth <= arguments[0].parentNode.clientWidth", table)
    head = [th.text.replace("\n", " ") for th in table.find_elements(By.CSS_SELECTOR, "thead th") if th.is_displayed()]
    assert head == ["Rang", "Joueur", "Total", "Rang moyen 1er–4e", "Points de table"], head
    assert table.find_element(By.CSS_SELECTOR, "tbody td.player").text.endswith("\n1 partie")
    _viewport(d, 1040, 900)
    d.get(f"{server}/games/standings?lang=fr")
    table = wait(d).until(EC.presence_of_element_located((By.ID, "club-standings")))
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        lines = d.execute_script("""return [...arguments[0].querySelectorAll('tbody td.player')].map(td => {
            const r = document.createRange(); r.selectNodeContents(td.firstChild);
            return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; })""", table)
        assert max(lines) <= 2, lines                           # four lines were printed
        assert not d.find_element(By.ID, "counted-games").is_displayed()
        assert [td.text for td in table.find_elements(By.CSS_SELECTOR, "tbody td.player")] == \
            [LONG_NAMES[i] for i in (0, 3, 1, 2)]
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert not console_errors(d)


def test_names_without_a_space_fit_a_phone_on_every_page_of_the_game(server, browser, app):
    # a club's player typed 51 X's: the game page grew 865 px wide at 390, the review page too
    long = ["X" * 51, "Y" * 40, "Zoé", "W" * 60]
    client = app.test_client()
    gid = client.post("/api/games", json={"rules": "hk", "players": long}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s234s5m 5m", "winner": 0,
                                                         "discarder": 3}).status_code == 201
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "penalty", "offender": 1}).status_code == 201
    d = browser
    _phone_window(d, 390, 844)
    for lang in ("en", "fr"):
        for path in (f"/games/{gid}", f"/games/{gid}/hands/1", f"/games/{gid}/hands/2", "/games",
                     f"/review/new?game={gid}", f"/games/{gid}/sheet", "/standings"):
            d.get(f"{server}{path}{'&' if '?' in path else '?'}lang={lang}")
            try:
                _no_overflow(d, seconds=5)
            except AssertionError as e:
                raise AssertionError(f"{path} ({lang}): {e}") from None


def test_a_refused_rename_says_its_entry_is_back_where_it_is(server, browser, app):
    """The names' refusal lies above their form, not in it: the page said "fill in the form
    again" over the names put back."""
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    d.find_element(By.CSS_SELECTOR, "#rename > summary").click()
    form = wait(d).until(EC.visibility_of_element_located((By.ID, "rename-form")))
    second = form.find_element(By.NAME, "player1")
    second.clear()
    second.send_keys(PLAYERS[0])                      # two players of one name: refused
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    refused = wait(d).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#rename #refused")))
    assert "your entry is back in the form" in refused.text and "fill in the form again" not in refused.text
    assert d.find_element(By.ID, "rename-form").find_element(By.NAME, "player1").get_attribute("value") == PLAYERS[0]
    assert not console_errors(d)


def test_a_name_of_sixty_letters_without_a_space_leaves_the_figures_in_view_on_a_phone(server, browser, app):
    # a trial's "Dad_Supercalifragilistic..." (60 letters is the longest name taken): the money
    # table's amounts were off the phone's screen, and on the score sheet the dealer column took
    # the whole first screen
    from .test_game_flow import play_riichi_game
    d = browser
    client = app.test_client()
    gid = play_riichi_game(client)
    long = "Dad_Supercalifragilisticexpialidocious_WongTaiSin_Kowloon_HK"
    assert len(long) == 60
    assert client.patch(f"/api/games/{gid}", json={"players": ["Ann", long, "Cy", "Di"]}).status_code == 200
    phone(d)
    d.get(f"{server}/games/{gid}?lang=en")
    d.find_element(By.CSS_SELECTOR, "#money summary").click()
    d.find_element(By.CSS_SELECTOR, '#money-form input[name="rate"]').send_keys("0.1")
    d.find_element(By.CSS_SELECTOR, "#money-form button").click()
    wait(d).until(lambda drv: drv.find_elements(By.CSS_SELECTOR, "#money-amounts tbody tr"))
    _no_overflow(d)
    for row in d.find_elements(By.CSS_SELECTOR, "#money-amounts tbody tr"):
        amount = row.find_elements(By.CSS_SELECTOR, "td")[1]
        assert d.execute_script("return arguments[0].getBoundingClientRect().right", amount) <= 390, row.text
    d.get(f"{server}/games/{gid}/sheet?lang=en")
    dealer = d.find_element(By.CSS_SELECTOR, "table.sheet td.names")
    assert d.execute_script("return arguments[0].getBoundingClientRect().width", dealer) < 200
    assert not console_errors(d)


def test_the_game_page_restored_from_the_browsers_cache_is_drawn_again(server, browser, app):
    # Back from a review brought the game page back from the browser's cache: an old flash and no
    # "Continue the hand you were reviewing" until reloaded by hand
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    d.execute_script("window.drawnBefore = true;"
                     "window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}));")
    wait(d).until(lambda drv: drv.execute_script("return document.readyState === 'complete' && !window.drawnBefore"))
    d.execute_script("window.drawnBefore = true;"
                     "window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: false}));")
    time.sleep(0.5)
    assert d.execute_script("return window.drawnBefore") is True       # a page shown as loaded: not again
    # something typed before leaving is kept: not drawn again
    field = d.find_element(By.CSS_SELECTOR, '#win-form input[name="hand0"]')
    field.send_keys("123m")
    d.execute_script("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}));")
    time.sleep(0.5)
    assert d.execute_script("return window.drawnBefore") is True and field.get_attribute("value") == "123m"
    assert not console_errors(d)


def test_the_end_of_the_game_takes_the_whole_row_on_a_phone(server, browser, app):
    # "the players ended the game here" stood in the grid's first column, a word a line
    from .test_game_flow import new_game, post
    client = app.test_client()
    gid = new_game(client, "mcr")
    post(client, gid, {"kind": "draw"})
    post(client, gid, {"kind": "end"})
    d = browser
    _phone_window(d, 390, 844)
    try:
        d.get(f"{server}/games/{gid}?lang=en")
        cell = d.find_element(By.CSS_SELECTOR, "tr.end-row td")
        row = d.find_element(By.CSS_SELECTOR, "tr.end-row")
        wait(d).until(lambda drv: cell.size["width"] >= 0.9 * row.size["width"])
        assert cell.size["height"] < 60, cell.size
    finally:
        d.set_window_size(1200, 1000)


def test_a_substitute_takes_a_seat_on_a_phone_and_a_refusal_keeps_the_name_typed(server, browser, app):
    """"A substitute takes a seat": the seat's row names the substitute in place of the player,
    the next hand's forms name them, the hands played before keep who played them; a name already
    at another seat is refused at the form, the name typed put back. Nothing wider than a phone."""
    d = browser
    gid = _game(app)
    phone(d)
    d.get(f"{server}/games/{gid}?lang=en")
    d.find_element(By.CSS_SELECTOR, "#substitute > summary").click()
    form = wait(d).until(EC.visibility_of_element_located((By.ID, "substitute-form")))
    # it asks first; cancelled, nothing is sent
    d.execute_script("window.__asked = []; window.confirm = (m) => { window.__asked.push(m); return false; };")
    form.find_element(By.NAME, "name").send_keys("Ernestine")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    assert d.execute_script("return window.__asked") == [
        "Seat the substitute? The hands from the first hand given on are theirs."]
    assert app.test_client().get(f"/api/games/{gid}").json["seated"] == PLAYERS
    form.find_element(By.NAME, "name").clear()
    d.execute_script("window.confirm = () => true")
    form.find_element(By.CSS_SELECTOR, "select[name=player] option[value='1']").click()
    form.find_element(By.NAME, "name").send_keys(PLAYERS[2].lower())          # Cyrielle plays seat 3
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    refused = wait(d).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "#substitute #refused")))
    assert "one player cannot take two seats" in refused.text
    form = d.find_element(By.ID, "substitute-form")
    assert form.find_element(By.NAME, "name").get_attribute("value") == PLAYERS[2].lower()
    name = form.find_element(By.NAME, "name")
    name.clear()
    name.send_keys("Ernestine")
    d.execute_script("window.confirm = () => true")      # a new page: asked again
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    row = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#standings .substitute-for")))
    assert row.text == f"(in place of {PLAYERS[1]})"
    _no_overflow(d)
    winners = d.find_element(By.ID, "win-form").find_element(By.NAME, "winner0").get_attribute("textContent")
    assert "Ernestine" in winners and PLAYERS[1] not in winners
    assert f"{PLAYERS[1]} wins" in d.find_element(By.ID, "hand-1").text
    assert not console_errors(d)


def test_a_refused_substitute_and_rate_take_the_keyboard_to_the_field_at_fault(server, browser, app):
    # the reason stood above the form, the focus on the page's body: a screen reader said nothing
    from selenium.webdriver.support.ui import Select
    d = browser
    gid = _game(app)
    d.get(f"{server}/games/{gid}?lang=en")
    d.find_element(By.CSS_SELECTOR, "#substitute summary").click()
    form = d.find_element(By.ID, "substitute-form")
    Select(form.find_element(By.NAME, "player")).select_by_index(2)
    form.find_element(By.NAME, "name").send_keys(PLAYERS[0])      # a player of the game already
    d.execute_script("window.confirm = () => true")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    refused = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#substitute #refused")))
    assert "already plays another seat" in refused.text
    name = d.find_element(By.CSS_SELECTOR, "#substitute-form [name=name]")
    wait(d).until(lambda drv: drv.switch_to.active_element == name)
    assert name.get_attribute("aria-invalid") == "true" and name.get_attribute("aria-describedby") == "refused"
    assert app.test_client().post(f"/api/games/{gid}/hands", json={"kind": "end"}).status_code == 201
    d.get(f"{server}/games/{gid}?lang=en&rate=abc#money")       # a finished game settles in money
    rate = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#money-form [name=rate]")))
    wait(d).until(lambda drv: drv.switch_to.active_element == rate)
    assert rate.get_attribute("aria-invalid") == "true"       # (the page itself answers 400)


def test_the_new_game_form_fits_a_phone_with_large_text(server, browser, app):
    # the players' fieldset grew to 480 px in a 390-px screen at twice the text size (its
    # min-content width, and the name fields' own width their minimum in their flex labels)
    d = browser
    _phone_window(d, 390, 844)
    d.get(f"{server}/games?lang=en")
    wait(d).until(EC.presence_of_element_located((By.ID, "new-game")))
    d.execute_script("document.documentElement.style.fontSize = '200%'")
    _no_overflow(d)
    players = d.find_element(By.CSS_SELECTOR, "#new-game fieldset.players")
    assert _rect(d, players)["right"] <= d.execute_script("return innerWidth")
