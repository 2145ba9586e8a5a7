"""``rulings serve``: the preview's pages and config, the events that start a rebuild, the error banner, the
server (inotify, the banner's lines beside the pages), a broken theme or a taken port."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from watchdog.events import (
    DirModifiedEvent,
    FileClosedNoWriteEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileOpenedEvent,
)

import rulings
from conftest import build_tree, project_locales, site_inputs
from rulings.build.live_server import BANNER_SCRIPT, PROBLEMS_URL, PreviewServer
from rulings.build.live_site import LiveSite
from rulings.build.serve import Preview, is_change, rebuild, split_address
from rulings.cli.main import main


def test_serve_writes_the_locale_and_a_config_whose_files_exist(tmp_path: Path) -> None:
    repo = site_inputs(tmp_path)
    build_tree(repo)
    logs: list[str] = []
    preview = Preview(repo, "it", logs.append)
    assert preview.regenerate(), logs
    base = preview.base
    assert (base / "docs" / "demo" / "card" / "sword.md").is_file()
    config = yaml.safe_load((base / "mkdocs.yml").read_text(encoding="utf-8"))
    assert config["use_directory_urls"] is True
    assert [a["lang"] for a in config["extra"]["alternate"]] == project_locales()  # the tree's project.yml
    assert (base / config["INHERIT"]).resolve() == (repo / "site_config" / "it.yml").resolve()


def test_a_second_regeneration_without_edits_writes_nothing(tmp_path: Path) -> None:
    repo = site_inputs(tmp_path)
    build_tree(repo)
    preview = Preview(repo, "en", lambda _line: None)
    preview.regenerate()
    times = {p: p.stat().st_mtime_ns for p in preview.base.rglob("*") if p.is_file()}
    preview.regenerate()
    assert {p: p.stat().st_mtime_ns for p in preview.base.rglob("*") if p.is_file()} == times


def test_errors_are_logged_once_shown_in_the_banner_and_removed_when_fixed(tmp_path: Path) -> None:
    repo = site_inputs(tmp_path)
    content = build_tree(repo)
    logs: list[str] = []
    preview = Preview(repo, "en", logs.append)
    assert preview.regenerate()
    config = preview.base / "mkdocs.yml"
    rulings = next(content.rglob("rulings.yml"))
    good = rulings.read_text(encoding="utf-8")
    rulings.write_text(good.replace("kind: rulings", "kind: rulings\nbogus_field: 1"), encoding="utf-8")
    config_text = config.read_text(encoding="utf-8")
    assert not preview.regenerate()
    banner = preview.banner
    assert any("bogus_field" in line and "rulings.yml" in line for line in banner), banner
    assert config.read_text(encoding="utf-8") == config_text  # no page or config holds the banner
    assert not any(str(repo) in line for line in banner)  # paths as the contributor sees them
    printed = sum("bogus_field" in line for line in logs)
    assert not preview.regenerate()
    assert sum("bogus_field" in line for line in logs) == printed  # not repeated
    rulings.write_text(good, encoding="utf-8")
    assert preview.regenerate()
    assert preview.banner == ()
    assert "errors fixed: banner removed" in logs


@pytest.mark.parametrize(("event", "relevant"), [
    (FileModifiedEvent("{repo}/content/g/rulings.yml"), True),
    (FileCreatedEvent("{repo}/content/g/new.yml"), True),
    (FileDeletedEvent("{repo}/locales/it.po"), True),
    (FileMovedEvent("{repo}/content/g/.rulings.yml.42.tmp", "{repo}/content/g/rulings.yml"), True),  # atomic write
    (FileOpenedEvent("{repo}/content/g/rulings.yml"), False),  # a read
    (FileClosedNoWriteEvent("{repo}/content/g/rulings.yml"), False),
    (DirModifiedEvent("{repo}/content/g"), False),
    (FileModifiedEvent("{repo}/content/g/.rulings.yml.swp"), False),
    (FileModifiedEvent("{repo}/content/g/rulings.yml~"), False),
    (FileCreatedEvent("{repo}/content/g/4913"), False),
    (FileModifiedEvent("{repo}/build/serve/preview/en/docs/index.md"), False),
])
def test_only_real_changes_to_inputs_start_a_rebuild(tmp_path: Path, event, relevant: bool) -> None:
    event.src_path = event.src_path.format(repo=tmp_path)
    if event.dest_path:
        event.dest_path = event.dest_path.format(repo=tmp_path)
    assert is_change(event, tmp_path) is relevant


# --- the address: a busy port, a bad address, mkdocs stopping ------------------------------------


@pytest.fixture
def busy_port():
    """A port something already listens on (127.0.0.1)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


