"""Fine-tuned tile-set profiles (format 3) with the real shipped classifier, few steps."""
import numpy as np
import pytest

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
    return TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="patterns", classifier=classifier,
                                        absent_codes=["1f", "2f"], steps=80, batch=16)


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


def test_profile_keeps_the_network_and_the_examples(profile, classifier):
    assert profile.uses_network and profile.prototypes is None
    assert set(profile.network) == set(classifier.model.state_dict())
    assert profile.examples.shape == (len(CODES), classifier.imgsz, classifier.imgsz, 3)
    assert profile.model_id == classifier.weights_id


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


def test_corrections_are_kept_then_relearnt_and_undone(classifier, tmp_path):
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier,
                                        steps=3, absent_codes=["2f"])
    calibrated = prof.network
    prof.add_example(code_crop("2f"), "2f", classifier=classifier)
    assert prof.n_corrections == 1 and "2f" not in prof.absent_codes and len(prof.examples) == len(CODES) + 1
    assert prof.network is calibrated and not prof.learnt          # kept, not learnt yet
    loaded = TileSetProfile.load(prof.save(tmp_path / "p.npz"))
    assert not loaded.learnt and loaded.codes[-1] == "2f" and np.array_equal(loaded.examples, prof.examples)
    loaded.relearn(classifier=classifier, steps=3)
    assert loaded.learnt and any(not np.array_equal(loaded.network[k], calibrated[k]) for k in calibrated)
    assert loaded.remove_last(classifier=classifier) == "2f"
    assert loaded.learnt and len(loaded.examples) == len(CODES)
    assert all(np.array_equal(loaded.network[k], loaded.calibration_network[k]) for k in calibrated)
    with pytest.raises(ProfileError, match="no correction"):
        loaded.remove_last(classifier=classifier)


def test_undo_of_a_learnt_correction_with_others_left_waits_for_relearn(classifier):
    prof = TileSetProfile.from_examples([(code_crop(c), c) for c in CODES], name="p", classifier=classifier, steps=2)
    prof.add_example(code_crop("2m"), "2m")
    prof.add_example(code_crop("3m"), "3m")
    prof.relearn(classifier=classifier, steps=2)
    assert prof.remove_last() == "3m" and not prof.learnt and prof.n_corrections == 1


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
