#!/bin/bash
# Session 11: measure a candidate classifier (build/runs/NAME) as it would ship: its temperature
# (calibration.json, with the shipped sure_base 0.98), its tile/not-tile probe, then the reader
# and the classifier alone on valid and on the unseen GL scenes.
#   bash tools/eval_classifier_candidate.sh NAME
set -x
N=${1:?name}
cd "$(dirname "$0")/.."
D=build/s11/$N; mkdir -p $D
cp build/runs/$N/weights/best.pt $D/classifier.pt
P=.venv/bin/python; M=.venv/bin/mjtable
$P -c "from vision.training import calibrate_classifier; print(calibrate_classifier('$D/classifier.pt', 'build/crops_$N/val'))"
$P -c "import json; p='$D/calibration.json'; d=json.load(open(p)); d['sure_base']=0.98; json.dump(d, open(p,'w'), indent=1)"
$P -m vision.tileness --classifier $D/classifier.pt
$M eval ../shared/data/chinese-mahjong-detection/valid --classifier $D/classifier.pt --out build/s11/valid_$N > build/s11/valid_$N.log 2>&1
$M eval build/heldout_gl --classifier $D/classifier.pt --out build/s11/gl_$N > build/s11/gl_$N.log 2>&1
$M eval build/heldout_gl --classifier-only --classifier $D/classifier.pt --out build/s11/gl_${N}_co > build/s11/gl_${N}_co.log 2>&1
$M eval ../shared/data/chinese-mahjong-detection/valid --classifier-only --classifier $D/classifier.pt --out build/s11/valid_${N}_co > build/s11/valid_${N}_co.log 2>&1
