"""A second detector reads each photo too; its reading replaces the first's only when it has
clearly more confident tiles (vision.reader, SECOND_READ_FLOOR / SECOND_READ_MARGIN), and the
backs of the reading not kept that overlap none of its tiles are added (SECOND_BACKS_OVERLAP)."""
import numpy as np
import pytest

from vision import reader as reader_module
from vision.detections import Detections
from vision.reader import ReaderConfig, TileReader
from vision.classifier import CropReading


class SureClassifier:
    def classify(self, crops, embeddings=False, turn_average=None):
        return [CropReading("3s", 0.9, [("3s", 0.9), ("2s", 0.05), ("4s", 0.02)], None) for _ in crops]


class BoxesDetector:
    """Face-up tiles side by side, as sure as ``conf``."""
    def __init__(self, n, conf=0.9, x0=10):
        self.dets = Detections([[x0 + 40 * k, 100, x0 + 40 * k + 30, 140] for k in range(n)], [conf] * n, [0] * n)
        self.calls = 0

    def detect(self, image, imgsz=None):
        self.calls += 1
        return self.dets


class WithBacksDetector(BoxesDetector):
    """``BoxesDetector``'s row, and face-down tiles at ``backs`` (x0, y0, x1, y1), sure."""
    def __init__(self, n, backs, conf=0.9):
        super().__init__(n, conf)
        d = self.dets
        self.dets = Detections(np.vstack([d.xyxy, np.array(backs, float).reshape(-1, 4)]),
                               np.concatenate([d.confidence, [0.9] * len(backs)]),
                               np.concatenate([d.class_id, [1] * len(backs)]))


IMG = np.full((300, 600, 3), 120, np.uint8)


def read(first, second, **config):
    return TileReader(detector=first, classifier=SureClassifier(), tileness=None, second_detector=second,
                      config=ReaderConfig(**{"unsure_photo_below": None, **config})).read(IMG)


def test_the_second_reading_wins_with_clearly_more_confident_tiles():
    first, second = BoxesDetector(5), BoxesDetector(9, x0=12)
    reads = read(first, second)
    assert len(reads) == 9 and reads[0].box[0] == 12.0
    assert first.calls and second.calls


def test_the_first_reading_stays_unless_the_second_has_more_than_the_margin_more():
    # 10 confident tiles against 11: 11 is not more than 10 x 1.1
    assert len(read(BoxesDetector(10), BoxesDetector(11))) == 10
    assert len(read(BoxesDetector(10), BoxesDetector(12))) == 12
    assert len(read(BoxesDetector(10), BoxesDetector(11), second_read_margin=0.05)) == 11


def test_unsure_tiles_do_not_count_towards_the_second_reading():
    # 9 tiles read at 0.5 x 0.9 = 0.45: under the floor, so the first reading's 5 sure tiles stay
    assert len(read(BoxesDetector(5), BoxesDetector(9, conf=0.5))) == 5
    assert len(read(BoxesDetector(5), BoxesDetector(9, conf=0.5), second_read_floor=0.4)) == 9


def test_no_second_detector_reads_once():
    first = BoxesDetector(4)
    assert len(read(first, None)) == 4 and first.calls == 1


def test_the_shipped_second_detector_is_loaded_only_with_the_shipped_first(monkeypatch, tmp_path):
    loaded = []
    import vision.detector
    monkeypatch.setattr(vision.detector, "load_detector", lambda w=None, *a, **k: loaded.append(w) or BoxesDetector(1))
    monkeypatch.setattr(reader_module, "SECOND_DETECTOR_WEIGHTS", tmp_path / "bodies.pt")
    TileReader(classifier=SureClassifier(), tileness=None)            # no file: one detector
    assert loaded == [None]
    (tmp_path / "bodies.pt").write_bytes(b"")
    r = TileReader(classifier=SureClassifier(), tileness=None)
    assert loaded[-1] == tmp_path / "bodies.pt" and r.second_detector is not None
    loaded.clear()
    r = TileReader(detector_weights="other.pt", classifier=SureClassifier(), tileness=None)
    assert loaded == ["other.pt"] and r.second_detector is None     # another first detector: no second


def test_timings_add_both_readings():
    timings = {}
    TileReader(detector=BoxesDetector(3), classifier=SureClassifier(), tileness=None,
               second_detector=BoxesDetector(3)).read(IMG, timings=timings)
    assert set(timings) >= {"decode_ms", "detect_ms", "crop_ms", "classify_ms", "total_ms"}
    assert timings["total_ms"] >= timings["detect_ms"] + timings["classify_ms"] - 1e-6


