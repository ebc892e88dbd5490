"""Scripts written for python-chess, each run twice by test_python_chess_idioms.py: with
python-chess, and with `import fenkit as chess` in its place. Each prints what it finds; the two
runs must print the same. They cover what python-chess's documentation shows: boards, moves,
squares, FEN/EPD, Chess960, PGN reading, editing and writing, visitors, Polyglot books.

A script reads its inputs from DATA (tests/data of this repository) and writes to TMP.
"""

IDIOMS = {}


def idiom(name, code):
    IDIOMS[name] = code


# ---------------------------------------------------------------------------- Boards and moves

idiom("scholars_mate", """
import chess
board = chess.Board()
for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"]:
    print(board.push_san(san))
print(board.is_checkmate(), board.is_check(), board.outcome())
print(repr(board))
print(board)
""")

idiom("legal_moves_listed", """
import chess
board = chess.Board()
print([board.san(m) for m in board.legal_moves])
print(board.legal_moves.count(), bool(board.legal_moves))
print(chess.Move.from_uci("a8a1") in board.legal_moves, chess.Move.from_uci("g1f3") in board.legal_moves)
board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
print([m.uci() for m in board.legal_moves])
board = chess.Board("4k3/8/8/8/8/8/4q3/R3K2R w KQ - 0 1")
print([m.uci() for m in board.legal_moves])
""")

idiom("push_pop_peek", """
import chess
board = chess.Board()
board.push(chess.Move.from_uci("g1f3"))
board.push_uci("d7d5")
print(board.peek(), board.pop(), board.move_stack, board.fen())
""")

idiom("push_without_legality", """
import chess
board = chess.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
board.push(chess.Move.from_uci("g1f3"))
print(board.fen())
print(board.pop())
print(board.fen())
""")

idiom("draw_rules", """
import chess
board = chess.Board()
for _ in range(2):
    for uci in ["g1f3", "g8f6", "f3g1", "f6g8"]:
        board.push_uci(uci)
print(board.can_claim_threefold_repetition(), board.is_repetition(), board.halfmove_clock)
print(board.can_claim_fifty_moves(), board.can_claim_draw(), board.is_fivefold_repetition(),
      board.is_seventyfive_moves(), board.outcome(claim_draw=True))
print(board.is_game_over(), board.is_game_over(claim_draw=True), board.result(claim_draw=True))
""")

idiom("stalemate_and_material", """
import chess
board = chess.Board("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
print(board.is_stalemate(), board.outcome(), board.result())
board = chess.Board("8/8/8/2k5/4K3/8/8/8 w - - 4 45")
print(board.is_insufficient_material(), board.piece_at(chess.C5), board.outcome())
print(board.has_insufficient_material(chess.WHITE))
""")

idiom("checks_and_attacks", """
import chess
board = chess.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
print(board.is_check(), board.is_attacked_by(chess.WHITE, chess.E8))
attackers = board.attackers(chess.WHITE, chess.F3)
print(repr(attackers), chess.G2 in attackers)
print(attackers)
print(board.checkers(), list(board.checkers()))
print(board.attacks(chess.F7))
""")

idiom("san_lan_uci", """
import chess
board = chess.Board()
print(board.san(chess.Move(chess.E2, chess.E4)), board.lan(chess.Move(chess.G1, chess.F3)))
print(board.parse_san("Nf3"), board.parse_uci("e2e4"), board.uci(chess.Move.from_uci("b1c3")))
print(board.variation_san([chess.Move.from_uci(m) for m in ["e2e4", "e7e5", "g1f3"]]))
board.push_san("e4")
print(board.variation_san([chess.Move.from_uci(m) for m in ["e7e5", "g1f3"]]))
""")

idiom("san_errors", """
import chess
board = chess.Board()
for text in ["Nf6", "Qd4", "xx", "e5"]:
    try:
        board.parse_san(text)
    except ValueError as error:
        print(type(error).__name__, isinstance(error, ValueError))
board = chess.Board("4k3/8/8/8/8/8/8/R3K2R w - - 0 1")
try:
    board.parse_san("R1d1")
    print("ok")
except ValueError as error:
    print(type(error).__name__)
board = chess.Board("4k3/8/8/8/8/8/8/N3KN2 w - - 0 1")
try:
    board.parse_san("Nd2")
except chess.AmbiguousMoveError:
    print("ambiguous")
""")

