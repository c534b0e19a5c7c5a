"""Fine-tuned tile-set profiles (format 3) with the real shipped classifier, few steps."""
import numpy as np
import pytest

from scorer.tiles import ALL_CODES
from vision.profile import ProfileError, TileSetProfile

from .helpers import code_crop

CODES = ["1m", "5p", "9s", "1z", "6z"]


@pytest.fixture(scope="module")
def classifier():
    from vision.classifier import DEFAULT_WEIGHTS
    if not DEFAULT_WEIGHTS.exists():
        pytest.skip("classifier weights not installed")
    from vision.reader import default_classifier
    return default_classifier()


@pytest.fixture(scope="module")
def profile(classifier):
    # the classifier's own network: what these tests ask of fine-tuning holds for either network, and
    # 160 steps of the companion cost three times as long
    return TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="patterns", classifier=classifier,
                                        absent_codes=["1f", "2f"], steps=160, batch=16, network_model="own")


def test_fine_tuning_teaches_a_set_the_base_model_cannot_read(profile, classifier):
    # Code-dependent stripe patterns are no tile the base model knows; other noisy draws of them
    # are read right after fine-tuning on one example each.
    from vision.reader import classify_with_profile
    fresh = [code_crop(c, seed=99) for c in CODES]
    before = [r.code for r in classifier.classify(fresh)]
    after = classify_with_profile(classifier, fresh, profile)
    assert sum(b == c for b, c in zip(before, CODES)) <= 1
    assert [r.code for r in after] == CODES
    assert all(abs(sum(p for _, p in r.top3) - 1) < 0.5 for r in after)
    # the base model misread its calibration examples (an unfamiliar set): at most the one it
    # read right is trusted
    assert len(profile.trusted_codes) <= 1


def test_a_set_whose_calibration_the_base_model_reads_is_trusted(classifier):
    # Crops of tiles the base model knows: the real hand photos' labelled boxes would do; here the
    # base model's own reading of the patterns is taken as their codes, so it reads them all right.
    crops = [code_crop(c) for c in CODES]
    codes = [r.code for r in classifier.classify(crops)]
    prof = TileSetProfile.from_examples(list(zip(crops, codes)), name="known", classifier=classifier, steps=2,
                                        batch=8)
    assert prof.trusted_codes == list(ALL_CODES)        # red fives too, though they have no example
    # how sure a trusted reading must be is the base model's own threshold (its calibration.json)
    assert classifier.sure_base is not None and prof.sure_base == classifier.sure_base
    assert prof.familiar
    # a correction the base model misread surely is remembered (its sure readings of that code
    # stop counting as sure), and forgotten again with the undo
    crop = code_crop(CODES[0], seed=7)
    [reading] = classifier.classify([crop])
    read = reading.code
    other = next(c for c in ("2m", "3m") if c != read)
    prof.sure_base = reading.confidence
    prof.add_example(crop, other, learn=False)
    assert prof.base_misreads[-1] == read and len(prof.base_misreads) == len(prof.codes)
    prof.remove_last(learn=False)
    assert len(prof.base_misreads) == len(prof.codes) and read not in prof.base_misreads
    # in a familiar set an unsure misreading is not held against the code
    prof.sure_base = reading.confidence + 1e-3
    prof.add_example(crop, other, learn=False)
    assert prof.base_misreads[-1] is None
    prof.remove_last(learn=False)
    # in an unfamiliar one it is
    prof.familiar = False
    prof.add_example(crop, other, learn=False)
    assert prof.base_misreads[-1] == read
    prof.remove_last(learn=False)
    prof.familiar, prof.sure_base = True, classifier.sure_base
    # a correction the base model reads right records nothing
    prof.add_example(crop, read, learn=False)
    assert prof.base_misreads[-1] is None
    prof.remove_last(learn=False)


def test_a_hand_tile_the_base_model_misread_surely_when_the_photo_was_read_is_held_against_its_code(classifier):
    # a standing 6s the reader read 8s at 0.997 was cut again to be learnt and then read 6s at 0.54:
    # in a familiar set the 8s stayed trusted, and the corrected tile read 8s again every time
    crops = [code_crop(c) for c in CODES]
    codes = [r.code for r in classifier.classify(crops)]
    prof = TileSetProfile.from_examples(list(zip(crops, codes)), name="known", classifier=classifier, steps=2,
                                        batch=8)
    assert prof.familiar
    crop = code_crop(CODES[0], seed=7)
    [reading] = classifier.classify([crop])
    other = next(c for c in ("2m", "3m") if c != reading.code)
    prof.sure_base = min(1.0, reading.confidence + 1e-3)     # the cut, read again, is not a sure misreading
    prof.learn_hand("h1", [crop], [other], learn=False)
    assert prof.base_misreads[-1] is None
    # the reading the player corrected was: it counts, face cut and all
    prof.learn_hand("h1", [crop], [other], learn=False, faces=[crop], read_as=[("9p", prof.sure_base)])
    assert prof.base_misreads[-2:] == ["9p", "9p"]
    # read unsurely then, or read as the code the player confirmed: nothing held against a code
    prof.learn_hand("h1", [crop], [other], learn=False, read_as=[("9p", prof.sure_base - 0.01)])
    assert prof.base_misreads[-1] is None
    prof.learn_hand("h1", [crop], [other], learn=False, read_as=[(other, 1.0)])
    assert prof.base_misreads[-1] is None
    with pytest.raises(ProfileError):
        prof.learn_hand("h1", [crop], [other], learn=False, read_as=[])


