"""Web addresses, branch names and repository paths from configuration: parsed, checked and explained.

Strangers write ``content/project.yml`` and the game files, and ``rulings build --site-url`` takes a value
from a command line; each of these ends in an ``href`` or a ``<link>`` on every page. A loose pattern let
through quotes and angle brackets (a script on every page), ``user@host`` and ``host\\@other`` tricks (the
link goes to another host) and ``..`` segments (the "Edit source" link leaves the repository). So a value is
*parsed* here, with :func:`urllib.parse.urlsplit` and the rules a browser applies (the WHATWG URL standard
drops tabs and line breaks and reads ``\\`` as ``/``), and refused unless it is plainly what it looks like:

- a web address: ``http`` or ``https``, a host name (letters, digits and ``-`` in dot-separated labels, or
  ``localhost``, or an IP address; IDN hosts in their ASCII ``xn--`` form), an optional numeric port, no
  user name or password, no ``.`` or ``..`` path segment (nor its percent-encoded forms), only the ASCII
  characters RFC 3986 allows unencoded but ``'`` (no quotes, angle brackets, backslash, space or control
  character) and at most :data:`MAX_URL_LENGTH` characters; an address the build adds paths to (the
  repository's, the site's) has no query or fragment and only unreserved characters in its path;
- a branch name: git's ref-name rules (``git check-ref-format``, plus ``--branch``'s "no leading ``-``");
- a repository path (``edit_uri``): a relative path of the same characters, no scheme, no leading ``/``.

Each refusal says what a browser would make of the value (its host and path) and how to write it. Every
check is :func:`problem`-style (a message or None) and one :class:`ValueCheck` per kind of value ties it to
its diagnostic rule and to the pattern the JSON Schemas carry: that pattern is only an approximation for
editors (it admits everything the check admits, and refuses much of what the check refuses); validation and
the command line run the check itself.
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote, unquote, urlsplit

from rulings.model.fields import Kind

MAX_URL_LENGTH = 1024
"""The longest address accepted. Real repository, site and document addresses are a few dozen characters;
the site's pages add their paths (ids of up to 150 characters) to the site URL, and the sitemap protocol
refuses a ``<loc>`` of 2,048 characters or more; the new-issue links add the reported text to the
repository's address within 6,000 characters (``rulings.site.forge.URL_LIMIT``)."""
MAX_BRANCH_LENGTH = 255
"""git has no limit, but a branch is a file under ``.git/refs/heads/``: 255 bytes on common filesystems."""
SCHEMES = ("https", "http")

_UNRESERVED_SUB = r"A-Za-z0-9._~!\$&()*+,;=%\-"
"""For a regex character class (``$`` escaped: fastjsonschema reads a bare one as the end): RFC 3986's
unreserved characters, its sub-delimiters but ``'`` (which ends a single-quoted attribute or string wherever a
value is pasted in one) and ``%`` of a percent-encoding."""
_PCHAR = _UNRESERVED_SUB + ":@"
_BASE_PATH = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-%/")
"""The path of an address the build adds paths to: only unreserved characters and percent-encodings, for
Material's own templates print the site's path unescaped, in attributes and in a script (``base_url`` on
the 404 page), and a forge's repository path never needs more."""
_URL_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~!$&()*+,;=%-:@/?#[]")
_LABEL = re.compile(r"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$")
_BAD_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_GIT_REFUSES = frozenset(" ~^:?*[\\")

_HOST = r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]+)?"
BASE_PATTERN = rf"^https?://{_HOST}(/[A-Za-z0-9._~%/\-]*)?$"
WEB_PATTERN = rf"^https?://{_HOST}(/[{_PCHAR}/]*)?(\?[{_PCHAR}/?]*)?(#[{_PCHAR}/?]*)?$"
ISSUE_PATTERN = rf"^https?://{_HOST}(/[{_PCHAR}/{{}}]*)?(\?[{_PCHAR}/?{{}}]*)?(#[{_PCHAR}/?{{}}]*)?$"
REPO_PATH_PATTERN = rf"^([{_UNRESERVED_SUB}@][{_PCHAR}/]*)?$"
BRANCH_PATTERN = r"^[^\x00-\x20\x7f~^:?*\[\\/.-][^\x00-\x20\x7f~^:?*\[\\]*$"
"""The schemas' approximations (editors flag most mistakes while typing); each admits every value its
check admits."""


