"""JSON Schema validation of loaded files, with errors turned into positioned, readable diagnostics."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import marshal
import os
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import fastjsonschema
from jsonschema import Draft7Validator
from jsonschema.exceptions import ValidationError

from rulings.content.diagnostics import Diagnostic, Severity, did_you_mean
from rulings.content.load import Loaded, node_position, position
from rulings.content.schemas import all_schemas
from rulings.files import atomic_write
from rulings.model.urls import BY_PATTERN

TYPE_WORDS = {"string": "text", "object": "a mapping", "array": "a list", "integer": "a whole number",
              "boolean": "true or false", "number": "a number", "null": "nothing"}


@cache
def validator(kind: str) -> Draft7Validator:
    return Draft7Validator(all_schemas()[kind])


def _cache_dir() -> Path | None:
    """Where compiled validators are kept: the user's own cache, never a shared temporary folder (the cached
    code is executed, so a folder another user can write to would run their code); None without a home."""
    if os.environ.get("RULINGS_CACHE"):
        return Path(os.environ["RULINGS_CACHE"]) / "validators"
    try:
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulings" / "validators"
    except RuntimeError:  # no home directory to be found: compile every time
        return None


CACHE_DIR = _cache_dir()


def _read_cached(path: Path) -> tuple[str, Any] | None:
    """(root function's name, compiled code) from the cache, or None if it is missing or unreadable."""
    try:
        root, code = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return root, code


@cache
def fast_validator(kind: str) -> Callable[[Any], Any]:
    """The same schema compiled to Python by fastjsonschema: about nine times faster than jsonschema on
    valid content. It only answers "valid or not"; when it says no, jsonschema finds every error with
    its position. (Its $ref resolution is pointed at our in-memory schemas, never at the network.)

    Generating the code takes longer than running it, and compiling it longer than loading it: the
    compiled code is kept (marshal, per Python version) for the next process."""
    schema = all_schemas()[kind]
    digest = hashlib.sha256(json.dumps(schema, sort_keys=True).encode()).hexdigest()[:16]
    name = f"{kind}-{digest}-{fastjsonschema.VERSION}-{sys.implementation.cache_tag}.marshal"
    cached = CACHE_DIR / name if CACHE_DIR else None
    kept = _read_cached(cached) if cached else None
    if kept is not None:
        root, code = kept
    else:
        by_id = {s["$id"]: s for s in all_schemas().values()}
        source = fastjsonschema.compile_to_code(schema, handlers={
            "https": lambda uri: by_id[uri.split("#", 1)[0]], "http": lambda uri: by_id[uri.split("#", 1)[0]]})
        # the first function is the schema's root
        root = re.search(r"^def (\w+)\(", source, re.M).group(1)  # type: ignore[union-attr]
        code = compile(source, f"<fastjsonschema {kind}>", "exec")
        if cached:
            try:
                cached.parent.mkdir(parents=True, exist_ok=True)
                atomic_write(cached, marshal.dumps((root, code)))
            except OSError:
                pass
    namespace: dict[str, Any] = {}
    exec(code, namespace)
    return namespace[root]


def is_valid(data: Any, kind: str) -> bool:
    try:
        fast_validator(kind)(data)
    except fastjsonschema.JsonSchemaException:
        return False
    return True


def _yaml_type(value: Any) -> str:
    if value is None:
        return "null (nothing)"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dt.date | dt.datetime):
        return "a date"
    return type(value).__name__


def _raw_token(loaded: Loaded, line: int, col: int) -> str:
    """The scalar as written at a position (plain scalars of non-string type are one line)."""
    s = loaded.line_text(line - 1)[col - 1:]
    for stop in (" #", ",", "]", "}"):
        i = s.find(stop)
        if i >= 0:
            s = s[:i]
    return s.strip()


def _type_matched(errors: list[ValidationError]) -> bool:
    """True when a oneOf branch accepted the instance's shape (its errors are about the inside)."""
    for e in errors:
        rel = list(e.relative_path)
        if not rel and e.validator in ("type", "const", "enum"):
            return False
        if rel == ["type"] and e.validator in ("const", "enum"):
            return False
    return True


def _leaves(err: ValidationError) -> Iterator[ValidationError]:
    """Replace a oneOf/anyOf failure by the errors of the branch the author evidently meant."""
    if err.validator in ("oneOf", "anyOf") and err.context:
        branches: dict[Any, list[ValidationError]] = defaultdict(list)
        for c in err.context:
            branches[c.relative_schema_path[0]].append(c)
        matched = [b for b in branches.values() if _type_matched(b)]
        if matched:
            for c in min(matched, key=len):
                yield from _leaves(c)
            return
    yield err


def _expected_types(err: ValidationError) -> list[str]:
    if err.validator == "type":
        t = err.validator_value
        return [t] if isinstance(t, str) else list(t)
    if err.validator in ("oneOf", "anyOf"):
        return [s.get("type", "object") if "$ref" not in s else "object" for s in err.validator_value]
    return []


