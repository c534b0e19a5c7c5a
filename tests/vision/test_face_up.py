"""vision.face_up: where a crop's top lies in the photo, and the shipped probe on real faces."""
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.crops import crop_tile, own_axes
from vision.face_up import TILE_VOTE, FaceUpProbe, crop_up, face_up_votes, probe_for

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "chinese-mahjong-detection"


def tile_photo(degrees):
    """A light tile (60 × 84 px) with a dark mark near the top of its face, on grey, turned
    ``degrees`` counter-clockwise; returns (image, tile box, the mark's centre)."""
    canvas = np.full((300, 300, 3), 90, np.uint8)
    cv2.rectangle(canvas, (120, 108), (180, 192), (235, 235, 235), -1)
    cv2.circle(canvas, (150, 126), 9, (20, 20, 20), -1)
    m = cv2.getRotationMatrix2D((150, 150), degrees, 1.0)
    image = cv2.warpAffine(canvas, m, (300, 300), borderValue=(90, 90, 90))
    ys, xs = np.nonzero(image[..., 0] > 150)
    mark = m @ np.array([150, 126, 1.0])
    return image, (float(xs.min()), float(ys.min()), float(xs.max() + 1), float(ys.max() + 1)), mark


@pytest.mark.parametrize("degrees", [0, 15, -20, 90, 100, 180, 200, 270, 255])
def test_the_crops_top_is_where_crop_up_says(degrees):
    image, box, mark = tile_photo(degrees)
    axes = own_axes(image, box)
    crop = crop_tile(image, box, axes=axes)
    dark = np.argwhere(crop[..., 0] < 60)
    in_top_half = dark[:, 0].mean() < crop.shape[0] / 2
    centre = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])
    up = np.array(crop_up(axes))
    assert math.isclose(float(np.linalg.norm(up)), 1.0, rel_tol=1e-6)
    assert in_top_half == (float(np.dot(up, mark - centre)) > 0)


