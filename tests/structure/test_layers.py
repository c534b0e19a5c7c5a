"""The packages' layers: no import cycle inside ``vision``, ``vision_lab``, ``scorer`` or ``webui``
(imports inside functions count too), and imports go one way only:
scorer → vision → webui / mjtable, with ``vision_lab`` (rendering, datasets, training,
evaluation) beside the product and never imported by it."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scorer", "vision", "vision_lab", "webui")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Absolute names of every module ``path`` imports, at any depth of its code."""
    mod = module_name(path)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            found.update(f"{stem}.{a.name}" for a in node.names)
    return found


def graph() -> dict[str, set[str]]:
    files = {module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    edges = {}
    for name, path in files.items():
        # "from vision import crops" names the module vision.crops; "from vision.reader import
        # TileReader" names vision.reader (TileReader is no module and is dropped).
        edges[name] = {t for t in imports_of(path) if t in files and t != name}
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def without_package_roots(edges):
    # A package's __init__ re-exports its API; a module importing a sibling through the package
    # root is the same edge as importing the sibling, so the roots are left out of the search.
    roots = set(PACKAGES)
    return {v: {w for w in ws if w not in roots} for v, ws in edges.items() if v not in roots}


def test_cycles_are_found():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle():
    found = cycles(without_package_roots(graph()))
    assert not found, "import cycles: " + "; ".join(" ↔ ".join(c) for c in found)


@pytest.mark.parametrize("package, forbidden", [
    ("scorer", ("vision", "vision_lab", "webui", "mjtable", "cv2", "torch", "ultralytics", "flask")),
    ("vision", ("vision_lab", "webui", "mjtable", "flask")),
    ("webui", ("vision_lab",)),
])
def test_layers_point_one_way(package, forbidden):
    wrong = []
    for path in (ROOT / package).rglob("*.py"):
        for name in imports_of(path):
            if name.split(".")[0] in forbidden:
                wrong.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not wrong, "\n".join(sorted(set(wrong)))
