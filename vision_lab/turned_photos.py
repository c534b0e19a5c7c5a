"""How the whole chain reads a hand photographed turned a little: each real ``hand_*`` photo is
read as it is, then turned by each angle (the corners filled with the edge's pixels), and the
hand rebuilt from the turned photo is compared with the one rebuilt from the photo as it is.

    python -m vision_lab.turned_photos --photos ../shared/data/chinese-mahjong-detection/{test,valid}/images

A player holds a phone a little askew: a hand read another way when turned (backwards, its row
split) is scored wrongly with no word, where the photo as it is read right.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def turned(image, degrees: float):
    """``image`` turned ``degrees`` counter-clockwise: a quarter turn whole (a photo whose rotation
    tag was lost), another angle on the same canvas, the corners filled with the edge's pixels."""
    import cv2
    import numpy as np
    if degrees % 90 == 0:
        return np.ascontiguousarray(np.rot90(image, int(degrees // 90) % 4))
    h, w = image.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.0)
    return cv2.warpAffine(image, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


def notation(hand: dict | None) -> str | None:
    from scorer import Hand, format_hand
    return format_hand(Hand.from_dict(hand)) if hand else None


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--photos", nargs="+", required=True, help="folders of hand_* photos")
    p.add_argument("--angles", default="-12,-8,-4,4,8,12",
                   help="turns in degrees, comma-separated (counter-clockwise; 90 and 270: a quarter turn, the whole photo kept)")
    p.add_argument("--rules", default="mcr")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    import cv2

    from mjtable.pipeline import read_hand
    from vision.reader import TileReader
    reader = TileReader()
    angles = [float(a) for a in args.angles.split(",")]
    photos = sorted(f for d in args.photos for f in Path(d).glob("hand_*") if f.suffix.lower() in (".jpg", ".png"))
    same, total, differ = 0, 0, []
    for path in photos:
        image = cv2.imread(str(path))
        flat = notation(read_hand(reader.read(image), rules=args.rules)[2])
        for a in angles:
            read = notation(read_hand(reader.read(turned(image, a)), rules=args.rules)[2])
            total += 1
            if read == flat:
                same += 1
            else:
                differ.append({"photo": path.name, "degrees": a, "flat": flat, "turned": read})
    out = {"photos": len(photos), "angles": angles, "turned_reads": total, "same_hand_as_flat": same,
           "differ": differ}
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"{len(photos)} photos x {len(angles)} turns: the hand read as from the photo as it is in "
              f"{same} of {total}")
        for d in differ:
            print(f"  {d['photo'][:20]} {d['degrees']:+g}°: {d['flat']} -> {d['turned']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