@dataclass(frozen=True)
class WebAddress:
    """An accepted web address, in parts (host in lower case, as every browser reads it)."""

    scheme: str
    host: str
    port: int | None
    path: str
    query: str
    fragment: str


def unicode_host(host: str) -> str:
    """The host as a reader sees it: ``xn--`` labels decoded (a look-alike shows its letters)."""
    return ".".join(_decoded_label(label) or label for label in host.split("."))


class AddressError(ValueError):
    """Why a value is not an acceptable address: the message says what a browser reads and how to fix it."""


def shown(value: str, limit: int = 80) -> str:
    """A value as an error message quotes it: cut, and with unprintable characters written as escapes
    (``repr``'s), so a line break or bidi control in it cannot break or disguise the report line."""
    cut = value if len(value) <= limit else value[: limit - 1] + "…"
    return cut if cut.isprintable() else repr(cut)[1:-1]


def browser_reading(value: str) -> tuple[str, str] | None:
    """(host, path) a browser would take ``value`` to, as far as :func:`urlsplit` can tell: the WHATWG URL
    parser strips leading and trailing spaces and controls, drops tabs and line breaks inside, reads ``\\``
    as ``/`` and ignores the number of slashes after ``http:``/``https:``."""
    v = value.strip("".join(map(chr, range(0x21)))).replace("\t", "").replace("\n", "").replace("\r", "")
    v = v.replace("\\", "/")
    scheme, colon, rest = v.partition(":")
    if not colon or scheme.lower() not in SCHEMES:
        return None
    try:
        parts = urlsplit(f"{scheme.lower()}://{rest.lstrip('/')}")
        host = parts.hostname
    except ValueError:
        return None
    return (host, parts.path or "/") if host else None


def _reading(value: str) -> str:
    read = browser_reading(value)
    return f" (a browser goes to host '{shown(read[0])}', path '{shown(read[1], 60)}')" if read else ""


_NAMES = {" ": "a space", "\t": "a tab", "\n": "a line break", "\r": "a carriage return",
          '"': "a double quote", "'": "a single quote", "<": "an angle bracket", ">": "an angle bracket",
          "\\": "a backslash", "`": "a backtick"}


def _looks_like(c: str) -> str | None:
    """The ASCII character a non-ASCII one passes for (a full-width or division slash for '/'), if any."""
    folded = unicodedata.normalize("NFKC", c)
    if folded.isascii() and folded != c:
        return folded
    return "/" if any(w in unicodedata.name(c, "") for w in ("SLASH", "SOLIDUS")) else None


def _char_name(c: str) -> str:
    if c in _NAMES:
        return _NAMES[c]
    if unicodedata.category(c)[0] in "CZ":
        return f"the control, space or invisible character U+{ord(c):04X}"
    if not c.isascii():
        looks = _looks_like(c)
        return f"'{c}' (U+{ord(c):04X} {unicodedata.name(c, 'unnamed')})" + (
            f", which looks like '{looks}' but is not" if looks else "")
    return f"'{c}'"


def _char_problem(c: str) -> str:
    """What an unacceptable character is, and what to write instead."""
    if c.isspace() or unicodedata.category(c)[0] in "CZ":
        fix = "remove it"
    elif (looks := _looks_like(c)) is not None:
        fix = f"write '{looks}' if that is meant"
    else:
        fix = f"percent-encode it as '{quote(c, safe='')}'"
    return f"contains {_char_name(c)}; {fix}"


def _decoded_label(label: str) -> str | None:
    """An ``xn--`` label's Unicode form; None for any other label or a malformed one."""
    if not label.startswith("xn--"):
        return None
    try:
        return label[4:].encode("ascii").decode("punycode")
    except UnicodeError:
        return None


