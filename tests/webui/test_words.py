"""The words of the table (/words, webui/words.py): every word a page links to is explained
there, in English and French, with its source behind a link; the pages link their words."""
from __future__ import annotations

import html
import re

import markupsafe

from webui import i18n, words

from .test_game_flow import PURE_STRAIGHT, new_game, post
from .test_i18n import CITATIONS, _score, visible


def test_every_word_is_on_the_page_in_english_and_french_with_its_source_behind_a_link(client):
    anchors = [w.anchor for _, _, ws in words.SECTIONS for w in ws] + [a for a, _, _ in words.SECTIONS]
    assert len(set(anchors)) == len(anchors)             # one place for each
    page = client.get("/words/").get_data(as_text=True)
    for w in words.WORDS.values():
        assert f'<dt id="{w.anchor}">' in page and w.meaning in html.unescape(page)
        assert f'data-source="{markupsafe.escape(w.source)}"' in page
    assert not any(c in visible(page) for c in ("002 §", "000 n°", "004,")), "sources go behind their link"
    texts = [t for _, title, ws in words.SECTIONS for t in [title] + [w.term for w in ws] + [w.meaning for w in ws]]
    assert not [t for t in texts if t not in i18n.FR]
    french = visible(client.get("/words/?lang=fr").get_data(as_text=True))
    assert "Les mots de la table" in french and "Le bonus selon le rang en fin de partie" in french
    assert "The bonus by rank" not in french


def test_a_riichi_game_page_links_its_counters_sticks_and_uma_to_their_words(client):
    gid = new_game(client, "riichi")
    post(client, gid, {"hand": PURE_STRAIGHT, "winner": 0, "discarder": None, "riichi": [0]})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    for anchor in ("honba", "sticks"):
        assert f'<a class="word" href="/words/#{anchor}">' in page
    client.post(f"/api/games/{gid}/hands", json={"kind": "end"})
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert '<a class="word" href="/words/#uma">' in page
    # the final table's "Points − 30,000" and the next hand's "E3-1" were unexplained
    assert '<a class="word" href="/words/#final-score">Points − 30,000</a>' in page
    # the forms of a draw and a chombo say where their words are explained
    gid2 = new_game(client, "riichi")
    page = client.get(f"/games/{gid2}").get_data(as_text=True)
    assert 'id="word-tenpai" href="/words/#tenpai"' in page and 'id="word-chombo" href="/words/#chombo"' in page
    assert '<a class="word" href="/words/#deal-label">Next hand:</a>' in page
    words_page = client.get("/words/").get_data(as_text=True)
    for anchor in set(re.findall(r'href="/words/#([\w-]+)"', page)):
        assert f'id="{anchor}"' in words_page, anchor


def test_a_score_links_to_the_words_of_its_rules(client):
    for rules, anchor in (("riichi", "han"), ("mcr", "points"), ("hk", "faan")):
        context = {"ctx_seat_wind": "E"} if rules == "riichi" else None
        html = _score(client, "123m123m456p789s5z 5z", rules, context)["html"]
        assert f'href="/words/#{anchor}">What do these words mean?</a>' in html, rules
    assert not any(c in visible(html) for c in CITATIONS)
    # a hand paid as a limit opens at the limits (it opened at han for a yakuman)
    html = _score(client, "19m19p19s1234567z 1m", "riichi", {"ctx_seat_wind": "S"})["html"]
    assert 'href="/words/#mangan">What do these words mean?</a>' in html
    # the total received beside the chain that ends at the hand's value: the counters and sticks said
    html = _score(client, "234m456p678s55m23s 4s", "riichi", {"ctx_seat_wind": "S", "ctx_honba": "1",
                                                             "ctx_riichi_sticks": "2"})["html"]
    assert "2,000 for the hand, 4,300 with the counters and riichi sticks on the table" in html
    # no stick in the figure (a game pays them apart): the counters alone said
    html = _score(client, "234m456p678s55m23s 4s", "riichi", {"ctx_seat_wind": "S", "ctx_honba": "1"})["html"]
    assert "2,000 for the hand, 2,300 with the counters on the table" in html


def test_every_page_leads_to_the_words(client):
    for url in ("/", "/games", "/review/new?rules=mcr"):
        # at the section of the page's rules where it has one (/words/#words-mcr)
        assert re.search(r'<a href="/words/(#words-[a-z]+)?" id="foot-words">', client.get(url).get_data(as_text=True)), url


def test_the_other_rules_say_a_total_under_the_minimum_without_its_flowers(client):
    # a Hong Kong hand with two flowers, read under MCR: "8 points / minimum 8 points: not met" (6 without)
    html = _score(client, "[222p,2]567m9p345678s 9p 16f", "hk")["html"]
    row = next(r for r in html.split("<tr>") if "Chinese Official" in r)
    assert "5 points" in row and "3 without flowers; minimum 8 points: not met" in row, row