class TurnedFeatures:
    """A stand-in classifier whose first feature is the crop's darkness in its top half minus its
    bottom half: a mark at the face's top."""
    def network_logits_and_features(self, crops):
        f = np.array([[c[c.shape[0] // 2:].mean() - c[:c.shape[0] // 2].mean(), 0.0] for c in crops])
        return np.zeros((len(crops), 2)), f


@pytest.mark.parametrize("degrees", [0, 90, 180, 270])
def test_a_vote_points_to_the_faces_top_in_the_photo(degrees):
    image, box, mark = tile_photo(degrees)
    (vote,) = face_up_votes(image, [box], TurnedFeatures(), FaceUpProbe(weight=[1.0, 0.0]))
    centre = np.array([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2])
    towards_mark = (mark - centre) / np.linalg.norm(mark - centre)
    assert np.linalg.norm(vote) == pytest.approx(TILE_VOTE)     # held within the vote
    assert float(np.dot(vote, towards_mark)) > 0.9 * TILE_VOTE


def test_a_probe_fitted_for_other_weights_is_not_used(tmp_path):
    weights = tmp_path / "classifier.pt"

    class Classifier:
        weights_path = weights
        weights_id = "abc"
    FaceUpProbe(weight=[1.0], model_id="other").save(tmp_path / "face_up.json")
    assert probe_for(Classifier()) is None
    FaceUpProbe(weight=[1.0], model_id="abc").save(tmp_path / "face_up.json")
    assert probe_for(Classifier()).weight == [1.0]


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data")
def test_the_shipped_probe_tells_a_hand_photo_turned_a_half():
    """A real hand row (test split, photographed from the owner's seat): its tiles' votes point up
    the photo, and down once the photo is turned a half."""
    from vision.reader import TileReader
    photo = sorted((SHARED / "test" / "images").glob("hand_*"))[0]
    image = cv2.imread(str(photo))
    reader = TileReader()
    assert reader.face_up is not None, "the shipped probe (models/classifier/face_up.json) is missing or stale"
    for turn, sign in ((None, -1), (cv2.ROTATE_180, 1)):
        reads = reader.read(image if turn is None else cv2.rotate(image, turn))
        votes = np.array([r.face_up for r in reads if r.face_up is not None])
        assert len(votes) >= 10
        assert sign * votes[:, 1].sum() > 2 * TILE_VOTE


@pytest.mark.parametrize("k", [1, 2, 3])
def test_a_read_of_the_photo_turned_upright_is_put_back_in_the_photos_pixels(k):
    from vision.face_up import unturned_read
    from vision.types import TileRead
    image, box, mark = tile_photo(0)
    image = image[:, :260]                           # not square: width and height tell apart
    turned = np.ascontiguousarray(np.rot90(image, k))
    ys, xs = np.nonzero(turned[..., 0] > 150)
    read = TileRead(code="1m", box=(float(xs.min()), float(ys.min()), float(xs.max() + 1), float(ys.max() + 1)),
                    confidence=1.0, corners=[(xs.min(), ys.min())] * 4, face_up=(0.0, -3.0))
    back = unturned_read(read, k, image.shape[1], image.shape[0], scale=2.0)
    assert np.allclose(back.box, [2 * v for v in box], atol=1e-6)
    # the vote pointed up the turned picture: in the photo it points where that up was
    up_of_turned = {1: (1.0, 0.0), 2: (0.0, 1.0), 3: (-1.0, 0.0)}[k]
    assert np.allclose(back.face_up, [3 * v for v in up_of_turned], atol=1e-9)
    # the tile's turn as a reading of the photo itself gives it: in (-180, 180]
    assert back.angle == {1: -90.0, 2: 180.0, 3: 90.0}[k]


def test_a_photo_is_turned_upright_only_when_its_faces_say_so_by_the_margin():
    from vision.face_up import faces_turn
    from vision.types import TileRead

    def reads(*votes):
        return [TileRead(code="1m", box=(0, 0, 1, 1), confidence=1.0, face_up=v) for v in votes]
    assert faces_turn(reads((0, -3), (0, -3)), 6.0) == 0                 # upright
    assert faces_turn(reads((0, 3), (0, 3), (0, 3)), 6.0) == 2           # from across the table
    assert faces_turn(reads((3, 0), (3, 0), (3, 0)), 6.0) == 1           # tops to the right
    assert faces_turn(reads((-3, 0), (-3, 0), (-3, 0)), 6.0) == 3
    assert faces_turn(reads((0, 3), (0, -3), (0, 3)), 6.0) == 0          # a margin of 3 only
    assert faces_turn(reads((0, 3), (0, 3), (0, 3)), None) == 0          # switched off
    assert faces_turn(reads(None, None), 6.0) == 0


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data")
@pytest.mark.parametrize("k", [1, 2])
def test_a_hand_photographed_from_across_the_table_is_read_upright(k):
    """The same real hand photo turned a half (taken from across the table) or a quarter: read
    again turned upright, its tiles are where they lie in the photo given and its hand is the one
    the photo as it stands gives, winning tile included."""
    from mjtable.pipeline import read_hand
    from scorer import Hand, format_hand
    from vision.detections import box_iou
    from vision.reader import TileReader
    photo = sorted((SHARED / "test" / "images").glob("hand_*"))[0]
    image = cv2.imread(str(photo))
    reader = TileReader()
    flat = reader.read(image)
    timings = {}
    turned = reader.read(np.ascontiguousarray(np.rot90(image, k)), timings=timings)
    assert "upright_ms" in timings                      # it was read again, upright
    h, w = image.shape[:2]
    back = [unturn_box(t.box, k, w, h) for t in turned]
    assert len(turned) == len(flat)
    assert all(max(box_iou(np.array([b]), np.array([f.box]))[0, 0] for f in flat) > 0.8 for b in back)

    def notation(reads):
        return format_hand(Hand.from_dict(read_hand(reads, rules="mcr")[2]))
    assert notation(turned) == notation(flat)


def unturn_box(box, k, w, h):
    """A box of a photo turned by np.rot90(photo, k), in the pixels of the photo as it stands."""
    x0, y0, x1, y1 = box
    pts = {1: [(w - y0, x0), (w - y1, x1)], 2: [(w - x0, h - y0), (w - x1, h - y1)]}[k]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data")
def test_a_photo_turned_a_quarter_whose_tiles_the_detectors_hardly_see_is_read_level():
    """A hand photo turned a quarter where the detectors find 8 of its 18 tiles: too few votes to
    say it is turned, but its tiles lie sideways, so it is read turned a quarter each way too."""
    from vision.reader import TileReader
    photo = next((SHARED / "valid" / "images").glob("hand_003_*"))
    image = cv2.imread(str(photo))
    reader = TileReader()
    flat = reader.read(image)
    timings = {}
    turned = reader.read(np.ascontiguousarray(np.rot90(image, 1)), timings=timings)
    assert "upright_ms" in timings
    assert len([t for t in turned if not t.face_down]) == len([t for t in flat if not t.face_down])


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data")
def test_a_hand_turned_a_quarter_whose_boxes_are_squares_is_read_upright():
    """A phone trial's hand of bamboo turned a quarter without its rotation tag: the detectors boxed
    its row as squares over two tiles each (neither sideways nor not), so the sideways tiles'
    turns were not tried and 9 of its 14 tiles were read, unsurely; any shape now
    (``LEVEL_ANY_SHAPE``), read unsurely, tries them."""
    from vision.reader import TileReader
    photo = next((SHARED / "valid" / "images").glob("hand_005_*"))
    image = np.ascontiguousarray(np.rot90(cv2.imread(str(photo)), 1))
    upright = [t.code for t in TileReader().read(str(photo)) if not t.face_down]
    turned = [t.code for t in TileReader().read(image) if not t.face_down]
    assert len(upright) == 14 and sorted(turned) == sorted(upright)


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data")
def test_a_photo_of_tiles_lying_sideways_read_surely_is_read_once():
    """A real photo whose 14 tiles all lie sideways and are read surely (a row photographed as it
    was laid, nothing turned): the sideways-tiles turns (LEVEL_SHARE) are not tried, as they are
    for the few unsure tiles of a photo turned a quarter (LEVEL_BELOW): each such try reads the
    photo twice more."""
    from vision.reader import TileReader
    photo = next((SHARED / "valid" / "images").glob("370212100_308456875281266_*"))
    reader = TileReader()
    reads_of = []
    read = reader._read

    def counted(image, *args, **kwargs):
        reads_of.append(image)
        return read(image, *args, **kwargs)
    reader._read = counted
    tiles = [t for t in reader.read(str(photo)) if not t.face_down]
    assert len(tiles) == 14 and all(t.box[2] - t.box[0] > t.box[3] - t.box[1] for t in tiles)
    assert len(reads_of) == 1


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data")
def test_a_photo_taken_from_across_the_table_is_read_once_upright():
    """The first detector's faces, voted before any tile is classified, say the photo is upside
    down: it is read upright at once, its tiles classified as often as the upright photo's, not
    read whole first and then again."""
    from vision.reader import TileReader
    photo = sorted((SHARED / "test" / "images").glob("hand_*"))[0]
    image = cv2.imread(str(photo))
    reader = TileReader()
    readings = []
    read_found = reader._read_found

    def counted(*args, **kwargs):
        readings.append(1)
        return read_found(*args, **kwargs)
    reader._read_found = counted
    flat = reader.read(image)
    upright_readings = len(readings)
    readings.clear()
    timings = {}
    turned = reader.read(np.ascontiguousarray(np.rot90(image, 2)), timings=timings)
    assert "upright_ms" in timings and len(turned) == len(flat)
    assert len(readings) == upright_readings


@pytest.mark.skipif(not SHARED.is_dir(), reason="needs ../shared/data")
def test_a_quarter_turn_that_cannot_find_more_sure_tiles_is_not_read_whole():
    """A trial's hand photo at night (a third of the light, sensor noise σ 12) read unsurely: its
    quarter turns were tried, and the noise, brightened and turned, gave 150 boxes a look, each
    read by three networks at three zooms: 17-25 s for the photo. A turn is kept only with more
    confident tiles than the photo as it stands; where its looks hold too few detections sure
    enough to give that many (a read's confidence is its detection's times its classifier's), its
    tiles are not read, and the photo reads as it did."""
    from vision.reader import TileReader
    photo = next((SHARED / "valid" / "images").glob("hand_004_*"))
    image = cv2.imread(str(photo))
    rng = np.random.default_rng(0)
    night = np.clip(image.astype(np.float32) * 0.3 + rng.normal(0, 12, image.shape), 0, 255).astype(np.uint8)
    night = cv2.imdecode(cv2.imencode(".jpg", night)[1], cv2.IMREAD_COLOR)       # saved by the phone
    reader = TileReader()
    read_found, read_decoded, boxes_read, tries = reader._read_found, reader._read_decoded, [], []

    def counted(found, *args):
        boxes_read.append(len(found[1]))
        return read_found(found, *args)
    reader._read_found = counted
    bounded = reader.read(night)
    bounded_boxes, boxes_read[:] = sum(boxes_read), []

    def unbounded(decoded, *args):
        tries.append(args[-1])
        return read_decoded(decoded, *args[:-1], None)
    reader._read_decoded = unbounded
    whole = reader.read(night)
    assert [t for t in tries if t is not None], "no quarter turn tried: the photo no longer tests the bound"
    assert [(t.code, t.box) for t in bounded] == [(t.code, t.box) for t in whole]
    assert bounded_boxes < sum(boxes_read) / 2, (bounded_boxes, sum(boxes_read))
