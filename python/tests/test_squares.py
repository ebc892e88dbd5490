"""Squares, bitboards and SquareSet (fenkit._squares).

Part 1 checks the values by another route than the module's own: square coordinates, hand-made
lists, a step-by-step walk along lines, a breadth-first search, Python's set. Part 2 sets each
public name beside python-chess's, over every square pair and many random masks; it skips where
python-chess cannot be imported (pip, or PYTHONPATH pointing at its sources).
"""

import copy
import pickle
import random

import pytest

import fenkit
from fenkit import _squares as sq

SQUARE_NAMES = [f + r for r in "12345678" for f in "abcdefgh"]
A1, B1, H1, D3, C4, B5, E2, E4, D4, G7, A8, H8 = (
    SQUARE_NAMES.index(n) for n in ["a1", "b1", "h1", "d3", "c4", "b5", "e2", "e4", "d4", "g7",
                                    "a8", "h8"])


def coords(s):
    return s % 8, s // 8


def at(f, r):
    """The square of file f and rank r (0-7), None off the board."""
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 else None


def bits(mask):
    return [s for s in range(64) if mask >> s & 1]


def mask_of(squares):
    return sum(1 << s for s in set(squares))


def by_names(names):
    return mask_of(SQUARE_NAMES.index(n) for n in names.split())


def random_masks(count, seed):
    rnd = random.Random(seed)
    # Random bits, sparse and dense sets, single squares, and the edge cases.
    masks = [0, sq.BB_ALL, 1, 1 << 63, sq.BB_FILE_A, sq.BB_RANK_8]
    masks += [1 << s for s in range(64)]
    for _ in range(count):
        kind = rnd.randrange(3)
        if kind == 0:
            masks.append(rnd.getrandbits(64))
        elif kind == 1:
            masks.append(mask_of(rnd.sample(range(64), rnd.randrange(1, 6))))
        else:
            masks.append(sq.BB_ALL ^ mask_of(rnd.sample(range(64), rnd.randrange(1, 6))))
    return masks


MASKS = random_masks(600, 1)


# Part 1: values checked by another route


def test_square_and_line_constants_by_coordinates():
    assert sq.BB_EMPTY == 0 and sq.BB_ALL == 2 ** 64 - 1
    assert sq.BB_SQUARES == [2 ** s for s in range(64)]
    for s, name in enumerate(SQUARE_NAMES):
        assert getattr(sq, "BB_" + name.upper()) == 2 ** s
        f, r = coords(s)
        assert [bool(sq.BB_FILES[i] >> s & 1) for i in range(8)] == [i == f for i in range(8)]
        assert [bool(sq.BB_RANKS[i] >> s & 1) for i in range(8)] == [i == r for i in range(8)]
        # a1 is dark; a square is light when its file and rank numbers differ in parity.
        assert bool(sq.BB_LIGHT_SQUARES >> s & 1) == ((f + r) % 2 == 1)
        assert bool(sq.BB_DARK_SQUARES >> s & 1) == ((f + r) % 2 == 0)
        assert bool(sq.BB_BACKRANKS >> s & 1) == (r in (0, 7))
        assert bool(sq.BB_CORNERS >> s & 1) == (f in (0, 7) and r in (0, 7))
        assert bool(sq.BB_CENTER >> s & 1) == (f in (3, 4) and r in (3, 4))
    for i, letter in enumerate("ABCDEFGH"):
        assert getattr(sq, "BB_FILE_" + letter) == sq.BB_FILES[i]
        assert getattr(sq, f"BB_RANK_{i + 1}") == sq.BB_RANKS[i]
    assert sq.BB_CENTER == by_names("d4 e4 d5 e5")
    assert sq.SQUARES_180[A1] == A8 and sq.SQUARES_180[E2] == SQUARE_NAMES.index("e7")
    assert sorted(sq.SQUARES_180) == list(range(64))


def steps(s, deltas):
    f, r = coords(s)
    return mask_of(t for t in (at(f + df, r + dr) for df, dr in deltas) if t is not None)


