"""``python tools/bench``: run the scale benchmark (see ``run.main`` for the options)."""

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a folder: make ``bench`` importable as a package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.run import main

sys.exit(main())
