#!/bin/bash
# Figures of the installed models (models/classifier/MODEL_CARD.md); run from the repository
# root. Extra arguments go to every `mjtable eval`:
#   bash tools/rectify_experiments/full_eval.sh build/s6                          # as shipped
#   bash tools/rectify_experiments/full_eval.sh build/s5 --quarter-turn -1        # session 5's reading
#   bash tools/rectify_experiments/full_eval.sh build/q_0.4 --quarter-turn 0.4    # another margin
O=${1:-build/s6}; shift || true
D=../shared/data/chinese-mahjong-detection
M=".venv/bin/mjtable eval"
GL="build/heldout_gl --render-style gl --scenes 40"
f() { grep -v -i warn | grep -E '"(recall|precision|accuracy|hand_rows_exact|hand_rows|crops|tiles)' ; }
run() { local name=$1; shift; echo "== $name"; $M "$@" "${EXTRA[@]}" --out "$O/$name" 2>&1 | f; }
EXTRA=("$@")
run valid_noprobe $D/valid --no-tileness
run valid $D/valid
run valid_cls $D/valid --classifier-only
run test $D/test
run test_noprobe $D/test --no-tileness
run test_cls $D/test --classifier-only
run test_hand_cls $D/test --classifier-only --only-prefix hand_
run valid_hand_cls $D/valid --classifier-only --only-prefix hand_
run gl $GL
run gl_noprobe $GL --no-tileness
run gl_cls $GL --classifier-only
date -u
