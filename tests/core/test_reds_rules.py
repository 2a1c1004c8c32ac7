"""Reds rulebook examples and rulings R-1, R-2, R-3, R-7, R-8: scoring, trick winners on
stacked deals, options.  Runs on CPython and both MicroPython ports."""
from core.cards import REDS_DECK, RANK_MASK
from core.games.reds.rules import Reds, round_points
from test_reds_kit import by_position, cards, deal_for, reach_play, stacked


# -- the rulebook's scoring examples ------------------------------------------------------
def test_score_bid_2_took_4_is_8():
    assert round_points(2, 4) == 8      # (2 x 3) + 1 + 1


def test_score_bid_3_took_3_is_14():
    assert round_points(3, 3) == 14     # (3 x 3) + 5


def test_score_nil_made_is_5():
    assert round_points(0, 0) == 5      # (0 x 3) + 5


def test_score_bid_3_took_2_is_2():
    assert round_points(3, 2) == 2      # 1 per trick taken


def test_score_nil_missed_and_full_table():
    assert round_points(0, 2) == 2      # over a nil bid: 0 x 3 + 1 per trick over
    for bid in range(6):
        for took in range(6):
            p = round_points(bid, took)
            if took > bid:
                assert p == 3 * bid + took - bid
            elif took == bid:
                assert p == 3 * bid + 5
            else:
                assert p == took


# -- trick winners on stacked deals (ruling R-1 via the shared resolver) -----------------
def _first_trick(hands_from_leader, turned, plays, players=3):
    """Deal `hands_from_leader` (after the round-1 pass of 4 cards left), play the first
    trick's cards (one per seat from the leader on) and return (game, winner position)."""
    opts = {"players": players}
    final, lead = by_position(opts, 11, [cards(h) for h in hands_from_leader])
    g = stacked(opts, 11, [(deal_for(final, 4, 1), cards(turned))])
    reach_play(g, final)
    assert g.to_move() == (lead,)
    for i, c in enumerate(cards(plays)):
        g.apply((lead + i) % players, c)
    ev = g.events[-1]
    assert ev[0] == "trick" and ev[1] == 1
    winner = ev[2]
    assert g.tricks[winner] == 1 and g.to_move() == (winner,)   # ruling T-1
    return g, (winner - lead) % players


def test_anti_trump_led_and_won_by_anti_trump():
    # ruling R-1: anti-trump led and nobody plays another suit -> highest anti-trump wins.
    g, pos = _first_trick(["5S 4C 5C 6C 7C", "9S 8C 9C 10C JC", "7S QC KC AC 2C"], "3D 2S",
                          "5S 9S 7S")
    assert g.anti == 1 and pos == 1


def test_anti_trump_led_and_won_by_neutral_card():
    # ruling R-1: a neutral card beats every anti-trump card when anti-trump was led.
    g, pos = _first_trick(["5S 4D 5D 6D 7D", "3C 4C 5C 6C 7C", "9S 8C 9C 10C JC"], "2S",
                          "5S 3C 9S")
    assert pos == 1


def test_anti_trump_led_and_won_by_trump():
    # ruling R-1: highest trump wins if any trump was played.
    g, pos = _first_trick(["5S 6S 7S 8S 9S", "2D 3C 4C 5C 6C", "AC KC QC JC 10C"], "2S",
                          "5S 2D AC")
    assert pos == 1


def test_neutral_led_with_anti_trump_discards():
    # Anti-trump never wins a trick it did not lead: the led 4C beats a discarded AS.
    g, pos = _first_trick(["4C 5D 6D 7D 8D", "AS KS QS JS 10S", "2C 3C 5C 6C 7C"], "2S",
                          "4C AS 2C")
    assert pos == 0


def test_clubs_anti_trump_after_turned_diamond():
    # every turned card is public (log and every observation); clubs are anti-trump.
    g, pos = _first_trick(["3S 2D 5D 6D 7D", "AC KC QC JC 10C", "2S 8C 7C 6C 5C"], "4D 9C",
                          "3S AC 2S")
    assert pos == 0 and g.anti == 2
    turns = [e[1] for e in g.events if e[0] == "turn"]
    assert turns == cards("4D 9C")
    for s in range(3):
        obs = g.observation(s)
        assert obs["anti"] == "C" and obs["turned"] == cards("4D 9C")


