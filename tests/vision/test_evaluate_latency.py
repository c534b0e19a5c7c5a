"""``mjtable eval`` reports the reader's time per photo: median, 95th percentile and the slowest
photos by name (the speed target is on the p95 over real photos, not the median alone); and the
reads that overlap no labelled tile, which are what precision loses."""
import cv2
import numpy as np

from vision_lab.evaluate import evaluate


def test_the_evaluation_reports_median_p95_and_the_slowest_photos(tmp_path):
    folder = tmp_path / "split"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    (folder / "data.yaml").write_text("names: [sc1]\n")
    times = {f"photo_{k:02d}": float(10 * (k + 1)) for k in range(20)}     # 10 ... 200 ms
    for name in times:
        cv2.imwrite(str(folder / "images" / f"{name}.jpg"), np.full((32, 32, 3), 200, np.uint8))
        (folder / "labels" / f"{name}.txt").write_text("")

    class Reader:
        classifier = None

        def read(self, path, timings=None, profile=None):
            timings["total_ms"] = times[path.rsplit("/", 1)[-1][:-4]]
            return []

    result = evaluate(folder, Reader(), log=lambda *a: None)
    assert result["latency_ms_median"] == 105.0
    assert result["latency_ms_p95"] == np.percentile(list(times.values()), 95) > 190
    assert result["latency_ms_max"] == 200.0
    assert [name for name, _ in result["slowest_images"]] == ["photo_19.jpg", "photo_18.jpg", "photo_17.jpg",
                                                              "photo_16.jpg", "photo_15.jpg"]


def _one_photo_split(tmp_path, names: str, labels: str, reads):
    """A split of one 100 × 100 photo with ``labels`` (YOLO lines), and a reader that reads
    ``reads`` there; its classifier reads every labelled box as a 1m."""
    from vision.classifier import CropReading
    folder = tmp_path / "split"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    (folder / "data.yaml").write_text(f"names: {names}\n")
    cv2.imwrite(str(folder / "images" / "photo.jpg"), np.full((100, 100, 3), 200, np.uint8))
    (folder / "labels" / "photo.txt").write_text(labels)

    class Classifier:
        def classify(self, crops, embeddings=False, turn_average=None):
            return [CropReading("1m", 0.9, [("1m", 0.9)], None) for _ in crops]

    class Reader:
        classifier = Classifier()

        def read(self, path, timings=None, profile=None):
            return list(reads)

    return folder, Reader()


def test_the_evaluation_names_the_reads_that_overlap_no_labelled_tile(tmp_path):
    from vision.types import TileRead
    # a 1m at (10, 10)-(30, 30)
    folder, reader = _one_photo_split(tmp_path, "['1m']", "0 0.2 0.2 0.2 0.2\n",
                                      [TileRead("1m", (10, 10, 30, 30), 0.9), TileRead("5z", (60, 60, 80, 80), 0.25)])
    result = evaluate(folder, reader, log=lambda *a: None, out=tmp_path / "out")
    assert result["right_reads"] == 1 and result["precision"] == 0.5
    assert result["reads_on_no_tile"] == ["photo.jpg: 5z at 0.25, box [60, 60, 80, 80]"]
    assert "5z at 0.25" in (tmp_path / "out" / "report.md").read_text()


def test_the_evaluation_names_the_labelled_tiles_no_read_matches_and_how_near_a_read_came(tmp_path):
    from vision.types import TileRead
    # a 1m at (10, 10)-(30, 30), read; a 2m at (50, 10)-(70, 30), cut short; a 2m at (10, 60)-(30, 80), not found
    folder, reader = _one_photo_split(tmp_path, "['1m', '2m']",
                                      "0 0.2 0.2 0.2 0.2\n1 0.6 0.2 0.2 0.2\n1 0.2 0.7 0.2 0.2\n",
                                      [TileRead("1m", (10, 10, 30, 30), 0.9), TileRead("2m", (50, 10, 58, 30), 0.8)])
    result = evaluate(folder, reader, log=lambda *a: None, out=tmp_path / "out")
    assert result["right_reads"] == 1 and result["recall"] == 1 / 3
    assert result["missed"] == ["photo.jpg: 2m, box [50, 10, 70, 30], best overlap 0.40",
                                "photo.jpg: 2m, box [10, 60, 30, 80], best overlap 0.00"]
    assert "2m, box [10, 60, 30, 80], best overlap 0.00" in (tmp_path / "out" / "report.md").read_text()