def test_with_a_profile_the_readings_are_weighed_by_the_base_model_and_the_profile_reads_the_chosen(monkeypatch):
    first, second = BoxesDetector(5), BoxesDetector(9, x0=12)
    reader = TileReader(detector=first, classifier=SureClassifier(), tileness=None, second_detector=second)
    calls = []
    real = TileReader._read_found

    def recording(self, found, detector, scale, spent, embeddings, profile):
        calls.append((detector, profile))
        return real(self, found, detector, scale, spent, embeddings, None)

    monkeypatch.setattr(TileReader, "_read_found", recording)
    profile = object()
    reads = reader.read(IMG, profile=profile)
    assert calls == [(first, None), (second, None), (second, profile)]
    assert len(reads) == 9
    # the profile reads the chosen detector's detections: no detector looks at the photo twice
    assert (first.calls, second.calls) == (1, 1)


class CropCountingClassifier(SureClassifier):
    """``SureClassifier``, counting the crops it reads and which ones (by their pixels)."""
    classes = ["2s", "3s", "4s"]

    def __init__(self):
        self.read_crops = []

    def classify(self, crops, embeddings=False, turn_average=None):
        self.read_crops += [c.tobytes() for c in crops]
        return super().classify(crops, embeddings, turn_average)


class TwoSProfile:
    """A fine-tuned profile's stand-in: it reads every tile 2s."""
    uses_network = True
    dark_body = False

    def check_model(self, classifier):
        pass

    def white_has_ink(self):
        return None

    def classify_crops(self, classifier, crops, base_probs):
        probs = np.zeros((len(crops), len(classifier.classes)))
        probs[:, 0] = 1.0
        return probs


def test_with_a_profile_the_base_model_reads_each_crop_of_the_photo_once():
    # The readings are weighed without the profile, then the chosen one is read again with it:
    # the base model's readings of those crops are kept from the first time (docs/decisions.md).
    image = np.random.default_rng(0).integers(0, 255, (300, 600, 3), dtype=np.uint8)  # every crop its own
    counting = CropCountingClassifier()
    reader = TileReader(detector=BoxesDetector(5), classifier=counting, tileness=None,
                        second_detector=BoxesDetector(5, x0=12))
    reads = reader.read(image, profile=TwoSProfile())
    assert [r.code for r in reads] == ["2s"] * 5 and reads[0].box[0] == 10.0
    assert len(counting.read_crops) == len(set(counting.read_crops)) == 5     # read twice before
    again = reader.read(image, profile=TwoSProfile())     # a new photo read: nothing kept from the last
    assert len(counting.read_crops) == 10 and [r.code for r in again] == ["2s"] * 5
    base = reader.read(image)
    assert [r.code for r in base] == ["3s"] * 5 and len(counting.read_crops) == 15


def test_a_kept_base_reading_is_handed_out_as_a_copy():
    # a profile re-ranks the readings it is given in place: the base model's reading kept for the
    # photo must not take the profile's code when the same crop is read again
    crop = np.random.default_rng(1).integers(0, 255, (64, 64, 3), dtype=np.uint8)
    counting = CropCountingClassifier()
    token = reader_module._BASE_READINGS.set({})
    try:
        [first] = reader_module._base_readings(counting, [crop], False)
        first.code, first.top3[0] = "2s", ("2s", 0.99)
        [again] = reader_module._base_readings(counting, [crop.copy()], False)
    finally:
        reader_module._BASE_READINGS.reset(token)
    assert (again.code, again.top3[0]) == ("3s", ("3s", 0.9)) and len(counting.read_crops) == 1


class UnsureClassifier(SureClassifier):
    def classify(self, crops, embeddings=False, turn_average=None):
        return [CropReading("3s", 0.15, [("3s", 0.15), ("2s", 0.1), ("4s", 0.1)], None) for _ in crops]


def test_tiles_read_below_the_read_floor_are_left_out():
    # 0.9 x 0.15 = 0.135: under READ_FLOOR (0.15), so none is kept; at a floor of 0.1 all are
    def read_unsure(conf, **config):
        return TileReader(detector=BoxesDetector(4, conf=conf), classifier=UnsureClassifier(), tileness=None,
                          second_detector=None, config=ReaderConfig(**config)).read(IMG)
    assert reader_module.READ_FLOOR == 0.15
    assert read_unsure(0.9) == []
    assert len(read_unsure(0.9, read_floor=0.1)) == 4
    assert len(read_unsure(0.6, read_floor=None)) == 4
    assert read_unsure(0.9, read_floor=0.2) == []