def test_step_attacks_by_coordinates():
    knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    king = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
    for s in range(64):
        assert sq.BB_KNIGHT_ATTACKS[s] == steps(s, knight)
        assert sq.BB_KING_ATTACKS[s] == steps(s, king)
        assert sq.BB_PAWN_ATTACKS[1][s] == steps(s, [(-1, 1), (1, 1)])  # white
        assert sq.BB_PAWN_ATTACKS[0][s] == steps(s, [(-1, -1), (1, -1)])  # black
    assert sq.BB_KNIGHT_ATTACKS[A1] == by_names("b3 c2")
    assert sq.BB_KING_ATTACKS[H8] == by_names("g8 g7 h7")


DIRECTIONS = {"file": [(0, 1), (0, -1)], "rank": [(1, 0), (-1, 0)],
              "diag": [(1, 1), (-1, -1), (1, -1), (-1, 1)]}


def walk(s, deltas, occupied):
    """A slider's squares from s, one step at a time, stopping on an occupied square."""
    reached = 0
    for df, dr in deltas:
        f, r = coords(s)
        while True:
            f, r = f + df, r + dr
            t = at(f, r)
            if t is None:
                break
            reached |= 1 << t
            if occupied >> t & 1:
                break
    return reached


def blockers(s, deltas):
    """The squares that, occupied, stop a slider on s before the edge: those it reaches on an
    empty board with a further square beyond them."""
    found = 0
    for df, dr in deltas:
        for t in bits(walk(s, [(df, dr)], 0)):
            f, r = coords(t)
            if at(f + df, r + dr) is not None:
                found |= 1 << t
    return found


def test_slider_masks_and_attack_tables_by_walking():
    assert sq.BB_RANK_MASKS[A1] == by_names("b1 c1 d1 e1 f1 g1")
    assert sq.BB_FILE_MASKS[E4] == by_names("e2 e3 e5 e6 e7")
    assert sq.BB_DIAG_MASKS[A1] == by_names("b2 c3 d4 e5 f6 g7")
    assert sq.BB_DIAG_MASKS[D4] == by_names("c3 b2 e5 f6 g7 c5 b6 e3 f2")
    tables = {"file": (sq.BB_FILE_MASKS, sq.BB_FILE_ATTACKS),
              "rank": (sq.BB_RANK_MASKS, sq.BB_RANK_ATTACKS),
              "diag": (sq.BB_DIAG_MASKS, sq.BB_DIAG_ATTACKS)}
    for kind, (masks, attacks) in tables.items():
        for s in range(64):
            assert masks[s] == blockers(s, DIRECTIONS[kind])
            assert len(attacks[s]) == 2 ** bin(masks[s]).count("1")
            for occupied in random_masks(12, s):
                assert attacks[s][occupied & masks[s]] == walk(s, DIRECTIONS[kind], occupied)