def _host_problem(host: str) -> str | None:
    """Why ``host`` (from between ``//`` and the path, no user name, no port) names no real host."""
    if not host:
        return "has no host after '//'"
    if host.startswith("["):
        try:
            if not host.endswith("]") or "%" in host:
                raise ValueError
            ipaddress.IPv6Address(host[1:-1])
        except ValueError:
            return f"has the malformed IPv6 host '{shown(host)}'"
        return None
    if not host.isascii():
        try:
            ascii_host = host.encode("idna").decode("ascii")
        except UnicodeError:
            return f"has the host '{shown(host)}', which is no host name"
        return (f"has the host '{shown(host)}' in Unicode letters; write its ASCII form '{ascii_host}' if that "
                "is the host meant (look-alike letters name another host)")
    labels = host.lower().split(".")
    if all(label.isdigit() for label in labels):
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            return f"has the host '{shown(host)}', which is no IPv4 address (four numbers 0-255 with dots)"
        return None
    bad = next((label for label in labels if not _LABEL.match(label)), None)
    if bad is not None or len(host) > 253:
        return (f"has the malformed host '{shown(host)}': a host name is labels of letters, digits and '-' "
                "(not at either end) joined by single dots")
    if any(label.startswith("xn--") and _decoded_label(label) is None for label in labels):
        return f"has the host '{shown(host)}' whose 'xn--' part is not valid punycode"
    if len(labels) == 1 and host.lower() != "localhost":
        return f"has the host '{shown(host)}' without a dot; write the full host name, like 'github.com'"
    if labels[-1].isdigit():
        return f"has the host '{shown(host)}', which ends in a number but is no IPv4 address"
    return None


def _segments_problem(path: str) -> str | None:
    """Why a path's segments are not plain: a ``.``/``..`` segment (also percent-encoded, even twice, or
    after an encoded ``/`` or ``\\``), a malformed ``%``, an encoded control character, an empty segment."""
    if _BAD_PERCENT.search(path):
        return "has a '%' not followed by two hex digits; write a percent sign as '%25'"
    segments = path.split("/")
    for i, segment in enumerate(segments):
        decoded = segment
        for _ in range(3):  # %252e → %2e → .
            decoded, before = unquote(decoded), decoded
            if decoded == before:
                break
        pieces = re.split(r"[/\\]", decoded)
        if any(p.split(";")[0] in (".", "..") for p in pieces):  # "..;" is ".." to some servers
            return (f"has the path segment '{shown(segment)}', which moves up and out of the path; "
                    "write the path without it")
        if any(unicodedata.category(ch) == "Cc" for ch in decoded):
            return f"has the path segment '{shown(segment)}', which encodes a control character; remove it"
        if not segment and 0 < i < len(segments) - 1:
            return "has an empty path segment ('//'); write single slashes"
    return None


def web_address(value: str, *, query: bool = True, placeholders: bool = False) -> WebAddress:
    """``value`` as a :class:`WebAddress`, or :class:`AddressError` saying why not. ``query``: a query and a
    fragment are allowed (a document's address; not an address the build adds paths to). ``placeholders``:
    ``{title}`` and ``{body}`` may stand in the path, query or fragment (a new-issue URL template)."""
    try:
        return _web_address(value, query=query, placeholders=placeholders)
    except AddressError as e:
        raise AddressError(f"'{shown(value)}' {e}") from None


_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


