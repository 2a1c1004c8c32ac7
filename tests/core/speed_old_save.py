"""A Speed save written by the firmware before saves held one round (commit 83d62b4):
the whole match so far, options {"target": 100}, seed 21, three rounds played by the fixed chooser of
tests/core/test_speed_save.py (play_round), saved at the end of round 3.  Generated once;
kept so that saves already on devices keep loading (tests/core/test_speed_save.py)."""

SAVE = (
    b'PCSAVE 1 3\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club"]}}'
    b'\n{"record": 1, "game": "speed", "seed": 21, "options": {"count_down_only'
    b'": false, "stand_still_spit": false, "winner_yells_spit": false, "spit_p'
    b'ile_stalemate": false, "scoring": "default", "auto_points": 25, "target"'
    b': 100}}\n{"t": [120, 277, 471, 702, 970, 1090, 1247, 1441, 1672, 1940, 20'
    b'60, 2217, 2411, 2642, 2910, 3030, 3187, 3381, 3612, 3880, 4000, 4157, 43'
    b'51, 4582, 4850, 4970, 5127, 5321, 5552, 5820, 5940, 157, 351, 582, 850, '
    b'970, 1127, 1321, 1552, 1820, 1940, 2097, 2291, 2522, 2790, 2910, 3067, 3'
    b'261, 3492, 3760, 3880, 4037, 4231, 4462, 4730, 4850, 5007, 5201, 5432, 5'
    b'700, 5820, 5977, 194, 425], "m": [48, 69, 18, 295, 20, 101, 99, 86, 312,'
    b' 353, 67, 5, 0, 376, 71, 118, 105, 340, 75, 333, 43, 54, 24, 288, 9, 363'
    b', 2, 269, 267, 278, 113, 277, 368, 302, 339, 260, 105, 326, 7, 9, 295, 3'
    b'57, 67, 289, 121, 353, 313, 257, 355, 65, 259, 325, 44, 365, 74, 367, 49'
    b', 307, 268, 78, 22, 371, 101, 276]}\n{"t": [693, 813, 970, 1164, 1395, 16'
    b'63, 1783, 1940, 2134, 2365, 2633, 2753, 2910, 3104, 3335, 3603, 3723, 38'
    b'80, 4074, 4305, 4573, 4693, 4850, 5044, 5275, 5543, 5663, 5820, 6014, 62'
    b'45, 6513, 6633, 6790, 6984, 7215], "m": [342, 312, 96, 279, 53, 340, 48,'
    b' 321, 76, 330, 72, 301, 11, 269, 38, 296, 358, 367, 81, 307, 4, 354, 113'
    b', 288, 34, 271, 109, 256, 24, 310, 107, 265, 7, 88, 374]}\n#END 1342 6794'
    b'800c\n'
)

# The position right after loading: round, scores, rounds won, PRNG state, clock,
# [hand, draw, spit] of each seat, the two centre piles.
AT_LOAD = [4, [44, 44], [1, 2], [122331247, 539079270], 0, [[[0, 35, 3, 38, 50], [60, 37, 57, 28, 5, 51, 19, 56, 52, 23, 20, 7, 36, 41, 33], [2, 10, 11, 54, 16]], [[8, 42, 26, 18, 58], [25, 22, 43, 27, 32, 21, 53, 59, 9, 6, 17, 4, 55, 12, 34], [1, 48, 24, 44, 39]]], [[49], [40]]]

ACTIONS = 99             # actions in the save (the whole match so far)
LAST_ROUND = {'round': 3, 'winner': 1, 'reason': 'emptied', 'points': 16, 't_ms': 7215, 'cards_left': [3, 0], 'respits': 0, 'standstills': 5}

# The old firmware played on from the save to the end of the match:
FINAL_ROUND = 9
FINAL = {'scores': [98, 100], 'ranking': [1, 0], 'winners': [1], 'tiebreak': 'Seat 1 wins on points, 100 to 98.', 'rounds_won': [4, 5], 'round_limit': False}
FINAL_POSITION = [9, [98, 100], [4, 5], [699549119, 967386148], 6633, [[[1, 19, 21, 32, 10], [40], [11]], [[], [], [39]]], [[22, 37, 38, 42, 59, 57, 56, 41, 36, 53, 54, 7, 6], [25, 58, 9, 26, 27, 12, 43, 55, 24, 23, 8, 4, 51, 20, 5, 52, 3, 34, 49, 16, 60, 50, 33, 2, 17, 48, 44, 0, 28, 18, 35]]]
