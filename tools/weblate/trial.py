"""The Weblate round with the real thing (``make weblate-trial``; not part of ``make test``: it installs a server).

Installs the pinned Weblate (requirements.txt) into its own virtualenv and PostgreSQL where missing, starts both
as processes of this run, and plays the round docs/translating.md describes on a clone of this repository (its
committed HEAD): a component made with the guide's settings (components.py), two translators' edits and an
approval saved through the REST API, Weblate's commits pushed to the clone's ``weblate`` branch, the maintainer's
tools/weblate/merge.sh; then the reverse: a corrected English source reaches Weblate as "needs editing" with the
previous text. It checks credit, states, content left alone and Weblate's pages, and prints a summary.

    .venv/bin/python tools/weblate/trial.py [--keep] [--work build/weblate-trial]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import requests
from api import Weblate as Api
from api import wait_for
from components import FILE_FORMAT_PARAMS, Component, create, layout
from servers import Postgres, Weblate, ensure_packages, ensure_venv, run, say
from translate.storage import po

from rulings.content.tree import read
from rulings.translation.items import all_items

ROOT = Path(__file__).resolve().parents[2]
PROJECT = "rulings"
LOCALE = "it"
MARIA = ("maria", "Maria Rossi", "maria@example.org")
LUCA = ("luca", "Luca Bianchi", "luca@example.org")
KEPT = "name kept as printed"
STATE = {0: "not translated", 10: "needs editing", 20: "translated", 30: "approved", 100: "read-only"}


@dataclass
class Results:
    """Every check of the run: what was checked, whether it held, and what was seen."""

    rows: list[tuple[str, bool, str]] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)

    def check(self, what: str, ok: bool, seen: str = "") -> bool:
        self.rows.append((what, ok, seen))
        say(f"   {'ok ' if ok else 'FAILED'} {what}" + (f": {seen}" if seen else ""))
        return ok

    def summary(self) -> int:
        failed = [r for r in self.rows if not r[1]]
        say(f"\n== summary: {len(self.rows) - len(failed)} of {len(self.rows)} checks held "
            f"in {time.monotonic() - self.started:.0f} s")
        for what, ok, _seen in self.rows:
            say(f"   [{'x' if ok else ' '}] {what}")
        return 1 if failed else 0


def step(text: str) -> None:
    say(f"\n== {text}")


def git(repo: Path, *args: str, who: str = "Maintainer") -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": who, "GIT_AUTHOR_EMAIL": "maintainer@example.org",
           "GIT_COMMITTER_NAME": who, "GIT_COMMITTER_EMAIL": "maintainer@example.org",
           "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    return run(["git", "-C", str(repo), *args], env=env).stdout


@dataclass
class Picked:
    """The component of the trial and the messages it edits, by msgctxt."""

    component: Component
    corrected: str  # machine-made (fuzzy): Maria corrects it
    machine: str  # machine-made (fuzzy): Luca corrects it; later its English source is corrected
    approved: str  # machine-made: Luca approves it as it is
    pending: str  # machine-made: Maria edits it and leaves it "needs editing"; later its source changes too
    kept: str  # a printed name kept as printed


def _units(path: Path) -> dict[str, po.pounit]:
    return {u.getcontext(): u for u in po.pofile(path.read_bytes()).units if not u.isheader()}


def _changeable(root: Path, u: po.pounit) -> bool:
    """A one-line source written once in its content file, so the trial can correct it there by replacing it."""
    locations = u.getlocations()
    if "\n" in u.source or not locations or not re.fullmatch(r"[A-Za-z0-9 ,.'()-]{8,120}", u.source):
        return False
    raw = (root / locations[0]).read_text(encoding="utf-8")
    return raw.count(u.source) == 1


def pick(root: Path) -> Picked:
    """The smallest component written in English whose Italian file has every kind of message the trial needs."""
    sized = sorted((len(_units(root / c.filemask.replace("*", LOCALE))), c) for c in layout(root)
                   if c.source == "en" and (root / c.filemask.replace("*", LOCALE)).is_file())
    for _n, c in sized:
        units = _units(root / c.filemask.replace("*", LOCALE))
        notes = {k: u.getnotes("translator") for k, u in units.items()}
        machine = [k for k, u in units.items() if u.isfuzzy() and "machine translation" in notes[k]
                   and not u.prev_source]
        changeable = [k for k in machine if _changeable(root, units[k])]
        kept = [k for k in units if KEPT in notes[k]]
        others = [k for k in machine if k not in changeable[:2]]
        if kept and len(changeable) >= 2 and len(others) >= 2:
            return Picked(c, others[0], changeable[0], others[1], changeable[1], kept[0])
    raise RuntimeError("no component has a name kept as printed and four machine translations")


def translations(content: Path) -> dict[tuple[str, str], tuple]:
    """Every translation of the content: (msgctxt, locale) → (text, status, by, source hash)."""
    return {(ctx, loc): (tr.text, tr.status.value, tr.by, tr.source_hash)
            for ctx, it in all_items(read(content)).items() for loc, tr in it.text.translations.items()}


def removed_comment_lines(upstream: Path, a: str, b: str) -> int:
    """Lines of comments (#: locations, #. and # comments) the PO files lost between two revisions."""
    diff = git(upstream, "diff", a, b, "--", "po/")
    return sum(1 for ln in diff.splitlines() if re.match(r"-#[:. ]", ln))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--work", type=Path, default=ROOT / "build" / "weblate-trial",
                    help="the run's folder: clones, Weblate's data and logs (emptied first)")
    ap.add_argument("--keep", action="store_true", help="leave the servers running at the end (Ctrl-C stops)")
    args = ap.parse_args(argv)
    res = Results()
    work: Path = args.work.resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    db = Postgres()
    weblate: Weblate | None = None
    try:
        step("system packages (Debian)")
        ensure_packages()
        step("Weblate, pinned by tools/weblate/requirements.txt")
        bin_ = ensure_venv()
        frozen = run([str(bin_ / "pip"), "freeze"]).stdout.splitlines()
        say("   " + ", ".join(ln for ln in frozen if ln.split("==")[0].lower() in {
            "weblate", "django", "translate-toolkit", "django-otp", "gitpython", "pygobject"}))
        step(f"PostgreSQL: a cluster of this run in {db.root}, port {db.port}")
        db.start()
        weblate = Weblate(bin_, work / "weblate", db)
        step(f"Weblate: migrating its database, starting it at {weblate.url}")
        weblate.work.mkdir()
        weblate.configure()
        tokens = weblate.users([MARIA, LUCA])
        weblate.start()
        wait_for(weblate.url)
        say(f"   answering at {weblate.url} (log: {weblate.work / 'weblate.log'})")
        return round_trip(res, work, weblate, tokens) or res.summary()
    except Exception as e:  # noqa: BLE001 - the run reports what stopped it, then its summary
        res.check(f"the run went to its end (stopped by {type(e).__name__})", False, str(e)[-1500:])
        return res.summary()
    finally:
        if args.keep and weblate is not None and weblate.server is not None:
            say(f"\n== servers left running (--keep): {weblate.url}; Ctrl-C stops them")
            with contextlib.suppress(KeyboardInterrupt):
                weblate.server.wait()
        if weblate is not None:
            weblate.stop()
        db.stop()


