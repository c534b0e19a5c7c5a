"""Plain-text rendering of scoring results for the terminal."""
from __future__ import annotations


def format_result(result, hand_text: str = "") -> str:
    lines = []
    title = f"{result.rules.upper()}"
    if hand_text:
        title += f"  {hand_text}"
    lines.append(title)
    if not result.valid:
        err = result.error or {}
        lines.append(f"  not a winning hand: {err.get('message', 'invalid')}")
        return "\n".join(lines)
    if result.decomposition is not None:
        sets = "  ".join(s.get("text", "") or "".join(s.get("tiles", [])) for s in result.decomposition.sets)
        lines.append(f"  read as ({result.decomposition.form}): {sets}")
    width = max([len(i.name_en) for i in result.items] + [10])
    for item in result.items:
        count = f" x{item.count}" if item.count != 1 else ""
        native = f" {item.name_native}" if item.name_native else ""
        lines.append(f"  {item.name_en:<{width}} {item.total:>4} {item.unit}{count}{native}")
    for key, value in result.extra.items():
        if key in ("total", "total_unit"):
            continue
        if isinstance(value, (int, float, str)) and not isinstance(value, bool) and value != "":
            lines.append(f"  {key}: {value}")
        elif isinstance(value, list) and value:
            lines.extend(_extra_list(key, value))
    unit = result.extra.get("total_unit", "")
    lines.append(f"  {'TOTAL':<{width}} {result.total:>4}" + (f" {unit}" if unit else ""))
    if result.excluded:
        lines.append("  not counted:")
        for ex in result.excluded:
            by = f" (implied by {ex.by})" if ex.by else ""
            lines.append(f"    - {ex.name_en}{by}: {ex.rule} [{ex.source}]")
    if result.payments:
        lines.append("  settlement:")
        for p in result.payments:
            lines.append(f"    {p.payer} pays {p.amount}" + (f"  ({p.reason})" if p.reason else ""))
    if result.assumed:
        lines.append(f"  assumed (not given): {', '.join(result.assumed)}")
    return "\n".join(lines)


def _extra_list(key: str, values: list) -> list[str]:
    """A rule-set list in ``extra`` (minipoint breakdown, warnings...): one line per entry.
    Dict entries show their English name, their first number and the tiles they use."""
    out = [f"  {key.replace('_', ' ')}:"]
    for v in values:
        if isinstance(v, dict):
            name = v.get("name_en") or v.get("name") or v.get("id") or ""
            num = next(((k, x) for k, x in v.items() if isinstance(x, int) and not isinstance(x, bool)), None)
            tiles = "".join(v.get("tiles") or [])
            out.append(f"    - {name}" + (f": {num[1]} {num[0]}" if num else "") + (f"  [{tiles}]" if tiles else ""))
        else:
            out.append(f"    - {v}")
    return out
