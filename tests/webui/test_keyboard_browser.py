"""The pages with the keyboard alone and a screen reader's names, in headless Chromium: the photo
button reached by Tab, the keyboard's place kept in the hand after a correction, tiles named by
their names, a select that reloads the page not acting on the first arrow key, and the error
page's "Go back" leading back to the form."""
from __future__ import annotations

import pytest
from selenium.webdriver.common.keys import Keys

from .helpers import NOT_COMPLETE
from .test_browser import By, EC, browser, chromium, console_errors, server, wait  # noqa: F401 - fixtures

pytestmark = pytest.mark.browser


def _active(d):
    return d.switch_to.active_element


def test_the_photo_button_is_reached_with_tab_and_shows_its_focus(server, browser):
    d = browser
    d.get(server + "/")
    d.find_element(By.TAG_NAME, "body").click()
    passed = []
    for _ in range(30):
        _active(d).send_keys(Keys.TAB)
        passed.append(_active(d).get_attribute("name"))
        if _active(d).get_attribute("id") == "photo-input":
            break
    else:
        pytest.fail("Tab never reached the photo input")
    # the rules before it: a photo chosen is read at once, and Tab reached Rules only after
    assert "rules" in passed
    outline = d.execute_script(
        "return getComputedStyle(document.getElementById('photo-button')).outlineStyle")
    assert outline != "none"
    assert not console_errors(d)


def test_after_a_correction_the_keyboard_stays_on_the_corrected_tile(server, browser):
    d = browser
    d.get(server + "/review/new?rules=toy&hand=" + NOT_COMPLETE)
    wait(d).until(EC.text_to_be_present_in_element((By.ID, "result"), "Not a winning hand"))
    tile = d.find_element(By.CSS_SELECTOR, '#hand-view .htile[data-code="4m"]')
    index = tile.get_attribute("data-index")
    tile.send_keys(Keys.ENTER)
    wait(d).until(EC.visibility_of_element_located((By.ID, "picker")))
    d.find_element(By.CSS_SELECTOR, '#picker-grid .pick[data-code="3m"]').send_keys(Keys.ENTER)
    wait(d).until(EC.text_to_be_present_in_element_value((By.ID, "notation"), "123m456p789s1122z 2z"))
    now = _active(d)
    assert now.get_attribute("data-index") == index and now.get_attribute("data-code") == "3m"
    assert not console_errors(d)


def test_tiles_are_named_by_their_names_and_their_marks_in_words(server, browser):
    d = browser
    d.get(server + "/review/new?rules=toy&hand=" + NOT_COMPLETE)
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#hand-view .htile")))
    names = [b.get_attribute("aria-label") for b in d.find_elements(By.CSS_SELECTOR, "#hand-view .htile")]
    assert names[0] == "1 Characters"
    assert names[-1].endswith(", winning tile")
    # outside the select mode a tile is a plain button, not a toggle
    assert d.find_element(By.CSS_SELECTOR, "#hand-view .htile").get_attribute("aria-pressed") is None
    pick = d.find_element(By.CSS_SELECTOR, '#picker-grid .pick[data-code="5z"] img')
    assert pick.get_attribute("alt") == "White dragon"
    assert not console_errors(d)


def test_the_rules_select_waits_for_enter_before_reloading(server, browser):
    d = browser
    d.get(server + "/review/new?rules=mcr&hand=" + NOT_COMPLETE)
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#hand-view .htile")))
    select = d.find_element(By.ID, "rules-select")
    before = select.get_attribute("value")
    d.execute_script("arguments[0].focus()", select)
    select.send_keys(Keys.ARROW_DOWN)
    d.execute_script("return 1")
    assert "rules=" + before in d.current_url            # not reloaded under the next rules
    chosen = select.get_attribute("value")
    assert chosen != before
    select.send_keys(Keys.ENTER)
    wait(d).until(lambda drv: "rules=" + chosen in drv.current_url)
    assert not console_errors(d)


def test_a_file_refused_for_import_is_said_at_its_form_with_the_keyboard_on_it(server, browser, app, tmp_path):
    # a file that is no game export, imported from the games page, was refused on an error page
    # and its Go back: said at the import form, the file field marked and focused
    d = browser
    d.get(f"{server}/games")
    junk = tmp_path / "notes.json"
    junk.write_text("these are my notes, not a game")
    form = d.find_element(By.CSS_SELECTOR, 'input[name="file"]').find_element(By.XPATH, "ancestor::form")
    form.find_element(By.NAME, "file").send_keys(str(junk))
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    said = wait(d).until(EC.presence_of_element_located((By.ID, "import-refused")))
    assert said.get_attribute("role") == "alert" and "No game was imported." in said.text
    field = d.find_element(By.CSS_SELECTOR, '#import-form input[name="file"]')
    wait(d).until(lambda drv: drv.switch_to.active_element == field)
    assert field.get_attribute("aria-invalid") == "true"
    # the language link of the answer leads to the games page, not to the form's address
    lang = d.find_element(By.ID, "lang-fr").get_attribute("href")
    assert lang.startswith(f"{server}/games?")
    console_errors(d)   # the 400 answer is logged by the browser


