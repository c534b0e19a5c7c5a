"""A self-contained kit for training the classifier on another machine (``vision_lab.train_packed_classifier``).

The classifier's crops are mostly rendered, and rendering is cheap on many cores, so the kit does
not carry rendered crops: it carries what the renderer needs and that machine lacks (the artwork
of ../shared/data/artwork, the CJK fonts cut down to the glyphs the procedural faces draw) and the
one thing that cannot be rendered, the real photos' labelled tiles, already cut (train split with
the jitter and turns of ``crop_dataset.photo_crops``, valid split as it is), as JPEG in one
archive (``photos.tar.gz``): the carried folder has a size limit (64 MiB with the repository),
and the lent machine's tool refused the kit's 13,103 crop files (30 MB) though the whole came to
62 MB of file contents; with the crops as one archive (21 MB) it went.

    python -m vision_lab.pack_classifier --out gpu/cls_kit
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import tarfile
from pathlib import Path

import cv2
import numpy as np

from .datasets import DEFAULT_SHARED

#: JPEG quality of the carried photo crops (each is a cut of a phone photo, itself a JPEG)
PHOTO_CROP_JPEG_QUALITY = 92


def glyphs_drawn() -> str:
    """Every non-ASCII character in the renderer's sources: the procedural and odd faces draw
    nothing else, so a font cut down to these (and ASCII) draws every face the full font does."""
    chars: set[str] = set(chr(c) for c in range(32, 127))
    for src in (Path(__file__).resolve().parent / "synth").glob("*.py"):
        chars.update(ch for ch in src.read_text(encoding="utf-8") if ord(ch) > 127)
    return "".join(sorted(chars))


def subset_fonts(out: Path, text: str) -> list[str]:
    """Write every installed CJK font the procedural faces use, cut down to ``text``, under the
    same file name and face indices (``procedural._FONT_FILES``). The outlines are the same; the
    TrueType ones (arphic, wqy) rasterise a pixel apart here and there (hinting)."""
    from fontTools import subset
    from fontTools.ttLib import TTCollection, TTFont
    from .synth.procedural import cjk_fonts
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted({p for p, _, _ in cjk_fonts()}):
        options = subset.Options()
        options.font_number = -1
        options.notdef_outline = True
        options.name_IDs = ["*"]
        if path.endswith(".ttc"):
            collection = TTCollection(path)
            for font in collection.fonts:
                subsetter = subset.Subsetter(options)
                subsetter.populate(text=text)
                subsetter.subset(font)
            collection.save(str(out / Path(path).name))
        else:
            font = TTFont(path)
            subsetter = subset.Subsetter(options)
            subsetter.populate(text=text)
            subsetter.subset(font)
            font.save(str(out / Path(path).name))
        written.append(Path(path).name)
    return written


def pack_photo_crops(out: Path, data_root: Path, seed: int) -> dict[str, int]:
    from .crop_dataset import photo_crops
    rng = np.random.default_rng(seed)
    counts = {}
    for split, folder, jitter in (("train", "train", True), ("valid", "val", False)):
        n = 0
        for code, name, crop in photo_crops(data_root, split, rng, 1, jitter):
            d = out / folder / code
            d.mkdir(parents=True, exist_ok=True)
            cv2.imwrite(str(d / f"{name}.jpg"), crop, [cv2.IMWRITE_JPEG_QUALITY, PHOTO_CROP_JPEG_QUALITY])
            n += 1
        counts[folder] = n
    return counts


PHOTO_ARCHIVE = "photos.tar.gz"


def archive_photo_crops(kit: Path) -> Path:
    """The kit's ``photos`` folder as one archive beside it (the folder removed);
    ``train_packed_classifier`` unpacks it where it trains."""
    archive = kit / PHOTO_ARCHIVE
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(kit / "photos", arcname="photos")
    shutil.rmtree(kit / "photos")
    return archive


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="gpu/cls_kit")
    ap.add_argument("--data-root", default=str(DEFAULT_SHARED))
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    out, root = Path(a.out), Path(a.data_root)
    if out.exists():
        shutil.rmtree(out)
    # not the GL artwork: the held-out evaluation style must not reach training (crop_dataset)
    shutil.copytree(root / "artwork", out / "data" / "artwork", ignore=shutil.ignore_patterns("gl-mahjongtile"))
    fonts = subset_fonts(out / "fonts", glyphs_drawn())
    counts = pack_photo_crops(out / "photos", root, a.seed)
    archive_photo_crops(out)
    (out / "kit.json").write_text(json.dumps({"fonts": fonts, "photo_crops": counts, "seed": a.seed}) + "\n")
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"kit in {out}: {size / 2**20:.1f} MiB, fonts {fonts}, photo crops {counts}")


if __name__ == "__main__":
    main()