def line_squares(a, b):
    """The squares of the file, rank or diagonal through a and b, or None."""
    (fa, ra), (fb, rb) = coords(a), coords(b)
    df, dr = fb - fa, rb - ra
    if a == b or not (df == 0 or dr == 0 or abs(df) == abs(dr)):
        return None
    step = (df // abs(df) if df else 0, dr // abs(dr) if dr else 0)
    return walk(a, [step, (-step[0], -step[1])], 0) | 1 << a


def test_ray_and_between_by_walking():
    # The two squares between e2 and b5, listed by hand, and the whole diagonal through them.
    assert sq.between(E2, B5) == by_names("d3 c4") == sq.between(B5, E2)
    assert sq.ray(E2, B5) == by_names("a6 b5 c4 d3 e2 f1") == sq.ray(B5, E2)
    assert str(sq.SquareSet.ray(E2, B5)) == "\n".join([
        ". . . . . . . .",
        ". . . . . . . .",
        "1 . . . . . . .",
        ". 1 . . . . . .",
        ". . 1 . . . . .",
        ". . . 1 . . . .",
        ". . . . 1 . . .",
        ". . . . . 1 . ."])
    assert sq.ray(A1, H8) == sq.ray(D4, G7) == by_names("a1 b2 c3 d4 e5 f6 g7 h8")
    assert sq.ray(A1, B1) == sq.BB_RANK_1 and sq.ray(A1, A8) == sq.BB_FILE_A
    assert sq.ray(A1, A1) == sq.between(A1, A1) == 0 and sq.ray(A1, E2) == 0
    assert sq.between(A1, B1) == 0 and sq.between(A1, H1) == by_names("b1 c1 d1 e1 f1 g1")
    aligned = 0
    for a in range(64):
        for b in range(64):
            line = line_squares(a, b)
            if line is None:
                assert sq.ray(a, b) == sq.between(a, b) == sq.BB_RAYS[a][b] == 0
                continue
            aligned += 1
            assert sq.ray(a, b) == sq.BB_RAYS[a][b] == line
            # Between: the squares met walking from a towards b, before b.
            (fa, ra), (fb, rb) = coords(a), coords(b)
            n = max(abs(fb - fa), abs(rb - ra))
            assert sq.between(a, b) == mask_of(
                at(fa + (fb - fa) // n * i, ra + (rb - ra) // n * i) for i in range(1, n))
            assert sq.SquareSet.ray(a, b) == line
            assert int(sq.SquareSet.between(a, b)) == sq.between(a, b)
    # The pairs on a common line, in both orders: 8 choose 2 on each file and rank, n choose 2
    # on each diagonal of n squares (13 of 2 or more squares in each of the two directions).
    assert aligned == 2 * (8 * 28 + 8 * 28 + 2 * sum(n * (n - 1) // 2 for n in
                                                      [2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2]))


def knight_bfs(a):
    dist = {a: 0}
    frontier = [a]
    while frontier:
        nxt = []
        for s in frontier:
            for t in bits(steps(s, [(1, 2), (2, 1), (-1, 2), (-2, 1),
                                    (1, -2), (2, -1), (-1, -2), (-2, -1)])):
                if t not in dist:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


def test_distances_by_formula_and_search():
    assert sq.square_knight_distance(A1, SQUARE_NAMES.index("b2")) == 4  # the corner's detour
    assert sq.square_knight_distance(SQUARE_NAMES.index("b2"), SQUARE_NAMES.index("c3")) == 2
    assert sq.square_knight_distance(A1, H8) == 6 and sq.square_knight_distance(E4, E4) == 0
    assert sq.square_knight_distance(A1, B1) == 3
    for a in range(64):
        by_search = knight_bfs(a)
        for b in range(64):
            (fa, ra), (fb, rb) = coords(a), coords(b)
            assert sq.square_distance(a, b) == max(abs(fa - fb), abs(ra - rb))
            assert sq.square_manhattan_distance(a, b) == abs(fa - fb) + abs(ra - rb)
            assert sq.square_knight_distance(a, b) == by_search[b]


def moved(mask, fn):
    """The mask with each square moved by fn(f, r) -> (f, r), dropping those off the board."""
    return mask_of(t for t in (at(*fn(*coords(s))) for s in bits(mask)) if t is not None)


def test_bit_functions_by_coordinates():
    transforms = {
        sq.flip_vertical: lambda f, r: (f, 7 - r),
        sq.flip_horizontal: lambda f, r: (7 - f, r),
        sq.flip_diagonal: lambda f, r: (r, f),
        sq.flip_anti_diagonal: lambda f, r: (7 - r, 7 - f),
        sq.shift_up: lambda f, r: (f, r + 1), sq.shift_2_up: lambda f, r: (f, r + 2),
        sq.shift_down: lambda f, r: (f, r - 1), sq.shift_2_down: lambda f, r: (f, r - 2),
        sq.shift_right: lambda f, r: (f + 1, r), sq.shift_2_right: lambda f, r: (f + 2, r),
        sq.shift_left: lambda f, r: (f - 1, r), sq.shift_2_left: lambda f, r: (f - 2, r),
        sq.shift_up_left: lambda f, r: (f - 1, r + 1),
        sq.shift_up_right: lambda f, r: (f + 1, r + 1),
        sq.shift_down_left: lambda f, r: (f - 1, r - 1),
        sq.shift_down_right: lambda f, r: (f + 1, r - 1),
    }
    for mask in MASKS:
        for function, fn in transforms.items():
            assert function(mask) == moved(mask, fn), (function.__name__, hex(mask))
        squares = bits(mask)
        assert list(sq.scan_forward(mask)) == squares
        assert list(sq.scan_reversed(mask)) == squares[::-1]
        assert sq.popcount(mask) == len(squares)
        assert sq.lsb(mask) == (squares[0] if squares else -1)
        assert sq.msb(mask) == (squares[-1] if squares else -1)


def test_squareset_behaves_as_a_set_of_its_squares():
    rnd = random.Random(2)
    for mask in MASKS[:300]:
        other = rnd.choice(MASKS)
        a, b = set(bits(mask)), set(bits(other))
        s = sq.SquareSet(mask)
        forms = [other, sq.SquareSet(other), sorted(b), b]
        assert list(s) == sorted(a) and list(reversed(s)) == sorted(a, reverse=True)
        assert len(s) == len(a) and bool(s) == bool(a) and int(s) == mask == s.__index__()
        assert s == sq.SquareSet(sorted(a)) and s == mask and s == sorted(a) and s == a
        assert (s != other) == (a != b)
        assert all(x in s for x in a) and not any(x in s for x in set(range(64)) - a)
        for method, expected in [("union", a | b), ("intersection", a & b),
                                 ("difference", a - b), ("symmetric_difference", a ^ b)]:
            result = getattr(s, method)(rnd.choice(forms + [iter(sorted(b))]))
            assert type(result) is sq.SquareSet and set(result) == expected, method
            assert s.mask == mask  # unchanged
        for op, expected in [("__or__", a | b), ("__and__", a & b), ("__sub__", a - b),
                             ("__xor__", a ^ b)]:
            assert set(getattr(s, op)(rnd.choice(forms))) == expected, op
        for op, method, expected in [("__ior__", "update", a | b),
                                     ("__iand__", "intersection_update", a & b),
                                     ("__isub__", "difference_update", a - b),
                                     ("__ixor__", "symmetric_difference_update", a ^ b)]:
            t = s.copy()
            assert getattr(t, op)(rnd.choice(forms)) is t and set(t) == expected, op
            t = s.copy()
            assert getattr(t, method)(rnd.choice(forms)) is None and set(t) == expected
        assert s.isdisjoint(other) == a.isdisjoint(b)
        assert s.issubset(sorted(b)) == a.issubset(b) == (s <= other) == (s <= b)
        assert s.issuperset(sq.SquareSet(other)) == a.issuperset(b) == (s >= other)
        assert (s < other) == (a < b) and (s > other) == (a > b)
        assert not s < mask and not s > sorted(a) and s <= mask and s >= sorted(a)
        assert (sorted(b) >= s) == (a <= b)  # reflected: the list defers to the SquareSet
        assert set(~s) == set(range(64)) - a
        for n in (0, 1, 8, 9, 63, 64, 70):
            assert set(s << n) == {x + n for x in a if x + n < 64}
            assert set(s >> n) == {x - n for x in a if x - n >= 0}
            t = u = s.copy()
            t <<= n
            assert t is u and set(t) == {x + n for x in a if x + n < 64}
            t = u = s.copy()
            t >>= n
            assert t is u and set(t) == {x - n for x in a if x - n >= 0}
        assert set(s.mirror()) == {x ^ 56 for x in a}
        assert s.tolist() == [x in a for x in range(64)]
        assert s.mask == mask
    # update and intersection_update take several sets at once.
    s = sq.SquareSet([A1])
    s.update([B1], sq.SquareSet([H1]), 1 << E4)
    assert list(s) == [A1, B1, H1, E4]
    s.intersection_update([A1, B1, H1], sq.BB_RANK_1 ^ sq.BB_B1)
    assert list(s) == [A1, H1]


def test_squareset_mutations_and_errors():
    s = sq.SquareSet()
    assert s.mask == 0 and not s and len(s) == 0 and list(s) == []
    s.add(E4)
    s.add(E4)
    s.add(A1)
    assert list(s) == [A1, E4]
    s.discard(H8)
    s.discard(A1)
    assert list(s) == [E4]
    s.remove(E4)
    with pytest.raises(KeyError):
        s.remove(E4)
    with pytest.raises(KeyError):
        s.pop()
    s = sq.SquareSet([H8, A1, E4])
    assert [s.pop(), s.pop(), s.pop()] == [A1, E4, H8] and not s
    s = sq.SquareSet(sq.BB_ALL)
    s.clear()
    assert s.mask == 0
    # A copy is a new set.
    s = sq.SquareSet([A1])
    t = s.copy()
    t.add(B1)
    assert list(s) == [A1]
    # The mask keeps 64 bits of whatever int it is given; a float is taken by its int.
    assert sq.SquareSet(-1).mask == sq.BB_ALL and sq.SquareSet(1 << 64 | 5).mask == 5
    assert sq.SquareSet(3.9).mask == 3 and sq.SquareSet(True).mask == 1
    assert sq.SquareSet(-1.0).mask == sq.BB_ALL and sq.SquareSet(2.0 ** 64 + 2 ** 12).mask == 4096
    assert sq.SquareSet(sq.SquareSet([E4])).mask == 1 << E4
    assert sq.SquareSet(s for s in [A1, H8]).mask == 1 | 1 << 63
    with pytest.raises(IndexError):
        sq.SquareSet([64])
    with pytest.raises(TypeError):
        sq.SquareSet(None)
    with pytest.raises(TypeError):
        sq.SquareSet(["e4"])
    with pytest.raises(IndexError):
        64 in sq.SquareSet()  # noqa: B015
    # Mutable, so not hashable.
    with pytest.raises(TypeError):
        hash(sq.SquareSet())
    # Equality with what cannot be a set of squares is False, not an error.
    assert sq.SquareSet([A1]) != "a1" and sq.SquareSet() != None  # noqa: E711
    with pytest.raises(TypeError):
        sq.SquareSet() <= "a1"  # noqa: B015
    with pytest.raises(TypeError):
        sq.SquareSet() | None  # noqa: B015
    # copy, pickle and deepcopy give equal, separate sets.
    s = sq.SquareSet([A1, G7])
    for t in (copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert type(t) is sq.SquareSet and t == s and t is not s


def test_squareset_text_and_subsets():
    s = sq.SquareSet(sq.BB_G1 | sq.BB_G2)
    assert repr(s) == "SquareSet(0x0000_0000_0000_4040)"
    assert repr(sq.SquareSet(sq.BB_ALL)) == "SquareSet(0xffff_ffff_ffff_ffff)"
    assert repr(sq.SquareSet()) == "SquareSet(0x0000_0000_0000_0000)"
    assert str(sq.SquareSet(sq.BB_A8 | sq.BB_RANK_1)) == "\n".join(
        ["1 . . . . . . ."] + [". . . . . . . ."] * 6 + ["1 1 1 1 1 1 1 1"])
    for mask in MASKS[:100]:
        rows = str(sq.SquareSet(mask)).split("\n")
        assert len(rows) == 8
        for s in range(64):
            f, r = coords(s)
            assert rows[7 - r].split(" ")[f] == ("1" if mask >> s & 1 else ".")
    assert list(sq.SquareSet().carry_rippler()) == [0]
    for mask in [by_names("a1 c3 h8"), sq.BB_RANK_1, sq.BB_DIAG_MASKS[D4]]:
        subsets = list(sq.SquareSet(mask).carry_rippler())
        assert subsets[0] == 0 and subsets == sorted(subsets)
        assert len(set(subsets)) == 2 ** len(bits(mask)) and all(x & ~mask == 0 for x in subsets)
    assert sq.SquareSet.from_square(E4) == sq.BB_E4 and sq.SquareSet.from_square(E4) == [E4]

    class Sub(sq.SquareSet):
        pass

    # The constructors that name the class make the subclass; operators make SquareSets.
    assert type(Sub.ray(A1, H8)) is Sub and type(Sub.between(A1, H8)) is Sub
    assert type(Sub.from_square(A1)) is Sub and type(Sub([A1]) | [B1]) is sq.SquareSet


def test_module_surface():
    assert len(sq.__all__) == len(set(sq.__all__))
    for name in sq.__all__:
        assert hasattr(sq, name), name
    # The class moved here is the one fenkit._chess and fenkit still name.
    from fenkit._chess import SquareSet
    assert SquareSet is sq.SquareSet is fenkit.SquareSet
    # `import fenkit as chess` reaches every name, as `import chess` does.
    for name in sq.__all__:
        assert getattr(fenkit, name) is getattr(sq, name), name
    with pytest.raises(AttributeError):
        sq.BB_NOTHING  # noqa: B018


# Part 2: side by side with python-chess


@pytest.fixture(scope="module")
def chess():
    return pytest.importorskip("chess")


CONSTANTS = [n for n in sq.__all__ if n.startswith("BB_") or n == "SQUARES_180"]
MASK_FUNCTIONS = ["lsb", "msb", "popcount", "flip_vertical", "flip_horizontal", "flip_diagonal",
                  "flip_anti_diagonal"] + [n for n in sq.__all__ if n.startswith("shift_")]
PAIR_FUNCTIONS = ["ray", "between", "square_distance", "square_manhattan_distance",
                  "square_knight_distance"]
TYPES = ["Square", "Bitboard", "IntoSquareSet"]


def test_every_public_name_is_compared():
    compared = set(CONSTANTS + MASK_FUNCTIONS + PAIR_FUNCTIONS + TYPES)
    compared |= {"scan_forward", "scan_reversed", "SquareSet"}
    assert compared == set(sq.__all__)


def test_constants_as_python_chess(chess):
    for name in CONSTANTS + ["BB_DIAG_ATTACKS", "BB_FILE_ATTACKS", "BB_RANK_ATTACKS"]:
        assert getattr(sq, name) == getattr(chess, name), name
    for name in TYPES:
        assert getattr(sq, name) == getattr(chess, name), name


def test_functions_as_python_chess(chess):
    for mask in MASKS:
        for name in MASK_FUNCTIONS:
            assert getattr(sq, name)(mask) == getattr(chess, name)(mask), (name, hex(mask))
        assert list(sq.scan_forward(mask)) == list(chess.scan_forward(mask))
        assert list(sq.scan_reversed(mask)) == list(chess.scan_reversed(mask))
    for a in range(64):
        for b in range(64):
            for name in PAIR_FUNCTIONS:
                assert getattr(sq, name)(a, b) == getattr(chess, name)(a, b), (name, a, b)


def outcome(fn):
    """What fn() gives: its value, or the type of the exception it raises."""
    try:
        return fn()
    except Exception as error:  # noqa: BLE001  (the type is what is compared)
        return type(error)


def test_squareset_as_python_chess(chess):
    rnd = random.Random(3)
    for mask in MASKS:
        other = rnd.choice(MASKS)
        ours, theirs = sq.SquareSet(mask), chess.SquareSet(mask)
        assert repr(ours) == repr(theirs) and str(ours) == str(theirs)
        assert list(ours) == list(theirs) and list(reversed(ours)) == list(reversed(theirs))
        assert (len(ours), bool(ours), int(ours), ours.__index__()) == (
            len(theirs), bool(theirs), int(theirs), theirs.__index__())
        assert ours.tolist() == theirs.tolist() and int(ours.mirror()) == int(theirs.mirror())
        if len(ours) <= 6:
            assert list(ours.carry_rippler()) == list(theirs.carry_rippler())
        assert int(~ours) == int(~theirs)
        for n in (0, 1, 7, 8, 63, 64):
            assert int(ours << n) == int(theirs << n) and int(ours >> n) == int(theirs >> n)
            for name in ["__ilshift__", "__irshift__"]:
                o, t = ours.copy(), theirs.copy()
                assert (getattr(o, name)(n) is o) == (getattr(t, name)(n) is t)
                assert o.mask == t.mask
        for form in (other, sorted(bits(other)), set(bits(other)), float(other % 2 ** 52)):
            for name in ["union", "intersection", "difference", "symmetric_difference",
                         "__or__", "__and__", "__sub__", "__xor__"]:
                assert int(getattr(ours, name)(form)) == int(getattr(theirs, name)(form)), name
            for name in ["isdisjoint", "issubset", "issuperset", "__eq__"]:
                assert getattr(ours, name)(form) == getattr(theirs, name)(form), name
            # python-chess has no <, <=, >, >=: as its issubset and issuperset, and those
            # and != for the strict forms.
            assert (ours <= form, ours >= form) == (theirs.issubset(form), theirs.issuperset(form))
            assert (ours < form, ours > form) == (theirs.issubset(form) and theirs != form,
                                                  theirs.issuperset(form) and theirs != form)
            for name in ["update", "intersection_update", "difference_update",
                         "symmetric_difference_update", "__ior__", "__iand__", "__isub__",
                         "__ixor__"]:
                o, t = ours.copy(), theirs.copy()
                assert (getattr(o, name)(form) is o) == (getattr(t, name)(form) is t), name
                assert o.mask == t.mask, name
        for name in ["update", "intersection_update"]:
            o, t = ours.copy(), theirs.copy()
            forms = [other, sorted(bits(rnd.choice(MASKS))), rnd.choice(MASKS)]
            getattr(o, name)(*forms)
            getattr(t, name)(*forms)
            assert o.mask == t.mask, name
        x = rnd.randrange(64)
        for name in ["add", "discard", "remove"]:
            o, t = ours.copy(), theirs.copy()
            assert outcome(lambda: getattr(o, name)(x)) == outcome(lambda: getattr(t, name)(x))
            assert o.mask == t.mask
        o, t = ours.copy(), theirs.copy()
        assert [outcome(o.pop) for _ in range(3)] == [outcome(t.pop) for _ in range(3)]
        assert (x in ours) == (x in theirs)
    for a in range(64):
        for b in range(0, 64, 3):
            assert sq.SquareSet.ray(a, b).mask == chess.SquareSet.ray(a, b).mask
            assert sq.SquareSet.between(a, b).mask == chess.SquareSet.between(a, b).mask
        assert sq.SquareSet.from_square(a).mask == chess.SquareSet.from_square(a).mask

    class Ours(sq.SquareSet):
        pass

    class Theirs(chess.SquareSet):
        pass

    # Which results keep a subclass.
    for name, args in [("ray", (A1, H8)), ("between", (A1, H8)), ("from_square", (E4,))]:
        assert (type(getattr(Ours, name)(*args)) is Ours) == (
            type(getattr(Theirs, name)(*args)) is Theirs), name
    for name in ["copy", "mirror", "__invert__"]:
        assert (type(getattr(Ours([E4]), name)()) is Ours) == (
            type(getattr(Theirs([E4]), name)()) is Theirs), name
    for name in ["union", "__or__", "__and__", "__sub__", "__xor__", "__lshift__"]:
        assert (type(getattr(Ours([E4]), name)(1)) is Ours) == (
            type(getattr(Theirs([E4]), name)(1)) is Theirs), name
    # What each accepts and refuses.
    for arg in [[64], None, ["e4"], 3.9, -1.0, 2.0 ** 70, True, -1, 1 << 70, range(1, 60, 7),
                [-1], "", b"\x01"]:
        assert outcome(lambda: sq.SquareSet(arg).mask) == outcome(
            lambda: chess.SquareSet(arg).mask), arg
    for other in [[64], None, "a1", [1, 2], 6, 6.5]:
        assert outcome(lambda: sq.SquareSet(6) == other) == outcome(
            lambda: chess.SquareSet(6) == other), other
        assert outcome(lambda: (sq.SquareSet(6) | other).mask) == outcome(
            lambda: (chess.SquareSet(6) | other).mask), other
    assert outcome(lambda: hash(sq.SquareSet())) == outcome(lambda: hash(chess.SquareSet()))
    assert outcome(lambda: 64 in sq.SquareSet()) == outcome(lambda: 64 in chess.SquareSet())
