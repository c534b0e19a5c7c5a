

def test_which_tile_won_is_asked_again_of_the_hand_as_scored_now(client):
    # worked out once, as the photo was read (East, both ways of winning), the question said "any
    # of them scores the same" of a West winner's hand on a discard whose tiles scored apart
    hand = "123m234m456p333z1z 1z"
    body = {"hand": hand, "rules": "riichi", "ask_winning": "not_apart",
            "form": {"ctx__present": "1", "ctx_seat_wind": "W", "ctx_round_wind": "E"}}
    said = client.post("/review/score", json=body).json["winning_question"]
    assert said == "Which tile won? ★ marks the rightmost; tap another, then ★, if it won."
    body["form"].update(ctx_seat_wind="E", ctx_self_drawn="1")      # East, self-drawn: every tile alike
    said = client.post("/review/score", json=body).json["winning_question"]
    assert said.endswith("Here any of them scores the same."), said
    body["ask_winning"] = "apart"
    said = client.post("/review/score", json=body).json["winning_question"]
    assert said == "★ marks the tile set apart as the winning tile; another may have won. Here any of them scores the same."
    body["form"].pop("ctx_self_drawn")                 # East on a discard: no tile makes a hand with a yaku
    said = client.post("/review/score", json=body).json["winning_question"]
    assert said == "★ marks the tile set apart as the winning tile; another may have won.", said
    del body["ask_winning"]                          # not asked: not worked out
    assert "winning_question" not in client.post("/review/score", json=body).json


def test_a_games_hand_before_its_winner_is_chosen_says_it_is_scored_on_a_discard(client):
    # "Why not: Fully Concealed Hand: won on a discard" while "Assumed (not given)" named the seat
    # wind alone: the game's page has no self-drawn box, and nobody had said how it was won
    gid = client.post("/api/games", json={"rules": "riichi", "players": ["Ann", "Bob", "Cy", "Di"]}).json["game"]["id"]
    r = client.post("/review/score", json={"hand": "123m456p789s234s5p 5p", "game": gid,
                                           "form": {"ctx__present": "1"}}).json
    assert "self_drawn" in r["score"]["assumed"], r["score"]["assumed"]
    r = client.post("/review/score", json={"hand": "123m456p789s234s5p 5p", "game": gid, "winner": "1",
                                           "discarder": "0", "form": {"ctx__present": "1"}}).json
    assert "self_drawn" not in r["score"]["assumed"]
