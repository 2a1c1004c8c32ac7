"""core.ui.rich.wrap cuts lines as slices of the text; it must break exactly where the
plain word-by-word definition below does (every screen's text goes through it)."""
from hypothesis import given, settings, strategies as st

from core.ui.rich import length, wrap


def wrap_by_words(s, cols):
    """The definition: words joined by one space while they fit, a word longer than the
    line cut into pieces of `cols` characters; "\\n" starts a new paragraph."""
    out = []
    for para in s.split("\n"):
        line = ""
        n = 0
        for word in para.split(" "):
            wl = length(word)
            if n and n + 1 + wl > cols:
                out.append(line)
                line = ""
                n = 0
            while wl > cols:
                out.append(word[:cols])
                word = word[cols:]
                wl = length(word)
            if n:
                line += " "
                n += 1
            line += word
            n += wl
        out.append(line)
    return out


PIECES = st.sampled_from(["a", "bb", "word", "^S", "^D", "x^", "^", " ", "  ", "\n",
                          "averyveryverylongword", "d^H"])


@settings(max_examples=2000, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join), st.integers(min_value=1, max_value=30))
def test_wrap_breaks_where_the_word_by_word_definition_does(text, cols):
    assert wrap(text, cols) == wrap_by_words(text, cols)


def test_rules_page_sized_text():
    text = ("2 players, real time. Play a card one above or below either centre pile (A "
            "touches K and 2, suits don't matter).\nCount Down Only: ^S ^H ^D ^C.")
    for cols in (29, 39):
        lines = wrap(text, cols)
        assert lines == wrap_by_words(text, cols)
        assert all(length(x) <= cols for x in lines)
