"""Tries the term matcher (:mod:`rulings.model.terms`) walks to find every form that starts at one place of
a text, in steps no more than the longest form is long, however many forms there are.

- :class:`WordTrie`: forms as sequences of word keys (Snowball stems for Latin script), each word with
  the length it has in the form, which a text word may miss by a few letters (the matcher's ``SLACK``).
- :class:`CharTrie`: forms as sequences of characters (Han).

Written here because no kept library does the first: Aho–Corasick packages (none is a dependency) match
characters or bytes, not stems with a tolerance on each word's length, and the per-place walk is what the
matcher's rules need (longest match at each place, names before terms, exclusions settled first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

V = TypeVar("V")


class _WordNode(Generic[V]):
    __slots__ = ("by_len", "ends", "lo", "next", "own", "own_mask")

    def __init__(self) -> None:
        self.next: dict[str, _WordNode[V]] = {}
        self.ends: list[tuple[tuple[int, ...], V]] = []  # forms whose last word leads here, as added
        # set by WordTrie._freeze:
        self.lo = 0  # the bit of this node's first length group (pre-order numbering of the trie)
        self.own: list[tuple[int, V]] = []  # (bit relative to lo, value) of the forms ending here, as added
        self.own_mask = 0
        self.by_len: dict[int, int] = {}  # length of the word leading here → subtree groups with it (from lo)


class WordTrie(Generic[V]):
    """Forms as word-key sequences; :meth:`at` lists those matching the text's words from one word on.

    A form matches when each key equals the text word's and each text word's length is within ``slack``
    of the form word's. The length check costs a few integer operations per word, not one per form: the
    distinct length sequences ending in a node's subtree ("groups") are numbered in pre-order, so a
    subtree's groups are a run of bits, and each node keeps, per length of the word leading to it, the
    mask of its groups whose word there has that length. Walking from a word, a mask of the groups still
    in reach is narrowed at each step; the walk ends where no key continues or no group is left."""

    def __init__(self, slack: int = 0):
        self.slack = slack
        self.root: _WordNode[V] = _WordNode()
        self._frozen = True

    def __bool__(self) -> bool:
        return bool(self.root.next)

    def add(self, keys: tuple[str, ...], lengths: tuple[int, ...], value: V) -> None:
        node = self.root
        for k in keys:
            node = node.next.setdefault(k, _WordNode())
        node.ends.append((lengths, value))
        self._frozen = False

    def _freeze(self) -> None:
        """Number the groups in pre-order and fill every node's masks (iteratively: no recursion limit)."""
        bit = 0
        path: list[_WordNode[V]] = []  # the nodes from the root's child down to the current one
        stack: list[tuple[int, _WordNode[V]]] = [(0, self.root)]
        while stack:
            depth, node = stack.pop()
            del path[max(depth - 1, 0):]
            if depth:
                path.append(node)
            node.lo, node.own, node.by_len = bit, [], {}
            groups: dict[tuple[int, ...], int] = {}
            for lengths, value in node.ends:
                if lengths not in groups:
                    groups[lengths] = bit - node.lo
                    for ancestor, length in zip(path, lengths, strict=True):
                        ancestor.by_len[length] = ancestor.by_len.get(length, 0) | 1 << (bit - ancestor.lo)
                    bit += 1
                node.own.append((groups[lengths], value))
            node.own_mask = (1 << len(groups)) - 1
            stack += [(depth + 1, child) for child in reversed(node.next.values())]
        self._frozen = True

    def at(self, keys: Sequence[str], lengths: Sequence[int], i: int) -> list[tuple[int, list[V]]]:
        """The forms matching ``keys[i:]``: per number of words, shortest first, the index of their last word
        and their values in the order added."""
        if not self._frozen:
            self._freeze()
        out: list[tuple[int, list[V]]] = []
        node, mask, slack = self.root, -1, self.slack  # -1: every group (all bits set)
        for j in range(i, len(keys)):
            child = node.next.get(keys[j])
            if child is None:
                break
            w, reach = lengths[j], 0
            if len(child.by_len) <= 2 * slack + 1:
                for k, m in child.by_len.items():
                    if -slack <= w - k <= slack:
                        reach |= m
            else:
                for k in range(w - slack, w + slack + 1):
                    reach |= child.by_len.get(k, 0)
            mask = (mask >> (child.lo - node.lo)) & reach  # the groups below child still in reach
            if not mask:
                break
            if mask & child.own_mask:
                out.append((j, [value for b, value in child.own if mask >> b & 1]))
            node = child
        return out


class _CharNode(Generic[V]):
    __slots__ = ("ends", "next")

    def __init__(self) -> None:
        self.next: dict[str, _CharNode[V]] = {}
        self.ends: list[V] = []


class CharTrie(Generic[V]):
    """Forms as character sequences; :meth:`at` lists those that start at one character of a text."""

    def __init__(self) -> None:
        self.root: _CharNode[V] = _CharNode()

    def __bool__(self) -> bool:
        return bool(self.root.next)

    @property
    def first(self) -> dict[str, _CharNode[V]]:
        """The characters forms start with (a mapping: ``ch in trie.first`` is what callers ask)."""
        return self.root.next

    def add(self, form: str, value: V) -> None:
        node = self.root
        for ch in form:
            node = node.next.setdefault(ch, _CharNode())
        node.ends.append(value)

    def at(self, text: str, pos: int) -> list[tuple[int, list[V]]]:
        """The forms ``text`` has at ``pos``: per length, shortest first, their end and their values in the
        order added (the trie's own list: not to be changed)."""
        out: list[tuple[int, list[V]]] = []
        node = self.root
        for end in range(pos + 1, len(text) + 1):
            nxt = node.next.get(text[end - 1])
            if nxt is None:
                break
            node = nxt
            if node.ends:
                out.append((end, node.ends))
        return out
