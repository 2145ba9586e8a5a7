"""Forms too long or too many for the term matcher: ``rulings validate`` refuses them where they are written
(``form-length``, ``form-count``), the build refuses the content, and the matcher itself never looks for a
form over the length limits (so a tool that reads content without validating stays cheap too)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import build_tree, repo_content, write
from rulings.build.site_build import BuildError, build
from rulings.cli.main import main
from rulings.content import validate as checks
from rulings.content.codec import entries_file_to_data
from rulings.content.load import load, position
from rulings.content.validate import validate
from rulings.model.entries import Entity, EntityType, Provenance, Term
from rulings.model.terms import (
    MAX_FORM_CHARS,
    MAX_FORM_WORDS,
    MAX_NAME_FORMS,
    MAX_TERM_FORMS,
    WORD,
    Glossary,
    all_forms,
)
from rulings.model.text import Text

PROV = [Provenance("doc", (1, 2))]
LONG_WORDS = " ".join(["Foo"] * (MAX_FORM_WORDS + 1))
LONG_CHARS = "x" * (MAX_FORM_CHARS + 1)  # one word
LONGEST_OK = " ".join(["Foo"] * MAX_FORM_WORDS)


def glossary_tree(tmp_path: Path, terms: list[Term], entities: list[Entity] | None = None) -> Path:
    content = build_tree(tmp_path)
    schemas = tmp_path / "schemas"
    write(content / "demo" / "glossary.yml", entries_file_to_data("glossary", "demo", terms), schemas)
    if entities is not None:
        write(content / "demo" / "entities.yml", entries_file_to_data("entities", "demo", entities), schemas)
    return content


def diagnostics(content: Path, rule: str) -> list[tuple[str, int, int, str]]:
    _c, diags = validate(content)
    return [(Path(d.file).name, d.line, d.column, d.message) for d in diags if d.rule == rule]


def at(content: Path, file: str, steps: list) -> tuple[int, int]:
    """Where ``steps`` (entry index first) is in a content file: the position a diagnostic must name."""
    data = load(content / "demo" / file).data
    return position(data, ["entries", *steps])


def test_a_form_too_long_is_an_error_at_its_own_position(tmp_path):
    term = Term("demo/term/adjacent", "en", PROV, term=Text("en", LONG_WORDS), definition=Text("en", "Next to."),
                aliases={"en": ["next to", LONG_CHARS]}, not_in={"en": [LONG_WORDS]})
    term.term.translate("it", LONGEST_OK, "draft", "test")  # at the limit: fine
    term.term.translate("zh", "相" * (MAX_FORM_CHARS + 1), "draft", "test")  # Han: characters count
    card = Entity("demo/card/sword", "en", PROV, type=EntityType.CARD, name=Text("en", "Sword"),
                  aliases={"en": [LONG_WORDS]})
    topic = Entity("demo/topic/long", "en", PROV, type=EntityType.TOPIC, name=Text("en", LONG_WORDS))  # not matched
    content = glossary_tree(tmp_path, [term], [card, topic])
    found = diagnostics(content, "form-length")
    expected = [("glossary.yml", *at(content, "glossary.yml", [0, "term", "en"])),
                ("glossary.yml", *at(content, "glossary.yml", [0, "term", "zh", "text"])),
                ("glossary.yml", *at(content, "glossary.yml", [0, "aliases", "en", 1])),
                ("glossary.yml", *at(content, "glossary.yml", [0, "not_in", "en", 0])),
                ("entities.yml", *at(content, "entities.yml", [0, "aliases", "en", 0]))]
    assert sorted((f, line, col) for f, line, col, _ in found) == sorted(expected)
    messages = {m for *_, m in found}
    assert f"this term has {MAX_FORM_WORDS + 1} words, more than the {MAX_FORM_WORDS} a form may have" in "\n".join(
        messages)
    assert any(f"has {MAX_FORM_CHARS + 1} characters" in m for m in messages)
    assert all("shorten it" in m for m in messages)
    r = CliRunner().invoke(main, ["validate", str(content)])
    assert r.exit_code == 1 and "(form-length)" in r.output and "Traceback" not in r.output


def test_too_many_glossary_forms_in_a_game_is_an_error_at_the_first_beyond(tmp_path):
    aliases = [f"alias{i:05d}" for i in range(MAX_TERM_FORMS)]  # with the term's name: one too many
    term = Term("demo/term/adjacent", "en", PROV, term=Text("en", "Adjacent"), definition=Text("en", "Next to."),
                aliases={"en": aliases})
    content = glossary_tree(tmp_path, [term])
    found = diagnostics(content, "form-count")
    assert [(f, line, col) for f, line, col, _ in found] == [
        ("glossary.yml", *at(content, "glossary.yml", [0, "aliases", "en", MAX_TERM_FORMS - 1]))]
    assert f"has {MAX_TERM_FORMS + 1:,} glossary forms" in found[0][3] and "merge terms" in found[0][3]
    # one fewer is fine
    term.aliases["en"].pop()
    assert diagnostics(glossary_tree(tmp_path / "fewer", [term]), "form-count") == []


def test_too_many_names_in_a_game_is_an_error(tmp_path, monkeypatch):
    """With the limit lowered to ten (a hundred thousand names take the validator half a minute to read)."""
    monkeypatch.setitem(checks._FORM_LIMIT, "name", 10)
    cards = [Entity(f"demo/card/c{i}", "en", PROV, type=EntityType.CARD, name=Text("en", f"Card {i}"),
                    aliases={"en": [f"Alias {i}.{j}" for j in range(4)]}) for i in range(2)]
    cards.append(Entity("demo/card/sword", "en", PROV, type=EntityType.CARD, name=Text("en", "Sword")))
    content = glossary_tree(tmp_path, [Term("demo/term/adjacent", "en", PROV, term=Text("en", "Adjacent"),
                                            definition=Text("en", "Next to."))], cards)
    found = diagnostics(content, "form-count")
    assert [(f, line, col) for f, line, col, _ in found] == [
        ("entities.yml", *at(content, "entities.yml", [len(cards) - 1, "name", "en"]))]
    assert "has 11 names" in found[0][3] and "more than the 10 allowed" in found[0][3]


def test_the_build_refuses_content_over_the_limits(tmp_path):
    """The hostile tester's glossary: Foo, Foo Foo … 400 words, and a long answer made of them."""
    terms = [Term(f"demo/term/foo-{k}", "en", PROV, term=Text("en", " ".join(["Foo"] * k)),
                  definition=Text("en", "Foo.")) for k in range(1, 401)]
    content = glossary_tree(tmp_path, terms)
    with pytest.raises(BuildError, match=r"glossary\.yml:\d+:\d+: error: this term has 33 words.*\(form-length\)"):
        build(Path(__file__).resolve().parents[1], tmp_path / "site", content_dir=content, work=tmp_path / "build",
              locales=["en"], log=lambda *_: None)
    assert not (tmp_path / "site").exists()


