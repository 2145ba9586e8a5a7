"""The trial's own servers: Weblate in its own virtualenv (pinned by requirements.txt) on its own PostgreSQL
cluster, each a process of this run, on free ports, stopped at its end. Nothing system-wide is started."""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REQUIREMENTS = HERE / "requirements.txt"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rulings" / "weblate-trial"

APT = {
    "postgresql": "the database Weblate needs (the trial starts its own cluster of it)",
    "gettext": "msgmerge, which Weblate's add-on runs, and msgfmt",
    "git": "Weblate's version control",
    "pkg-config": "finds the libraries below while pip builds Weblate's dependencies",
    "liblz4-dev": "builds borgbackup (a Weblate dependency, no wheel for it)",
    "libzstd-dev": "builds borgbackup",
    "libxxhash-dev": "builds borgbackup",
    "libacl1-dev": "builds borgbackup",
    "libcairo2-dev": "builds pycairo (Weblate renders widgets and screenshots with Cairo)",
    "libgirepository1.0-dev": "builds PyGObject (Pango text layout)",
    "gir1.2-pango-1.0": "Pango's introspection data, loaded by Weblate at start",
    "gir1.2-rsvg-2.0": "librsvg's introspection data, loaded by Weblate at start (else: Namespace Rsvg not available)",
}
"""Debian packages the trial needs, and why."""


def say(text: str) -> None:
    print(text, flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    """``cmd``, its output captured; raises with that output when it fails."""
    r = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if r.returncode:
        raise RuntimeError(f"{' '.join(map(str, cmd))} failed ({r.returncode}):\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    return r


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def ensure_packages() -> None:
    """Install the missing Debian packages (as root, with apt-get); elsewhere say which are missing."""
    missing = [p for p in APT if subprocess.run(["dpkg-query", "-W", "-f=${Status}", p], capture_output=True,
                                                text=True).stdout != "install ok installed"]
    if not missing:
        say("   system packages: all there")
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise RuntimeError("missing Debian packages: " + " ".join(missing) + " (install them, then run again)")
    say(f"   installing {' '.join(missing)} with apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update", "-qq"], env=env)
    run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing], env=env)


def ensure_venv() -> Path:
    """The virtualenv with the pinned Weblate, made once per version of requirements.txt; its bin folder."""
    digest = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()[:12]
    venv = CACHE / f"venv-{digest}"
    stamp = venv / ".installed"
    if stamp.is_file():
        say(f"   Weblate's virtualenv: {venv} (made before)")
        return venv / "bin"
    say(f"   making {venv} and installing requirements.txt into it (the first time: several minutes)")
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(venv)])
    run([str(venv / "bin" / "pip"), "install", "--disable-pip-version-check", "-q", "-r", str(REQUIREMENTS)])
    stamp.write_text("\n".join(run([str(venv / "bin" / "pip"), "freeze"]).stdout.splitlines()) + "\n")
    return venv / "bin"


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if not found:
        raise RuntimeError("PostgreSQL's initdb not found under /usr/lib/postgresql (apt-get install postgresql)")
    return found[-1].parent


