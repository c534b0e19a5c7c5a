"""TileSetProfile math: examples, re-ranking, fallback to the base model, storage, corrections."""
from types import SimpleNamespace

import numpy as np
import pytest

from scorer.tiles import ALL_CODES
from vision.profile import ProfileError, ProfileStore, TileSetProfile, apply_profile, rot180, slugify

from .helpers import code_crop, fake_embed

SET = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def one_hot_base(true_codes, wrong_codes, p_wrong=0.9):
    """Base distributions sure of ``wrong_codes``: the true code gets a little of the rest."""
    base = np.full((len(true_codes), len(ALL_CODES)), (1 - p_wrong - 0.05) / (len(ALL_CODES) - 2))
    for i, (t, w) in enumerate(zip(true_codes, wrong_codes)):
        base[i, ALL_CODES.index(w)] = p_wrong
        base[i, ALL_CODES.index(t)] = 0.05
    return base


@pytest.fixture(scope="module")
def embed():
    return fake_embed()


@pytest.fixture()
def profile(embed):
    return TileSetProfile.from_examples([(code_crop(c), c) for c in SET], name="club set", embed=embed,
                                        absent_codes=[f"{n}f" for n in range(1, 9)], augment=6,
                                        # The stand-in embedding has 32 values, not the classifier's
                                        # 1280: its distances are smaller, so is the temperature.
                                        temperature=1.0)


def test_one_prototype_per_example_and_a_metric(profile):
    assert profile.prototypes.shape == (len(SET), 32) and profile.metric.shape == (32, 32)
    assert profile.codes[:2] == ["1m", "2m"] and profile.known_codes == SET
    assert np.isfinite(profile.metric).all()


def test_profile_fixes_tiles_the_base_model_misreads(profile, embed):
    # New photos of the same tiles (other noise); the base model reads each as the next code,
    # as it does a set it was not trained on (unsure: 0.5).
    truth = SET
    wrong = [SET[(i + 1) % len(SET)] for i in range(len(SET))]
    crops = [code_crop(c, seed=99) for c in truth]
    base = one_hot_base(truth, wrong, p_wrong=0.5)
    assert [ALL_CODES[j] for j in base.argmax(1)] == wrong
    probs = profile.classify(embed(crops), base, ALL_CODES, turned=embed([rot180(c) for c in crops]))
    assert [ALL_CODES[j] for j in probs.argmax(1)] == truth
    assert np.allclose(probs.sum(1), 1.0)


def test_a_sure_base_model_outvotes_an_unsure_profile(profile, embed):
    # A blank crop is like no example; the base model is sure it is a 5z.
    blank = np.full((64, 64, 3), 128, np.uint8)
    base = one_hot_base(["1m"], ["5z"], p_wrong=0.99)
    probs = profile.classify(embed([blank]), base, ALL_CODES, turned=embed([blank]))
    assert ALL_CODES[probs[0].argmax()] == "5z"


def test_turned_tiles_are_recognised(profile, embed):
    crops = [np.ascontiguousarray(code_crop(c, seed=5)[::-1, ::-1]) for c in SET]
    base = one_hot_base(SET, ["1f"] * len(SET), p_wrong=0.5)
    probs = profile.classify(embed(crops), base, ALL_CODES, turned=embed([rot180(c) for c in crops]))
    assert [ALL_CODES[j] for j in probs.argmax(1)] == SET


def test_codes_without_examples_keep_base_odds(embed):
    # A profile that only knows the characters.
    prof = TileSetProfile.from_examples([(code_crop(f"{n}m"), f"{n}m") for n in range(1, 10)], name="m",
                                        embed=embed, augment=6)
    rng = np.random.default_rng(0)
    base = rng.dirichlet(np.ones(len(ALL_CODES)), size=5)
    crops = [code_crop("3p", seed=s) for s in range(5)]
    probs = prof.classify(embed(crops), base, ALL_CODES)
    unknown = [j for j, c in enumerate(ALL_CODES) if not c.endswith("m")]
    # Ratios between codes the profile does not know are the base model's.
    ratio_base = base[:, unknown] / base[:, unknown].sum(1, keepdims=True)
    ratio_new = probs[:, unknown] / probs[:, unknown].sum(1, keepdims=True)
    assert np.allclose(ratio_base, ratio_new)


