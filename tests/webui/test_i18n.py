"""One language per page, chosen by the player (webui/i18n.py): English and French complete on
the photo and review pages, fan and yaku names with their original Chinese or Japanese, sources
behind a link and never in the text, no raw values ("dealer: True")."""
from __future__ import annotations

import re
from html import unescape as html_unescape
from pathlib import Path

from webui import i18n

from .conftest import csrf_of
from .helpers import WIN

TEMPLATES = Path(i18n.__file__).parent / "templates"
PAGES = ["review.html", "_result.html", "words.html", "capture.html", "base.html", "games.html", "game.html", "game_sheet.html",
         "hand.html", "calibrate/index.html", "calibrate/confirm.html"]
#: Python files whose messages reach a page (flashes, the score sheet's lines).
MESSAGES = ["games.py", "calibrate.py", "score_sheet.py",
            "../mjtable/commands/calibrate.py"]     # the command line's calibrate, --lang fr
CITATIONS = ("000 n°", "ffmj", "pymahjonggb", "(004", "(000")


def visible(html: str) -> str:
    """The page's text as shown: no tags, attributes, scripts or the review data."""
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_every_page_text_has_its_french():
    keys = set()
    for name in PAGES:
        text = (TEMPLATES / name).read_text()
        keys |= set(re.findall(r"""\bt\(\s*'((?:[^'\\]|\\.)*)'""", text))
        keys |= set(re.findall(r'''\bt\(\s*"((?:[^"\\]|\\.)*)"''', text))
    for name in MESSAGES:
        keys |= set(re.findall(r'''\b(?:i18n\.t|tr)\(\s*"((?:[^"\\]|\\.)*)"''', (TEMPLATES.parent / name).read_text()))
    keys |= set(i18n.JS_TEXTS) | set(i18n.CAPTURE_TEXTS) | set(i18n.CALIBRATE_TEXTS)
    assert len(keys) > 250
    missing = sorted(k for k in keys if k not in i18n.FR)
    assert not missing, missing


def test_every_rule_option_has_its_french_name_and_help():
    # a new MCR option showed "knitted straight wait" on the French new-game form
    from webui import scoring
    names = {(r, f["name"]) for r in ("mcr", "riichi", "hk", "classical") for f in scoring.option_fields(r)}
    assert len(names) > 15
    unnamed = sorted(n for _, n in names if i18n.LABELS.get(n, n.replace("_", " ")) not in i18n.FR)
    unhelped = sorted(n for r, n in names if (r, n) not in i18n.OPTION_HELP_FR_BY_RULES and n not in i18n.OPTION_HELP_FR)
    assert not unnamed and not unhelped, (unnamed, unhelped)


def test_every_payer_role_has_its_french(app):
    # "other paie 8" on a French MCR result whose seats were not given
    with app.test_request_context("/?lang=fr"):
        roles = ("left", "across", "right", "discarder", "other", "dealer", "non-dealer", "East")
        assert [i18n.label(r) for r in roles] == ["gauche", "en face", "droite", "donneur de l'écart", "autre joueur",
                                                   "croupier", "non-croupier", "Est"]


def test_the_player_chooses_the_language_and_it_is_kept(client):
    page = client.get("/review/new?rules=mcr&hand=" + WIN + "&lang=fr")
    html = page.get_data(as_text=True)
    assert '<html lang="fr">' in html and "Vider" in html and "Écrire la main" in html
    assert "Clear" not in visible(html) and "Type the hand" not in visible(html)
    assert "mjtable_lang=fr" in page.headers.get("Set-Cookie", "")
    html = client.get("/").get_data(as_text=True)            # the next page, from the cookie
    assert "Lire une main gagnante" in html and "Read a winning hand" not in visible(html)
    html = client.get("/?lang=en").get_data(as_text=True)
    assert "Read a winning hand" in html and '<html lang="en">' in html


def test_a_browser_in_french_opens_the_app_in_french_until_the_player_chooses(client):
    french = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
    page = client.get("/", headers=french)
    assert '<html lang="fr">' in page.get_data(as_text=True) and "Accept-Language" in page.headers.get("Vary", "")
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).get_data(as_text=True)
    assert '<html lang="en">' in client.get("/").get_data(as_text=True)
    client.get("/?lang=en", headers=french)                   # the player's choice, kept, wins
    assert '<html lang="en">' in client.get("/", headers=french).get_data(as_text=True)


def _score(client, hand, rules, context=None):
    form = {"ctx__present": "1", **(context or {})}
    return client.post("/review/score", json={"hand": hand, "rules": rules, "form": form},
                       headers={"X-CSRF-Token": csrf_of(client)}).json


def test_fan_names_in_one_language_with_the_original(client):
    html = _score(client, WIN, "mcr")["html"]
    assert "Mixed Straight" in html and "花龙" in html and "Suite Mélangée" not in html
    client.set_cookie("mjtable_lang", "fr")
    html = _score(client, WIN, "mcr")["html"]
    assert "Suite Mélangée" in html and "花龙" in html and "Mixed Straight" not in html
    assert "Règlement" in html


def test_no_raw_values_and_no_citations_in_the_text(client):
    mcr = visible(_score(client, "123m123m456p789s5z 5z", "mcr")["html"])
    riichi = visible(_score(client, "123m123m456p789s5z 5z", "riichi",
                            {"ctx_riichi": "1", "ctx_seat_wind": "E"})["html"])
    for text in (mcr, riichi):
        assert not re.search(r"\b\w+: (True|False)\b", text), text
        assert not any(c in text for c in CITATIONS), text
        assert "self_drawn" not in text and "seat_wind" not in text
    assert "minimum 8 points: met" in mcr and "Dealer" in riichi and "2 han · 40 fu" in riichi
    page = visible(client.get("/review/new?rules=mcr&hand=" + WIN).get_data(as_text=True))
    assert not any(c in page for c in CITATIONS), page
    html = _score(client, "123m123m456p789s5z 5z", "mcr")["html"]
    assert 'class="source"' in html          # the sources are one tap away


