"""The rules engine must stay a pure library: no Django, no Channels, no app imports."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "rules" / "engine"
FORBIDDEN = ("django", "channels", "daphne", "tables", "players", "tournaments", "rules.models")
ALLOWED_THIRD_PARTY = ("mahjong", "xiangting")


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module


def test_it_imports_nothing_from_django_channels_or_apps():
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for module in imported_modules(path):
            if module.split(".")[0] in FORBIDDEN or module.startswith("rules.models"):
                offenders.append(f"{path.relative_to(ENGINE)}: {module}")
    assert offenders == []


def test_it_imports_only_stdlib_and_its_two_libraries():
    stdlib = sys.stdlib_module_names
    offenders = []
    for path in ENGINE.rglob("*.py"):
        for module in imported_modules(path):
            top = module.split(".")[0]
            if top not in stdlib and top not in ALLOWED_THIRD_PARTY and top != "rules":
                offenders.append(f"{path.relative_to(ENGINE)}: {module}")
    assert offenders == []


def test_it_loads_without_django_in_a_fresh_interpreter():
    code = (
        "import sys, pkgutil, importlib, rules.engine as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'rules.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'channels')]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ENGINE.parent.parent,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert out.stdout.strip() == ""