def test_a_profile_saved_before_base_misreads_loads_aligned(profile, tmp_path):
    import json
    path = profile.save(tmp_path / "old.npz")
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files}
    meta = json.loads(arrays["meta"].tobytes().decode())
    del meta["base_misreads"], meta["trusted_codes"]
    meta.pop("familiar", None)    # nor whether the set was familiar
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez_compressed(tmp_path / "old2.npz", **arrays)
    old = TileSetProfile.load(tmp_path / "old2.npz")
    assert old.trusted_codes == [] and old.base_misreads == [None] * len(old.codes)
    assert not old.familiar       # saved before the familiar-set rule: every misreading counts
    # a profile saved before per-code trust (commit 523d02b) said base_trusted (all codes or none)
    meta["base_trusted"] = True
    arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
    np.savez_compressed(tmp_path / "old3.npz", **arrays)
    old3 = TileSetProfile.load(tmp_path / "old3.npz")
    assert old3.trusted_codes == list(ALL_CODES)
    assert old3.familiar          # every code trusted: the layout photo was read well
    # saved with per-code trust but before the flag: the count of trusted codes tells
    del meta["base_trusted"]
    n_layout = meta["sources"].count("calibration")
    for trusted, familiar in ((list(ALL_CODES)[:n_layout - 1], True), (list(ALL_CODES)[:n_layout // 2], False)):
        meta["trusted_codes"] = trusted
        arrays["meta"] = np.frombuffer(json.dumps(meta).encode(), np.uint8)
        np.savez_compressed(tmp_path / "old4.npz", **arrays)
        assert TileSetProfile.load(tmp_path / "old4.npz").familiar is familiar


def test_profile_keeps_the_network_and_the_examples(profile, classifier):
    assert profile.uses_network and profile.prototypes is None
    assert profile.network_model == "own" and profile.network_classifier(classifier) is classifier
    assert set(profile.network) == set(classifier.model.state_dict())
    assert profile.examples.shape == (len(CODES), classifier.imgsz, classifier.imgsz, 3)
    assert profile.model_id == classifier.weights_id


def test_a_new_profile_fine_tunes_the_first_companion_where_the_classifier_has_one(classifier):
    # whole photos of one set in six capture modes read more tiles right with it (docs/calibration.md)
    from vision.classifier import profile_network_classifier
    made = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES[:4]], name="x", classifier=classifier, steps=1)
    assert made.network_model == "companion" and made.network_classifier(classifier) is profile_network_classifier(classifier)


@pytest.fixture(scope="module")
def companion_profile(classifier):
    return TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="wide", classifier=classifier,
                                        steps=2, batch=8, network_model="companion")


def test_a_profile_can_fine_tune_the_classifiers_companion(companion_profile, classifier, tmp_path):
    from vision.classifier import profile_network_classifier
    from vision.reader import classify_with_profile
    tuned = companion_profile.network_classifier(classifier)
    # the companion (the wider network): the profile reads with weights of its own
    assert tuned is profile_network_classifier(classifier) is not None and tuned is not classifier
    assert set(companion_profile.network) == set(tuned.model.state_dict())
    assert companion_profile.examples.shape[1] == tuned.imgsz != classifier.imgsz
    assert companion_profile.network_id == tuned.weights_id != classifier.weights_id
    loaded = TileSetProfile.load(companion_profile.save(tmp_path / "wide.npz"))
    assert loaded.network_model == "companion" and loaded.network_id == companion_profile.network_id
    assert len(classify_with_profile(classifier, [code_crop("1m", seed=5)], loaded)) == 1
    loaded.learn_hand("h1", [code_crop("5p", seed=6)], ["5p"], classifier=classifier)   # refits the companion's head
    assert set(loaded.network) == set(tuned.model.state_dict())
    loaded.network_id = "0123456789abcdef"
    with pytest.raises(ProfileError, match="another companion network"):
        classify_with_profile(classifier, [code_crop("1m")], loaded)
    with pytest.raises(ProfileError, match="network_model"):
        TileSetProfile.from_examples([(code_crop("1m"), "1m")], name="x", classifier=classifier, steps=1,
                                     network_model="other")


def test_a_companion_profile_is_read_through_the_companions_network_export_as_torch_reads_it(companion_profile,
                                                                                               classifier, monkeypatch):
    # the companion's fine-tuned network was read by torch: seconds to load, 5x slower to read
    from vision import finetune
    from vision.classifier import NetworkWeights, load_classifier
    from vision.model_files import OpenVinoSession, openvino_available
    tuned = companion_profile.network_classifier(classifier)
    # the companion the reader reads with, not a second copy of it
    assert tuned is classifier.companion
    torch_tuned = load_classifier(tuned.weights_path, "torch", companion=None)
    crops = [code_crop(c, seed=i) for i, c in enumerate(("1m", "5p", "9s", "7z"))]
    by_torch = finetune.turned_logits(torch_tuned, finetune.reading_network(torch_tuned, companion_profile.network), crops)
    monkeypatch.setattr(tuned, "_runtime", "onnxruntime")
    network = finetune.reading_network(tuned, companion_profile.network)
    assert isinstance(network, NetworkWeights)
    assert np.allclose(finetune.turned_logits(tuned, network, crops), by_torch, atol=1e-4)
    if openvino_available():
        # where the companion runs on OpenVINO (bfloat16 on a CPU that computes it), so does the
        # profile's network: the same readings, logits within bfloat16's precision
        monkeypatch.setattr(tuned, "_runtime", "openvino")
        network = finetune.reading_network(tuned, companion_profile.network)
        assert isinstance(network.session, OpenVinoSession)
        by_openvino = finetune.turned_logits(tuned, network, crops)
        assert np.allclose(by_openvino, by_torch, atol=0.15)
        assert (by_openvino.argmax(1) == by_torch.argmax(1)).all()


