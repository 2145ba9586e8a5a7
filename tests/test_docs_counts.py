"""Every number the README and the guides state about the code or the content is checked against the code or the
content, so a guide cannot drift from what it describes (``docs/contributing.md`` said "0 of 87 UI strings" long
after the template held 169). Each claim is a phrase of a guide with its number, and where the code keeps that
number; a claim reworded in its guide fails here until its row is changed too.

Not here: the field tables of docs/content-format.md (written by ``rulings schemas``, kept equal by
tests/test_schemas.py); measurements (the benchmark's, in tools/bench/README.md with their JSON reports); the
numbers of other programs (Weblate's defaults); the dated reports of docs/translation-quality.md; numbers in
examples of output."""

from __future__ import annotations

import json
import re
import tomllib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from babel.messages.pofile import read_po

from conftest import REPO, project_locales, repo_content
from rulings.build import serve as preview
from rulings.build.site_build import GUIDES
from rulings.cli.site import serve
from rulings.content import load, safety, validate
from rulings.model import ids, terms, text, urls
from rulings.model.entries import ENTRY_CLASSES
from rulings.publish import export, signing, tables
from rulings.site import forge
from rulings.site.search import shards
from rulings.vcs import CLOCK_SLACK, MAX_OUTPUT, TIMEOUT
from test_i18n import SHORT_CHARS

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
         "ten": 10, "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}


def number(written: str) -> float:
    """A number as a guide writes it: ``6,000``, ``10_000``, ``0.3``, ``three``, ``fourth``."""
    if written.lower() in WORDS:
        return WORDS[written.lower()]
    return float(written.replace(",", "").replace("_", ""))


def read(doc: str) -> str:
    """A guide's text with its lines joined, so a phrase wrapped across lines reads as one."""
    return " ".join((REPO / doc).read_text(encoding="utf-8").split())


def pyproject() -> dict[str, Any]:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def serve_default(name: str) -> str:
    return next(p.default for p in serve.params if p.name == name)


def locale_steps() -> int:
    """The numbered steps of "Add a locale" in docs/contributing.md."""
    section = (REPO / "docs" / "contributing.md").read_text(encoding="utf-8").split("## Add a locale", 1)[1]
    return len(re.findall(r"^\d+\. ", section.split("\n## ", 1)[0], re.M))


def game_step(command: str) -> int:
    """The numbered step of "Add a game" in docs/contributing.md whose commands run ``command``."""
    section = (REPO / "docs" / "contributing.md").read_text(encoding="utf-8").split("## Add a game", 1)[1]
    steps = re.split(r"^(\d+)\. ", section.split("\n## ", 1)[0], flags=re.M)[1:]
    return next(int(n) for n, body in zip(steps[::2], steps[1::2], strict=True)
                if re.search(rf"^\s*\.venv/bin/{re.escape(command)}\b", body, re.M))


def weblate_pin() -> tuple[int, ...]:
    pins = (REPO / "tools" / "weblate" / "requirements.txt").read_text(encoding="utf-8")
    return tuple(int(n) for n in re.search(r"^weblate==(\d+)\.(\d+)\.(\d+)", pins, re.M).groups())


def nplurals(locale: str) -> int:
    with (REPO / "locales" / locale / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f).num_plurals


def schema_draft() -> set[int]:
    return {int(re.search(r"draft-0?(\d+)", json.loads(p.read_text(encoding="utf-8"))["$schema"]).group(1))
            for p in (REPO / "schemas").glob("*.schema.json")}


@dataclass(frozen=True)
class Claim:
    doc: str
    phrase: str
    """A regular expression over the guide's joined text; each group one number as written."""
    value: Callable[[], tuple[float, ...]]
    """Where the code or the content keeps the numbers, in the order of the groups."""


