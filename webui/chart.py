"""The standings chart of a game, drawn server-side as inline SVG (no script, no CDN)."""
from __future__ import annotations

from typing import Callable
from xml.sax.saxutils import escape

from .i18n import english_number

# the fourth darker than the orange it was (#ef6c00: 2.95:1 on the plot's #fafafa, under the 3:1
# a line needs, WCAG 1.4.11)
COLOURS = ("#c62828", "#1f4e9c", "#2e7d32", "#d35400")


#: Pixels between the lines of players on the same total: two players level after a hand drew one
#: line, the first under the second, and the chart seemed to show three players.
TIE_GAP = 3.0


def _tie_offset(totals: list[int], p: int) -> float:
    """Player ``p``'s line moved off the others on the same total, the tied lines side by side."""
    tied = [q for q, v in enumerate(totals) if v == totals[p]]
    return (tied.index(p) - (len(tied) - 1) / 2) * TIE_GAP


def _marker(p: int, cx: float, cy: float, colour: str, size: float = 1.0, cls: str = "pt") -> str:
    """A point of player ``p``'s line, in a shape of its own (circle, square, triangle, diamond):
    lines that meet or run together are told apart without their colour; ``size`` times as big,
    ``cls`` its class ("key" in a key: not a point of the line)."""
    shape, k = p % 4, size
    if shape == 0:
        return f'<circle class="{cls}" cx="{cx:.1f}" cy="{cy:.1f}" r="{2.8 * k:.1f}" fill="{colour}"/>'
    if shape == 1:
        return (f'<rect class="{cls}" x="{cx - 2.6 * k:.1f}" y="{cy - 2.6 * k:.1f}" width="{5.2 * k:.1f}" '
                f'height="{5.2 * k:.1f}" fill="{colour}"/>')
    if shape == 2:
        return (f'<polygon class="{cls}" points="{cx:.1f},{cy - 3.4 * k:.1f} {cx + 3.2 * k:.1f},{cy + 2.4 * k:.1f} '
                f'{cx - 3.2 * k:.1f},{cy + 2.4 * k:.1f}" fill="{colour}"/>')
    return (f'<polygon class="{cls}" points="{cx:.1f},{cy - 3.4 * k:.1f} {cx + 3.4 * k:.1f},{cy:.1f} '
            f'{cx:.1f},{cy + 3.4 * k:.1f} {cx - 3.4 * k:.1f},{cy:.1f}" fill="{colour}"/>')


def key_svg(p: int) -> str:
    """Player ``p``'s mark in a key beside the chart (the standings table): its line's colour in its
    points' shape (a square of colour alone left a colour-blind player to guess whose line was whose)."""
    return (f'<svg class="swatch" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">'
            f'{_marker(p, 6, 6, COLOURS[p % 4], 1.7, "key")}</svg>')


def standings_svg(players: list[str], totals: list[list[int]], start: int = 0, legend: bool = True,
                  width: int = 520, height: int = 240, label: str = "standings after each hand",
                  number: Callable[..., str] = english_number) -> str:
    """Running standings after each hand (``totals[i][p]``), one line per player, from ``start``
    (the game's starting points: a riichi game's lines start at 30,000, not at 0); ``legend``:
    name each line under the chart (the game page names them in its standings table instead, in
    the page's own type, which a phone does not shrink with the chart); ``label``: the chart's
    accessible name (in the page's language); ``number``: how a figure is written (``value,
    signed=False``; the page's language groups thousands: ``webui.i18n.number``)."""
    series = [[start] * len(players)] + [list(t) for t in totals]
    lo = min(min(t) for t in series)
    hi = max(max(t) for t in series)
    flat = hi == lo                 # no hand has moved a point yet: the starting line alone is labelled
    if flat:
        hi, lo = hi + 1, lo - 1
    pad_l, pad_r, pad_t, pad_b = 52, 12, 12, 40 if legend else 24
    pw, ph = width - pad_l - pad_r, height - pad_t - pad_b
    n = len(series) - 1

    def x(i):
        return pad_l + (pw * i / n if n else pw / 2)

    def y(v):
        return pad_t + ph * (hi - v) / (hi - lo)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {width} {height}" '
             f'role="img" aria-label="{escape(label)}">',
             f'<rect x="{pad_l}" y="{pad_t}" width="{pw}" height="{ph}" fill="#fafafa" stroke="#ddd"/>']
    for v in sorted({start} if flat else {lo, start, hi}):
        parts.append(f'<line x1="{pad_l}" x2="{pad_l + pw}" y1="{y(v):.1f}" y2="{y(v):.1f}" '
                     f'stroke="{"#999" if v == start else "#e5e5e5"}" stroke-dasharray="{"" if v == start else "3 3"}"/>'
                     f'<text x="{pad_l - 6}" y="{y(v):.1f}" font-size="12" text-anchor="end" '
                     f'dominant-baseline="central" fill="#555">{escape(number(v))}</text>')
    step = max(1, n // 12)
    for i in range(0, n + 1, step):
        parts.append(f'<text x="{x(i):.1f}" y="{pad_t + ph + 15}" font-size="12" text-anchor="middle" '
                     f'fill="#555">{i}</text>')
    for p, name in enumerate(players):
        # every line leaves the starting points from one place; later ties are drawn side by side
        ys = [y(t[p]) + (_tie_offset(t, p) if i else 0) for i, t in enumerate(series)]
        pts = " ".join(f"{x(i):.1f},{v:.1f}" for i, v in enumerate(ys))
        colour = COLOURS[p % 4]
        parts.append(f'<polyline class="line p{p}" points="{pts}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.2" stroke-linejoin="round"/>')
        if n <= 40:
            parts.extend(_marker(p, x(i), v, colour) for i, v in enumerate(ys))
        if legend:
            last = series[-1][p]
            lx = pad_l + (pw / 4) * p
            parts.append(_marker(p, lx + 5, height - 11, colour, 1.6, "key") +
                         f'<text x="{lx + 14:.1f}" y="{height - 11}" font-size="12" dominant-baseline="central">'
                         f'{escape(name)} ({escape(number(last, signed=not start))})</text>')
    parts.append("</svg>")
    return "".join(parts)