def test_a_profile_reads_its_other_zooms_only_for_the_crops_it_is_unsure_of(profile, classifier, monkeypatch):
    from vision import finetune
    from vision.classifier import softmax
    from vision.profile import tileset
    crops = [code_crop(c, seed=40 + i) for i, c in enumerate(CODES)] + [code_crop("7z", seed=5), code_crop("3s", seed=6)]
    network = profile.network_classifier(classifier)
    cols = [list(network.classes).index(c) for c in profile.known_codes]
    as_cut = network.views_logits(crops, (1.0,), True, model=finetune.reading_network(network, profile.network))[0][:, cols]
    monkeypatch.setattr(tileset, "NETWORK_ZOOM_BELOW", None)
    _, every_zoom = profile.network_scores(classifier, crops)
    assert not np.allclose(every_zoom, as_cut, atol=1e-3)
    sureness = softmax(np.asarray(as_cut / profile.temperature, np.float64)).max(1)
    gate = float(np.median(sureness))
    unsure = sureness < gate
    assert 0 < unsure.sum() < len(crops)
    assert not np.allclose(every_zoom[~unsure], as_cut[~unsure], atol=1e-3)
    monkeypatch.setattr(tileset, "NETWORK_ZOOM_BELOW", gate)
    _, gated = profile.network_scores(classifier, crops)
    assert np.allclose(gated[unsure], every_zoom[unsure], atol=1e-4)
    assert np.allclose(gated[~unsure], as_cut[~unsure], atol=1e-4)


def test_a_profile_file_is_decompressed_once_until_it_changes_and_each_load_is_a_copy(profile, tmp_path, monkeypatch):
    # the web app loads the active profile for each photo
    from vision.profile import tileset
    path = profile.save(tmp_path / "p.npz")
    made = []
    real = tileset.TileSetProfile._load.__func__
    monkeypatch.setattr(tileset.TileSetProfile, "_load",
                        classmethod(lambda cls, *a: made.append(1) or real(cls, *a)))
    first, second = TileSetProfile.load(path), TileSetProfile.load(path)
    assert len(made) == 1 and first is not second
    assert np.array_equal(first.examples, second.examples)
    first.examples[0] = 0                      # teaching one load leaves the next as the file is
    assert not np.array_equal(first.examples[0], TileSetProfile.load(path).examples[0])
    first.name = "renamed"
    first.save(path)
    assert TileSetProfile.load(path).name == "renamed" and len(made) == 2


def test_the_network_reading_a_profile_is_made_once_for_the_same_weights(profile, classifier, tmp_path, monkeypatch):
    from vision import finetune
    made = []
    real = finetune.reading_network
    monkeypatch.setattr(finetune, "reading_network", lambda c, n: made.append(1) or real(c, n))
    path = profile.save(tmp_path / "p.npz")
    crops = [code_crop(c, seed=60) for c in CODES]
    one, two = TileSetProfile.load(path), TileSetProfile.load(path)
    assert np.allclose(one.network_scores(classifier, crops)[1], two.network_scores(classifier, crops)[1])
    assert len(made) <= 1                      # none when an earlier test already read these weights
    before = len(made)
    two.network = {k: v * 1.01 if k.endswith("linear.weight") else v for k, v in two.network.items()}
    assert not np.allclose(one.network_scores(classifier, crops)[1], two.network_scores(classifier, crops)[1])
    assert len(made) == before + 1


def test_absent_codes_get_nothing_and_rows_sum_to_one(profile, classifier):
    base = np.full((2, len(classifier.classes)), 1 / len(classifier.classes))
    probs = profile.classify_crops(classifier, [code_crop("1m", seed=3), code_crop("6z", seed=4)], base)
    assert np.allclose(probs.sum(1), 1)
    for c in ("1f", "2f"):
        assert (probs[:, classifier.classes.index(c)] == 0).all()


def test_save_load_round_trip(profile, classifier, tmp_path):
    from vision.reader import classify_with_profile
    loaded = TileSetProfile.load(profile.save(tmp_path / "p.npz"))
    assert loaded.uses_network and loaded.codes == profile.codes and loaded.absent_codes == ["1f", "2f"]
    assert np.array_equal(loaded.examples, profile.examples)
    fresh = [code_crop(c, seed=7) for c in CODES]
    a = [r.top3[0] for r in classify_with_profile(classifier, fresh, profile)]
    b = [r.top3[0] for r in classify_with_profile(classifier, fresh, loaded)]
    assert [c for c, _ in a] == [c for c, _ in b]
    assert np.allclose([p for _, p in a], [p for _, p in b], atol=0.02)   # weights saved in float16


