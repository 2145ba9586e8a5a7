"""The change log: one dated line per change → :class:`Change` entries, with what each change touches.

Dates are printed ``Mon D, YYYY``; one printed out of order is kept as printed and flagged
(``suspect_date``) with the year that would fit. What a change touches is found by name: cards
(name and aliases) and long section titles printed in it, plus the phrases of :data:`CHANGE_PHRASES`.
Then what it dates (:func:`add_dated`): the questions printed under each card it names, the questions asked
in each section it names, and the glossary terms defined in either; where a change names a card but only
some of its questions, as read in :data:`CHANGE_QUESTIONS`. Where the log leaves it open, every question of
the card is dated by the change and a note says so. Those ids go into ``touches`` too: the mapping a
reviewer corrects in the YAML, and from which every ruling's date is computed (``rulings.content.dating``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable

from rulings.importers.sorcery.document import GAME_ID, LANG, SourceError, norm, numbered, prov, resolve, tx
from rulings.model.entries import Change, Entity, Ruling, Section

# --- change log: touches -------------------------------------------------------------------------
# Section titles are matched in change lines when printed in full (ignoring case and quote style;
# only titles of 3+ words, since "Stealth", "Timing" or "Enchantress" alone are ambiguous). These are
# the change-log phrases that name a section or card in other words, resolved by reading:
CHANGE_PHRASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Simplified the Storyline section, referring to the rulebook",
     [("section", "What is the Storyline and How Does it Work?")]),
    ("Stealthed spellcasters remain stealthed", [("section", "Breaking Stealth")]),
    ("Units being carried are at rest", [("section", "Carrying Other Minions")]),
    ("you can only cast spells on your own turn during your Main Phase", [("section", "Timing")]),
    ("Rule for large units shrinking down to a single location",
     [("section", "Large Unit Shrinking to Occupy Only 1 Location")]),
    ("Changed casting restrictions on large minions", [("section", "Summoning Large Units")]),
    ("“Play” means “cast” for spells", [("section", "“Play” Terminology")]),
    ("Carried being moved are no longer at rest",
     [("section", "“At Rest” Definition"), ("section", "Carrying Other Minions")]),
    ("0 power minions still strike", [("section", "0 Power Minions")]),
    ("Definition of Lose", [("section", "“Lose” Definition")]),
    ("Playing Sites", [("section", "Playing Sites, In Detail")]),
    ("Shooting Projectiles", [("section", "Shooting Projectiles, In Detail")]),
    ("definition of “Combat”", [("section", "“Combat” Definition")]),
    ("being tapped to pay a cost for kill credit", [("section", "Definition of “Kills”")]),
    ("Added rules for mandatory search effects", [("section", "Mandatory Search Effects")]),
    ("passives,", [("section", "Passive Effects, In Detail")]),
    ("choosing a span of land/body of water", [("section", "Choosing a Span of Land or Body of Water, In Detail")]),
    ("and defender.", [("section", "“Defender” definition")]),
    ("Updated Defend reaction to include Moves Freely", [("section", "Intercept vs. Defend")]),
    ("Clarified Immobile is a keyword", [("section", "“Immobile” is a keyword")]),
    ("Disabled is not a keyword", [("section", "“Disabled” Definition")]),
    ("order of operations for modifying power", [("section", "Adjusting a Unit’s Power")]),
    ("“[X]bound” persists while Disabled", [("section", "[X]bound, Silence, and Disable Don’t Remove Themselves")]),
    ("definition of \"Lose\"", [("section", "“Lose” Definition")]),
    ("When Stealth actually ends", [("section", "Breaking Stealth")]),
    ("Updated: Passive effects", [("section", "Passive Effects, In Detail")]),
    # misspelt card names
    ("Brobdingnag Bullfrong", [("card", "Brobdingnag Bullfrog")]),
    ("Pings of the Sounder", [("card", "Pigs of the Sounder")]),
    # a short form of the card name
    ("Updated Vivien to errata", [("card", "Vivien the Enchantress")]),
]
CHANGE_NOTES: dict[str, str] = {
    "Brobdingnag Bullfrong": "“Brobdingnag Bullfrong” is printed for the card Brobdingnag Bullfrog.",
    "Pings of the Sounder": "“Pings of the Sounder” is printed for the card Pigs of the Sounder.",
}


# --- change log: the questions and terms each change dates -------------------------------------
# Where a change names a card but, read closely, only one or some of its questions (an interaction "X + Y",
# "re: moving between layers"), the reading: (date printed, words of the change that say so, [(card, the first
# words of each question printed under it that the change names; none: the card is named for another's)]).
CHANGE_QUESTIONS: list[tuple[str, str, list[tuple[str, list[str]]]]] = [
    # Windblast's Mountain Pass questions, printed under both cards; its other question came Apr 6
    ("Apr 29, 2024", "Added FAQ for Pact with the Devil, Windblast, Mountain Pass",
     [("Windblast", ["Can two units enter Mountain pass", "If there’s already a minion on Mountain Pass"])]),
    ("Jun 13, 2024", "clarified Dalcean Phalanx moving between layers",
     [("Dalcean Phalanx", ["Can Dalcean Phalanx move themselves between levels"])]),
    ("Jun 28, 2024", "The Immortal Throne + Deathspeaker",
     [("The Immortal Throne", ["Does casting a minion spell via Deathspeaker"]), ("Deathspeaker", [])]),
    ("Jun 28, 2024", "Orb of Ba'al Berith + Sparkmage",
     [("Orb of Ba'al Berith", ["If I cast a spell with Orb, does that count toward Sparkmage"])]),
    ("Jun 30, 2024", "Squirming Mass + Silence FAQ",
     [("Squirming Mass", ["What happens if Squirming Mass gains power permanently, and then is Silenced?"])]),
    # conjuring a token copy (Replication) is not "playing" a card (The Immortal Throne's first question)
    ("Jul 1, 2024", "Replication + The Immortal Throne",
     [("The Immortal Throne", ["Does summoning a minion without casting a minion spell"])]),
    # the three "Must … be the spellcaster" answers say "(consistent with Sparkmage FAQ)"
    ("Oct 22, 2024", "to match Sparkmage’s official FAQ",
     [("Deathspeaker", ["Must the Deathspeaker be the spellcaster"]),
      ("Enchantress", ["Must the Enchantress be the spellcaster"]),
      ("Templar", ["Must the Templar be the spellcaster"]),
      ("Orb of Ba'al Berith", ["If I cast a spell with Orb, does that count toward Sparkmage"])]),
    # copying another Vivien's abilities is the infinite loop the errata stops
    ("Oct 22, 2024", "Updated Vivien to errata infinite issues",
     [("Vivien the Enchantress", ["Can Vivien the Enchantress copy the abilities of another"])]),
]
OPEN_NOTES: dict[tuple[str, str], str] = {
    ("Oct 22, 2024", "added many new Arthurian Legends FAQs"):
        "The entry does not say which of the cards it lists had their questions updated and which had new ones "
        "added, nor which questions: every question printed under a card it lists is dated by it.",
}
"""Notes on changes that leave open which questions they date, where the general one (:func:`open_note`) would
not say it right: (date printed, words of the change) → the note."""


def open_note(cards: list[tuple[str, int]]) -> str:
    """The note on a change naming cards with several questions without saying which: (card, questions)."""
    if len(cards) == 1:
        (name, n), = cards
        return (f"The change log does not say which of the {n} questions printed under {name} this entry added "
                "or changed: each of them is dated by it.")
    listed = [f"{name} ({n})" for name, n in cards]
    names = ", ".join(listed[:-1]) + " and " + listed[-1]
    return (f"The change log does not say which of the questions printed under {names} this entry added or "
            "changed: each of them is dated by it.")


def add_dated(changes: list[Change], card_questions: dict[str, list[Ruling]],
              section_questions: dict[str, list[Ruling]], defined_in: dict[str, list[str]],
              find: Callable[[str, str], Ruling], card_id: Callable[[str], str], name_of: dict[str, str]) -> None:
    """Add to each change's ``touches`` the rulings and terms it dates (see the module docstring), each after
    the card or section naming it, and note where the log leaves open which questions of a card it means.
    ``card_questions``: the rulings printed under each card; ``section_questions``: those asked in each
    section; ``defined_in``: the terms defined in each section or ruling; ``find(card, prefix)``: the ruling
    under a card starting so."""
    used: set[int] = set()
    for c in changes:
        body = c.text.source
        chosen: dict[str, list[str]] = {}
        for k, (printed, words, picks) in enumerate(CHANGE_QUESTIONS):
            if printed == c.date_printed and words in body:
                used.add(k)
                for card, prefixes in picks:
                    chosen[card_id(card)] = [find(card, p).id for p in prefixes]
        dated: list[str] = []
        open_cards: list[tuple[str, int]] = []
        for t in c.touches:
            dated.append(t)
            if t in card_questions:
                ids = chosen.get(t)
                if ids is None:
                    ids = [r.id for r in card_questions[t]]
                    if len(ids) > 1:
                        open_cards.append((name_of[t], len(ids)))
            else:
                ids = [r.id for r in section_questions.get(t, [])]
            for x in [*ids, *defined_in.get(t, [])]:
                dated += [x, *defined_in.get(x, [])]
        c.touches = list(dict.fromkeys(dated))
        notes = [c.notes.source] if c.notes else []
        special = [n for (printed, words), n in OPEN_NOTES.items() if printed == c.date_printed and words in body]
        if special:
            notes += special
        elif open_cards:
            notes.append(open_note(open_cards))
        if notes:
            c.notes = tx(" ".join(notes))
    for k, (printed, words, _) in enumerate(CHANGE_QUESTIONS):
        if k not in used:
            raise SourceError(f"no change log line of {printed} says {words!r} any more: review CHANGE_QUESTIONS")


def parse_changelog(lines: list[str], a: int, b: int) -> list[tuple[int, str, str]]:
    out = []
    for n, t in numbered(lines, a, b):
        t = t.strip()
        if not t:
            continue
        m = re.match(r"^([A-Z][a-z]{2} \d{1,2}, \d{4}) (.+)$", t)
        if not m:
            raise SourceError(f"line {n}: change log line without a date: {t!r}")
        out.append((n, m.group(1), m.group(2)))
    return out


def _boundary_find(hay: str, needle: str) -> list[int]:
    return [m.start() for m in re.finditer(rf"(?<![a-z0-9]){re.escape(needle)}(?![a-z0-9])", hay)]


def build_changes(raw: list[tuple[int, str, str]], sections: list[Section], entities: list[Entity],
                  ids: dict) -> list[Change]:
    # names to look for: cards (name and aliases) and long section titles
    names: list[tuple[str, str]] = []  # (normalised needle, id)
    for e in entities:
        for nm in [e.name.source, *e.aliases.get(LANG, [])]:
            names.append((norm(nm), e.id))
    card_keys = {n for n, _ in names}
    for s in sections:
        t = norm(s.title.source)
        if len(t.split()) >= 3 and t not in card_keys:
            names.append((t, s.id))
    names.sort(key=lambda x: -len(x[0]))

    dates = [dt.datetime.strptime(printed, "%b %d, %Y").date() for _, printed, _ in raw]
    out: list[Change] = []
    seen_dates: dict[str, int] = {}
    for k, (n, printed, body) in enumerate(raw):
        d = dates[k]
        iso = d.isoformat()
        seen_dates[iso] = seen_dates.get(iso, 0) + 1
        cid = f"{GAME_ID}/change/{iso}" + (f"-{seen_dates[iso]}" if seen_dates[iso] > 1 else "")
        # out of order: earlier than an entry printed before it
        before = [j for j in range(k) if dates[j] > d]
        suspect = bool(before)
        note = None
        if suspect:
            prev_i = max(range(k), key=lambda j: (dates[j], j))
            prev = raw[prev_i][1]
            note = (f"“{printed}” is printed after “{prev}” in a change log that is otherwise in date "
                    f"order.")
            nxt = dates[k + 1] if k + 1 < len(dates) else None
            for y in (dates[prev_i].year, dates[prev_i].year + 1):
                try:
                    guess = d.replace(year=y)
                except ValueError:
                    continue
                if guess >= dates[prev_i] and (nxt is None or guess <= nxt):
                    note += (f" The year is probably a typo for {y} ({guess:%b} {guess.day}, {y} fits "
                             f"between the entries around it).")
                    break
            note = tx(note + " Kept as printed.")
        # touches, in the order they are named
        hay = norm(body)
        taken: list[tuple[int, int]] = []
        found: list[tuple[int, str]] = []
        for needle, eid in names:
            for p in _boundary_find(hay, needle):
                span = (p, p + len(needle))
                if any(span[0] < b and a < span[1] for a, b in taken):
                    continue
                taken.append(span)
                found.append((p, eid))
        change_notes = []
        for phrase, specs in CHANGE_PHRASES:
            p = hay.find(norm(phrase))
            if p < 0:
                continue
            for kind, key in specs:
                found.append((p, resolve(kind, key, ids)))
            if phrase in CHANGE_NOTES:
                change_notes.append(CHANGE_NOTES[phrase])
        touches: list[str] = []
        for _, eid in sorted(found, key=lambda x: x[0]):
            if eid not in touches:
                touches.append(eid)
        out.append(Change(id=cid, lang=LANG, provenance=prov(n, n), date=iso, date_printed=printed,
                          text=tx(body), touches=touches, suspect_date=suspect, suspect_note=note,
                          notes=tx(" ".join(change_notes)) if change_notes else None))
    return out
