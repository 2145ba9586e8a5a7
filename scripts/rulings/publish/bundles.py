"""Offline bundles: the file:// shim from the npm registry, reproducible zips and Kiwix ZIM files.

The ``iframe-worker`` shim (MIT) lets Material's search run from ``file://``. It is fetched from the
npm registry at build time, pinned by version and sha512 integrity, and cached in ``build/npm/``;
no copy lives in the repository.
"""

from __future__ import annotations

import base64
import contextlib
import datetime as dt
import hashlib
import html
import mimetypes
import os
import re
import shutil
import struct
import subprocess
import sys
import tarfile
import zipfile
import zlib
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from rulings.escape import one_line
from rulings.model.ids import windows_name_problem

SHIM = ("iframe-worker", "1.0.4",
        "sha512-roeaaI+Lg1LJNfgpCjoRe/+WzEjy9+Z08LoEvu85MCPbBjwm+qXz8Ag5U05lHa6V1CysZyGzE0SOkAtSUA5q7Q==")
"""The shim's npm package: name, version, sha512 integrity (as ``npm view <pkg>@<v> dist.integrity`` gives)."""

ISO639_3 = {"ar": "ara", "ca": "cat", "cs": "ces", "da": "dan", "de": "deu", "el": "ell", "en": "eng", "es": "spa",
            "fi": "fin", "fr": "fra", "he": "heb", "hu": "hun", "id": "ind", "it": "ita", "ja": "jpn", "ko": "kor",
            "nb": "nob", "nl": "nld", "pl": "pol", "pt": "por", "ro": "ron", "ru": "rus", "sv": "swe", "th": "tha",
            "tr": "tur", "uk": "ukr", "vi": "vie", "zh": "zho"}
"""Kiwix wants ISO 639-3 language codes; babel has only the two-letter ones. Unknown: ``und`` (undetermined)."""

ZIM_TAGS = "card games;rules;rulings;errata;glossary;_ftindex:yes;_pictures:no;_videos:no;_details:yes"
"""Kiwix tags: topics, then its reserved ``_key:value`` tags (full-text index inside, no pictures or videos)."""


class BundleError(Exception):
    """A bundle cannot be made as asked (no npm, a shim that fails its pin, a name Windows cannot extract): the
    message says which and why, and the build stops on it."""


@dataclass(frozen=True)
class Download:
    kind: str  # "zip" or "zim"
    locale: str  # a locale, or "all"
    filename: str
    size: int | None  # None: not known yet (a part of a split build, see rulings.build.part)


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def fetch_shim(cache: Path) -> bytes:
    """The shim's JavaScript, from the pinned npm package (downloaded once, checked every time)."""
    return npm_file(cache, SHIM, "shim/index.js", "the offline bundles need npm to fetch the iframe-worker shim: "
                    "install it (Debian/Ubuntu: apt-get install npm), or build without them: rulings build "
                    "--no-bundles (make site does)")


def npm_file(cache: Path, package: tuple[str, str, str], member: str, no_npm: str) -> bytes:
    """One file of a pinned npm package (name, version, integrity), fetched with ``npm pack`` into ``cache``
    once and checked against its integrity every time; ``no_npm``: the error when npm is missing."""
    name, version, integrity = package
    tgz = cache / f"{name}-{version}.tgz"
    if not tgz.exists() or _integrity(tgz.read_bytes()) != integrity:
        npm = shutil.which("npm")
        if npm is None:
            raise BundleError(no_npm)
        cache.mkdir(parents=True, exist_ok=True)
        r = subprocess.run([npm, "pack", f"{name}@{version}", "--pack-destination", str(cache), "--silent"],
                           capture_output=True, text=True, timeout=300, check=False)
        if r.returncode != 0 or not tgz.exists():
            raise BundleError(f"npm pack {name}@{version} failed: {r.stderr.strip()[:500]}")
        if _integrity(tgz.read_bytes()) != integrity:
            tgz.unlink()
            raise BundleError(f"{name}@{version} from the registry does not match the pinned integrity")
    with tarfile.open(tgz, "r:gz") as tar:
        found = tar.extractfile(f"package/{member}")
        if found is None:
            raise BundleError(f"the {name} package has no {member}")
        return found.read()


ZIP_LEVEL = 7
"""Deflate's level for the bundles: half the time of level 9 for 0.4 % more bytes (measured on the site's
bundles; level 6 would add 0.9 %)."""