def _share(prof, classifier, crop, code):
    from vision.reader import classify_with_profile
    [r] = classify_with_profile(classifier, [crop], prof)
    return dict(r.top3).get(code, 0.0)


def test_a_correction_is_learnt_at_once_by_the_last_layer_and_undone(classifier, tmp_path):
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=80, batch=16, absent_codes=["2f"])
    calibrated = prof.network
    # The user says this 3m-patterned tile is a 1m (one of the set's odd tiles).
    odd = code_crop("3m", seed=21)
    before = _share(prof, classifier, odd, "1m")
    prof.add_example(odd, "1m", classifier=classifier)
    assert prof.n_corrections == 1 and prof.learnt and len(prof.examples) == len(CODES) + 1
    changed = {k for k in calibrated if not np.array_equal(prof.network[k], calibrated[k])}
    assert changed and all(".linear." in k for k in changed)        # only the last layer moves
    assert _share(prof, classifier, odd, "1m") > before
    loaded = TileSetProfile.load(prof.save(tmp_path / "p.npz"))
    assert loaded.learnt and loaded.codes[-1] == "1m" and np.array_equal(loaded.examples, prof.examples)
    assert all(np.allclose(loaded.network[k], prof.network[k], atol=1e-2) for k in changed)
    assert loaded.remove_last(classifier=classifier) == "1m"
    assert loaded.learnt and len(loaded.examples) == len(CODES)
    assert all(np.array_equal(loaded.network[k], loaded.calibration_network[k]) for k in calibrated)
    with pytest.raises(ProfileError, match="no correction"):
        loaded.remove_last(classifier=classifier)


def test_refitting_without_corrections_leaves_the_calibration_layer(profile, classifier):
    # The re-fit is anchored: the calibration examples alone are at their optimum where
    # calibration left the layer (an unanchored fit moves it: docs/calibration.md, Decisions).
    from vision import finetune
    refit = finetune.refit_head(classifier, profile.calibration_network, list(profile.examples), profile.codes,
                                profile.sources)
    name = next(k for k in refit if k.endswith("linear.weight"))
    assert np.abs(refit[name] - profile.calibration_network[name]).max() < 1e-3


def test_a_correction_weighs_as_much_as_a_calibration_example(classifier):
    # The corrected crop's share of its new code rises, and more when a correction weighs one
    # calibration example (its 2 views against their 18) than when each of its views weighs one.
    from vision import finetune
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=80, batch=16, absent_codes=["2f"])
    odd = code_crop("3m", seed=21)
    before = _share(prof, classifier, odd, "1m")
    prof.add_example(odd, "1m", classifier=classifier)
    shipped = _share(prof, classifier, odd, "1m")
    prof.learn_corrections(classifier, correction_examples=2 / (finetune.HEAD_VIEWS + 2))
    per_view = _share(prof, classifier, odd, "1m")
    assert before < per_view < shipped


def test_corrections_can_wait_and_be_learnt_together(classifier):
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=2, absent_codes=["2f"])
    prof.add_example(code_crop("2f"), "2f", learn=False)
    prof.add_example(code_crop("3m"), "3m", learn=False)
    assert not prof.learnt and prof.network is prof.calibration_network and "2f" not in prof.absent_codes
    prof.learn_corrections(classifier=classifier)
    assert prof.learnt and prof.network is not prof.calibration_network
    assert prof.remove_last(learn=False) == "3m" and not prof.learnt and prof.n_corrections == 1
    prof.learn_corrections(classifier=classifier)
    assert prof.learnt


def test_relearn_fine_tunes_every_layer_again(classifier):
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier, steps=2)
    prof.add_example(code_crop("2m"), "2m", learn=False)
    prof.relearn(classifier=classifier, steps=2)
    assert prof.learnt
    changed = {k for k in prof.network if not np.array_equal(prof.network[k], prof.calibration_network[k])}
    assert any(".linear." not in k for k in changed)


def test_profile_of_other_weights_is_refused(profile, classifier):
    from vision.reader import classify_with_profile
    import dataclasses
    other = dataclasses.replace(profile, model_id="0123456789abcdef")
    with pytest.raises(ProfileError, match="other classifier weights"):
        classify_with_profile(classifier, [code_crop("1m")], other)
    with pytest.raises(ProfileError, match="other classifier weights"):
        other.relearn(classifier=classifier, steps=1)


def test_bad_example_crop(classifier):
    with pytest.raises(ProfileError, match="BGR image"):
        TileSetProfile.from_examples([(np.zeros((10, 10), np.uint8), "1m")], name="x", classifier=classifier, steps=1)


def _distance(state, start):
    return sum(float(((state[k] - start[k]) ** 2).sum()) for k in state if state[k].dtype.kind == "f")


def test_the_anchor_pulls_the_weights_towards_the_base(classifier):
    # vision.finetune.ANCHOR (measured, off: docs/calibration.md, Decisions): with a strong pull the
    # fine-tuned weights stay much nearer the base model's than without one.
    from vision import finetune
    crops = [code_crop(c) for c in CODES]
    start = finetune.network_state(classifier.model)
    free = finetune.finetune(classifier, crops, CODES, steps=20, batch=8)
    held = finetune.finetune(classifier, crops, CODES, steps=20, batch=8,
                             config=finetune.FinetuneConfig(anchor=10.0))
    assert _distance(held, start) < 0.5 * _distance(free, start)


