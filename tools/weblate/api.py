"""A small client of Weblate's REST API (``/api/``): what the trial and ``components.py`` ask of it, no more."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import requests


class WeblateError(RuntimeError):
    """An answer Weblate gave that the caller did not expect, with what it said."""


@dataclass
class Weblate:
    """The API at ``url`` (``http://host:port``) as the user whose token is ``token``."""

    url: str
    token: str
    timeout: float = 600.0  # tasks run inside the request (CELERY eager): a component's first scan is slow

    def _call(self, method: str, path: str, **kwargs: Any) -> Any:
        full = path if path.startswith("http") else f"{self.url}/api/{path.lstrip('/')}"
        r = requests.request(method, full, headers={"Authorization": f"Token {self.token}"}, timeout=self.timeout,
                             **kwargs)
        if r.status_code >= 400:
            raise WeblateError(f"{method} {full}: HTTP {r.status_code}: {r.text[:600]}")
        return r.json() if r.content else None

    def get(self, path: str, **params: Any) -> Any:
        return self._call("GET", path, params=params)

    def post(self, path: str, data: dict[str, Any]) -> Any:
        return self._call("POST", path, json=data)

    def patch(self, path: str, data: dict[str, Any]) -> Any:
        return self._call("PATCH", path, json=data)

    def all(self, path: str, **params: Any) -> list[dict[str, Any]]:
        """Every item of a paginated list."""
        out: list[dict[str, Any]] = []
        page: Any = self.get(path, **params)
        while True:
            out += page["results"]
            if not page.get("next"):
                return out
            page = self.get(page["next"])

    def units(self, project: str, component: str, language: str, query: str = "") -> list[dict[str, Any]]:
        return self.all(f"translations/{project}/{component}/{language}/units/", q=query) if query else \
            self.all(f"translations/{project}/{component}/{language}/units/")

    def repository(self, project: str, component: str, operation: str) -> Any:
        """commit, push, pull (update), reset… on the component's repository; waits while Weblate is busy."""
        for _ in range(30):
            try:
                return self.post(f"components/{project}/{component}/repository/", {"operation": operation})
            except WeblateError as e:
                if "HTTP 423" not in str(e):  # locked by another running operation
                    raise
                time.sleep(2)
        raise WeblateError(f"{operation}: the repository stayed locked")


def wait_for(url: str, seconds: float = 180.0) -> None:
    """Until the server at ``url`` answers (its first start compiles templates and loads checks)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if requests.get(f"{url}/healthz/", timeout=10).status_code < 500:
                return
        except requests.RequestException:
            pass
        time.sleep(1)
    raise WeblateError(f"{url} did not answer within {seconds:g} s")
