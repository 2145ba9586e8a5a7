"""Translations as readers and translators see them: which text a reader gets (:mod:`.display`), how far each
locale is (:mod:`.status`, :mod:`.stats`), the texts to translate (:mod:`.items`) and their git history
(:mod:`.history`). Read by the site; the PO files are :mod:`rulings.exchange`'s."""