def zip_time(epoch: int) -> tuple[int, int, int, int, int, int]:
    t = dt.datetime.fromtimestamp(max(epoch, 315532800), dt.UTC)  # zip cannot store dates before 1980
    return (t.year, t.month, t.day, t.hour, t.minute, t.second)


def write_zip(trees: list[tuple[Path, str]], target: Path, epoch: int) -> int:
    """Zip each (folder, name inside the zip) with fixed times and modes and sorted names: two builds of
    the same content give the same bytes. Returns the size. Refuses (:class:`BundleError`) a name that
    could not be extracted on Windows; validation refuses every input that would make one."""
    when = zip_time(epoch)
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=ZIP_LEVEL) as z:
        entries = []
        for folder, prefix in trees:
            for p in folder.rglob("*"):
                if p.is_file():
                    entries.append((f"{prefix}/{p.relative_to(folder).as_posix()}".lstrip("/"), p))
        for name, _p in entries:
            if problem := next(filter(None, map(windows_name_problem, name.split("/"))), None):
                raise BundleError(f"{target.name}: '{name}' could not be extracted on Windows: {problem}")
        for name, p in sorted(entries):
            info = zipfile.ZipInfo(name, when)
            info.external_attr = 0o100644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, p.read_bytes(), compresslevel=ZIP_LEVEL)
    return target.stat().st_size


def _png(size: int = 48) -> bytes:
    """A small icon (an indigo square with a white card on it), as PNG, for Kiwix's illustration."""
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            card = size * 0.28 <= x < size * 0.72 and size * 0.18 <= y < size * 0.82
            stripe = card and (size * 0.36 <= y < size * 0.40 or size * 0.48 <= y < size * 0.52)
            row += bytes((63, 81, 181, 255)) if not card else bytes((200, 205, 235, 255) if stripe else (255,) * 4)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


TITLE_RE = re.compile(rb"<title>(.*?)</title>", re.S)
NOT_ARCHIVED = {"404.html"}
"""A web server's page for missing URLs: its links start at a server root (see site_config/overrides/404.html),
and a Kiwix reader shows its own; so it is no article at all (neither front article nor indexed)."""


@contextlib.contextmanager
def _quiet_stdout():
    """libzim's C++ writer prints progress on file descriptor 1; keep build logs clean."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 1)
            yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


@dataclass(frozen=True)
class ZimMeta:
    """What Kiwix's library shows of an archive; lengths as its conventions (and ``zimcheck -M``) require."""

    locale: str
    title: str  # at most 30 graphemes
    description: str  # at most 80
    long_description: str  # at most 4,000, longer than the description
    date: str  # YYYY-MM-DD

    def items(self) -> list[tuple[str, str]]:
        lang3 = ISO639_3.get(self.locale.split("-")[0].lower(), "und")
        short = one_line(self.description, 80)
        long = one_line(self.long_description, 4000)
        return [("Name", f"rulings_{self.locale.lower()}_all"), ("Title", one_line(self.title, 30)),
                ("Language", lang3), ("Description", short),
                ("LongDescription", long if len(long) > len(short) else short),
                ("Creator", "rulings contributors"), ("Publisher", "rulings"), ("Date", self.date),
                ("Tags", ZIM_TAGS), ("Source", "https://rulings.invalid/"), ("Scraper", "rulings")]


class MainText(HTMLParser):
    """A page's main text as Kiwix should index it: the article (``<article>``), without what Material's
    search leaves out too (``data-search-exclude``: breadcrumbs, labels, provenance) and without scripts.
    The navigation, header and footer, on every page alike, stay out, so a game's name finds its own pages,
    not every article."""

    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                      "wbr"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._stack: list[tuple[str, bool]] = []  # open elements: tag, whether its text is kept

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        keep = self._keeping() if self._stack else False
        a = dict(attrs)
        if tag == "article":
            keep = True
        if tag in ("script", "style", "template") or "data-search-exclude" in a:
            keep = False
        self._stack.append((tag, keep))

    def handle_endtag(self, tag):
        for i in range(len(self._stack) - 1, -1, -1):
            if self._stack[i][0] == tag:
                del self._stack[i:]
                break
        if tag in ("p", "li", "div", "section", "h1", "h2", "h3", "h4", "td", "th", "br"):
            self.parts.append(" ")

    def handle_data(self, data):
        if self._keeping():
            self.parts.append(data)

    def _keeping(self) -> bool:
        return bool(self._stack) and self._stack[-1][1]

    @classmethod
    def of(cls, page: bytes) -> str:
        """The main text of ``page``. Only its ``<article>`` is parsed: nothing outside is kept (what ends
        outside adds only spaces around it), and the navigation before it is most of a page."""
        start, end = page.find(b"<article"), page.rfind(b"</article>")
        page = b"" if start < 0 else page[start:] if end < start else page[start:end + len(b"</article>")]
        p = cls()
        p.feed(page.decode("utf-8", "replace"))
        p.close()
        return " ".join("".join(p.parts).split())


