"""Speed rules SP-5, SP-7, SP-8, SP-10 and the variants, one named test per point."""
from core.cards import SPEED_DECK
from core.game import IllegalAction
from core.games.speed.rules import Speed, SpeedRecorded, SPIT, MAX_RESPITS
from core.games.speed.bots import VirtualTable, RandomBot
from core.games.speed.defs import TimedLog
from test_speed_support import (card, position, load_layout, hand_labels, top_labels,
                                assert_all_cards_accounted, every_card, round_position)


def play(game, t, seat, text):
    game.apply_at(t, seat, game.parse_action(text))


def labels(game, seat):
    return [game.action_label(a) for a in game.legal_actions(seat)]


def seat_cards(game, seat):
    out = [game.hand[seat][k] for k in range(game.n_hand[seat])]
    out += [game.draw[seat][k] for k in range(game.n_draw[seat])]
    out += [game.spit[seat][k] for k in range(game.n_spit[seat])]
    return out


# Both seats stuck on 2C / 9D with empty spit piles: the stand-still needs a re-spit.
_STUCK_HANDS = ("KS QS JS 5S 6S", "KH QH JH 6H 7H")
_STUCK_DRAWS = ("4S 4H 5H", "7S 6C")


def _stuck(options=None, cls=Speed):
    return position(_STUCK_HANDS, ("2C", "9D"), draws=_STUCK_DRAWS, options=options, cls=cls)


# -- SP-5 spit piles used up ----------------------------------------------------------------
def test_sp5_respit_from_own_cards():
    g = _stuck()
    respits = [e for e in g.events if e[0] == "respit"]
    assert respits[0] == ("respit", 0, 1, 5, 5)    # 8 and 7 cards: spit piles of min(5, n-1)
    flips = [e for e in g.events if e[0] == "flip"]
    assert flips[0][2] == 0 and flips[0][3] & 1 == 1 and flips[1][2] == 1 and flips[1][3] & 1 == 0
    own0 = set([card(t) for t in (_STUCK_HANDS[0] + " " + _STUCK_DRAWS[0]).split()])
    own1 = set([card(t) for t in (_STUCK_HANDS[1] + " " + _STUCK_DRAWS[1]).split()])
    # every card stays with its owner, except what was flipped or played onto the centre
    for seat, own in ((0, own0), (1, own1)):
        for c in seat_cards(g, seat):
            assert c in own
    played = [e[3] >> 1 for e in g.events if e[0] in ("flip", "play")]
    assert set(seat_cards(g, 0)) | set(seat_cards(g, 1)) | set(played) == own0 | own1
    assert_all_cards_accounted(g)


def test_sp5_respit_never_puts_the_last_card_in_the_spit_pile():
    # One card each: the re-spit deals empty spit piles, so the stand-still is unbreakable.
    g = position(("KS", "KH"), ("2C", "9D"))
    assert [e for e in g.events if e[0] == "respit"] == [("respit", 0, 1, 0, 0)]
    assert g.is_over()
    r = g.result()["rounds"][0]
    assert r["reason"] == "unbreakable" and r["winner"] is None   # ruling SP-10: equal counts
    assert g.result()["winners"] == [] and g.result()["scores"] == [0, 0]


def test_sp5_two_cards_give_a_spit_pile_of_one():
    g = position(("KS QS", "KH"), ("2C", "9D"))
    assert [e for e in g.events if e[0] == "respit"][0] == ("respit", 0, 1, 1, 0)
    assert_all_cards_accounted(g)


def test_sp5_the_respit_standstill_still_flips_when_a_new_hand_could_play():
    """SP-5: the re-spit does not end its stand-still: the flip follows at once, even when
    the new hands could play, and with Stand Still Spit no new presses are needed."""
    class Probe(Speed):
        def _respit(self):
            Speed._respit(self)
            self.playable_after_respit = self.can_play(0) or self.can_play(1)
    # As _STUCK, but seat 0 draws a 3S: a new hand holding it fits the 2C.
    layout = {"hands": _STUCK_HANDS, "draws": ("4S 3S 5H", "7S 6C"), "tops": ("2C", "9D")}
    tried = 0
    for seed in range(40):
        g = Probe({"stand_still_spit": True}, seed, lambda game: load_layout(game, layout))
        g.apply_at(100, 0, SPIT)
        g.apply_at(110, 1, SPIT)                     # both stuck and pressed: SP-8
        if not g.playable_after_respit:
            continue
        tried += 1
        kinds = [e[0] for e in g.events if e[0] in ("respit", "standstill", "flip")]
        assert kinds == ["respit", "standstill", "flip", "flip"]
        assert g.standstills == 1 and g.called == [False, False]
    assert tried > 0          # some shuffle dealt a playable hand: the case was exercised


