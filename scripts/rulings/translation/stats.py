"""``rulings stats``: what the knowledge base holds, per game and kind, and how translated it is."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from rulings.content.tree import Content
from rulings.model.entries import Entity
from rulings.model.text import FALLBACK_LOCALE
from rulings.translation.status import rows


def collect(content: Content) -> dict[str, Any]:
    """Counts per game and kind, and per game, locale and translation state/status."""
    locales = content.project.locales
    games: dict[str, Any] = {}
    for gid, g in sorted(content.games.items()):
        games[gid] = {"name": g.name.get(FALLBACK_LOCALE) or g.name.source, "identified": g.identified,
                      "documents": len(g.documents), "kinds": Counter(),
                      "translations": {loc: Counter() for loc in locales}}
    for e in content.entries:
        gs = games.get(e.game)
        if gs is not None:
            gs["kinds"][e.type.value if isinstance(e, Entity) else e.KIND] += 1
    for row in rows(content, locales):  # the same counts as `rulings i18n status` and the status page
        if row.game in games:
            games[row.game]["translations"][row.locale] = Counter(
                {k: v for k, v in row.counts.items() if not k.startswith("current_")})
    totals: dict[str, int] = Counter()
    for gs in games.values():
        totals.update(gs["kinds"])
        gs["kinds"] = dict(sorted(gs["kinds"].items()))
        gs["translations"] = {loc: dict(sorted(c.items())) for loc, c in gs["translations"].items()}
    return {"locales": locales, "games": games, "totals": dict(sorted(totals.items()))}


def render(stats: dict[str, Any]) -> str:
    lines = []
    kinds = sorted({k for g in stats["games"].values() for k in g["kinds"]})
    width = max([len(g) for g in stats["games"]] + [5])
    lines.append("game".ljust(width) + "  " + "  ".join(k.rjust(8) for k in kinds))
    for gid, g in stats["games"].items():
        lines.append(gid.ljust(width) + "  " + "  ".join(str(g["kinds"].get(k, 0)).rjust(8) for k in kinds))
    lines.append("total".ljust(width) + "  " + "  ".join(str(stats["totals"].get(k, 0)).rjust(8) for k in kinds))
    lines.append("")
    cols = ["texts", "source", "current", "stale", "missing", "kept", "machine", "draft", "reviewed", "official"]
    lines.append("translations".ljust(width + 8) + "  ".join(c.rjust(8) for c in cols))
    for gid, g in stats["games"].items():
        for loc, c in g["translations"].items():
            lines.append(f"{gid.ljust(width)}  {loc.ljust(6)}" + "  ".join(str(c.get(k, 0)).rjust(8) for k in cols))
    return "\n".join(lines)


def to_json(stats: dict[str, Any]) -> str:
    return json.dumps(stats, ensure_ascii=False, indent=2)


def reading_note(content: Content) -> str | None:
    """A pointer to ``rulings validate`` when reading met problems: the counts leave out what did not load."""
    if not content.diagnostics:
        return None
    return f"note: {len(content.diagnostics)} problems while reading; run rulings validate"