CLAIMS = [
    Claim("README.md", r"Python ≥ 3\.(\d+)",
          lambda: (int(re.search(r">=\s*3\.(\d+)", pyproject()["project"]["requires-python"]).group(1)),)),
    Claim("README.md", r"on http://127\.0\.0\.1:(\d+)/", lambda: (int(serve_default("address").rsplit(":")[1]),)),
    Claim("README.md", r"one JSON Schema \(draft-0?(\d+)\)", lambda: tuple(schema_draft())),
    Claim("README.md", r"The tests come in (\w+) tiers", lambda: (len(pyproject()["tool"]["pytest"]["ini_options"]
                                                                      ["markers"]),)),
    Claim("docs/hosting.md", r"a signature file over (\d+) KB", lambda: (signing.MAX_SIGNATURE_BYTES / 1024,)),
    Claim("docs/hosting.md", r"with (\d+) minutes' slack", lambda: (CLOCK_SLACK / 60,)),
    Claim("docs/hosting.md", r"bounded \((\d+) MB of output, (\d+) s\)", lambda: (MAX_OUTPUT / 1e6, TIMEOUT)),
    Claim("docs/hosting.md", r"the URL kept under ([\d,]+) characters", lambda: (forge.URL_LIMIT,)),
    Claim("docs/content-format.md", r"the whole URL stays under ([\d,]+) characters", lambda: (forge.URL_LIMIT,)),
    Claim("docs/content-format.md", r"at most ([\d,]+) characters \(rule `url-invalid`\)",
          lambda: (urls.MAX_URL_LENGTH,)),
    Claim("docs/content-format.md", r"more than (\d+) words or (\d+) characters",
          lambda: (terms.MAX_FORM_WORDS, terms.MAX_FORM_CHARS)),
    Claim("docs/content-format.md", r"more than ([\d,]+) glossary forms .{0,80}? or ([\d,]+) names",
          lambda: (terms.MAX_TERM_FORMS, terms.MAX_NAME_FORMS)),
    Claim("docs/content-format.md", r"`com(\d)`–`com(\d)`, `lpt(\d)`–`lpt(\d)`",
          lambda: tuple(f(int(n[3:]) for n in ids.WINDOWS_RESERVED if n.startswith(dev) and n[3:].isascii()
                          and n[3:].isdigit()) for dev in ("com", "lpt") for f in (min, max))),
    Claim("docs/content-format.md", r"sha256 of the Italian above, first (\d+) hex digits",
          lambda: (len(text.text_hash("x")),)),
    Claim("docs/translating.md", r"first (\d+) hex digits of the sha256", lambda: (len(text.text_hash("x")),)),
    Claim("docs/api.md", r"`site/api/v(\d+)/`", lambda: (int(export.API_VERSION.removeprefix("v")),)),
    Claim("docs/architecture.md", r"larger than (\d+) MiB", lambda: (load.MAX_BYTES / 2**20,)),
    Claim("docs/architecture.md", r"ids are at most (\d+) characters", lambda: (safety.MAX_ID_LENGTH,)),
    Claim("docs/architecture.md", r"Each record file \((\d+) documents\)", lambda: (shards.CHUNK,)),
    Claim("docs/architecture.md",
          r"Forms are limited to (\d+) words and (\d+) characters, a game to ([\d,]+) glossary forms and "
          r"([\d,]+) names",
          lambda: (terms.MAX_FORM_WORDS, terms.MAX_FORM_CHARS, terms.MAX_TERM_FORMS, terms.MAX_NAME_FORMS)),
    Claim("docs/architecture.md", r"(\d+(?:\.\d+)?) s after the last one", lambda: (preview.QUIET_SECONDS,)),
    Claim("tools/bench/README.md", r"`SHARD_BYTES = ([\d_]+)`", lambda: (shards.SHARD_BYTES,)),
    # tests/test_bench.py asserts that the default build makes 2 × len(locales) mkdocs runs
    Claim("tools/bench/README.md", r"\((\w+) mkdocs runs per locale\)", lambda: (2,)),
    Claim("docs/contributing.md", r"a single word or at most (\w+) characters", lambda: (SHORT_CHARS,)),
    Claim("docs/contributing.md", r"Forms with fewer than (\w+) letters, or (\w+) Chinese character",
          lambda: (terms.MIN_LATIN, terms.MIN_HAN - 1)),
    Claim("docs/contributing.md", r"Adding one takes (\w+) steps \(a (\w+), once it is translated",
          lambda: (locale_steps() - 1, locale_steps())),
    Claim("docs/contributing.md", r"Python 3\.(\d+) or newer",
          lambda: (int(re.search(r">=\s*3\.(\d+)", pyproject()["project"]["requires-python"]).group(1)),)),
    Claim("docs/contributing.md", r"which `rulings translate sync` writes for you \(step (\d+)\)",
          lambda: (game_step("rulings translate sync"),)),
    Claim("docs/translating.md", r"translation-finder [\d.]+, Weblate (\d+)\.(\d+)\.(\d+)\)", weblate_pin),
    Claim("docs/translating.md", r"one form per plural category of your language \(Italian (\w+), Chinese (\w+)\)",
          lambda: (nplurals("it"), nplurals("zh"))),
]


