"""Our theme overrides (site_config/overrides/**.html) escape everything they print: each template, read with
Jinja's own parser, prints a value only where autoescape is on or through an escaping filter, and marks as
markup (``| safe``) only what the build escaped already (scripts/rulings/escape.py). So even a value that
never passed validation (a repo_url with a quote, injected into the mkdocs config) is text on the page."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2
import pytest
import yaml
from jinja2 import nodes
from mkdocs.theme import Theme

from conftest import REPO, site_inputs
from rulings.site.mkdocs_config import locale_config

pytestmark = pytest.mark.unit

OVERRIDES = REPO / "site_config" / "overrides"
ESCAPING_FILTERS = {"e", "escape", "forceescape", "tojson"}
PRE_ESCAPED = {
    "config.extra.not_found.title", "config.extra.not_found.text", "config.extra.not_found.home",  # html_text
    "alt.name",  # nav_label: Material's nav labels are printed unescaped, so the build escapes every label
    "marks[0]", "marks[1]",  # the switcher's marks: HTML comments the bundle build cuts at
}
"""The values the build hands to mkdocs already escaped (or as markup of its own): the only ones an override
may print with ``| safe``."""
PRINTED_BY_MATERIAL = {"base_url"}
"""Names Material's own templates print unescaped: an override that sets one must escape the value."""


@dataclass(frozen=True)
class Unescaped:
    template: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.template}:{self.line}: {self.what}"


def source(expr: nodes.Node) -> str:
    """An expression as written, for the simple ones the allow-list names (``config.extra.x``, ``marks[0]``)."""
    if isinstance(expr, nodes.Name):
        return expr.name
    if isinstance(expr, nodes.Getattr):
        return f"{source(expr.node)}.{expr.attr}"
    if isinstance(expr, nodes.Getitem) and isinstance(expr.arg, nodes.Const):
        return f"{source(expr.node)}[{expr.arg.value!r}]".replace("'", "")
    return type(expr).__name__


def unescaped(name: str, text: str) -> list[Unescaped]:
    """Every place template ``name`` prints a value unescaped, or marks one safe that the build did not escape."""
    out: list[Unescaped] = []

    def visit(node: nodes.Node, autoescape: bool) -> None:
        if isinstance(node, nodes.ScopedEvalContextModifier | nodes.EvalContextModifier):
            on = {kw.key: kw.value for kw in node.options}.get("autoescape")
            autoescape = bool(on.value) if isinstance(on, nodes.Const) else autoescape
        if isinstance(node, nodes.Output):
            for expr in node.nodes:
                if isinstance(expr, nodes.TemplateData):
                    continue
                top = expr.name if isinstance(expr, nodes.Filter) else None
                if top == "safe" or isinstance(expr, nodes.MarkSafe | nodes.MarkSafeIfAutoescape):
                    inner = expr.node if isinstance(expr, nodes.Filter) else expr.expr
                    if source(inner) not in PRE_ESCAPED:
                        out.append(Unescaped(name, expr.lineno, f"{source(inner)} marked safe"))
                elif not autoescape and top not in ESCAPING_FILTERS:
                    out.append(Unescaped(name, expr.lineno, f"{source(expr)} printed without escaping"))
        if isinstance(node, nodes.Assign) and isinstance(node.target, nodes.Name) and \
                node.target.name in PRINTED_BY_MATERIAL and not (
                    isinstance(node.node, nodes.Filter) and node.node.name in ESCAPING_FILTERS):
            out.append(Unescaped(name, node.lineno, f"{node.target.name}, which Material prints, set unescaped"))
        for child in node.iter_child_nodes():
            visit(child, autoescape)

    visit(jinja2.Environment().parse(text), False)
    return out


def override_templates() -> list[Path]:
    return sorted(OVERRIDES.rglob("*.html"))


def test_there_are_override_templates():
    assert {p.relative_to(OVERRIDES).as_posix() for p in override_templates()} >= {"main.html", "partials/source.html"}


@pytest.mark.parametrize("path", override_templates(), ids=lambda p: p.relative_to(OVERRIDES).as_posix())
def test_every_override_escapes_what_it_prints(path):
    name = path.relative_to(OVERRIDES).as_posix()
    assert [str(u) for u in unescaped(name, path.read_text(encoding="utf-8"))] == []


@pytest.mark.parametrize(("text", "found"), [
    ('<a href="{{ config.repo_url }}">', ["t.html:1: config.repo_url printed without escaping"]),
    ("{% block x %}{{ page.canonical_url }}{% endblock %}", ["t.html:1: page.canonical_url printed without escaping"]),
    ("{% autoescape true %}{{ config.repo_url | safe }}{% endautoescape %}", ["t.html:1: config.repo_url marked safe"]),
    ("{% autoescape false %}{{ config.repo_url }}{% endautoescape %}",
     ["t.html:1: config.repo_url printed without escaping"]),
    ("{% set base_url = config.extra.error_base %}", ["t.html:1: base_url, which Material prints, set unescaped"]),
    ("{% autoescape true %}{{ config.repo_url }}{{ alt.name | safe }}{% endautoescape %}{{ x | e }}", []),
])
def test_the_check_finds_a_value_printed_raw(text, found):
    """The check itself: a new template printing ``config.repo_url`` raw fails the test above."""
    assert [str(u) for u in unescaped("t.html", text)] == found


class Lang:
    def t(self, key: str) -> str:
        return f"{key}'s <words>"


HOSTILE = '"><script>window.__xss=1</script><x y=\''


def theme_env() -> jinja2.Environment:
    return Theme(name="material", custom_dir=str(OVERRIDES)).get_env()


def test_a_repo_url_that_bypassed_validation_is_text_in_the_header():
    out = theme_env().get_template("partials/source.html").render(
        config={"repo_url": "https://github.com/o/r" + HOSTILE, "repo_name": HOSTILE, "theme": {"icon": {}}},
        lang=Lang())
    assert "<script>" not in out and "<x " not in out
    assert 'href="https://github.com/o/r&#34;&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;x y=&#39;"' in out
    assert "source&#39;s &lt;words&gt;" in out


def test_the_language_switcher_escapes_all_but_the_escaped_names():
    out = theme_env().get_template("partials/alternate.html").render(
        config={"extra": {"alternate": [{"name": "Ital&lt;iano", "lang": "it" + HOSTILE}]}, "theme": {"icon": {}}},
        lang=Lang(), base_url="." + HOSTILE, page=None)
    assert "<script>" not in out and "<x " not in out
    assert "Ital&lt;iano" in out  # escaped once, by the build
    marks = ["<!--rl-switcher-->", "<!--/rl-switcher-->"]  # where the bundle build cuts the switcher out
    marked = theme_env().get_template("partials/alternate.html").render(
        config={"extra": {"alternate": [], "switcher_marks": marks}, "theme": {"icon": {}}}, lang=Lang(),
        base_url=".", page=None)
    assert marked.startswith(marks[0]) and marked.endswith(marks[1])


def test_a_site_name_with_markup_reaches_material_escaped(tmp_path):
    """Material prints the site's name unescaped in every page's header: the generated config gives it escaped."""
    repo = site_inputs(tmp_path)
    config = repo / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace("site_name: Rulings\n", f"site_name: '{HOSTILE.replace(chr(39), chr(39) * 2)}'\n"),
                      encoding="utf-8")
    out = yaml.safe_load(locale_config(repo, tmp_path, tmp_path / "site", "en", [], offline=False,
                                       alternates=["en"], site_url=None))
    assert out["site_name"] == "&quot;&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;&lt;x y=&#x27;"
