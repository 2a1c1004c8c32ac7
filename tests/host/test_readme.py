"""The README shows what a user gets and says what to type: the screenshot row is one
layout and every picture exists; no command holds a placeholder to fill in."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        return f.read()


def test_screenshot_row_is_one_layout_and_exists():
    shots = re.findall(r"!\[[^\]]*\]\((docs/screens/[^)]+\.png)\)", _readme())
    assert len(shots) >= 4
    layouts = set(re.sub(r".*_(lcd13|display2)\.png$", r"\1", s) for s in shots)
    assert len(layouts) == 1, shots
    for s in shots:
        assert os.path.exists(os.path.join(ROOT, s)), s


def test_commands_hold_no_placeholders():
    text = _readme()
    for bad in re.findall(r"<[a-z]+>|\bOWNER\b|\bREPO\b", text):
        raise AssertionError("placeholder %r in README.md" % bad)
