"""The static site: content model → Markdown tree + one mkdocs config per locale → ``mkdocs build``.

Plain Python on purpose, not an mkdocs plugin: mkdocs-material is in maintenance and its successors
ignore plugins, so everything specific to us happens before mkdocs runs.
"""
