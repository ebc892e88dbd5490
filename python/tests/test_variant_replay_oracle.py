"""fenkit's chess variants against python-chess's `chess.variant`, position by position.

For each variant lichess plays (Crazyhouse, Three-check, Atomic, Antichess, King of the Hill,
Racing Kings, Horde), python-chess plays random games: uniformly random legal moves from the
variant's start position until the game is over or MAX_PLIES, and some from positions reached on
the way, given by a [FEN] tag. The games are written as lichess writes them ([Variant "..."],
SAN, pawn drops as "P@e4" as well as python-chess's "@e4", crazyhouse and three-check FEN tags in
lichess's form as well as python-chess's), and python-chess's FEN of every position is the answer
`fenkit replay` and the Python module must give, byte for byte: the pocket in brackets, "~" after
promoted pieces and the remaining checks ("3+3") as python-chess writes them, and an en-passant
square only where a capture is legal.

The games are the same from run to run (a seeded random.Random per variant). FENKIT_VARIANT_GAMES
sets the number of games per variant (default DEFAULT_GAMES, which python-chess plays in about
20 s); a long run asks for thousands. python-chess is not a Debian package: the tests run where
it can be imported (PYTHONPATH pointing at its sources) and skip elsewhere.
"""

import functools
import importlib.util
import os
import random
import subprocess
import textwrap

import pytest

chess = pytest.importorskip("chess")
chess_variant = pytest.importorskip("chess.variant")

# lichess's [Variant] value: python-chess's board class and the seed of the variant's games.
VARIANTS = {
    "Crazyhouse": (chess_variant.CrazyhouseBoard, 1101),
    "Three-check": (chess_variant.ThreeCheckBoard, 2202),
    "Atomic": (chess_variant.AtomicBoard, 3303),
    "Antichess": (chess_variant.AntichessBoard, 4404),
    "King of the Hill": (chess_variant.KingOfTheHillBoard, 5505),
    "Racing Kings": (chess_variant.RacingKingsBoard, 6606),
    "Horde": (chess_variant.HordeBoard, 7707),
}

DEFAULT_GAMES = 120
MAX_PLIES = 300
# Every SETUP_EVERY-th game starts from one of SETUP_POSITIONS positions that random moves reach,
# so that FEN tags are read with what a start position lacks: pockets, promoted pieces, checks
# given, castling rights lost, Black to move, clocks that have run.
SETUP_EVERY = 5
SETUP_POSITIONS = 4
# The Python module's test reads a few games: it checks the module's path to the same code.
MODULE_GAMES = 20

# en passant as python-chess writes it (only where a capture is legal), every position with the
# start's, one FEN a line.
REPLAY_ARGS = ["replay", "-f", "fen", "--with-start", "--ep", "legal", "-q"]


class VariantGame:
    """A game python-chess played: its tags, its moves as the PGN writes them, the FEN of every
    position from the start's on (one more than the moves), and its result."""

    def __init__(self, tags, sans, fens, result):
        self.tags = tags
        self.sans = sans
        self.fens = fens
        self.result = result


def game_count():
    return int(os.environ.get("FENKIT_VARIANT_GAMES", DEFAULT_GAMES))


def play_out(board, rng, max_plies):
    """Plays uniformly random legal moves on `board` until the game is over (as python-chess's
    outcome says, without claims) or `max_plies`; returns the moves in SAN, the FEN of every
    position (the start's first) and the result ("*" when the cap stopped the game)."""
    sans, fens = [], [board.fen()]
    while len(sans) < max_plies and not board.is_game_over():
        move = rng.choice(list(board.legal_moves))
        sans.append(board.san(move))
        board.push(move)
        fens.append(board.fen())
    return sans, fens, board.result() if board.is_game_over() else "*"


def setup_fens(board_class, rng, count):
    """`count` FENs of positions random moves reach from the start, in games not yet over."""
    fens = []
    while len(fens) < count:
        board = board_class()
        _, played, _ = play_out(board, rng, rng.randint(10, 150))
        if not board.is_game_over():
            fens.append(played[-1])
    return fens


def lichess_fen(fen):
    """A crazyhouse or three-check FEN as lichess writes it: the pocket as a ninth rank after a
    "/" instead of in brackets, the checks given ("+1+0", White's first) after the move number
    instead of the checks left before the clocks. Other FENs are the same in both."""
    fields = fen.split()
    if fields[0].endswith("]"):
        board, pocket = fields[0][:-1].split("[")
        fields[0] = board + "/" + pocket
    if len(fields) == 7 and "+" in fields[4]:
        white, black = (3 - int(left) for left in fields.pop(4).split("+"))
        fields.append(f"+{white}+{black}")
    return " ".join(fields)


def with_pawn_letter(san):
    """A pawn drop as lichess writes it, "P@e4", where python-chess writes "@e4"."""
    return "P" + san if san.startswith("@") else san


