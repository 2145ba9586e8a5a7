"""The scale benchmark and its synthetic content generator: development tools, not part of the package.

Run with ``make bench`` (``ARGS="--sizes 1000,10000 --search"``) or ``python tools/bench --help``.
"""
