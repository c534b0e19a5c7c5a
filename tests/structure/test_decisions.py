"""Every module-level setting of ``vision`` has its row in docs/decisions.md.

A setting is a module-level UPPER_CASE name (private ``_NAMES`` are not settings). Each module has
a ``## `vision.module``` section whose table names its settings in the first column; the table
and the code must agree both ways, and a value written as a plain literal must be the code's."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECISIONS = ROOT / "docs" / "decisions.md"
SETTING = re.compile(r"^[A-Z][A-Z0-9_]*$")

# Module-level UPPER_CASE names that are not settings: nothing to decide, so no row.
NOT_SETTINGS = {
    "vision.calibration": {"SUITS", "HONOURS", "BONUS", "LAYOUT_ROWS",   # the layout photo's rows of codes
                           "TURNED_NAMES", "MIRRORED_NAMES",           # and the names of how a photo shows it
                           "PHOTO_REGIONS",                            # and of where a tile lies in it
                           "ROW_WORDS"},                               # and the rows in a word each
    "vision.classifier": {"REPO", "DEFAULT_WEIGHTS"},                         # paths
    "vision.detector": {"REPO", "DEFAULT_WEIGHTS"},                           # paths
    "vision.corners": {"REPO", "DEFAULT_CORNER_MODEL"},                       # paths
    "vision.codes": {"DETECTOR_CLASSES", "CLASSIFIER_CLASSES"},               # class names
    "vision.decode": {"ACCEPTED", "SEND_AGAIN", "SEND_EMPTY_AGAIN"},          # message text
    "vision.model_files": {"BACKENDS", "EXPORT_FORMAT", "RUNTIMES"},          # choice names, file format version
    "vision.tileness": {"PROBE_FILE", "SCENES_PROBE_FILE", "TILE_FREE_PROBE_FILE"},   # file names
    "vision.face_up": {"PROBE_FILE"},                                         # file name
    "vision.oddity": {"REPO", "ODDITY_WEIGHTS", "ODDITY_FILE", "ODD_CLASS"},  # paths, file and class names
    "vision.grouping.melds": {"CONCEALED_KONG_PATTERNS", "BLANK_FACE"},       # how players mark a concealed kong
    "vision.grouping.hand_reading": {"TILE_COUNT", "GRID", "DORA_AMONG_DISCARDS"},                 # a warning's wording
    "vision.grouping.table": {"NO_TILES", "NO_FACE_UP", "CUT_TILES", "LONE_BACK", "LONE_BACKS", "SETS_IN_ROWS"},                       # a warning's wording
    "vision.profile.store": {"DAMAGED_MARK", "REPLACED_MARK"},                # file name markers
    "vision.profile.tileset": {"FORMAT", "VERSION", "READABLE_VERSIONS", "HAND_SOURCE",
                               "FACE_SUFFIX"},                                # file format, source markers
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def settings_in_code() -> dict[str, dict[str, ast.expr]]:
    """{module: {NAME: value node}} of every module-level UPPER_CASE assignment in vision/."""
    found: dict[str, dict[str, ast.expr]] = {}
    for path in sorted((ROOT / "vision").rglob("*.py")):
        names = {}
        for node in ast.parse(path.read_text(), str(path)).body:
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            for t in targets:
                if isinstance(t, ast.Name) and SETTING.match(t.id):
                    names[t.id] = value
        if names:
            found[module_name(path)] = names
    return found


def rows_in_docs() -> dict[str, dict[str, str]]:
    """{module: {NAME: value cell}} of docs/decisions.md's tables."""
    rows: dict[str, dict[str, str]] = {}
    module = None
    for line in DECISIONS.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## `(vision[\w.]*)`", line)
        if heading:
            module = heading.group(1)
            rows.setdefault(module, {})
            continue
        if line.startswith("#"):
            module = None
        cell = re.match(r"^\| `([A-Z][A-Z0-9_]*)` \| `([^`]*)` \|", line)
        if cell and module:
            assert cell.group(1) not in rows[module], f"two rows for {module}.{cell.group(1)}"
            rows[module][cell.group(1)] = cell.group(2)
    return rows


def test_every_setting_has_a_row():
    documented = rows_in_docs()
    missing = [f"{mod}.{name}" for mod, names in settings_in_code().items() for name in names
               if name not in NOT_SETTINGS.get(mod, ()) and name not in documented.get(mod, {})]
    assert not missing, ("a setting of vision/ without its row in docs/decisions.md (setting | value | why | "
                         "evidence; 'not measured' where nothing was compared):\n" + "\n".join(missing))


def test_every_row_names_a_setting_in_force():
    code = settings_in_code()
    stale = [f"{mod}.{name}" for mod, names in rows_in_docs().items() for name in names
             if name not in code.get(mod, {}) or name in NOT_SETTINGS.get(mod, ())]
    assert not stale, "rows of docs/decisions.md naming no setting of that module:\n" + "\n".join(stale)


def test_allow_list_names_exist():
    code = settings_in_code()
    unknown = [f"{mod}.{name}" for mod, names in NOT_SETTINGS.items() for name in names
               if name not in code.get(mod, {})]
    assert not unknown, "NOT_SETTINGS names that vision/ no longer has:\n" + "\n".join(unknown)


def _literal(text):
    try:
        return True, ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError):
        return False, None


def test_literal_values_match_the_code():
    code = settings_in_code()
    differ = []
    for mod, names in rows_in_docs().items():
        for name, cell in names.items():
            node = code.get(mod, {}).get(name)
            if node is None:
                continue
            ok_code, in_code = _literal(ast.unparse(node))
            ok_doc, in_doc = _literal(cell)
            if ok_code and ok_doc and in_code != in_doc:
                differ.append(f"{mod}.{name}: docs {cell}, code {ast.unparse(node)}")
            elif ok_code != ok_doc:
                # an expression in the code (40 * 1024 * 1024) is written as it is in the code
                if cell.replace(" ", "") != ast.unparse(node).replace(" ", ""):
                    differ.append(f"{mod}.{name}: docs {cell}, code {ast.unparse(node)}")
    assert not differ, "docs/decisions.md's values differ from the code's:\n" + "\n".join(differ)
