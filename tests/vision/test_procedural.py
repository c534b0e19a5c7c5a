"""Procedural tile sets (vision_lab/synth/procedural.py): complete, seeded, varied, and drawn right
(pip and stick counts, red fives in red). Needs the Debian CJK fonts, not ../shared."""
import cv2
import numpy as np
import pytest

from vision_lab.synth import procedural
from vision_lab.synth.artwork import FACE_SIZE
from vision_lab.synth.procedural import CODES, RED_FIVES, procedural_style

pytestmark = pytest.mark.skipif(not procedural.cjk_fonts(), reason="no CJK font installed: procedural faces need "
                                f"the Debian packages {procedural.FONT_PACKAGES}")

SEEDS = range(8)


@pytest.fixture(scope="module")
def sets():
    return {seed: procedural_style(np.random.default_rng(seed)) for seed in SEEDS}


def _drawing(face: np.ndarray) -> np.ndarray:
    """The face without the set's frame (if any): the band along its edge made transparent."""
    out, b = face.copy(), procedural.FRAME_BAND
    out[:b, :, 3], out[-b:, :, 3], out[:, :b, 3], out[:, -b:, 3] = 0, 0, 0, 0
    return out


def _blobs(face: np.ndarray) -> int:
    """Outer outlines of the drawing (holes cut inside a pip do not count), the set's face frame
    left out."""
    mask = (_drawing(face)[..., 3] > 100).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return sum(1 for c in contours if cv2.contourArea(c) > 20)


def _redness(face: np.ndarray) -> float:
    a = face[..., 3].astype(np.float64) / 255
    b, g, r = (face[..., i].astype(np.float64) for i in range(3))
    return float(((r - np.maximum(g, b)) * a).sum() / a.sum())


def test_every_code_is_drawn_at_face_size(sets):
    w, h = FACE_SIZE
    for seed, style in sets.items():
        assert set(CODES) <= set(style.faces), seed
        assert set(style.faces) <= set(CODES) | set(RED_FIVES)
        for code, face in style.faces.items():
            assert face.shape == (h, w, 4) and face.dtype == np.uint8, (seed, code)
            if code != "5z":  # a white dragon may be the blank tile body
                assert (face[..., 3] > 128).sum() > 200, (seed, code)
            # Transparent background: the corners are empty.
            assert face[0, 0, 3] == 0 and face[-1, -1, 3] == 0, (seed, code)


def test_one_seed_gives_the_same_set():
    a = procedural_style(np.random.default_rng(42))
    b = procedural_style(np.random.default_rng(42))
    assert a.faces.keys() == b.faces.keys()
    for code in a.faces:
        assert np.array_equal(a.faces[code], b.faces[code]), code


def test_two_seeds_give_different_sets(sets):
    for s0, s1 in ((0, 1), (2, 3), (4, 5)):
        differing = [c for c in CODES
                     if np.abs(sets[s0].faces[c].astype(int) - sets[s1].faces[c].astype(int)).mean() > 3]
        assert len(differing) > len(CODES) // 2, (s0, s1, differing)


def test_sets_vary_in_fonts_and_drawing(sets):
    looks = [procedural.SetLook(np.random.default_rng(seed)) for seed in range(30)]
    assert len({look.font for look in looks}) >= 5
    assert len({look.pip_kind for look in looks}) >= 3
    assert len({look.one_sou for look in looks}) == 3
    assert 5 <= sum(look.red_fives for look in looks) <= 25


def test_red_fives_are_redder_than_fives():
    found = 0
    for seed in range(40):
        style = procedural_style(np.random.default_rng(seed))
        if "0m" not in style.faces:
            continue
        for suit in "mps":
            assert _redness(style.faces[f"0{suit}"]) > _redness(style.faces[f"5{suit}"]) + 20, (seed, suit)
        found += 1
        if found == 3:
            break
    assert found == 3


def _index_blobs(seed) -> int:
    """A set with corner indices prints one more blob on a suit tile: its digit."""
    return int(procedural.SetLook(np.random.default_rng(seed)).corner_index)


def test_dots_faces_have_as_many_pips_as_their_number(sets):
    for seed, style in sets.items():
        for n in range(1, 10):
            assert _blobs(style.faces[f"{n}p"]) == n + _index_blobs(seed), (seed, n)