def test_the_evaluation_tells_reads_on_faces_no_label_marks_from_reads_on_nothing(tmp_path):
    from vision.types import TileRead
    # a 1m labelled at (10, 10)-(30, 30); a 2m at (60, 10)-(80, 30) seen too edge-on for a label
    folder, reader = _one_photo_split(tmp_path, "['1m', '2m']", "0 0.2 0.2 0.2 0.2\n",
                                      [TileRead("1m", (10, 10, 30, 30), 0.9), TileRead("2m", (60, 10, 80, 30), 0.4),
                                       TileRead("5z", (60, 60, 80, 80), 0.25)])
    without = evaluate(folder, reader, log=lambda *a: None)
    assert without["reads_on_no_label"] == 2 and without["reads_on_unlabelled_faces"] is None
    (folder / "unlabelled").mkdir()
    (folder / "unlabelled" / "photo.txt").write_text("1 0.7 0.2 0.2 0.2\n")
    result = evaluate(folder, reader, log=lambda *a: None, out=tmp_path / "out")
    assert result["precision"] == 1 / 3                     # precision still counts them
    assert result["reads_on_unlabelled_faces"] == 1 and result["reads_on_unlabelled_faces_right"] == 1
    assert "reads on no label: 2, of which 1 on a tile face" in (tmp_path / "out" / "report.md").read_text()


def test_the_benchmark_photo_is_made_without_the_shared_data(tmp_path, monkeypatch):
    # without ../shared the rendered fallback needed ../shared's artwork: a traceback, exit 1
    import cv2

    from mjtable.benchmarks.read_bench import make_bench_image
    from vision_lab.synth import render

    def no_artwork(*a, **k):
        raise FileNotFoundError("no artwork found under ../shared/data/artwork")
    monkeypatch.setattr(render, "random_style", no_artwork)
    path = make_bench_image(tmp_path / "no-shared-data", tmp_path / "bench.jpg")
    assert cv2.imread(str(path)).shape == (3024, 4032, 3)


def test_a_red_five_read_on_a_labelled_five_counts_where_the_label_classes_name_no_red_five(tmp_path):
    from vision.types import TileRead
    # a 5m at (10, 10)-(30, 30), read as a red five; a 1m at (50, 10)-(70, 30), read right
    reads = [TileRead("0m", (10, 10, 30, 30), 0.9), TileRead("1m", (50, 10, 70, 30), 0.9)]
    folder, reader = _one_photo_split(tmp_path, "['1m', '5m']", "1 0.2 0.2 0.2 0.2\n0 0.6 0.2 0.2 0.2\n", reads)
    result = evaluate(folder, reader, log=lambda *a: None, out=tmp_path / "out")
    assert result["right_reads"] == 2 and result["red_fives_read_on_fives"] == 1
    # the read is the five's, in its row's precision too (it stood as a read of 0m, none right)
    assert result["per_class"]["5m"]["reads"] == 1 and result["per_class"]["5m"]["precision"] == 1.0
    assert "0m" not in result["per_class"]
    assert "red fives read on labelled fives, counted right" in (tmp_path / "out" / "report.md").read_text()
    # classes that name red fives, though no label uses one (a rendered set whose faces have no
    # red five): a red five on a plain five is a misreading, whatever photos are read
    (folder / "data.yaml").write_text("names: ['1m', '5m', '0m']\n")
    strict = evaluate(folder, reader, log=lambda *a: None, out=tmp_path / "strict")
    assert strict["right_reads"] == 1 and strict["red_fives_labelled"] and strict["red_fives_read_on_fives"] == 0
    assert strict["errors"] == ["photo.jpg: 5m read as 0m (p=0.90)"]
    report = (tmp_path / "strict" / "report.md").read_text()
    assert "red fives read" not in report and "\n\n- reads on no label" not in report     # one list, unbroken