def test_sp5_spit_pile_stalemate_variant():
    g = _stuck({"spit_pile_stalemate": True})
    assert g.is_over()
    assert [e for e in g.events if e[0] == "respit"] == []
    r = g.result()
    assert r["rounds"][0]["reason"] == "stalemate" and r["rounds"][0]["winner"] is None
    assert r["winners"] == [] and r["scores"] == [0, 0]
    assert "No winner" in r["tiebreak"]
    assert hand_labels(g, 0) == _STUCK_HANDS[0].split()    # nothing was re-dealt


# -- SP-10 bounded rounds ----------------------------------------------------------------------
def test_sp10_no_stand_still_while_an_emptied_player_may_yell():
    # Winner Yells Spit: seat 1 emptied but has not yelled; seat 0 is stuck.  The yell is
    # still to come, so neither a flip nor a re-spit (nor SP-10) decides the round.
    g = position(("KS", ""), ("2C", "9D"), spits=("5D", "6D"), options={"winner_yells_spit": True})
    assert not g.is_over() and g.standstills == 0 and g.to_move() == (1,)
    g.apply_at(700, 1, SPIT)
    r = g.result()
    assert r["winners"] == [1] and r["scores"] == [0, 10]     # SP-7: the loser's king


def test_sp10_respit_limit_is_twenty():
    assert MAX_RESPITS == 20 and Speed.RESPIT_LIMIT == 20


def test_sp10_the_last_allowed_respit_is_played_out():
    """SP-10 (as ruled now): the round ends at the stand-still that would need one re-spit
    more than allowed; the last allowed re-spit is played out (its flip and plays)."""
    class OneRespit(Speed):
        RESPIT_LIMIT = 1
    # Two cards each, no two of K, 5, 9, 2 adjacent: after the re-spit (spit 1, hand 1) and
    # its flip, the seats are stuck again with empty spit piles and would need a 2nd re-spit.
    g = position(("KS 5S", "9H 2H"), ("2C", "9D"), cls=OneRespit)
    kinds = [e[0] for e in g.events if e[0] in ("respit", "flip", "standstill")]
    assert kinds == ["respit", "standstill", "flip", "flip", "standstill"]   # played out
    assert g.is_over()
    r = g.result()["rounds"][0]
    assert r["reason"] == "respit limit" and r["respits"] == 1
    assert r["cards_left"] == [1, 1] and r["winner"] is None     # equal counts: no winner
    # With the rulebook's limit of 20 the same stand-still re-spits again instead.
    g = position(("KS 5S", "9H 2H"), ("2C", "9D"))
    assert [e[0] for e in g.events].count("respit") == 2


# -- SP-7 scoring ---------------------------------------------------------------------------
def _win_for_seat0(options=None):
    g = position(("3H", "KS QS 5D 6H 7C"), ("2C", "9D"), draws=("", "4S 4D"), options=options)
    play(g, 1200, 0, "3H>L")
    assert g.is_over()
    return g.result()


def test_sp7_default_scoring_face_value_of_losers_hand():
    r = _win_for_seat0()
    assert r["scores"] == [10 + 10 + 5 + 6 + 7, 0]     # the draw pile does not count
    assert r["winners"] == [0] and r["ranking"] == [0, 1]
    assert r["rounds"][0]["points"] == 38


def test_sp7_one_point_score():
    r = _win_for_seat0({"scoring": "one_point"})
    assert r["scores"] == [7, 0]                       # 5 in hand + 2 in the draw pile


def test_sp7_automatic_points():
    assert _win_for_seat0({"scoring": "automatic"})["scores"] == [25, 0]
    assert _win_for_seat0({"scoring": "automatic", "auto_points": 50})["scores"] == [50, 0]


