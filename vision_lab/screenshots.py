"""A labelled photo folder as phone screenshots of its photos: each shown across a phone's width in a
gallery app, between flat bands holding the status bar (time, signal, Wi-Fi, battery), the app's bar
("< Photos", a date) and four buttons, in a dark or light theme, at a phone's size; or (``--app
chat``) sent in a chat, in a bubble two thirds of the screen wide with messages above and below it,
the chat's name at the top and its message box at the bottom, on a plain background (``--app
chat-wallpaper``: on a wallpaper of doodles, as a chat app's default one), or (``--app story``)
posted as a story, on a backdrop graded between two of its colours (``--app story-blurred``: on
itself enlarged and blurred); labels moved with the
photo. Written
as PNG, as phones save screenshots.

    python -m vision_lab.screenshots ../shared/data/chinese-mahjong-detection/valid --out build/shots/valid
    python -m vision_lab.screenshots ../shared/data/chinese-mahjong-detection/valid --app chat --out build/chats/valid

Made from the same photos, not an unseen set: it measures what a screenshot adds around a photo
(``vision.reader.screen_photo``)."""
from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from .capture_settings import folder_copy_parser, labelled_copy

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


#: Words of the chat screenshots' messages.
CHAT_WORDS = ("ok nice hand who won that mahjong pung again east round good game thanks see you tomorrow "
              "look at this wow").split()


def _message(canvas: np.ndarray, y: float, rng, s: float, fg, bubble) -> float:
    """A chat message (one line of 2-9 words in a bubble, at the left or the right) drawn from row
    ``y`` of ``canvas``; returns the row under it, a gap included."""
    words = " ".join(rng.choice(CHAT_WORDS, int(rng.integers(2, 10))))
    scale = 1.15 * s
    (tw, th), _ = cv2.getTextSize(words, cv2.FONT_HERSHEY_SIMPLEX, scale, 2)
    x0 = canvas.shape[1] - tw - 90 * s if rng.random() < 0.5 else 40 * s
    cv2.rectangle(canvas, (int(x0), int(y)), (int(x0 + tw + 50 * s), int(y + th + 50 * s)), bubble, -1)
    cv2.putText(canvas, words, (int(x0 + 25 * s), int(y + th + 25 * s)), cv2.FONT_HERSHEY_SIMPLEX, scale, fg, 2,
                cv2.LINE_AA)
    return y + th + 75 * s