@pytest.mark.parametrize("args", [["--dev-addr", "127.0.0.1:{port}"], ["--port", "{port}"],
                                  ["--dev-addr", "localhost:8000", "--port", "{port}"]])
def test_a_busy_port_stops_serve_at_once_in_one_line(tmp_path, monkeypatch, busy_port, args):
    """Was: a 38-line traceback from mkdocs, and exit 0."""
    repo = site_inputs(tmp_path)
    build_tree(repo)
    monkeypatch.chdir(repo)
    r = CliRunner().invoke(main, ["serve", *(a.format(port=busy_port) for a in args)])
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert lines == [f"Error: port {busy_port} on {'127.0.0.1' if 'localhost' not in args[1] else 'localhost'} is in "
                     "use (another preview or server?): stop it, or choose another port with --port N"], lines
    assert not (repo / "build").exists()  # asked before any page is generated


@pytest.mark.parametrize("address", ["x", "127.0.0.1", "127.0.0.1:port", "127.0.0.1:99999", ":8000",
                                     "192.0.2.1:8000"])  # the last: no address of this machine (TEST-NET-1)
def test_an_unusable_address_stops_serve_in_one_line(tmp_path, monkeypatch, address):
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["serve", "--dev-addr", address])
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1, r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize(("address", "port", "expected"), [
    ("127.0.0.1:8000", None, ("127.0.0.1", 8000, "127.0.0.1:8000")),
    ("127.0.0.1:8000", 9000, ("127.0.0.1", 9000, "127.0.0.1:9000")),
    ("localhost", 9000, ("localhost", 9000, "localhost:9000")),
    ("[::1]:8000", None, ("::1", 8000, "[::1]:8000")),
    ("[::1]", 9001, ("::1", 9001, "[::1]:9001")),
])
def test_port_replaces_the_port_of_the_address_and_keeps_its_host(address, port, expected):
    assert split_address(address, port) == expected


def test_a_port_out_of_range_is_a_usage_error():
    for port in ("0", "65536", "http"):
        r = CliRunner().invoke(main, ["serve", "--port", port])
        assert r.exit_code == 2 and "--port" in r.output and "Traceback" not in r.output


def _server(tmp_path: Path) -> PreviewServer:
    """A preview server that never listens (its socket is not bound: the tests call it directly)."""
    server = PreviewServer(lambda: None, "127.0.0.1", 0, tmp_path, ignored=tmp_path / "build", quiet=0.1)
    server.server_close()
    return server


def test_the_server_watches_through_inotify_never_by_polling(tmp_path: Path) -> None:
    """mkdocs's server polls every watched file twice a second (about 900 files a second here, idle)."""
    from watchdog.observers.inotify import InotifyObserver
    from watchdog.observers.polling import PollingObserver

    server = _server(tmp_path)
    (tmp_path / "content").mkdir()
    server.watch(str(tmp_path / "content"))
    assert isinstance(server.observer, InotifyObserver) and not isinstance(server.observer, PollingObserver)
    assert list(server._watched_paths) == [str(tmp_path / "content")]  # so mkdocs starts it, and reloads pages


