"""Session 5 experiment (models/classifier/MODEL_CARD.md, "Session 5"). Run from the repository root."""
import sys; sys.path.insert(0, ".")
import vision.crops as C
from vision import evaluate as E
from vision.classifier import CropClassifier
C.RECTIFY = sys.argv[1] == "rect"
r = E.evaluate_classifier(sys.argv[2], CropClassifier()) if hasattr(E, "evaluate_classifier") else None
print(sys.argv[1], sys.argv[2], r["crops"], round(r["accuracy"], 4))