def test_reads_much_smaller_than_the_photos_other_tiles_are_left_out():
    from vision.reader import without_small_reads
    from vision.types import TileRead
    tiles = [TileRead("3s", (40 * k, 0, 40 * k + 30, 40), 0.9) for k in range(4)]
    die = TileRead("5p", (200, 0, 215, 15), 0.9)                  # long side 15 against 40
    back = TileRead(None, (300, 0, 310, 10), 0.9, face_down=True)
    assert reader_module.SMALL_READ_SHARE == 0.6
    assert without_small_reads(tiles + [die, back], 0.6) == tiles + [back]
    assert without_small_reads(tiles + [die], 0.3) == tiles + [die]
    assert without_small_reads(tiles + [die], None) == tiles + [die]
    # with fewer than SMALL_READ_MIN face-up reads there is no photo's size to judge by
    assert without_small_reads(tiles[:2] + [die], 0.6) == tiles[:2] + [die]
    # a row lying flat behind a standing hand, seen from low: as wide as the hand's tiles, a
    # quarter of their height (a fifth of their area), and kept
    hand = [TileRead("3s", (40 * k, 100, 40 * k + 30, 140), 0.9) for k in range(5)]
    far_row = [TileRead("7p", (40 * k, 0, 40 * k + 28, 9), 0.9) for k in range(4)]
    assert without_small_reads(hand + far_row, 0.6) == hand + far_row
    # the reader applies it to the reading it keeps
    detector = BoxesDetector(5)
    detector.dets = Detections(list(detector.dets.xyxy) + [[400, 100, 412, 112]], [0.9] * 6, [0] * 6)
    reads = TileReader(detector=detector, classifier=SureClassifier(), tileness=None, second_detector=None).read(IMG)
    assert len(reads) == 5 and all(r.box[0] < 400 for r in reads)
    reads = TileReader(detector=detector, classifier=SureClassifier(), tileness=None, second_detector=None,
                       config=ReaderConfig(small_read_share=None)).read(IMG)
    assert len(reads) == 6


def test_unsure_reads_much_more_elongated_than_the_photos_other_tiles_are_left_out():
    from vision.reader import without_unsure_elongated_reads
    from vision.types import TileRead
    # a hand standing (30 x 40: 1.33) and a flat tile in front seen nearly edge-on (60 x 12: 5)
    hand = [TileRead("3s", (40 * k, 0, 40 * k + 30, 40), 0.9) for k in range(4)]
    edge_on = TileRead("8p", (0, 60, 60, 72), 0.25)
    assert (reader_module.ELONGATED_SHARE, reader_module.ELONGATED_FLOOR) == (2.0, 0.3)
    assert without_unsure_elongated_reads(hand + [edge_on], 2.0, 0.3) == hand
    # read surely, or not so elongated, it stays; so do face-down and unknown reads
    sure = TileRead("8p", (0, 60, 60, 72), 0.6)
    sideways = TileRead("8p", (0, 60, 40, 90), 0.25)                # 1.33, as the hand's
    back = TileRead(None, (0, 60, 60, 72), 0.25, face_down=True)
    odd = TileRead("8p", (0, 60, 60, 72), 0.25, unknown=True)
    assert without_unsure_elongated_reads(hand + [sure, sideways, back, odd], 2.0, 0.3) == \
        hand + [sure, sideways, back, odd]
    assert without_unsure_elongated_reads(hand + [edge_on], None, 0.3) == hand + [edge_on]
    assert without_unsure_elongated_reads(hand[:2] + [edge_on], 2.0, 0.3) == hand[:2] + [edge_on]
    # squashed pictures: every box as elongated, none left out
    squashed = [TileRead("3s", (12 * k, 0, 12 * k + 10, 60), 0.25) for k in range(5)]
    assert without_unsure_elongated_reads(squashed, 2.0, 0.3) == squashed
    # the reader applies it, without a tile-set profile
    detector = BoxesDetector(5)
    detector.dets = Detections(list(detector.dets.xyxy) + [[10, 200, 90, 214]], [0.9] * 5 + [0.3], [0] * 6)
    reads = TileReader(detector=detector, classifier=SureClassifier(), tileness=None, second_detector=None).read(IMG)
    assert len(reads) == 5 and all(r.box[1] < 200 for r in reads)
    reads = TileReader(detector=detector, classifier=SureClassifier(), tileness=None, second_detector=None,
                       config=ReaderConfig(elongated_share=None)).read(IMG)
    assert len(reads) == 6