def test_quarter_turned_views_are_taught_to_read_unsure(classifier):
    # vision.finetune.QUARTER_SHARE (measured, off): a crop turned a quarter reads less surely
    # when the fine-tuning saw quarter-turned views with a uniform target.
    from vision import finetune
    crops = [code_crop(c) for c in CODES]
    turned = [np.ascontiguousarray(np.rot90(c)) for c in crops]

    def top_probability(state):
        logits = finetune.turned_logits(classifier, finetune.load_network(classifier, state), turned)
        p = np.exp(logits - logits.max(1, keepdims=True))
        return float((p / p.sum(1, keepdims=True)).max(1).mean())
    plain = finetune.finetune(classifier, crops, CODES, steps=60, batch=16, seed=3)
    taught = finetune.finetune(classifier, crops, CODES, steps=60, batch=16, seed=3,
                               config=finetune.FinetuneConfig(quarter_share=0.5))
    assert top_probability(taught) < 0.8 * top_probability(plain)


def test_row_context_views_show_the_neighbours_at_the_edges():
    # vision.augment.row_context: a crop cut as from a row shows its neighbours' ink at its sides.
    from vision.augment import row_context
    white = np.full((64, 64, 3), 230, np.uint8)
    black = np.zeros((64, 64, 3), np.uint8)
    rng = np.random.default_rng(0)
    views = [row_context(white, black, black, rng) for _ in range(40)]
    assert all(v.shape == white.shape for v in views)
    edges = np.mean([min(v[:, :3].mean(), v[:, -3:].mean()) for v in views])
    centre = np.mean([v[:, 24:40].mean() for v in views])
    assert edges < centre - 40


def test_a_view_seen_from_low_loses_the_faces_height_detail_not_its_width():
    """vision.augment.seen_from_low: a tile lying flat seen from low is a few pixels high in the
    photo and stretched back to its square by the reader: horizontal strokes (the 一 二 三 of
    the characters, the rows of dots) blur together, vertical ones stay apart."""
    from vision import augment
    rows = np.full((64, 64, 3), 230, np.uint8)
    rows[::4] = 0
    rows[1::4] = 0                               # dark rows of 2 px every 4 px
    columns = np.ascontiguousarray(rows.transpose(1, 0, 2))
    flat, standing = [], []
    for seed in range(20):                       # the same draws for both
        view = augment.seen_from_low(rows, np.random.default_rng(seed))
        assert view.shape == rows.shape
        flat.append(view[:, 32].astype(float).std())
        standing.append(augment.seen_from_low(columns, np.random.default_rng(seed))[32, :].astype(float).std())
    # the rows' contrast down the view is mostly lost; the columns' across it mostly kept
    assert np.mean(flat) < 0.5 * np.mean(standing)
    # a share of the profile's training views is seen so (AUG_LOW_SHARE)
    assert 0 < augment.AUG_LOW_SHARE < 1


def test_context_share_changes_what_the_fine_tuning_sees(classifier):
    from vision import finetune
    crops = [code_crop(c) for c in CODES]
    plain = finetune.finetune(classifier, crops, CODES, steps=3, batch=8, seed=1)
    again = finetune.finetune(classifier, crops, CODES, steps=3, batch=8, seed=1)
    context = finetune.finetune(classifier, crops, CODES, steps=3, batch=8, seed=1,
                                config=finetune.FinetuneConfig(context_share=1.0))
    key = next(k for k in plain if plain[k].dtype.kind == "f" and plain[k].ndim == 4)
    assert np.array_equal(plain[key], again[key])
    assert not np.array_equal(plain[key], context[key])


def test_an_erased_patch_hides_one_rectangle_of_the_face_in_its_median_colour():
    from vision.augment import erase_patch
    face = np.full((64, 64, 3), 230, np.uint8)
    face[20:44, 20:44] = 0                       # the ink: under half the face, so the median is the body
    rng = np.random.default_rng(0)
    for _ in range(30):
        view = erase_patch(face, rng)
        changed = np.argwhere((view != face).any(2))
        assert view.shape == face.shape and (view[(view != face).any(2)] == 230).all()
        if len(changed):                         # one rectangle, at most a quarter of the face
            (y0, x0), (y1, x1) = changed.min(0), changed.max(0)
            assert len(changed) <= (y1 - y0 + 1) * (x1 - x0 + 1) <= 0.25 * 64 * 64 + 64


def test_erase_share_changes_what_the_fine_tuning_sees_and_off_changes_nothing(classifier):
    from vision import finetune
    crops = [code_crop(c) for c in CODES]
    plain = finetune.finetune(classifier, crops, CODES, steps=3, batch=8, seed=1)
    off = finetune.finetune(classifier, crops, CODES, steps=3, batch=8, seed=1,
                            config=finetune.FinetuneConfig(erase_share=0.0))
    erased = finetune.finetune(classifier, crops, CODES, steps=3, batch=8, seed=1,
                               config=finetune.FinetuneConfig(erase_share=1.0))
    key = next(k for k in plain if plain[k].dtype.kind == "f" and plain[k].ndim == 4)
    assert np.array_equal(plain[key], off[key]) and not np.array_equal(plain[key], erased[key])