def _as_postgres(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run it as the postgres user the package made."""
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@dataclass
class Postgres:
    """A PostgreSQL cluster of this run: a data folder in /tmp, a Unix socket there, a free port."""

    root: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="rulings-weblate-pg-")))
    port: int = field(default_factory=free_port)
    started: bool = False

    @property
    def socket_dir(self) -> Path:
        return self.root / "run"

    def start(self) -> None:
        bin_ = _pg_bin()
        data = self.root / "data"
        self.socket_dir.mkdir(parents=True)
        self.root.chmod(0o755)
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres", "postgres")
            shutil.chown(self.socket_dir, "postgres", "postgres")
        run(_as_postgres([str(bin_ / "initdb"), "-D", str(data), "-U", "weblate", "--auth=trust", "-E", "UTF8",
                          "--locale=C.UTF-8"]))
        run(_as_postgres([str(bin_ / "pg_ctl"), "-D", str(data), "-l", str(self.root / "postgres.log"), "-w",
                          "-o", f"-p {self.port} -k {self.socket_dir} -c listen_addresses=''", "start"]))
        self.started = True
        run(_as_postgres([str(bin_ / "createdb"), "-h", str(self.socket_dir), "-p", str(self.port), "-U", "weblate",
                          "weblate"]))

    def stop(self, keep: bool = False) -> None:
        if self.started:
            subprocess.run(_as_postgres([str(_pg_bin() / "pg_ctl"), "-D", str(self.root / "data"), "-m", "fast",
                                         "-w", "stop"]), capture_output=True)
            self.started = False
        if not keep:
            shutil.rmtree(self.root, ignore_errors=True)


SETTINGS = '''# Written by tools/weblate/servers.py for one trial run: never a production configuration.
from weblate.settings_example import *  # noqa: F403

DATABASES["default"].update(NAME="weblate", USER="weblate", PASSWORD="", HOST={socket!r}, PORT="{db_port}")
DATA_DIR = {data!r}
CACHE_DIR = f"{{DATA_DIR}}/cache"
MEDIA_ROOT = f"{{DATA_DIR}}/media"
STATIC_ROOT = f"{{CACHE_DIR}}/static"
FILES = "django.core.cache.backends.filebased.FileBasedCache"
CACHES = {{
    "default": {{"BACKEND": FILES, "LOCATION": f"{{CACHE_DIR}}/django"}},
    "avatar": {{"BACKEND": FILES, "LOCATION": f"{{CACHE_DIR}}/avatar"}},
}}
SITE_DOMAIN = "127.0.0.1:{port}"
SITE_URL = f"http://{{SITE_DOMAIN}}"
OTP_WEBAUTHN_RP_ID = "127.0.0.1"
OTP_WEBAUTHN_ALLOWED_ORIGINS = [SITE_URL]
SILENCED_SYSTEM_CHECKS = [*SILENCED_SYSTEM_CHECKS, "otp_webauthn.E031"]  # plain http on 127.0.0.1: a local trial
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
SECRET_KEY = {secret!r}
DEBUG = True
CELERY_TASK_ALWAYS_EAGER = True  # no Celery worker, no Redis: tasks run inside the request
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_BROKER_URL = "memory://"
CELERY_RESULT_BACKEND = None
VCS_FILE_PROTOCOL = True  # the component's repository is a local clone (file://)
EMAIL_BACKEND = "django.core.mail.backends.dummy.EmailBackend"
REGISTRATION_OPEN = False
'''

USERS = '''
import json
from rest_framework.authtoken.models import Token
from weblate.auth.models import User
out = {{}}
for username, name, email in {users!r}:
    user, _ = User.objects.get_or_create(username=username, defaults={{"full_name": name, "email": email}})
    user.full_name, user.email = name, email
    user.save()
    out[username] = Token.objects.get_or_create(user=user)[0].key
print("TOKENS" + json.dumps(out))
'''


@dataclass
class Weblate:
    """Weblate of this run: its settings and data in ``work``, Django's server on a free port."""

    bin: Path
    work: Path
    db: Postgres
    port: int = field(default_factory=free_port)
    server: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, "DJANGO_SETTINGS_MODULE": "trial_settings", "PYTHONPATH": str(self.work),
                "HOME": str(self.work / "home")}

    def manage(self, *args: str) -> str:
        return run([str(self.bin / "weblate"), *args], env=self.env, cwd=self.work).stdout

    def configure(self) -> None:
        (self.work / "home").mkdir(parents=True, exist_ok=True)
        (self.work / "trial_settings.py").write_text(SETTINGS.format(
            socket=str(self.db.socket_dir), db_port=self.db.port, data=str(self.work / "data"), port=self.port,
            secret=secrets.token_urlsafe(40)), encoding="utf-8")
        self.manage("migrate", "--noinput")
        self.manage("createadmin", "--username", "admin", "--password", secrets.token_urlsafe(16),
                    "--email", "admin@example.org", "--name", "Weblate Admin", "--update")

    def users(self, users: list[tuple[str, str, str]]) -> dict[str, str]:
        """API tokens of ``users`` (username, full name, e-mail), made if missing, and of the admin."""
        out = self.manage("shell", "-c", USERS.format(users=[*users, ("admin", "Weblate Admin",
                                                                       "admin@example.org")]))
        line = next(ln for ln in out.splitlines() if ln.startswith("TOKENS"))
        return json.loads(line[len("TOKENS"):])

    def start(self) -> None:
        log = (self.work / "weblate.log").open("w")
        self.server = subprocess.Popen([str(self.bin / "weblate"), "runserver", f"127.0.0.1:{self.port}",
                                        "--noreload"], env=self.env, cwd=self.work, stdout=log,
                                       stderr=subprocess.STDOUT, start_new_session=True)

    def stop(self) -> None:
        if self.server is not None and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
        self.server = None