idiom("fen_forms", """
import chess
board = chess.Board()
print(board.fen(), board.shredder_fen(), board.board_fen(), board.epd())
board.push_san("e4")
print(board.fen(), board.fen(en_passant="fen"), board.fen(en_passant="xfen"))
board.push_san("d5")
board.push_san("e5")
board.push_san("f5")
print(board.fen(), board.ep_square, board.has_legal_en_passant(), board.has_pseudo_legal_en_passant())
board = chess.Board("8/8/8/2k5/4K3/8/8/8 w - - 4 45")
print(board.piece_at(chess.C5), board.fullmove_number, board.halfmove_clock, board.ply())
""")

idiom("epd_write_and_read", """
import chess
board = chess.Board()
print(board.epd(bm=board.parse_uci("d2d4")))
print(board.epd(hmvc=board.halfmove_clock, fmvn=board.fullmove_number))
print(board.epd(id="quote \\" here", am=[board.parse_san("e4"), board.parse_san("a3")], ce=1.5, noop=None))
ops = board.set_epd('1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";')
print(ops, board.fen())
board, ops = chess.Board.from_epd("r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - bm Rxf4; id \\"ERET 001\\"; c0 \\"x\\"; hmvc 3; fmvn 20;")
print(ops, board.fen())
""")

idiom("set_pieces", """
import chess
board = chess.Board(None)
print(repr(board), board.status())
board.set_piece_at(chess.E1, chess.Piece(chess.KING, chess.WHITE))
board.set_piece_at(chess.E8, chess.Piece.from_symbol("k"))
board.set_piece_at(chess.D1, chess.Piece(chess.QUEEN, chess.WHITE))
print(board.fen(), board.is_valid(), board.status())
print(board.remove_piece_at(chess.D1), board.remove_piece_at(chess.D1), board.fen())
board.set_piece_map({chess.A1: chess.Piece.from_symbol("K"), chess.H8: chess.Piece.from_symbol("k")})
print(board.piece_map(), board.board_fen())
board.clear()
print(board.fen(), bool(board.legal_moves))
""")

idiom("set_state", """
import chess
board = chess.Board()
print(bool(board.castling_rights & chess.BB_H1), board.castling_rights)
board.castling_rights &= ~chess.BB_H1
print(board.fen(), board.has_kingside_castling_rights(chess.WHITE))
board.castling_rights |= chess.BB_H1
print(board.fen())
board.turn = chess.BLACK
print(board.fen(), board.turn)
board.set_castling_fen("Qk")
print(board.fen(), board.castling_xfen(), board.castling_shredder_fen())
board.halfmove_clock = 12
board.fullmove_number = 30
print(board.fen())
board.set_board_fen("4k3/8/8/8/8/8/8/4K3")
print(board.fen())
board.reset()
print(board.fen(), board == chess.Board())
""")

idiom("status_flags", """
import chess
for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
            "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]:
    board = chess.Board(fen)
    print(int(board.status()), board.is_valid())
""")

idiom("pins", """
import chess
board = chess.Board("rnb1k2r/ppp2ppp/5n2/3q4/1b1P4/2N5/PP3PPP/R1BQKBNR w KQkq - 3 7")
print(board.is_pinned(chess.WHITE, chess.C3), board.is_pinned(chess.WHITE, chess.D4))
direction = board.pin(chess.WHITE, chess.C3)
print(repr(direction))
print(direction)
print(chess.E1 in direction, board.pin(chess.WHITE, chess.G1) == chess.BB_ALL)
""")

idiom("pseudo_legal", """
import chess
board = chess.Board("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
print(sorted(m.uci() for m in board.pseudo_legal_moves))
print(sorted(m.uci() for m in board.legal_moves))
print(board.is_pseudo_legal(chess.Move.from_uci("e1f1")), board.is_legal(chess.Move.from_uci("e1f1")))
print(board.is_pseudo_legal(chess.Move.from_uci("e1d1")), board.is_into_check(chess.Move.from_uci("e1f2")))
print(board.was_into_check())
""")