def test_the_classifier_alone_counts_a_red_five_on_a_five_where_the_labels_mark_no_red_five(tmp_path):
    from vision.classifier import CropReading
    from vision_lab.evaluate import evaluate_classifier
    folder, _ = _one_photo_split(tmp_path, "['1m', '5m']", "1 0.2 0.2 0.2 0.2\n0 0.6 0.2 0.2 0.2\n", [])

    class Classifier:
        def classify(self, crops, embeddings=False, turn_average=None):
            return [CropReading("0m", 0.9, [("0m", 0.9)], None) for _ in crops]

    result = evaluate_classifier(folder, Classifier())
    assert result["crops"] == 2 and result["accuracy"] == 0.5       # the 0m on the 5m right, on the 1m wrong


def test_the_evaluation_counts_the_photos_said_out_of_focus_or_too_dark(tmp_path):
    # the warning of a blurred photo is chosen on blurred copies of a split: its count is measured
    from vision.types import TileRead, TileReads
    folder, reader = _one_photo_split(tmp_path, "['1m']", "0 0.2 0.2 0.2 0.2\n", [])
    reader.read = lambda path, timings=None, profile=None: TileReads([TileRead("1m", (10, 10, 30, 30), 0.9)],
                                                                      blurred=True)
    result = evaluate(folder, reader, log=lambda *a: None, out=tmp_path / "out")
    assert (result["photos_said_blurred"], result["photos_said_dark"]) == (1, 0)
    assert "photos said out of focus: 1, too dark: 0" in (tmp_path / "out" / "report.md").read_text()


def test_hand_photos_are_counted_rebuilt_with_the_labels_tiles_or_with_others(tmp_path):
    # the reader's report says how many hand photos whose labels make a winning hand were rebuilt
    # with those tiles, and names those rebuilt with other tiles (a wrong score, given silently)
    from collections import Counter

    from vision import TileRead
    from vision_lab.evaluate import rebuilt_tiles, winning_tiles
    hand = "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z".split()
    assert winning_tiles(hand) == Counter(hand)
    assert winning_tiles(hand + ["1f"]) == Counter(hand)          # a flower aside
    assert winning_tiles(hand[:-1] + ["3z"]) is None              # no winning hand
    assert winning_tiles(hand[:-1]) is None
    row = [TileRead(c, (40.0 * k, 0.0, 40.0 * k + 38, 54.0), 0.99) for k, c in enumerate(hand)]
    assert rebuilt_tiles(row) == Counter(hand)
    assert rebuilt_tiles(row[:-2]) is None
    folder = tmp_path / "split"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    names = sorted(set(hand))
    label = {"1z": "hwe", "2z": "hws", **{c: {"m": "sc", "p": "sd", "s": "sb"}[c[1]] + c[0] for c in names if c[1] != "z"}}
    (folder / "data.yaml").write_text("names: [" + ", ".join(label[c] for c in names) + "]\n")
    for name in ("hand_001", "hand_002"):
        cv2.imwrite(str(folder / "images" / f"{name}.jpg"), np.full((100, 600, 3), 200, np.uint8))
        (folder / "labels" / f"{name}.txt").write_text("".join(
            f"{names.index(c)} {(40 * k + 19) / 600:.4f} 0.27 {38 / 600:.4f} 0.54\n" for k, c in enumerate(hand)))
    # the East pung read as West's: another winning hand, scored as it stands
    misread = [TileRead("3z", r.box, 0.99) if r.code == "1z" else r for r in row]

    class Classifier:        # the classifier alone on the labelled boxes: not what this counts
        def classify(self, crops, **_):
            return [TileRead("1m", (0, 0, 1, 1), 0.5) for _ in crops]

    class Reader:
        classifier = Classifier()

        def read(self, path, timings=None, profile=None):
            return row if "hand_001" in path else misread
    result = evaluate(folder, Reader(), log=lambda *a: None)
    assert result["hand_photos_winning"] == 2 and result["hands_rebuilt"] == 1, result
    assert result["hands_rebuilt_other"] == 1 and result["hands_rebuilt_other_photos"] == ["hand_002.jpg"]
