"""The site search: a prebuilt, sharded index answered by a small worker inside Material's search box.

``tokens`` splits and folds words (the same rules in the worker, tested to agree), ``context`` tells
the index what each page is (game, kind, names) from the site model, ``shards`` writes the index
files, ``hook`` runs it after Material's search plugin in every mkdocs build.
"""
