"""Configuration that ends in a link on every page (the forge's repo_url, branch, edit_uri and new_issue in
content/project.yml, a document's url, `rulings build --site-url`) is parsed, not matched: each hostile value
from the security issue, and variants, is refused by `rulings validate` (exit 1, file:line:col, what a browser
would read, how to fix it) and by the build's flag (a usage error, exit 2, nothing built); plain values pass."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import build_tree, site_inputs
from rulings.model.fields import Kind
from rulings.model.urls import CHECKS, MAX_BRANCH_LENGTH, MAX_URL_LENGTH, branch_problem
from test_validate import run

pytestmark = pytest.mark.unit

LONG = "https://github.com/o/" + "r" * 100_000
CYRILLIC = "https://g\u0456thub.com/o/r"  # Cyrillic і: a look-alike of github.com
# (value, words the message must hold: what is wrong and, for addresses a browser can read, where it goes)
BAD_ADDRESSES = [
    ('https://github.com/o/r"><script>alert(1)</script>', ["double quote", "host 'github.com'", "%22"]),
    ("https://github.com/o/r'><script>alert(1)</script>", ["single quote", "%27"]),
    ("https://github.com@evil.example/o/r", ["user name", "host 'evil.example', path '/o/r'"]),
    ("https://evil.example\\@github.com/o/r", ["backslash", "host 'evil.example'"]),
    ("https://user%40github.com@evil.example/o/r", ["user name", "host 'evil.example'"]),
    ("https://github.com%40evil.example/o/r", ["malformed host"]),
    (LONG, [f"{len(LONG)} characters long", f"at most {MAX_URL_LENGTH}", "host 'github.com'"]),
    ("javascript:alert(1)", ["scheme 'javascript:'"]),
    ("JaVaScRiPt:alert(1)", ["scheme 'JaVaScRiPt:'"]),
    ("data:text/html,<script>alert(1)</script>", ["scheme 'data:'"]),
    ("ftp://github.com/o/r", ["scheme 'ftp:'"]),
    ("https:/evil.example/o/r", ["two slashes", "host 'evil.example'"]),
    ("https:///evil.example/o/r", ["two slashes", "host 'evil.example'"]),
    ("//evil.example/o/r", ["not a web address", "https://"]),
    ("github.com/o/r", ["not a web address"]),
    ("HTTPS://github.com/o/r", ["capitals"]),
    ("https://git\thub.com/o/r", ["a tab", "host 'github.com'"]),
    ("https://github.com/o/r\nhttps://evil.example/", ["a line break"]),
    ("https://github.com/o/r ", ["start or end"]),
    (" https://github.com/o/r", ["start or end"]),
    ("https://github.com/o/r\u202e", ["U+202E"]),
    ("https://github.com/%2e%2e/%2e%2e/evil/r", ["'%2e%2e'", "moves up"]),
    ("https://github.com/o/r/../../evil/r", ["'..'", "moves up"]),
    ("https://github.com/o/..%2f..%2fevil", ["moves up"]),
    ("https://github.com/o/%252e%252e/r", ["moves up"]),
    ("https://github.com/o/r/.", ["moves up"]),
    ("https://github.com/o//r", ["empty path segment"]),
    ("https://github.com/o/r%zz", ["'%' not followed by two hex digits"]),
    ("https://github.com/o/r%0a", ["control character"]),
    ("https://github.com\u2215evil.example/o/r", ["U+2215", "looks like '/'"]),
    ("https://github.com\uff0fevil.example/o/r", ["U+FF0F", "looks like '/'"]),
    (CYRILLIC, ["Unicode letters", "g\u0456thub.com".encode("idna").decode()]),
    ("https://例え.jp/o/r", ["Unicode letters", "例え.jp".encode("idna").decode()]),
    ("https://xn--.com/o/r", ["malformed host"]),
    ("https://-github.com/o/r", ["malformed host"]),
    ("https://github.com./o/r", ["malformed host"]),
    ("https://github/o/r", ["without a dot"]),
    ("https://256.1.1.1/o/r", ["no IPv4 address"]),
    ("https://1.2.3/o/r", ["no IPv4 address"]),
    ("https://[::1/o/r", ["malformed host"]),
    ("https://[fe80::1%25eth0]/o/r", ["malformed IPv6 host"]),
    ("https://github.com:99999/o/r", ["port"]),
    ("https://github.com:abc/o/r", ["port"]),
    ("https://github.com:/o/r", ["port"]),
    ("https://github.com/o/r?tab=issues", ["query"]),
    ("https://github.com/o/r#readme", ["fragment"]),
    ("https://github.com/o/r(1)", ["'('"]),  # a base address's path: unreserved characters only
]
GOOD_ADDRESSES = ["https://github.com/owner/rulings", "https://gitlab.com/group/sub/rulings/",
                  "https://git.example.org:8443/o/r", "http://127.0.0.1:3000/o/r", "https://[2001:db8::1]/o/r",
                  "https://localhost/o/r", "https://xn--fiqs8s.example/o/r", "https://codeberg.org/o/r.git",
                  "https://github.com/o/r%2B%2B"]
BAD_BRANCHES = ["../../../evil/repo/blob/main", "-main", "main..x", "a@{1}", "main.lock", ".hidden", "a/.b",
                "main/", "/main", "a//b", "ma in", "ma\tin", "ma~1", "ma^", "ma:x", "ma?", "ma*", "ma[", "ma\\in",
                "main.", "HEAD", "x" * (MAX_BRANCH_LENGTH + 1)]
GOOD_BRANCHES = ["main", "release/1.0", "feature/曹操", "@", "a@b", 'x"<y>#%2e']
BAD_EDIT_URIS = [("../../../../evil.example/", "moves up"), ("edit/%2e%2e/%2e%2e/", "moves up"),
                 ("//evil.example/", "starts with '/'"), ("/edit/main/", "starts with '/'"),
                 ("https://evil.example/", "scheme"), ("javascript:alert(1)//", "scheme"),
                 ("edit/main?x=1", "'?'"), ("edit/main#x", "'#'"), ('edit/"><script>/', "double quote"),
                 ("edit\\main/", "backslash"), ("edit/main/ ", "a space")]
GOOD_EDIT_URIS = ["edit/main/", "", "-/edit/main/", "src/branch/main"]
BAD_ISSUE_FORMS = [("https://{title}.evil.example/new?b={body}", "in its host"),
                   ('https://tracker.example.org/new?t={title}"><script>', "double quote"),
                   ("javascript:alert('{title}')", "scheme"), ("https://tracker.example.org/new?t={titel}", "'{'"),
                   ("https://user@tracker.example.org/new?t={title}", "user name")]


def problem_of(kind: Kind, value: str) -> str | None:
    return CHECKS[kind].problem(value)


@pytest.mark.parametrize(("value", "words"), BAD_ADDRESSES)
def test_a_hostile_address_is_refused_saying_where_it_goes(value, words):
    problem = problem_of(Kind.BASE_ADDRESS, value)
    assert problem is not None
    for w in words:
        assert w in problem, problem
    assert "\n" not in problem and "\t" not in problem and len(problem) < 600, problem  # one readable line


@pytest.mark.parametrize("kind", list(CHECKS))
def test_every_accepted_value_matches_its_schema_pattern(kind):
    """The schemas' patterns only approximate the checks, for editors; they must never refuse what the check
    accepts (validate would then report a value it accepts)."""
    values = {Kind.BASE_ADDRESS: GOOD_ADDRESSES, Kind.WEB_ADDRESS: [
                  *GOOD_ADDRESSES, "https://example.org/faq?a=1&b=%222%22#top", "https://example.org/@u/(1)!$*+,;=:"],
              Kind.ISSUE_FORM: ["https://bugs.example.org/new?summary={title}&description={body}",
                                "https://bugs.example.org/{title}/new"],
              Kind.BRANCH: GOOD_BRANCHES, Kind.REPO_PATH: GOOD_EDIT_URIS}[kind]
    check = CHECKS[kind]
    for v in values:
        assert check.problem(v) is None, (v, check.problem(v))
        assert re.search(check.pattern, v) and len(v) <= check.max_length, v
    for v, _ in BAD_ADDRESSES:  # and what the pattern admits of the hostile ones, the check still refuses
        if kind is Kind.BASE_ADDRESS and re.search(check.pattern, v):
            assert check.problem(v) is not None, v


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("name", [*BAD_BRANCHES[:-1], "", *GOOD_BRANCHES])  # git has no length limit
def test_branch_names_are_what_git_accepts(name):
    git = subprocess.run(["git", "check-ref-format", "--branch", name], capture_output=True, check=False)
    assert (branch_problem(name) is None) == (git.returncode == 0), (name, branch_problem(name), git.stderr)


# --- through `rulings validate`: exit 1, the file, line and column of the value, the rule --------------------

def forge_tree(tmp_path: Path, field: str, value: str) -> tuple[Path, int, int]:
    """A valid tree whose project.yml names a forge with ``field: value`` (JSON-quoted, which YAML reads as a
    double-quoted scalar); the line and column where the value starts."""
    content = build_tree(tmp_path)
    project = content / "project.yml"
    forge = {"repo_url": "https://github.com/owner/rulings", field: value}
    lines = ["forge:", *(f"  {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in forge.items())]
    text = project.read_text(encoding="utf-8")
    project.write_text(text + "\n".join(lines) + "\n", encoding="utf-8")
    line = text.count("\n") + 1 + list(forge).index(field) + 1
    return content, line, len(f"  {field}: ") + 1


def validated(content: Path):
    return run(["validate", "content", "--no-warnings"], content.parent)


@pytest.mark.parametrize(("field", "value", "rule", "words"), [
    *(("repo_url", v, "url-invalid", w) for v, w in BAD_ADDRESSES),
    *(("branch", v, "branch-invalid", ["characters long" if len(v) > MAX_BRANCH_LENGTH else
                                       "not a branch name" if v else "empty"]) for v in [*BAD_BRANCHES, ""]),
    *(("edit_uri", v, "edit-uri-invalid", [w]) for v, w in BAD_EDIT_URIS),
    *(("new_issue", v, "url-invalid", [w]) for v, w in BAD_ISSUE_FORMS),
])
def test_validate_refuses_a_hostile_forge_at_its_position(tmp_path, field, value, rule, words):
    content, line, col = forge_tree(tmp_path, field, value)
    r = validated(content)
    assert r.exit_code == 1, r.output
    at = f"content/project.yml:{line}:{col}: error: forge.{field}: "
    found = [s for s in r.output.splitlines() if s.startswith(at)]
    assert len(found) == 1 and found[0].endswith(f"({rule})"), r.output[:2000]
    for w in words:
        assert w in found[0], found[0][:600]
    assert "Traceback" not in r.output


@pytest.mark.parametrize(("field", "value"), [
    *(("repo_url", v) for v in GOOD_ADDRESSES), *(("branch", v) for v in GOOD_BRANCHES),
    *(("edit_uri", v) for v in GOOD_EDIT_URIS),
    ("new_issue", "https://bugs.example.org/new?summary={title}&description={body}")])
def test_validate_accepts_a_plain_forge(tmp_path, field, value):
    content, _, _ = forge_tree(tmp_path, field, value)
    r = validated(content)
    assert r.exit_code == 0, r.output


def test_a_look_alike_host_is_named_by_its_letters(tmp_path):
    host = "g\u0456thub.com".encode("idna").decode()
    content, line, col = forge_tree(tmp_path, "repo_url", f"https://{host}/o/r")
    r = run(["validate", "content"], content.parent)
    assert r.exit_code == 0, r.output  # a warning: IDN hosts are legitimate, this one mixes scripts
    assert f"content/project.yml:{line}:{col}: warning: forge.repo_url: host '{host}' reads 'g\u0456thub.com'" \
        in r.output and "(url-lookalike)" in r.output, r.output


@pytest.mark.parametrize(("value", "words"), [
    ('https://example.org/"><script>alert(1)</script>', ["double quote"]),
    ("https://example.org/faq/../../etc/passwd", ["moves up"]),
    ("https://user:pw@example.org/faq", ["user name"]),
    ("javascript:alert(1)", ["scheme"]),
    ("https://example.org/faq?a='1'", ["single quote"]),
])
def test_validate_refuses_a_hostile_document_url_at_its_position(tmp_path, value, words):
    content = build_tree(tmp_path)
    game = content / "demo" / "game.yml"
    text = game.read_text(encoding="utf-8")
    anchor = "    file: sources/doc.txt"
    game.write_text(text.replace(anchor, f"    url: {json.dumps(value)}\n{anchor}"), encoding="utf-8")
    line = text[:text.index(anchor)].count("\n") + 1
    r = validated(content)
    assert r.exit_code == 1, r.output
    found = [s for s in r.output.splitlines() if s.startswith(f"content/demo/game.yml:{line}:10: error: "
                                                              "documents[0].url: ")]
    assert len(found) == 1 and found[0].endswith("(url-invalid)"), r.output
    for w in words:
        assert w in found[0], found[0]


# --- through `rulings build --site-url`: a usage error, nothing built ----------------------------------------

@pytest.mark.parametrize(("value", "words"), [
    ('https://x.example/"><script>alert(1)</script>/', ["double quote", "host 'x.example'"]),
    *BAD_ADDRESSES,
])
def test_a_hostile_site_url_is_a_usage_error_and_nothing_is_built(tmp_path, value, words):
    repo = site_inputs(tmp_path)
    build_tree(repo)
    r = run(["build", "--no-bundles", "--site-url", value], repo)
    assert r.exit_code == 2, r.output
    errors = [s for s in r.output.splitlines() if s.startswith("Error: ")]
    assert len(errors) == 1 and errors[0].startswith("Error: Invalid value for '--site-url': "), r.output
    for w in words:
        assert w in errors[0], errors[0][:600]
    assert "Traceback" not in r.output and not (repo / "site").exists() and not (repo / "build").exists()
