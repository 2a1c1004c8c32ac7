"""Times the AI search's pieces on a MicroPython port (docs/ai.md, "Cheaper playouts").

Usage (from the repository root): micropython tests/perf/playout_bench_mp.py GAME POSITIONS REPS
For POSITIONS card decisions near the start of seeded AI-only games (the first three
searches of each game, default level), one sampled deal is set up and timed REPS times
each: a candidate card and the playout to the end of the hand (per card played), a
sample dealt and determinized, a sample dealt alone, restoring the deal and the
utility.  Process CPU time (the unix port's time.clock()), so other jobs sharing the
machine inflate it less than wall time.  Prints one line of microseconds.
"""
import sys
import time

sys.path.insert(0, "")

from core.registry import game_class, make_ai


def main(argv):
    name, want, reps = argv[1], int(argv[2]), int(argv[3])
    options = {"players": 4} if name == "reds" else {}
    cls = game_class(name)
    t_play = t_deal = t_sample = t_load = t_util = 0.0
    cards = 0
    pos = 0
    seed = 1
    while pos < want:
        game = cls(options, seed)
        bots = [make_ai(name, "default", seed * 16 + s) for s in range(game.n_players)]
        got = 0
        while not game.is_over() and got < 3:
            for seat in game.to_move():
                bot = bots[seat]
                bot.start(game.observation(seat))
                m = bot._search
                if m is not None and pos < want:
                    sim = m.sim
                    pimc = m.pimc
                    m.sampler.sample()
                    m.determinize(sim, m.sampler)
                    sim.save(1)
                    n0 = sim.nodes
                    t0 = time.clock()
                    for k in range(reps):
                        sim.load(1)
                        sim.play(pimc.cards[k % pimc.n])
                        sim.playout()
                    t_play += time.clock() - t0
                    cards += sim.nodes - n0
                    t0 = time.clock()
                    for _ in range(reps):
                        m.sampler.sample()
                        m.determinize(sim, m.sampler)
                    t_deal += time.clock() - t0
                    t0 = time.clock()
                    for _ in range(reps):
                        m.sampler.sample()
                    t_sample += time.clock() - t0
                    t0 = time.clock()
                    for _ in range(reps):
                        sim.load(1)
                    t_load += time.clock() - t0
                    t0 = time.clock()
                    for _ in range(reps):
                        m.utility(sim)
                    t_util += time.clock() - t0
                    sim.load(0)   # the search's root, as PIMC saved it
                    pos += 1
                    got += 1
                while True:
                    a = bot.step(4000)
                    if a is not None:
                        break
                game.apply(seat, a)
        seed += 1
    k = 1e6 / (want * reps)
    print("%s us: playout card %.2f, sample+determinize %.1f, sample %.1f, load %.1f, utility %.1f"
          " (%.1f cards a playout)" % (name, t_play * 1e6 / cards, t_deal * k, t_sample * k, t_load * k,
                                      t_util * k, cards / (want * reps)))


main(sys.argv)
