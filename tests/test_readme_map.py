"""The README's architecture map matches the code: every package of the layering has a
row, each row's line count is near the real one, and every module it names exists."""

import re
from pathlib import Path

from tests.test_layering import LAYERS, TOP

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
# how far a row's "~N,NNN lines" may drift before the README must be brought up to date
TOLERANCE = 0.10
ROW = re.compile(r"^\| `(?P<package>[a-z_/]+?)/?` \| ~(?P<lines>[\d,]+) \| (?P<holds>.*) \|$")


def map_rows() -> dict[str, tuple[int, str]]:
    section = README.read_text().split("## Architecture", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        found = ROW.match(line)
        if found:
            lines = int(found["lines"].replace(",", ""))
            rows[found["package"].replace("/", ".")] = (lines, found["holds"])
    return rows


def package_files(package: str) -> list[Path]:
    """The package's Python files without migrations (``rules`` without its engine)."""
    folder = ROOT.joinpath(*package.split("."))
    return [
        path
        for path in folder.rglob("*.py")
        if "migrations" not in path.parts
        and not (package == "rules" and path.is_relative_to(ROOT / "rules" / "engine"))
    ]


def line_count(package: str) -> int:
    return sum(len(path.read_text().splitlines()) for path in package_files(package))


def names_something(package: str, name: str) -> bool:
    """``name`` (a module, a folder, a file, a command, ``module.function`` or a function
    of the package) is there."""
    folder = ROOT.joinpath(*package.split("."))
    name = name.rstrip("/")
    module, _, attribute = name.partition(".")
    if attribute and attribute != "md":
        path = folder / f"{module}.py"
        return path.exists() and re.search(rf"^def {attribute}\b", path.read_text(), re.M)
    places = (
        folder / name,
        folder / f"{name}.py",
        *folder.glob(f"**/management/commands/{name}.py"),
    )
    if any(place.exists() for place in places):
        return True
    definition = re.compile(rf"^(async )?def {re.escape(name)}\b", re.M)
    return any(definition.search(path.read_text()) for path in package_files(package))


def test_every_package_of_the_layering_has_a_row():
    assert set(map_rows()) == set(LAYERS) | set(TOP)


def drift(package: str, stated: int) -> str | None:
    """What is wrong with the stated line count (None: close enough)."""
    real = line_count(package)
    assert real > 100, f"{package}: too few lines counted to prove anything"
    if abs(real - stated) > TOLERANCE * real:
        return f"README says ~{stated:,}, the code has {real:,}"
    return None


def test_each_row_gives_the_package_s_lines_within_ten_percent():
    rows = map_rows()
    off = {package: drift(package, stated) for package, (stated, _) in rows.items()}
    off = {package: why for package, why in off.items() if why}
    assert not off, f"bring the README's architecture table up to date: {off}"


def test_every_module_a_row_names_exists():
    missing = []
    for package, (_, holds) in map_rows().items():
        for name in re.findall(r"`([A-Za-z_][\w./]*)`", holds):
            if not names_something(package, name):
                missing.append(f"{package}: {name}")
    assert missing == []


def test_it_notices_a_wrong_figure_and_a_missing_module():
    real = line_count("players")
    assert drift("players", real) is None
    assert drift("players", 2 * real) is not None
    assert not names_something("tables", "no_such_module")
    assert names_something("tables", "submit") and names_something("rules.engine", "RULES.md")
    assert names_something("tournaments", "permissions.organizer_view")
    assert not names_something("tournaments", "permissions.no_such_helper")
