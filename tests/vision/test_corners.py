"""The face-corner window (vision.corners), its training examples (vision_lab.corner_data) and the
training views (vision_lab.train_corners): corners stay on the pixels they name."""
import cv2
import numpy as np
import pytest

from vision import corners
from vision_lab import corner_data, train_corners


def _image_with_marks(points, shape=(480, 640)):
    img = np.full((*shape, 3), 40, np.uint8)
    colours = [(0, 0, 255), (0, 255, 0), (255, 0, 0), (255, 255, 255)]
    for (x, y), c in zip(points, colours):
        cv2.circle(img, (int(round(x)), int(round(y))), 3, c, -1)
    return img


def _brightest_of(patch, colour):
    """Window coordinates (0-1) of the centre of the patch's pixels nearest ``colour``."""
    d = np.abs(patch.astype(np.int32) - np.array(colour)).sum(2)
    y, x = np.nonzero(d <= d.min() + 60)
    return np.array([(x.mean() + 0.5) / patch.shape[1], (y.mean() + 0.5) / patch.shape[0]])


@pytest.mark.parametrize("box,scale", [((300, 200, 380, 260), 1.0), ((150, 100, 190, 130), 2.0),
                                       ((600, 440, 660, 500), 1.0)])
def test_window_coordinates_name_the_pixels_the_patch_shows(box, scale):
    quad = np.array([[310, 205], [372, 212], [365, 255], [305, 250]], float) if scale == 1.0 and box[0] == 300 \
        else corners.from_window([[0.3, 0.3], [0.7, 0.3], [0.7, 0.7], [0.3, 0.7]], box, scale)
    img = _image_with_marks(quad)
    patch = corners.window_patch(img, box, scale)
    assert patch.shape == (corners.WINDOW, corners.WINDOW, 3)
    uv = corners.to_window(quad, box, scale)
    np.testing.assert_allclose(corners.from_window(uv, box, scale), quad, atol=1e-9)
    side = corners.window_of(box, scale)[2]
    for p, q, c in zip(uv, quad, [(0, 0, 255), (0, 255, 0), (255, 0, 0), (255, 255, 255)]):
        inside = 0 <= q[0] < img.shape[1] and 0 <= q[1] < img.shape[0]
        if inside:
            # within a source pixel and a patch pixel of where the mark is drawn
            assert np.abs(_brightest_of(patch, c) - p).max() < 2 / corners.WINDOW + 2 / side


def test_a_box_read_from_above_is_its_own_face_with_its_length_along_the_longer_side():
    upright = corner_data.box_face((10, 20, 40, 60))
    lying = corner_data.box_face((10, 20, 60, 50))
    # TL -> TR is the face's width (short edge), TR -> BR its length
    for q in (upright, lying):
        assert np.linalg.norm(q[1] - q[0]) < np.linalg.norm(q[2] - q[1])
        # clockwise on the picture, as a face's TL, TR, BR, BL are
        assert sum(q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1] for i in range(4)) > 0
    assert set(map(tuple, upright)) == {(10, 20), (40, 20), (40, 60), (10, 60)}
    assert set(map(tuple, lying)) == {(10, 20), (60, 20), (60, 50), (10, 50)}


def test_turned_and_mirrored_training_views_keep_each_corner_on_its_mark():
    quad = np.array([[20, 14], [44, 18], [46, 50], [16, 46]], float)
    img = _image_with_marks(quad, shape=(64, 64))
    uv = (quad / 64)[None].astype(np.float32)
    rng = np.random.default_rng(3)
    seen = set()
    for _ in range(12):
        state = rng.bit_generator.state
        p, c = train_corners.augmented(rng, img[None], uv)
        # the same draws without the light and noise: the geometry alone
        rng2 = np.random.default_rng()
        rng2.bit_generator.state = state
        k = int(rng2.integers(4))
        flip = rng2.random() < 0.5
        seen.add((k, flip))
        geo = np.rot90(img, k)
        geo = geo[:, ::-1] if flip else geo
        colours = [(0, 0, 255), (0, 255, 0), (255, 0, 0), (255, 255, 255)]
        # a mirrored face's top left is the mark that was its top right
        for corner, m in zip(c[0], train_corners.MIRRORED if flip else range(4)):
            found = _brightest_of(np.ascontiguousarray(geo), colours[m])
            assert np.abs(found - corner).max() < 1.5 / 64, (k, flip)
        # a mirrored view's corners still run clockwise (TL, TR, BR, BL of an upright drawing)
        q = c[0]
        cross = sum(q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1] for i in range(4))
        assert cross > 0
    assert len(seen) >= 4


