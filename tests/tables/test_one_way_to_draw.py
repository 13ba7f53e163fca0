"""One way to draw a table, checked on the source: the presenters hand over plain data,
HTML in ``tables`` is written through ``format_html`` (or the markup modules' cheaper
``markup``), no code marks a string it built itself as safe, and no shipped code outside
``tables/drawing`` builds HTML at all, but for a short list of reasoned exceptions."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLES = ROOT / "tables"
SHIPPED = ("rules", "players", "tables", "history", "tournaments")
TAG = re.compile(r"<[a-zA-Z/]")
# the markup core: the only place that wraps text as SafeString itself
MARKUP_CORE = {"tile_markup.py", "board_markup.py"}


def literal_text(node: ast.JoinedStr) -> str:
    return "".join(
        part.value
        for part in node.values
        if isinstance(part, ast.Constant) and isinstance(part.value, str)
    )


def called(node: ast.Call) -> str | None:
    return getattr(node.func, "id", getattr(node.func, "attr", None))


def html_f_strings(source: str) -> list[int]:
    """Lines of f-strings that write an HTML tag."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.JoinedStr) and TAG.search(literal_text(node))
    )


def safe_marks(source: str, names=("mark_safe", "SafeString")) -> list[int]:
    """Lines that mark a value as safe (anything but a plain literal)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and called(node) in names
        and node.args
        and not isinstance(node.args[0], ast.Constant)
    ]


def marked_f_strings(source: str) -> list[int]:
    """Lines of ``mark_safe(f"...")`` / ``SafeString(f"...")``: an unescaped build."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and called(node) in ("mark_safe", "SafeString")
        and node.args
        and any(isinstance(inner, ast.JoinedStr) for inner in ast.walk(node.args[0]))
    ]


def table_modules():
    paths = sorted(p for p in TABLES.rglob("*.py") if "migrations" not in p.parts)
    assert len(paths) > 30, "too few modules found to prove anything"
    return paths


def test_the_presenters_return_data_and_write_no_html():
    presenters = sorted(TABLES.rglob("*presenters.py"))
    assert len(presenters) >= 5, presenters
    for path in presenters:
        source = path.read_text()
        tree = ast.parse(source)
        imported = {
            node.module or ""
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and not node.level
        }
        assert not {m for m in imported if m.startswith(("django.utils.html", "django.utils.safe"))}
        assert "render_to_string" not in source and "format_html" not in source, path.name
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        tags = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and TAG.search(node.value)
            and id(node) not in docstrings
        ]
        assert tags == [], f"{path.name} writes HTML at lines {tags}"


def test_no_table_module_writes_html_in_an_f_string():
    found = {
        path.name: lines for path in table_modules() if (lines := html_f_strings(path.read_text()))
    }
    assert found == {}


def test_only_the_markup_core_marks_text_safe_in_tables():
    found = {
        path.name: lines
        for path in table_modules()
        if path.name not in MARKUP_CORE and (lines := safe_marks(path.read_text()))
    }
    assert found == {}


def test_no_shipped_code_marks_an_f_string_safe():
    found = {}
    for top in SHIPPED:
        for path in (ROOT / top).rglob("*.py"):
            if lines := marked_f_strings(path.read_text()):
                found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def test_the_checks_see_what_they_forbid():
    source = (
        "from django.utils.safestring import mark_safe\n"
        "def panel(name, parts):\n"
        "    a = mark_safe(f'<b>{name}</b>')\n"
        "    b = mark_safe(''.join(parts))\n"
        "    c = mark_safe('<i></i>')\n"
        "    return f'<div>{a}{b}{c}</div>'\n"
    )
    assert marked_f_strings(source) == [3]
    assert safe_marks(source) == [3, 4]
    assert html_f_strings(source) == [3, 6]


# --- HTML is built in tables/drawing only -------------------------------------------

DRAWING = TABLES / "drawing"
# The calls that make markup in Python.
BUILDERS = {"format_html", "format_html_join", "mark_safe", "SafeString", "SafeText"}
# An HTML (or SVG) element in a string: the names this site writes, matched as tags, so
# a URL pattern's ``<uidb64>`` or a Tenhou log's ``<INIT>`` is not taken for one.
ELEMENT = re.compile(
    r"<(?:!doctype|/?(?:a|b|br|button|circle|code|details|div|em|form|h[1-6]|i|img|input|"
    r"kbd|label|li|line|ol|option|p|path|polyline|rect|section|select|small|span|strong|"
    r"summary|svg|table|tbody|td|text|th|thead|title|tr|ul))[\s>/]"
)
# Shipped modules outside tables/drawing that may build HTML, each with its reason.
ALLOWED = {
    "rules/templatetags/rulebook.py": "the rulebook's club-rule note and glossary link: "
    "words and a link, no tiles (the tiles library draws those through tables.drawing)",
    "history/charts.py": "SVG charts of a player's numbers, not the table",
    "tournaments/charts.py": "the SVG chart of an event's standings, not the table",
    "tables/socket/outage.py": "the 503 page a view answers while the database is down, "
    "written without the templates (middleware's own error page)",
}


def html_built(source: str) -> list[int]:
    """Lines that build HTML: a markup builder called, or an element in a string (not a
    docstring)."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    lines = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and called(node) in BUILDERS) or (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and ELEMENT.search(node.value)
        ):
            lines.add(node.lineno)
    return sorted(lines)


def html_outside_the_drawing(root: Path = ROOT) -> dict[str, list[int]]:
    """Every shipped module under ``root`` outside its tables/drawing that builds HTML."""
    drawing = root / "tables" / "drawing"
    found = {}
    for top in (*SHIPPED, "mahjong_site"):
        for path in sorted((root / top).rglob("*.py")):
            if drawing not in path.parents and (lines := html_built(path.read_text())):
                found[str(path.relative_to(root))] = lines
    return found


def test_no_shipped_code_builds_html_outside_the_drawing():
    found = html_outside_the_drawing()
    assert {path: lines for path, lines in found.items() if path not in ALLOWED} == {}
    # every exception is still needed (and so still says why)
    assert sorted(ALLOWED) == sorted(path for path in found if path in ALLOWED)


def test_the_drawing_is_where_the_html_is_built():
    built = {p.name for p in DRAWING.glob("*.py") if html_built(p.read_text())}
    assert {"tile_markup.py", "board_markup.py", "hand_markup.py", "notation_markup.py"} <= built


def test_the_html_check_sees_what_it_forbids(tmp_path):
    source = (
        '"""A <b>docstring</b> may name tags."""\n'
        "from django.utils.html import format_html\n"
        "from django.utils.safestring import SafeString, mark_safe\n"
        "PATH = 'reset/<uidb64>/<token>/'\n"
        "ERROR = 'no <INIT> in the log'\n"
        "def panel(name: str) -> SafeString:\n"
        "    a = format_html('{}', name)\n"
        "    b = mark_safe(name)\n"
        "    c = '<div class=\"x\">' + name\n"
        "    return f'<span>{a}{b}{c}</span>'\n"
        "PAGE = '<!doctype html><title>x</title>'\n"
        "CHART = ['<svg>', '</svg>']\n"
    )
    assert html_built(source) == [7, 8, 9, 10, 11, 12]
    # and the scan of a tree finds a planted module outside its drawing, not inside
    for folder in ("tables/drawing", "tables/play", "history"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "planted.py").write_text(source)
    assert html_outside_the_drawing(tmp_path) == {
        "history/planted.py": [7, 8, 9, 10, 11, 12],
        "tables/play/planted.py": [7, 8, 9, 10, 11, 12],
    }