def _write_it(key: str, schema: dict) -> str:
    """How to add a missing field: its choices, or its schema's first example (a scalar one)."""
    choices = schema.get("enum") or next((b["enum"] for b in schema.get("anyOf", ()) if "enum" in b), None)
    if choices:
        return f"; add `{key}:` with one of: {', '.join(map(str, choices))}"
    example = (schema.get("examples") or [None])[0]
    if isinstance(example, str | int | float) and not isinstance(example, bool):
        return f"; add it, e.g. `{key}: {example}`"
    return ""


def describe_path(path: list[Any]) -> str:
    """A field's path as messages name it: ``forge.repo_url``, ``documents[0].url``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the file"


def check(loaded: Loaded, kind: str) -> tuple[list[Diagnostic], set[int] | None]:
    """Schema diagnostics for one loaded file of a known kind.

    Also returns the indices of the ``entries`` that have problems, so the others can still be
    cross-checked in the same run, or None when the problem is outside the entries.
    """
    if is_valid(loaded.data, kind):
        return [], set()
    out: list[Diagnostic] = []
    seen: set[tuple[int, int, str]] = set()
    bad: set[int] | None = set()

    def add(line: int, col: int, message: str, rule: str) -> None:
        if (line, col, rule) not in seen:
            seen.add((line, col, rule))
            out.append(Diagnostic(loaded.name, line, col, Severity.ERROR, message, rule))

    for top in validator(kind).iter_errors(loaded.data):
        for err in _leaves(top):
            path = list(err.absolute_path)
            if bad is not None:
                if len(path) >= 2 and path[0] == "entries" and isinstance(path[1], int):
                    bad.add(path[1])
                else:
                    bad = None
            where = describe_path(path)
            inst = err.instance
            expected = _expected_types(err)
            if expected and "string" in expected and not isinstance(inst, str | dict | list):
                line, col = position(loaded.data, path)
                raw = _raw_token(loaded, line, col) or str(inst)
                add(line, col, f"unquoted value `{raw}` is read by YAML as {_yaml_type(inst)}, but {where} "
                    f"must be text; put it in quotes: \"{raw}\"", "yaml-type")
            elif err.validator == "type" or (expected and err.validator in ("oneOf", "anyOf")):
                line, col = position(loaded.data, path)
                want = " or ".join(TYPE_WORDS.get(t, t) for t in expected)
                got = "text" if isinstance(inst, str) else _yaml_type(inst)
                add(line, col, f"{where} must be {want}, not {got}", "schema-type")
            elif err.validator == "required":
                line, col = node_position(inst) if path else (1, 1)
                # a missing field that an unknown key is a typo of is reported once, as that typo
                typos = [str(u) for u in inst if u not in err.schema.get("properties", {})] \
                    if err.schema.get("additionalProperties") is False else []
                missing = [k for k in err.validator_value if k not in inst and not did_you_mean(k, typos)]
                for k in missing:
                    add(line, col, f"{where} is missing required property '{k}'"
                        + _write_it(k, err.schema.get("properties", {}).get(k, {})), "schema-required")
            elif err.validator == "additionalProperties":
                allowed = list(err.schema.get("properties", {}))
                for k in inst:
                    if k in allowed:
                        continue
                    line, col = position(loaded.data, [*path, k], key=True)
                    suggestion = did_you_mean(str(k), allowed, 1) or \
                        (f"; allowed: {', '.join(allowed)}" if allowed else "")
                    add(line, col, f"unknown property '{k}' in {where}{suggestion}", "schema-unknown-property")
            elif err.validator in ("enum", "const"):
                line, col = position(loaded.data, path)
                allowed = err.validator_value if err.validator == "enum" else [err.validator_value]
                add(line, col, f"{where}: '{inst}' is not one of {', '.join(map(str, allowed))}"
                    + did_you_mean(str(inst), map(str, allowed), 1), "schema-enum")
            elif err.validator in ("pattern", "maxLength") and isinstance(inst, str) and \
                    (checked := BY_PATTERN.get(err.schema.get("pattern", ""))) and (problem := checked.problem(inst)):
                # an address or branch: the schema only approximates the check, whose message says what is wrong
                line, col = position(loaded.data, path)
                add(line, col, f"{where}: {problem}", checked.rule)
            elif err.validator == "pattern":
                line, col = position(loaded.data, path)
                desc = err.schema.get("description", "")
                examples = err.schema.get("examples", [])
                add(line, col, f"{where}: '{inst}' is not in the expected form" + (f" ({desc})" if desc else "")
                    + (f"; write it like '{examples[0]}'" if examples else ""), "schema-pattern")
            elif err.validator == "minItems":
                line, col = position(loaded.data, path)
                alone = err.parent is not None and err.parent.validator == "oneOf" and any(
                    b.get("type") != "array" for b in err.parent.validator_value)  # one item may stand alone
                add(line, col, f"{where} lists {len(inst)}, at least {err.validator_value} expected"
                    + ("; write a single one without the list" if alone else ""), "schema-minItems")
            elif err.validator == "propertyNames":
                line, col = position(loaded.data, path)
                add(line, col, f"{where}: '{err.instance}' is not a valid locale tag", "schema-pattern")
            else:
                line, col = position(loaded.data, path)
                add(line, col, f"{where}: {err.message}", f"schema-{err.validator}")
    return out, bad
