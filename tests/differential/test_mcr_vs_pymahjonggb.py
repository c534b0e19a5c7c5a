"""A fast sample of the MCR differential test (the full 100,000-hand run is
``make mcr-differential``): totals agree with PyMahjongGB outside the documented differences,
and each documented difference is real (its option makes the two agree)."""
import pytest

pytest.importorskip("MahjongGB")

from tests.differential.mcr_vs_pymahjonggb import DIFFERENCES, compare  # noqa: E402


def test_sample_agrees_outside_documented_differences():
    r = compare(2000, seed=7)
    assert not r["unexplained"], [str(h.to_dict()) for h, _o, _t in r["unexplained"][:3]]
    assert r["rate_outside_documented"] >= 0.9999
    assert set(r["explained"]) <= {d.id for d in DIFFERENCES} | {"+".join(d.id for d in DIFFERENCES)}
