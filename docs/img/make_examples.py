"""Generate the example pictures of the README section "How to photograph a hand" from vision_lab.hand_layouts.

Run from the repository root: python docs/img/make_examples.py (writes docs/img/*.png)."""
import random, sys
sys.path.insert(0, '.')
import cv2, numpy as np
from scorer import parse, Hand
from scorer.hand import make_meld
from vision_lab import hand_layouts as L

def draw(placed, path, title, scale=34):
    cam = L.Camera(scale=scale, tilt=0, roll=0, distance=30, size=(1, 1))
    reads = L.project(placed, cam, shuffle=False)
    xs = [x for t in reads for x, _ in t.corners]; ys = [y for t in reads for _, y in t.corners]
    ox, oy = min(xs) - 20, min(ys) - 40
    w, h = int(max(xs) - ox + 20), int(max(ys) - oy + 20)
    img = np.full((h, w, 3), (60, 110, 40), np.uint8)  # green cloth
    cv2.putText(img, title, (10, 24), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (255, 255, 255), 1, cv2.LINE_AA)
    for p, t in zip(placed, reads):
        pts = np.array([[x - ox, y - oy] for x, y in t.corners], np.int32)
        cv2.fillPoly(img, [pts], (40, 120, 200) if p.face_down else (235, 245, 250))
        cv2.polylines(img, [pts], True, (30, 30, 30), 1, cv2.LINE_AA)
        if not p.face_down:
            cx, cy = pts.mean(axis=0)
            cv2.putText(img, p.code, (int(cx) - 11, int(cy) + 5), cv2.FONT_HERSHEY_SIMPLEX, 0.45,
                        (0, 0, 180) if p.code[1] in "fz" else (20, 20, 20), 1, cv2.LINE_AA)
    cv2.imwrite(path, img, [cv2.IMWRITE_PNG_COMPRESSION, 9])

h = parse("[555p,2][3p45p,1](7777s)11z24m 3m")
ctx = {"dora_indicators": ["2z"]}
placed = L.layout_hand(Hand(h.concealed, h.melds, h.winning_tile, context=__import__('scorer').Context(ctx)),
                       random.Random(1), style="riichi", melds_at="right", jitter=0.3, curve=0.0,
                       kong_face_down="ends", dead_wall=True)
draw(placed, "docs/img/riichi-layout.png", "riichi: melds right, claimed tiles sideways, dora row")

h = parse("[1111z,3]123m456p789s5z 5z")
h = Hand(h.concealed, (make_meld("kong", ["1z"] * 4, claimed="1z", from_="right", added=True),), h.winning_tile)
placed = L.layout_hand(h, random.Random(2), style="riichi", melds_at="right", jitter=0.3, curve=0.0)
draw(placed, "docs/img/added-kong.png", "added kong: 4th tile against the sideways one")

h = parse("[222m](9999p)[789s]11z45p 6p 27f")
placed = L.layout_hand(h, random.Random(3), style="chinese", melds_at="front", bonus_at="left",
                       jitter=0.3, curve=0.0, kong_face_down="middle")
draw(placed, "docs/img/chinese-layout.png", "MCR / HK: melds in front, flowers aside")
