"""The game state and the loop that runs it.

State is plain lists of small integers so that ``clone()`` is cheap enough for
search-based bots. What happens next is a stack of tasks: immutable tuples
whose first item names a handler registered in ``registry.TASKS`` by the rule
modules (this core imports none of them). A handler either acts (and may
push further tasks) or returns an ``Ask``: a decision for one seat. The
decision becomes the pending ``Prompt``; ``apply`` resolves it and the loop
runs on until the next decision or the end of the game.

After every task the held Curses are checked (R-CU-2, R-CU-8): a Curse whose
trigger holds is revealed at once and its penalty resolves before anything
else happens.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from fate.content.model import STANDARD_LEVEL, Card, Content
from fate.engine import rng as rngmod
from fate.engine.constants import (
    CONTROL_MINIMUM,
    GAME_SEAT,
    INVESTIGATORS,
    LOCATION_NAMES,
    N_LOCATIONS,
)
from fate.engine.errors import IllegalChoice
from fate.engine.fields import ALL_FIELDS
from fate.engine.kinds import EventKind
from fate.engine.model import Choice, EndReason, Event, Outcome, Prompt
from fate.engine.prepared import (
    INVESTIGATORS_LEFT,
    INVESTIGATORS_SENT,
    RECALLED,
    SACRIFICED,
    UNKEPT,
)
from fate.engine.registry import TASKS, Task, tables

_new_tuple = tuple.__new__
_as_choice = partial(_new_tuple, Choice)  # Choice(*option) without namedtuple's slow __new__
_NOWHERE: frozenset[int] = frozenset()
# A turn takes some dozens of steps; this many without anyone deciding is a loop.
STEPS_WITHOUT_A_DECISION = 1_000_000
OUT_OF_TASKS = "the engine ran out of things to do (a rules bug)"
# CLOCKWISE[players][seat]: the seats round the table starting with ``seat`` (a list: indexing
# one is quicker than looking up a dict)
CLOCKWISE = [[tuple((s + k) % n for k in range(n)) for s in range(n)] for n in range(5)]


class Game:
    """One game of Fate of the Elder Gods. Create it with ``fate.engine.new_game``."""

    __slots__ = ALL_FIELDS

    def __init__(self, content: Content, config: dict[str, Any]) -> None:
        self.content = content
        self.config = config
        n = int(config["players"])
        self.n = n
        self.solo = n == 1
        # how hard the Investigators play (data/solo.yaml); None in a game of cults only
        self.level = content.solo_level(config.get("solo_level", STANDARD_LEVEL)) if self.solo else None
        self.tables = tables(content)
        self.rng = rngmod.seed_state(int(config["seed"]))
        self.first = 0
        self.cur = 0
        self.turn = 0
        self.phase = "setup"
        self.gods = [-1] * n
        self.drafts: list[tuple[int, ...]] = []
        self.lodge = [0] * n
        self.abyss = [0] * n
        self.at = [[0] * n for _ in range(N_LOCATIONS)]  # at[location][seat]: cultists
        self.inv_supply = INVESTIGATORS
        self.inv_at = [0] * N_LOCATIONS
        self.inv_lodge = [0] * n
        self.summon = [0] * n
        self.signs = [0] * n
        self.es_cursed = [False] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.gate = [-1] * n
        self.reserve: list[list[int]] = [[] for _ in range(n)]
        self.arts: list[list[int]] = [[] for _ in range(n)]
        self.exhausted: set[int] = set()
        self.cast_bits = [-1] * n
        self.cast_any = -1
        self.readied: tuple[int, ...] = ()
        self.passed_over = [0] * n
        self.spell_deck: list[int] = []  # top is the end of the list
        self.discard: list[int] = []
        self.columns: list[list[int]] = [[] for _ in range(N_LOCATIONS)]  # top is the end
        self.gate_supply: list[int] = []
        self.art_deck: list[int] = []  # top is the end, bottom is index 0
        self.art_up: list[int] = []
        self.curse_deck: list[int] = []  # top is the end, bottom is index 0
        self.held: list[tuple[int, int, int]] = []  # (curse, cursed seat, holder seat)
        self.box: list[int] = []  # out of the game: unchosen gods, destroyed artifacts
        self.resolving: list[int] = []  # cards face up and resolving right now
        self.pieces: list[int] = []
        self.squall = [0] * N_LOCATIONS
        self.squall_owner = -1
        self.turn_loc = -1
        self.ready_allow = 1
        self.ctl = 0  # 0 no control this turn, 1 temporary, 2 control
        self.ow_returns = 0
        self.cleanse_used = False
        self.forced: list[int] = []
        self.rolls: list[list[int]] = []
        self.stack: list[Task] = []
        self.ask: tuple[Task, Prompt] | None = None
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.losers: tuple[int, ...] = ()
        self.end_reason = ""
        self.events: list[Event] = []
        self.choices_made: list[str] = []

    # ------------------------------------------------------------ public API
    # The face the rest of the program reads; the fields are the rules' (docs/design-decisions.md)
    @property
    def decision(self) -> int:
        """How many decisions were taken (the next one's number from 0; an undo lowers it)."""
        return len(self.choices_made)

    @property
    def current_seat(self) -> int:
        """The seat whose turn it is (during the solo Investigators' phase, the cult's)."""
        return self.cur

    def history(self) -> tuple[str, ...]:
        """Every choice taken so far by id, first first: with ``config``, the whole game."""
        return tuple(self.choices_made)

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        if not self.over:
            return None
        return Outcome(EndReason(self.end_reason), self.winners, self.losers)

    def pending(self) -> Prompt | None:
        """The decision the game waits for, or None once the game is over."""
        return None if self.ask is None else self.ask[1]

    def apply(self, choice: Choice | str) -> list[Event]:
        """Take one of the pending prompt's choices (or its id). Returns the
        events it caused. An illegal choice raises IllegalChoice and changes
        nothing."""
        ask = self.ask
        if ask is None:
            raise IllegalChoice("the game is over: no choice is pending")
        t, prompt = ask
        if isinstance(choice, str):
            cid = choice
            picked = prompt.choice(cid)
        else:  # by position: a named tuple's field is read the slow way
            cid = choice[0]  # id
            picked = choice if choice in prompt[3] else prompt.choice(cid)  # choices
        if picked is None:
            offered = ", ".join(c.id for c in prompt.choices[:12])
            more = "" if len(prompt.choices) <= 12 else f" and {len(prompt.choices) - 12} more"
            raise IllegalChoice(
                f"{cid!r} is not a legal choice for {self.seat_name(prompt.seat)} "
                f"({prompt.kind}: {prompt.text}); legal: {offered}{more}"
            )
        self.ask = None
        self.choices_made.append(cid)
        resolve = TASKS[t[0]][1]
        assert resolve is not None  # a task that asks registers the function that takes the answer
        resolve(self, t, picked[2])  # its resolver, with the choice's value
        self.run(True)
        out = self.events
        if out is UNKEPT:  # a quiet game keeps its list that keeps nothing (see quiet)
            return []
        self.events = []
        return out

    def take_events(self) -> list[Event]:
        """Events produced so far that no ``apply`` has returned (set-up)."""
        out = self.events
        if out is UNKEPT:
            return []
        self.events = []
        return out

    def clone(self) -> Game:
        """An independent copy for look-ahead. Shares only immutable content.
        Written out field by field (the search clones once an iteration; a loop of
        getattr/setattr over the field names took three times as long): a field
        added to the game needs a line here (tests/engine/test_api.py checks each)."""
        g = Game.__new__(Game)
        # scalars and values never changed in place
        g.content, g.config, g.n, g.solo = self.content, self.config, self.n, self.solo
        g.first, g.cur, g.turn, g.phase = self.first, self.cur, self.turn, self.phase
        g.inv_supply, g.turn_loc, g.ready_allow, g.ctl = self.inv_supply, self.turn_loc, self.ready_allow, self.ctl
        g.ow_returns, g.cleanse_used, g.squall_owner = self.ow_returns, self.cleanse_used, self.squall_owner
        g.rng, g.over, g.end_reason, g.ask = self.rng, self.over, self.end_reason, self.ask
        g.tables, g.level = self.tables, self.level
        g.drafts, g.winners, g.losers = self.drafts, self.winners, self.losers  # replaced whole, never changed in place
        # lists of numbers or tuples
        g.gods = self.gods[:]  # a god chosen in the copy (a look-ahead in the draft) stays in the copy
        g.lodge, g.abyss, g.inv_lodge = self.lodge[:], self.abyss[:], self.inv_lodge[:]
        g.summon, g.signs, g.es_cursed, g.gate = self.summon[:], self.signs[:], self.es_cursed[:], self.gate[:]
        g.spell_deck, g.discard, g.gate_supply = self.spell_deck[:], self.discard[:], self.gate_supply[:]
        g.art_deck, g.art_up, g.curse_deck = self.art_deck[:], self.art_up[:], self.curse_deck[:]
        g.held, g.box, g.resolving, g.pieces = self.held[:], self.box[:], self.resolving[:], self.pieces[:]
        g.squall, g.forced, g.stack = self.squall[:], self.forced[:], self.stack[:]
        g.choices_made, g.inv_at, g.cast_bits = self.choices_made[:], self.inv_at[:], self.cast_bits[:]
        g.passed_over, g.cast_any, g.readied = self.passed_over[:], self.cast_any, self.readied
        # lists of lists
        g.at = [x[:] for x in self.at]
        g.hands = [x[:] for x in self.hands]
        g.reserve = [x[:] for x in self.reserve]
        g.arts = [x[:] for x in self.arts]
        g.columns = [x[:] for x in self.columns]
        g.rolls = [x[:] for x in self.rolls]
        g.exhausted = set(self.exhausted)
        g.events = []
        return g

    def force_dice(self, faces: list[str | int]) -> None:
        """Make the next rolls show these faces, in order (tests, scenarios)."""
        dice = self.content.dice
        self.forced.extend(f if isinstance(f, int) else dice.face(f) for f in faces)

    # ------------------------------------------------------------------ loop
    def run(self, after_task: bool = False) -> None:
        """Run tasks until one asks a seat to decide or the game ends. ``after_task``: a
        task (a decision's resolver) has just run, so the held Curses are checked first."""
        if self.ask is not None:
            return
        pop = self.stack.pop
        tasks = TASKS
        quiet = not after_task
        # The one way out besides the end: a handler asks (return below). A call runs some
        # tasks, so the count stays among the small numbers Python keeps made.
        for _ in range(STEPS_WITHOUT_A_DECISION - 1):
            if self.over:
                return
            if self.held and not quiet:  # after every task but a quiet one (R-CU-2, R-CU-8)
                triggers = self.tables.triggers
                for entry in self.held:  # the first held Curse whose trigger holds is revealed
                    fn, params = triggers[entry[0]]
                    if fn(self, entry[1], params):
                        self._reveal_curse(entry)
                        break
            try:
                t = pop()
            except IndexError:
                raise RuntimeError(OUT_OF_TASKS) from None
            run, resolve, quiet = tasks[t[0]]
            a = run(self, t)
            if a is not None:
                opts = a[3]
                if len(opts) != 1:
                    if type(opts) is not tuple:  # (id, label, value) triples, not yet choices
                        a = (a[0], a[1], a[2], tuple(map(_as_choice, opts)), a[4])
                    self.ask = (t, _new_tuple(Prompt, a))
                    return
                assert resolve is not None  # a task that asks registers the function that takes the answer
                resolve(self, t, opts[0][2])
                quiet = False
        # A loop in the rules: an error to report, never a frozen table. The last step is
        # refused before it runs (counted by the loop's range, not by a test in it).
        if not self.over:
            if not self.stack:
                raise RuntimeError(OUT_OF_TASKS)
            raise RuntimeError(f"the engine ran {STEPS_WITHOUT_A_DECISION:,} steps without a decision "
                               f"(a rules bug; the last was {self.stack.pop()[0]!r})")

    def _reveal_curse(self, entry: tuple[int, int, int]) -> None:
        card, cursed, holder = entry
        self.held.remove(entry)
        self.resolving.append(card)
        c = self.content.cards[card]
        self.emit(EventKind.CURSE_REVEALED, {"seat": cursed, "holder": holder, "card": c.id,
                                             "name": c.name, "text": c.text})
        self.stack += (("curse_done", card), ("fx", cursed, card, c.effect, 0, ()))

    # ------------------------------------------------------------- plumbing
    def push(self, *tasks: Task) -> None:
        """Schedule tasks so that the first given runs first (one task: ``stack.append``)."""
        self.stack.extend(reversed(tasks))

    def emit(self, kind: str, data: dict[str, Any], only: tuple[int, ...] | None = None) -> None:
        """Record an event; ``only`` limits who may see it (default: everyone). The
        data is a dict literal rather than keywords: this is called several times a decision."""
        events = self.events
        if events is not UNKEPT:  # a quiet game (see quiet) makes no Event
            events.append(_new_tuple(Event, (kind, data, only)))  # Event(...) without its slow __new__

    def card(self, index: int) -> Card:
        return self.content.cards[index]

    def effect_of(self, index: int) -> int:
        """The steps a card resolves: its solo version in solo play, if it has one."""
        c = self.content.cards[index]
        return c.solo_effect if self.solo and c.solo_effect >= 0 else c.effect

    def text_of(self, index: int) -> str:
        c = self.content.cards[index]
        return c.solo_text if self.solo and c.solo_text else c.text

    def seat_name(self, seat: int) -> str:
        if seat == GAME_SEAT:
            return "the Investigators"
        god = self.gods[seat] if 0 <= seat < self.n else -1
        if god >= 0:
            return f"the Cult of {self.content.cards[god].name}"
        return f"seat {seat + 1}"

    def roll_faces(self, count: int) -> list[int]:
        """Roll ``count`` Fate Dice: forced faces first (tests, scenarios), then the generator."""
        forced = self.forced
        if not forced:
            self.rng, faces = rngmod.draws(self.rng, len(self.content.dice.faces), count)
            return faces
        faces = [forced.pop(0) for _ in range(min(count, len(forced)))]
        return faces + self.roll_faces(count - len(faces)) if len(faces) < count else faces

    def shuffle(self, items: list[Any]) -> None:
        self.rng = rngmod.shuffle(self.rng, items)

    def random_below(self, n: int) -> int:
        self.rng, r = rngmod.below(self.rng, n)
        return r

    # --------------------------------------------------------- seats, pieces
    def others(self, seat: int) -> tuple[int, ...]:
        """The other seats, clockwise from the one after ``seat``."""
        return CLOCKWISE[self.n][seat][1:]

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        return CLOCKWISE[self.n][seat]

    def right_of(self, seat: int) -> int:
        """Who holds this seat's Curses (R-CU-1): the previous seat; the game in solo."""
        return GAME_SEAT if self.solo else (seat - 1) % self.n

    def piece_of(self, seat: int) -> int:
        """Which Fate Piece a seat moves (R-2P-1, R-SO-1): one shared piece at 3-4."""
        return seat if self.n == 2 else 0

    def blocked_for(self, piece: int) -> frozenset[int] | set[int]:
        """Locations a piece may not enter: those of the other pieces (R-2P-2, R-SO-9)."""
        if len(self.pieces) == 1:
            return _NOWHERE
        return {loc for i, loc in enumerate(self.pieces) if i != piece}

    # ------------------------------------------------------------- holdings
    def holdings_changed(self, seat: int) -> None:
        """Call after any change to a seat's Reserve, Artifacts or their exhaustion:
        what the seat may cast (``casting.castable``) is worked out again when next asked."""
        self.cast_bits[seat] = -1
        self.cast_any = -1

    # ---------------------------------------------------------------- control
    def has_control(self, seat: int, loc: int) -> bool:
        """R-AC-2; in solo R-SO-6 (more than the Investigators there)."""
        mine = self.at[loc][seat]
        if mine < CONTROL_MINIMUM - (self.passive(seat, "control_discount") if self.arts[seat] else 0):
            return False
        if self.solo:
            return mine > self.inv_at[loc]
        for s, theirs in enumerate(self.at[loc]):
            if theirs >= mine and s != seat:
                return False
        return True

    def passive(self, seat: int, key: str) -> int:
        """Sum of an always-on modifier over the seat's Artifacts (those with one are never
        exhausted: their ability is "passive")."""
        values = self.tables.passive.get(key)
        if values is None:  # no card of the content has it
            return 0
        total = 0
        for a in self.arts[seat]:
            total += values[a]
        return total

    # ---------------------------------------------------------------- cultists
    def sacrifice(self, seat: int, loc: int, count: int = 1) -> int:
        """Cultists at a location to the Abyss; returns how many went."""
        k = min(count, self.at[loc][seat])
        if k:
            self.at[loc][seat] -= k
            self.abyss[seat] += k
            self.events.append(SACRIFICED[seat][loc][k])
        return k

    def recall(self, seat: int, count: int) -> int:
        """Cultists from the Abyss to the Lodge; returns how many came."""
        k = min(count, self.abyss[seat])
        if k:
            self.abyss[seat] -= k
            self.lodge[seat] += k
            self.events.append(RECALLED[seat][k])
        return k

    # ----------------------------------------------------------- investigators
    def investigators_to_lodge(self, seat: int, count: int, source: str | int) -> int:
        """Investigators into a Lodge from the supply (``"supply"``) or another Lodge (a seat)."""
        if isinstance(source, str):  # "supply", the one word it may be
            k = min(count, self.inv_supply)
            self.inv_supply -= k
        else:
            k = min(count, self.inv_lodge[source])
            self.inv_lodge[source] -= k
        if k:
            self.inv_lodge[seat] += k
            self.events.append(INVESTIGATORS_SENT[seat][k][4 if isinstance(source, str) else source])
        return k

    def investigators_home(self, seat: int, count: int) -> int:
        """Investigators from a Lodge back to the supply."""
        k = min(count, self.inv_lodge[seat])
        if k:
            self.inv_lodge[seat] -= k
            self.inv_supply += k
            self.events.append(INVESTIGATORS_LEFT[seat][k])
        return k

    # ------------------------------------------------------------ game end
    def finish(self, winners: tuple[int, ...], losers: tuple[int, ...], reason: EndReason) -> None:
        self.over = True
        self.winners = winners
        self.losers = losers
        self.end_reason = reason
        self.stack.clear()
        self.ask = None
        self.emit(EventKind.GAME_OVER, {"winners": list(winners), "losers": list(losers), "reason": reason})

    # ---------------------------------------------------------------- cards
    def draw_spell(self, seat: int) -> int | None:
        """Top Spell to a hand; reshuffle the discard when the deck is empty (R-CN-5)."""
        card = self.spell_deck.pop() if self.spell_deck else self.top_spell()
        if card is None:
            return None
        self.hands[seat].append(card)
        told = self.tables.drawn[card][seat]  # spell_drawn, spell_drawn_face
        self.events.append(told[0])
        self.events.append(told[1])
        return card

    def top_spell(self) -> int | None:
        """Take the top Spell of the deck (reshuffling if needed), into no hand."""
        if not self.spell_deck:
            if not self.discard:
                return None
            self.spell_deck = self.discard
            self.discard = []
            self.shuffle(self.spell_deck)
            self.emit(EventKind.SPELL_DECK_RESHUFFLED, {"size": len(self.spell_deck)})
        return self.spell_deck.pop()

    def discard_column(self, loc: int) -> None:
        """R-CN-2: Spells to the discard pile, Gates back to the Gate supply."""
        col = self.columns[loc]
        if not col:
            return
        for card in col:
            if self.content.cards[card].kind == "gate":
                self.gate_supply.append(card)
            else:
                self.discard.append(card)
        self.events.append(self.tables.column_told[loc][len(col)])
        self.columns[loc] = []

    def gain_curse(self, seat: int, source: str) -> None:
        """R-CU-1: the seat to the right draws a Curse in secret; in solo the game holds it.
        ``source``: what brought it, "meeting" (the solo Investigators on the cult's Fate
        Piece), "elder_sign" (the Summon token meeting an Elder Sign) or a card's id."""
        if not self.curse_deck:
            self.emit(EventKind.CURSE_DECK_EMPTY, {"seat": seat})
            return
        card = self.curse_deck.pop()
        holder = self.right_of(seat)
        self.held.append((card, seat, holder))
        c = self.content.cards[card]
        self.emit(EventKind.CURSED, {"seat": seat, "holder": holder, "carried": self.curses_on(seat), "source": source})
        if holder != GAME_SEAT:
            self.emit(EventKind.CURSE_DRAWN, {"seat": seat, "holder": holder, "card": c.id}, (holder,))
        if self.level is not None and self.curses_on(seat) >= self.level.curses_to_lose:  # solo
            self.finish((), (seat,), EndReason.CURSED)

    def curses_on(self, seat: int) -> int:
        return sum(1 for _, s, _ in self.held if s == seat)

    def location_name(self, loc: int) -> str:  # the content's (a window's language's): never the constant's
        return self.content.locations[loc].name if 0 <= loc < len(self.content.locations) else LOCATION_NAMES[loc]


def quiet(g: Game) -> Game:
    """``g`` itself, from now on keeping no events: the bots' look-ahead (its clones keep them).
    A flag in the event list, not a subclass: the compiled Game's class cannot be swapped."""
    g.events = UNKEPT
    return g