def _web_address(value: str, *, query: bool, placeholders: bool) -> WebAddress:
    if value != value.strip():
        return _fail(value, "has spaces or line breaks at its start or end; remove them")
    m = _SCHEME.match(value)
    if m is None:
        return _fail(value, "is not a web address; write it in full, starting with https://")
    scheme, rest = m.group(1), value[m.end():]
    if scheme.lower() not in SCHEMES:
        return _fail(value, f"has the scheme '{shown(scheme, 20)}:'; only https:// and http:// addresses are "
                            "linked (others run scripts or open other programs)")
    if scheme not in SCHEMES:
        return _fail(value, f"has its scheme in capitals; write '{scheme.lower()}://'")
    if not rest.startswith("//") or rest.startswith("///"):
        return _fail(value, f"needs exactly two slashes and a host after '{scheme}:', like "
                            f"'{scheme}://example.org/'")
    if len(value) > MAX_URL_LENGTH:
        return _fail(value, f"is {len(value)} characters long; at most {MAX_URL_LENGTH} are accepted")
    template = value.replace("{title}", "t").replace("{body}", "b") if placeholders else value
    start = m.end() + 2
    authority = re.split(r"[/?#\\]", template[start:], maxsplit=1)[0]
    for i, c in enumerate(template):
        if c in _URL_CHARS:
            continue
        # a Unicode host name (not a look-alike slash in one): its ASCII form is the fix
        if i < start + len(authority) and not c.isascii() and _looks_like(c) is None and "@" not in authority:
            return _fail(value, _host_problem(authority.split(":")[0]) or _char_problem(c))
        return _fail(value, _char_problem(c))
    try:
        parts = urlsplit(template)
    except ValueError:
        return _fail(value, f"has the malformed host '{shown(authority)}'")
    netloc = parts.netloc
    if "@" in netloc:
        user = netloc.rpartition("@")[0]
        return _fail(value, f"has a user name or password before '@' ('{shown(user, 40)}'): it is not the host; "
                            "write the address without it")
    if placeholders and "{" in urlsplit(value).netloc:
        return _fail(value, "has {title} or {body} in its host; put them in the path or the query")
    try:
        port = parts.port
    except ValueError:
        port = 0
    if netloc.endswith(":") or port == 0:
        return _fail(value, "has a port that is not a number from 1 to 65535")
    host = netloc if netloc.endswith("]") or ":" not in netloc else netloc.rsplit(":", 1)[0]
    if problem := _host_problem(host):
        return _fail(value, problem)
    if not query and (parts.query or parts.fragment or "?" in value or "#" in value):
        return _fail(value, "has a query ('?…') or a fragment ('#…'); this is an address other paths are added "
                            "to: remove them")
    stray = next((c for c in parts.path + parts.query + parts.fragment if c in "[]"), None) or \
        ("#" if "#" in parts.fragment else None) or \
        (None if query else next((c for c in parts.path if c not in _BASE_PATH), None))
    if stray is not None:
        return _fail(value, _char_problem(stray))
    if problem := _segments_problem(parts.path):
        return _fail(value, problem)
    if _BAD_PERCENT.search(parts.query + parts.fragment):
        return _fail(value, "has a '%' not followed by two hex digits; write a percent sign as '%25'")
    return WebAddress(scheme, host.lower(), port, parts.path, parts.query, parts.fragment)


def _fail(value: str, problem: str) -> WebAddress:
    """Raise the problem, with what a browser would read put before its fix (after the first "; ")."""
    what, sep, fix = problem.partition("; ")
    raise AddressError(f"{what}{_reading(value)}{sep}{fix}")


def _address_problem(**options: bool) -> Callable[[str], str | None]:
    def problem(value: str) -> str | None:
        try:
            web_address(value, **options)
        except AddressError as e:
            return str(e)
        return None
    return problem


web_address_problem = _address_problem(query=True)
"""Why a document's address is not acceptable (None: it is)."""
base_address_problem = _address_problem(query=False)
"""Why an address the build adds paths to (``repo_url``, ``--site-url``) is not acceptable."""
issue_form_problem = _address_problem(query=True, placeholders=True)
"""Why a new-issue URL template (``{title}``, ``{body}``) is not acceptable."""


def branch_problem(name: str) -> str | None:
    """Why ``name`` is not a branch name git accepts (``git check-ref-format --branch``), or None."""
    problem = _branch_problem(name)
    return f"'{shown(name)}' {problem}" if problem else None


def _branch_problem(name: str) -> str | None:
    if not name:
        return "is empty; name the branch the site is built from, like 'main'"
    if len(name) > MAX_BRANCH_LENGTH:
        return f"is {len(name)} characters long; at most {MAX_BRANCH_LENGTH} are accepted"
    bad = next((c for c in name if ord(c) < 0x20 or ord(c) == 0x7F or c in _GIT_REFUSES), None)
    if bad is not None:
        return f"is not a branch name: git refuses {_char_name(bad)} in one"
    for part, why in (("..", "'..'"), ("@{", "'@{'"), ("//", "'//'")):
        if part in name:
            return f"is not a branch name: git refuses {why} in one"
    if name.startswith("-"):
        return "is not a branch name: it starts with '-' (git would read it as an option)"
    if name == "HEAD":
        return "is not a branch name: git refuses 'HEAD'"
    if name.startswith("/") or name.endswith("/") or name.endswith("."):
        return "is not a branch name: it starts or ends with '/' or ends with '.'"
    if any(c.startswith(".") or c.endswith(".lock") for c in name.split("/")):
        return "is not a branch name: a part of it starts with '.' or ends with '.lock'"
    return None


