"""One way to draw a table, checked on the source: the presenters hand over plain data,
HTML in ``tables`` is written through ``format_html`` (or the markup modules' cheaper
``markup``), and no code marks a string it built itself as safe."""

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
    presenters = sorted((TABLES / "drawing").glob("*presenters.py"))
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
