"""Property tests: the resolver agrees with a slow, obviously-correct reference."""
from hypothesis import given, settings, strategies as st

from core.cards import SPEEDRUN_DECK, REDS_DECK, SPEED_DECK, hand_from_cards, hand_cards, new_hand
from core.trick import FOLLOW, MAY_TRUMP, MUST_BEAT, NO_SUIT, TrickResolver


def ref_strength(card, low):
    r = card & 15
    return -r if low else r


def ref_winner(plays, trump, anti, low):
    """Index of the winning play, written straight from the rules (T-2, R-1, R-2)."""
    led = plays[0] >> 4
    trumps = [i for i, c in enumerate(plays) if c >> 4 == trump]
    if trumps:
        return max(trumps, key=lambda i: ref_strength(plays[i], low))
    if anti != NO_SUIT and led == anti:
        neutral = [i for i, c in enumerate(plays) if c >> 4 not in (trump, anti)]
        if neutral:
            return max(neutral, key=lambda i: ref_strength(plays[i], low))
    followers = [i for i, c in enumerate(plays) if c >> 4 == led]
    return max(followers, key=lambda i: ref_strength(plays[i], low))


def ref_legal(hand, plays, trump, mode, low):
    if not plays:
        return set(hand)
    led = plays[0] >> 4
    follow = [c for c in hand if c >> 4 == led]
    if not follow:
        return set(hand)
    if mode == MAY_TRUMP and trump not in (NO_SUIT, led):
        return set(follow) | {c for c in hand if c >> 4 == trump}
    if mode == MUST_BEAT:
        best = plays[ref_winner(plays, trump, NO_SUIT, low)]
        if best >> 4 == led:
            beating = [c for c in follow if ref_strength(c, low) > ref_strength(best, low)]
            if beating:
                return set(beating)
    return set(follow)


@st.composite
def trick_case(draw):
    deck = draw(st.sampled_from((SPEEDRUN_DECK, REDS_DECK, SPEED_DECK)))
    n = draw(st.integers(2, 6))
    cards = draw(st.permutations(list(deck.cards())))
    k = draw(st.integers(0, n - 1))
    plays = cards[:k]
    hand = cards[k:k + draw(st.integers(1, 8))]
    trump = draw(st.sampled_from(list(range(deck.n_suits)) + [NO_SUIT]))
    if deck is REDS_DECK:
        trump = 0
        anti = draw(st.sampled_from((1, 2, NO_SUIT)))
        mode = FOLLOW
        low = False
    else:
        anti = NO_SUIT
        mode = draw(st.sampled_from((FOLLOW, MUST_BEAT, MAY_TRUMP)))
        low = draw(st.booleans())
    return deck, n, plays, hand, trump, anti, mode, low


@settings(max_examples=1500, deadline=None)
@given(trick_case())
def test_resolver_matches_reference(case):
    deck, n, plays, hand, trump, anti, mode, low = case
    r = TrickResolver(n, deck.n_ranks)
    r.set_rules(trump, anti, mode)
    r.start(low)
    for i, c in enumerate(plays):
        r.play(i, c)
    out = new_hand()
    r.legal_masks(hand_from_cards(hand), out)
    assert set(hand_cards(out)) == ref_legal(hand, plays, trump, mode, low)
    if plays:
        assert r.winner_index() == ref_winner(plays, trump, anti, low)