def test_empty_knowledge_of_classes_returns_base(embed, profile):
    # Classes the profile has no example of (a base model over flowers only): base unchanged
    # except the codes the calibration declared absent (this set has no flowers: all absent).
    classes = ["0m", "0p", "0s"]
    base = np.array([[0.7, 0.2, 0.1]])
    out = profile.classify(embed([code_crop("5m")]), base, classes)
    assert np.allclose(out, base)


def test_absent_codes_get_nothing(profile, embed):
    base = one_hot_base(["2p"], ["3f"], p_wrong=0.99)
    probs = profile.classify(embed([code_crop("2p", seed=3)]), base, ALL_CODES)
    assert probs[0, ALL_CODES.index("3f")] == 0.0
    assert ALL_CODES[probs[0].argmax()] == "2p"


def test_save_load_round_trip(profile, tmp_path, embed):
    path = profile.save(tmp_path / "p.npz")
    loaded = TileSetProfile.load(path)
    assert loaded.name == "club set" and loaded.codes == profile.codes
    assert loaded.absent_codes == profile.absent_codes
    assert np.array_equal(loaded.prototypes, profile.prototypes)
    assert np.allclose(loaded.metric, profile.metric, rtol=2e-3, atol=1e-3 * np.abs(profile.metric).max())
    crops = [code_crop(c, seed=11) for c in SET[:5]]
    base = one_hot_base(SET[:5], SET[5:10])
    assert np.allclose(loaded.classify(embed(crops), base, ALL_CODES), profile.classify(embed(crops), base, ALL_CODES),
                       atol=1e-3)
    # No pickle inside: plain arrays only.
    with np.load(path, allow_pickle=False) as z:
        assert sorted(z.files) == ["meta", "metric", "prototypes"]
        assert all(z[k].dtype != object for k in z.files)


def test_load_rejects_bad_files(tmp_path):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ProfileError):
        TileSetProfile.load(bad)
    with pytest.raises(ProfileError, match="no profile"):
        TileSetProfile.load(tmp_path / "none.npz")
    np.savez(tmp_path / "other.npz", meta=np.frombuffer(b'{"format": "x"}', np.uint8),
             embeddings=np.zeros((1, 2)), colours=np.zeros((1, 10)))
    with pytest.raises(ProfileError, match="not a mjtable-tileset-profile file"):
        TileSetProfile.load(tmp_path / "other.npz")
    # A profile of the first format (cosine to raw features): refused with the advice.
    old = b'{"format": "mjtable-tileset-profile", "version": 1, "codes": ["1m"]}'
    np.savez(tmp_path / "v1.npz", meta=np.frombuffer(old, np.uint8), embeddings=np.zeros((2, 4)),
             colours=np.zeros((2, 10)))
    with pytest.raises(ProfileError, match="version-1 profile.*calibrate again"):
        TileSetProfile.load(tmp_path / "v1.npz")
    # one a newer mjtable wrote: said so, not "an earlier mjtable"
    new = b'{"format": "mjtable-tileset-profile", "version": 99, "codes": ["1m"]}'
    np.savez(tmp_path / "v99.npz", meta=np.frombuffer(new, np.uint8), embeddings=np.zeros((2, 4)),
             colours=np.zeros((2, 10)))
    with pytest.raises(ProfileError, match="version-99 profile, made by a newer mjtable.*update mjtable"):
        TileSetProfile.load(tmp_path / "v99.npz")


