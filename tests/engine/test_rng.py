"""The one generator (fate/engine/rng.py) is splitmix64: it gives the reference
outputs, stays in range, and shuffles as its docstring says."""

from __future__ import annotations

from collections import Counter

from fate.engine import rng

# The first outputs of splitmix64 from state 0, as published with the algorithm
# (Steele, Lea and Flood 2014; Vigna's reference C code).
REFERENCE = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC]


def test_the_generator_is_splitmix64():
    state, out = rng.draws(0, 2**64, 4)
    assert out == REFERENCE
    assert state == (4 * rng.GOLDEN) & rng.MASK


def test_below_is_in_range_and_advances_one_step():
    state = rng.seed_state(11)
    for n in (1, 2, 6, 65):
        nxt, x = rng.below(state, n)
        assert 0 <= x < n and nxt == (state + rng.GOLDEN) & rng.MASK
        assert rng.draws(state, n, 1) == (nxt, [x])
        state = nxt


def test_a_shuffle_is_fisher_yates_over_below():
    start = rng.seed_state(3)
    items = list(range(20))
    end = rng.shuffle(start, items)
    expected, state = list(range(20)), start
    for i in range(19, 0, -1):
        state, j = rng.below(state, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and end == state and sorted(items) == list(range(20))


def test_a_shuffle_of_any_length_is_fisher_yates_over_below():
    # short lists step by step, long ones (the decks at set-up) through ``outputs``
    for n in (0, 1, 2, rng.PACKED_FROM, rng.PACKED_FROM + 1, rng.PACKED_FROM + 2, 65, 130):
        for seed in (0, 3, 2**40):
            start = rng.seed_state(seed)
            items = list(range(n))
            end = rng.shuffle(start, items)
            expected, state = list(range(n)), start
            for i in range(n - 1, 0, -1):
                state, j = rng.below(state, i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert (items, end) == (expected, state), (n, seed)


def test_outputs_are_the_next_words_of_the_generator_all_at_once():
    new, words = rng.outputs(0, 4)
    assert (new, list(words)) == ((4 * rng.GOLDEN) & rng.MASK, REFERENCE)
    for count in (1, 2, 7, 64):
        for state in (0, rng.MASK, rng.seed_state(8)):  # the lanes may not carry into each other
            new, words = rng.outputs(state, count)
            assert (new, list(words)) == rng.draws(state, 2**64, count), (count, state)


def test_a_die_is_fair_over_sixty_thousand_rolls():
    _, faces = rng.draws(rng.seed_state(5), 6, 60_000)
    counts = Counter(faces)
    assert sorted(counts) == list(range(6))
    assert all(9_500 <= c <= 10_500 for c in counts.values()), counts


def test_different_seeds_give_different_games():
    states = {rng.seed_state(s) for s in range(1000)}
    assert len(states) == 1000 and all(0 <= s <= rng.MASK for s in states)


def test_a_keyed_shuffle_is_fisher_yates_over_shake128_words():
    import hashlib

    items = list(range(30))
    rng.keyed_shuffle(77, items, b"spells")
    words = hashlib.shake_128((77).to_bytes(8, "little") + b"spells").digest(8 * 30)
    expected = list(range(30))
    for i in range(29, 0, -1):
        j = int.from_bytes(words[8 * i:8 * i + 8], "little") % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and sorted(items) == list(range(30))
    again = list(range(30))
    rng.keyed_shuffle(77, again, b"curses")
    assert again != items  # the salt keeps the pools of one deal apart
    plain, unsalted = list(range(30)), list(range(30))
    rng.keyed_shuffle(77, plain)
    words = hashlib.shake_128((77).to_bytes(8, "little")).digest(8 * 30)
    for i in range(29, 0, -1):
        j = int.from_bytes(words[8 * i:8 * i + 8], "little") % (i + 1)
        unsalted[i], unsalted[j] = unsalted[j], unsalted[i]
    assert plain == unsalted  # no salt: the seed's own words


def test_a_keyed_shuffle_puts_each_order_of_three_equally_often():
    counts = Counter()
    for seed in range(12_000):
        items = ["a", "b", "c"]
        rng.keyed_shuffle(seed, items)
        counts["".join(items)] += 1
    assert len(counts) == 6 and all(1_800 <= c <= 2_200 for c in counts.values()), counts