def test_bamboo_faces_have_as_many_sticks_as_their_number(sets):
    for seed, style in sets.items():
        look = procedural.SetLook(np.random.default_rng(seed))
        for n in (2, 3, 4, 5, 6, 7, 9):
            assert _blobs(style.faces[f"{n}s"]) == n + _index_blobs(seed), (seed, n)
        if look.eight_kind == "rows":  # the M/W eight has crossing sticks
            assert _blobs(style.faces["8s"]) == 8 + _index_blobs(seed), seed


def test_corner_indices_name_suits_and_winds_only():
    assert [procedural.corner_label(c) for c in ("1m", "0p", "9s", "1z", "4z", "5z", "7z", "3f")] == \
        ["1", "5", "9", "E", "N", None, None, None]


def test_a_set_with_corner_indices_prints_one_in_the_near_corner():
    looks = ((s, procedural.SetLook(np.random.default_rng(s))) for s in range(200))
    seed = next(s for s, look in looks if look.corner_index and not look.face_frame)
    look = procedural.SetLook(np.random.default_rng(seed))
    style = procedural_style(np.random.default_rng(seed))
    h, w = style.faces["3p"].shape[:2]
    corner = (slice(0, h // 5), slice(0, w // 4) if look.index_corner == "tl" else slice(w - w // 4, w))
    assert (style.faces["3p"][corner][..., 3] > 128).sum() > 30      # the digit
    assert (style.faces["7z"][corner][..., 3] > 128).sum() < 30      # no index on a dragon


def test_worn_sets_print_thinner_ink():
    seed = next(s for s in range(300) if procedural.SetLook(np.random.default_rng(s)).worn)
    look = procedural.SetLook(np.random.default_rng(seed))
    face = procedural_style(np.random.default_rng(seed)).faces["1z"]
    assert face[..., 3].max() <= round(255 * look.worn_alpha) + 1


def test_characters_put_the_numeral_above_man_in_red(sets):
    colour = {seed: style for seed, style in sets.items() if not procedural.SetLook(np.random.default_rng(seed)).one_ink}
    assert len(colour) >= len(sets) // 2      # one-ink sets (ONE_INK_SHARE) draw it in their ink
    for seed, style in colour.items():
        face = _drawing(style.faces["3m"])
        rows = np.flatnonzero((face[..., 3] > 128).any(1))
        top, bottom = face[:rows.mean().astype(int)], face[rows.mean().astype(int):]
        assert _redness(bottom) > 60, seed          # 萬 in red
        assert _redness(top) < _redness(bottom), seed


def test_missing_fonts_raise_a_clear_error(monkeypatch):
    monkeypatch.setattr(procedural, "cjk_fonts", lambda: ())
    with pytest.raises(procedural.FontsMissing, match="fonts-noto-cjk"):
        procedural_style(np.random.default_rng(0))


def test_renderer_draws_procedural_sets():
    from vision_lab.synth.render import random_style, render_scene
    from vision.types import PlacedTile
    rng = np.random.default_rng(5)
    style = random_style(rng, ("procedural",))
    assert style.art.name == "procedural" and set(CODES) <= set(style.art.faces)
    tiles = [PlacedTile(code, i * 1.1, 0) for i, code in enumerate(("1m", "5p", "9s"))]
    img, labels = render_scene(tiles, rng, size=(240, 160), style=style, clutter=0, effects=False)
    assert img.shape == (160, 240, 3) and [t.code for t in labels] == ["1m", "5p", "9s"]


def test_crop_dataset_covers_every_code_with_procedural_sets():
    from vision_lab.crop_dataset import synthetic_crops
    rng = np.random.default_rng(1)
    codes = [code for code, _, crop in synthetic_crops(rng, ("procedural",), 1, scenes_per_set=4)
             if crop.size]
    assert set(codes) == set(CODES) | set(RED_FIVES)


def test_some_sets_frame_every_face_along_its_edges():
    looks = {seed: procedural.SetLook(np.random.default_rng(seed)) for seed in range(40)}
    framed = [seed for seed, look in looks.items() if look.face_frame]
    assert 4 <= len(framed) <= 20
    style = procedural_style(np.random.default_rng(framed[0]))
    b = procedural.FRAME_BAND
    for code in ("1m", "5p", "5z"):
        alpha = style.faces[code][..., 3] > 100
        band = np.ones_like(alpha)
        band[b:-b, b:-b] = False
        # the frame runs round the whole face, in the band along its edge
        assert alpha[band].mean() > 0.2 and alpha[H_MID := alpha.shape[0] // 2, :b].any(), code
        assert alpha[H_MID, -b:].any() and alpha[:b, alpha.shape[1] // 2].any(), code
    # a frameless set's faces have nothing in that band
    plain = procedural_style(np.random.default_rng(next(s for s, look in looks.items() if not look.face_frame)))
    band = np.ones(plain.faces["1m"].shape[:2], bool)
    band[b:-b, b:-b] = False
    assert not (plain.faces["1m"][..., 3][band] > 100).any()


def test_some_sets_draw_every_face_in_one_ink_and_have_no_red_fives():
    looks = {seed: procedural.SetLook(np.random.default_rng(seed)) for seed in range(60)}
    one_ink = [seed for seed, look in looks.items() if look.one_ink]
    assert 2 <= len(one_ink) <= 25
    seed = one_ink[0]
    style = procedural_style(np.random.default_rng(seed))
    ink = np.asarray(looks[seed].ink, np.float64)
    assert not set(RED_FIVES) & set(style.faces)
    for code in ("1s", "5p", "9s", "6z", "7z", "1f"):
        face = style.faces[code]
        solid = face[..., 3] > 250
        rgb = face[..., :3][solid][:, ::-1].astype(np.float64)    # faces are BGRA
        # every fully inked pixel is the set's ink (antialiased edges aside)
        assert np.abs(rgb - ink).max(1).mean() < 12, code
    # a set in colour draws the red dragon in its red, not its ink
    colour_seed = next(s for s, look in looks.items() if not look.one_ink)
    red = procedural_style(np.random.default_rng(colour_seed)).faces["7z"]
    rgb = red[..., :3][red[..., 3] > 250][:, ::-1].astype(np.float64)
    assert np.abs(rgb - np.asarray(looks[colour_seed].red, np.float64)).max(1).mean() < 12


def test_dark_sets_have_a_dark_body_and_light_ink():
    looks = ((s, procedural.SetLook(np.random.default_rng(s))) for s in range(400))
    seed, look = next((s, look) for s, look in looks if look.dark_body and not look.one_ink)
    style = procedural_style(np.random.default_rng(seed))
    assert style.dark_body
    ink = style.faces["1z"]                        # a wind: drawn in the set's ink
    drawn = ink[..., 3] > 200
    assert ink[..., :3][drawn].mean() > 150          # light ink, for a dark body
    light = procedural_style(np.random.default_rng(next(
        s for s in range(400) if not procedural.SetLook(np.random.default_rng(s)).dark_body)))
    assert not light.dark_body


def _ink_share_of_pips(face: np.ndarray) -> float:
    """Inked share of the area the pips' outer outlines enclose (the frame left out)."""
    mask = (_drawing(face)[..., 3] > 100).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    enclosed = np.zeros_like(mask)
    cv2.drawContours(enclosed, contours, -1, 1, -1)
    return float(mask.sum() / enclosed.sum())


def test_line_drawn_pips_are_circles_on_the_bare_face():
    """A set of line-drawn pips (LINE_PIP_SHARE) draws each pip as thin circles, one blob a pip,
    with bare face between them: under 60 % of the area inside the pips is inked."""
    seeds = [s for s in range(60) if procedural.SetLook(np.random.default_rng(s)).line_pips
             and not procedural.SetLook(np.random.default_rng(s)).worn][:3]
    assert len(seeds) == 3
    for seed in seeds:
        style = procedural_style(np.random.default_rng(seed))
        for n in (2, 6, 9):
            assert _blobs(style.faces[f"{n}p"]) == n + _index_blobs(seed), (seed, n)
            assert _ink_share_of_pips(style.faces[f"{n}p"]) < 0.6, (seed, n)