def test_corrections_are_added_and_undone(profile, embed):
    # The user's 5z (white dragon) looks like nothing the profile holds; a correction fixes it.
    odd = code_crop("8f", seed=1)       # a pattern the profile has never seen, really a 5z
    base = one_hot_base(["5z"], ["4z"], p_wrong=0.6)
    before = profile.classify(embed([odd]), base, ALL_CODES)
    assert ALL_CODES[before[0].argmax()] != "5z"
    n = len(profile.codes)
    profile.add_example(odd, "5z", embed=embed)
    assert len(profile.codes) == n + 1 and profile.n_corrections == 1
    after = profile.classify(embed([code_crop("8f", seed=2)]), base, ALL_CODES)
    assert ALL_CODES[after[0].argmax()] == "5z"
    assert profile.remove_last() == "5z"
    assert len(profile.codes) == n and profile.n_corrections == 0
    with pytest.raises(ProfileError, match="no correction"):
        profile.remove_last()


def test_correction_to_an_absent_code_makes_it_present(profile, embed):
    profile.add_example(code_crop("1f"), "1f", embed=embed)
    assert "1f" not in profile.absent_codes and "1f" in profile.known_codes


def test_bad_input(embed, profile):
    with pytest.raises(ProfileError):
        TileSetProfile.from_examples([], name="x", embed=embed)
    with pytest.raises(ProfileError, match="unknown tile code"):
        TileSetProfile.from_examples([(code_crop("1m"), "1x")], name="x", embed=embed)
    with pytest.raises(ProfileError, match="augment"):
        TileSetProfile.from_examples([(code_crop("1m"), "1m")], name="x", embed=embed, augment=0)


def test_embeddings_of_another_size_are_refused_as_the_profile_list_says_it(profile):
    """Embeddings of another size than a profile's come from other classifier weights: refused in
    the one wording the profile list, the activation and the reader use."""
    with pytest.raises(ProfileError) as refused:
        profile.classify(np.zeros((1, 7)), np.full((1, len(ALL_CODES)), 1 / len(ALL_CODES)), ALL_CODES)
    said = str(refused.value)
    assert said.startswith("the profile 'club set' was made for other classifier weights (embeddings of 32 values; "
                           "this mjtable's have 7): calibrate this set again here with its layout photo"), said
    with pytest.raises(ProfileError, match="made for other classifier weights"):
        profile.add_example(code_crop("5z"), "5z", embed=lambda crops: np.zeros((len(crops), 7), np.float32))


def test_apply_profile_reranks_readings(profile, embed):
    crops = [code_crop(c, seed=42) for c in ("3s", "7z")]
    emb = embed(crops)
    readings = [SimpleNamespace(code="4s", confidence=0.45, top3=[("4s", 0.5), ("3s", 0.3), ("5s", 0.05)],
                                embedding=list(emb[0])),
                SimpleNamespace(code="6z", confidence=0.5, top3=[("6z", 0.5), ("7z", 0.3), ("5z", 0.01)],
                                embedding=emb[1]),
                SimpleNamespace(code=None, confidence=0.8, top3=[], embedding=None)]   # face down
    apply_profile(readings, profile, turned=list(embed([rot180(c) for c in crops])) + [None])
    assert [r.code for r in readings] == ["3s", "7z", None]
    # The detector's share of a TileRead's confidence (0.45 / 0.5 = 0.9) is kept.
    assert readings[0].confidence == pytest.approx(0.9 * readings[0].top3[0][1])
    assert readings[1].top3[0][0] == "7z" and len(readings[1].top3) == 3
    assert apply_profile(readings, None) is readings


def test_a_data_dir_made_for_a_profile_is_private(tmp_path, profile):
    """`mjtable calibrate` made a new data dir open to every user (0755, as a parent of its
    profiles folder); only `mjtable serve` closed it later. Saved or imported, it is 0700."""
    import os
    import stat
    old = os.umask(0o022)
    try:
        for k, keep in enumerate((lambda st, p: st.save(p), lambda st, p: st.save_new(p))):
            store = ProfileStore(tmp_path / f"fresh{k}" / "data")
            keep(store, profile)
            for folder in (store.data_dir, store.folder):
                assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    finally:
        os.umask(old)


