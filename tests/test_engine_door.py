"""Code outside the engine goes in through its door: ``rules.engine`` and the public
modules its docstring names, nothing else.

The door's docstring says which modules are public; this test reads that list from it
(so the two cannot drift apart) and fails on any shipped import around the door, at the
top of a file or inside a function, ``from`` form or plain ``import``, including a
module imported from the door as an object (``from rules.engine import presets``: its
names are then used around the door). Tests are not shipped: a test of an inside part
imports that part.
"""

import ast
import re
from pathlib import Path

import rules.engine
from tests.test_import_loops import SHIPPED
from tests.test_layering import ROOT, imports_of

DOOR = "rules.engine"


def public_modules() -> set[str]:
    """The modules the door's docstring lists as public (its bullet list)."""
    text = rules.engine.__doc__ or ""
    section = text.split("**The door.**", 1)[1].split("**The inside**", 1)[0]
    return set(re.findall(r"^\* ``(rules\.engine[\w.]*)``", section, re.MULTILINE))


def _module_objects(path: Path, source: str) -> list[tuple[int, str]]:
    """``from rules.engine import x`` where x is a module of the engine, as imports of
    that module."""
    found = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.ImportFrom) and node.module == DOOR and not node.level:
            for alias in node.names:
                if alias.name in rules.engine.__all__:
                    continue  # a name the door binds (replay: the function)
                if (ROOT / "rules" / "engine" / alias.name).is_dir() or (
                    ROOT / "rules" / "engine" / f"{alias.name}.py"
                ).exists():
                    found.append((node.lineno, f"{DOOR}.{alias.name}"))
    return found


def around_the_door(paths, public: set[str], sources: dict | None = None) -> list[str]:
    offenders = []
    for path in paths:
        source = (sources or {}).get(path) or path.read_text()
        rows = list(imports_of(path, source)) + _module_objects(path, source)
        for lineno, imported in rows:
            # a public module's own modules are public with it (the bot levels)
            below = tuple(p + "." for p in public - {DOOR})
            inside = imported.startswith(DOOR + ".")
            if inside and imported not in public and not imported.startswith(below):
                offenders.append(f"{path.relative_to(ROOT)}:{lineno} imports {imported}")
    return sorted(set(offenders))


def outside_files():
    for top in SHIPPED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if not path.is_relative_to(ROOT / "rules" / "engine"):
                yield path


def test_the_door_names_its_public_modules():
    public = public_modules()
    assert DOOR in public
    assert public == {"rules.engine", "rules.engine.bots", "rules.engine.testing"}
    for name in public:
        assert (ROOT / name.replace(".", "/")).with_suffix(".py").exists() or (
            ROOT / name.replace(".", "/") / "__init__.py"
        ).exists(), f"{name} is named public but does not exist"


def test_nothing_shipped_imports_around_the_door():
    paths = list(outside_files())
    assert len(paths) > 150, "the walk found too few modules to prove anything"
    assert around_the_door(paths, public_modules()) == []


def test_it_sees_imports_around_the_door_also_inside_functions():
    probe = ROOT / "tables" / "door_probe.py"
    source = (
        "from rules.engine import apply, bots\n"
        "from rules.engine.bots import BOTS\n"
        "from rules.engine.tiles import EAST\n"
        "import rules.engine.hand as hand\n"
        "def later():\n"
        "    from rules.engine.scoring.score import score_hand\n"
        "    from rules.engine import presets\n"
        "    importlib.import_module('rules.engine.study.review')\n"
    )
    assert around_the_door([probe], public_modules(), {probe: source}) == [
        "tables/door_probe.py:3 imports rules.engine.tiles",
        "tables/door_probe.py:4 imports rules.engine.hand",
        "tables/door_probe.py:6 imports rules.engine.scoring.score",
        "tables/door_probe.py:7 imports rules.engine.presets",
        "tables/door_probe.py:8 imports rules.engine.study.review",
    ]


def test_every_name_at_the_door_is_exported():
    door = ast.parse((ROOT / "rules" / "engine" / "__init__.py").read_text())
    imported = {
        alias.asname or alias.name
        for node in door.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert imported == set(rules.engine.__all__)
