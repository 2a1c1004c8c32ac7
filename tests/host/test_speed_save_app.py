"""Speed through the app with a save store: saved at the end of every round, "Continue
game?" at the next start, and the continued game equal to the uninterrupted one.

Round 1 is played through button presses (core.ui.autoplay); the rest of the game by a
scripted human whose keys depend only on the table and its own PRNG, so the same later
inputs reach the original app and an app restored from the save.  The AI seat is the
app's own SpeedBot (level "club"), started afresh at every round (core.app_realtime.round_ai).
"""
import json
import os
import shutil

import pytest

from core import app as app_mod
from core.boot import boot
from core.prng import Prng
from test_speed_support import round_position
from core.save import DeviceFs, SaveStore
from core.save_load import load_game
from core.ui import autoplay, keys
from tools.headless import make_screen, save_screen

OPTS = {"target": 100}
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "out", "speed_save")


class Stop(Exception):
    pass


def _store(d, busy=None):
    return SaveStore(DeviceFs(str(d)), busy)


def play_rounds(d, rounds, seed=4, layout="lcd13", busy=None):
    """A Speed game vs the AI through the buttons, stopped on the results page of round
    `rounds`."""
    screen, hints = make_screen(layout)
    drv = autoplay.Driver(screen, hints, seed=seed, store=_store(d, busy))

    def watch(player):
        a = drv.app
        if a.state == app_mod.HAND_RESULT and a.game.round_no > rounds:
            raise Stop()
    with pytest.raises(Stop):
        autoplay.AutoPlayer(drv, "speed", OPTS, seed=seed, watch=watch).run()
    assert not drv.app.game.is_over()
    return drv


def press(drv, name):
    """A key pressed and released at this instant (cursor moves cost no game time)."""
    k = keys.key_by_name(name)
    drv.app.feed(keys.event(keys.PRESS, k), drv.now)
    drv.app.feed(keys.event(keys.RELEASE, k), drv.now)


def play_on(drv, seed):
    """OK on a round's results or on "Continue game?", then the rest of the game by the
    scripted human, 20 ms a tick.  Returns the game and the rounds it went through, each
    with the position at its results page (the game keeps one round: SP-7)."""
    a = drv.app
    rng = Prng(seed)
    press(drv, "OK")
    game = a.game
    assert a.state == app_mod.TABLE and a.table.game_time(drv.now) == 0
    rounds = [game.round_no]
    due = None
    while a.state != app_mod.MENU:
        drv.now += 20
        a.tick(drv.now)
        st = a.state
        if st == app_mod.TABLE:
            t = a.table
            if due is None:
                due = drv.now + 600
            elif drv.now >= due:
                pos = t.playable_positions()
                if pos:
                    want = pos[rng.below(len(pos))]
                    while t.cursor != want:
                        press(drv, "DOWN")
                    press(drv, "OK")
                elif t.may_spit():
                    press(drv, "AUX")
                due = drv.now + 300 + rng.below(500)
        elif st == app_mod.HAND_RESULT:
            rounds.append(_state(game))
            press(drv, "OK")
            due = None
            if a.state == app_mod.TABLE:
                rounds.append(game.round_no)
        elif st == app_mod.GAME_RESULT:
            press(drv, "OK")
        else:
            raise AssertionError("unexpected state %s" % app_mod.STATE_NAMES[st])
    assert game.is_over()
    return game, rounds


def _state(game):
    """The position: the game keeps one round (SP-7), from where it began."""
    return round_position(game)


def _resume(d, layout="lcd13", seed=9):
    loaded = load_game(_store(d))
    assert loaded.status == "ok", loaded.message
    screen, hints = make_screen(layout)
    return autoplay.Driver(screen, hints, seed=seed, store=_store(d), saved=loaded.value)


def test_a_speed_game_restored_from_its_round_save_plays_on_like_the_original(tmp_path):
    first = tmp_path / "first"
    second = tmp_path / "second"
    first.mkdir()
    a_drv = play_rounds(first, 1)
    a = a_drv.app
    assert a.saver.saves == 1 and a.game.round_no == 2
    at_save = _state(a.game)
    shutil.copytree(str(first), str(second))         # the flash as a power cut leaves it
    # a fresh app on that flash: "Continue game?" with the seats as they were
    b_drv = _resume(second)
    b = b_drv.app
    assert b.state == app_mod.RESUME
    meta, saved = b.saved
    assert meta == {"mode": "ai", "human": 0, "kinds": ["you", "club"]}
    assert _state(saved) == at_save                   # the start of round 2, scores carried
    assert saved.scores == a.game.scores and sum(saved.scores) > 0
    # the same later inputs: the same game to the end, saved at every round end
    game_a, rounds_a = play_on(a_drv, 77)
    game_b, rounds_b = play_on(b_drv, 77)
    assert b.seat_kinds == ["you", "club"] and b.players is None   # the game ended
    assert rounds_a == rounds_b and rounds_a[0] == 2 and len(rounds_a) >= 3
    assert _state(game_b) == _state(game_a)
    assert game_b.result() == game_a.result()
    assert a.saves == game_a.round_no - 1             # every round end but the last
    assert b.saves == game_b.round_no - 2             # ... after the one it resumed from
    for d in (first, second):
        assert not os.path.exists(str(d / "game.sav"))   # finished: nothing to continue


