# Two commands on a fresh clone: `make site` and `make test`. Each sets up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site bundles serve test test-fast lint validate schemas translate-sync weblate-merge weblate-trial bench clean

$(STAMP): pyproject.toml requirements.lock
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python >= 3.11 is required (set PYTHON=...)")'
	@echo "== setting up $(VENV): a virtualenv with the pinned dependencies (first time: a minute or two)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check --progress-bar off -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $(STAMP)

# Validate the content, then build every locale into site/ without the offline downloads (see README).
site: $(STAMP)
	@echo "== checking schemas/ against the field declarations"
	$(BIN)/rulings schemas --check
	@echo "== validating content/"
	$(BIN)/rulings validate content --no-warnings
	@echo "== building site/ (no offline bundles: make bundles adds them)"
	$(BIN)/rulings build --no-bundles

# The whole site with the offline zips and Kiwix files in site/downloads/ (slower; needs npm for the shim).
bundles: $(STAMP)
	$(BIN)/rulings validate content --no-warnings
	$(BIN)/rulings build

serve: $(STAMP)
	$(BIN)/rulings serve

validate: $(STAMP)
	$(BIN)/rulings validate content

# Every tier (unit, build, browser): what CI runs, on two pytest-xdist workers (whole files each, so a module's
# fixtures are built once; in the order tests/web/conftest.py gives: the files reading the session's builds (the
# full site and the two trimmed copies for determinism) last, so the workers run everything else while those build
# beside them).
# test-fast: the unit tier only (no build, no browser), on the same workers: about 26 s here, a minute serially.
TEST_WORKERS ?= 2
test: $(STAMP)
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder

test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m unit -n $(TEST_WORKERS)

# The scale benchmark (prints figures; never part of the tests): make bench ARGS="--sizes 1000,10000 --repeat 3 --search"
bench: $(STAMP)
	$(BIN)/python tools/bench $(ARGS)

# Python with ruff, the site's JavaScript with Biome (pinned in package.json, installed by npm ci; tests/test_js_lint.py
# runs the same check in make test)
lint: $(STAMP) node_modules/.installed
	$(BIN)/ruff check scripts tests tools
	node_modules/.bin/biome ci

node_modules/.installed: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

schemas: $(STAMP)
	$(BIN)/rulings schemas

# po/ (the PO files Weblate and Poedit work on) and the content brought into agreement, both ways
translate-sync: $(STAMP)
	$(BIN)/rulings translate sync

# Weblate's work into main (docs/translating.md, "Weblate"): merge the `weblate` branch of REMOTE, sync, validate,
# commit. The one command a maintainer runs; main never gets a Weblate commit that `translate sync --check` refuses.
REMOTE ?= origin
weblate-merge: $(STAMP)
	RULINGS=$(BIN)/rulings sh tools/weblate/merge.sh $(REMOTE)

# The round with a real Weblate (pinned in tools/weblate/requirements.txt, in its own virtualenv under
# ~/.cache/rulings/weblate-trial) on its own PostgreSQL: installs what is missing, starts and stops its own servers,
# prints a summary. Minutes, not part of `make test`. ARGS="--keep" leaves them running to look around.
weblate-trial: $(STAMP)
	$(BIN)/python tools/weblate/trial.py $(ARGS)

clean:
	rm -rf $(VENV) build site .pytest_cache .hypothesis node_modules