idiom("generate_families", """
import chess
board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
print([m.uci() for m in board.generate_legal_captures()])
print([m.uci() for m in board.generate_castling_moves()])
print([m.uci() for m in board.generate_legal_moves(chess.BB_E5)])
print(len(list(board.generate_pseudo_legal_moves())))
""")

idiom("mirror_and_transform", """
import chess
board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
print(board.mirror().fen())
print(board.transform(chess.flip_vertical).board_fen())
print(board.transform(chess.flip_horizontal).board_fen())
print(board.transform(chess.flip_diagonal).board_fen())
copy = board.copy()
copy.apply_mirror()
print(copy.fen(), board.fen())
""")

idiom("unicode_board", """
import chess
board = chess.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
print(board.unicode())
print(board.unicode(invert_color=True, borders=True, empty_square="."))
print(board.unicode(orientation=chess.BLACK))
""")

idiom("chess960", """
import chess
board = chess.Board.from_chess960_pos(0)
print(board.fen(), board.chess960, board.chess960_pos())
board = chess.Board.from_chess960_pos(518)
print(board.fen(), board.chess960_pos(), chess.Board().chess960_pos())
board = chess.Board("bqnb1rk1/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRK1 w Ff - 2 9", chess960=True)
print(board.fen())
board = chess.Board("rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1", chess960=True)
print(sorted(m.uci() for m in board.legal_moves if board.is_castling(m)), board.fen(), board.shredder_fen())
board.push_san("O-O-O")
print(board.fen(), board.move_stack)
print([chess.Board.from_chess960_pos(n).board_fen() for n in (1, 100, 959)])
""")

idiom("copy_pickle_equality", """
import chess, copy, pickle
board = chess.Board()
board.push_san("e4")
board.push_san("c5")
clone = pickle.loads(pickle.dumps(board))
print(clone.move_stack, clone == board, clone.fen())
print(clone.pop(), clone.fen())
print(board.copy().move_stack, board.copy(stack=False).move_stack, copy.deepcopy(board).move_stack)
print(board.root().fen(), chess.Board() == chess.Board(), board == chess.Board())
print(board.copy(stack=1).move_stack)
""")

idiom("occupied_and_masks", """
import chess
board = chess.Board()
print(board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.occupied)
print(board.pawns, board.kings, board.knights & board.occupied_co[chess.BLACK])
print(board.pieces(chess.KNIGHT, chess.WHITE), list(board.pieces(chess.ROOK, chess.BLACK)))
print(board.king(chess.WHITE), board.piece_type_at(chess.D1), board.color_at(chess.D8))
print(len(board.piece_map()), board.piece_map()[chess.E1])
""")

idiom("material_count", """
import chess
board = chess.Board("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4")
values = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
for color in chess.COLORS:
    print(chess.COLOR_NAMES[color], sum(len(board.pieces(t, color)) * v for t, v in values.items()))
""")

idiom("squares_and_names", """
import chess
print(chess.square(4, 3), chess.square_name(chess.E4), chess.parse_square("h8"))
print(chess.square_file(chess.G7), chess.square_rank(chess.G7), chess.square_mirror(chess.E2))
print(chess.square_distance(chess.A1, chess.H8), chess.square_manhattan_distance(chess.A1, chess.H8))
print(chess.square_knight_distance(chess.A1, chess.H8), chess.SQUARE_NAMES[:3], chess.FILE_NAMES)
print(chess.piece_symbol(chess.KNIGHT), chess.piece_name(chess.QUEEN), chess.PIECE_TYPES)
print(chess.Piece.from_symbol("N"), repr(chess.Piece(chess.PAWN, chess.BLACK)), chess.Piece.from_symbol("q").unicode_symbol())
print(chess.STARTING_FEN, chess.STARTING_BOARD_FEN)
""")