def test_the_loss_does_not_tell_a_half_turn_apart_but_tells_a_quarter_turn():
    torch = pytest.importorskip("torch")
    q = torch.tensor([[[0.2, 0.1], [0.6, 0.1], [0.6, 0.9], [0.2, 0.9]]])
    half = q[:, train_corners.HALF_TURN]
    quarter = q[:, [1, 2, 3, 0]]
    assert float(train_corners.corner_loss(torch, half.reshape(1, 8), q)) == 0.0
    assert float(train_corners.corner_loss(torch, quarter.reshape(1, 8), q)) > 0.01
    assert train_corners.corner_error(half.numpy(), q.numpy())[0] == 0.0


def test_a_heatmap_corner_network_exports_as_the_reader_reads_corner_networks(tmp_path):
    torch = pytest.importorskip("torch")
    pytest.importorskip("onnxruntime")
    net = train_corners.ARCHS["heatmap"]()
    x = torch.rand(5, 3, corners.WINDOW, corners.WINDOW)
    out = net.eval()(x)
    # corners in window units: the expected place of each heatmap lies inside the window
    assert out.shape == (5, 8) and float(out.min()) > 0 and float(out.max()) < 1
    pytest.importorskip("onnx")       # the exporter's (a training tool's) dependency only
    train_corners.export(net, tmp_path / "corners.onnx", {"arch": "heatmap"})
    finder = corners.CornerFinder(tmp_path / "corners.onnx")
    [quad] = finder.find(np.full((120, 160, 3), 90, np.uint8), [(40, 30, 80, 90)])
    # the quad lies in the window round the box, in image pixels
    x0, y0, side = corners.window_of((40, 30, 80, 90))
    assert quad.shape == (4, 2) and (quad >= [x0, y0]).all() and (quad <= [x0 + side, y0 + side]).all()


def test_a_corner_model_of_another_window_is_refused(tmp_path):
    pytest.importorskip("onnxruntime")
    from vision.errors import ModelMissingError
    path = tmp_path / "corners.onnx"
    path.write_bytes(b"not read")
    (tmp_path / "corners.onnx.json").write_text('{"window": 96, "context": 0.15}')
    with pytest.raises(ModelMissingError, match="another window"):
        corners.CornerFinder(path)
    with pytest.raises(ModelMissingError, match="not found"):
        corners.CornerFinder(tmp_path / "missing.onnx")
    (tmp_path / "corners.onnx.json").unlink()
    with pytest.raises(ModelMissingError, match="is missing"):
        corners.CornerFinder(path)


def test_a_shipped_corner_model_that_cannot_be_read_turns_the_face_cuts_off(tmp_path, monkeypatch, caplog):
    pytest.importorskip("onnxruntime")
    path = tmp_path / "corners.onnx"
    path.write_bytes(b"truncated")
    (tmp_path / "corners.onnx.json").write_text('{"window": 64, "context": 0.15}')
    monkeypatch.setattr(corners, "DEFAULT_CORNER_MODEL", path)
    monkeypatch.setattr(corners, "_DEFAULT", None)
    with caplog.at_level("WARNING"):
        assert corners.shipped_corner_finder() is None
    assert "face corners off" in caplog.text
    monkeypatch.setattr(corners, "DEFAULT_CORNER_MODEL", tmp_path / "none.onnx")
    assert corners.shipped_corner_finder() is None


def test_corners_are_ordered_as_a_box_cut_turns_its_tile():
    upright = np.array([[10, 10], [40, 10], [40, 50], [10, 50]], float)
    np.testing.assert_array_equal(corners.upright_order(upright), upright)
    np.testing.assert_array_equal(corners.upright_order(upright[[2, 3, 0, 1]]), upright)
    # lying sideways: its drawing's top to the left, as a box cut turned a quarter clockwise shows it
    lying = np.array([[10, 40], [10, 10], [50, 10], [50, 40]], float)
    np.testing.assert_array_equal(corners.upright_order(lying), lying)
    np.testing.assert_array_equal(corners.upright_order(lying[[2, 3, 0, 1]]), lying)


class _Quads:
    """A corner finder that knows where the faces are."""

    def __init__(self, quads):
        self.quads = quads

    def find(self, image, boxes, scale=1.0):
        return [np.asarray(self.quads[tuple(int(v) for v in b)], float) for b in boxes]