def test_calibration_is_linked_from_the_navigation_with_what_it_does(client):
    html = client.get("/").get_data(as_text=True)
    assert 'id="nav-calibrate"' in html and 'href="/calibrate/"' in html
    assert "Teach mjtable your own tiles" in html
    # after "Your tile set:" in lowercase, in French too (« : Apprenez » took the nav's capital)
    assert "Your tile set</a>: teach mjtable to read your tiles" in html
    french = client.get("/?lang=fr").get_data(as_text=True)
    assert "Votre jeu de tuiles</a> : apprenez à mjtable à lire vos tuiles" in french.replace("&#39;", "'")


def test_french_elides_de_before_a_name_with_a_vowel(app):
    from webui import i18n
    with app.test_request_context("/?lang=fr"):
        assert i18n.t("on {player}'s discard", player="Alice") == "sur l'écart d'Alice"
        assert i18n.t("on {player}'s discard", player="Bob") == "sur l'écart de Bob"
        assert str(i18n.t_page("on {player}'s discard", player="Hugo")) == "sur l'écart d'Hugo"
        assert i18n.t("limit hand: {limit}", limit=500) == "main limite : 500"
    with app.test_request_context("/?lang=en"):
        assert i18n.t("on {player}'s discard", player="Alice") == "on Alice's discard"


def test_tile_names_and_the_chart_label_in_french(app, client):
    from webui import i18n
    with app.test_request_context("/?lang=fr"):
        assert [i18n.tile_label(c) for c in ("1z", "7z", "3p", "0s", "2f", None)] == [
            "vent d'Est", "dragon rouge", "3 ronds", "5 rouge (bambous)", "orchidée", "tuile face cachée"]
        assert [i18n.tile_label(c) for c in ("1m", "1p", "1s")] == ["1 caractère", "1 rond", "1 bambou"]
    with app.test_request_context("/?lang=en"):
        assert i18n.tile_label("1z") == "East wind" and i18n.tile_label("0s") == "Red 5 Bamboo"
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    client.set_cookie("mjtable_lang", "fr")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'aria-label="classement après chaque main"' in page
    review = client.get("/review/new?rules=mcr").get_data(as_text=True)
    assert 'title="vent d&#39;Est"' in review or "title=\"vent d'Est\"" in review


def test_a_recorded_hands_context_is_shown_in_words(client):
    from .helpers import WIN
    gid = client.post("/api/games", json={"rules": "mcr", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    r = client.post(f"/api/games/{gid}/hands", json={"hand": WIN, "winner": 0, "discarder": 2,
                                                      "context": {"last_tile": True}})
    assert r.status_code == 201, r.json
    client.set_cookie("mjtable_lang", "fr")
    page = client.get(f"/games/{gid}/hands/1").get_data(as_text=True)
    assert '{"' not in page.split("<dl class=\"context\">", 1)[1].split("</dl>", 1)[0]     # no JSON
    assert "<dt>donneur de l&#39;écart</dt><dd>Cy (en face)</dd>" in page and "<dt>vent du joueur</dt><dd>Est</dd>" in page
    assert "<dd>oui</dd>" in page


def test_every_options_english_help_reads_whole_without_its_sources(app):
    """The games page shows an option's help without its sources (behind a link): each source
    must sit in brackets of its own, so that taking it out leaves no "marked optional in" or
    "13 is 's largest"."""
    import typing

    import scorer
    from scorer.options import options_doc
    with app.test_request_context("/?lang=en"):
        for rules in scorer.RULE_SETS:
            cls = scorer.get_rule_set(rules).Options
            hints = typing.get_type_hints(cls)
            for doc in options_doc(cls):
                hint = hints[doc["name"]]
                choices = typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else ()
                text, _ = i18n.option_help(rules, doc["name"], doc["help"], choices)
                where = (rules, doc["name"], text)
                assert not re.search(r"\b00[0-4]\b|n°|ffmj|pymahjong|\bmji\b", text), where
                assert not re.search(r" 's\b|\b(?:in|of|per|by)\s*[:;,.)]|\b(?:in|of)$|=\s*[(;]|\(\s*\)|\s[:;,]", text), where


def test_who_pays_has_its_article_in_french(app):
    from webui import i18n
    with app.test_request_context("/?lang=fr"):
        assert [i18n.payer_label(r) for r in ("right", "across", "discarder")] == [
            "le joueur de droite", "le joueur d'en face", "le donneur de l'écart"]
    with app.test_request_context("/?lang=en"):
        assert i18n.payer_label("right") == "right"


def test_counted_words_agree_with_their_count(app):
    from webui import i18n
    with app.test_request_context("/?lang=en"):
        assert [i18n.t("{n} hand(s)", n=k) for k in (0, 1, 2)] == ["0 hands", "1 hand", "2 hands"]
    with app.test_request_context("/?lang=fr"):
        assert [i18n.t("{n} hand(s)", n=k) for k in (0, 1, 2)] == ["0 main", "1 main", "2 mains"]
        assert i18n.t("{n} tile(s) read differently by the base model (outlined).", n=1) == \
            "1 tuile lue autrement par le modèle de base (entourée)."


def test_a_capped_hong_kong_hand_a_yakuman_and_the_change_history_read_in_french(app):
    with app.test_request_context("/?lang=fr"):
        assert i18n.result_facts({"faan": 16, "limit": "capped at 13 faan"}) == [
            "16 fan trouvés", "main limite : plafonnée à 13 fan"]
        # a yakuman is counted by yakuman, not as "13 han · 0 fu" (002 §4.2)
        assert i18n.result_facts({"han": 13, "fu": 0, "limit": "yakuman"}) == ["main limite : yakuman"]
        assert i18n.t("was a draw") == "c'était une main nulle"


def test_hong_kong_pages_name_the_heavenly_and_earthly_hands_in_their_own_words(client):
    # the boxes said "tenhou" and "renhou" (riichi's terms; riichi's renhou is not 004's 8F), and
    # a Hong Kong hand's page "Assumed (not given): double kong, tenhou, renhou"
    import re
    boxes = lambda page: dict(re.findall(r'name="ctx_(tenhou|renhou|chiihou|double_kong)"[^>]*>\s*([^<]*)', page))
    hk = boxes(client.get("/review/new?rules=hk&lang=en").get_data(as_text=True))
    assert hk == {"tenhou": "heavenly hand (8E Tin Woo)",
                  "renhou": "earthly hand (8F Dei Woo: on the dealer&#39;s first discard)",
                  "double_kong": "Double Gong (3D: a second kong&#39;s replacement tile)"}
    assert boxes(client.get("/review/new?rules=hk&lang=fr").get_data(as_text=True))["tenhou"] == "main céleste (8E Tin Woo)"
    # riichi's own: 002's names, the Japanese word kept (the boxes said "tenhou" alone to a learner)
    assert boxes(client.get("/review/new?rules=riichi&lang=en").get_data(as_text=True))["renhou"] == \
        "blessing of man (renhou)"
    assert boxes(client.get("/review/new?rules=riichi&lang=fr").get_data(as_text=True))["tenhou"] == \
        "bénédiction du Ciel (tenhou)"
    gid = client.post("/api/games", json={"rules": "hk", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s234s5m 5m", "winner": 1,
                                                         "discarder": 0}).status_code == 201
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}/hands/1?lang=en").get_data(as_text=True))
    assert "tenhou" not in page and "double kong" not in page    # asked by the game's win form: not assumed
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}?lang=en").get_data(as_text=True))
    assert "heavenly hand (8E Tin Woo)" in page and "tenhou" not in page