idiom("moves_as_values", """
import chess
move = chess.Move.from_uci("e7e8q")
print(move, repr(move), move.from_square, move.to_square, move.promotion, move.drop)
print(bool(chess.Move.null()), chess.Move.null().uci(), chess.Move(chess.E2, chess.E4) == chess.Move.from_uci("e2e4"))
print(len({chess.Move.from_uci("e2e4"), chess.Move.from_uci("e2e4")}))
try:
    chess.Move.from_uci("e2e9")
except ValueError:
    print("invalid")
""")

idiom("square_sets", """
import chess
squares = chess.SquareSet([chess.A8, chess.A1])
print(repr(squares))
squares = chess.SquareSet(chess.BB_A8 | chess.BB_RANK_1)
print(repr(squares), len(squares), bool(squares), chess.B1 in squares, list(squares), int(squares))
print(squares)
print(chess.SquareSet.ray(chess.E2, chess.B5))
print(chess.SquareSet.between(chess.E2, chess.B5))
print(chess.SquareSet.from_square(chess.A1) == chess.BB_A1)
s = chess.SquareSet()
s.add(chess.E4); s.add(chess.D4); s.discard(chess.D4)
print(repr(s), s.issubset(chess.BB_CENTER), squares.isdisjoint(chess.BB_CENTER), list(reversed(squares)))
print(repr(squares | chess.BB_E4), repr(squares - chess.BB_A1), repr(~squares), repr(squares.mirror()))
print(list(chess.SquareSet(chess.BB_LIGHT_SQUARES & chess.BB_RANK_1)), chess.popcount(chess.BB_DARK_SQUARES))
print(chess.lsb(chess.BB_RANK_2), chess.msb(chess.BB_RANK_2), list(chess.scan_reversed(chess.BB_RANK_1 & chess.BB_FILE_C | chess.BB_H1)))
""")

# ---------------------------------------------------------------------------- PGN

idiom("read_first_game", """
import chess.pgn
with open(DATA / "pgn" / "annotated.pgn") as pgn:
    game = chess.pgn.read_game(pgn)
print(game.headers["White"], game.headers["Black"], game.headers["Result"])
print(game.mainline())
print(game.end().board().fen())
""")

idiom("read_game_loop", """
import chess.pgn
count = 0
with open(DATA / "pgn" / "suite.pgn") as pgn:
    while True:
        game = chess.pgn.read_game(pgn)
        if game is None:
            break
        count += 1
        print(game.headers.get("Event"), len(list(game.mainline_moves())), game.headers["Result"])
print(count)
""")

idiom("walrus_loop_positions", """
import chess.pgn
with open(DATA / "pgn" / "suite.pgn") as pgn:
    while (game := chess.pgn.read_game(pgn)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        print(board.fen(), board.ply())
""")

idiom("one_game_at_a_time", """
import chess.pgn, io
text = open(DATA / "pgn" / "suite.pgn").read()
handle = io.StringIO(text)
first = chess.pgn.read_game(handle)
rest = handle.read()
print(first.headers.get("Event"), len(rest) > 0, rest.lstrip()[:20])
""")

idiom("node_walk", """
import chess.pgn
with open(DATA / "pgn" / "annotated.pgn") as pgn:
    game = chess.pgn.read_game(pgn)
node = game
while node.variations:
    next_node = node.variation(0)
    print(node.board().san(next_node.move), next_node.ply(), next_node.turn(), next_node.comment, sorted(next_node.nags))
    node = next_node
print(node.is_end(), node.parent.move, game.next().move)
""")

idiom("variations_tree", """
import chess.pgn
with open(DATA / "pgn" / "annotated.pgn") as pgn:
    game = chess.pgn.read_game(pgn)

def walk(node, depth):
    for child in node.variations:
        print("  " * depth + child.san(), child.is_mainline(), child.is_main_variation(), child.starts_variation(), repr(child.starting_comment))
        walk(child, depth + 1)
walk(game, 0)
print(repr(game.comment))
""")

idiom("mainline_nodes", """
import chess.pgn
with open(DATA / "pgn" / "lichess-style.pgn") as pgn:
    game = chess.pgn.read_game(pgn)
for node in game.mainline():
    print(node.move, node.san(), node.uci(), node.eval(), node.clock(), node.comment)
print(list(reversed(game.mainline()))[0].san(), bool(game.mainline()))
""")

