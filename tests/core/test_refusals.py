"""Every reason a move is refused, in every game, in the player's words (issue #16 item 1).

Game.reason() gives (code, message, sentence) (core/refusal.py): the engine's message for
records and logs, the player's sentence for the table's message line.  Random games of
each game, under options that reach every variant's refusals, try action ids at their
decisions until each of the game's reason codes has come up; every sentence must fit the
message line of the 240 px screen and name no seat, card code or ruling id.  Runs on CPython and both
MicroPython ports.
"""
import gc
import sys

from core.cards import REDS_DECK, SPEED_DECK, SPEEDRUN_DECK, STEPPING_DECK
from core.refusal import FIRST_REASON, R_OTHER, R_OVER, R_TURN
from core.prng import Prng
from core.ui import rich

CELLS = (240 - 8) // 8      # core/ui/rich.line: from x=4, 4 px short of the right edge
_DECKS = (REDS_DECK, SPEED_DECK, SPEEDRUN_DECK, STEPPING_DECK)
JUNK = (-1, 999, "7H", None)
_SMALL_HEAP = sys.implementation.name == "micropython"


def _one_game_loaded():
    """Forget the games a test before loaded (core/games/...), as the app does between
    games: on the suite's small heap four games' modules do not fit side by side."""
    if _SMALL_HEAP:
        from core.loop import drop_modules
        names = [m for m in sys.modules if m.startswith("core.games.")]
        names.sort(key=lambda m: -m.count("."))     # a package after its modules
        drop_modules(names)
        gc.collect()


def player_words(s):
    """Why `s` is not a sentence a player should read, or None."""
    if not s or rich.length(s) > CELLS:
        return "does not fit %d cells" % CELLS
    if not ("A" <= s[0] <= "Z" or "1" <= s[0] <= "9"):
        return "does not start as a sentence"
    if "seat" in s.lower() or "ruling" in s.lower():
        return "names a seat or a ruling"
    for i in range(len(s) - 1):
        if s[i] == "-" and "0" <= s[i + 1] <= "9":
            return "names a ruling id"
    i = s.find("^")
    while i >= 0:
        if s[i + 1:i + 2] not in ("S", "H", "D", "C"):
            return "has a mark that draws no suit"
        i = s.find("^", i + 1)
    for w in s.replace(":", " ").replace(",", " ").split(" "):
        if w == w.upper() and len(w) >= 2:
            for deck in _DECKS:
                try:
                    deck.parse(w)
                except ValueError:
                    continue
                return "has the card code %r" % w
    return None


def test_the_checker_refuses_the_old_texts():
    # what issue #16 found on the tables: each is refused, and its replacement passes
    for s in ("6D: seat 0 must follow clubs", "must follow C (ruling T-2): play one of 3C",
              "AS is not adjacent to 9D or QC", "Follow suit: play a club but it is far too long"):
        assert player_words(s) is not None, s
    for s in ("Follow suit: play a club", "A^S does not fit 9^D or Q^C"):
        assert player_words(s) is None, s


def test_every_phase_sentence_fits():
    # a move of another phase is answered with what the player does now: one per phase,
    # and the sweeps below meet only some phases
    from core.games.reds import text as reds_text
    from core.games.speedrun import why as speedrun_why
    from core.games.steppingstones import why as steppingstones_why
    for now in (reds_text._NOW, speedrun_why._NOW, steppingstones_why._NOW):
        for s in (now.values() if isinstance(now, dict) else now):
            assert player_words(s) is None, s


