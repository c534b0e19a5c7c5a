#!/bin/bash
# Session 5 figures of the installed classifier (models/classifier/MODEL_CARD.md); run from the repository root.
# Session 5 figures for the installed classifier (run from the repo root).
D=../shared/data/chinese-mahjong-detection
M=.venv/bin/mjtable
f() { grep -v -i warn | grep -E '"(recall|precision|accuracy|hand_rows_exact|hand_rows|crops|tiles)' ; }
echo "== valid reader, no probe";  $M eval $D/valid --no-tileness --out build/s5/valid_noprobe 2>&1 | f
echo "== valid reader";            $M eval $D/valid --out build/s5/valid 2>&1 | f
echo "== test reader";             $M eval $D/test --out build/s5/test 2>&1 | f
echo "== test reader, no probe";   $M eval $D/test --no-tileness --out build/s5/test_noprobe 2>&1 | f
echo "== test classifier only";    $M eval $D/test --classifier-only --out build/s5/test_cls 2>&1 | f
echo "== test hand_ classifier only"; $M eval $D/test --classifier-only --only-prefix hand_ --out build/s5/test_hand_cls 2>&1 | f
echo "== valid hand_ classifier only"; $M eval $D/valid --classifier-only --only-prefix hand_ --out build/s5/valid_hand_cls 2>&1 | f
echo "== GL reader";               $M eval build/heldout_gl --render-style gl --scenes 40 --out build/s5/gl 2>&1 | f
echo "== GL reader, no probe";     $M eval build/heldout_gl --render-style gl --scenes 40 --no-tileness --out build/s5/gl_noprobe 2>&1 | f
echo "== GL classifier only";      $M eval build/heldout_gl --render-style gl --scenes 40 --classifier-only --out build/s5/gl_cls 2>&1 | f
date -u