idiom("headers_defaults", """
import chess.pgn, io
game = chess.pgn.read_game(io.StringIO("1. e4 e5 *"))
print(game.headers["Event"], game.headers["Date"], dict(game.headers), len(game.headers))
print(list(game.headers), game.headers.get("Annotator"), "White" in game.headers)
game = chess.pgn.Game()
print(dict(game.headers), repr(chess.pgn.Game.without_tag_roster().headers))
""")

idiom("edit_and_export", """
import chess, chess.pgn, io
game = chess.pgn.read_game(io.StringIO('[Event "x"]\\n\\n1. e4 e5 2. Nf3 *'))
game.headers["Annotator"] = "me"
game.headers["Event"] = "Edited"
node = game.next()
node.comment = "best by test"
node.nags.add(chess.pgn.NAG_GOOD_MOVE)
side = node.add_variation(chess.Move.from_uci("c7c5"))
side.comment = "sicilian"
side.starting_comment = "or"
game.end().add_main_variation(chess.Move.from_uci("b8c6"))
print(game)
game.next().promote(side)
print(game)
del game.headers["Annotator"]
print(game)
""")

idiom("build_game", """
import chess, chess.pgn
game = chess.pgn.Game()
game.headers["Event"] = "Example"
node = game.add_variation(chess.Move.from_uci("e2e4"))
node = node.add_variation(chess.Move.from_uci("e7e5"))
node.comment = "Comment"
print(game)
game.add_line([chess.Move.from_uci("d2d4"), chess.Move.from_uci("d7d5")], comment="queen's")
print(game)
game.remove_variation(game.variations[1])
game.comment = "before the first move"
print(game)
""")

idiom("game_from_board", """
import chess, chess.pgn
board = chess.Board()
for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"]:
    board.push_san(san)
game = chess.pgn.Game.from_board(board)
game.headers["White"] = "A"
print(game)
board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
board.push_san("e4")
game = chess.pgn.Game.from_board(board)
print(game)
print(game.board().fen(), game.headers.get("FEN"), game.headers.get("SetUp"))
""")

idiom("exporters", """
import chess.pgn, io
with open(DATA / "pgn" / "annotated.pgn") as pgn:
    game = chess.pgn.read_game(pgn)
print(game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True)))
print(game.accept(chess.pgn.StringExporter(headers=False, variations=False, comments=False)))
print(game.accept(chess.pgn.StringExporter(columns=None)))
out = io.StringIO()
written = game.accept(chess.pgn.FileExporter(out))
print(written, len(out.getvalue()), out.getvalue() == str(game) + "\\n\\n")
""")

idiom("export_corpus_games", """
import chess.pgn
for name in ["suite.pgn", "annotated.pgn", "lichess-style.pgn", "replay-oracle.pgn", "material.pgn"]:
    with open(DATA / "pgn" / name) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            print(game)
            print()
""")

idiom("visitor_counts", """
import chess.pgn

class Counter(chess.pgn.BaseVisitor):
    def begin_game(self):
        self.moves = 0
        self.comments = 0
    def visit_move(self, board, move):
        self.moves += 1
    def visit_comment(self, comment):
        self.comments += 1
    def result(self):
        return (self.moves, self.comments)

with open(DATA / "pgn" / "annotated.pgn") as pgn:
    print(chess.pgn.read_game(pgn, Visitor=Counter))
with open(DATA / "pgn" / "annotated.pgn") as pgn:
    game = chess.pgn.read_game(pgn)
print(game.accept(Counter()))
""")

idiom("headers_and_skipping", """
import chess.pgn
offsets = []
with open(DATA / "pgn" / "suite.pgn") as pgn:
    while True:
        offset = pgn.tell()
        headers = chess.pgn.read_headers(pgn)
        if headers is None:
            break
        offsets.append((offset, headers.get("White")))
print(offsets)
with open(DATA / "pgn" / "suite.pgn") as pgn:
    print(chess.pgn.skip_game(pgn), chess.pgn.read_game(pgn).headers.get("White"))
    for offset, white in offsets:
        pgn.seek(offset)
        print(chess.pgn.read_game(pgn).headers.get("White") == white)
""")