def test_a_scored_line_says_behind_its_link_what_it_asks_of_the_hand(client, app):
    from scorer.rulesets import item_definition
    english, french = item_definition("riichi", "riichi")
    hand = "123m123m456p789s5z 5z"
    page = html.unescape(_score(client, hand, "riichi", {"ctx_riichi": "1", "ctx_seat_wind": "E"})["html"])
    assert re.search(r'data-source="' + re.escape(english) + r' — [^"]*002[^"]*">what it is</a>', page)
    assert english not in visible(page)                  # behind the link, as the sources are
    client.set_cookie("mjtable_lang", "fr")
    page = html.unescape(_score(client, hand, "riichi", {"ctx_riichi": "1", "ctx_seat_wind": "E"})["html"])
    assert f'data-source="{french} — ' in page and ">ce que c'est</a>" in page and english not in page
    # a score saved by a version whose items carried no definition finds it by its id
    with app.test_request_context("/?lang=en"):
        assert i18n.fan_definition("riichi", {"id": "riichi", "name_en": "Riichi"}) == english
        assert i18n.fan_definition("riichi", {"id": "no_such_yaku"}) == ""
        # a stored score's words of its day give way to the corrected ones; kept for an id gone since
        assert i18n.fan_definition("riichi", {"id": "riichi", "definition": "older words"}) == english
        assert i18n.fan_definition("riichi", {"id": "gone", "definition": "older words"}) == "older words"


def test_a_pattern_not_counted_says_what_it_is_behind_its_link_too(client):
    # "Why not…" linked its lines' sources only: a beginner met "Fully Concealed Hand: counted
    # within Seven Pairs" and a French quote, not what the hand it names is
    from scorer.rulesets import item_definition
    page = html.unescape(_score(client, "113355779m1133p 9m", "mcr", {"ctx_self_drawn": "1"})["html"])
    why = re.search(r'<details class="why-not">(.*?)</details>', page, re.S).group(1)
    english = item_definition("mcr", "fully_concealed_hand")[0]
    assert f'data-source="{english} — 000' in why and ">what it is</a>" in why


def test_the_wait_word_says_riichi_pays_a_single_wait_even_beside_other_winning_tiles(client):
    # « Les attentes d'une seule tuile rapportent ... 2 minipoints en riichi »: 002 §4.1.1 pays them
    # « même si la main est en attente sur d'autres tuiles », MCR only when one tile alone wins
    assert "in riichi 2 fu even when other tiles would" in client.get("/words/?lang=en").get_data(as_text=True)
    fr = client.get("/words/?lang=fr").get_data(as_text=True)
    assert "en riichi 2 minipoints même quand d'autres tuiles la compléteraient" in fr


def test_the_general_words_say_how_classical_play_counts_them_too(client):
    # a classical family read flowers, waits and the dealer said for MCR, riichi and Hong Kong alone
    from webui.words import SECTIONS
    general = {w.anchor: w.meaning for w in SECTIONS[0][2]}
    assert "Classical play counts 4 points each" in general["flowers"]
    assert "in classical play 2 points for filling the only possible place" in general["wait"]
    assert "East, the banker, pays and receives double" in general["dealer"]
    fr = html.unescape(client.get("/words/?lang=fr").get_data(as_text=True))
    assert "Le jeu classique compte 4 points chacune" in fr and "l'Est, le banquier, y paie et reçoit double" in fr


def test_the_liable_player_and_bao_exempt_fields_link_to_their_words(client):
    # a Hong Kong beginner met "liable player" and "bao exempt" as bare labels, the words page
    # saying nothing of the exemption (004 Bao Sin Ung Bao Hau (h))
    page = client.get("/review/new?rules=hk&lang=en").get_data(as_text=True)
    assert page.count('href="/words/#bao" class="small what-it-is">what it is</a>') == 2
    assert 'href="/words/#pao"' in client.get("/review/new?rules=riichi&lang=en").get_data(as_text=True)
    words = html.unescape(client.get("/words/?lang=en").get_data(as_text=True))
    assert "Exempt (“bao exempt”): a player left holding only the suits of two other players'" in words


def test_the_faan_word_gives_the_reward_table_the_scorer_pays():
    # a beginner met "doubles with each faan up to 4, then with every two more" and no figure
    import re
    import scorer
    from scorer.hk.scoring import reward
    from webui.words import SECTIONS
    meaning = next(w.meaning for _, _, words in SECTIONS for w in words if w.anchor == "faan")
    options = scorer.get_rule_set("hk").parse_options({})
    assert options.base_points == 1 and options.odd_faan == "same"
    said = {}
    for faans, pay in re.findall(r"((?:\d+ and )?\d+) faan (?:pay )?(\d+)", meaning.split("1 base point, ")[1]):
        for f in faans.split(" and "):
            said[int(f)] = int(pay)
    assert said == {f: reward(f, options) for f in range(14)}, said
