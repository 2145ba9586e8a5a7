"""The PO exchange: the committed ``po/`` files translators' tools (Weblate, Poedit) work on, written from the
content and read back into it (:mod:`.sync`, :mod:`.po_export`, :mod:`.po_import`, per-edit credit :mod:`.credit`).

It sits beside :mod:`rulings.publish`, above the site: like the exports, it is what an outside tool gets, and
each message names the page its text appears on (the site's layout). The display policy and the translation
status, which the site reads, stay below it in :mod:`rulings.translation`.
"""