idiom("reading_errors", """
import chess.pgn, io
game = chess.pgn.read_game(io.StringIO('[Event "x"]\\n\\n1. e4 e5 2. Qxf7 Nf6 *\\n'))
print(len(game.errors) > 0, [str(m) for m in game.mainline_moves()], game.headers["Event"])
print(all(isinstance(e, Exception) for e in game.errors))
""")

idiom("eval_and_clock", """
import chess, chess.pgn, chess.engine, io
game = chess.pgn.read_game(io.StringIO("1. e4 { [%eval 0.17] [%clk 0:03:00] } e5 { [%eval #-3] [%clk 0:02:59.5] } 2. Nf3 { [%emt 0:00:05] } *"))
for node in game.mainline():
    print(node.eval(), node.eval_depth(), node.clock(), node.emt(), node.comment)
node = game.next()
node.set_eval(chess.engine.PovScore(chess.engine.Cp(-30), chess.WHITE))
node.set_clock(61.5)
print(game)
""")

# ---------------------------------------------------------------------------- Polyglot

idiom("polyglot_lookup", """
import chess, chess.polyglot, struct
def raw(uci):
    f, t = chess.parse_square(uci[:2]), chess.parse_square(uci[2:4])
    return chess.square_file(t) | chess.square_rank(t) << 3 | chess.square_file(f) << 6 | chess.square_rank(f) << 9
entries = [(0x463b96181691fc9c, raw("e2e4"), 10, 0), (0x463b96181691fc9c, raw("d2d4"), 5, 7),
           (0x463b96181691fc9c, raw("g1f3"), 0, 0), (0x823c9b50fd114196, raw("c7c5"), 3, 0)]
path = TMP / "book.bin"
path.write_bytes(b"".join(struct.pack(">QHHI", *e) for e in sorted(entries)))
board = chess.Board()
print(hex(chess.polyglot.zobrist_hash(board)))
with chess.polyglot.open_reader(path) as reader:
    for entry in reader.find_all(board):
        print(entry.move, entry.weight, entry.learn, hex(entry.key), entry.raw_move)
    print(reader.find(board).move, len(reader), [e.move for e in reader.find_all(board, minimum_weight=0)])
    print(reader.get(chess.Board("8/8/8/8/8/8/8/K6k w - - 0 1")))
    board.push_san("e4")
    print(hex(chess.polyglot.zobrist_hash(board)), reader.find(board).move)
    print([e.move for e in reader.find_all(chess.Board(), exclude_moves=[chess.Move.from_uci("e2e4")])])
""")

idiom("uci_drops_and_errors", """
import chess
for text in ["e7e8q", "g7g8p", "N@f3", "P@e4", "0000", "", "e2e2", "e2e9", "Q@z9", "e7e8Q"]:
    try:
        move = chess.Move.from_uci(text)
        print(repr(move), move.uci(), bool(move), move.drop, move.promotion)
    except chess.InvalidMoveError as error:
        print("invalid", isinstance(error, ValueError))
board = chess.Board()
print(board.is_legal(chess.Move.from_uci("g7g8p")), chess.Move.from_uci("g1f3") in board.legal_moves)
""")

idiom("flips_leave_square_sets_alone", """
import chess
squares = chess.SquareSet(0x1e22_2212_0e0a_1222)
for f in [chess.flip_vertical, chess.flip_horizontal, chess.flip_diagonal, chess.flip_anti_diagonal]:
    print(hex(int(f(squares))), hex(int(squares)))
""")

idiom("castling_selected_by_rook", """
import chess
board = chess.Board("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
print([m.uci() for m in board.generate_castling_moves(chess.BB_ALL, chess.BB_ALL & ~chess.BB_H1)])
print(list(board.generate_castling_moves(chess.BB_ALL & ~board.kings)))
board = chess.Board("3r1k1r/4pp2/8/8/8/8/8/4RKR1 w Gd - 1 1", chess960=True)
move = board.parse_san("O-O")
print(board.san(move), board.xboard(move), move, board.xboard(chess.Move.from_uci("e1e2")))
""")
