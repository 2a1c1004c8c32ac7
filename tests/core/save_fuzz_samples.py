"""Game saves for tests/core/save_fuzz_kit.py (every game at several points),
written by `python -m tests.core.save_fuzz_kit`; they must load (test_save_fuzz.py)."""
from speed_old_save import SAVE as SPEED_OLD_SAVE   # the same fixture, not a copy

SAMPLES = (
    ('speedrun  @0',
     b'PCSAVE 1 1\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "speedrun", "seed": 3, "options": {"lengt'
     b'h": "short", "boards_short": "12345", "boards_medium": "1234567", "revea'
     b'l": false, "first_start": "random"}}\n#END 241 5b33b24a\n'
     ),
    ('speedrun  @7',
     b'PCSAVE 1 2\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "speedrun", "seed": 3, "options": {"lengt'
     b'h": "short", "boards_short": "12345", "boards_medium": "1234567", "revea'
     b'l": false, "first_start": "random"}}\n{"m": [65, 325, 80, 345, 592, 546, '
     b'40]}\n#END 281 9efc1c57\n'
     ),
    ('speedrun  @40',
     b'PCSAVE 1 3\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "speedrun", "seed": 3, "options": {"lengt'
     b'h": "short", "boards_short": "12345", "boards_medium": "1234567", "revea'
     b'l": false, "first_start": "random"}}\n{"m": [65, 325, 80, 345, 592, 546, '
     b'40, 294, 8, 258, 519, 16, 273, 531, 545, 41, 288, 49, 311, 569, 547, 50,'
     b' 280, 256, 518, 1, 548, 53, 277, 308, 566, 48, 537, 23, 278, 551, 5, 265'
     b', 549, 20]}\n#END 432 4e801c60\n'
     ),
    ('speedrun  @100',
     b'PCSAVE 1 4\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "speedrun", "seed": 3, "options": {"lengt'
     b'h": "short", "boards_short": "12345", "boards_medium": "1234567", "revea'
     b'l": false, "first_start": "random"}}\n{"m": [65, 325, 80, 345, 592, 546, '
     b'40, 294, 8, 258, 519, 16, 273, 531, 545, 41, 288, 49, 311, 569, 547, 50,'
     b' 280, 256, 518, 1, 548, 53, 277, 308, 566, 48, 537, 23, 278, 551, 5, 265'
     b', 549, 20, 259, 322, 581, 82, 336, 595, 7, 260, 518, 2, 265, 568, 306, 5'
     b'64, 55, 32, 295, 548, 272, 532, 23, 3, 257, 531]}\n{"m": [37, 297, 552, 2'
     b'80, 533, 48, 278, 529, 51, 256, 545, 53, 537, 35, 274, 34, 264, 561, 582'
     b', 68, 92, 339, 596, 294, 553, 36, 16, 276, 536, 4, 262, 513, 547, 37, 28'
     b'8, 306]}\n#END 717 1f88d44b\n'
     ),
    ('steppingstones  @1',
     b'PCSAVE 1 1\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "steppingstones", "seed": 5, "options": {'
     b'"contracts": "starter", "redo": false, "first_forehand": "random"}}\n{"m"'
     b': [323]}\n#END 213 260b9301\n'
     ),
    ('steppingstones  @12',
     b'PCSAVE 1 2\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "steppingstones", "seed": 5, "options": {'
     b'"contracts": "starter", "redo": false, "first_forehand": "random"}}\n{"m"'
     b': [323, 335, 258, 515, 7, 18, 275, 535, 516, 34, 257, 565]}\n#END 264 3e4'
     b'07191\n'
     ),
    ('steppingstones  @45',
     b'PCSAVE 1 3\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "steppingstones", "seed": 5, "options": {'
     b'"contracts": "starter", "redo": false, "first_forehand": "random"}}\n{"m"'
     b': [323, 335, 258, 515, 7, 18, 275, 535, 516, 34, 257, 565, 48, 306, 512,'
     b' 40, 262, 276, 529, 16, 307, 564, 54, 39, 289, 544, 36, 294, 547, 312, 5'
     b'20, 24, 311, 517, 37, 305, 533, 22, 576, 67, 80, 8, 260, 512, 533]}\n#END'
     b' 416 b21f32c9\n'
     ),
    ('steppingstones as record lines',
     b'PCSAVE 1 3\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"game": "steppingstones", "options": {"contracts": "starter", '
     b'"first_forehand": "random", "redo": false}, "record": 1, "seed": 5}\n{"ac'
     b'tion": 67, "label": "bid:win_last6", "seat": 1}\n{"action": 79, "label": '
     b'"rank:9high", "seat": 1}\n{"action": 2, "label": "3S", "seat": 1}\n{"actio'
     b'n": 3, "label": "4S", "seat": 2}\n{"action": 7, "label": "8S", "seat": 0}'
     b'\n{"action": 18, "label": "3H", "seat": 0}\n{"action": 19, "label": "4H", '
     b'"seat": 1}\n{"action": 23, "label": "8H", "seat": 2}\n{"action": 4, "label'
     b'": "5S", "seat": 2}\n{"action": 34, "label": "3D", "seat": 0}\n{"action": '
     b'1, "label": "2S", "seat": 1}\n{"action": 53, "label": "6C", "seat": 2}\n{"'
     b'action": 48, "label": "1C", "seat": 0}\n{"action": 50, "label": "3C", "se'
     b'at": 1}\n{"action": 0, "label": "1S", "seat": 2}\n{"action": 40, "label": '
     b'"9D", "seat": 0}\n{"action": 6, "label": "7S", "seat": 1}\n{"action": 20, '
     b'"label": "5H", "seat": 1}\n{"action": 17, "label": "2H", "seat": 2}\n{"act'
     b'ion": 16, "label": "1H", "seat": 0}\n{"action": 51, "label": "4C", "seat"'
     b': 1}\n{"action": 52, "label": "5C", "seat": 2}\n{"action": 54, "label": "7'
     b'C", "seat": 0}\n{"action": 39, "label": "8D", "seat": 0}\n{"action": 33, "'
     b'label": "2D", "seat": 1}\n{"action": 32, "label": "1D", "seat": 2}\n{"acti'
     b'on": 36, "label": "5D", "seat": 0}\n{"action": 38, "label": "7D", "seat":'
     b' 1}\n{"action": 35, "label": "4D", "seat": 2}\n{"action": 56, "label": "9C'
     b'", "seat": 1}\n{"action": 8, "label": "9S", "seat": 2}\n{"action": 24, "la'
     b'bel": "9H", "seat": 0}\n{"action": 55, "label": "8C", "seat": 1}\n{"action'
     b'": 5, "label": "6S", "seat": 2}\n{"action": 37, "label": "6D", "seat": 0}'
     b'\n{"action": 49, "label": "2C", "seat": 1}\n{"action": 21, "label": "6H", '
     b'"seat": 2}\n{"action": 22, "label": "7H", "seat": 0}\n{"action": 64, "labe'
     b'l": "pass", "seat": 2}\n{"action": 67, "label": "bid:win_last6", "seat": '
     b'0}\n{"action": 80, "label": "rank:1high", "seat": 0}\n{"action": 8, "label'
     b'": "9S", "seat": 0}\n{"action": 4, "label": "5S", "seat": 1}\n{"action": 0'
     b', "label": "1S", "seat": 2}\n{"action": 21, "label": "6H", "seat": 2}\n#EN'
     b'D 2073 9862db09\n'
     ),
    ("steppingstones {'contracts': 'advanced', 'redo': True} @30",
     b'PCSAVE 1 1\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "steppingstones", "seed": 8, "options": {'
     b'"contracts": "advanced", "redo": true, "first_forehand": "random"}}\n{"m"'
     b': [576, 64, 326, 336, 288, 532, 38, 289, 518, 34, 37, 292, 512, 296, 568'
     b', 35, 263, 520, 4, 16, 273, 531, 536, 48, 279, 305, 562, 55, 53, 310]}\n#'
     b'END 347 843edb69\n'
     ),
    ('reds  @0',
     b'PCSAVE 1 1\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club", "club"]}}\n{"record": 1, "game": "reds", "seed": 7, "options": {"p'
     b'layers": 4, "short_game": false, "hidden_bids": false, "partnership": fa'
     b'lse}}\n#END 210 ed6fafa0\n'
     ),
    ('reds  @9',
     b'PCSAVE 1 2\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club", "club"]}}\n{"record": 1, "game": "reds", "seed": 7, "options": {"p'
     b'layers": 4, "short_game": false, "hidden_bids": false, "partnership": fa'
     b'lse}}\n{"m": [324, 579, 833, 66, 166, 148, 212, 154, 218]}\n#END 262 88dd3'
     b'2bd\n'
     ),
    ('reds  @60',
     b'PCSAVE 1 3\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club", "club"]}}\n{"record": 1, "game": "reds", "seed": 7, "options": {"p'
     b'layers": 4, "short_game": false, "hidden_bids": false, "partnership": fa'
     b'lse}}\n{"m": [324, 579, 833, 66, 166, 148, 212, 154, 218, 148, 154, 230, '
     b'212, 148, 145, 212, 169, 148, 421, 485, 409, 407, 471, 421, 412, 485, 40'
     b'7, 471, 476, 421, 473, 485, 407, 412, 476, 471, 412, 392, 456, 392, 407,'
     b' 456, 409, 421, 674, 738, 679, 646, 674, 710, 646, 710, 646, 743, 738, 6'
     b'79, 674, 738, 674, 710]}\n#END 517 f6f3b473\n'
     ),
    ('reds  @200',
     b'PCSAVE 1 4\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club", "club"]}}\n{"record": 1, "game": "reds", "seed": 7, "options": {"p'
     b'layers": 4, "short_game": false, "hidden_bids": false, "partnership": fa'
     b'lse}}\n{"m": [324, 579, 833, 66, 166, 148, 212, 154, 218, 148, 154, 230, '
     b'212, 148, 145, 212, 169, 148, 421, 485, 409, 407, 471, 421, 412, 485, 40'
     b'7, 471, 476, 421, 473, 485, 407, 412, 476, 471, 412, 392, 456, 392, 407,'
     b' 456, 409, 421, 674, 738, 679, 646, 674, 710, 646, 710, 646, 743, 738, 6'
     b'79, 674, 738, 674, 710, 738, 743, 673, 646]}\n{"m": [679, 737, 673, 674, '
     b'899, 901, 965, 896, 901, 965, 938, 960, 907, 896, 297, 549, 802, 38, 264'
     b', 536, 774, 11, 0, 276, 540, 773, 807, 42, 282, 535, 273, 537, 801, 3, 5'
     b'78, 836, 69, 321, 154, 172, 218, 140, 133, 128, 419, 424, 483, 407, 419,'
     b' 395, 677, 741, 677, 644, 649, 665, 924, 914, 898, 904, 514, 780, 11, 26'
     b'0]}\n{"m": [812, 40, 293, 520, 533, 771, 26, 280, 773, 35, 265, 540, 281,'
     b' 530, 768, 23, 835, 66, 321, 579, 128, 192, 145, 128, 168, 411, 475, 392'
     b', 386, 450, 386, 450, 456, 394, 386, 450, 386, 391, 668, 672, 736, 732, '
     b'683, 747, 678, 672, 736, 672, 736, 668, 742, 678, 683, 902, 897, 908, 81'
     b'1, 1, 296, 548, 12, 264, 514, 772]}\n{"m": [6, 256, 519, 796, 522, 790, 3'
     b', 273]}\n#END 1220 bc3e59ff\n'
     ),
    ("reds {'players': 3} @30",
     b'PCSAVE 1 1\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club"]}}\n{"record": 1, "game": "reds", "seed": 4, "options": {"players":'
     b' 3, "short_game": false, "hidden_bids": false, "partnership": false}}\n{"'
     b'm": [325, 579, 69, 161, 166, 129, 230, 193, 170, 151, 166, 424, 421, 402'
     b', 403, 643, 681, 672, 745, 681, 745, 679, 743, 707, 676, 643, 740, 681, '
     b'736, 672]}\n#END 359 ff434153\n'
     ),
    ("reds {'players': 6, 'partnership': True} @50",
     b'PCSAVE 1 1\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club", "'
     b'club", "club", "club", "club"]}}\n{"record": 1, "game": "reds", "seed": 2'
     b', "options": {"players": 6, "short_game": false, "hidden_bids": false, "'
     b'partnership": true}}\n{"m": [833, 1088, 1348, 68, 323, 579, 167, 135, 171'
     b', 164, 406, 470, 394, 406, 458, 407, 471, 470, 406, 470, 406, 394, 458, '
     b'470, 407, 406, 394, 471, 395, 459, 470, 421, 458, 395, 407, 406, 640, 67'
     b'2, 664, 659, 934, 940, 921, 922, 1172, 1155, 1236, 1219, 1172, 1236]}\n#E'
     b'ND 490 7edd9719\n'
     ),
    ("speed {'target': 100} @5",
     b'PCSAVE 1 1\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club"]}}'
     b'\n{"record": 1, "game": "speed", "seed": 21, "options": {"count_down_only'
     b'": false, "stand_still_spit": false, "winner_yells_spit": false, "spit_p'
     b'ile_stalemate": false, "scoring": "default", "auto_points": 25, "target"'
     b': 100}}\n{"t": [150, 340, 570, 840, 990], "m": [69, 99, 48, 18, 20]}\n#END'
     b' 344 6d65f901\n'
     ),
    ("speed {'target': 100} @40",
     b'PCSAVE 1 2\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club"]}}'
     b'\n{"record": 1, "game": "speed", "seed": 21, "options": {"count_down_only'
     b'": false, "stand_still_spit": false, "winner_yells_spit": false, "spit_p'
     b'ile_stalemate": false, "scoring": "default", "auto_points": 25, "target"'
     b': 100}}\n{"round_start": {"round": 2, "scores": [46, 0], "won": [1, 0], "'
     b'rng": [1036608958, 770329372], "actions": 30, "events": 38, "last": {"ro'
     b'und": 1, "winner": 0, "reason": "emptied", "points": 46, "t_ms": 6220, "'
     b'cards_left": [3, 13], "respits": 0, "standstills": 2}}}\n{"t": [6450, 672'
     b'0, 6870, 7060, 7290, 7560, 7710, 7900, 8130, 8400], "m": [121, 65, 48, 6'
     b'7, 14, 257, 355, 261, 7, 44]}\n#END 666 ec8e7f63\n'
     ),
    ("speed {'target': 100} @75",
     b'PCSAVE 1 3\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club"]}}'
     b'\n{"record": 1, "game": "speed", "seed": 21, "options": {"count_down_only'
     b'": false, "stand_still_spit": false, "winner_yells_spit": false, "spit_p'
     b'ile_stalemate": false, "scoring": "default", "auto_points": 25, "target"'
     b': 100}}\n{"round_start": {"round": 3, "scores": [61, 0], "won": [2, 0], "'
     b'rng": [506450060, 997735477], "actions": 60, "events": 73, "last": {"rou'
     b'nd": 2, "winner": 0, "reason": "emptied", "points": 15, "t_ms": 12600, "'
     b'cards_left": [4, 14], "respits": 0, "standstills": 1}}}\n{"t": [12750, 12'
     b'940, 13170, 13440, 13590, 13780, 14010, 14280, 14430, 14620, 14850, 1512'
     b'0, 15270, 15460, 15690], "m": [97, 48, 52, 343, 313, 289, 278, 340, 76, '
     b'10, 72, 38, 100, 321, 25]}\n#END 735 86c5513a\n'
     ),
    ("speed {'target': 100} @140",
     b'PCSAVE 1 4\n{"app": {"mode": "ai", "human": 0, "kinds": ["you", "club"]}}'
     b'\n{"record": 1, "game": "speed", "seed": 21, "options": {"count_down_only'
     b'": false, "stand_still_spit": false, "winner_yells_spit": false, "spit_p'
     b'ile_stalemate": false, "scoring": "default", "auto_points": 25, "target"'
     b': 100}}\n{"round_start": {"round": 5, "scores": [87, 0], "won": [3, 0], "'
     b'rng": [93210501, 579170237], "actions": 132, "events": 185, "last": {"ro'
     b'und": 4, "winner": 0, "reason": "emptied", "points": 26, "t_ms": 27720, '
     b'"cards_left": [0, 4], "respits": 0, "standstills": 5}}}\n{"t": [27870, 28'
     b'060, 28290, 28560, 28710, 28900, 29130, 29400], "m": [37, 64, 24, 35, 35'
     b'7, 256, 21, 19]}\n#END 653 dc68d31c\n'
     ),
    ('speed: whole match (older firmware)', SPEED_OLD_SAVE),
)
