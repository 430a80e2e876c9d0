"""Typing names on the simulator (the real firmware): letters in the order
names use them, the commonest nearest the start ("A" for the first letter,
"a" after it), a default name (J1) replaced rather than edited, and no
one-row list before the editor when the roster has nobody to offer."""

from marcador import sim

FREE_2 = "ok\ndown 5\nok\nup 2\nok\n"        # free pad, 2 players: names


def presses(keys):
    n = 0
    for ln in keys.splitlines():
        w = ln.split("#")[0].split()
        if w:
            n += int(w[1]) if w[0] in ("up", "down", "ok", "back") and \
                len(w) > 1 else 1
    return n


ANA = """ok                  # 1. J1: straight to typing, on "A"
ok                  # "a"
down 2              # a, o, n
ok                  # "a"
long ok
"""
LUIS = """down                # 2. J2
ok
up 2                # A, M, L
ok
down 4              # a, o, n, l, u
ok
up 2                # a, e, i
ok
up 4                # a, e, i, r, s
long ok
"""


def test_typing_ana_and_luis_takes_few_presses():
    states, _ = sim.run_script(FREE_2 + ANA + "state\n" + LUIS + "state\n")
    assert states[0]["roster"] == ["Ana"]
    assert states[1]["roster"] == ["Ana", "Luis"]
    assert states[1]["screen"] == "Names"
    # From the names screen: 6 presses for "Ana" (62 before: a one-row
    # list, then J1 edited letter by letter through the alphabet), 18
    # for "Luis" (from the row above).
    assert presses(ANA) == 6
    assert presses(LUIS) == 18


def test_the_editors_letters_come_commonest_first_around_a():
    # The order names.py describes: from "A" (a first letter) and "a"
    # (a later one) the next commonest are 1, 2, 3... presses away,
    # alternately UP and DOWN; every letter of both cases is offered.
    from marcador.devicefacts import editor_chars
    chars = editor_chars()
    upper = "AMJLCSEPRDIGFBNTVOHUKYZQWXÑÁÉÍÓÚÜ"
    lower = "aeoinrlsudcmtgbpvjhyzfqñxkwáéíóúü"
    for start, by_use in (("A", upper), ("a", lower)):
        at = chars.index(start)
        for i, ch in enumerate(by_use):
            away = (i + 1) // 2 if i % 2 else -(i // 2)
            assert chars[at + away] == ch, (ch, away)
    assert len(chars) == len(set(chars)) == 2 * 33 + 14