def test_a_read_nested_in_a_surer_read_is_left_out():
    from vision.reader import without_nested_reads
    from vision.types import TileRead
    row = [TileRead("3s", (40 * k, 0, 40 * k + 30, 40), 0.9) for k in range(3)]
    # a standing 5s boxed whole and again by part of its face (a trial's boxes: 79 % of one inside the other)
    whole = TileRead("5s", (200, 0, 230, 40), 0.56)
    part = TileRead("5s", (203, 2, 228, 30), 0.69)
    assert reader_module.NESTED_SHARE == 0.6
    assert without_nested_reads(row + [whole, part], 0.6) == row + [part]     # the surer stays, wherever it lies
    assert without_nested_reads(row + [whole, part], None) == row + [whole, part]
    # touching or overlapping neighbours are not nested: a tile half over another stays
    half_over = TileRead("7p", (215, 0, 245, 40), 0.5)
    assert without_nested_reads(row + [whole, half_over], 0.6) == row + [whole, half_over]
    # a surer box over two tiles is no second box of either: their own reads stay
    pair = [TileRead("5s", (200, 0, 230, 40), 0.7), TileRead("6s", (230, 0, 260, 40), 0.7)]
    over_both = TileRead("5s", (200, 0, 260, 40), 0.8)
    assert without_nested_reads(row + pair + [over_both], 0.6) == row + pair + [over_both]
    # nested just under the share (17 of 30 px inside): both stay; just over (19 of 30): the less sure goes
    under, over = TileRead("5s", (213, 0, 243, 40), 0.4), TileRead("5s", (211, 0, 241, 40), 0.4)
    assert without_nested_reads([whole, under], 0.6) == [whole, under]
    assert without_nested_reads([whole, over], 0.6) == [whole]
    # a face-down read inside a face-up one is left alone (a kong's back beside its faces)
    back = TileRead(None, (203, 2, 228, 30), 0.9, face_down=True)
    assert without_nested_reads(row + [whole, back], 0.6) == row + [whole, back]
    # the reader applies it, with or without a tile-set profile's reading
    detector = BoxesDetector(4)
    detector.dets = Detections(list(detector.dets.xyxy) + [[12, 104, 38, 136]], [0.9] * 4 + [0.5], [0] * 5)
    reads = TileReader(detector=detector, classifier=SureClassifier(), tileness=None, second_detector=None).read(IMG)
    assert len(reads) == 4 and reads[0].box == (10.0, 100.0, 40.0, 140.0)
    reads = TileReader(detector=detector, classifier=SureClassifier(), tileness=None, second_detector=None,
                       config=ReaderConfig(nested_share=None)).read(IMG)
    assert len(reads) == 5


def test_backs_of_the_reading_not_kept_are_added_where_no_kept_tile_is():
    lone_back = [500, 100, 530, 140]            # beside the row: only the second detector sees it
    on_a_tile = [10, 100, 40, 140]              # where the first reading already has a face-up tile
    reads = read(BoxesDetector(4), WithBacksDetector(4, [lone_back, on_a_tile]))
    assert [r.face_down for r in reads] == [False] * 4 + [True]
    assert reads[-1].box == tuple(float(v) for v in lone_back)
    assert len(read(BoxesDetector(4), WithBacksDetector(4, [lone_back]), second_backs_overlap=None)) == 4
    # the second reading kept: the first's backs are the ones added
    reads = read(WithBacksDetector(2, [lone_back]), BoxesDetector(6))
    assert sum(r.face_down for r in reads) == 1 and len(reads) == 7


