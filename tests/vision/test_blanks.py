"""Blank faces read 5z on a set whose white dragon has ink are face-down tiles (vision/blanks.py)."""
import cv2
import numpy as np

from vision import blanks
from vision.classifier import CropReading
from vision.profile import TileSetProfile
from vision.reader import ReaderConfig, TileReader
from tests.vision.test_foreshortening import FakeDetector


def blank_face(size=64, grey=215):
    return np.full((size, size, 3), grey, np.uint8)


def framed_face(size=64):
    face = blank_face(size)
    cv2.rectangle(face, (14, 12), (size - 15, size - 13), (160, 90, 30), 3)   # a blue frame
    return face


def test_a_blank_face_has_no_ink_and_a_framed_white_dragon_has():
    assert blanks.ink_share(blank_face()) == 0.0
    noisy = np.clip(blank_face().astype(np.int16) + np.random.default_rng(0).normal(0, 6, (64, 64, 3)), 0, 255)
    assert blanks.ink_share(noisy.astype(np.uint8)) <= blanks.BLANK_INK
    assert blanks.ink_share(framed_face()) >= blanks.INKED_WHITE
    # the face's edge and shadow are left out
    edged = blank_face()
    edged[:4] = 40
    edged[:, -4:] = 40
    assert blanks.ink_share(edged) == 0.0


def test_a_faint_frame_in_a_dim_photo_is_ink_and_a_shaded_blank_face_is_not():
    """A white dragon's thin frame in a dim or hazy photo is only 15-35 grey levels darker than
    the face beside it: still ink (36 of 82 GL white dragons of rendered capture-mode scenes
    measured blank under a fixed 40 below the face's median, and a profile whose 白 has ink turned
    them face down). A light gradient across a blank face is no ink."""
    faint = blank_face(grey=120)
    cv2.rectangle(faint, (14, 12), (49, 51), (98, 98, 98), 2)      # 22 levels darker, grey
    faint = cv2.GaussianBlur(faint, (0, 0), 0.8)
    assert blanks.ink_share(faint) >= blanks.INKED_WHITE
    ramp = np.linspace(150, 230, 64, dtype=np.float32)
    shaded = np.repeat(np.repeat(ramp[None, :, None], 64, 0), 3, 2).astype(np.uint8)
    assert blanks.ink_share(shaded) <= blanks.BLANK_INK


def test_blank_faces_are_backs_only_beside_a_sure_inked_white_dragon():
    crops = [framed_face(), blank_face(), blank_face(), framed_face()]
    codes = ["5z", "5z", "5z", "1m"]
    assert blanks.blank_backs(codes, [0.9, 0.8, 0.7, 0.9], crops) == {1, 2}
    # an unsure inked read says nothing about the set
    assert blanks.blank_backs(codes, [0.3, 0.8, 0.7, 0.9], crops) == set()
    # no inked white dragon in the photo: blank tiles stay white dragons (blank-white sets, spares)
    assert blanks.blank_backs(["5z", "5z"], [0.9, 0.9], [blank_face(), blank_face()]) == set()
    # a blank face read as another code is not this rule's
    assert blanks.blank_backs(["5z", "2p"], [0.9, 0.9], [framed_face(), blank_face()]) == set()
    # the profile's word wins over the photo's
    assert blanks.blank_backs(["5z", "5z"], [0.9, 0.9], [blank_face(), blank_face()], set_white_inked=True) == {0, 1}
    assert blanks.blank_backs(codes, [0.9, 0.8, 0.7, 0.9], crops, set_white_inked=False) == set()


def slivered_back(size=64):
    """A plain top cut turned: a sliver of the tile's side, darker, inside the cut."""
    face = blank_face(size)
    cv2.line(face, (12, 14), (12, 46), (150, 150, 150), 2)
    return face


