"""A warm mkdocs: one process imports mkdocs and Material once, then forks one child per run.

``python -m mkdocs build`` spends most of a small locale's CPU before reading its config: importing mkdocs
and Material (about half a second of every run). A build runs mkdocs once per locale and flavour, and a
process (a test session) may build many times, so this process does that work once, started by
:func:`rulings.build.workers.warm_server` and kept while the build process lives, and each child runs
``python -m mkdocs`` from that state (:func:`runpy.run_module`, as the interpreter would) in its job's folder
with its job's environment: the same bytes as a fresh process there, since everything a run reads from its
config still loads in the child. (Material's search plugin imports jieba, whose dictionaries never load:
our search hook turns its segmentation off. The theme's compiled templates are kept between runs by
:mod:`rulings.site.template_cache`.)

Protocol, one JSON object per line: stdin gets ``{"id", "args", "out", "cwd", "env"}`` (mkdocs's
arguments, the file that gets the child's output, its folder and environment);
stdout answers ``{"id", "pid"}`` when the child starts and ``{"id", "exit", "cpu"}`` when it ends (its exit
code and user + system seconds). At the end of stdin, or when the build process dies, the children are
killed and the server exits.
"""

from __future__ import annotations

import contextlib
import json
import os
import runpy
import selectors
import signal
import sys
import tempfile
import traceback

from rulings.build.workers import die_with_parent

WARM = ("mkdocs.__main__", "mkdocs.commands.build", "mkdocs.config.defaults", "material.plugins.search.plugin",
        "material.plugins.offline.plugin", "material.templates", "markdown.extensions.attr_list",
        "markdown.extensions.toc", "markdown.extensions.tables", "markdown.extensions.fenced_code",
        "markdown.extensions.codehilite", "rulings.site.raw_html", "rulings.site.search.hook")
"""Imported before any fork: what every run imports (mkdocs's default extensions, ours, and what our search hook
imports: mkdocs loads the hook's file afresh in each run, but the modules it imports are these)."""
POLL_SECONDS = 0.02
"""How often the server looks for a finished child while no new job arrives."""


def warm() -> None:
    import importlib

    for name in WARM:
        importlib.import_module(name)
    from rulings.site.search.tokens import words

    words("")  # its Unicode classes, built once here rather than in every run (a sixth of a small one)


def child(channel: int, job: dict) -> None:
    """In the forked child: ``python -m mkdocs <args>`` in the job's folder with its environment and its
    output in its ``out``; never returns."""
    code = 1
    try:
        die_with_parent()
        os.close(channel)  # only the server talks to the build: its end tells the build when it is gone
        os.chdir(job["cwd"])
        os.environ.clear()
        os.environ.update(job["env"])
        tempfile.tempdir = None  # found again from this environment, as a fresh process would
        args, out = job["args"], job["out"]
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        fd = os.open(out, os.O_WRONLY | os.O_APPEND)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.close(fd)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        sys.argv = ["mkdocs", *args]
        try:
            runpy.run_module("mkdocs", run_name="__main__", alter_sys=True)
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:  # noqa: BLE001 - reported in the output, as a fresh process would
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # exiting anyway
                stream.flush()
        os._exit(code)


def send(channel: int, message: dict) -> None:
    os.write(channel, (json.dumps(message) + "\n").encode())


def serve() -> None:
    channel = os.dup(1)  # the answers; anything printed goes to stderr
    os.dup2(2, 1)
    warm()
    running: dict[int, int] = {}  # pid -> job id
    stdin = sys.stdin.fileno()
    sel = selectors.DefaultSelector()
    sel.register(stdin, selectors.EVENT_READ)
    buffered = b""
    try:
        while True:
            if sel.select(timeout=POLL_SECONDS):
                chunk = os.read(stdin, 65536)
                if not chunk:  # the build is over, or gave up: nothing is left to report to
                    return
                *lines, buffered = (buffered + chunk).split(b"\n")
                for line in lines:
                    job = json.loads(line)
                    pid = os.fork()
                    if pid == 0:
                        child(channel, job)
                    running[pid] = job["id"]
                    send(channel, {"id": job["id"], "pid": pid})
            while running:
                pid, status, usage = os.wait4(-1, os.WNOHANG)
                if pid == 0:
                    break
                send(channel, {"id": running.pop(pid), "exit": os.waitstatus_to_exitcode(status),
                      "cpu": usage.ru_utime + usage.ru_stime})
    finally:
        for pid in running:
            os.kill(pid, signal.SIGKILL)
        for pid in running:
            os.waitpid(pid, 0)


if __name__ == "__main__":
    serve()