def test_a_french_options_source_keeps_the_sections_title(client):
    # « 004 Pointage » and « 001 La »: the section's title, by which it is found in the document, was cut
    page = client.get("/games?lang=fr").get_data(as_text=True)
    assert "004 Pointage pour les Fleurs" in page and "004 Payer le gagnant" in page
    assert "001 La suite serpentine" in page


def test_a_french_result_puts_a_space_before_its_colons(client):
    # « Tous les triplés: compté dans… »
    import re
    gid = client.post("/api/games", json={"rules": "hk", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s234s1z 1z", "winner": 0, "discarder": None,
                                                         "context": {"tenhou": True}}).status_code == 201
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", client.get(f"/games/{gid}/hands/1?lang=fr").get_data(as_text=True)))
    assert re.search(r"\w : déjà dans", page) and not re.search(r"\w: déjà dans", page)


def test_what_was_assumed_says_the_value_it_was_scored_with(client):
    # "Assumed (not given): seat wind, round wind" hid that the hand was scored as East in the East round
    html = client.post("/review/score", json={"hand": "[111z,1]234m567p789s5s 5s", "rules": "hk", "form": {}},
                       headers={"X-CSRF-Token": csrf_of(client)}).json["html"]
    assumed = html[html.index('class="assumed"'):]
    assumed = assumed[:assumed.index("</p>")]
    assert "(East)" in assumed and "(no)" in assumed
    client.set_cookie("mjtable_lang", "fr")
    html = client.post("/review/score", json={"hand": "[111z,1]234m567p789s5s 5s", "rules": "hk", "form": {}},
                       headers={"X-CSRF-Token": csrf_of(client)}).json["html"]
    assert "(Est)" in html[html.index('class="assumed"'):]


def test_french_wording_a_club_read_as_english_or_odd(client, app):
    # « au tour E » with wind letters; riichi's review page said « le croupier » where 002 says
    # « l'ouvreur »; option sources « 001 exercise 4 »
    with app.test_request_context("/?lang=fr"):
        said = i18n.french_message("hand 2: not a winning hand under Hong Kong old style as B (E) in the W round: "
                                   "too few tiles")
        assert "comme B (Est) au tour Ouest" in said
        # as the game log now says it in English, the winds by name
        said = i18n.french_message("hand 2: not a winning hand under Hong Kong old style as B (North) in the "
                                   "South round: too few tiles")
        assert "comme B (Nord) au tour Sud" in said, said
        assert i18n.option_help("mcr", "four_kongs_single_wait", "add Single Wait to Four Kongs (001 exercise 4)")[1] \
            == "001 exercice 4"
    client.set_cookie("mjtable_lang", "fr")
    html = _score(client, "123m456p789s11z22z 2z", "riichi", {"ctx_riichi": "on"})["html"]
    assert "compté Est, l&#39;ouvreur" in html and "croupier" not in html


def test_one_flower_and_one_point_are_singular(app):
    # « 1 flowers », « gain : 1 points pour 0 faan »
    for lang, flower, reward in (("en", "1 flower", "reward: 1 point for 0 faan"),
                                 ("fr", "1 fleur", "gain : 1 point pour 0 fan")):
        with app.test_request_context(f"/?lang={lang}"):
            facts = i18n.result_facts({"rules": "hk", "flowers": 1, "points": 1, "faan_counted": 0})
            assert flower in facts and reward in facts, (lang, facts)


def test_a_riichi_page_names_the_winds_as_002_does(client):
    # « vent de siège » and « vent du tour » on a riichi form whose result said « vent du joueur »
    # and whose rules (002 §2.1, §2.2) say « Vent du joueur » and « Vent dominant »
    page = client.get("/review/new?rules=riichi&lang=fr").get_data(as_text=True)
    assert "vent du joueur" in page and "vent de siège" not in page
    assert "vent dominant" in page and "vent du tour" not in page


