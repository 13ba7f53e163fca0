"""Imports point down only: rules.engine → rules → players → tables → history → tournaments.

A module may import its own layer and the layers below it, never one above, whether
at the top of the file or inside a function. `mahjong_site` (settings, URLs, routing)
and `devtools` (fuzzer, scripted players, load test) sit on top of everything and
nothing shipped imports them.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("rules.engine", "rules", "players", "tables", "history", "tournaments")
TOP = ("mahjong_site", "devtools")


def layer_of(module: str) -> int | None:
    """The index of the layer a dotted module name belongs to (None: not ours)."""
    for top in TOP:
        if module == top or module.startswith(top + "."):
            return len(LAYERS)
    # The most specific layer wins: rules.engine.tiles is in rules.engine, not rules.
    for index in sorted(range(len(LAYERS)), key=lambda i: -len(LAYERS[i])):
        name = LAYERS[index]
        if module == name or module.startswith(name + "."):
            return index
    return None


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, source: str | None = None):
    """Every module the file imports, anywhere in it, with its line number.

    Relative imports are resolved against the file's package; ``import_module`` with a
    literal name counts as an import too. (``from a import b`` is checked as ``a``: the
    name after ``import`` can only make it more specific, never a higher layer.)
    """
    source = path.read_text() if source is None else source
    tree = ast.parse(source, filename=str(path))
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                yield node.lineno, ".".join(base + ([node.module] if node.module else []))
            else:
                yield node.lineno, node.module or ""
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value


def shipped_files():
    for top in ("rules", "players", "tables", "history", "tournaments"):
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def upward_imports(paths, sources: dict | None = None) -> list[str]:
    offenders = []
    for path in paths:
        own = layer_of(module_name(path))
        for lineno, imported in imports_of(path, (sources or {}).get(path)):
            theirs = layer_of(imported)
            if own is not None and theirs is not None and theirs > own:
                offenders.append(f"{path.relative_to(ROOT)}:{lineno} imports {imported}")
    return sorted(set(offenders))


def test_it_finds_no_upward_import_in_shipped_code():
    paths = list(shipped_files())
    assert len(paths) > 100, "the walk found too few modules to prove anything"
    assert upward_imports(paths) == []


def test_it_sees_upward_imports_inside_functions_and_by_name():
    probe = ROOT / "tables" / "layering_probe.py"
    source = (
        "from . import submit\n"
        "from rules.engine import apply\n"
        "def later():\n"
        "    from history import stats\n"
        "    import tournaments.models\n"
        "    importlib.import_module('history.views')\n"
    )
    assert upward_imports([probe], {probe: source}) == [
        "tables/layering_probe.py:4 imports history",
        "tables/layering_probe.py:5 imports tournaments.models",
        "tables/layering_probe.py:6 imports history.views",
    ]


def test_it_reads_relative_imports_in_their_package():
    rows = upward_imports([ROOT / "history" / "logs" / "store.py"])
    assert rows == []
    assert layer_of("history.logs.store") == LAYERS.index("history")
    assert layer_of("rules.engine.tiles") == 0
    assert layer_of("rules.models") == 1
    assert layer_of("devtools.fuzzing") == len(LAYERS)
    assert layer_of("django.db") is None


def test_nothing_shipped_imports_the_dev_tools_or_the_project():
    paths = list(shipped_files())
    offenders = [
        f"{path.relative_to(ROOT)}:{lineno} imports {imported}"
        for path in paths
        for lineno, imported in imports_of(path)
        if imported.split(".")[0] in TOP
    ]
    assert offenders == []