def test_sp7_face_values():
    from core.games.speed.rules import FACE_VALUE
    assert [FACE_VALUE[r] for r in range(13)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_sp7_match_to_a_target_score():
    g = Speed({"scoring": "automatic", "target": 50}, 4251)
    VirtualTable(g, [RandomBot(11, 100, 900), RandomBot(12, 100, 900)], 4251).run()
    r = g.result()
    assert max(r["scores"]) == 50 and r["round_limit"] is False
    assert r["scores"][0] % 25 == 0 and r["scores"][1] % 25 == 0
    assert g.round_no >= 3 and [x["round"] for x in r["rounds"]] == [g.round_no]
    assert r["winners"] == [r["ranking"][0]]
    # the log keeps one round (device heap), actions and events; the last round's
    # summary stays in `rounds`
    deals = [e for e in g.events if e[0] == "deal"]
    assert g.events[0] == deals[0] and deals[0][1] == g.round_no and len(deals) == 1
    assert g.events[-1][0] == "round_end" and g.events_dropped > 0
    first, n = g.round_actions()
    assert first == 0 and n == len(g.timed_history) > 0 and g.actions_dropped > 0
    # the same match kept whole (SpeedRecorded): every round's summary, and each round's
    # clock starts at 0 (time stamps drop back when a round begins)
    w = SpeedRecorded({"scoring": "automatic", "target": 50}, 4251)
    VirtualTable(w, [RandomBot(11, 100, 900), RandomBot(12, 100, 900)], 4251).run()
    assert round_position(w) == round_position(g)
    assert len(w.rounds) == w.round_no == g.round_no and w.rounds[-1] == r["rounds"][0]
    assert len(w.timed_history) == g.actions_dropped + len(g.timed_history)
    wfirst, wn = w.round_actions()
    assert wn == n and wfirst == g.actions_dropped
    assert [w.timed_history[wfirst + k] for k in range(n)] == list(g.timed_history)
    times = [t for t, seat, action in w.timed_history]
    assert len([k for k in range(1, len(times)) if times[k] < times[k - 1]]) >= 2


def test_sp7_one_point_match_plays_to_its_target():
    # SP-7: a match is played to its target.  1 Point Score makes a few points a round:
    # 100 takes dozens of rounds, more than the 50 a linked match stopped at before #18
    g = Speed({"scoring": "one_point", "target": 100}, 1)
    VirtualTable(g, [RandomBot(11, 100, 900), RandomBot(12, 100, 900)], 1).run()
    r = g.result()
    assert g.over and max(r["scores"]) >= 100 and g.round_no > 50, (g.round_no, r)
    assert r["round_limit"] is False and not r["tiebreak"].startswith("Stopped")
    assert r["winners"] == [r["ranking"][0]] and r["scores"][r["ranking"][0]] >= 100
    assert sum(r["rounds_won"]) <= g.round_no
    assert [x["round"] for x in r["rounds"]] == [g.round_no]
    # one round kept: its actions only, in the chunks the longest round needed
    assert g.actions_dropped > 30 * 50 and len(g.timed_history) < 200
    assert len(g.timed_history.times) <= 4


def test_timed_log_clear_keeps_its_chunks_and_reads_back_the_new_entries():
    log = TimedLog()
    for i in range(150):
        log.append((i * 10, i & 1, i & 0x7F))
    chunks = log.times[:]
    log.clear()
    assert len(log) == 0 and list(log) == []
    for i in range(70):
        log.append((i, 1, 3))
    assert log.times[:] == chunks               # the same three chunks, none added
    assert list(log) == [(i, 1, 3) for i in range(70)] and log[-1] == (69, 1, 3)
    assert list(log.pair_words(68)) == [259, 259] and list(log.time_stamps(69)) == [69]
    for i in range(70, 200):
        log.append((i, 0, 1))
    assert len(log.times) == 4 and log[199] == (199, 0, 1) and log[64] == (64, 1, 3)


def test_sp7_a_whole_match_record_plays_to_the_target_too():
    # issue #18 item 1: SpeedRecorded (whole-match records; before, the link's Speed) stopped
    # after 50 rounds, short of the target; it now plays the same match as Speed.  Target
    # 100 with 1 Point Score: more than 50 rounds, and a whole match's log still fits the
    # MicroPython runs' heap (the 500-point match: tests/core/test_link_speed_match.py)
    g = SpeedRecorded({"scoring": "one_point", "target": 100}, 1)
    VirtualTable(g, [RandomBot(11, 100, 900), RandomBot(12, 100, 900)], 1).run()
    r = g.result()
    assert g.over and g.round_no > 50 and max(r["scores"]) >= 100
    assert r["round_limit"] is False and not r["tiebreak"].startswith("Stopped")
    assert len(r["rounds"]) == g.round_no and g.actions_dropped == 0
    d = Speed({"scoring": "one_point", "target": 100}, 1)
    VirtualTable(d, [RandomBot(11, 100, 900), RandomBot(12, 100, 900)], 1).run()
    assert d.result()["scores"] == r["scores"] and d.round_no == g.round_no
    assert d.result()["rounds"] == r["rounds"][-1:]


def test_sp7_default_match_is_one_round():
    g = Speed(None, 5)
    VirtualTable(g, [RandomBot(1, 100, 900), RandomBot(2, 100, 900)], 5).run()
    assert g.round_no == 1 and len(g.result()["rounds"]) == 1


# -- SP-8 signals ------------------------------------------------------------------------------
def _signal_position():
    return position(("KS", "3H 5H"), ("2C", "9D"), spits=("7C 4C", "JD"),
                    options={"stand_still_spit": True})


def test_sp8_stand_still_spit_needs_both_calls():
    g = _signal_position()
    assert labels(g, 0) == ["spit"] and labels(g, 1) == ["3H>L"]
    try:
        g.apply_at(50, 1, SPIT)
        assert False, "Spit accepted from a player who can play"
    except IllegalAction as exc:
        assert str(exc) == "no stand-still: you can still play 3H>L"
    g.apply_at(100, 0, SPIT)
    assert g.called == [True, False] and g.observation(1)["spit_called"] == [True, False]
    play(g, 200, 1, "3H>L")
    assert g.standstills == 0 and top_labels(g) == ["3H", "9D"]   # no automatic flip
    assert labels(g, 0) == [] and labels(g, 1) == ["spit"]
    try:
        g.apply_at(250, 0, SPIT)
        assert False
    except IllegalAction as exc:
        assert "already called" in str(exc)
    g.apply_at(300, 1, SPIT)
    assert g.standstills == 1 and top_labels(g) == ["JD", "7C"] and g.called == [False, False]
    # still stuck: a second stand-still needs two new calls
    assert labels(g, 0) == ["spit"] and labels(g, 1) == ["spit"]
    g.apply_at(400, 1, SPIT)
    g.apply_at(450, 0, SPIT)
    assert g.standstills == 2 and top_labels(g) == ["JD", "4C"]
    assert labels(g, 1) == ["5H>R"]
    assert_all_cards_accounted(g)


def test_sp8_a_press_stands_while_its_player_stays_stuck():
    """SP-8: the other player's play does not cancel a press while the presser is stuck."""
    g = _signal_position()
    g.apply_at(100, 0, SPIT)
    play(g, 200, 1, "3H>L")
    assert labels(g, 0) == [] and g.called == [True, False]   # seat 0 still stuck: stands
    g.apply_at(300, 1, SPIT)
    assert g.standstills == 1                                  # seat 0 needed no new press


def test_sp8_spit_call_lapses_when_the_caller_can_play_again():
    g = position(("KS 4S", "3H 4H"), ("2C", "9D"), spits=("7C", "JD"),
                 options={"stand_still_spit": True})
    g.apply_at(100, 0, SPIT)
    assert g.called[0]
    play(g, 200, 1, "3H>L")             # 4S now fits 3H
    assert g.called == [False, False]
    assert labels(g, 0) == ["4S>L"]


def test_sp8_without_stand_still_spit_the_button_is_refused():
    g = position(("KS", "3H 5H"), ("2C", "9D"), spits=("7C 4C", "JD"))
    try:
        g.apply_at(10, 0, SPIT)
        assert False
    except IllegalAction as exc:
        assert "Stand Still Spit" in str(exc)


def test_sp8_winner_yells_spit_early_spit_is_refused_with_the_reason():
    # Ruling SP-8, Winner Yells Spit without Stand Still Spit: the button is the winner's
    # yell, so a seat that has not emptied hand and draw is told that (not that the
    # variant is off).
    g = position(("KS", "3H 5H"), ("2C", "9D"), spits=("7C 4C", "JD"),
                 options={"winner_yells_spit": True})
    try:
        g.apply_at(10, 0, SPIT)
        assert False
    except IllegalAction as exc:
        why = str(exc)
    assert "emptied" in why and "only for" not in why, why
    assert g.n_hand[0] == 1 and g.observation(0)["spit_called"] == [False, False]


def test_sp8_winner_yells_spit_the_yell_wins():
    g = position(("3H", "10S 4S KS"), ("2C", "9D"), options={"winner_yells_spit": True})
    play(g, 100, 0, "3H>L")
    assert not g.is_over()
    assert labels(g, 0) == ["spit"] and g.observation(1)["emptied"] == [True, False]
    play(g, 150, 1, "10S>R")            # the opponent may go on playing
    g.apply_at(400, 0, SPIT)
    assert g.is_over()
    r = g.result()
    assert r["winners"] == [0] and r["rounds"][0]["reason"] == "yelled" and r["scores"] == [14, 0]


def test_sp8_winner_yells_spit_opponent_empties_and_yells_first():
    g = position(("3H", "10S 4S"), ("2C", "9D"), options={"winner_yells_spit": True})
    play(g, 100, 0, "3H>L")             # seat 0 empties first but does not yell
    play(g, 200, 1, "10S>R")
    play(g, 300, 1, "4S>L")
    assert not g.is_over() and labels(g, 1) == ["spit"]
    g.apply_at(350, 1, SPIT)
    r = g.result()
    assert g.is_over() and r["winners"] == [1] and r["rounds"][0]["reason"] == "yelled"
    assert r["scores"] == [0, 0] and r["rounds_won"] == [0, 1]   # nothing left in seat 0's hand
    assert "more rounds" in r["tiebreak"]