def test_store_save_list_activate_remove(tmp_path, profile):
    store = ProfileStore(tmp_path)
    assert store.list() == [] and store.active() is None
    store.save(profile)
    store.activate("club set")
    [entry] = store.list()
    assert entry["slug"] == "club-set" and entry["active"] and entry["codes"] == len(SET)
    assert store.active().name == "club set"
    with pytest.raises(ProfileError, match="no profile named"):
        store.activate("other")
    store.remove("Club Set")
    assert store.list() == [] and store.active() is None
    assert slugify("  Club set #2 ") == "club-set-2"
    # any script's letters; accents dropped, so that two names differing by one do not both become 'jeu-t'
    assert slugify("中文牌") == "中文牌" and slugify("Jeu été") == "jeu-ete" != slugify("Jeu ôté") == "jeu-ote"
    with pytest.raises(ProfileError):
        slugify("!!!")
    # a profile named in another script is active as named: its pointer was taken for damage
    profile.name = "中文牌"
    store.save(profile)
    store.activate("中文牌")
    assert store.active_slug() == "中文牌" and store.active().name == "中文牌"


def test_data_dir_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("MJTABLE_DATA_DIR", str(tmp_path / "d"))
    assert ProfileStore().data_dir == tmp_path / "d"


def test_apply_profile_can_drop_embeddings_and_use_turned_views(profile, embed):
    crop = rot180(code_crop("9p", seed=4))     # a tile facing away: the turned view is upright
    r = SimpleNamespace(code="8p", confidence=0.5, top3=[("8p", 0.5), ("9p", 0.3), ("7p", 0.1)],
                        embedding=embed([crop])[0])
    apply_profile([r], profile, turned=[embed([rot180(crop)])[0]], keep_embeddings=False)
    assert r.code == "9p" and r.embedding is None


class StandInClassifier:
    """A base model that reads every tile as 1f (unsure), or as 2f when told to read one view
    only (``turn_average=False``, as a prototype profile asks for the embeddings of each view),
    and embeds with the stand-in embedder; records the batches it is given."""

    classes = list(ALL_CODES)

    def __init__(self, embed):
        self.embed, self.batches = embed, []

    def classify(self, crops, embeddings=False, turn_average=None):
        self.batches.append(len(crops))
        emb = self.embed(crops)
        code = "2f" if turn_average is False else "1f"
        return [SimpleNamespace(code=code, confidence=0.3, top3=[(code, 0.3), ("3f", 0.2), ("4f", 0.1)],
                                embedding=e if embeddings else None) for e in emb]


def test_reader_classifies_both_views_in_one_batch(profile, embed):
    from vision.reader import classify_with_profile
    clf = StandInClassifier(embed)
    crops = [rot180(code_crop(c, seed=8)) for c in ("2p", "6s", "4z")]   # tiles facing away
    readings = classify_with_profile(clf, crops, profile)
    # the base reading of the crops, then both views of each in one batch for the profile
    assert clf.batches == [3, 6]
    assert [r.code for r in readings] == ["2p", "6s", "4z"] and all(r.embedding is None for r in readings)
    # each reading says what the base model reads without the profile (shown for review)
    assert [r.base_code for r in readings] == ["1f"] * 3
    assert [r.code for r in classify_with_profile(clf, crops, None)] == ["1f"] * 3


