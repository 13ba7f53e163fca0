"""No import loops in shipped code: no module reaches itself again by following imports.

A loop hides behind a function-level import (it only works because the import waits
until the function runs), and it ties the modules on it together: none of them can be
read, tested or moved without the others. The graph here counts every import in a
module, at its top or inside a function, and `import_module` with a literal name, as
the layering test does. Two kinds of line are not edges: imports under
``if TYPE_CHECKING:`` (annotations only, never run), and a package's own parent
(Python sets up ``a`` before ``a.b`` whatever either imports; importing a *name* from
``a``, the door, is an edge to ``a`` like any other).
"""

import ast
from pathlib import Path

from tests.test_layering import ROOT, module_name

SHIPPED = ("rules", "players", "tables", "history", "tournaments", "devtools", "mahjong_site")


def shipped_modules(root: Path = ROOT) -> dict[str, Path]:
    modules = {}
    for top in SHIPPED:
        for path in sorted((root / top).rglob("*.py")):
            if "migrations" not in path.parts:
                modules[module_name(path)] = path
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _nodes(tree: ast.AST):
    """Every node of the tree except what sits under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield other
                yield from _nodes(other)
            continue
        yield child
        yield from _nodes(child)


def edges_of(name: str, path: Path, known: set[str], source: str | None = None) -> set[str]:
    """The shipped modules this module imports, anywhere in it (its parents aside)."""
    source = path.read_text() if source is None else source
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()

    def add(target: str) -> None:
        if target in known and target != name:
            found.add(target)

    for node in _nodes(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                add(submodule if submodule in known else module)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            add(node.args[0].value)
    return found


def import_graph(modules: dict[str, Path], sources: dict[str, str] | None = None):
    known = set(modules)
    return {
        name: edges_of(name, path, known, (sources or {}).get(name))
        for name, path in modules.items()
    }


def loops(graph: dict[str, set[str]]) -> list[tuple[str, ...]]:
    """One loop through each tangle of modules that import each other, smallest first.

    Tarjan's strongly connected components find the tangles; within each, a shortest
    way back from its first module (by name) names one loop to break.
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    tangles: list[list[str]] = []

    def connect(start: str) -> None:
        # iterative, so a long chain of imports cannot exhaust Python's stack
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                tangle = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    tangle.append(member)
                    if member == node:
                        break
                if len(tangle) > 1:
                    tangles.append(sorted(tangle))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted((_shortest_loop(graph, tangle) for tangle in tangles), key=len)


def _shortest_loop(graph: dict[str, set[str]], tangle: list[str]) -> tuple[str, ...]:
    start, members = tangle[0], set(tangle)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return (*reversed(path), start)
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    raise AssertionError(f"no way back to {start} in {tangle}")


def test_it_finds_no_import_loop_in_shipped_code():
    modules = shipped_modules()
    assert len(modules) > 150, "the walk found too few modules to prove anything"
    found = list(loops(import_graph(modules)))
    assert found == [], "break these loops (a module each side of a loop: move the shared part)"


def test_it_sees_a_loop_closed_inside_a_function():
    modules = {
        "pkg": ROOT / "pkg" / "__init__.py",
        "pkg.top": ROOT / "pkg" / "top.py",
        "pkg.middle": ROOT / "pkg" / "middle.py",
        "pkg.bottom": ROOT / "pkg" / "bottom.py",
        "pkg.typed": ROOT / "pkg" / "typed.py",
    }
    sources = {
        "pkg": "from .top import run\n",
        "pkg.top": "from pkg import middle\n",
        "pkg.middle": "import pkg.bottom as bottom\n",
        "pkg.bottom": "def later():\n    from .top import run\n",
        # a type-only import and a module importing its own package's door
        "pkg.typed": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from .top import run\n"
            "from . import bottom\n"
        ),
    }
    graph = import_graph(modules, sources)
    assert graph["pkg.top"] == {"pkg.middle"}
    assert graph["pkg.typed"] == {"pkg.bottom"}
    assert loops(graph) == [("pkg.bottom", "pkg.top", "pkg.middle", "pkg.bottom")]


def test_it_sees_a_loop_through_a_door_and_by_import_module():
    modules = {
        "door": ROOT / "door" / "__init__.py",
        "door.inside": ROOT / "door" / "inside.py",
        "outer": ROOT / "outer.py",
    }
    sources = {
        "door": "from .inside import thing\n",
        "door.inside": "def later():\n    importlib.import_module('outer')\n",
        "outer": "from door import thing\n",
    }
    assert loops(import_graph(modules, sources)) == [("door", "door.inside", "outer", "door")]