def test_the_french_notation_help_says_which_letter_is_west(client):
    # « E S W N, P F C » alone: a French player typed OOO for Ouest and was not told W; O is read
    # as West now, and the help says both
    html = client.post("/review/score?lang=fr", json={"hand": "123m456p789s22zXXX 2z", "rules": "mcr",
                                                      "form": {}}).json["html"]
    assert "Ouest : W ou O" in html and "dragons blanc, vert, rouge" in html
    r = client.post("/review/score?lang=fr", json={"hand": "123m456p789s2zOOO 2z", "rules": "mcr", "form": {}}).json
    assert r["ok"] and r["notation"] == "123m456p789s2333z 2z"


def test_game_refusals_built_from_parts_are_french_throughout(app):
    # the kind of hand stayed English (« ce type de main (false win (chombo)) »), and so did a later
    # hand's refusal inside « la main 1 ne peut pas être supprimée »
    from webui import i18n
    with app.test_request_context("/?lang=fr"):
        assert "(faux Mah-jong (chombo))" in i18n.msg("a false win (chombo) has no winner: send only its own fields")
        assert "(main nulle)" in i18n.msg("a draw has no hand: send only its own fields")
        said = i18n.msg("hand 1 cannot be deleted: hand 2, B (E), would then be refused: not a winning hand under "
                        "Chinese Official (MCR, 81 fans) as B (E) in the E round: x; nothing was changed")
        assert "serait alors refusée : pas une main gagnante en" in said


def test_a_place_in_a_photo_is_no_source_reference(app):
    # "extra tile at (250, 366), away from the rows" lost its place on the web page: any three digits
    # in brackets were taken for a rule document's number (000-004)
    from webui import i18n
    from webui.scoring import strip_citation
    with app.test_request_context("/?lang=en"):
        assert i18n.msg("extra tile at (250, 366), away from the rows: remove it").startswith("extra tile at (250, 366)")
        assert i18n.msg("ippatsu needs riichi (002 §4.2.1)") == "ippatsu needs riichi"
    assert strip_citation("a tile at (120, 48) (004 1F)") == "a tile at (120, 48)"


def test_where_a_layout_tile_lies_is_said_in_french(app):
    # a calibration photo's tile placed in words, by its row or by its part of the photo
    from webui import i18n
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg("a tile shows no face in row 2, between its 3rd and 4th tiles (face down, or covered): turn "
                        "every tile face up, with nothing over it") == (
            "une tuile ne montre pas sa face dans la rangée 2, entre ses 3e et 4e tuiles (face cachée, ou couverte) : "
            "retournez toutes les tuiles face visible, sans rien dessus")
        assert i18n.msg("extra tile at the bottom right of the photo, away from the rows: remove it") == \
            "tuile en trop en bas à droite de la photo, hors des rangées : retirez-la"
        assert i18n.msg("a tile shows no face in row 1, before its first tile (face down, or covered): turn every "
                        "tile face up, with nothing over it").startswith(
            "une tuile ne montre pas sa face dans la rangée 1, avant sa première tuile (")


def test_the_thousands_of_a_figure_are_no_source_reference():
    # the review page's settlement read "2 riichi sticks × 1" and "a mangan 8,, 12, for the
    # dealer": the 000 of 1,000 was taken for the rule document 000 and cut out
    from webui.i18n import strip_citation
    assert strip_citation("2 riichi sticks × 1,000") == "2 riichi sticks × 1,000"
    assert strip_citation("a mangan 8,000, 12,000 for the dealer") == "a mangan 8,000, 12,000 for the dealer"
    assert strip_citation("pays 1\u202f000 (002 §4.1)") == "pays 1\u202f000"
    assert strip_citation("the hand is scored so by 000") == "the hand is scored so by"


def test_a_damaged_profile_is_said_in_french(app):
    from webui import i18n
    with app.test_request_context("/?lang=fr"):
        said = i18n.msg("the active tile-set profile 'club-set' is damaged (BadZipFile: File is not a zip file); it "
                        "was set aside as profiles/club-set.damaged-1.npz and deactivated: the base model reads "
                        "alone (calibrate again to make a new one, or import a copy you downloaded)")
    assert said.startswith("le profil de jeu de tuiles actif « club-set » est abîmé") and "mis de côté sous" in said


def test_hong_kong_options_are_named_in_words_a_table_reads(client):
    # the option labels were the code's names: "moon ching", "odd faan" with "same" / "half"
    for page in (client.get("/games").get_data(as_text=True), client.get("/review/new?rules=hk").get_data(as_text=True)):
        hk = page[page.index('data-rules="hk"'):] if 'data-rules="hk"' in page else page
        assert "ount Moon Ching (1G: concealed hand)" in hk and ">as the level below<" in hk   # Count on /games
    fr = client.get("/review/new?rules=hk&lang=fr").get_data(as_text=True)
    assert ">comme le niveau du dessous<" in fr and "compter Moon Ching" in fr


def test_an_options_help_names_its_choices_as_its_menu_does(client):
    # the classical payment's help behind its link said "all_pay: ...; discarder_pays: ..."
    page = client.get("/review/new?rules=classical").get_data(as_text=True)
    helps = re.findall(r'data-source="([^"]*the three losers[^"]*)"', page)
    assert helps and all("all pay:" in h and "discarder pays:" in h and "_" not in h for h in helps)
    riichi = client.get("/review/new?rules=riichi").get_data(as_text=True)
    assert "red_fives" not in visible(riichi) and "the red_fives context" not in riichi


def test_hong_kong_flower_methods_say_what_each_counts_in_their_menu(client):
    # the menu read "none A B C D": the letters of 004 « Pointage pour les Fleurs » without their meaning
    page = client.get("/review/new?rules=hk").get_data(as_text=True)
    menu = re.search(r'<select name="opt_flower_method">(.*?)</select>', page, re.S).group(1)
    assert '<option value="B">B: each flower of the round, 1 faan</option>' in menu
    assert '<option value="none" selected>none (played without flowers)</option>' in menu
    client.set_cookie("mjtable_lang", "fr")
    page = client.get("/review/new?rules=hk").get_data(as_text=True)
    assert '<option value="D">D : fleur du tour et du joueur, 2 fan</option>' in page
    from .test_game_flow import new_game
    client.set_cookie("mjtable_lang", "en")
    gid = new_game(client, "hk")
    client.patch(f"/api/games/{gid}", json={"options": {"flower_method": "C"}})
    assert "house rules (flower method: C: each flower of the seat, 1 faan)" in visible(
        client.get(f"/games/{gid}").get_data(as_text=True))