def test_added_backs_take_their_place_in_reading_order():
    from vision.reader import with_other_backs
    from vision.types import TileRead
    row = [TileRead("3s", (40.0 * k, 100.0, 40.0 * k + 30, 140.0), 0.9) for k in (0, 2)]
    back = TileRead(None, (40.0, 100.0, 70.0, 140.0), 0.9, face_down=True)
    above = TileRead(None, (0.0, 0.0, 30.0, 40.0), 0.9, face_down=True)
    merged = with_other_backs(row, [back, above], 0.3)
    assert [r.box[:2] for r in merged] == [(0.0, 0.0), (0.0, 100.0), (40.0, 100.0), (80.0, 100.0)]
    # a kept reading in another order (read in a turned look) keeps it; the back follows the kept
    # read before it in the photo
    turned = [row[1], row[0]]
    assert with_other_backs(turned, [back], 0.3) == [row[1], row[0], back]


def test_with_a_profile_the_backs_of_the_reading_not_kept_are_added_too(monkeypatch):
    lone_back = [500, 100, 530, 140]
    calls = []
    original = TileReader._read_found

    def read_found(self, found, detector, scale, spent, embeddings, profile):
        calls.append(profile)
        return original(self, found, detector, scale, spent, embeddings, None)

    monkeypatch.setattr(TileReader, "_read_found", read_found)
    reader = TileReader(detector=BoxesDetector(4), classifier=SureClassifier(), tileness=None,
                        second_detector=WithBacksDetector(4, [lone_back]))
    reads = reader.read(IMG, profile="a profile")
    # the first weighed by the base, the kept read again with the profile, then the second,
    # whose reading could not win, read for its back
    assert calls == [None, "a profile", None]
    assert [r.face_down for r in reads] == [False] * 4 + [True]


# -- the second reading left out where it could change nothing ------------------------------------
class CountingClassifier(SureClassifier):
    def __init__(self):
        self.crops = 0

    def classify(self, crops, embeddings=False, turn_average=None):
        self.crops += len(crops)
        return super().classify(crops, embeddings, turn_average)


def _reader(first, second, **config):
    clf = CountingClassifier()
    return TileReader(detector=first, classifier=clf, tileness=None, second_detector=second,
                      config=ReaderConfig(**config)), clf


def test_the_second_reading_is_not_classified_when_it_could_not_win():
    # 10 sure tiles against 11 boxes: 11 reads could not be more than 10 x 1.1
    reader, clf = _reader(BoxesDetector(10), BoxesDetector(11, x0=12))
    assert len(reader.read(IMG)) == 10 and clf.crops == 10
    # 12 boxes could win (and do)
    reader, clf = _reader(BoxesDetector(10), BoxesDetector(12, x0=12))
    assert len(reader.read(IMG)) == 12 and clf.crops == 22
    # boxes below the floor could never count, however many there are
    reader, clf = _reader(BoxesDetector(5), BoxesDetector(9, conf=0.45))
    assert len(reader.read(IMG)) == 5 and clf.crops == 5


def test_a_back_only_the_second_detector_found_is_still_added():
    lone_back = [500, 100, 530, 140]
    reader, clf = _reader(BoxesDetector(4), WithBacksDetector(4, [lone_back]))
    reads = reader.read(IMG)
    assert [r.face_down for r in reads] == [False] * 4 + [True] and clf.crops == 8
    # a back on a tile the first reading has, or one too unsure to be kept, adds nothing: not read
    on_a_tile, weak = [10, 100, 40, 140], [500, 100, 530, 140]
    second = WithBacksDetector(4, [on_a_tile, weak])
    second.dets.confidence[-1] = 0.4                      # under BACK_CONF
    reader, clf = _reader(BoxesDetector(4), second)
    assert [r.face_down for r in reader.read(IMG)] == [False] * 4 and clf.crops == 4
    # with the backs of the other reading off, no back asks for it
    reader, clf = _reader(BoxesDetector(4), WithBacksDetector(4, [lone_back]), second_backs_overlap=None)
    assert len(reader.read(IMG)) == 4 and clf.crops == 4


