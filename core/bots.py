"""Baseline bots that every game shares.  A bot sees only its seat's observation."""
from core.prng import Prng


def legal_of(obs):
    """The legal actions of the observing seat; a bot asked to move without any is a bug
    in the caller, reported clearly."""
    legal = obs["legal"]
    if not legal:
        raise ValueError("no legal action for seat %d" % obs["seat"])
    return legal


class RandomBot:
    """Picks uniformly among the legal actions listed in the observation."""

    def __init__(self, seed=0):
        self.rng = Prng(seed)

    def choose(self, obs):
        legal = legal_of(obs)
        return legal[self.rng.below(len(legal))]