def _face(img, quad):
    """A face with corners ``quad`` (TL, TR, BR, BL of its drawing): white over its top half,
    black below."""
    quad = np.asarray(quad, float)
    cv2.fillConvexPoly(img, quad.astype(np.int32), (0, 0, 0))
    top = np.array([quad[0], quad[1], (quad[1] + quad[2]) / 2, (quad[0] + quad[3]) / 2])
    cv2.fillConvexPoly(img, top.astype(np.int32), (255, 255, 255))
    x0, y0 = quad.min(0)
    x1, y1 = quad.max(0)
    return int(x0), int(y0), int(x1), int(y1)


def test_a_face_cut_by_its_corners_replaces_the_box_cut_when_read_surer():
    from tests.vision.test_foreshortening import FakeDetector, TopHalfClassifier
    from vision.reader import ReaderConfig, TileReader
    img = np.full((300, 400, 3), 90, np.uint8)
    # two upright faces seen from low (squashed trapezoids: their boxes are wider than tall, so
    # alone they are cut as tiles lying sideways), apart, and one tile lying sideways from above
    # (its drawing's top at the left)
    # and one lying sideways whose box is taller than wide (so its box cut is taken upright)
    faces = [[(60, 48), (120, 48), (128, 72), (52, 72)], [(230, 138), (290, 138), (298, 162), (222, 162)],
             [(100, 270), (100, 230), (170, 230), (170, 270)], [(300, 290), (300, 200), (350, 200), (350, 290)]]
    quads = {}
    for q in faces:
        quads[_face(img, q)] = q
    boxes = [list(b) for b in quads]

    def read(margin):
        reader = TileReader(detector=FakeDetector(boxes), classifier=TopHalfClassifier(), tileness=None,
                            config=ReaderConfig(face_margin=margin, read_floor=None), corner_finder=_Quads(quads))
        return sorted(reader.read(img), key=lambda r: boxes.index([int(v) for v in r.box]))
    by_box = read(None)
    assert [r.code for r in by_box] == ["2m", "2m", "1m", "2m"]
    assert [r.sideways for r in by_box] == [True, True, True, False]
    by_face = read(0.0)
    assert [r.code for r in by_face] == ["1m"] * 4
    assert [r.sideways for r in by_face] == [False, False, True, True]
    # a margin no reading clears keeps the box cuts
    assert [r.code for r in read(0.9)] == ["2m", "2m", "1m", "2m"]


def test_examples_hold_each_rendered_face_and_each_labelled_photo_box(tmp_path):
    root = tmp_path / "shared"
    for split in ("train",):
        (root / "chinese-mahjong-detection" / split / "images").mkdir(parents=True)
        (root / "chinese-mahjong-detection" / split / "labels").mkdir(parents=True)
        img = np.full((400, 400, 3), 90, np.uint8)
        img[100:180, 150:210] = 240
        cv2.imwrite(str(root / "chinese-mahjong-detection" / split / "images" / "a.jpg"), img)
        (root / "chinese-mahjong-detection" / split / "labels" / "a.txt").write_text("7 0.45 0.35 0.15 0.2\n")
    (root / "chinese-mahjong-detection" / "data.yaml").write_text(
        "names: " + str([f"{n}{s}" for s in "mps" for n in range(1, 10)]) + "\n")
    out = corner_data.build(tmp_path / "c.npz", mode_scenes=2, flat_scenes=1, photos="train", data_root=root,
                            workers=1, styles=("procedural",), log=lambda *a: None)
    d = np.load(out)
    assert d["patches"].shape[1:] == (corners.WINDOW, corners.WINDOW, 3)
    assert len(d["patches"]) == len(d["corners"]) == len(d["source"])
    assert set(np.unique(d["source"])) == {0, 1, 2}
    # the photo's face is its box: within the window, its corners span the box (jittered)
    photo = d["corners"][d["source"] == 2][0]
    side = max(0.15, 0.2) * 400 * (1 + 2 * corners.CONTEXT)
    assert 0.15 * 400 / side * 0.8 < np.ptp(photo[:, 0]) < 0.15 * 400 / side * 1.25
    # rendered faces lie mostly inside their windows
    assert (np.abs(d["corners"][d["source"] < 2] - 0.5) < 0.75).mean() > 0.95


