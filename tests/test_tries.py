"""The matcher's tries (rulings.model.tries) walk at most as far as the longest form from each place: the work is
counted in words and characters read, never timed."""

from __future__ import annotations

from rulings.model.tries import CharTrie, WordTrie


class Counted(list):
    """A list that counts the items read from it."""

    reads = 0

    def __getitem__(self, i):
        Counted.reads += 1
        return super().__getitem__(i)


def test_a_walk_reads_no_more_words_than_the_longest_form_has():
    longest, words = 40, 500
    trie: WordTrie[int] = WordTrie(slack=3)
    for k in range(1, longest + 1):  # foo, foo foo … with one word's length differing, a group of its own
        trie.add(("foo",) * k, (3,) * k, k)
        trie.add(("foo",) * k, (3,) * (k - 1) + (9,), -k)
    keys, lengths = Counted(["foo"] * words), [3] * words
    Counted.reads = 0
    found = [trie.at(keys, lengths, i) for i in range(words)]
    assert Counted.reads <= words * longest
    # every form that fits is found, shortest first, and the one whose last word is 6 letters longer is not
    assert [[(j - i, v) for j, vs in f for v in vs] for i, f in enumerate(found[:2])] == [
        [(k - 1, k) for k in range(1, longest + 1)]] * 2
    assert [v for j, vs in found[-1] for v in vs] == [1]


class CountedStr(str):
    reads = 0

    def __getitem__(self, i):
        CountedStr.reads += 1
        return super().__getitem__(i)


def test_a_han_walk_reads_no_more_characters_than_the_longest_form_has():
    trie: CharTrie[int] = CharTrie()
    for k in range(2, 50):
        trie.add("甲" * k, k)
    text = CountedStr("甲" * 1000)
    CountedStr.reads = 0
    assert all(trie.at(text, i) for i in range(999))
    assert CountedStr.reads <= 1000 * 49
    found = trie.at(text, 0)
    assert [(end, vs) for end, vs in found] == [(k, [k]) for k in range(2, 50)]
    assert trie.at(text, 999) == [] and trie.at("乙" + text, 0) == []