@pytest.mark.parametrize("claim", CLAIMS, ids=lambda c: f"{c.doc}: {c.phrase[:40]}")
def test_every_number_a_guide_states_is_the_codes(claim):
    found = list(re.finditer(claim.phrase, read(claim.doc)))
    assert found, f"{claim.doc} no longer says {claim.phrase!r}: change its row in CLAIMS with the guide"
    expected = tuple(float(v) for v in claim.value())
    for m in found:
        assert tuple(number(g) for g in m.groups()) == expected, f"{claim.doc}: {m.group()!r}, the code: {expected}"


def backticked(phrase: str) -> set[str]:
    return set(re.findall(r"`([^`]+)`", phrase))


def required_locales() -> set[str]:
    project = repo_content().project
    return {loc for loc, s in project.locale_settings.items() if s.required}


@pytest.mark.parametrize("doc, phrase, value", [
    ("docs/contributing.md", r"((?:`[\w-]+`(?:, | and ))*`[\w-]+`) are required\.", required_locales),
    ("docs/translating.md", r"\{required: true\}\}`; ((?:`[\w-]+`(?:, | and ))*`[\w-]+`) are\)", required_locales),
    ("docs/translating.md", r"`locales/<lang>/LC_MESSAGES/messages.po` \(for ((?:`[\w-]+`(?:, | and )?)+)\)",
     lambda: set(project_locales())),
    ("docs/architecture.md", r"Game ids that the site's own top-level names use \(([^)]*)\)",
     lambda: set(safety.RESERVED_GAME_IDS)),
    ("docs/architecture.md", r"the slugs ((?:`[\w-]+`(?:, | and ))*`[\w-]+`), and Windows",
     lambda: set(safety.RESERVED_SLUGS)),
    ("docs/architecture.md", r"reloads the browser when ((?:`[\w./-]+`,?\s+(?:or\s+)?)*`[\w./-]+`) change",
     lambda: {name if "." in name else f"{name}/" for name in preview.WATCHED}),
    ("README.md", r"\| entries: ((?:`[\w-]+`(?:, )?)+) \|", lambda: set(ENTRY_CLASSES)),
])
def test_every_list_of_names_a_guide_gives_is_the_projects(doc, phrase, value):
    m = re.search(phrase, read(doc))
    assert m, f"{doc} no longer says {phrase!r}: change this test with the guide"
    assert backticked(m.group(1)) == value(), m.group()


def test_the_readme_names_the_guides_the_site_publishes():
    """The README says which guides the site publishes under "Contribute" (it once said the content format was
    one: it is not)."""
    m = re.search(r"The site publishes (.*?) under \"Contribute\"", read("README.md"))
    assert m, "README.md no longer says which guides the site publishes"
    named = set(re.findall(r"\]\(docs/([\w.-]+\.md)\)", m.group(1)))
    assert named == {name for name, _page, _title in GUIDES}, m.group()


def test_the_forge_the_guides_say_the_project_names():
    """Two guides say the project names no forge, so no "Report a problem" links are rendered."""
    assert repo_content().project.forge is None, "the project names a forge now: say so in these guides"
    assert "The project names no forge today" in read("docs/hosting.md")
    assert "(the project sets none today)" in read("docs/content-format.md")


def test_todays_content_is_far_below_the_matchers_limits():
    """docs/content-format.md and docs/architecture.md say the limits are far above today's content: less than
    half of each, here counted as `rulings validate` counts them."""
    counts: dict[tuple[str, str], int] = defaultdict(int)
    words = chars = 0
    for f in repo_content().files:
        for e in f.entries:
            for kind, _steps, form in validate._matched_forms(e):
                counts[f.game or "", kind] += 1
                words, chars = max(words, len(terms.WORD.findall(form))), max(chars, len(form))
    assert "less than half of each limit" in read("docs/content-format.md")
    assert "far above today's content" in read("docs/architecture.md")
    assert words < terms.MAX_FORM_WORDS / 2 and chars < terms.MAX_FORM_CHARS / 2, (words, chars)
    most = {kind: max(n for (_g, k), n in counts.items() if k == kind) for kind in ("term", "name")}
    assert most["term"] < terms.MAX_TERM_FORMS / 2 and most["name"] < terms.MAX_NAME_FORMS / 2, most


def test_the_data_api_guide_gives_the_query_the_database_answers():
    """docs/api.md's example query is the one tables.py documents (tests/web/test_api.py runs it on a built site)."""
    query = re.search(r"::\n\n(.*?;)", tables.__doc__ or "", re.S).group(1)
    assert " ".join(query.split()) in read("docs/api.md")