def round_trip(res: Results, work: Path, weblate: Weblate, tokens: dict[str, str]) -> int | None:
    admin = Api(weblate.url, tokens["admin"])
    maria, luca = Api(weblate.url, tokens[MARIA[0]]), Api(weblate.url, tokens[LUCA[0]])

    step("repositories: the project's HEAD as `main` of a bare clone Weblate pulls from and pushes to")
    upstream = work / "upstream.git"
    run(["git", "init", "-q", "--bare", str(upstream)])
    git(upstream, "fetch", "-q", "--no-tags", str(ROOT), "+HEAD:refs/heads/main")
    git(upstream, "symbolic-ref", "HEAD", "refs/heads/main")
    maintainer = work / "maintainer"
    run(["git", "clone", "-q", str(upstream), str(maintainer)])
    say(f"   {upstream} (main at {git(upstream, 'rev-parse', '--short', 'main').strip()}), maintainer's clone "
        f"{maintainer}")
    picked = pick(maintainer)
    c = picked.component
    it_po = maintainer / c.filemask.replace("*", LOCALE)
    before_units = _units(it_po)
    say(f"   component {c.slug}: {len(before_units)} messages in {it_po.relative_to(maintainer)}")

    step(f"Weblate: project {PROJECT!r} and component {c.slug!r} with the guide's settings (components.py)")
    admin.post("projects/", {"name": "Rulings trial", "slug": PROJECT, "web": "https://example.org/"})
    t0 = time.monotonic()
    create(admin, PROJECT, c, f"file://{upstream}", f"file://{upstream}", "main")
    info = admin.get(f"components/{PROJECT}/{c.slug}/")
    say(f"   created and scanned in {time.monotonic() - t0:.0f} s: file format {info['file_format']}, mask "
        f"{info['filemask']}, template {info['new_base']}, push branch {info['push_branch']}, new languages "
        f"{info['new_lang']}")
    res.check("the component has the guide's file-format options",
              all(info["file_format_params"].get(k) == v for k, v in FILE_FORMAT_PARAMS.items()),
              str(info["file_format_params"]))
    addons = [admin.get(u)["name"] for u in info["addons"]]
    res.check("the msgmerge add-on is installed", "weblate.gettext.msgmerge" in addons, ", ".join(addons))
    res.check("installing the add-on changed no file (Weblate has nothing to commit)",
              not admin.get(f"components/{PROJECT}/{c.slug}/repository/")["needs_commit"])

    units = {u["context"]: u for u in admin.units(PROJECT, c.slug, LOCALE)}
    stats = admin.get(f"translations/{PROJECT}/{c.slug}/{LOCALE}/statistics/")
    file_translated = sum(1 for u in before_units.values() if u.istranslated())
    file_fuzzy = sum(1 for u in before_units.values() if u.isfuzzy())
    kept = [k for k, u in before_units.items() if KEPT in u.getnotes("translator")]
    res.check("Weblate counts what msgfmt counts (translated, needs editing, total)",
              (stats["translated"], stats["fuzzy"], stats["total"]) == (file_translated, file_fuzzy,
                                                                         len(before_units)),
              f"Weblate {stats['translated']} translated, {stats['fuzzy']} needs editing of {stats['total']}; "
              f"the file {file_translated}, {file_fuzzy} of {len(before_units)}")
    res.check(f"the {len(kept)} names kept as printed are translated in Weblate, not 'Not translated'",
              all(units[k]["state"] >= 20 for k in kept), f"{picked.kept}: {STATE[units[picked.kept]['state']]}")
    res.check("a machine translation is 'needs editing' with its context and comments",
              units[picked.machine]["state"] == 10 and units[picked.machine]["context"] == picked.machine
              and "machine translation" in units[picked.machine]["note"])
    page = requests.get(units[picked.kept]["web_url"], timeout=120)
    res.check("Weblate's page of a kept name shows its description", page.ok and KEPT in page.text,
              f"HTTP {page.status_code}")

    step("two translators save through the REST API (Maria, Luca, Maria, Luca)")
    saved = {
        picked.corrected: (maria, "Traduzione di Maria.", 20),
        picked.machine: (luca, "Correzione di Luca.", 20),
        picked.pending: (maria, "Bozza di Maria, da rivedere.", 10),
        picked.approved: (luca, None, 20),  # approved as it is: the fuzzy flag cleared
    }
    for ctx, (api, text, state) in saved.items():
        u = units[ctx]
        target = u["target"] if text is None else [text]
        api.patch(f"units/{u['id']}/", {"target": target, "state": state})
        say(f"   {'maria' if api is maria else 'luca'}: {ctx} → {STATE[state]}"
            + ("" if text is None else f" ({text!r})"))

    step("Weblate commits and pushes to the `weblate` branch")
    admin.repository(PROJECT, c.slug, "commit")
    admin.repository(PROJECT, c.slug, "push")
    authors = git(upstream, "log", "--format=%an", "main..weblate").splitlines()
    log = git(upstream, "log", "--format=%an: %s", "main..weblate").strip()
    say("   " + log.replace("\n", "\n   "))
    res.check("Weblate committed under each translator's name, pushed to `weblate`, not `main`",
              {MARIA[1], LUCA[1]} <= set(authors)
              and git(upstream, "rev-parse", "main").strip() != git(upstream, "rev-parse", "weblate").strip(),
              f"{len(authors)} commits")
    res.check("Weblate's commits removed no comment or location line from the PO files",
              removed_comment_lines(upstream, "main", "weblate") == 0,
              f"{removed_comment_lines(upstream, 'main', 'weblate')} removed")

    step("the maintainer: tools/weblate/merge.sh (merge `weblate`, sync, validate, commit)")
    before = translations(maintainer / "content")
    out = run(["sh", str(ROOT / "tools" / "weblate" / "merge.sh"), "origin"], cwd=maintainer,
              env={**os.environ, "RULINGS": str(ROOT / ".venv" / "bin" / "rulings"), "GIT_AUTHOR_NAME": "Maintainer",
                   "GIT_AUTHOR_EMAIL": "maintainer@example.org", "GIT_COMMITTER_NAME": "Maintainer",
                   "GIT_COMMITTER_EMAIL": "maintainer@example.org"})
    say("   " + out.stdout.strip().replace("\n", "\n   "))
    after = translations(maintainer / "content")
    want = {picked.corrected: ("Traduzione di Maria.", MARIA[1]), picked.machine: ("Correzione di Luca.", LUCA[1]),
            picked.approved: (before[(picked.approved, LOCALE)][0], LUCA[1])}
    for ctx, (text, by) in want.items():
        got = after.get((ctx, LOCALE))
        res.check(f"{ctx}: a draft by {by}", got is not None and got[:3] == (text, "draft", by),
                  f"{got[1]} by {got[2]}: {got[0][:60]!r}" if got else "no translation")
    res.check("Maria's edit left 'needs editing' is not recorded (work in progress)",
              after.get((picked.pending, LOCALE)) == before.get((picked.pending, LOCALE)))
    changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
    res.check("nothing else of the content changed", changed == {(k, LOCALE) for k in want},
              f"{len(changed)} translations changed")
    files = git(maintainer, "diff", "--name-only", "origin/main", "HEAD").split()
    res.check("the merge touched only the component's Italian PO file and the content files of those texts",
              all(f == str(it_po.relative_to(maintainer)) or f.startswith(f"content/{c.game}/") for f in files),
              ", ".join(files))
    check = subprocess.run([str(ROOT / ".venv" / "bin" / "rulings"), "translate", "sync", "--check"],
                           cwd=maintainer, capture_output=True, text=True)
    res.check("rulings translate sync --check passes on the merged main", check.returncode == 0,
              check.stdout.strip().splitlines()[-1] if check.stdout.strip() else check.stderr[-300:])
    pending = _units(it_po)[picked.pending]
    res.check("the pending edit stays in the PO, still 'needs editing'",
              pending.isfuzzy() and pending.target == "Bozza di Maria, da rivedere.")

    step("the reverse: the maintainer corrects two English sources, syncs, pushes main; Weblate pulls")
    units_before = _units(it_po)
    old = {ctx: units_before[ctx].source for ctx in (picked.machine, picked.pending)}
    for ctx, source in old.items():
        path = maintainer / units_before[ctx].getlocations()[0]
        raw = path.read_text(encoding="utf-8")
        path.write_text(raw.replace(source, source.rstrip(".") + " (corrected)"), encoding="utf-8")
    sync = run([str(ROOT / ".venv" / "bin" / "rulings"), "translate", "sync"], cwd=maintainer)
    say("   " + sync.stdout.strip().splitlines()[-1])
    git(maintainer, "commit", "-qam", "Correct two English sources")
    git(maintainer, "push", "-q", "origin", "main")
    admin.repository(PROJECT, c.slug, "pull")
    units = {u["context"]: u for u in admin.units(PROJECT, c.slug, LOCALE)}
    for ctx, was in old.items():
        u = units[ctx]
        res.check(f"{ctx}: 'needs editing' in Weblate with the previous text",
                  u["state"] == 10 and u["source"] == [was.rstrip(".") + " (corrected)"]
                  and u["previous_source"] == was, f"{STATE[u['state']]}, previous {u['previous_source']!r}")
    res.check("Maria's pending edit is kept as the suggestion for the new source",
              units[picked.pending]["target"] == ["Bozza di Maria, da rivedere."])
    res.check("Luca's draft is offered for the corrected source", units[picked.machine]["target"] == [
        "Correzione di Luca."])
    admin.repository(PROJECT, c.slug, "commit")
    admin.repository(PROJECT, c.slug, "push")
    flips = git(upstream, "diff", "--stat", "main", "weblate", "--", "po/").strip()
    res.check("after the pull and msgmerge Weblate's files equal main's: nothing flips back and forth",
              not flips, flips or "no difference")
    page = requests.get(units[picked.machine]["web_url"], timeout=120)
    res.check("Weblate's page of the changed text shows the source change",
              page.ok and "Source change" in page.text, f"HTTP {page.status_code}")
    return None


if __name__ == "__main__":
    sys.exit(main())
