"""The companion classifiers (vision.classifier.COMPANION_WEIGHTS and its own companion,
SECOND_COMPANION_WEIGHTS): read beside the shipped weights only, their logits averaged with the
first network's, the features and fine-tuned networks the first network's alone, and the
chain's own temperature used only for the companions it was fitted with."""
import json
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.classifier as classifier_module
from vision.classifier import COMPANION_SHARE, DEFAULT_WEIGHTS, CropClassifier, load_classifier

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "vision"
pytestmark = pytest.mark.skipif(not DEFAULT_WEIGHTS.exists(), reason="classifier weights not installed")


def _crops(n=6):
    found = sorted((FIXTURES / "crops").glob("*.png"))[:n]
    assert found, "fixture crops missing"
    return [cv2.imread(str(f)) for f in found]


def _val_crops(val: Path, ext: str, seed: int) -> Path:
    """A validation folder of noise crops, three per code of two codes."""
    rng = np.random.default_rng(seed)
    for code in ("1m", "5p"):
        (val / code).mkdir(parents=True)
        for k in range(3):
            cv2.imwrite(str(val / code / f"{k}.{ext}"), rng.integers(0, 255, (64, 64, 3), np.uint8))
    return val


def _other_weights(path: Path, scale: float = -0.5) -> Path:
    """A copy of the shipped classifier whose last layer reads otherwise: a stand-in companion."""
    import torch
    ckpt = torch.load(str(DEFAULT_WEIGHTS), map_location="cpu", weights_only=False)
    model = ckpt.get("ema") or ckpt["model"]
    with torch.no_grad():
        head = list(model.model)[-1].linear
        head.weight.mul_(scale)
        head.bias.add_(torch.linspace(-1, 1, head.bias.numel(), dtype=head.bias.dtype) * scale)
    torch.save(ckpt, str(path))
    return path


@pytest.fixture()
def shipped_pair(tmp_path, monkeypatch):
    """A shipped classifier and a companion beside it (with no companion of its own), in a
    temporary models folder."""
    main = tmp_path / "classifier.pt"
    shutil.copy(DEFAULT_WEIGHTS, main)
    companion = _other_weights(tmp_path / "companion.pt")
    monkeypatch.setattr(classifier_module, "DEFAULT_WEIGHTS", main)
    monkeypatch.setattr(classifier_module, "COMPANION_WEIGHTS", companion)
    monkeypatch.setattr(classifier_module, "SECOND_COMPANION_WEIGHTS", tmp_path / "companion2.pt")   # absent
    return main, companion


@pytest.fixture()
def shipped_chain(shipped_pair, monkeypatch):
    """The same with a second companion beside the companion."""
    main, companion = shipped_pair
    second = _other_weights(main.with_name("companion2.pt"), scale=0.7)
    monkeypatch.setattr(classifier_module, "SECOND_COMPANION_WEIGHTS", second)
    return main, companion, second


def test_the_pair_reads_the_mean_of_both_networks_logits_and_the_first_ones_features(shipped_pair, monkeypatch):
    monkeypatch.setattr(classifier_module, "COMPANION_BELOW", None)      # every view
    main, companion = shipped_pair
    pair = CropClassifier(main)
    assert pair.companion is not None and pair.companion.weights_path == companion
    crops = _crops()
    logits, feats = pair.logits_and_features(crops)
    first, first_feats = CropClassifier(main, companion=None).logits_and_features(crops)
    second, _ = CropClassifier(companion, companion=None).logits_and_features(crops)
    assert not np.allclose(first, second, atol=1e-2)          # the stand-in does read otherwise
    np.testing.assert_allclose(logits, (1 - COMPANION_SHARE) * first + COMPANION_SHARE * second, atol=1e-5)
    np.testing.assert_allclose(feats, first_feats, atol=1e-6)