def test_the_matcher_does_not_look_for_a_form_over_the_limits():
    ok, long_words, long_chars = (Term(f"g/term/{n}", "en", term=Text("en", f)) for n, f in [
        ("ok", LONGEST_OK), ("words", LONG_WORDS), ("chars", LONG_CHARS)])
    han = Term("g/term/han", "zh", term=Text("zh", "相" * (MAX_FORM_CHARS + 1)))
    g = Glossary([ok, long_words, long_chars, han])
    assert g.findable(ok, "en") and not g.findable(long_words, "en") and not g.findable(long_chars, "en")
    assert not g.findable(han, "zh")
    text = " ".join([LONG_WORDS, LONG_CHARS])
    assert [m.key.id for m in g.find(text, "en")] == [ok.id]
    assert g.find("相" * (MAX_FORM_CHARS + 5), "zh") == []


def test_the_limits_are_far_above_todays_content():
    """At least twice the longest form and twenty times the most forms of any game today."""
    content = repo_content()
    longest_words = longest_chars = 0
    term_forms: dict[str, int] = {}
    name_forms: dict[str, int] = {}
    for e in content.entries:
        if isinstance(e, Term):
            forms = all_forms(e.term, e.aliases) + [p for ps in e.not_in.values() for p in ps]
            term_forms[e.game] = term_forms.get(e.game, 0) + len(forms)
        elif isinstance(e, Entity) and e.type is not EntityType.TOPIC:
            forms = all_forms(e.name, e.aliases)
            name_forms[e.game] = name_forms.get(e.game, 0) + len(forms)
        else:
            continue
        longest_words = max([longest_words, *(len(WORD.findall(f)) for f in forms)])
        longest_chars = max([longest_chars, *map(len, forms)])
    assert longest_words and 2 * longest_words <= MAX_FORM_WORDS and 2 * longest_chars <= MAX_FORM_CHARS
    assert 20 * max(term_forms.values()) <= MAX_TERM_FORMS and 20 * max(name_forms.values()) <= MAX_NAME_FORMS
