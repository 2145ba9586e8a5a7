"""The mkdocs hook that keeps the theme's compiled templates between mkdocs runs (Jinja's bytecode cache).

mkdocs makes a new Jinja environment in every run, so every run parsed and compiled Material's page
template and its partials again (about 40 templates: a tenth of a small locale's run). A build runs mkdocs
once per locale and flavour, and the tests make dozens of builds: this hook gives each run's environment
Jinja's own :class:`~jinja2.FileSystemBytecodeCache`, in Jinja's per-user folder of the temp directory.

What keeps a cached template right:

- Jinja keys each entry by the template's name and file and checks a checksum of its source: a template
  edited since (an override in ``site_config/overrides``, in ``rulings serve`` or the next build) compiles
  again.
- Compiled code also depends on the environment (its syntax settings, extensions, and the filters and
  tests it knew when compiling): the entries' file names carry a digest of those (:func:`fingerprint`), so
  another mkdocs, Material, plugin or Jinja uses entries of its own.

The generated ``mkdocs.yml`` lists this file under ``hooks``.
"""

from __future__ import annotations

import hashlib

import jinja2
from jinja2 import FileSystemBytecodeCache
from mkdocs.plugins import event_priority

SETTINGS = ("block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
            "comment_start_string", "comment_end_string", "line_statement_prefix", "line_comment_prefix",
            "trim_blocks", "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized",
            "finalize", "autoescape", "is_async", "undefined", "code_generator_class", "newstyle_gettext")
"""The environment's attributes that change what a template compiles to."""


def _named(value: object) -> str:
    """A setting as text that is the same in every process (a function or class by its qualified name)."""
    if not callable(value):
        return repr(value)
    cells = [c.cell_contents for c in getattr(value, "__closure__", None) or ()]  # a configured closure
    return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__qualname__)}{cells!r}"


def fingerprint(env: jinja2.Environment) -> str:
    """A digest of what, besides a template's source, decides its compiled code in ``env``."""
    parts = [jinja2.__version__, *(f"{name}={_named(getattr(env, name, None))}" for name in SETTINGS),
             *sorted(f"extension {name}" for name in env.extensions)]
    for kind, functions in (("filter", env.filters), ("test", env.tests)):
        # the compiler fails on an unknown name and passes the context, or not, as each one asks
        parts += sorted(f"{kind} {name} {getattr(f, 'jinja_pass_arg', None)}" for name, f in functions.items())
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def cache_for(env: jinja2.Environment, directory: str | None = None) -> FileSystemBytecodeCache:
    """The bytecode cache for ``env``: in ``directory``, by default Jinja's own (private to this user)."""
    return FileSystemBytecodeCache(directory, f"__rulings_{fingerprint(env)}_%s.cache")


@event_priority(-100)  # after any plugin that adds filters or tests to the environment
def on_env(env: jinja2.Environment, **_kwargs) -> jinja2.Environment:
    env.bytecode_cache = cache_for(env)
    return env
