"""From photo to recorded hand on a phone (390 × 844, headless Chromium), counting the taps: every
tap must hit something already in the first screen (no scrolling), the total and Record are in
view from the start, and the console shows no error.

* a real ``hand_*`` photo of the shared test split, read by the shipped models: choose the photo
  (read at once), the winner, the discarder, Record: 4 taps;
* a stand-in reading with one tile misread: +2 taps (the tile, then the right code among the
  reader's best guesses);
* an exposed pung built from read tiles: 2 taps (a tile of it, then "pung · across")."""
from __future__ import annotations

import json

import pytest

from .test_browser import (  # noqa: F401 - fixtures
    By, EC, TimeoutException, WebDriverWait, browser, chip_of, chromium, console_errors, review_stand_in_reading,
    server, wait)
from .test_photo import reader_ready  # noqa: F401 - used by a skipif condition

pytestmark = pytest.mark.browser

PHONE = (390, 844)
#: A hand_* photo the shipped models read right (tests/vision/test_real_hands.py) whose hand is a
#: declarable MCR win on a discard (131 points as labelled).
PHOTO = "hand_003"


class Taps:
    """Taps on a phone: each must land on something visible in the first screen, unscrolled."""

    def __init__(self, driver):
        self.d = driver
        self.count = 0

    def on(self, element):
        box = self.d.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: innerHeight, w: innerWidth,"
            " y: scrollY, hit: arguments[0].contains(document.elementFromPoint((r.left + r.right) / 2,"
            " (r.top + r.bottom) / 2))};", element)
        assert box["y"] == 0, f"the page was scrolled before tap {self.count + 1}"
        assert 0 <= box["top"] and box["bottom"] <= box["h"] and 0 <= box["left"] and box["right"] <= box["w"], \
            (f"tap {self.count + 1} is not in the first screen", box)
        assert box["hit"], (f"tap {self.count + 1} is covered by something else", box)
        self.count += 1
        element.click()


def phone(d):
    d.set_window_size(*PHONE)
    # The resize lands after the call returns: a viewport still as wide as the window before (a
    # 1200 px screenshot) would ask for a window of negative width. The viewport is never larger
    # than the window, so wait until it fits in it.
    fits = "return innerWidth <= arguments[0] && innerHeight <= arguments[1] ? [innerWidth, innerHeight] : null"
    inner = WebDriverWait(d, 5).until(lambda drv: drv.execute_script(fits, *PHONE))
    d.set_window_size(PHONE[0] + PHONE[0] - inner[0], PHONE[1] + PHONE[1] - inner[1])   # the viewport, not the window
    WebDriverWait(d, 5).until(lambda drv: drv.execute_script("return [innerWidth, innerHeight]") == list(PHONE))


def in_first_screen(d, element_id: str) -> bool:
    return d.execute_script(
        "const e = document.getElementById(arguments[0]); if (!e) return false;"
        "const r = e.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight;",
        element_id)


def _game(app, rules="mcr") -> int:
    return app.test_client().post("/api/games", json={"name": "Friday", "rules": rules,
                                                      "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]


def _photo():
    from tests.vision.test_real_hands import PHOTOS, labelled_tiles
    found = [p for p in PHOTOS if p.name.startswith(PHOTO + "_")]
    return (found[0], labelled_tiles(found[0])) if found else (None, None)


@pytest.mark.skipif("not reader_ready() or _photo()[0] is None",
                    reason="the photo reader, its weights or the shared hand_* photos are not here")
def test_a_photo_read_right_is_recorded_in_four_taps(server, browser, app):
    import scorer
    from scorer import tiles as T
    path, labelled = _photo()
    game = _game(app, "mcr")
    d = browser
    phone(d)
    d.get(server + f"/?game={game}")
    taps = Taps(d)
    console_errors(d)
    taps.count += 1                         # 1: "Take a photo" (the file chooser)
    assert in_first_screen(d, "photo-button")
    d.find_element(By.ID, "photo-input").send_keys(str(path.resolve()))
    wait(d, 180).until(lambda drv: "/review/" in drv.current_url)
    wait(d, 30).until(lambda drv: drv.find_element(By.ID, "bar-total").text not in ("", "…"))
    # The total, the rules and Record are in the first screen of the review.
    for element_id in ("bar-total", "record-button", "hand-view"):
        assert in_first_screen(d, element_id), element_id
    read = json.loads(d.find_element(By.ID, "review-data").get_attribute("textContent"))["reading"]
    assert sorted(read["hand"]["concealed"], key=T.sort_key) == sorted(labelled, key=T.sort_key)
    from .test_browser import SHOTS
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / "review-phone-first-screen.png"))
    taps.on(chip_of(d, "winner", "Bob"))       # 2
    taps.on(chip_of(d, "discarder", "Di"))     # 3
    record = wait(d).until(EC.element_to_be_clickable((By.ID, "record-button")))
    taps.on(record)                         # 4
    try:
        wait(d, 60).until(EC.presence_of_element_located((By.ID, "standings")))
    except TimeoutException:
        # a refusal comes back to the review page with its reason in a flash: say it
        notes = [e.text for e in d.find_elements(By.CSS_SELECTOR, ".flash, .error-message, #declare-note") if e.text]
        raise AssertionError(f"not recorded: still at {d.current_url}; {notes}") from None
    assert taps.count <= 4
    hands = app.test_client().get(f"/api/games/{game}").json["hands"]
    assert len(hands) == 1 and hands[0]["kind"] == "win" and hands[0]["winner"] == 1 and hands[0]["discarder"] == 3
    expected = scorer.Hand.from_dict({"concealed": labelled, "melds": [], "winning_tile": labelled[-1], "bonus": []})
    assert hands[0]["notation"] == scorer.format_hand(expected)
    assert not console_errors(d)
    print(f"\nphoto {PHOTO} -> recorded hand: {taps.count} taps")