def _get(server: PreviewServer, path: str) -> tuple[str, dict[str, str], bytes]:
    answer: list = []
    body = b"".join(server.serve_request({"PATH_INFO": path, "REQUEST_METHOD": "GET"},
                                         lambda status, headers: answer.extend([status, dict(headers)])))
    return answer[0], answer[1], body


def test_the_banner_lines_are_json_beside_the_pages_and_every_page_gets_the_script(tmp_path: Path) -> None:
    server = _server(tmp_path)
    server.problems = ("content/g/rulings.yml:3:1: error: unknown property '</script><img src=x onerror=alert(1)>'",)
    status, headers, body = _get(server, PROBLEMS_URL)
    assert status == "200 OK" and headers["Cache-Control"] == "no-store"
    assert json.loads(body) == list(server.problems)
    server.problems = ()
    assert json.loads(_get(server, PROBLEMS_URL)[2]) == []
    page = server._inject_js_into_html(b"<html><body><p>text</p></body></html>", 1)
    assert page.count(BANNER_SCRIPT.encode()) == 1 and page.endswith(b"</script></body></html>")
    assert b"innerHTML" not in BANNER_SCRIPT.encode() and b"textContent" in BANNER_SCRIPT.encode()


@pytest.mark.build
def test_a_port_taken_after_the_check_stops_serve_in_one_line(tmp_path, busy_port):
    """The port taken between our check and the server's bind (the check skipped here): one line, exit 2, as
    when the check sees it (was: mkdocs's traceback, then exit 1)."""
    repo = site_inputs(tmp_path)
    build_tree(repo)
    script = ("import sys; import rulings.build.serve as s; s.check_address = lambda host, port: None; "
              "from rulings.cli.main import main; sys.argv = ['rulings', 'serve', '--port', sys.argv[1]]; main()")
    code = str(Path(rulings.__file__).resolve().parents[1])
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1",
           "PYTHONPATH": os.pathsep.join(p for p in (code, os.environ.get("PYTHONPATH")) if p)}
    r = subprocess.run([sys.executable, "-c", script, str(busy_port)], cwd=repo, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 2, r.stdout + r.stderr
    assert "Traceback" not in r.stderr and "File \"" not in r.stderr, r.stderr
    assert r.stderr.strip().splitlines()[-1] == (f"Error: port {busy_port} on 127.0.0.1 is in use (another preview "
                                                 "or server?): stop it, or choose another port with --port N")


@pytest.mark.build
def test_a_broken_template_is_one_line_in_the_banner_and_the_preview_goes_on(tmp_path: Path) -> None:
    """mkdocs failing on an edit of the theme (a template that does not parse) stops nothing: its error is one
    line in the terminal and the banner; the fixed template renders every page again."""
    repo = site_inputs(tmp_path)
    build_tree(repo)
    logs: list[str] = []
    preview = Preview(repo, "en", logs.append)
    assert preview.regenerate()
    site = LiveSite(preview.base / "mkdocs.yml", preview.site_dir, "http://127.0.0.1:8000/", "1700000000")
    site.build()
    server = _server(tmp_path)
    template = repo / "site_config" / "overrides" / "main.html"
    good = template.read_text(encoding="utf-8")
    template.write_text(good + "{% block nope %}", encoding="utf-8")
    server.changed([template])
    rebuild(preview, site, server)
    assert len(server.problems) == 1 and "TemplateSyntaxError" in server.problems[0], server.problems
    assert "Traceback" not in "\n".join(logs)
    page = preview.site_dir / "demo" / "card" / "sword" / "index.html"
    assert page.is_file()  # the last good pages stay
    template.write_text(good.replace("</title>", "</title><!-- fixed -->", 1), encoding="utf-8")
    server.changed([template])
    rebuild(preview, site, server)
    assert server.problems == ()
    assert "<!-- fixed -->" in page.read_text(encoding="utf-8")
    site.close()