def test_no_anti_trump_when_only_diamonds_remain():
    # ruling R-2: six players, the nine undealt cards are all diamonds: no anti-trump, both
    # black suits are plain.  Spades led: AC (off suit) cannot win; highest spade wins.
    hands = ["5S 2S 3S 4S 6S", "AC KC QC JC 10C", "9S 9C 8C 7C 6C",
             "5C 4C 3C 2C AD", "7S 8S 10S JS QS", "KS AS KD QD JD"]
    g, pos = _first_trick(hands, "2D 3D 4D 5D 6D 7D 8D 9D 10D", "5S AC 9S 5C 7S KS", 6)
    assert pos == 5
    assert [e for e in g.events if e[0] == "anti"][-1] == ("anti", None)
    assert len([e for e in g.events if e[0] == "turn"]) == 9
    assert g.observation(0)["anti"] is None


def test_trump_led_must_be_followed():
    # ruling T-2: trump may be led; followers holding trump must play it.
    opts = {"players": 3}
    final, lead = by_position(opts, 11, [cards(h) for h in (
        "AD 2C 3C 4C 5C", "2D AS 6C 7C 8C", "9S 10S JS QS KS")])
    g = stacked(opts, 11, [(deal_for(final, 4, 1), cards("3S"))])
    reach_play(g, final)
    g.apply(lead, cards("AD")[0])
    nxt = (lead + 1) % 3
    assert g.legal_actions(nxt) == cards("2D")
    g.apply(nxt, cards("2D")[0])
    assert len(g.legal_actions((lead + 2) % 3)) == 5     # void in trump: any card


# -- set-up: first dealer, options, partnerships (R-7) ------------------------------
def test_first_dealer_drawn_highest_with_redraws():
    for n in (2, 3, 6):
        for seed in range(30):
            g = Reds({"players": n}, seed)
            draws = [e for e in g.events if e[0] == "draw"]
            assert [e[1] for e in draws[:n]] == list(range(n))
            # Replay the draw: the tied highest draw again until one is highest.
            drawers = list(range(n))
            i = 0
            while True:
                ranks = {}
                for s in drawers:
                    assert draws[i][1] == s
                    ranks[s] = draws[i][2] & RANK_MASK
                    i += 1
                best = max(ranks.values())
                high = [s for s in drawers if ranks[s] == best]
                if len(high) == 1:
                    break
                drawers = high
            assert i == len(draws)
            assert g.dealer == high[0] and ("first_dealer", high[0]) in list(g.events)


def test_options_table_covers_the_rulebook():
    keys = [o.key for o in Reds.OPTIONS]
    assert keys == ["players", "short_game", "hidden_bids", "partnership"]
    assert Reds.OPTIONS[0].choices == (2, 3, 4, 5, 6)
    g = Reds(None, 1)
    assert g.n_players == 4 and g.options["partnership"] is False


def test_partnership_only_with_4_or_6_players():
    for n in (2, 3, 5):
        try:
            Reds({"players": n, "partnership": True}, 1)
        except ValueError as exc:
            assert "4 or 6" in str(exc)
            continue
        assert False, "partnership accepted with %d players" % n
    assert Reds({"players": 4, "partnership": True}, 1).teams() == [[0, 2], [1, 3]]
    assert Reds({"players": 6, "partnership": True}, 1).teams() == [[0, 3], [1, 4], [2, 5]]


def test_action_labels_round_trip():
    g = Reds({"players": 3}, 1)
    ids = g.all_action_ids()
    assert len(ids) == 39 + 6 + 39 + 39 and len(set(ids)) == len(ids)
    for a in ids:
        assert g.parse_action(g.action_label(a)) == a
    assert g.action_label(REDS_DECK.parse("7S")) == "7S"
    assert g.action_label(67) == "bid:3" and g.parse_action("bid:3") == 67
    assert g.parse_action("give:7S") == 128 + REDS_DECK.parse("7S")
    assert g.action_label(192 + REDS_DECK.parse("AD")) == "ungive:AD"
    assert g.action_label(999) == "?999"
    for bad in ("bid:6", "7H", "give:", "pass"):
        try:
            g.parse_action(bad)
        except ValueError as exc:
            assert bad in str(exc)
            continue
        assert False, bad
