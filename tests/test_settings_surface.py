"""One settings surface: every ``TABLE_*`` knob the code reads is read from the
environment in ``mahjong_site/settings.py`` and listed, with the same default, in the
README's Configuration table; no shipped module reads the environment itself."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = ROOT / "mahjong_site" / "settings.py"
SHIPPED = ("rules", "players", "tables", "history", "tournaments")
KNOB = re.compile(r"\bTABLE_[A-Z]+(?:_[A-Z]+)*\b")
# os.environ.get("X", ...), os.environ["X"], env_bool("X", ...), env_list("X", ...)
READ = re.compile(r'(?:os\.environ\.get|os\.environ\[|env_bool|env_list)\(?\s*"([A-Z][A-Z0-9_]*)"')


def shipped_files():
    for top in SHIPPED:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def knobs_read(source: str) -> set[str]:
    """``settings.TABLE_X`` and ``getattr(settings, "TABLE_X")`` / ``setting("TABLE_X")``."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and KNOB.fullmatch(node.attr):
            if getattr(node.value, "id", None) == "settings":
                found.add(node.attr)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and KNOB.fullmatch(node.value)
        ):
            found.add(node.value)
    return found


def settings_defaults() -> dict[str, str]:
    """Each knob settings.py reads from the environment, with the default it gives."""
    source = SETTINGS.read_text()
    defaults = {}
    for name, default in re.findall(
        r'^(TABLE_\w+) = \w+\(os\.environ\.get\("\1", "([^"]*)"\)\)', source, re.M
    ):
        defaults[name] = default
    for name in re.findall(r'^(TABLE_\w+) = env_bool\("\1"', source, re.M):
        defaults[name] = "on"
    for name in re.findall(r'^(TABLE_\w+) = .*os\.environ\["\1"\]', source, re.M):
        defaults[name] = ""
    return defaults


def readme_rows() -> dict[str, str]:
    """The README's Configuration table: knob -> its stated default."""
    section = (ROOT / "README.md").read_text().split("## Configuration", 1)[1]
    section = section.split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 2:
            continue
        names = KNOB.findall(cells[0])
        values = re.findall(r"`([^`]*)`", cells[1]) or [cells[1]]
        for index, name in enumerate(names):
            rows[name] = values[min(index, len(values) - 1)]
    return rows


def same_value(stated: str, default: str) -> bool:
    try:
        return float(stated) == float(default)
    except ValueError:
        return stated == default


def test_every_knob_the_code_reads_is_read_from_the_environment_in_settings():
    read = set()
    for path in shipped_files():
        read |= knobs_read(path.read_text())
    assert len(read) >= 10, read
    assert read - set(settings_defaults()) == set()


def test_every_knob_is_listed_in_the_readme_with_its_default():
    defaults, rows = settings_defaults(), readme_rows()
    assert set(defaults) - set(rows) == set(), "knobs missing from the README"
    assert set(rows) - set(defaults) == set(), "the README lists knobs settings.py lacks"
    wrong = {
        name: (rows[name], default)
        for name, default in defaults.items()
        if default and not same_value(rows[name], default)
    }
    assert wrong == {}, "README default vs settings.py default"


def test_no_shipped_module_reads_the_environment_itself():
    offenders = [
        str(path.relative_to(ROOT))
        for path in shipped_files()
        if re.search(r"\bos\.environ\b|\bgetenv\(", path.read_text())
    ]
    assert offenders == []


def test_it_sees_a_knob_read_either_way():
    source = 'x = settings.TABLE_BOT_DELAY\ny = getattr(settings, "TABLE_NEW_KNOB", 1)\n'
    assert knobs_read(source) == {"TABLE_BOT_DELAY", "TABLE_NEW_KNOB"}


def variables_settings_reads() -> set[str]:
    """Every environment variable ``settings.py`` reads, however it reads it."""
    source = SETTINGS.read_text()
    return set(READ.findall(source))


def variables_the_readme_lists() -> set[str]:
    section = (ROOT / "README.md").read_text().split("## Configuration", 1)[1]
    section = section.split("\n## ", 1)[0]
    names = set()
    for line in section.splitlines():
        first = line.strip().strip("|").split("|")[0]
        names |= set(re.findall(r"`([A-Z][A-Z0-9_]*)`", first))
    return names


def test_every_variable_settings_reads_is_in_the_readme_configuration_table():
    read = variables_settings_reads()
    assert {"DEBUG", "LOG_LEVEL", "TIME_ZONE", "REDIS_PREFIX", "TABLE_SEED"} <= read
    assert read - variables_the_readme_lists() == set(), "variables missing from the README"


def test_it_sees_a_variable_read_either_way():
    source = 'A = os.environ.get("ONE", "")\nB = env_bool("TWO", True)\nC = os.environ["THREE"]\n'
    assert set(READ.findall(source)) == {"ONE", "TWO", "THREE"}
