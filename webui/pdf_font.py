"""More fonts for the PDF score sheet: the letters its Helvetica cannot write.

The sheet's Helvetica writes WinAnsi only (Latin-1 with œ, €, curly quotes). Clubs write their
players' names with other accents (« Nguyễn », « Łucja », « Satō ») and in Chinese, Japanese or
Korean too; those letters are written with the TrueType fonts found on this machine
(``FONT_FILES``, each letter in the first that has it; Debian: fonts-dejavu-core, fonts-wqy-zenhei,
fonts-arphic-uming), each embedded as a subset of the glyphs the sheet uses, with a map back to
Unicode so that a reader can search and copy the names (PDF 1.7, 9.7 "Composite fonts" and 9.10.3
"ToUnicode CMaps"). Without such a font those names are "player N", or Latin letters without the
accents (``webui.score_sheet.sheet``).

``MJTABLE_PDF_FONT`` names another TrueType font file (.ttf or .ttc), the only one then used, or
"none" for none.
"""
from __future__ import annotations

import hashlib
import io
import logging
import os
import zlib
from functools import lru_cache
from pathlib import Path

# TrueType (glyf) fonts, a letter taken from the first that has it: PDF readers take a TrueType
# subset as it is (the Noto CJK files are CFF outlines, another font program). DejaVu Sans first:
# every Latin accent (Vietnamese too), Greek and Cyrillic, drawn nearer Helvetica than a CJK
# font's Latin letters; then fonts with CJK letters.
FONT_FILES = (Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
              Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
              Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
              Path("/usr/share/fonts/truetype/arphic/uming.ttc"),
              Path("/usr/share/fonts/truetype/arphic/ukai.ttc"))


class EmbeddedFont:
    """One TrueType font's metrics, and its subset written into a PDF."""

    def __init__(self, path: Path):
        from fontTools.ttLib import TTFont
        self.path = Path(path)
        font = TTFont(str(self.path), fontNumber=0, lazy=True)
        if "glyf" not in font:
            raise ValueError(f"{self.path} has no TrueType outlines")
        self.units = font["head"].unitsPerEm
        self.cmap = font.getBestCmap()
        advances = font["hmtx"].metrics
        self.advance = {cp: advances[name][0] * 1000 / self.units for cp, name in self.cmap.items()}
        head, os2 = font["head"], font["OS/2"]
        self.bbox = [round(v * 1000 / self.units) for v in (head.xMin, head.yMin, head.xMax, head.yMax)]
        self.ascent = round(os2.sTypoAscender * 1000 / self.units)
        self.descent = round(os2.sTypoDescender * 1000 / self.units)
        self.name = font["name"].getDebugName(6) or self.path.stem
        font.close()

    def width(self, char: str) -> float:
        """The advance of one letter, in thousandths of an em."""
        return self.advance.get(ord(char), 1000.0)

    def subset(self, letters: str) -> tuple[bytes, dict[int, int]]:
        """(the font program with these letters only, {code point: its glyph id there})."""
        from fontTools import subset
        from fontTools.ttLib import TTFont
        # tables it cannot subset (bitmap strikes, a font editor's stamp) are dropped, and said so
        logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
        # the font's own timestamp kept: saved as "modified now", the same sheet's PDF changed from
        # minute to minute, font program and all
        font = TTFont(str(self.path), fontNumber=0, recalcTimestamp=False)
        options = subset.Options()
        options.layout_features = []
        options.hinting = False
        options.name_IDs = []
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes={ord(c) for c in letters if ord(c) in self.cmap})
        subsetter.subset(font)
        order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
        gids = {cp: order[name] for cp, name in font.getBestCmap().items()}
        out = io.BytesIO()
        font.save(out)
        return out.getvalue(), gids

    def pdf_objects(self, letters: str, add) -> tuple[int, dict[int, int]]:
        """Write the subset of ``letters`` as a composite font (Type0, Identity-H) with ``add(body)
        -> object number``; returns (the font's object number, {code point: glyph id}) to write
        text with (``hex_text``)."""
        program, gids = self.subset(letters)
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha1(program).digest()[:6])   # a subset's name prefix
        base = f"{tag}+{''.join(c for c in self.name if c.isalnum())}".encode()
        packed = zlib.compress(program)
        file_id = add(b"<< /Length %d /Length1 %d /Filter /FlateDecode >>\nstream\n" % (len(packed), len(program))
                      + packed + b"\nendstream")
        descriptor = add(b"<< /Type /FontDescriptor /FontName /%s /Flags 4 /FontBBox [%s] /ItalicAngle 0 /Ascent %d "
                         b"/Descent %d /CapHeight %d /StemV 80 /FontFile2 %d 0 R >>"
                         % (base, " ".join(map(str, self.bbox)).encode(), self.ascent, self.descent, self.ascent,
                            file_id))
        used = sorted({(gids[ord(c)], ord(c)) for c in letters if ord(c) in gids})
        widths = " ".join(f"{g} [{self.width(chr(cp)):.0f}]" for g, cp in used).encode()
        cid_font = add(b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /%s /CIDSystemInfo << /Registry (Adobe) "
                       b"/Ordering (Identity) /Supplement 0 >> /FontDescriptor %d 0 R /CIDToGIDMap /Identity "
                       b"/DW 1000 /W [%s] >>" % (base, descriptor, widths))
        cmap = _to_unicode(used)
        to_unicode = add(b"<< /Length %d >>\nstream\n" % len(cmap) + cmap + b"\nendstream")
        font = add(b"<< /Type /Font /Subtype /Type0 /BaseFont /%s /Encoding /Identity-H /DescendantFonts [%d 0 R] "
                   b"/ToUnicode %d 0 R >>" % (base, cid_font, to_unicode))
        return font, gids


def hex_text(text: str, gids: dict[int, int]) -> str:
    """``text`` as a PDF hex string of two-byte glyph ids (Identity-H)."""
    return "<" + "".join(f"{gids.get(ord(c), 0):04X}" for c in text) + ">"


def _to_unicode(used: list[tuple[int, int]]) -> bytes:
    """A ToUnicode CMap from each glyph id to its letter (UTF-16BE)."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    for start in range(0, len(used), 100):        # at most 100 entries a block
        block = used[start:start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{g:04X}> <{chr(cp).encode('utf-16-be').hex().upper()}>" for g, cp in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")


def second_fonts() -> tuple[EmbeddedFont, ...]:
    """The fonts for letters Helvetica lacks, a letter taken from the first that has it:
    ``MJTABLE_PDF_FONT`` alone, else those of ``FONT_FILES`` present and readable; none when
    there is none (or "none" is asked for). Looked for once per value of ``MJTABLE_PDF_FONT``
    (the sheet asks for every letter it measures): a font installed later is used after a
    restart."""
    return _fonts_asked(os.environ.get("MJTABLE_PDF_FONT", "").strip())


def font_index(ch: str) -> int | None:
    """Which of ``second_fonts`` writes the letter ``ch`` (the first that has it), or None."""
    return next((k for k, f in enumerate(second_fonts()) if ord(ch) in f.cmap), None)


@lru_cache(maxsize=4)
def _fonts_asked(asked: str) -> tuple[EmbeddedFont, ...]:
    if asked.lower() == "none":
        return ()
    found = []
    for path in ([Path(asked)] if asked else FONT_FILES):
        if path.is_file():
            try:
                found.append(EmbeddedFont(path))
            except Exception:     # a damaged or unreadable file, no TrueType outlines: the next one
                continue
    return tuple(found)