def test_a_recorded_hand_is_learnt_replaced_capped_and_forgotten(classifier, tmp_path):
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=80, batch=16, absent_codes=["2f"])
    odd = code_crop("3m", seed=21)
    before = _share(prof, classifier, odd, "1m")
    # a hand whose tiles the player confirmed: the odd 3m-patterned tile is this set's 1m
    kept = prof.learn_hand("draft-7", [odd, code_crop("5p", seed=3)], ["1m", "5p"], classifier=classifier)
    assert kept == 2 and prof.n_confirmed == 2 and prof.n_corrections == 0 and prof.learnt
    assert prof.network is not prof.calibration_network
    assert _share(prof, classifier, odd, "1m") > before
    # a correction after it, then the hand edited and recorded again: the later confirmation wins
    prof.add_example(code_crop("9s", seed=5), "9s", classifier=classifier)
    prof.learn_hand("draft-7", [odd], ["2f"], classifier=classifier)
    assert prof.sources.count("hand:draft-7") == 1 and prof.codes[-1] == "2f" and "2f" not in prof.absent_codes
    assert len(prof.examples) == len(prof.codes) == len(prof.base_misreads) == len(CODES) + 2
    # undo takes back the correction, not the hand; the profile round-trips through its file
    assert prof.remove_last(classifier=classifier) == "9s"
    loaded = TileSetProfile.load(prof.save(tmp_path / "p.npz"))
    assert loaded.n_confirmed == 1 and loaded.sources[-1] == "hand:draft-7"
    assert loaded.forget_hand("draft-7", classifier=classifier) == 1
    assert loaded.n_learnt_examples == 0
    assert all(np.array_equal(loaded.network[k], loaded.calibration_network[k]) for k in loaded.network)
    assert loaded.forget_hand("draft-7", classifier=classifier) == 0
    # the newest keep_per_code (CONFIRMED_PER_CODE by default) tiles of a code are kept
    for k in range(4):
        loaded.learn_hand(f"h{k}", [code_crop("5p", seed=40 + k)], ["5p"], learn=False, keep_per_code=2)
    assert [s for s in loaded.sources if s.startswith("hand:")] == ["hand:h2", "hand:h3"]
    # the tiles pushed out are kept aside, through the file too: undoing the newest hand puts back
    # the one its lesson replaced, where it was (a hand undone had lost the older ones with it)
    assert [(r["source"], r["by"]) for r in loaded.retired] == [("hand:h0", "h2"), ("hand:h1", "h3")]
    again = TileSetProfile.load(loaded.save(tmp_path / "capped.npz"))
    assert again.retired == loaded.retired and np.array_equal(again.retired_examples, loaded.retired_examples)
    h1 = loaded.retired_examples[1].copy()
    assert again.forget_hand("h3", classifier=classifier, learn=False) == 1
    assert [s for s in again.sources if s.startswith("hand:")] == ["hand:h1", "hand:h2"]
    assert np.array_equal(again.examples[again.sources.index("hand:h1")], h1)
    assert len(again.examples) == len(again.codes) == len(again.base_misreads)
    # a hand forgotten takes its tiles set aside with it; a hand learnt again first puts back
    # what its first lesson pushed out
    assert again.forget_hand("h0", classifier=classifier, learn=False) == 0 and not again.retired
    loaded.learn_hand("h3", [code_crop("5p", seed=49)], ["5p"], learn=False, keep_per_code=2)
    assert [s for s in loaded.sources if s.startswith("hand:")] == ["hand:h2", "hand:h3"]
    assert [(r["source"], r["by"]) for r in loaded.retired] == [("hand:h0", "h2"), ("hand:h1", "h3")]
    with pytest.raises(ProfileError, match="crops for"):
        loaded.learn_hand("x", [odd], ["1m", "2m"], learn=False)


def test_a_lesson_that_makes_other_tiles_of_its_photo_read_as_its_code_is_not_learnt(classifier):
    """A tile corrected in a photo teaches its code only while the photo's other tiles, left as
    read, keep their codes (``others``): three 7s seen edge-on, taught, made a 6s and two 9s of
    their photo read 7s."""
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=20, batch=8)
    prof.learn_hand("old", [code_crop("1m", seed=60)], ["1m"], classifier=classifier)
    n = len(prof.codes)

    def read(profile):      # the photo's other tile reads 1m once this lesson's 1m is learnt
        taught = any(c == "1m" and s == "hand:d1" for c, s in zip(profile.codes, profile.sources))
        return ["1m" if taught else "3m", "5p"]
    kept = prof.learn_hand("d1", [code_crop("3m", seed=21), code_crop("9s", seed=4)], ["1m", "9s"],
                           classifier=classifier, keep_per_code=1, others=(read, ["3m", "5p"]))
    # the 1m is not learnt (nor does the cap drop the earlier hand's 1m for it); the 9s is
    assert kept == 1 and prof.unlearnt_codes == ["1m"] and prof.learnt
    # the tile it spread to is told (the page marks it: perhaps a twin the player has not corrected)
    assert prof.spread_to == [(0, "1m")]
    assert prof.codes[n:] == ["9s"] and prof.sources[n - 1:] == ["hand:old", "hand:d1"]
    assert len(prof.examples) == len(prof.base_misreads) == n + 1
    # others that keep their codes let the whole lesson through; none given, no guard
    assert prof.learn_hand("d2", [code_crop("3m", seed=22)], ["1m"], classifier=classifier,
                           others=(lambda profile: ["5p"], ["5p"])) == 1 and prof.unlearnt_codes == []
    assert prof.spread_to == []
    assert prof.learn_hand("d3", [code_crop("3m", seed=23)], ["1m"], classifier=classifier) == 1
    # others that cannot be read (None) guard nothing: the lesson stands
    assert prof.learn_hand("d4", [code_crop("3m", seed=24)], ["1m"], classifier=classifier,
                           others=(lambda profile: None, ["3m"])) == 1 and prof.unlearnt_codes == []


