"""vision_lab.weight_average: the average of two checkpoints, weight by weight."""
import pytest

from vision_lab.weight_average import average


def test_average_lies_between_the_two_and_keeps_the_architecture(tmp_path):
    torch = pytest.importorskip("torch")
    from vision.detector import DEFAULT_WEIGHTS
    if not DEFAULT_WEIGHTS.exists():
        pytest.skip("detector weights not installed")
    ckpt = torch.load(DEFAULT_WEIGHTS, map_location="cpu", weights_only=False)
    model = (ckpt.get("ema") or ckpt["model"]).float()
    base = {k: v.clone() for k, v in model.state_dict().items()}
    moved = {k: v + 1.0 if v.is_floating_point() else v for k, v in model.state_dict().items()}
    model.load_state_dict(moved)
    other = tmp_path / "other.pt"
    torch.save({**ckpt, "model": model.half(), "ema": None}, other)
    out = average(DEFAULT_WEIGHTS, other, 0.25, tmp_path / "mix.pt")
    mixed = torch.load(out, map_location="cpu", weights_only=False)["model"].float().state_dict()
    name = next(k for k, v in base.items() if v.is_floating_point() and v.numel() > 100)
    assert torch.allclose(mixed[name], base[name] + 0.75, atol=2e-2)
    from ultralytics import YOLO
    assert len(YOLO(str(out)).predict(torch.zeros(1, 3, 64, 64), verbose=False)) == 1