def test_the_two_others_who_pay_alike_are_one_settlement_row(client):
    # an MCR win on a discard, the discarder unnamed: "other pays 8" twice, which read as a mistake
    html = _score(client, WIN, "mcr")["html"]
    rows = [re.sub(r"\s+", " ", visible(r)).strip() for r in re.findall(r"<tr>(.*?)</tr>",
            re.search(r'<table class="payments">(.*?)</table>', html, re.S).group(1), re.S)]
    assert len(rows) == 2 and rows[1].startswith("each of the two others pays 8 to the winner"), rows
    client.set_cookie("mjtable_lang", "fr")
    html = _score(client, WIN, "mcr")["html"]
    assert "chacun des deux autres" in html


def test_a_reference_alone_behind_a_line_is_said_once_in_french(client):
    # « — 1A (004 1A) » on French pages, « — 004 1A » on English ones
    import html as html_lib
    client.set_cookie("mjtable_lang", "fr")
    page = html_lib.unescape(_score(client, "123m456m789m12p55s1234f 3p", "hk", {"opt__present": "1",
                                                                               "opt_flower_method": "A"})["html"])
    assert "— 004 1A\"" in page and "(004 1A)" not in page
    assert "(004 Pointage pour les Fleurs)" not in page


def test_a_concealed_meld_on_a_hands_page_agrees_with_its_meld_in_french(client):
    # « kong (cachée) »: the adjective was the feminine of « combinaison », beside a kong
    from .test_game_flow import new_game, post
    gid = new_game(client, "hk")
    post(client, gid, {"hand": "(1111m)234p567s789s5z 5z", "winner": 1, "discarder": 0})
    page = client.get(f"/games/{gid}/hands/1?lang=fr").get_data(as_text=True)
    assert "kong caché" in page and "(cachée)" not in page
    assert "concealed kong" in client.get(f"/games/{gid}/hands/1?lang=en").get_data(as_text=True)


def test_an_mcr_hand_under_the_minimum_with_flowers_says_its_points_without_them(client):
    # « 8 points · minimum 8 points : non atteint · 2 fleurs »: the minimum is counted without the
    # flowers (000 n°13), which the result's facts did not say
    r = client.post("/review/score?lang=fr", json={"hand": "[234m,1]567p678s345s2p 2p 15f", "rules": "mcr",
                                                    "form": {}}).json
    assert "minimum 8 points : non atteint (6 points sans les fleurs)" in r["html"], r["html"]
    # and beside the other rule sets' totals, with the French space before « ; »
    r = client.post("/review/score?lang=fr", json={"hand": "[234m,1]567p678s345s2p 2p 15f", "rules": "classical",
                                                    "form": {}}).json
    assert "6 sans les fleurs ; minimum 8 points" in r["html"], r["html"]


def test_the_yaku_renhou_replaces_are_not_counted_with_it_not_within_it(client):
    # "Dora: counted within Blessing of Man", where 002 §4.2.4 says « On ne compte aucun d'autre
    # yaku, y compris les dora »
    r = client.post("/review/score?lang=en", json={"hand": "234m456p678s234s5p 5p", "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_renhou": "1", "ctx_dora_indicators": "4p", "ctx_seat_wind": "S"}}).json
    assert "not counted with Blessing of Man" in r["html"] and "counted within Blessing" not in r["html"], r["html"]


def test_why_a_pattern_is_not_counted_is_said_in_its_line_not_only_behind_its_link(client):
    # Pinfu's and Edge Wait's reasons were inside the "what it is" popup, which a learner had no
    # cause to open
    html = client.post("/review/score?lang=fr", json={"hand": "12345m678p234s55s 3m", "rules": "mcr",
                                                       "form": {}}).json["html"]
    assert '<strong>Attente de Bord</strong> : <span class="why">6m complète aussi la main</span>' in html
    html = client.post("/review/score?lang=en", json={"hand": "123m456p789s13s55s 2s", "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_riichi": "1"}}).json["html"]
    assert re.search(r'<strong>Pinfu</strong>: <span class="why">Pinfu is four chows[^<]*closed wait\.</span>', html)


def test_a_source_is_said_once_and_a_principles_words_follow_its_own_reference(client):
    # « (000 n°13) (000 n°13) » under the flowers; « 000, Comptage des points; la main : 000 n°78:
    # « Les mains qui sont par définition incluses… » » read as n°78's words
    import html as markup
    page = client.post("/review/score?lang=fr", json={"hand": "[234m,1]567p678s345s2p 2p 15f", "rules": "mcr",
                                                       "form": {}}).json["html"]
    sources = [markup.unescape(x) for x in re.findall(r'data-source="([^"]*)"', page)]
    assert not any(x.count("(000 n°13)") > 1 for x in sources), sources
    page = client.post("/review/score?lang=fr", json={"hand": "123m123p123s456m9p 9p", "rules": "mcr",
                                                       "form": {}}).json["html"]
    sources = [markup.unescape(x) for x in re.findall(r'data-source="([^"]*)"', page)]
    assert any(re.search(r"la main ?: 000 n°\d+ ; 000, Comptage des points: « ", x) for x in sources), sources


def test_a_riichi_yakuman_reads_as_a_yakuman_not_13_han_and_no_empty_reading(client):
    # "13" beside Thirteen Orphans, where 13 han of yaku are a sanbaiman; "Read as thirteen
    # orphans:" followed by nothing
    html = client.post("/review/score?lang=en", json={"hand": "19m19p19s1234567z 1m", "rules": "riichi",
                                                       "form": {}}).json["html"]
    assert '<td class="num strong">yakuman</td>' in html and "Read as" not in html