def test_a_trusted_code_keeps_the_base_models_sure_readings(profile):
    # The profile is sure a tile is 2m (a poor calibration example); the base model is sure it
    # is 3m (0.95). With 3m untrusted (the default, and every code an unseen set's calibration
    # tiles were misread as), the profile wins; with 3m trusted (the base model read the 3m
    # calibration tile right), the base model's sure reading stands, and an unsure base reading
    # (0.6) is still re-ranked by the profile.
    from vision import profile as profile_module
    known = profile.known_codes
    score = np.full((2, len(known)), -5.0)
    score[:, known.index("2m")] = 5.0
    base = one_hot_base(["2m", "2m"], ["3m", "3m"], p_wrong=0.95)
    base[1] = one_hot_base(["2m"], ["3m"], p_wrong=0.6)[0]
    assert profile.trusted_codes == []

    def read():
        return [ALL_CODES[j] for j in profile.mix(base, ALL_CODES, known, score).argmax(1)]
    assert read() == ["2m", "2m"]
    profile.trusted_codes = ["1m", "2m", "4m"]           # trust in other codes changes nothing
    assert read() == ["2m", "2m"]
    profile.trusted_codes = ["3m"]
    mixed = profile.mix(base, ALL_CODES, known, score)
    assert read() == ["3m", "2m"]
    assert mixed[0, ALL_CODES.index("3m")] >= profile_module.SURE_BASE_WEIGHT * 0.95
    assert np.allclose(mixed.sum(1), 1.0)
    # a base model whose own threshold is higher (its calibration.json's sure_base) is not sure
    # enough at 0.95
    profile.sure_base = 0.98
    assert read() == ["2m", "2m"]
    profile.sure_base = profile_module.SURE_BASE
    # once a correction showed a sure 3m of the base model wrong, its 3m readings stop counting as sure
    profile.base_misreads = [None] * (len(profile.codes) - 1) + ["3m"]
    assert read() == ["2m", "2m"]


def test_in_an_unfamiliar_set_a_confident_network_outvotes_a_sure_trusted_base_reading(profile):
    # A fine-tuned profile of a set the base model reads poorly: the base model is sure a tile is
    # 3m (0.95), a trusted code; the network reads 2m. Where the network is confident (its top
    # code at NETWORK_VETO or more) it wins; where it is unsure, or in a familiar set, or where it
    # agrees, the base model's sure reading keeps its larger share.
    from vision import profile as profile_module
    from vision.profile import tileset
    known = profile.known_codes
    score = np.full((3, len(known)), -5.0)
    score[0, known.index("2m")] = 5.0                    # confident 2m
    score[1, known.index("2m")] = 0.0                    # 2m, unsure: spread over 2m, 4m, 5m
    score[1, known.index("4m")] = -0.1
    score[1, known.index("5m")] = -0.1
    score[2, known.index("3m")] = 5.0                    # the network agrees with the base model
    base = one_hot_base(["2m"] * 3, ["3m"] * 3, p_wrong=0.95)
    profile.trusted_codes = ["3m"]
    profile.network = {}                                 # a fine-tuned profile (mix reads no weights)
    # its base weight, at which the unsure row (network top 0.33) would read 2m if it vetoed
    profile.base_weight = profile_module.NETWORK_BASE_WEIGHT

    def read():
        return [ALL_CODES[j] for j in profile.mix(base, ALL_CODES, known, score).argmax(1)]
    assert not profile.familiar and read() == ["2m", "3m", "3m"]
    profile.familiar = True
    assert read() == ["3m", "3m", "3m"]
    profile.familiar = False
    old = tileset.NETWORK_VETO
    try:
        tileset.NETWORK_VETO = None                      # off: the sure base reading stands
        assert read() == ["3m", "3m", "3m"]
    finally:
        tileset.NETWORK_VETO = old
    # a prototype profile (no fine-tuned network) keeps the base model's sure reading
    profile.network = None
    assert read() == ["3m", "3m", "3m"]
    assert profile_module.SURE_BASE_WEIGHT > profile.base_weight


def reads_as(codes, confidences=None, sure_base=None):
    confidences = confidences or [1.0] * len(codes)

    class Reads:
        def classify(self, crops):
            return [type("Reading", (), {"code": c, "confidence": p})() for c, p in zip(codes, confidences)]
    reads = Reads()
    reads.sure_base = sure_base
    return reads


