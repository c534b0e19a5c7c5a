"""``mjtable report grouping`` on a handful of generated scenes: figures are computed, written
and sane (the full report is a measurement, run by hand with --scenes 300 or more)."""
import json

from mjtable.cli import main
from mjtable.reports import grouping_report as R


def test_report_writes_its_figures(tmp_path, capsys):
    assert main(["report", "grouping", "--scenes", "12", "--seed", "3", "--out", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "grouping exact" in text
    data = json.loads((tmp_path / "grouping_report.json").read_text())
    assert data["scenes"] == 12
    for key in ("grouping_exact", "hand_exact_plain", "hand_exact_decoded"):
        assert 0.0 <= data[key] <= 1.0
    assert data["grouping_exact"] >= 0.9
    assert data["hand_exact_decoded"] >= data["hand_exact_plain"]
    assert (tmp_path / "grouping_report.md").read_text().startswith("# Grouping report")


def test_scenes_without_read_noise_are_exact():
    summary = R.run_scenes(8, seed=5, error_rate=0.0)
    assert summary["hand_exact_plain"] == summary["grouping_exact"] == 1.0
    assert summary["decoding"]["fixed"] == 0 and summary["decoding"]["broken"] == 0