def test_the_notation_help_spells_out_the_dragon_letters(client):
    # « P F C » stood unexplained beside « E S W N »
    assert "P F C : Pai, Fa, Chun" in client.get("/review/new?lang=fr").get_data(as_text=True)
    assert "P F C: Pai, Fa, Chun" in client.get("/review/new?lang=en").get_data(as_text=True)


def test_messages_stored_with_older_hands_keep_their_french(app):
    # a payment reason or warning is stored with its hand's score: reworded ones left the hands
    # recorded before in English on French pages
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg("bao (a): discarded the winning tile, pays for himself and the two others").startswith(
            "bao (a) : a écarté la tuile gagnante")
        assert i18n.msg("riichi sticks not given: none is counted, not even the winner's own, which comes back to "
                        "the winner (002 §4.1); give riichi_sticks to count the sticks on the table").startswith(
            "bâtonnets de riichi non donnés")


def test_a_download_in_another_language_keeps_the_pages_language(client):
    """A French club fetching its standings as an English CSV (``?lang=en``) keeps its pages in
    French: only a page's ``?lang=`` is the player's choice of language."""
    client.set_cookie("mjtable_lang", "fr")
    csv_reply = client.get("/games/standings.csv?rules=riichi&lang=en")
    assert csv_reply.status_code == 200 and csv_reply.mimetype == "text/csv"
    assert "mjtable_lang" not in csv_reply.headers.get("Set-Cookie", "")
    assert "Lire une main gagnante" in client.get("/").get_data(as_text=True)


def test_a_pung_the_winning_discard_completes_is_said_exposed_on_the_page(client):
    # the page scored 999m, all three held in the hand, as an exposed pung without saying why; the
    # command line said "999m (completed by the discard)" (docs/rulings.md, classical)
    body = {"hand": "56799m678p33789s 9m", "rules": "classical", "form": {"ctx__present": "1", "ctx_seat_wind": "S"}}
    html = client.post("/review/score?lang=en", json=body).json["html"]
    noted = [chunk for chunk in html.split('<span class="set">') if "set-note" in chunk]
    assert len(noted) == 1 and '<span class="set-note">(completed by the discard)</span>' in noted[0]
    assert re.findall(r'data-code="(\w+)"', noted[0]) == ["9m", "9m", "9m"]
    french = client.post("/review/score?lang=fr", json=body).json["html"]
    assert "(complété par l'écart)" in french.replace("&#39;", "'")
    # a pung self-drawn is concealed: no note
    selfdrawn = {**body, "form": {**body["form"], "ctx_self_drawn": "1"}}
    assert "set-note" not in client.post("/review/score?lang=en", json=selfdrawn).json["html"]


def test_a_classical_score_says_what_the_winner_receives_in_all(client):
    # "272 points" on the page beside a game row of +1,632: the score is not what the winner is paid
    import re
    body = {"hand": "[555z,1]123m456p789s1z 1z", "rules": "classical", "form": {"ctx__present": "1", "ctx_seat_wind": "E"}}
    chips = re.findall(r'<span class="chip">([^<]*)</span>', client.post("/review/score?lang=en", json=body).json["html"])
    assert "the winner receives 360 in all" in chips          # 60, doubled for East, from each of three
    chips = re.findall(r'<span class="chip">([^<]*)</span>', client.post("/review/score?lang=fr", json=body).json["html"])
    assert "le gagnant reçoit 360 en tout" in chips
    # Hong Kong says it only where the reward is not what the winner is paid in all
    hk = {**body, "rules": "hk", "form": {**body["form"], "ctx_self_drawn": "1"}}
    chips = re.findall(r'<span class="chip">([^<]*)</span>', client.post("/review/score?lang=en", json=hk).json["html"])
    assert any(c.startswith("the winner receives") for c in chips), chips