def test_continue_prompt_for_a_speed_save(tmp_path):
    play_rounds(tmp_path, 1)
    for layout in ("lcd13", "display2"):
        drv = _resume(tmp_path, layout)
        assert drv.app.state == app_mod.RESUME
        path = save_screen(drv.screen, os.path.join(OUT, "continue_%s.png" % layout))
        assert os.path.getsize(path) > 0
    # BACK forgets the saved game
    drv.key("BACK")
    assert drv.app.state == app_mod.MENU and load_game(_store(tmp_path)).value is None


def _boot(d):
    return boot(DeviceFs(str(d)), "host", lambda s: None, board_config={"panel": False})


def test_a_damaged_speed_save_boots_with_the_message(tmp_path):
    drv = play_rounds(tmp_path, 2)
    assert drv.app.saver.saves == 2
    sav = tmp_path / "game.sav"
    data = bytearray(sav.read_bytes())
    data[len(data) // 2] ^= 0x20
    sav.write_bytes(bytes(data))
    # the round 2 save is damaged: round 1's (game.bak) is offered
    b = _boot(tmp_path)
    assert b.notices == ["game: restored previous save"]
    a = app_mod.make_app(b, seed=1, link=False)
    assert a.state == app_mod.RESUME and a.saved[1].round_no == 2
    # the damaged copy is set aside, round 1's is now the save (issue #16 item 7)
    assert sorted(os.listdir(str(tmp_path)))[:2] == ["game.sav", "game.sav.bad"]
    # both damaged: the menu says so and nothing is offered
    (tmp_path / "game.sav").write_bytes(bytes(data))
    (tmp_path / "game.bak").write_bytes(bytes(data))
    b = _boot(tmp_path)
    assert b.saved_game is None and b.notices == ["game: save damaged, starting fresh"]
    a = app_mod.make_app(b, seed=1, link=False)
    assert a.state == app_mod.MENU and a.menu.status == "game: save damaged, starting fresh"


def test_no_speed_save_is_written_while_the_link_is_busy(tmp_path):
    busy = [True]
    drv = play_rounds(tmp_path, 1, busy=lambda: busy[0])
    a = drv.app
    assert a.saver.saves == 1 and not os.listdir(str(tmp_path))   # nothing on flash
    # the options this game was started with were stored then (core/app_settings.py),
    # so the settings wait with the game's save
    assert a.store.pending() == ["settings", "game"]
    assert a.store.notice == "save deferred: link busy"
    at_save = _state(a.game)
    busy[0] = False
    drv.wait(20)                                       # the app loop writes it when idle
    assert a.store.pending() == [] and os.path.exists(str(tmp_path / "game.sav"))
    assert os.path.exists(str(tmp_path / "settings.sav"))
    assert _state(load_game(_store(tmp_path)).value[1]) == at_save


def test_a_linked_speed_match_writes_no_save(tmp_path):
    """Host and guest play a Speed match of several rounds over the link: no unit saves
    at the round ends (a linked game is not saved, core/app_link.py), so no flash write
    meets a busy link."""
    from test_app_link import assert_same_records, play_to_end, start_linked
    w, fingers = start_linked(tmp_path, "speed", {"target": 50}, None, 2, None, "lcd13", 3)
    saved = []

    def sample(w):
        for a in w.apps:
            if a.state == app_mod.TABLE and a.realtime:
                saved.append(a.saver)
    run = play_to_end(w, fingers, 3, sample=sample)
    assert_same_records(run)
    rec = run.records[0]
    if isinstance(rec[0], dict):    # a linked unit keeps its last round only (issue #18):
        assert rec[1]["round"] >= 2                 # test_app_link.record_or_kept
    else:
        assert len(json.loads(rec[-1])["result"]["rounds"]) >= 2   # rounds ended
    assert saved and saved == [None] * len(saved)
    for i in range(2):
        assert sorted(os.listdir(str(tmp_path / ("unit%d" % i)))) in ([], ["settings.sav"])
        assert w.apps[i].saves == 0


def test_a_new_round_seats_its_ai_without_loading_the_seat_plan_again():
    """Speed seats a fresh AI every round (core.app_realtime.round_ai) without importing
    core.seats again: the device's app (unload=True) dropped it before the table loaded,
    and re-importing it kept ~2.4 KB for the rest of the game (issue #19: Speed's peak)."""
    import sys
    screen, hints = make_screen("lcd13")
    drv = autoplay.Driver(screen, hints, seed=4, unload=True)
    seen = []

    def watch(player):
        a = drv.app
        if a.state == app_mod.TABLE:
            seen.append((a.game.round_no, "core.seats" in sys.modules))
        if a.state == app_mod.HAND_RESULT and a.game.round_no > 1:
            raise Stop()
    with pytest.raises(Stop):
        autoplay.AutoPlayer(drv, "speed", OPTS, seed=4, watch=watch).run()
    assert seen and seen[0] == (1, False)
    assert "core.seats" not in sys.modules and drv.app.players[1] is not None