def test_a_face_with_less_ink_than_the_photos_inked_white_dragon_is_a_back():
    # a turned back's cut takes in a sliver of its side: 0.011-0.043 of ink, over the blank 0.01,
    # and six such backs stayed white dragons beside a GL set's framed ones in one rendered photo
    sliver = slivered_back()
    assert blanks.BLANK_INK < blanks.ink_share(sliver) < blanks.INKED_WHITE
    assert blanks.blank_backs(["5z", "5z", "5z"], [0.9, 0.7, 0.6], [framed_face(), sliver, blank_face()]) == {1, 2}
    # no sure inked white dragon in the photo: it stays a white dragon
    assert blanks.blank_backs(["5z", "5z"], [0.3, 0.7], [framed_face(), sliver]) == set()
    assert blanks.blank_backs(["5z"], [0.7], [sliver]) == set()
    # a set whose white dragon is blank (the profile's word) keeps it
    assert blanks.blank_backs(["5z", "5z"], [0.9, 0.7], [framed_face(), sliver], set_white_inked=False) == set()
    # beside a white dragon whose ink is an edge its cut took in (a blank set's, 0.06-0.08), not
    # a drawn frame: a blank set's other white dragons, 0.014-0.037, were turned face down
    edge = blank_face()
    edge[8:56, 8:12] = 150
    assert blanks.INKED_WHITE <= blanks.ink_share(edge) < blanks.FRAMED_WHITE
    assert blanks.blank_backs(["5z", "5z", "5z"], [0.9, 0.7, 0.7], [edge, sliver, blank_face()]) == {2}
    # far less, not merely less: beside a dragon drawn thin (0.10 of ink), a face with 0.026 stays a
    # white dragon (a GL white dragon measured 0.048 beside others' 0.21) and one with 0.013 is a back
    thin = blank_face()
    cv2.rectangle(thin, (16, 14), (47, 49), (160, 90, 30), 1)
    for y in (20, 26, 32, 38, 44):
        cv2.line(thin, (20, y), (44, y), (160, 90, 30), 1)
    shorter, longer = blank_face(), blank_face()
    cv2.line(shorter, (12, 14), (12, 44), (150, 150, 150), 1)
    cv2.line(longer, (12, 14), (12, 34), (150, 150, 150), 2)
    inks = [blanks.ink_share(c) for c in (thin, shorter, longer)]
    assert inks[0] >= blanks.FRAMED_WHITE and inks[1] < blanks.FAINT_SHARE * inks[0] < inks[2] < blanks.INKED_WHITE, inks
    assert blanks.blank_backs(["5z", "5z", "5z"], [0.9, 0.7, 0.7], [thin, shorter, longer]) == {1}