def test_the_chain_weighs_the_first_network_half_and_each_companion_a_quarter(shipped_chain, monkeypatch):
    monkeypatch.setattr(classifier_module, "COMPANION_BELOW", None)      # every view
    main, companion, second = shipped_chain
    chain = CropClassifier(main)
    assert chain.companion.weights_path == companion
    assert chain.companion.companion.weights_path == second and chain.companion.companion.companion is None
    crops = _crops()
    logits, _ = chain.logits_and_features(crops)
    first, second_net, third = (CropClassifier(w, companion=None).logits_and_features(crops)[0]
                                for w in (main, companion, second))
    assert not np.allclose(second_net, third, atol=1e-2)
    share = COMPANION_SHARE
    np.testing.assert_allclose(logits, (1 - share) * first + share * ((1 - share) * second_net + share * third),
                               atol=1e-5)
    # the companion read alone from its own weights keeps its companion; the second has none
    assert CropClassifier(companion).companion.weights_path == second
    assert CropClassifier(second).companion is None


def test_the_companion_reads_only_the_views_the_first_network_is_unsure_of(shipped_pair, monkeypatch):
    main, companion = shipped_pair
    crops = _crops(12)
    first, _ = CropClassifier(main, companion=None).logits_and_features(crops)
    second, _ = CropClassifier(companion, companion=None).logits_and_features(crops)
    z = np.exp(first - first.max(1, keepdims=True))
    sure = (z / z.sum(1, keepdims=True)).max(1)
    below = float(np.median(sure))            # half the views are read by both networks
    monkeypatch.setattr(classifier_module, "COMPANION_BELOW", below)
    logits, _ = CropClassifier(main).logits_and_features(crops)
    unsure = sure < below
    assert 0 < unsure.sum() < len(crops)
    np.testing.assert_allclose(logits[~unsure], first[~unsure], atol=1e-6)
    np.testing.assert_allclose(logits[unsure], (1 - COMPANION_SHARE) * first[unsure]
                               + COMPANION_SHARE * second[unsure], atol=1e-5)


def test_a_fine_tuned_network_is_read_alone(shipped_pair):
    """A tile-set profile's network is a copy of the first network: no companion is mixed in."""
    main, _ = shipped_pair
    pair = CropClassifier(main)
    crops = _crops(4)
    alone, _ = pair.network_logits_and_features(crops, pair.model)
    given, _ = pair.logits_and_features(crops, pair.model)
    np.testing.assert_allclose(given, alone, atol=1e-6)


def test_only_the_shipped_weights_get_the_companion(shipped_pair, tmp_path):
    main, _ = shipped_pair
    other = tmp_path / "elsewhere" / "classifier.pt"
    other.parent.mkdir()
    shutil.copy(main, other)
    assert CropClassifier(other).companion is None
    assert load_classifier(other, backend="torch").companion is None
    assert CropClassifier(main, companion=None).companion is None
    assert load_classifier(main, backend="torch").companion is not None


def test_the_pair_temperature_holds_only_for_its_companion(shipped_pair):
    main, companion = shipped_pair
    wid = CropClassifier(companion, companion=None).weights_id
    calibration = main.with_name("calibration.json")
    for companion_id, expected in ((wid, 1.7), ("other-weights", 0.8)):
        calibration.write_text(json.dumps({"temperature": 0.8, "with_companion": {
            "temperature": 1.7, "companion_weights_id": companion_id}}))
        assert CropClassifier(main).temperature == pytest.approx(expected)
        assert CropClassifier(main, companion=None).temperature == pytest.approx(0.8)


def test_the_chain_temperature_holds_only_for_its_companions(shipped_chain):
    from vision.classifier import companion_chain_id
    main, companion, second = shipped_chain
    ids = [CropClassifier(w, companion=None).weights_id for w in (companion, second)]
    assert companion_chain_id(CropClassifier(main).companion) == "+".join(ids)
    calibration = main.with_name("calibration.json")
    for companion_id, expected in (("+".join(ids), 1.7), (ids[0], 0.8)):
        calibration.write_text(json.dumps({"temperature": 0.8, "with_companion": {
            "temperature": 1.7, "companion_weights_id": companion_id}}))
        assert CropClassifier(main).temperature == pytest.approx(expected)


