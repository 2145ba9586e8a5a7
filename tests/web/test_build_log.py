"""A build says what it is doing, phase by phase, and while mkdocs runs it says which runs are still going,
so a person watching `make site` is never left with a silent terminal."""

from __future__ import annotations

import pytest

from conftest import build_tree, project_locales
from rulings.build import workers
from rulings.build.site_build import build

from .conftest import REPO


def test_a_build_logs_each_phase_in_order_and_mkdocs_runs_while_they_go(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(workers, "HEARTBEAT_SECONDS", 0.0)  # every poll: so the line shows on any machine
    content = build_tree(tmp_path)
    locales = project_locales()[:2]  # several mkdocs runs: two show that each one is announced
    log: list[str] = []
    build(REPO, tmp_path / "site", content_dir=content, work=tmp_path / "build", locales=locales, log=log.append)

    def first(prefix: str) -> int:
        return next(i for i, line in enumerate(log) if line.startswith(prefix))

    order = [first("validating "), first("validated "), first("generating "),
             first(f"mkdocs {locales[0]} (1/{len(locales)})"), first("exports: ")]
    assert order == sorted(order), log
    assert any(line.startswith("still running mkdocs: ") for line in log)
    assert all(f"mkdocs {loc} (" in "\n".join(log) for loc in locales)


@pytest.mark.unit
def test_without_npm_the_bundles_name_what_to_install_and_how_to_skip(tmp_path, monkeypatch) -> None:
    from rulings.publish import bundles

    monkeypatch.setattr(bundles.shutil, "which", lambda _name: None)
    with pytest.raises(bundles.BundleError) as e:
        bundles.fetch_shim(tmp_path / "npm")
    message = str(e.value)
    assert "\n" not in message and "install" in message and "npm" in message and "--no-bundles" in message