def repo_path_problem(path: str) -> str | None:
    """Why ``path`` (``edit_uri``) is not a plain path below the repository's address, or None."""
    problem = _repo_path_problem(path)
    if problem is None:
        return None
    return f"'{shown(path)}' {problem}" + ("" if "; " in problem else "; write a path from repo_url, like 'edit/main/'")


def _repo_path_problem(path: str) -> str | None:
    if len(path) > MAX_URL_LENGTH:
        return f"is {len(path)} characters long; at most {MAX_URL_LENGTH} are accepted"
    bad = next((c for c in path if c not in _URL_CHARS or c in "?#[]"), None)
    if bad is not None:
        return _char_problem(bad)
    if path.startswith("/"):
        return "starts with '/' (a path from the host, or with '//' another host)"
    if ":" in path.split("/", 1)[0]:
        return "has a scheme or a ':' in its first part (an address of its own)"
    return _segments_problem(path)


@dataclass(frozen=True)
class ValueCheck:
    """A kind of configuration value: its check, the diagnostic rule reporting it, and its schema."""

    kind: Kind
    name: str  # the shared schema definition
    rule: str
    doc: str
    example: str
    pattern: str
    max_length: int
    problem: Callable[[str], str | None]


CHECKS: dict[Kind, ValueCheck] = {c.kind: c for c in (
    ValueCheck(Kind.WEB_ADDRESS, "webAddress", "url-invalid",
               "A web address: https:// or http://, a host name (IDN hosts in their xn-- form) and an optional "
               "port, no user name or password, no '.' or '..' path segment (nor encoded), only the characters "
               "RFC 3986 allows unencoded but ' (no quotes, angle brackets, backslash, spaces or controls), "
               f"at most {MAX_URL_LENGTH} characters.",
               "https://example.org/faq?page=2", WEB_PATTERN, MAX_URL_LENGTH, web_address_problem),
    ValueCheck(Kind.BASE_ADDRESS, "baseAddress", "url-invalid",
               "A web address that other paths are added to: as webAddress, without a query or fragment, and "
               "only letters, digits, - . _ ~, %-encodings and / in its path.",
               "https://github.com/owner/rulings", BASE_PATTERN, MAX_URL_LENGTH, base_address_problem),
    ValueCheck(Kind.ISSUE_FORM, "issueForm", "url-invalid",
               "A webAddress with {title} and {body} (each optional) in its path or query.",
               "https://tracker.example.org/new?summary={title}&description={body}", ISSUE_PATTERN,
               MAX_URL_LENGTH, issue_form_problem),
    ValueCheck(Kind.BRANCH, "branch", "branch-invalid",
               "A git branch name (git check-ref-format --branch): no '..', '//', '@{', space, control, "
               "~ ^ : ? * [ or \\; no part starting with '.' or ending with '.lock'; not HEAD, not starting "
               f"with '-' or '/', not ending with '/' or '.'; at most {MAX_BRANCH_LENGTH} characters.",
               "main", BRANCH_PATTERN, MAX_BRANCH_LENGTH, branch_problem),
    ValueCheck(Kind.REPO_PATH, "repoPath", "edit-uri-invalid",
               "A relative path below repo_url: no scheme, no leading '/', no '.' or '..' segment (nor "
               "encoded), the characters of a webAddress's path.",
               "edit/main/", REPO_PATH_PATTERN, MAX_URL_LENGTH, repo_path_problem),
)}
"""Each kind of configuration value and its check."""

BY_PATTERN: dict[str, ValueCheck] = {c.pattern: c for c in CHECKS.values()}
"""A schema error names the failing pattern: the check to explain it with."""
assert len(BY_PATTERN) == len(CHECKS), "each check needs a pattern of its own"