def test_leaving_the_second_reading_out_changes_no_reading_of_real_photos(monkeypatch):
    """On the committed photos, the shipped reader reads the same whether or not it leaves out
    the second detector's reading where that could change nothing."""
    from pathlib import Path

    from vision.detector import DEFAULT_WEIGHTS
    from vision.model_files import current_export
    from vision.reader import SECOND_DETECTOR_WEIGHTS
    if current_export(DEFAULT_WEIGHTS, "detector") is None or current_export(SECOND_DETECTOR_WEIGHTS, "detector") is None:
        pytest.skip("no current export of the shipped detectors")
    fixtures = Path(__file__).resolve().parents[1] / "fixtures" / "vision"
    photos = sorted(fixtures.glob("*.jpg")) + sorted((fixtures / "hands").glob("*.jpg"))
    reader = TileReader()
    moot = []
    real = TileReader.second_reading_cannot_win

    def recording(self, *args):
        moot.append(real(self, *args))
        return moot[-1]

    def key(reads):
        return [(r.code, tuple(round(v, 2) for v in r.box), round(r.confidence, 5), r.face_down) for r in reads]
    for photo in photos:
        monkeypatch.setattr(TileReader, "second_reading_cannot_win", recording)
        left_out = key(reader.read(photo))
        monkeypatch.setattr(TileReader, "second_reading_cannot_win", lambda self, *args: False)
        assert left_out == key(reader.read(photo)), photo.name
    assert len(photos) >= 8 and any(moot)              # the photos do exercise it


def test_with_a_profile_a_back_is_weighed_against_the_profiles_reading(monkeypatch):
    """A back of the second detector on a tile the base reading has but the profile's drops (a
    weak detection the profile reads less surely) is added, as reading the second would add it."""
    last_tile = [130, 100, 160, 140]                     # BoxesDetector(4)'s fourth box
    original = TileReader._read_found

    def read_found(self, found, detector, scale, spent, embeddings, profile):
        reads = original(self, found, detector, scale, spent, embeddings, None)
        return reads[:-1] if profile is not None else reads
    monkeypatch.setattr(TileReader, "_read_found", read_found)
    reader, clf = _reader(BoxesDetector(4), WithBacksDetector(4, [last_tile]))
    assert [r.face_down for r in reader.read(IMG)] == [False] * 4          # the base reading keeps it
    reads = reader.read(IMG, profile="a profile")
    assert [r.face_down for r in reads] == [False] * 3 + [True]
    assert reads[-1].box == tuple(float(v) for v in last_tile)


def test_the_second_detector_can_share_the_first_s_look():
    """``second_look`` "shared": the second detector looks at the picture as it stands and at the
    look the first detector chose (a diagonal row, turned level), instead of trying every look
    itself; the turned look wins as it would by the second's own choice, and its boxes come back
    into the picture's pixels through it."""
    from tests.vision.test_looks import ShapeDetector, _diagonal_row, _matches
    img, want = _diagonal_row(degrees=45)
    runs = {}
    for second_look in ("own", "shared"):
        first, second = ShapeDetector(), ShapeDetector()
        config = ReaderConfig(zoom_below=None, second_look=second_look)
        reader = TileReader(detector=first, classifier=SureClassifier(), tileness=None, second_detector=second,
                            config=config)
        spent = {"detect_ms": 0.0}
        look, _ = reader._detect(first, img, spent)
        other, _ = reader._detect(second, img, spent, like=look if second_look == "shared" else None)
        assert other.name == look.name == "turned 45°"
        assert _matches([other.box_in_source(b) for b in other.dets.xyxy], want, tol=4)
        second.runs.clear()
        reader.read(img)
        runs[second_look] = list(second.runs)
    assert len(runs["own"]) == 3                          # as it stands and both turns
    assert runs["shared"] == [runs["own"][0], runs["own"][-1]]   # as it stands and the first's turn


def test_a_shared_look_must_clearly_beat_the_picture_as_it_stands():
    """The first detector's look is the second's only where the second finds clearly more there
    (a rendered low-angle table: the first found nothing as it stands, the second 25 tiles)."""
    from vision.looks import Look
    from vision.reader import shared_look
    img = np.full((300, 600, 3), 120, np.uint8)
    turned = Look("turned -45°", np.zeros((500, 500, 3), np.uint8), Detections.empty(), degrees=-45.0)

    def detect(sure_as_is, sure_turned):
        def run(image):
            n = sure_as_is if image.shape == img.shape else sure_turned
            return Detections([[10 + 40 * k, 10, 40 + 40 * k, 50] for k in range(n)], [0.9] * n, [0] * n)
        return run
    assert shared_look(turned, img, detect(10, 12)).name == "as is"          # 10.8 against 9: not clearly
    assert shared_look(turned, img, detect(2, 12)).name == "turned -45°"     # 10.8 against 1.8 × 1.5 + 1
    as_is = Look("as is", img, Detections.empty())
    calls = []
    shared_look(as_is, img, lambda image: calls.append(image.shape) or Detections.empty())
    assert calls == [img.shape]                                               # one run: the first kept it as it stands
