"""Generated faces that no code names (vision_lab/synth/odd_faces.py): every kind drawn, seeded,
never a tile's own character. Needs the Debian CJK fonts, not ../shared."""
import numpy as np
import pytest

from vision_lab.synth import procedural
from vision_lab.synth.artwork import FACE_SIZE
from vision_lab.synth.odd_faces import KINDS, OTHER_CHARACTERS, TILE_CHARACTERS, WILD_WORDS, is_odd_code, odd_style

pytestmark = pytest.mark.skipif(not procedural.cjk_fonts(), reason="no CJK font installed: odd faces need "
                                f"the Debian packages {procedural.FONT_PACKAGES}")


def test_every_kind_is_drawn_with_ink_on_a_face_of_the_tile_size():
    style = odd_style(np.random.default_rng(3), per_kind=2)
    assert sorted(style.faces) == sorted(f"odd_{k}_{i}" for k in KINDS for i in range(2))
    for code, face in style.faces.items():
        assert is_odd_code(code)
        assert face.shape == (FACE_SIZE[1], FACE_SIZE[0], 4)
        assert (face[..., 3] > 128).mean() > 0.02, code       # something is drawn


def test_a_seed_draws_the_same_faces_and_kinds_can_be_chosen():
    a, b = (odd_style(np.random.default_rng(5)) for _ in range(2))
    assert all(np.array_equal(a.faces[k], b.faces[k]) for k in a.faces)
    jokers = odd_style(np.random.default_rng(5), per_kind=3, kinds=("joker",))
    assert sorted(jokers.faces) == ["odd_joker_0", "odd_joker_1", "odd_joker_2"]
    with pytest.raises(ValueError, match="no odd face kind"):
        odd_style(np.random.default_rng(5), kinds=("dragon",))


def test_no_odd_face_prints_a_character_of_the_tiles():
    assert not set(OTHER_CHARACTERS) & TILE_CHARACTERS
    assert not set("".join(WILD_WORDS)) & (TILE_CHARACTERS - {"萬"})   # 萬能 is a wild tile's word