def test_a_hong_kong_games_french_names_the_discarder_and_a_draw_as_its_rules_do(client):
    # a club's French pages said « le donneur de l'écart » beside the payment options' « l'écarteur »
    # (004's word; its « donneur » is the dealer), « nul » on the page beside « main nulle » in the
    # CSV, « en Hong Kong à l'ancienne », and « saisissez la main du gagnant 1 » where one wins
    gid = client.post("/api/games", json={"rules": "hk", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    assert client.post(f"/api/games/{gid}/hands", json={"hand": "123m456p789s234s5m 5m", "winner": 1,
                                                         "discarder": 0}).status_code == 201
    assert client.post(f"/api/games/{gid}/hands", json={"kind": "draw"}).status_code == 201
    import html
    hand = html.unescape(client.get(f"/games/{gid}/hands/1?lang=fr").get_data(as_text=True))
    assert "seul l'écarteur paie tout le score" in hand and "donneur de l'écart" not in hand
    page = html.unescape(client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert re.search(r'<td class="result">\s*main nulle', page) and "donneur de l'écart" not in page.lower()
    # classical too, its form's label in capitals (a family read « Donneur de l'écart » there)
    other = client.post("/api/games", json={"rules": "classical", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    page = html.unescape(client.get(f"/games/{other}?lang=fr").get_data(as_text=True))
    assert "Écarteur <select" in page and "donneur de l'écart" not in page.lower()
    assert "écarteur" in client.get(f"/games/{gid}/export.csv?lang=fr").get_data(as_text=True).splitlines()[0]
    # riichi keeps 002's « donneur » (its dealer is « l'ouvreur »), and says « donne nulle » as 002
    # §3.4.2 does
    assert i18n.csv_words("riichi")["discarder"] == "donneur de l'écart"
    riichi = client.post("/api/games", json={"rules": "riichi", "players": ["A", "B", "C", "D"]}).json["game"]["id"]
    assert client.post(f"/api/games/{riichi}/hands", json={"kind": "draw"}).status_code == 201
    page = html.unescape(client.get(f"/games/{riichi}?lang=fr").get_data(as_text=True))
    assert re.search(r'<td class="result">\s*donne nulle', page) and "main nulle" not in page.lower()
    scored = client.post("/review/score?lang=fr", json={"hand": "22m55m33p99p11s77z9s 9s", "rules": "hk", "form": {}}).json
    assert "Pas une main gagnante (Hong Kong à l'ancienne) :" in html.unescape(scored["html"]), scored["html"]
    token = csrf_of(client)
    r = client.post(f"/games/{gid}/win?lang=fr", data={"csrf_token": token, "winner0": "1", "hand0": "",
                                                         "discarder": "0"})
    said = html.unescape(r.get_data(as_text=True) if r.status_code == 400 else client.get(f"/games/{gid}?lang=fr").get_data(as_text=True))
    assert "saisissez la main du gagnant" in said and "saisissez la main du gagnant 1" not in said


def test_the_new_games_hong_kong_options_are_named_as_a_table_reads_them(client):
    # the form said "min faan", "max faan" and "payment: discarder" (« donneur de l'écart » beside
    # its help's « l'écarteur »), in lower case under "Rules"
    import html
    en = html.unescape(client.get("/games?lang=en").get_data(as_text=True))
    assert "Minimum faan to win <input" in en and "Faan limit <input" in en
    assert ">(1) the discarder alone</option>" in en and ">(2) the discarder alone, twice</option>" in en
    assert "An odd faan above 4 pays <select" in en
    fr = html.unescape(client.get("/games?lang=fr").get_data(as_text=True))
    assert "Fan minimum pour gagner <input" in fr and ">(1) l'écarteur seul</option>" in fr
    assert "par ce donneur" not in fr
    # the menu's link to the tile set short enough for one line of a phone in French
    assert 'id="nav-calibrate"' in fr and ">Vos tuiles</a>" in fr


def test_the_flower_method_warning_says_where_to_choose_it(client):
    # "choose flower method A, B, C or D to count them": a beginner could not find where
    body = {"hand": "123m456p789s234s5z 5z 1f", "rules": "hk", "form": {}}
    said = client.post("/review/score?lang=en", json=body).json["html"]
    assert "choose flower method A, B, C or D" in said
    assert "(the flower method is among the Rule options, under “More about this hand”)" in said
    fr = client.post("/review/score?lang=fr", json=body).json["html"]
    assert "(la méthode des fleurs est parmi les Options des règles, sous « Plus sur cette main »)" in fr


def test_french_words_a_riichi_club_met(client, app):
    # « premier croupier d'abord » on the new-game form (riichi's dealer is « l'ouvreur »), a flash
    # beginning in lower case, « 1 bâtonnet de riichi × 1000 », « Chloé: » without its space
    page = client.get("/games?lang=fr").get_data(as_text=True)
    assert "(Est, qui distribue le premier, d'abord)" in page and "premier croupier" not in page
    body = {"hand": "234m406p234s88s55z 5z", "rules": "riichi",
            "form": {"ctx__present": "1", "ctx_riichi": "1", "ctx_riichi_sticks": "1", "ctx_seat_wind": "S"}}
    import html
    said = html.unescape(client.post("/review/score?lang=fr", json=body).json["html"])
    assert "× 1\u202f000" in said and "× 1000" not in said
    from webui.score_sheet import _notations
    hand = {"kind": "win", "wins": [{"winner": 2, "notation": "22m55m33p99p11s77z9s 9s"},
                                    {"winner": 3, "notation": "123456789p11s23s 1s"}]}
    with app.test_request_context("/?lang=fr"):
        assert _notations(hand, ["Alice", "Bruno", "Chloé", "Dominique"])[0].startswith("Chloé : ")


def test_a_count_out_of_bounds_is_refused_in_one_way_naming_its_field_as_the_page_does(client):
    # honba at 5,000 said "from 0 to 1000", at 99,999,999,999 "must be at most 10000"; French said
    # « honba doit être at most 10000 » and « riichi_sticks doit être... », a key no page shows
    hand = "234m456p678s55m23s 4s"
    said = {}
    for lang in ("en", "fr"):
        client.set_cookie("mjtable_lang", lang)
        for field, value in (("honba", "5000"), ("honba", "99999999999"), ("riichi_sticks", "-3")):
            r = _score(client, hand, "riichi", {"ctx_seat_wind": "S", f"ctx_{field}": value})
            assert r["ok"] is False and r["error"]["field"] == f"context.{field}", r
            said[lang, field, value] = re.findall(r'class="error-message">(.*?)</', r["html"])[0]
    assert said["en", "honba", "5000"] == "honba must be a whole number from 0 to 1000, not 5000"
    assert said["en", "honba", "99999999999"] == "honba must be a whole number from 0 to 1000, not 99999999999"
    assert said["en", "riichi_sticks", "-3"] == "riichi sticks must be a whole number from 0 to 1000, not -3"
    assert said["fr", "riichi_sticks", "-3"] == "« bâtonnets de riichi » doit être un nombre entier de 0 à 1000, pas -3"
    assert said["fr", "honba", "99999999999"] == ("« honba (compteurs) » doit être un nombre entier de 0 à 1000, "
                                                  "pas 99\u202f999\u202f999\u202f999")
    # an option's bound, and the starting points' in French figures
    token = csrf_of(client)
    players = {f"player{i}": p for i, p in enumerate(("Ann", "Bob", "Cy", "Dee"))}
    r = client.post("/games?lang=fr", data={"csrf_token": token, "rules": "hk", "opt__present": "1",
                                            "opt_hk__max_faan": "99999", **players})
    page = r.get_data(as_text=True)
    assert r.status_code == 400 and "doit valoir au plus 10\u202f000, pas 99\u202f999" in page and " at most" not in page
    # a JSON figure beyond the form's guard: its bounds, not "must be text"
    client.set_cookie("mjtable_lang", "en")
    r = client.post("/review/score", json={"hand": hand, "rules": "riichi", "form": {"ctx__present": "1", "ctx_honba": 99999}},
                    headers={"X-CSRF-Token": csrf_of(client)}).json
    assert r["error"]["message"] == "honba must be a whole number from 0 to 1000, not 99999"
    for typed in ("25050", "-5", "+-5", "--5"):
        r = client.post("/games?lang=fr", data={"csrf_token": token, "rules": "riichi", "flow_start_points": typed,
                                                **players})
        page = r.get_data(as_text=True)
        assert r.status_code == 400, typed          # "+-5" was a server error
        assert ("de 1\u202f000 à 1\u202f000\u202f000" in page and "1,000" not in page) or "nombre entier" in page, typed


def test_a_page_not_found_says_what_in_french(client):
    # the French page said « introuvable » alone where the English one named the game or the hand
    page = client.get("/games/999?lang=fr").get_data(as_text=True)
    assert "aucune partie n° 999" in page
    page = client.get("/review/abcdef?lang=fr").get_data(as_text=True)
    assert "aucune lecture de photo « abcdef » (elle a peut-être expiré)" in page


def test_a_hong_kong_payer_and_word_say_the_discarder_as_004_does(client):
    # « le donneur de l'écart paie 2 au gagnant » beside « seul l'écarteur paie tout le score » on
    # one Hong Kong result, and in the words page's Hong Kong and classical entries
    html = client.post("/review/score?lang=fr", json={"hand": "123m456p789s234s5z 5z", "rules": "hk",
                                                      "form": {}}).json["html"]
    payments = html[html.index('class="payments"'):]
    assert "l&#39;écarteur</td>" in payments and "donneur de l" not in payments
    words = client.get("/words/?lang=fr").get_data(as_text=True)
    hk = words[words.index('<dt id="hk-payment">'):words.index('<dt id="bao">')]
    assert "l'écarteur paie seul" in hk and "donneur de l" not in hk
    mcr = words[words.index('<dt id="mcr-payment">'):]
    assert "le donneur de l'écart paie les points plus 8" in mcr[:400]


def test_a_riichi_win_form_names_the_liable_player_pao_as_002_does(client):
    # « Joueur responsable (bao) » on a riichi form beside the words page's « pao » (002 §3.3.9)
    gid = client.post("/api/games", json={"rules": "riichi", "players": list("ABCD")}).json["game"]["id"]
    page = client.get(f"/games/{gid}?lang=fr").get_data(as_text=True)
    assert "Joueur responsable (pao)" in page and "(bao)" not in page
    hk = client.post("/api/games", json={"rules": "hk", "players": list("ABCD")}).json["game"]["id"]
    assert "Joueur responsable (bao)" in client.get(f"/games/{hk}?lang=fr").get_data(as_text=True)


def test_a_readings_decoding_warnings_in_french_name_their_tiles_in_french(app):
    # `mjtable read --lang fr` said « vérifiez : standing tile 1 (tile #2): 1m (1.00) or 2m (0.00); ... »
    with app.test_request_context("/?lang=fr"):
        said = i18n.msg("two readings make a winning hand, check: standing tile 1 (tile #2): 1m (1.00) or 2m (0.00); "
                        "standing tile 3 (tile #4, read 2m (0.97)): 1m (0.00) or 3m (0.03) (chosen with confidence "
                        "0.01); the tiles as read are not a winning hand, so the hand may not be a winning one")
        assert said.startswith("deux lectures font une main gagnante, vérifiez : tuile debout 1 (tuile n°2) : 1m (1,00) "
                               "ou 2m (0,00) ; tuile debout 3 (tuile n°4, lue 2m (0,97)) : 1m (0,00) ou 3m (0,03) "
                               "(choisie avec une confiance de 0,01)"), said
        said = i18n.msg("the tiles as read are not a winning hand; the nearest winning hand changes the winning tile "
                        "(tile #13) read 9s (0.90), changed to 8s (0.05): check these tiles, or the hand may not be "
                        "a winning one (confidence 0.40)")
        assert "la tuile gagnante (tuile n°13) lue 9s (0,90), changée en 8s (0,05)" in said, said
        assert "english" not in said and " or " not in said


def test_a_riichi_payment_names_the_discarder_as_its_other_lines_do(client):
    # « le joueur qui a écarté paie » in the payment's reason, « le donneur de l'écart » in the
    # win form and the words page of the same riichi game: one player named two ways (002 says
    # « le donneur »)
    html = client.post("/review/score?lang=fr", json={"hand": "123m567m234p79s55p 8s", "rules": "riichi", "form": {
        "ctx__present": "1", "ctx_seat_wind": "W", "ctx_discarder": "across", "ctx_riichi": "1"}}).json["html"]
    text = html_unescape(visible(html))
    assert "sur un écart, le donneur de l'écart paie 4 × 320 = 1" in text, text
    assert "le joueur qui a écarté paie" not in text


def test_the_calibration_photo_problems_and_a_profile_refused_are_said_in_french(app):
    # the blurred photo's problem and a file with no profile metadata stayed English on French pages
    # and with mjtable calibrate --lang fr: their French was among the page's words, not the messages'
    from webui import i18n
    with app.test_request_context("/?lang=fr"):
        assert i18n.msg("the photo seems blurred (the tiles' edges are soft): hold the phone still, in good light, "
                        "and take it again").startswith("la photo semble floue")
        assert i18n.msg("other.npz is not a tile-set profile (no metadata)") == \
            "other.npz n'est pas un profil de jeu de tuiles (pas de métadonnées)"


def test_no_message_is_given_its_french_twice():
    """A translation table written with one English message twice keeps the last French silently:
    a page's « Main de … » so replaced the command line's « main de … »."""
    import ast
    import collections
    from pathlib import Path
    tree = ast.parse((Path(__file__).resolve().parents[2] / "webui" / "i18n.py").read_text(encoding="utf-8"))
    twice = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            twice += [(node.lineno, k) for k, n in collections.Counter(keys).items() if n > 1]
    assert not twice, twice
