"""Property: any entry the model can hold survives model → YAML → load → model, written already as fmt writes it."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings.content.codec import entry_from_data, entry_to_data
from rulings.content.dump import dumps, modeline
from rulings.content.fmt import format_text
from rulings.content.load import load_text
from rulings.model.entries import (
    Change,
    Diagram,
    Entity,
    EntityType,
    Erratum,
    ErratumType,
    Example,
    ListBlock,
    ListItem,
    Paragraph,
    Provenance,
    Ruling,
    RulingFlag,
    RulingStatus,
    Section,
    StatusChange,
    Table,
    Term,
)
from rulings.model.text import Text, TranslationStatus

# Any Unicode text YAML can hold: everything but lone surrogates.
texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)
slugs = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,5}){0,2}", fullmatch=True)
locales = st.sampled_from(["en", "it", "zh", "zh-Hant", "fr"])


@st.composite
def mtext(draw) -> Text:
    src_lang = draw(locales)
    t = Text(src_lang, draw(texts))
    for loc in draw(st.lists(locales, max_size=3, unique=True)):
        if loc != src_lang:
            t.translate(loc, draw(texts), draw(st.sampled_from(list(TranslationStatus))), draw(texts.filter(bool)),
                        draw(st.none() | texts))
    return t


opt_text = st.none() | mtext()
ids = st.builds(lambda k, s: f"g/{k}/{s}", st.sampled_from(["ruling"]), slugs)
refs = st.lists(st.builds(lambda s: f"g/card/{s}", slugs), max_size=3, unique=True)
prov = st.lists(st.builds(lambda a, n: Provenance("doc", (a, a + n)), st.integers(1, 999), st.integers(0, 50)),
                max_size=3)


def items(depth: int):
    sub = st.just([]) if depth == 0 else st.lists(items(depth - 1), max_size=2)
    return st.builds(ListItem, mtext(), sub)


blocks_leaf = st.one_of(
    st.builds(Paragraph, mtext()),
    st.builds(ListBlock, st.lists(items(2), min_size=1, max_size=3), st.booleans()),
    st.builds(Table, st.lists(mtext(), max_size=3), st.lists(st.lists(mtext(), max_size=3), max_size=3), opt_text),
    st.builds(Diagram, texts, opt_text),
)
blocks = st.lists(st.one_of(blocks_leaf, st.builds(Example, st.lists(blocks_leaf, max_size=2), opt_text)),
                  max_size=3)

entries = st.one_of(
    st.builds(Ruling, id=ids, lang=locales, provenance=prov, notes=opt_text, question=opt_text, answer=opt_text,
              statement=opt_text, status=st.sampled_from(list(RulingStatus)),
              history=st.lists(st.builds(StatusChange, st.sampled_from(list(RulingStatus)), opt_text,
                                         st.none() | st.just("2006-03-20"), st.none() | texts), max_size=2),
              about=refs, related=refs, flags=st.lists(st.sampled_from(list(RulingFlag)), unique=True)),
    st.builds(Entity, id=st.builds(lambda s: f"g/card/{s}", slugs), lang=locales, provenance=prov,
              type=st.just(EntityType.CARD), name=mtext(),
              aliases=st.dictionaries(locales, st.lists(texts.filter(bool), max_size=2), max_size=2),
              attributes=st.dictionaries(st.sampled_from(["faction", "health", "set", "x"]),
                                         st.one_of(texts, st.integers(0, 9), st.booleans()), max_size=3),
              text=opt_text, parent=st.none() | st.just("g/card/p"), related=refs),
    st.builds(Term, id=st.builds(lambda s: f"g/term/{s}", slugs), lang=locales, provenance=prov, term=mtext(),
              definition=mtext(), related=refs),
    st.builds(Erratum, id=st.builds(lambda s: f"g/erratum/{s}", slugs), lang=locales, provenance=prov,
              type=st.sampled_from(list(ErratumType)), target=st.none() | st.just("g/card/x"),
              target_name=opt_text, group=opt_text, text=mtext(), original=opt_text, corrected=opt_text),
    st.builds(Change, id=st.builds(lambda s: f"g/change/{s}", slugs), lang=locales, provenance=prov,
              date=st.none() | st.just("2024-02-15"), date_printed=texts, text=mtext(), touches=refs,
              suspect_date=st.booleans(), suspect_note=opt_text),
    st.builds(Section, id=st.builds(lambda s: f"g/section/{s}", slugs), lang=locales, provenance=prov,
              title=mtext(), parent=st.none() | st.just("g/section/p"), blocks=blocks),
)

KIND = {Ruling: "rulings", Entity: "entities", Term: "glossary", Erratum: "errata", Change: "changelog",
        Section: "sections"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(entries)
def test_entry_round_trips_through_yaml(entry):
    kind = KIND[type(entry)]
    path, schemas = Path("content/g/x.yml"), Path("schemas")
    text = dumps({"kind": kind, "game": "g", "entries": [entry_to_data(entry)]},
                 first_line=modeline(path, kind, schemas))  # as importers and edits write a file
    back = entry_from_data(kind, load_text(path, text).data["entries"][0])
    assert back == entry
    # what is written is already fmt's canonical form: fmt leaves it as it is (so it keeps the meaning and
    # is idempotent), and `rulings fmt --check` passes on what the tools write
    assert format_text(path, text, schemas) == text


MUTATIONS = [
    lambda d: d.update(id="Not An Id"),
    lambda d: d.update(lang=7),
    lambda d: d.update(unknown_field="x"),
    lambda d: d.pop("lang"),
    lambda d: d.update(provenance={"document": "doc", "lines": [1]}),
    lambda d: d.update(related=["ok/ruling/x", "ok/ruling/x"]),
    lambda d: d.update(notes={"en": {"text": "x", "source_hash": "short", "status": "machine", "by": "b"}}),
    lambda d: d.update(notes={"en": 1.5}),
    lambda d: d.update(notes={}),
]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])  # about ten per mutation
@given(entries, st.integers(0, len(MUTATIONS)))
def test_fast_schema_check_agrees_with_jsonschema(entry, mutation):
    """fastjsonschema decides whether a file needs jsonschema's detailed errors: the two must agree."""
    from rulings.content.schema_check import is_valid, validator

    kind = KIND[type(entry)]
    data = {"kind": kind, "game": "g", "entries": [entry_to_data(entry)]}
    if mutation < len(MUTATIONS):
        MUTATIONS[mutation](data["entries"][0])
    loaded = load_text(Path("x.yml"), dumps(data)).data
    assert is_valid(loaded, kind) == validator(kind).is_valid(loaded)
    if mutation < len(MUTATIONS):
        assert not is_valid(loaded, kind)