def test_the_committed_chain_temperature_is_fitted_to_the_committed_companions():
    """Companions replaced without ``calibrate_companions`` would silently read with the first
    network's own temperature (the chain's holds only for the chain it was fitted on)."""
    from vision.classifier import COMPANION_WEIGHTS, SECOND_COMPANION_WEIGHTS, companion_chain_id
    if not (COMPANION_WEIGHTS.exists() and SECOND_COMPANION_WEIGHTS.exists()):
        pytest.skip("companion weights not installed")
    info = json.loads(DEFAULT_WEIGHTS.with_name("calibration.json").read_text())
    shipped = CropClassifier(DEFAULT_WEIGHTS)
    assert info["with_companion"]["companion_weights_id"] == companion_chain_id(shipped.companion)
    assert shipped.temperature == pytest.approx(info["with_companion"]["temperature"])


def test_calibrating_the_companions_keeps_the_first_networks_own_fit(shipped_chain):
    from vision.classifier import companion_chain_id
    from vision_lab.training import calibrate_companions
    main, _, _ = shipped_chain
    val = _val_crops(main.parent / "val", "jpg", seed=1)
    calibration = main.with_name("calibration.json")
    calibration.write_text(json.dumps({"temperature": 0.9, "sure_base": 0.97, "weights_id": "x"}))
    info = calibrate_companions(main, val)
    assert info["temperature"] == 0.9 and info["sure_base"] == 0.97
    assert info["with_companion"]["crops"] == 6
    assert info["with_companion"]["companion_weights_id"] == companion_chain_id(CropClassifier(main).companion)
    assert CropClassifier(main).temperature == pytest.approx(info["with_companion"]["temperature"])


def test_calibrating_fits_the_pair_as_well(shipped_pair):
    from vision_lab.training import calibrate_classifier
    main, companion = shipped_pair
    val = _val_crops(main.parent / "val", "png", seed=0)
    info = calibrate_classifier(main, val)
    pair = info["with_companion"]
    assert pair["companion_weights_id"] == CropClassifier(companion, companion=None).weights_id
    assert pair["temperature"] != pytest.approx(info["temperature"])
    assert CropClassifier(main).temperature == pytest.approx(pair["temperature"])


@pytest.mark.parametrize("at_zooms", [False, True])
def test_the_companion_reads_zoomed_views_only_when_asked(shipped_pair, monkeypatch, at_zooms):
    main, _ = shipped_pair
    monkeypatch.setattr(classifier_module, "COMPANION_BELOW", None)
    monkeypatch.setattr(classifier_module, "COMPANION_AT_ZOOMS", at_zooms)
    pair = CropClassifier(main)
    seen = []
    read = pair.companion.logits_and_features
    monkeypatch.setattr(pair.companion, "logits_and_features", lambda crops, model=None, **kw: seen.append(len(crops)) or read(crops, **kw))
    crops = _crops(5)
    pair.views_logits(crops, (0.8, 1.0, 1.2), True)
    assert sum(seen) == (6 if at_zooms else 2) * len(crops)          # each view also turned 180°
    seen.clear()
    pair.views_logits(crops, (0.8, 1.2), True)
    assert sum(seen) == (4 * len(crops) if at_zooms else 0)


@pytest.mark.parametrize("at_zooms", [False, True])
def test_the_second_companion_reads_zoomed_views_only_when_asked(shipped_chain, monkeypatch, at_zooms):
    main, _, _ = shipped_chain
    monkeypatch.setattr(classifier_module, "COMPANION_BELOW", None)
    monkeypatch.setattr(classifier_module, "SECOND_COMPANION_BELOW", None)
    monkeypatch.setattr(classifier_module, "SECOND_COMPANION_AT_ZOOMS", at_zooms)
    chain = CropClassifier(main)
    first_seen, second_seen = [], []
    for net, seen in ((chain.companion, first_seen), (chain.companion.companion, second_seen)):
        read = net.network_logits_and_features
        monkeypatch.setattr(net, "network_logits_and_features",
                            lambda crops, model=None, read=read, seen=seen: seen.append(len(crops)) or read(crops, model))
    crops = _crops(5)
    chain.views_logits(crops, (0.8, 1.0, 1.2), True)
    assert sum(first_seen) == 6 * len(crops)                       # the first companion: every view
    assert sum(second_seen) == (6 if at_zooms else 2) * len(crops)  # each view also turned 180°
