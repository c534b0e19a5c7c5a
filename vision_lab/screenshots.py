"""A labelled photo folder as phone screenshots of its photos: each shown across a phone's width in a
gallery app, between flat bands holding the status bar (time, signal, Wi-Fi, battery), the app's bar
("< Photos", a date) and four buttons, in a dark or light theme, at a phone's size; labels moved with
the photo. Written as PNG, as phones save screenshots.

    python -m vision_lab.screenshots ../shared/data/chinese-mahjong-detection/valid --out build/shots/valid

Made from the same photos, not an unseen set: it measures what a screenshot adds around a photo
(``vision.reader.screen_photo``)."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .capture_settings import folder_copy_main, labelled_copy

#: Phone screens' widths in pixels, and their height over their width.
SCREEN_WIDTHS = (1080, 1170, 1284)
SCREEN_SHAPE = (2.05, 2.2)


def screenshot(photo: np.ndarray, rng, width: int | None = None, dark: bool | None = None
               ) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """``photo`` shown in a gallery app on a phone (``width`` px wide, in a ``dark`` theme or not;
    drawn when None): the screenshot, and the photo's (left, top, width, height) in it."""
    width = int(rng.choice(SCREEN_WIDTHS)) if width is None else width
    height = int(width * rng.uniform(*SCREEN_SHAPE))
    dark = rng.random() < 0.5 if dark is None else dark
    bg, fg = ((0, 0, 0), (255, 255, 255)) if dark else ((255, 255, 255), (20, 20, 20))
    canvas = np.full((height, width, 3), bg, np.uint8)
    shown = min(height - 600, round(photo.shape[0] * width / photo.shape[1]))
    shown_w = min(width, round(photo.shape[1] * shown / photo.shape[0]))     # rounding may pass the width by one
    top = (height - shown) // 2 + int(rng.integers(-100, 100))
    left = (width - shown_w) // 2
    canvas[top:top + shown, left:left + shown_w] = cv2.resize(photo, (shown_w, shown), interpolation=cv2.INTER_AREA)
    s = width / 1170
    thick = int(4 * s) + 1
    clock = f"{rng.integers(1, 13)}:{rng.integers(0, 60):02d}"
    cv2.putText(canvas, clock, (int(90 * s), int(95 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.6 * s, fg, thick, cv2.LINE_AA)
    x0 = int(width - 330 * s)
    for i in range(4):             # signal bars
        cv2.rectangle(canvas, (x0 + int(i * 22 * s), int((78 - 12 * i) * s)), (x0 + int((i * 22 + 14) * s), int(92 * s)),
                      fg, -1)
    cv2.ellipse(canvas, (int(width - 190 * s), int(95 * s)), (int(30 * s), int(30 * s)), 0, 225, 315, fg, int(7 * s),
                cv2.LINE_AA)
    cv2.rectangle(canvas, (int(width - 140 * s), int(58 * s)), (int(width - 60 * s), int(95 * s)), fg, int(3 * s),
                  cv2.LINE_AA)
    cv2.rectangle(canvas, (int(width - 134 * s), int(64 * s)), (int(width - 134 * s + rng.uniform(10, 68) * s), int(89 * s)),
                  fg, -1)
    cv2.putText(canvas, "< Photos", (int(40 * s), int(200 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.3 * s, fg, thick - 1,
                cv2.LINE_AA)
    cv2.putText(canvas, f"Today {clock}", (int(width / 2 - 150 * s), int(200 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.1 * s,
                fg, thick - 1, cv2.LINE_AA)
    for i in range(4):             # the app's buttons
        cx = int(width * (i + 0.5) / 4)
        cv2.rectangle(canvas, (cx - int(28 * s), height - int(190 * s)), (cx + int(28 * s), height - int(130 * s)), fg,
                      int(4 * s), cv2.LINE_AA)
    return canvas, (left, top, shown_w, shown)


def write_screenshots(source: Path, out: Path, seed: int = 0) -> int:
    """Write ``source`` (a YOLO-format folder) to ``out`` as phone screenshots; returns the number
    of images written."""
    out = Path(out)
    rng = np.random.default_rng(seed)
    written = 0
    for path, photo, label in labelled_copy(source, out):
        shot, (left, top, shown_w, shown) = screenshot(photo, rng)
        height, width = shot.shape[:2]
        cv2.imwrite(str(out / "images" / (path.stem + ".png")), shot)
        lines = []
        for line in (label.read_text().splitlines() if label.exists() else []):
            parts = line.split()
            if len(parts) < 5:
                continue
            c, x, y, w, h = parts[0], *map(float, parts[1:5])
            lines.append(f"{c} {(left + x * shown_w) / width:.6f} {(top + y * shown) / height:.6f} "
                         f"{w * shown_w / width:.6f} {h * shown / height:.6f}")
        (out / "labels" / (path.stem + ".txt")).write_text("".join(f"{l}\n" for l in lines))
        written += 1
    return written


def main(argv=None) -> int:
    return folder_copy_main(argv, __doc__, write_screenshots, "the phones' sizes, themes, clocks and the photos' places",
                            "screenshots")


if __name__ == "__main__":
    raise SystemExit(main())