def sweep(make, option_sets, ids, last, policy=None, optional=(R_OTHER,), turns=True):
    """Play games of each option set (make(options, seed)) with random legal moves (or the
    policy's); at each decision try JUNK and 12 of `ids` for the deciding seat and one move
    for a seat that does not decide; check every refusal; return {code: a sentence} once
    FIRST_REASON..last, R_OVER and R_TURN (if `turns`: Speed has no turns) have all come
    up (fails after 12 games of each option set)."""
    want = set(range(FIRST_REASON, last + 1)) | ({R_OVER, R_TURN} if turns else {R_OVER})
    want -= set(optional)
    during = want - {R_OVER}
    seen = {}

    def refuse(g, seat, a):
        r = g.reason(seat, a)
        if r is None:
            return
        code, message, sentence = r
        assert code in want or code in optional, (code, message)
        assert message == g.check(seat, a)       # the engine's text, as before
        bad = player_words(sentence)
        assert bad is None, "%s: %r %s (for %r)" % (g.NAME, sentence, bad, message)
        seen[code] = sentence

    rng = Prng(7)
    for seed in range(12):
        for options in option_sets:
            g = None
            if _SMALL_HEAP:
                gc.collect()    # one game at a time
            g = make(options, seed)
            steps = 0
            while not g.is_over() and steps < 5000:
                steps += 1
                movers = g.to_move()
                seat = movers[0]
                if not during.issubset(seen):
                    for s in (movers[:1] if turns else (0, 1)):   # Speed: a seat that
                        for a in JUNK:                            # cannot play too
                            refuse(g, s, a)
                        for k in range(12):     # a sample: little garbage per decision
                            refuse(g, s, ids[rng.below(len(ids))])
                    for s in range(g.n_players if turns else 0):
                        if s not in movers:
                            refuse(g, s, ids[0])
                            break
                    if _SMALL_HEAP:
                        gc.collect()    # the messages' garbage would split the heap
                legal = g.legal_actions(seat)
                a = policy(g, seat, legal) if policy else None
                g.apply(seat, legal[rng.below(len(legal))] if a is None else a)
            if g.is_over():
                refuse(g, 0, ids[0])
            if want.issubset(seen):
                return seen
    assert False, "%s: reasons never refused: %r" % (g.NAME, sorted(want - set(seen)))


def test_speedrun_refusals():
    _one_game_loaded()
    from core.games.speedrun.rules import SpeedRun
    from core.games.speedrun.why import LAST_REASON
    g = SpeedRun({}, 0)
    seen = sweep(SpeedRun, ({"reveal": True},),
                 list(g.all_action_ids()), LAST_REASON)
    assert seen[R_TURN] == "Wait for your turn"
    assert seen[R_OVER] == "The game is over"
    assert seen[7].startswith("Follow suit: play a ")


def test_steppingstones_refusals():
    _one_game_loaded()
    from core.games.steppingstones.rules import PASS, SteppingStones
    from core.games.steppingstones.why import LAST_REASON

    def passing(g, seat, legal):     # every second hand, all pass: the puddle (SS-3)
        return PASS if PASS in legal and g.hand_no % 2 else None
    g = SteppingStones({}, 0)
    sweep(SteppingStones, ({"contracts": "advanced", "redo": True}, {"redo": False}),
          list(g.all_action_ids()), LAST_REASON, passing)


def test_reds_refusals():
    _one_game_loaded()
    from core.games.reds.rules import BID, BID_SEALED, Reds
    from core.games.reds.text import LAST_REASON

    def sealing(g, seat, legal):     # hidden bids sealed, opened after the last trick
        return BID_SEALED if g.hidden and g.phase == BID else None

    def make(options, seed):
        g = Reds(options, seed)
        if g.hidden:
            Reds.prepare_link()
        return g
    g = Reds({}, 0)
    seen = sweep(make, ({"players": 3}, {"players": 4, "hidden_bids": True}),
                 list(g.all_action_ids()) + [70, 300, BID_SEALED], LAST_REASON, sealing)
    assert seen[12].startswith("Follow suit: play a ")


def test_speed_refusals():
    _one_game_loaded()
    from core.games.speed.rules import Speed
    from core.games.speed.text import all_action_ids
    from core.games.speed.why import LAST_REASON
    seen = sweep(Speed, ({}, {"stand_still_spit": True}, {"winner_yells_spit": True},
                         {"count_down_only": True, "winner_yells_spit": True,
                          "stand_still_spit": True}),
                 list(all_action_ids()), LAST_REASON, optional=(R_OTHER, 5), turns=False)
    assert " does not fit " in seen[12]
    # Spit by a seat that has emptied hand and draw without Winner Yells Spit: the engine
    # ends the round at that play (SP-6), so only a state set by hand shows the reason.
    from core.games.speed.defs import SPIT
    g = Speed({}, 1)
    g.n_hand[0] = g.n_draw[0] = 0
    r = g.reason(0, SPIT)
    assert r[0] == 5 and player_words(r[2]) is None
