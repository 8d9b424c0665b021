# Read by Cython only (packaging/compile_engine.py): compiled, Game is an extension type
# whose fields are read in place rather than looked up by name. It declares every name
# of Game.__slots__ and no other (tests/packaging/test_compiled_engine.py checks): a field added to
# Game needs its name here too. Every field stays a Python object, so the compiled
# game behaves as the sources' does.

cdef class Game:
    cdef public object lodge, abyss, inv_lodge, summon, signs, es_cursed, gate, spell_deck, discard
    cdef public object gate_supply, art_deck, art_up, curse_deck, held, box, resolving, pieces, squall, forced
    cdef public object stack, choices_made, inv_at, at, hands, reserve, arts, columns, rolls, content, config
    cdef public object n, solo, first, cur, turn, phase, inv_supply, turn_loc, ready_allow, ctl, ow_returns
    cdef public object cleanse_used, squall_owner, rng, over, end_reason, ask, tables, level, cast_bits
    cdef public object cast_any, readied, passed_over, gods, drafts, exhausted, winners, losers, events