def test_one_misread_tile_costs_two_taps_and_a_pung_two(server, browser, monkeypatch, app):
    """The stand-in reading (test_browser.review_stand_in_reading) has 2z 2z 2z among its
    standing tiles and the 4p read unsure: correct it from the reader's guesses, then lay the
    South winds down as a pung claimed from across."""
    review_stand_in_reading(server, browser, monkeypatch)
    d = browser
    phone(d)
    d.execute_script("scrollTo(0, 0)")
    console_errors(d)
    taps = Taps(d)
    taps.on(d.find_element(By.CSS_SELECTOR, '#hand-view .htile[data-code="4p"]'))
    wait(d).until(EC.visibility_of_element_located((By.ID, "picker-top")))
    taps.on(d.find_element(By.CSS_SELECTOR, '#picker-top .pick[data-code="4p"]'))   # the best guess (no change)
    wait(d).until(EC.invisibility_of_element_located((By.ID, "picker")))
    assert taps.count == 2
    taps = Taps(d)
    taps.on(d.find_elements(By.CSS_SELECTOR, '#hand-view .group.standing .htile[data-code="2z"]')[0])
    wait(d).until(EC.visibility_of_element_located((By.ID, "picker-top")))
    taps.on(d.find_element(By.CSS_SELECTOR, '#picker-top .shortcut[data-how="across"]'))
    wait(d).until(EC.text_to_be_present_in_element_value((By.ID, "notation"), "[222z,2]"))
    assert taps.count == 2
    assert len(d.find_elements(By.CSS_SELECTOR, ".group.meld .htile")) == 3
    wait(d).until(lambda drv: drv.find_element(By.ID, "bar-total").text not in ("", "…", "—"))
    assert not console_errors(d)


def test_the_french_tile_picker_fits_a_phone(server, browser, monkeypatch):
    # « Tuile gagnante », « Retirer » and a group's long name in « Déplacer vers » ran past the
    # dialog's right edge at 390 px (the English fitted)
    review_stand_in_reading(server, browser, monkeypatch)
    d = browser
    phone(d)
    d.get(d.current_url.split("?")[0] + "?lang=fr")
    tile = '#hand-view .htile[data-code="4p"]'
    WebDriverWait(d, 10).until(EC.presence_of_element_located((By.CSS_SELECTOR, tile)))
    d.find_element(By.CSS_SELECTOR, tile).click()
    WebDriverWait(d, 10).until(EC.visibility_of_element_located((By.ID, "picker")))
    d.execute_script("const o = document.createElement('option');"
                     "o.textContent = 'Combinaison 1 : pas une combinaison, vérifiez ses tuiles';"
                     "document.getElementById('pick-move').appendChild(o);")
    width, room, remove, edge = d.execute_script(
        "const p = document.getElementById('picker');"
        "return [p.scrollWidth, p.clientWidth, document.getElementById('pick-remove').getBoundingClientRect().right,"
        " p.getBoundingClientRect().right]")
    assert width <= room and remove <= edge