def test_trusted_codes_are_those_no_other_tile_was_read_as():
    from vision.profile import trusted_base_codes
    calibration = [f"{n}m" for n in range(1, 10)] + [f"{n}p" for n in range(1, 10)]
    # the base model reads 16 of the 18 right (a familiar set): a 2m tile as 3m, a 3m tile as 7m
    reads = ["1m", "3m", "7m"] + calibration[3:]
    trusted = trusted_base_codes(reads_as(reads), [None] * 18, calibration)
    # 3m and 7m readings are not trusted; 2m (its own tile missed, but no tile wrongly read as
    # 2m) and every code without an example are
    assert "3m" not in trusted and "7m" not in trusted
    assert {"1m", "2m", "0m", "5z", "8f"} <= set(trusted) and len(trusted) == len(ALL_CODES) - 2
    # every tile read right: every code trusted, red fives (no example) too
    assert trusted_base_codes(reads_as(calibration), [None] * 18, calibration) == list(ALL_CODES)


def test_a_familiar_set_keeps_trusting_a_code_it_misread_into_unsurely():
    from vision.profile import trusted_base_codes
    calibration = [f"{n}m" for n in range(1, 10)] + [f"{n}p" for n in range(1, 10)]
    # a familiar set (16 of 18 right): the 6m tile read 7m at 0.66, the 2m tile read 3m at 0.95
    reads = ["1m", "3m", "3m", "4m", "5m", "7m"] + calibration[6:]
    sure = [1.0, 0.95, 1.0, 1.0, 1.0, 0.66] + [1.0] * 12
    trusted = trusted_base_codes(reads_as(reads, sure), [None] * 18, calibration)
    # only the sure misreading says the base model's sure 3m readings may be wrong
    assert "3m" not in trusted and "7m" in trusted
    # the classifier's own threshold decides what is sure: at 0.98, 0.95 is not
    assert "3m" in trusted_base_codes(reads_as(reads, sure, sure_base=0.98), [None] * 18, calibration)
    # the same misreadings in an unfamiliar set (6 of 18 right) count however unsure
    poor = reads[:6] + ["1z"] * 12
    trusted = trusted_base_codes(reads_as(poor, sure), [None] * 18, calibration)
    assert trusted == ["1m", "4m", "5m"]


def test_an_unfamiliar_set_trusts_only_codes_read_right():
    from vision.profile import trusted_base_codes
    # 1 of 3 read right: "no tile read as 2m" says little when the model reads the set poorly
    trusted = trusted_base_codes(reads_as(["1m", "3m", "7m"]), [None] * 3, ["1m", "2m", "3m"])
    assert trusted == ["1m"]


def test_trusted_codes_are_saved_and_read_back(profile, tmp_path):
    profile.trusted_codes = ["1m", "5z"]
    profile.sure_base = 0.97
    profile.familiar = True
    profile.base_misreads = [None] * (len(profile.codes) - 1) + ["3m"]
    back = TileSetProfile.load(profile.save(tmp_path / "p.npz"))
    assert back.trusted_codes == ["1m", "5z"] and back.base_misreads == profile.base_misreads
    assert back.sure_base == 0.97 and back.familiar
    profile.familiar = False
    profile.sure_base = TileSetProfile.sure_base          # the class default (SURE_BASE)


def _store_with_a_profile_that_learnt(tmp_path, profile, embed):
    """A store holding ``profile`` after it learnt one tile, and a maker of new calibrations
    under its name that learnt nothing."""
    store = ProfileStore(tmp_path)
    profile.add_example(code_crop("8f", seed=1), "5z", embed=embed)
    store.save_new(profile)
    return store, lambda: TileSetProfile.from_examples([(code_crop(c), c) for c in SET], name="club set",
                                                       embed=embed, augment=1, temperature=1.0)