def write_zim(folder: Path, target: Path, meta: ZimMeta) -> int:
    """A Kiwix archive of one locale's offline pages, with metadata, illustration and full-text index."""
    with _quiet_stdout():
        return _write_zim(folder, target, meta)


def _write_zim(folder: Path, target: Path, meta: ZimMeta) -> int:
    from libzim.writer import Creator, FileProvider, Hint, IndexData, Item

    class Indexed(IndexData):
        """What the full-text index gets of an HTML page: its title and main text (:class:`MainText`)."""

        def __init__(self, title: str, text: str):
            super().__init__()
            self.title, self.text = title, text

        def has_indexdata(self) -> bool:
            return True

        def get_title(self) -> str:
            return self.title

        def get_content(self) -> str:
            return self.text

        def get_keywords(self) -> str:
            return ""

        def get_wordcount(self) -> int:
            return len(self.text.split())

        def get_geoposition(self):
            return None

    class Page(Item):
        def __init__(self, path: str, file: Path, title: str, mime: str, front: bool):
            super().__init__()
            self.path, self.file, self.title, self.mime, self.front = path, file, title, mime, front

        def get_indexdata(self):
            if self.mime != "text/html":
                return None
            # every page's title ends with the site's name, which would match every article too
            return Indexed(self.title.removesuffix(site_suffix), MainText.of(self.file.read_bytes()))

        def get_path(self) -> str:
            return self.path

        def get_title(self) -> str:
            return self.title

        def get_mimetype(self) -> str:
            return self.mime

        def get_contentprovider(self):
            return FileProvider(str(self.file))

        def get_hints(self) -> dict:
            return {Hint.FRONT_ARTICLE: self.front}

    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists():
        target.unlink()
    home = TITLE_RE.search((folder / "index.html").read_bytes()) if (folder / "index.html").exists() else None
    site_suffix = " - " + html.unescape(home.group(1).decode("utf-8", "replace")).strip() if home else "\0"
    metadata = meta.items()
    lang3 = dict(metadata)["Language"]
    with Creator(str(target)).config_indexing(True, lang3).config_nbworkers(1).config_verbose(False) as c:
        c.set_mainpath("index.html")
        c.add_illustration(48, _png(48))
        for key, value in metadata:
            c.add_metadata(key, value)
        for p in sorted(folder.rglob("*")):
            if not p.is_file():
                continue
            rel = p.relative_to(folder).as_posix()
            if rel in NOT_ARCHIVED:
                continue
            mime = mimetypes.guess_type(p.name)[0] or "application/octet-stream"
            if p.suffix == ".js":
                mime = "application/javascript"
            page_title = ""
            front = False
            if p.suffix == ".html":
                m = TITLE_RE.search(p.read_bytes())
                page_title = html.unescape(m.group(1).decode("utf-8", "replace")).strip() if m else rel
                front = True
                mime = "text/html"
            c.add_item(Page(rel, p, page_title, mime, front))
    return target.stat().st_size


XAPIAN_GLASS = b"\x0f\rXapian Glass"


def zim_bytes_stable(target: Path, seed: bytes) -> None:
    """Make the ZIM depend only on its content: libzim writes a random archive UUID, and each Xapian
    index inside it has a random database UUID (16 bytes after its "Xapian Glass" header and 2 version
    bytes). Replace them by digests of ``seed`` and recompute the archive's trailing MD5 checksum."""
    data = bytearray(target.read_bytes())
    (checksum_pos,) = struct.unpack_from("<Q", data, 72)
    data[8:24] = hashlib.md5(seed).digest()  # an identifier, not security
    for i, m in enumerate(re.finditer(re.escape(XAPIAN_GLASS), bytes(data[:checksum_pos]))):
        at = m.start() + len(XAPIAN_GLASS) + 2
        data[at:at + 16] = hashlib.md5(seed + b"xapian%d" % i).digest()
    body = bytes(data[:checksum_pos])
    target.write_bytes(body + hashlib.md5(body).digest())  # the ZIM format's checksum

