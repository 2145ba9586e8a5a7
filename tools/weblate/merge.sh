#!/bin/sh
# The maintainer's one command for Weblate's work (docs/translating.md, "Weblate"): merge the `weblate` branch
# Weblate pushes to, bring po/ and the content into agreement, validate, and commit the result, so main never
# holds a Weblate commit that `rulings translate sync --check` refuses. Usage: merge.sh [REMOTE] (default origin).
# RULINGS names the rulings command (default .venv/bin/rulings); the repository's root is the working directory.
set -eu
remote=${1:-origin}
rulings=${RULINGS:-.venv/bin/rulings}
if [ -n "$(git status --porcelain -- content po)" ]; then
  echo "merge.sh: content/ or po/ has changes not committed: commit or stash them first" >&2
  exit 1
fi
echo "== fetching $remote/weblate"
git fetch --quiet "$remote" weblate
echo "== merging $remote/weblate ($(git rev-list --count "HEAD..$remote/weblate") commits)"
if ! git merge --no-edit --quiet "$remote/weblate"; then
  # po/ is written from the content: on a conflict there, Weblate's side (its translators' edits) is taken and
  # the sync below rewrites the rest from main's content. Any other conflict is a person's to resolve.
  others=$(git diff --name-only --diff-filter=U | grep -v '^po/' || true)
  if [ -n "$others" ]; then
    git merge --abort
    echo "merge.sh: conflicts outside po/ ($others): merge $remote/weblate by hand" >&2
    exit 1
  fi
  git diff --name-only --diff-filter=U -z | xargs -0 git checkout --theirs --
  git add -A po
  git commit --no-edit --quiet
fi
echo "== rulings translate sync (Weblate's edits into the content, credited per message)"
"$rulings" translate sync
echo "== rulings validate"
"$rulings" validate content --no-warnings
"$rulings" translate sync --check
git add -A content po
if git diff --cached --quiet; then
  echo "== nothing to record: po/ and the content already agreed"
else
  git commit --quiet -m "Translations from Weblate recorded by rulings translate sync"
  echo "== committed: $(git log -1 --format=%h) (push it; Weblate picks it up on its next pull)"
fi
