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
        count = f" ({item.count} x {item.value})" if item.count != 1 else ""
        unit = item.unit[:-1] if item.total == 1 and item.unit.endswith("s") else item.unit
        names = " / ".join(n for n in (item.name_native, item.name_fr) if n)
        lines.append(f"  {item.name_en:<{width}} {item.total:>4} {unit}{count}"
                     + (f"  {names}" if names else ""))
    # Rule-set specific figures: the generic ones get their own wording, the rest key: value.
    shown = {"total", "total_without_flowers", "minimum_met", "minimum_points", "minimum_note",
             "flowers"}
    for key, value in result.extra.items():
        if isinstance(value, (int, float, str)) and key not in shown:
            lines.append(f"  {key}: {value}")
    total = f"  {'TOTAL':<{width}} {result.total:>4}"
    if "total_without_flowers" in result.extra and result.extra["total_without_flowers"] != result.total:
        total += f"  ({result.extra['total_without_flowers']} without flowers)"
    lines.append(total)
    if result.extra.get("minimum_met") is False:
        lines.append(f"  ! {result.extra.get('minimum_note', 'below the minimum')}")
    if result.excluded:
        lines.append("  not counted:")
        names = {i.id: i.name_en for i in result.items}
        for ex in result.excluded:
            by = f" (excluded by {names.get(ex.by, ex.by)})" if ex.by else ""
            lines.append(f"    - {ex.name_en}{by}: {ex.rule} [{ex.source}]")
    if result.payments:
        lines.append("  settlement:")
        for p in result.payments:
            lines.append(f"    {p.payer} pays {p.amount}" + (f"  ({p.reason})" if p.reason else ""))
    if result.assumed:
        lines.append(f"  assumed (not given): {', '.join(result.assumed)}")
    return "\n".join(lines)