def test_a_learnt_tile_cut_two_ways_goes_and_counts_as_one(classifier, tmp_path):
    """A corrected or confirmed tile learnt with its face cut (as the web page's tiles are) is one
    correction, one confirmed tile: undo, a hand replaced or forgotten and the cap on confirmed
    tiles take both cuts; a tile without a face cut is learnt by its box alone."""
    from vision.profile.tileset import FACE_SUFFIX
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=20, batch=8)
    n = len(CODES)
    prof.add_example(code_crop("3m", seed=21), "1m", classifier=classifier, learn=False,
                     face=code_crop("3m", seed=22))
    assert prof.n_corrections == 1 and prof.sources[n:] == ["correction", "correction" + FACE_SUFFIX]
    kept = prof.learn_hand("d1", [code_crop("5p", seed=3), code_crop("9s", seed=4)], ["5p", "9s"], learn=False,
                           faces=[code_crop("5p", seed=5), None])
    assert kept == 2 and prof.n_confirmed == 2 and len(prof.codes) == n + 5
    assert prof.codes[n + 2:] == ["5p", "5p", "9s"] and prof.sources[n + 3] == "hand:d1" + FACE_SUFFIX
    assert len(prof.examples) == len(prof.base_misreads) == n + 5
    loaded = TileSetProfile.load(prof.save(tmp_path / "p.npz"))
    assert loaded.n_corrections == 1 and loaded.n_confirmed == 2
    # undo takes the correction's two cuts; replacing the hand takes its face cuts too
    assert loaded.remove_last(classifier=classifier, learn=False) == "1m"
    assert loaded.sources[n:] == ["hand:d1", "hand:d1" + FACE_SUFFIX, "hand:d1"]
    loaded.learn_hand("d1", [code_crop("5p", seed=6)], ["5p"], learn=False, faces=[code_crop("5p", seed=7)])
    assert loaded.sources[n:] == ["hand:d1", "hand:d1" + FACE_SUFFIX]
    # the cap counts tiles, and drops a tile's face cut with it
    for k in range(3):
        loaded.learn_hand(f"h{k}", [code_crop("5p", seed=40 + k)], ["5p"], learn=False, keep_per_code=2,
                          faces=[code_crop("5p", seed=50 + k)])
    assert loaded.sources[n:] == ["hand:h1", "hand:h1" + FACE_SUFFIX, "hand:h2", "hand:h2" + FACE_SUFFIX]
    assert loaded.forget_hand("h2", classifier=classifier, learn=False) == 1
    # the tile h2's lesson had pushed out comes back with its face cut, before h1's (the older)
    assert loaded.sources[n:] == ["hand:h0", "hand:h0" + FACE_SUFFIX, "hand:h1", "hand:h1" + FACE_SUFFIX]
    assert loaded.n_confirmed == 2
    assert [(r["source"], r["by"]) for r in loaded.retired] == [("hand:d1", "h1"), ("hand:d1" + FACE_SUFFIX, "h1")]
    assert loaded.forget_hand("h0", classifier=classifier, learn=False) == 1
    assert loaded.sources[n:] == ["hand:h1", "hand:h1" + FACE_SUFFIX] and loaded.n_confirmed == 1
    loaded.learn_corrections(classifier=classifier)
    assert loaded.learnt
    with pytest.raises(ProfileError, match="face cuts for"):
        loaded.learn_hand("x", [code_crop("1m")], ["1m"], learn=False, faces=[])


def test_play_simulation_corrects_records_and_reads_the_next_photos_better(classifier):
    # A set whose 1m is drawn like the 3m pattern: the profile misreads it until corrected; the
    # simulated player corrects it in the first photo, and later photos read it right.
    from vision_lab.calibration_eval import after_corrections, as_played
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=160, batch=16, absent_codes=["2f"])
    codes = [c for c in CODES] * 3
    crops = [code_crop("3m" if c == "1m" else c, seed=50 + i) for i, c in enumerate(codes)]
    hands = as_played(classifier, prof, crops, codes, hand_size=5, shuffle=False)
    assert [h.tiles for h in hands] == [5, 5, 5] and hands[0].corrections_before == 0
    assert hands[0].right <= 4                              # the odd 1m misread in the first photo
    assert hands[1].corrections_before >= 1 and hands[-1].right == 5
    assert prof.n_confirmed >= 4 and prof.n_corrections == hands[-1].corrections_before + (5 - hands[-1].right)
    assert after_corrections(hands, budget=1) == (2, 10, hands[1].right + hands[2].right)
    assert after_corrections(hands, budget=99) == (2, 10, hands[1].right + hands[2].right)   # the second half
    assert all(h.learn_s > 0 for h in hands)                # each photo's learning is timed