@functools.lru_cache(maxsize=None)
def variant_games(variant, count):
    """`count` random games of `variant`, the same on every call: each variant has its seed, and
    the first n games are the same whatever `count` is."""
    board_class, seed = VARIANTS[variant]
    rng = random.Random(seed)
    setups = setup_fens(board_class, rng, SETUP_POSITIONS)
    games = []
    for i in range(count):
        tags = {"Event": f"Random {variant} game {i + 1}", "Site": "?", "Date": "????.??.??",
                "Round": "?", "White": "python-chess", "Black": "python-chess",
                "Variant": variant}
        if i % SETUP_EVERY == SETUP_EVERY - 1:
            fen = setups[(i // SETUP_EVERY) % SETUP_POSITIONS]
            board = board_class(fen)
            # Both forms of the tag: python-chess reads both, and lichess exports write its own.
            tags["FEN"] = lichess_fen(fen) if (i // SETUP_EVERY) % 2 else fen
            assert board_class(tags["FEN"]).fen() == fen, tags["FEN"]
            tags["SetUp"] = "1"
        else:
            board = board_class()
        sans, fens, result = play_out(board, rng, MAX_PLIES)
        if i % 2:
            sans = [with_pawn_letter(san) for san in sans]
        games.append(VariantGame(tags, sans, fens, result))
    return games


def movetext(game):
    """The moves with their numbers, and the result, in lines of at most 79 columns."""
    fields = game.fens[0].split()
    white, number = fields[1] == "w", int(fields[-1])
    tokens = []
    for ply, san in enumerate(game.sans):
        if white:
            tokens.append(f"{number}.")
        elif ply == 0:
            tokens.append(f"{number}...")
        tokens.append(san)
        if not white:
            number += 1
        white = not white
    tokens.append(game.result)
    # No break at the hyphens of O-O-O or 1/2-1/2.
    return textwrap.fill(" ".join(tokens), 79, break_on_hyphens=False, break_long_words=False)


def pgn_text(games):
    parts = []
    for game in games:
        tags = dict(game.tags, Result=game.result)
        order = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant", "FEN",
                 "SetUp"]
        head = "".join(f'[{name} "{tags[name]}"]\n' for name in order if name in tags)
        parts.append(head + "\n" + movetext(game) + "\n")
    return "\n".join(parts)


def write_pgn(directory, variant, games):
    path = directory / (variant.lower().replace(" ", "-") + ".pgn")
    path.write_text(pgn_text(games), encoding="utf-8")
    return path


def first_difference(variant, games, fens, path):
    """The message for the first position whose FEN in `fens` (every position of every game, in
    order) is not python-chess's, or for a count that differs; None when all are equal."""
    line = 0
    for number, game in enumerate(games, 1):
        for ply, expected in enumerate(game.fens):
            if line >= len(fens):
                return (f"{variant}: fenkit wrote {len(fens)} positions, python-chess "
                        f"{sum(len(g.fens) for g in games)}: none for game {number}, ply {ply} "
                        f"and after (games in {path})")
            if fens[line] != expected:
                san = game.sans[ply - 1] if ply else "(start position)"
                before = f"\n  before:       {game.fens[ply - 1]}" if ply else ""
                return (f"{variant}: game {number}, ply {ply}, after {san}:{before}\n"
                        f"  python-chess: {expected}\n  fenkit:       {fens[line]}\n"
                        f"  (line {line + 1} of the output; games in {path})")
            line += 1
    if line != len(fens):
        return (f"{variant}: fenkit wrote {len(fens)} positions, python-chess {line}; the first "
                f"extra one: {fens[line]} (games in {path})")
    return None


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_replay_gives_python_chess_fens(fenkit_binary, tmp_path, variant):
    games = variant_games(variant, game_count())
    path = write_pgn(tmp_path, variant, games)
    run = subprocess.run([fenkit_binary, *REPLAY_ARGS, str(path)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, check=False)
    status, errors = run.returncode, run.stderr.decode("utf-8", "replace").splitlines()
    assert status == 0, (f"fenkit {' '.join(REPLAY_ARGS)} {path} exited {status}:\n"
                         + "\n".join(errors[:20])
                         + (f"\n... and {len(errors) - 20} lines more" if len(errors) > 20 else ""))
    fens = run.stdout.decode("utf-8").splitlines()
    message = first_difference(variant, games, fens, path)
    assert message is None, message


def fenkit_with_variants():
    """The fenkit module, or a skip while it has no `fenkit.variant`."""
    fenkit = pytest.importorskip("fenkit")
    if not hasattr(fenkit, "variant") and importlib.util.find_spec("fenkit.variant") is None:
        pytest.skip("fenkit.variant does not exist yet")
    return fenkit


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_python_module_gives_python_chess_fens(tmp_path, variant):
    fenkit = fenkit_with_variants()
    games = variant_games(variant, game_count())[:MODULE_GAMES]
    path = write_pgn(tmp_path, variant, games)

    read = list(fenkit.read_games(path))
    assert len(read) == len(games)
    fens = [fen for game in read for fen in game.fens(ep="legal", with_start=True)]
    message = first_difference(variant, games, fens, path)
    assert message is None, "read_games: " + message

    data = fenkit.replay(path, columns=["fen"], with_start=True, ep="legal", errors="raise")
    message = first_difference(variant, games, list(data["fen"]), path)
    assert message is None, "replay: " + message