@pytest.mark.skipif(not corners.DEFAULT_CORNER_MODEL.is_file(), reason="no corner model shipped")
def test_the_app_reader_cuts_faces_by_the_shipped_corners():
    pytest.importorskip("onnxruntime")
    from vision.reader import FACE_MARGIN, default_reader
    reader = default_reader()
    assert FACE_MARGIN is not None and reader.config.face_margin == FACE_MARGIN
    assert isinstance(reader.corner_finder, corners.CornerFinder)
    # it finds a face inside a plain white tile on a dark table
    img = np.full((300, 300, 3), 30, np.uint8)
    img[100:200, 120:195] = 235
    quad = reader.corner_finder.find(img, [(115, 95, 200, 205)])[0]
    assert np.abs(np.sort(quad[:, 0])[[0, 3]] - [120, 195]).max() < 10
    assert np.abs(np.sort(quad[:, 1])[[0, 3]] - [100, 200]).max() < 10


def test_with_a_profile_the_face_margin_is_the_profiles(monkeypatch):
    from tests.vision.test_detections import TopRowClassifier
    from vision import reader
    from vision.classifier import CropReading
    from vision.crops import TileCrops, TileView
    box_cut, face_cut = np.zeros((8, 8, 3), np.uint8), np.full((8, 8, 3), 200, np.uint8)

    def as_cut(c, crops, profile, emb):     # the face cut reads 1m 0.1 surer than the box cut's 2m
        out = [CropReading("1m", 0.7, [("1m", 0.7)]) if x.mean() else CropReading("2m", 0.6, [("2m", 0.6)])
               for x in crops]
        return out, [(r.code, r.confidence) for r in out]
    monkeypatch.setattr(reader, "_classify_as_cut", as_cut)

    def read(config, profile):
        crops = TileCrops([box_cut], [False])
        crops.faces[0] = TileView(face_cut, False, False)
        [r] = reader.classify_with_profile(TopRowClassifier(), crops, profile=profile, config=config)
        return r, crops
    same = reader.ReaderConfig(face_margin=0.0, profile_face_margin=None)
    r, crops = read(same, object())
    assert (r.code, r.base_code) == ("1m", None) and crops[0] is face_cut
    apart = reader.ReaderConfig(face_margin=0.0, profile_face_margin=0.2)
    r, crops = read(apart, object())
    # the profile keeps its box cut; the base reader, by its own margin, took the face
    assert (r.code, r.base_code) == ("2m", "1m") and crops[0] is box_cut
    assert read(apart, None)[0].code == "1m"      # without a profile the profile's margin is not read


def test_a_box_cut_read_surely_enough_is_not_read_again_by_its_face(monkeypatch):
    from vision import reader
    from vision.classifier import CropReading
    from vision.crops import TileCrops, TileView
    box_cut, face_cut = np.zeros((8, 8, 3), np.uint8), np.full((8, 8, 3), 200, np.uint8)
    asked = []

    def classifier(box_confidence):
        def as_cut(c, crops, profile, emb):     # the face cut reads 1m at 1.0, the box cut 2m
            if len(crops):
                asked.append(len(crops))
            out = [CropReading("1m", 1.0, [("1m", 1.0)]) if x.mean() else
                   CropReading("2m", box_confidence, [("2m", box_confidence)]) for x in crops]
            return out, [(r.code, r.confidence) for r in out]
        return as_cut

    def read(box_confidence, sure):
        asked.clear()
        monkeypatch.setattr(reader, "_classify_as_cut", classifier(box_confidence))
        crops = TileCrops([box_cut], [False])
        crops.faces[0] = TileView(face_cut, False, False)
        config = reader.ReaderConfig(face_margin=0.0, face_sure=sure)
        return reader.classify_with_profile(object(), crops, config=config)[0].code, list(asked)
    assert read(0.9995, 0.999) == ("2m", [1])       # sure: the face is not read
    assert read(0.99, 0.999) == ("1m", [1, 1])      # unsure: read, and surer
    assert read(0.9995, None) == ("1m", [1, 1])     # None: every face is read