def test_following_accuracy_counts_the_photos_after_each_number_of_corrections():
    from vision_lab.calibration_eval import PlayedHand, following_accuracy
    hands = [PlayedHand(0, 10, 8, 5), PlayedHand(2, 10, 9, 5), PlayedHand(2, 10, 10, 5), PlayedHand(3, 10, 10, 5)]
    assert following_accuracy(hands) == [(0, 37 / 40, 40), (2, 29 / 30, 30), (3, 1.0, 10)]


def test_a_dark_bodied_layout_makes_a_profile_that_keeps_its_examples_turned_light(classifier, tmp_path):
    # vision.dark_bodies: a black set's layout is learnt, and later examples kept, as the reader
    # turns the photos it reads with that profile
    from tests.vision.test_dark_bodies import DARK_BODY, LIGHT_BODY, DARK_INK, LIGHT_INK, face
    dark = TileSetProfile.from_examples([(face(DARK_BODY, LIGHT_INK), c) for c in CODES], name="black",
                                        classifier=classifier, steps=2)
    light = TileSetProfile.from_examples([(face(LIGHT_BODY, DARK_INK), c) for c in CODES], name="ivory",
                                         classifier=classifier, steps=2)
    assert dark.dark_body and not light.dark_body
    assert np.median(dark.examples) > 150 and np.median(light.examples) > 150
    dark.add_example(face(DARK_BODY, LIGHT_INK), "3m", learn=False)
    assert np.median(dark.examples[-1]) > 150
    assert TileSetProfile.load(dark.save(tmp_path / "black.npz")).dark_body
    assert not TileSetProfile.load(light.save(tmp_path / "ivory.npz")).dark_body


def test_the_layout_tiles_face_cuts_are_learnt_beside_their_box_cuts(classifier):
    # vision.calibration.EXAMPLE_FACES: each layout tile is learnt cut both ways, as the reader
    # cuts a photo's tiles; the base model's trust is judged on both cuts, the set's body on the
    # box cuts
    from tests.vision.test_dark_bodies import DARK_BODY, LIGHT_INK, face
    crops = [code_crop(c) for c in CODES]
    codes = [r.code for r in classifier.classify(crops)]      # read right: a familiar set alone
    faces = [(face(DARK_BODY, LIGHT_INK), c) for c in codes]   # one drawing for every code, dark
    prof = TileSetProfile.from_examples(list(zip(crops, codes)), name="both", classifier=classifier, steps=2,
                                        batch=8, face_examples=faces)
    assert prof.codes == codes + codes and prof.sources == ["calibration"] * (2 * len(codes))
    assert len(prof.examples) == 2 * len(codes)
    # the faces' one drawing is misread as the same code for all but one: not familiar, and
    # that code not trusted
    assert not prof.familiar and len(prof.trusted_codes) < len(CODES) and not prof.dark_body
    alone = TileSetProfile.from_examples(list(zip(crops, codes)), name="box", classifier=classifier, steps=2, batch=8)
    assert alone.familiar and alone.trusted_codes == list(ALL_CODES)
    with pytest.raises(ProfileError):
        TileSetProfile.from_examples(list(zip(crops, codes)), name="bad", classifier=classifier, steps=1,
                                     face_examples=[(crops[0], "10m")])


def test_a_shaken_view_smears_a_point_along_one_line():
    # a shaken phone smears each face along a line: a profile's views are so smeared in a share
    from vision.augment import AUG_SHAKE_LENGTH, AUG_SHAKE_SHARE, augment_crop, shaken
    assert 0 < AUG_SHAKE_SHARE < 1
    crop = np.zeros((96, 64, 3), np.uint8)
    crop[48, 32] = 255
    out = shaken(crop, np.random.default_rng(3))[..., 0]
    ys, xs = np.nonzero(out)
    assert len(ys) >= 3 and out.sum() <= 255 * 1.01 and out.max() < 255       # spread, not brightened
    w = out[ys, xs].astype(float)
    my, mx = (w * ys).sum() / w.sum(), (w * xs).sum() / w.sum()
    cov = np.cov(np.stack([ys - my, xs - mx]), aweights=w)
    small, large = np.linalg.eigvalsh(cov)
    assert small <= 0.2 * large                                                 # along one line
    assert max(np.ptp(ys), np.ptp(xs)) <= AUG_SHAKE_LENGTH[1] * 64 + 2
    # the share is the augmentation's: every view smeared at 1, none at 0 (the first format's prototypes)
    face = code_crop("5p")
    smeared = [augment_crop(face, np.random.default_rng(s), shake=1.0) for s in range(6)]
    plain = [augment_crop(face, np.random.default_rng(s), shake=0.0) for s in range(6)]
    sharpness = lambda v: float(np.abs(np.diff(v.astype(float), axis=1)).mean() + np.abs(np.diff(v.astype(float), axis=0)).mean())  # noqa: E731
    assert sum(map(sharpness, smeared)) < sum(map(sharpness, plain))