def test_a_blank_face_of_another_colour_than_the_photos_faces_is_a_back_whatever_the_set():
    dark = blank_face(grey=45)
    green = np.zeros((64, 64, 3), np.uint8)
    green[:] = (60, 150, 40)
    crops = [framed_face(), blank_face(), dark, green, blank_face(grey=200)]
    codes = ["1m", "5z", "5z", "5z", "5z"]
    sure = [0.9] * 5
    # no inked white dragon in sight: only the tops of another colour are backs
    assert blanks.blank_backs(codes, sure, crops) == {2, 3}
    assert blanks.blank_backs(codes, sure, crops, set_white_inked=False) == {2, 3}
    # a blank white dragon a little darker than the rest (a shadow) stays a white dragon, and so
    # does one much brighter (lit out of the others' shadow)
    assert blanks.blank_backs(["1m", "1m", "5z"], [0.9] * 3, [framed_face(), framed_face(), blank_face(grey=160)]) == set()
    dim = [framed_face() // 2, framed_face() // 2]
    assert blanks.blank_backs(["1m", "1m", "5z"], [0.9] * 3, dim + [blank_face(grey=250)]) == set()
    # on a black-faced set a blank face in shadow is not told from a back by its colour
    black = [framed_face() // 6, framed_face() // 6]
    assert blanks.blank_backs(["1m", "1m", "5z"], [0.9] * 3, black + [blank_face(grey=15)]) == set()
    # a pale yellow or pink back, as bright as the faces, is told by its hue
    pink = np.zeros((64, 64, 3), np.uint8)
    pink[:] = (200, 170, 250)
    assert blanks.blank_backs(["1m", "1m", "5z"], [0.9] * 3, [framed_face(), framed_face(), pink]) == {2}


def test_a_dark_textured_back_is_told_by_its_colour_though_not_quite_blank():
    """A dark back's top in a rendered hand measured 0.012-0.014 of ink (its texture against
    INK_CONTRAST's 10 levels): over BLANK_INK, so it stayed a white dragon on the dead wall and the
    hand was lost. Under BACK_COLOUR_INK the colour test applies; a framed white dragon in shade,
    with a white dragon's ink, stays one."""
    back = blank_face(grey=60)
    rng = np.random.default_rng(3)
    for x, y in rng.integers(12, 50, (14, 2)):
        back[y:y + 2, x:x + 2] = 35          # specks of texture, 25 levels darker
    ink = blanks.ink_share(back)
    assert blanks.BLANK_INK < ink < blanks.BACK_COLOUR_INK
    faces = [framed_face(), framed_face(), framed_face()]
    assert blanks.blank_backs(["1m", "2p", "3s", "5z"], [0.9] * 4, faces + [back]) == {3}
    assert blanks.blank_backs(["1m", "2p", "3s", "5z"], [0.9] * 4, faces + [back], set_white_inked=False) == {3}
    shaded = framed_face() // 2
    assert blanks.ink_share(shaded) >= blanks.BACK_COLOUR_INK
    assert blanks.blank_backs(["1m", "2p", "3s", "5z"], [0.9] * 4, faces + [shaded]) == set()


def test_a_sets_white_dragon_examples_say_whether_it_has_ink():
    assert blanks.white_has_ink([framed_face(), framed_face()]) is True
    assert blanks.white_has_ink([framed_face(), blank_face()]) is False
    assert blanks.white_has_ink([]) is None
    faint = blank_face()
    faint[30:33, 20:44] = 150      # a little ink: neither blank nor a white dragon's frame
    assert blanks.white_has_ink([faint]) is None


def test_a_profile_knows_its_white_dragon_from_its_examples():
    def profile(white):
        examples = np.stack([white, framed_face(), blank_face()])
        return TileSetProfile(name="t", prototypes=None, metric=None, codes=["5z", "1m", "2m"],
                              sources=["calibration"] * 3, examples=examples)
    assert profile(framed_face()).white_has_ink() is True
    assert profile(blank_face()).white_has_ink() is False
    assert TileSetProfile(name="t", prototypes=np.zeros((1, 2)), metric=np.eye(2), codes=["5z"],
                          sources=["calibration"]).white_has_ink() is None


class WhiteClassifier:
    """Reads every crop as a sure white dragon."""

    def classify(self, crops, embeddings=False, turn_average=None):
        return [CropReading("5z", 0.95, [("5z", 0.95)], np.zeros(2) if embeddings else None) for _ in crops]


def _table(faces):
    img = np.full((200, 400, 3), 60, np.uint8)
    boxes = []
    for k, face in enumerate(faces):
        x = 20 + 90 * k
        img[40:40 + 96, x:x + 72] = cv2.resize(face, (72, 96))
        boxes.append([x, 40, x + 72, 136])
    return img, boxes


def test_the_reader_reports_a_one_colour_sets_blank_tops_face_down():
    img, boxes = _table([framed_face(), blank_face(), blank_face()])

    def read(on):
        reader = TileReader(detector=FakeDetector(boxes), classifier=WhiteClassifier(), tileness=None,
                            config=ReaderConfig(blank_backs=on, read_floor=None, face_margin=None))
        return sorted(reader.read(img), key=lambda r: r.box[0])
    on = read(True)
    assert [(r.code, r.face_down) for r in on] == [("5z", False), (None, True), (None, True)]
    assert [(r.code, r.face_down) for r in read(False)] == [("5z", False)] * 3
    # the same blank tops with no inked white dragon in sight stay white dragons
    img, boxes = _table([blank_face(), blank_face()])
    reader = TileReader(detector=FakeDetector(boxes), classifier=WhiteClassifier(), tileness=None,
                        config=ReaderConfig(read_floor=None, face_margin=None))
    assert [r.code for r in reader.read(img)] == ["5z", "5z"]


def test_the_blank_face_tool_counts_what_the_rule_turns_face_down(tmp_path):
    from vision.types import TileRead
    from vision_lab import blank_faces
    (tmp_path / "images").mkdir()
    (tmp_path / "labels").mkdir()
    (tmp_path / "data.yaml").write_text("names: ['1m', '5z']\n")
    cv2.imwrite(str(tmp_path / "images" / "a.png"), np.zeros((100, 200, 3), np.uint8))
    (tmp_path / "labels" / "a.txt").write_text("1 0.25 0.5 0.2 0.4\n")     # a white dragon at (30, 30, 70, 70)

    class StandIn:
        config = ReaderConfig()

        def read(self, image):
            on = self.config.blank_backs
            return [TileRead(code="5z", box=(30, 30, 70, 70), confidence=0.9),
                    TileRead(code=None if on else "5z", box=(120, 30, 160, 70), confidence=0.9, face_down=on)]
    reader = StandIn()
    counts = blank_faces.compare(tmp_path, reader)
    assert counts == {"photos": 1, "white_right_off": 1, "white_right_on": 1, "white_on_no_tile_off": 1,
                      "white_on_no_tile_on": 0, "turned_down_on_no_tile": 1, "turned_down_on_a_tile": 0}
    assert reader.config == ReaderConfig()      # put back
