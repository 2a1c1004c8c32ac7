"""PRNG period proof (number theory on the two multiply-with-carry generators) and a
smaller run of the statistical checks of tools/prng_quality.py."""
import random

from core import prng
from tools.prng_quality import checks

B = 1 << 15


def is_probable_prime(n, rounds=40):
    if n < 2:
        return False
    for small in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if n % small == 0:
            return n == small
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    rnd = random.Random(1)
    for _ in range(rounds):
        x = pow(rnd.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def test_multipliers_give_safe_primes_and_full_cycles():
    for a, p in ((prng._A1, prng._P1), (prng._A2, prng._P2)):
        assert p == a * B - 1
        q = (p - 1) // 2
        assert is_probable_prime(p) and is_probable_prime(q)
        # b has order exactly q (q prime and b != 1), so each state lies on a q-cycle.
        assert pow(B, q, p) == 1 and B % p != 1
        assert a * B < 1 << 30  # every intermediate of the step stays a small int


def test_step_is_multiplication_by_inverse_of_b():
    inv = [pow(B, -1, p) for p in (prng._P1, prng._P2)]
    g = prng.Prng(77)
    for _ in range(1000):
        z, w = g.state()
        g.next30()
        z2, w2 = g.state()
        assert z2 == z * inv[0] % prng._P1
        assert w2 == w * inv[1] % prng._P2


def test_combined_period():
    q1 = (prng._P1 - 1) // 2
    q2 = (prng._P2 - 1) // 2
    assert q1 != q2  # distinct primes: the pair's period is their product
    assert q1 * q2 > 2 ** 57


def test_statistical_checks_pass():
    for row in checks(200000):
        assert row["pass"], row
