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


# Each documented difference has its own hands: the default differs from PyMahjongGB, and the
# difference's option reproduces PyMahjongGB exactly (checked against the real calculator).
DIFFERENCE_HANDS = {
    "kong_pair_values": ["[5555p,1](3333s)123m789s55z", "(1111z)[9999m,2]123p456s77z"],
    "nine_gates_terminal_pungs": [f"1112345678999m{r}m" for r in (2, 5, 8)]
                                 + ["1112345678999s5s"],
}


@pytest.mark.parametrize("diff_id", sorted(DIFFERENCE_HANDS))
def test_each_documented_difference_is_exactly_the_option(diff_id):
    from dataclasses import replace

    import scorer
    from scorer.mcr import Options
    from tests.differential.mcr_vs_pymahjonggb import gb_total, our_total
    from scorer.mcr.random_hands import pymahjonggb_args

    diff = next(d for d in DIFFERENCES if d.id == diff_id)
    for text in DIFFERENCE_HANDS[diff_id]:
        for ctx in ({}, {"self_drawn": True}):
            hand = scorer.to_hand(text, ctx)
            theirs = gb_total(pymahjonggb_args(hand))
            assert our_total(hand, Options()) != theirs
            assert our_total(hand, replace(Options(), **diff.pymahjonggb_options)) == theirs


def test_command_prints_agreement_and_groups(capsys):
    from tests.differential.mcr_vs_pymahjonggb import main
    assert main(["--hands", "300", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "totals agree:" in out and "outside documented rule differences" in out
    assert "not explained by a documented difference" in out