def test_the_readers_best_guesses_are_named_as_the_other_tile_buttons(server, browser, app):
    # the picker's first row had a button showing "7" and a flower with no text at all, unnamed
    import scorer
    from webui.store import Store, connect
    hand = scorer.to_hand("123m456p789s11z22z 2z")
    top3 = [{"code": "7p", "p": 0.6}, {"code": "4p", "p": 0.3}, {"code": "4f", "p": 0.1}]
    tiles = [{"code": "7p", "confidence": 0.6, "box": [0, 0, 10, 14], "top3": top3}]
    draft = Store(connect(app.config["DATABASE"])).create_draft(None, {
        "tiles": tiles, "hand": hand.to_dict(), "notation": scorer.format_hand(hand),
        "reading": {"warnings": [], "groups": [], "links": []}})
    state = {"rules": "mcr", "form": {}, "fields": [], "corrections": [],
             "groups": [{"kind": "standing", "tiles": [{"code": "7p", "src": 0, "win": False}]
                         + [{"code": c, "src": None, "win": False} for c in ("1m", "2m", "3m")]},
                        {"kind": "bonus", "tiles": []}]}
    from webui import drafts
    drafts.save_state(Store(connect(app.config["DATABASE"])), draft, state)      # as a page saved it
    d = browser
    d.get(f"{server}/review/{draft}?lang=en")
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, '#hand-view .htile[data-code="7p"]')))
    d.find_element(By.CSS_SELECTOR, '#hand-view .htile[data-code="7p"]').send_keys(Keys.ENTER)
    wait(d).until(EC.visibility_of_element_located((By.ID, "picker-top")))
    names = [b.get_attribute("aria-label") for b in d.find_elements(By.CSS_SELECTOR, "#picker-top .pick")]
    grid = {b.get_attribute("data-code"): b.get_attribute("title") for b in d.find_elements(By.CSS_SELECTOR, "#picker-grid .pick")}
    assert names[:2] == [grid["7p"], grid["4p"]] and all(names), names


def test_a_source_link_says_it_opens_and_what_it_shows(server, browser):
    # a "source" link revealed its text without a word to a screen reader, and named no state
    d = browser
    d.get(server + "/review/new?rules=mcr&hand=" + "[111z,1]123m456p789s2z%202z")
    link = wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#result a.source")))
    # the first is a scoring row's (every row names its rule now), else one folded in "Why not…"
    d.execute_script("const box = arguments[0].closest('details'); if (box) box.open = true; "
                     "arguments[0].scrollIntoView()", link)
    assert link.get_attribute("role") == "button" and link.get_attribute("aria-expanded") == "false"
    link.send_keys(Keys.ENTER)
    shown = link.find_element(By.XPATH, "following-sibling::*[1]")
    assert "source-text" in shown.get_attribute("class") and shown.get_attribute("role") == "status"
    assert link.get_attribute("aria-expanded") == "true"
    link.send_keys(Keys.ENTER)
    assert link.get_attribute("aria-expanded") == "false"
    assert d.find_element(By.ID, "meld-count").get_attribute("aria-live") == "polite"
    assert not console_errors(d)


def test_arrow_keys_move_between_the_pickers_tiles(server, browser):
    # every tile was its own Tab stop: up to 45 presses to reach one
    d = browser
    d.get(server + "/review/new?rules=toy&hand=" + NOT_COMPLETE)
    wait(d).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#hand-view .htile")))
    d.find_element(By.ID, "add-tile").click()
    wait(d).until(EC.visibility_of_element_located((By.ID, "picker-grid")))
    d.find_element(By.CSS_SELECTOR, '#picker-grid .pick[data-code="1m"]').send_keys(Keys.ARROW_RIGHT)
    assert _active(d).get_attribute("data-code") == "2m"
    _active(d).send_keys(Keys.ARROW_DOWN)
    assert _active(d).get_attribute("data-code") == "2p"
    _active(d).send_keys(Keys.END)
    assert _active(d).get_attribute("data-code") == "9p"
    _active(d).send_keys(Keys.ARROW_LEFT)
    _active(d).send_keys(Keys.ARROW_UP)
    assert _active(d).get_attribute("data-code") == "8m"
    _active(d).send_keys(Keys.ENTER)
    wait(d).until(lambda drv: drv.find_elements(By.CSS_SELECTOR, '#hand-view .htile[data-code="8m"]'))
    assert not console_errors(d)
