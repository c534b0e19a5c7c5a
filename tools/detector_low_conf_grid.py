import sys; sys.path.insert(0, ".")
from pathlib import Path
from vision.evaluate import evaluate
from vision.reader import TileReader
base = TileReader(low_conf=None)
for low, v in ((None, None), (0.1, 0.95), (0.1, 0.99), (0.15, 0.99)):
    reader = TileReader(detector=base.detector, classifier=base.classifier, low_conf=None)
    if low:
        reader.accept_conf, reader.verify_conf = 0.3, v; base.detector.conf = low
    else:
        base.detector.conf = 0.3
    r = evaluate(Path(sys.argv[1]), reader, log=lambda *a: None)
    print(low, v, f"P {r['precision']:.4f} R {r['recall']:.4f} rows {r['hand_rows_exact']}/{r['hand_rows']}", flush=True)
