"""A page as the table's frames build it, without a browser: the out-of-band swaps the
table page uses (htmx 2 and table.js's ``attributes``) applied to a small element tree.

So a test can play every update frame of a game onto the first full frame and compare
the board with the whole board drawn afresh, and see when a page cannot take a frame.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"img", "input", "br", "hr", "meta", "link", "source", "wbr", "col", "area"}
AFTER = re.compile(r'id="table-center"[^>]*data-after="(\d+)"')


class Node:
    def __init__(self, tag: str, attrs: dict[str, str] | None = None):
        self.tag = tag
        self.attrs = dict(attrs or {})
        self.children: list[Node | str] = []
        self.parent: Node | None = None

    def html(self) -> str:
        """The element, its attributes in name order (the order swaps leave is not kept)."""
        attrs = "".join(
            f' {name}="{value}"' if value is not None else f" {name}"
            for name, value in sorted(self.attrs.items())
        )
        inner = "".join(c if isinstance(c, str) else c.html() for c in self.children)
        return f"<{self.tag}{attrs}>" + ("" if self.tag in VOID else f"{inner}</{self.tag}>")

    def find(self, id_: str) -> Node | None:
        if self.attrs.get("id") == id_:
            return self
        for child in self.children:
            if isinstance(child, Node) and (found := child.find(id_)) is not None:
                return found
        return None

    def adopt(self, children: list[Node | str]) -> None:
        for child in children:
            if isinstance(child, Node):
                child.parent = self
        self.children += children


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.root = Node("#root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs))
        self.stack[-1].adopt([node])
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        if tag not in VOID:
            assert self.stack[-1].tag == tag, f"</{tag}> closes <{self.stack[-1].tag}>"
            self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].adopt([data])

    def handle_entityref(self, name):
        self.stack[-1].adopt([f"&{name};"])

    def handle_charref(self, name):
        self.stack[-1].adopt([f"&#{name};"])


def parse(html: str) -> list[Node | str]:
    parser = _Parser()
    parser.feed(html)
    parser.close()
    assert parser.stack == [parser.root], "an element is not closed"
    return parser.root.children


class Page:
    """The table page's live parts, as the socket's frames leave them."""

    def __init__(self, full_frame: str):
        self.root = Node("#root")
        self.missing: list[str] = []  # targets a frame named that the page does not have
        self.root.adopt([])
        for node in parse(full_frame):
            if isinstance(node, Node):
                node.attrs.pop("hx-swap-oob", None)
                self.root.adopt([node])

    def version(self) -> str | None:
        centre = self.root.find("table-center")
        return centre.attrs.get("data-version") if centre else None

    def takes(self, frame: str) -> bool:
        """Whether this page applies ``frame`` (table.js: an update frame that follows
        another version than the one shown is not applied)."""
        found = AFTER.search(frame)
        return found is None or found.group(1) == self.version()

    def apply(self, frame: str) -> None:
        """Every top-level element of ``frame`` swapped in as htmx's ws extension does."""
        for node in parse(frame):
            if isinstance(node, Node):
                self._swap(node)

    def _swap(self, node: Node) -> None:
        how = node.attrs.pop("hx-swap-oob", None) or "true"
        style, _, selector = how.partition(":")
        if style == "true":
            style = "outerHTML"
        id_ = selector[1:] if selector else node.attrs.get("id", "")
        target = self.root.find(id_)
        if target is None:
            self.missing.append(id_)
            return
        parent = target.parent
        assert parent is not None
        if style == "outerHTML":
            at = parent.children.index(target)
            parent.children[at] = node
            node.parent = parent
        elif style == "innerHTML":
            target.children = []
            target.adopt(node.children)
        elif style == "beforeend":
            target.adopt(node.children)
        elif style == "delete":
            parent.children.remove(target)
        elif style == "attributes":
            target.attrs = {k: v for k, v in node.attrs.items() if k != "data-after"}
        else:
            raise AssertionError(f"a swap the page does not know: {how}")

    def part(self, id_: str) -> str:
        found = self.root.find(id_)
        assert found is not None, f"no #{id_} on the page"
        return found.html()


def section(full_frame: str, id_: str) -> str:
    """One section of a full frame, as the page would hold it after taking the frame."""
    return Page(full_frame).part(id_)