def test_calibrating_twice_keeps_the_profile_that_learnt(tmp_path, profile, embed):
    """A profile that had learnt from hands was replaced by a new calibration (kept), which was
    replaced in turn: the one kept was the second, which had learnt nothing, and the tiles
    learnt were gone."""
    store, fresh = _store_with_a_profile_that_learnt(tmp_path, profile, embed)
    store.save_new(fresh())
    assert store.replaced("club set")["learnt_examples"] == 1
    store.save_new(fresh())
    assert store.replaced("club set")["learnt_examples"] == 1         # still the one that learnt
    assert store.restore("club set") == "club set" and store.load("club set").n_corrections == 1


def test_a_damaged_profile_replaced_does_not_push_out_the_copy_that_learnt(tmp_path, profile, embed):
    """A profile file that cannot be read, replaced by a new calibration, was moved over the
    readable copy kept before it, which had learnt tiles: that copy was lost, and nothing said so."""
    store, fresh = _store_with_a_profile_that_learnt(tmp_path, profile, embed)
    store.save_new(fresh())
    store.path("club set").write_bytes(b"not a profile")
    plan = store.replacement("club set")
    assert plan["replacing_kept"] is False and plan["kept"]["learnt_examples"] == 1
    store.save_new(fresh())
    assert store.replaced("club set")["learnt_examples"] == 1


def test_a_profile_renamed_restores_the_one_it_replaced_under_its_new_name(tmp_path, profile, embed):
    """Renamed, then restored: the copy kept came back under its old name in the new name's place,
    the restore said "no profile named ..." after swapping the files, and no name found it."""
    store, fresh = _store_with_a_profile_that_learnt(tmp_path, profile, embed)
    store.save_new(fresh())
    store.activate("club set")
    assert store.rename("club set", "Club") == "club set"
    assert store.replaced("Club")["name"] == "Club"
    assert store.restore("Club") == "Club"
    back = store.load("Club")
    assert back.name == "Club" and back.n_corrections == 1 and store.active().name == "Club"
    assert [p["name"] for p in store.list()] == ["Club"]
    # a copy kept under an old name by an earlier mjtable: it comes back under its place's name
    older = TileSetProfile.load(store._replaced_path(store.path("Club")))
    older.name = "Jeu de Mamé"
    older.save(store._replaced_path(store.path("Club")))
    assert store.restore("Club") == "Club" and store.load("Club").name == "Club"


def test_a_code_learnt_and_taken_back_is_absent_again(monkeypatch, tmp_path):
    # a set with no flowers learnt a 2f from a hand; the hand undone, 2f stayed readable (a base
    # reading of 2f at 0.9 read 2f, where a fresh profile gives it nothing)
    from .helpers import quick_finetune
    quick_finetune(monkeypatch)
    flowers = [f"{i}f" for i in range(1, 9)]
    made = TileSetProfile.from_examples([(code_crop(c, seed=i), c) for i, c in enumerate(("1m", "2m", "3m"))],
                                        name="no flowers", absent_codes=flowers)
    made.learn_hand("d1", [code_crop("2f")], ["2f"])
    assert "2f" not in made.absent_codes
    made.save(tmp_path / "p.npz")
    again = TileSetProfile.load(tmp_path / "p.npz")          # kept with the file
    again.forget_hand("d1")
    assert again.absent_codes == flowers
    again.add_example(code_crop("1f"), "1f")
    again.learn_hand("d2", [code_crop("3f"), code_crop("3m")], ["3f", "3m"])
    again.learn_hand("d2", [code_crop("3m")], ["3m"])      # sent again without its 3f
    assert again.absent_codes == [c for c in flowers if c != "1f"]
    again.remove_last()
    assert again.absent_codes == flowers