def doodles(canvas: np.ndarray, rng, s: float, contrast: tuple = (8, 26)) -> None:
    """Cover ``canvas`` with a chat wallpaper's doodles: small outlined shapes (rings, squares,
    stars, zigzags, hearts of two arcs) 40-110 px across at a 1170-px screen's scale (``s``), in
    strokes 2-4 px wide a few grey levels off the background (``contrast``), every 90 px or so,
    as a chat app's default wallpaper draws its icons."""
    h, w = canvas.shape[:2]
    step = int(90 * s)
    base = canvas[0, 0].astype(int)
    for y in range(0, h + step, step):
        for x in range(0, w + step, step):
            cx, cy = x + int(rng.integers(-step // 3, step // 3)), y + int(rng.integers(-step // 3, step // 3))
            r = int(rng.uniform(20, 55) * s)
            shift = int(rng.integers(*contrast)) * (1 if base.mean() < 128 else -1)
            colour = tuple(int(np.clip(v + shift, 0, 255)) for v in base)
            thick = max(1, int(rng.uniform(2, 4) * s))
            kind = int(rng.integers(5))
            if kind == 0:
                cv2.circle(canvas, (cx, cy), r, colour, thick, cv2.LINE_AA)
            elif kind == 1:
                cv2.rectangle(canvas, (cx - r, cy - r), (cx + r, cy + r), colour, thick, cv2.LINE_AA)
            elif kind == 2:
                pts = [(cx + r * np.cos(a) * (1 if k % 2 == 0 else 0.45), cy + r * np.sin(a) * (1 if k % 2 == 0 else 0.45))
                       for k, a in enumerate(np.linspace(0, 2 * np.pi, 11)[:-1] + rng.uniform(0, 1))]
                cv2.polylines(canvas, [np.int32(pts)], True, colour, thick, cv2.LINE_AA)
            elif kind == 3:
                pts = [(cx - r + k * r // 2, cy + (r // 2 if k % 2 else -r // 2)) for k in range(5)]
                cv2.polylines(canvas, [np.int32(pts)], False, colour, thick, cv2.LINE_AA)
            else:
                cv2.ellipse(canvas, (cx - r // 2, cy), (r // 2, r // 2), 0, 180, 360, colour, thick, cv2.LINE_AA)
                cv2.ellipse(canvas, (cx + r // 2, cy), (r // 2, r // 2), 0, 180, 360, colour, thick, cv2.LINE_AA)
                cv2.polylines(canvas, [np.int32([(cx - r, cy), (cx, cy + r), (cx + r, cy)])], False, colour, thick,
                              cv2.LINE_AA)


def chat_screenshot(photo: np.ndarray, rng, width: int | None = None, dark: bool | None = None,
                    wallpaper: bool = False) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """``photo`` sent in a chat app on a phone (``width`` px wide, dark theme or not; drawn when
    None), on a plain background (``wallpaper``: covered with ``doodles``, as a chat app's default
    wallpaper): one to four messages above it, its bubble 62-78 % of the width at either side with
    the time under the photo, messages below down to the message box. Returns the screenshot and
    the photo's (left, top, width, height) in it."""
    width = int(rng.choice(SCREEN_WIDTHS)) if width is None else width
    height = int(width * rng.uniform(*SCREEN_SHAPE))
    dark = rng.random() < 0.4 if dark is None else dark
    s = width / 1170
    bg = (18, 18, 18) if dark else tuple(int(v) for v in rng.integers(215, 246, 3))
    fg = (235, 235, 235) if dark else (20, 20, 20)
    theirs, mine = ((60, 60, 60), (90, 140, 60)) if dark else ((255, 255, 255), (200, 245, 220))
    canvas = np.full((height, width, 3), bg, np.uint8)
    if wallpaper:
        doodles(canvas, rng, s)
    cv2.rectangle(canvas, (0, 0), (width, int(230 * s)), tuple(int(v * 0.9) for v in bg), -1)
    cv2.putText(canvas, "Mahjong club", (int(140 * s), int(180 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.3 * s, fg, 2,
                cv2.LINE_AA)
    y = 270 * s
    for _ in range(int(rng.integers(1, 5))):
        y = _message(canvas, y, rng, s, fg, theirs if rng.random() < 0.5 else mine)
    shown_w = int(width * rng.uniform(0.62, 0.78))
    shown = round(photo.shape[0] * shown_w / photo.shape[1])
    top = int(y + 10 * s)
    if top + shown > height - 400 * s:            # a tall photo: as high as the screen leaves it
        shown = int(height - 400 * s - top)
        shown_w = round(photo.shape[1] * shown / photo.shape[0])
    right = rng.random() < 0.5
    left = int(width - shown_w - 40 * s) if right else int(40 * s)
    cv2.rectangle(canvas, (left - 10, top - 10), (left + shown_w + 10, top + shown + 60), mine if right else theirs, -1)
    canvas[top:top + shown, left:left + shown_w] = cv2.resize(photo, (shown_w, shown), interpolation=cv2.INTER_AREA)
    cv2.putText(canvas, f"{rng.integers(1, 13)}:{rng.integers(0, 60):02d}", (left + shown_w - int(90 * s), top + shown + 45),
                cv2.FONT_HERSHEY_SIMPLEX, 0.8 * s, fg, 1, cv2.LINE_AA)
    y = top + shown + 90
    while y < height - 350 * s:
        y = _message(canvas, y, rng, s, fg, theirs if rng.random() < 0.5 else mine)
    cv2.rectangle(canvas, (0, int(height - 200 * s)), (width, height), tuple(int(v * 0.95) for v in bg), -1)
    cv2.rectangle(canvas, (int(40 * s), int(height - 170 * s)), (int(width - 160 * s), int(height - 90 * s)), theirs, -1)
    cv2.putText(canvas, "Message", (int(70 * s), int(height - 115 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.0 * s,
                (128, 128, 128), 2, cv2.LINE_AA)
    return canvas, (left, top, shown_w, shown)


def story_screenshot(photo: np.ndarray, rng, width: int | None = None, blurred: bool = False
                     ) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """``photo`` posted as a story on a phone (``width`` px wide; drawn when None): 80-100 % of the
    screen's width, at a random height, on a backdrop graded from top to bottom between two of the
    photo's own colours darkened or lightened (as a story app fills the screen around a photo;
    ``blurred``: the photo itself enlarged over the whole screen, blurred and darkened), under the
    story's progress bars, the poster's round picture, name and time, above a "Send message" box
    and a heart. Returns the screenshot and the photo's (left, top, width, height) in it."""
    width = int(rng.choice(SCREEN_WIDTHS)) if width is None else width
    height = int(width * rng.uniform(*SCREEN_SHAPE))
    s = width / 1170
    if blurred:
        side = max(height / photo.shape[0], width / photo.shape[1])
        big = cv2.resize(photo, (int(photo.shape[1] * side) + 1, int(photo.shape[0] * side) + 1))
        y0, x0 = (big.shape[0] - height) // 2, (big.shape[1] - width) // 2
        big = cv2.GaussianBlur(big[y0:y0 + height, x0:x0 + width], (0, 0), width * rng.uniform(0.02, 0.05))
        canvas = (big.astype(float) * rng.uniform(0.5, 0.8)).astype(np.uint8)
    else:
        pixels = photo.reshape(-1, 3)
        ends = [pixels[int(rng.integers(len(pixels)))].astype(float) * rng.uniform(0.4, 1.2) for _ in range(2)]
        grade = np.linspace(0, 1, height)[:, None]
        column = np.clip((1 - grade) * ends[0] + grade * ends[1], 0, 255)
        canvas = np.repeat(column[:, None, :], width, axis=1).astype(np.uint8)
    shown_w = int(width * rng.uniform(0.8, 1.0))
    shown = round(photo.shape[0] * shown_w / photo.shape[1])
    if shown > height - 700 * s:                   # a tall photo: as high as the bars leave it
        shown = int(height - 700 * s)
        shown_w = round(photo.shape[1] * shown / photo.shape[0])
    left = (width - shown_w) // 2
    top = int(rng.uniform(330 * s, height - 330 * s - shown))
    canvas[top:top + shown, left:left + shown_w] = cv2.resize(photo, (shown_w, shown), interpolation=cv2.INTER_AREA)
    white = (250, 250, 250)
    parts = int(rng.integers(1, 6))
    gap, x = 8 * s, 20 * s
    bar = (width - 40 * s - gap * (parts - 1)) / parts
    for k in range(parts):                        # the progress bars, the first ones seen
        cv2.rectangle(canvas, (int(x), int(40 * s)), (int(x + bar), int(48 * s)),
                      white if k < parts // 2 + 1 else (170, 170, 170), -1)
        x += bar + gap
    cv2.circle(canvas, (int(80 * s), int(120 * s)), int(40 * s), tuple(int(v) for v in rng.integers(60, 200, 3)), -1)
    cv2.putText(canvas, "mahjong.club", (int(140 * s), int(135 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.1 * s, white, 2,
                cv2.LINE_AA)
    cv2.putText(canvas, f"{rng.integers(1, 23)}h", (int(460 * s), int(135 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.0 * s,
                (200, 200, 200), 2, cv2.LINE_AA)
    cv2.rectangle(canvas, (int(40 * s), int(height - 190 * s)), (int(width - 200 * s), int(height - 90 * s)), white,
                  max(1, int(3 * s)), cv2.LINE_AA)
    cv2.putText(canvas, "Send message", (int(80 * s), int(height - 125 * s)), cv2.FONT_HERSHEY_SIMPLEX, 1.0 * s,
                white, 2, cv2.LINE_AA)
    hx, hy, r = int(width - 110 * s), int(height - 150 * s), int(22 * s)
    cv2.ellipse(canvas, (hx - r // 2, hy), (r // 2, r // 2), 0, 180, 360, white, max(1, int(4 * s)), cv2.LINE_AA)
    cv2.ellipse(canvas, (hx + r // 2, hy), (r // 2, r // 2), 0, 180, 360, white, max(1, int(4 * s)), cv2.LINE_AA)
    cv2.polylines(canvas, [np.int32([(hx - r, hy), (hx, hy + r), (hx + r, hy)])], False, white, max(1, int(4 * s)),
                  cv2.LINE_AA)
    return canvas, (left, top, shown_w, shown)


#: The apps a photo is shown in.
APPS = {"gallery": screenshot, "chat": chat_screenshot,
        "chat-wallpaper": lambda photo, rng: chat_screenshot(photo, rng, wallpaper=True), "story": story_screenshot,
        "story-blurred": lambda photo, rng: story_screenshot(photo, rng, blurred=True)}


def write_screenshots(source: Path, out: Path, seed: int = 0, app: str = "gallery") -> int:
    """Write ``source`` (a YOLO-format folder) to ``out`` as phone screenshots of ``app``
    (``APPS``); returns the number of images written."""
    out = Path(out)
    rng = np.random.default_rng(seed)
    written = 0
    for path, photo, label in labelled_copy(source, out):
        shot, (left, top, shown_w, shown) = APPS[app](photo, rng)
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
    parser = folder_copy_parser(__doc__)
    parser.add_argument("--seed", type=int, default=0,
                        help="the phones' sizes, themes, clocks, messages and the photos' places")
    parser.add_argument("--app", choices=sorted(APPS), default="gallery",
                        help="the app showing the photo: a gallery (default), a chat on a plain background, a "
                             "chat on a wallpaper of doodles, or a story on a graded backdrop or on the photo blurred")
    args = parser.parse_args(argv)
    n = write_screenshots(args.source, args.out, args.seed, args.app)
    print(f"{n} screenshots written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