def test_with_a_profile_a_reading_no_face_can_beat_is_not_read_again_by_its_face(monkeypatch):
    """A profile's mixed reading seldom reaches ``FACE_SURE``, so every face was read again: a
    reading that a face cut cannot beat by the profile's face margin (a confidence is at most 1)
    keeps its box cut unread where the base model is sure of it too."""
    from vision import reader
    from vision.classifier import CropReading
    from vision.crops import TileCrops, TileView
    box_cut, face_cut = np.zeros((8, 8, 3), np.uint8), np.full((8, 8, 3), 200, np.uint8)
    asked = []

    def classifier(reading, base):
        def as_cut(c, crops, profile, emb):     # the face cut reads 1m surely, the box cut 2m
            if len(crops):
                asked.append(len(crops))
            out = [CropReading("1m", 1.0, [("1m", 1.0)]) if x.mean() else CropReading("2m", reading, [("2m", reading)])
                   for x in crops]
            return out, [("1m", 0.9) if x.mean() else ("2m", base) for x in crops]
        return as_cut

    def read(reading, base):
        asked.clear()
        monkeypatch.setattr(reader, "_classify_as_cut", classifier(reading, base))
        crops = TileCrops([box_cut], [False])
        crops.faces[0] = TileView(face_cut, False, False)
        config = reader.ReaderConfig(face_margin=0.0, profile_face_margin=0.1, face_sure=0.999)
        return reader.classify_with_profile(object(), crops, profile=object(), config=config)[0].code, list(asked)
    assert read(0.92, 0.9995) == ("2m", [1])        # 1 < 0.92 + 0.1: no face can win, it is not read
    assert read(0.85, 0.9995) == ("1m", [1, 1])     # a face can win: read, and surer
    assert read(0.92, 0.99) == ("2m", [1, 1])       # the base model unsure: read, as without a profile


def test_mode_scenes_take_the_capture_modes_asked_in_turn(monkeypatch):
    from vision_lab import datasets
    asked = []

    def scene(rng, mode, styles, data_root):
        asked.append(mode)
        return np.zeros((64, 64, 3), np.uint8), []
    monkeypatch.setattr(datasets, "render_body_scene", scene)
    for i in range(4):
        assert corner_data._scene(("modes", 1, i, None, ("procedural",), ("heaps", "mixed"))) == ([], [])
    assert asked == ["heaps", "mixed", "heaps", "mixed"]


@pytest.mark.parametrize("when_asked", [True, False])
def test_face_corners_are_found_only_for_tiles_whose_face_is_read(monkeypatch, when_asked):
    """``FACES_WHEN_ASKED``: a tile whose box cut is read surely (``FACE_SURE``) is not read by its
    face, so its corners are not looked for; a blank white dragon is judged against every face of
    the photo (``vision.blanks``), so then they all are. The readings are the same either way."""
    from tests.vision.test_foreshortening import FakeDetector
    from vision import reader as reader_module
    from vision.classifier import CropReading
    from vision.reader import ReaderConfig, TileReader
    monkeypatch.setattr(reader_module, "FACES_WHEN_ASKED", when_asked)

    class ByShade:      # white: 1m surely; grey: 2m unsurely; pale: a blank 5z, surely
        def classify(self, crops, embeddings=False, turn_average=None):
            def one(c):
                m = float(c[c.shape[0] // 2, c.shape[1] // 2].mean())
                return (("1m", 0.9999) if m > 230 else ("5z", 0.9999) if m > 190 else ("2m", 0.6))
            return [CropReading(code, p, [(code, p)]) for code, p in map(one, crops)]

    class Asked:
        def __init__(self):
            self.boxes = []

        def find(self, image, boxes):
            self.boxes += [tuple(int(v) for v in b) for b in boxes]
            return [np.array([[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]], float) for b in boxes]

    def read(shades):
        img = np.full((200, 400, 3), 40, np.uint8)
        boxes = [[20 + 90 * k, 40, 80 + 90 * k, 120] for k in range(len(shades))]
        for (x0, y0, x1, y1), shade in zip(boxes, shades):
            img[y0:y1, x0:x1] = shade
        finder = Asked()
        config = ReaderConfig(looks=False, zoom_below=None, weak_rescue=None, read_floor=None, blank_read_floor=None,
                              small_read_share=None, elongated_share=None, quarter_turn_margin=None, face_margin=0.0,
                              shade_gain=None)     # this stand-in reads by shade: the felt left as it is
        reads = TileReader(detector=FakeDetector(boxes), classifier=ByShade(), tileness=None, config=config,
                           corner_finder=finder, second_detector=None, oddity=None).read(img)
        return [r.code for r in reads], sorted(b[0] for b in finder.boxes)
    codes, asked = read([250, 150, 250])
    assert codes == ["1m", "2m", "1m"]
    assert asked == ([110] if when_asked else [20, 110, 200])      # the unsure grey tile alone
    codes, asked = read([250, 150, 210])
    assert codes == ["1m", "2m", "5z"]
    assert asked == [20, 110, 200]          # a white dragon is judged by every face of the photo
