#!/bin/bash
# Session 5: the reader with the quarter-turn reading (models/classifier/MODEL_CARD.md).
#   bash tools/rectify_experiments/quarter_eval.sh 0.4
D=../shared/data/chinese-mahjong-detection
M=.venv/bin/mjtable
Q=${1:-0.4}   # the margin (vision.reader.QUARTER_TURN_MARGIN)
O=build/s5q_$Q
f() { grep -v -i warn | grep -E '"(recall|precision|accuracy|hand_rows_exact|crops)' ; }
echo "== valid classifier only";  $M eval $D/valid --classifier-only --quarter-turn $Q --out $O/valid_cls 2>&1 | f
echo "== valid reader";           $M eval $D/valid --quarter-turn $Q --out $O/valid 2>&1 | f
echo "== test reader";            $M eval $D/test --quarter-turn $Q --out $O/test 2>&1 | f
echo "== test classifier only";   $M eval $D/test --classifier-only --quarter-turn $Q --out $O/test_cls 2>&1 | f
echo "== GL reader";              $M eval build/heldout_gl --render-style gl --scenes 40 --quarter-turn $Q --out $O/gl 2>&1 | f
echo "== GL classifier only";     $M eval build/heldout_gl --render-style gl --scenes 40 --classifier-only --quarter-turn $Q --out $O/gl_cls 2>&1 | f
date -u
