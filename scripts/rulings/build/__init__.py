"""The build stage: runs the stages below it in order and puts their output in place.

``rulings build`` (:mod:`.site_build`: validate, generate each locale in forked workers, mkdocs runs through a
warm server (:mod:`.workers`, :mod:`.mkdocs_server`), bundles, exports, manifest, then the atomic swap of the
new site into place (:mod:`.fsops`) into a folder a build may replace (:mod:`.output`)), and ``rulings serve``
(:mod:`.serve`: the live preview, :mod:`.live_site` and :mod:`.live_server`). Nothing below imports from here.
"""