def test_tiles_pushed_out_by_the_cap_come_back_when_their_lesson_is_undone():
    """Undoing a hand put back the older tiles its lesson had pushed out only while the hand kept a
    tile of its own: once a later lesson had pushed its tiles out too, they were lost. Put back, a
    code never holds more than CONFIRMED_PER_CODE confirmed tiles."""
    import numpy as np
    from vision.profile.tileset import CONFIRMED_PER_CODE, TileSetProfile

    def made():
        return TileSetProfile(name="t", prototypes=None, metric=None, codes=["1m"], sources=["calibration"],
                              network={"w": np.zeros(1)}, calibration_network={"w": np.zeros(1)},
                              examples=np.zeros((1, 8, 8, 3), np.uint8))

    def crop(v):
        return np.full((8, 8, 3), v, np.uint8)

    def confirmed(p):
        return [(s, int(p.examples[i, 0, 0, 0])) for i, s in enumerate(p.sources) if s.startswith("hand:")]

    p = made()
    for key, v in (("o0", 0), ("o1", 1), ("A", 10), ("B", 11), ("C", 12)):
        p.learn_hand(key, [crop(v)], ["5p"], learn=False, keep_per_code=2)
    assert confirmed(p) == [("hand:B", 11), ("hand:C", 12)]          # A's own tile pushed out by C
    assert p.forget_hand("A", learn=False) == 0
    assert confirmed(p) == [("hand:o0", 0), ("hand:B", 11), ("hand:C", 12)]
    assert len(p.examples) == len(p.codes) == len(p.sources) == len(p.base_misreads)
    # a lesson of several tiles undone after some of its own were pushed out: the cap still holds
    p = made()
    for k in range(CONFIRMED_PER_CODE):
        p.learn_hand(f"o{k}", [crop(k)], ["5p"], learn=False)
    p.learn_hand("A", [crop(20), crop(21)], ["5p", "5p"], learn=False)     # pushes o0, o1 out
    for k, key in enumerate("BCDEF"):            # push o2-o5 out, then A's first tile
        p.learn_hand(key, [crop(30 + k)], ["5p"], learn=False)
    assert confirmed(p)[0] == ("hand:A", 21)
    p.forget_hand("A", learn=False)
    kept = confirmed(p)
    # o0 and o1 back, the older of them set aside again by the cap (by F, the newest lesson)
    assert kept == [("hand:o1", 1)] + [(f"hand:{key}", 30 + k) for k, key in enumerate("BCDEF")], kept
    assert [(r["source"], r["by"]) for r in p.retired if r["source"] == "hand:o0"] == [("hand:o0", "F")]
    assert len(p.examples) == len(p.codes) == len(p.sources) == len(p.base_misreads)


def test_a_hand_learnt_again_gives_back_the_room_its_first_lesson_took():
    """A hand edited (its 5p now a 6p) and learnt again: the 5p its first lesson had pushed out by
    the cap comes back, where the hand's own 5p, still counted, pushed it straight out again."""
    import numpy as np
    from vision.profile.tileset import CONFIRMED_PER_CODE, TileSetProfile
    p = TileSetProfile(name="t", prototypes=None, metric=None, codes=["1m"], sources=["calibration"],
                       network={"w": np.zeros(1)}, calibration_network={"w": np.zeros(1)},
                       examples=np.zeros((1, 8, 8, 3), np.uint8))

    def crop(v):
        return np.full((8, 8, 3), v, np.uint8)

    def confirmed(code):
        return [s for i, s in enumerate(p.sources) if s.startswith("hand:") and p.codes[i] == code]
    for k in range(CONFIRMED_PER_CODE):
        p.learn_hand(f"o{k}", [crop(k)], ["5p"], learn=False)
    p.learn_hand("G", [crop(50)], ["5p"], learn=False)          # pushes o0 out
    assert "hand:o0" not in confirmed("5p")
    p.learn_hand("G", [crop(60)], ["6p"], learn=False)
    assert confirmed("5p") == [f"hand:o{k}" for k in range(CONFIRMED_PER_CODE)] and confirmed("6p") == ["hand:G"]
    assert not p.retired
    assert len(p.examples) == len(p.codes) == len(p.sources) == len(p.base_misreads)
