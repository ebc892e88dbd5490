"""Game.mainline(): per move the SAN, UCI, comment, NAGs, evaluation and clock, as python-chess
gives them; and read_games(errors="partial")."""

import pickle

import pytest

import fenkit
from conftest import cli_jsonl, fixture_pgns


def test_nodes_hold_what_replay_writes_for_each_position(fenkit_binary):
    # The nodes come from the game tree; `fenkit replay` makes its columns from the reader's
    # events: two routes to the same values.
    compared = {"eval": 0, "mate": 0, "clk": 0, "comment": 0, "nags": 0}
    for path in fixture_pgns():
        rows = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--eval", "--clock",
                         "--comments", "--nags", path)
        by_place = {(row["game"], row["ply"]): row for row in rows}
        for game in fenkit.read_games(path, errors="skip"):
            for node in game.mainline():
                row = by_place[(game.number, node.ply())]
                assert node.san() == row["san"] and node.uci() == row["uci"], path
                assert node.move == fenkit.Move.from_uci(row["uci"])
                score = node.eval()
                if row["mate"] is not None:
                    assert score.white() == fenkit.Mate(row["mate"]) and score.is_mate()
                    compared["mate"] += 1
                elif row["eval"] is not None:
                    assert score.white().score() == row["eval"] == -score.black().score()
                    compared["eval"] += 1
                else:
                    assert score is None
                assert node.clock() == row["clk"]
                compared["clk"] += row["clk"] is not None
                assert node.comment == row["comment"]
                compared["comment"] += bool(row["comment"])
                assert node.nags == set(row["nags"])
                compared["nags"] += bool(row["nags"])
    assert all(count > 0 for count in compared.values()), compared


def test_node_positions_and_moves():
    path = fixture_pgns()[0]
    game = next(iter(fenkit.read_games(path)))
    line = game.mainline()
    assert [node.san() for node in line] == game.moves
    assert game.mainline_moves() == [node.move for node in line]
    fens = game.fens()
    for node in line[:12]:
        board = node.board()
        assert board.fen() == fens[node.ply() - 1]
        assert len(board.move_stack) == node.ply() and board.turn == node.turn()
    assert game.end().board().fen() == game.final_fen()
    assert game.headers == game.tags and game.board() == game.start


def test_mate_scores_as_python_chess_has_them():
    assert fenkit.Mate(3).score(mate_score=1000) == 997
    assert fenkit.Mate(-3).score(mate_score=1000) == -997
    assert fenkit.Mate(3).score() is None and fenkit.Cp(17).score() == 17
    score = fenkit.PovScore(fenkit.Cp(17), fenkit.WHITE)
    assert score.black() == fenkit.Cp(-17) and score.pov(fenkit.WHITE) == fenkit.Cp(17)


def test_partial_games_keep_the_moves_before_the_error(tmp_path):
    path = tmp_path / "partial.pgn"
    path.write_text('[Event "x"]\n\n1. e4 {[%clk 0:0:7]} e5 2. Nf3 Nc6 3. Bxh7 a6 *\n\n'
                    '[Event "y"]\n\n1. d4 *\n')
    partial = list(fenkit.read_games(path, errors="partial"))
    assert len(partial) == 2
    broken = partial[0]
    assert "illegal move Bxh7" in broken.error and broken.raw.startswith('[Event "x"]')
    assert broken.moves == ["e4", "e5", "Nf3", "Nc6"] and broken.plies == 4
    # [%clk 0:0:7]: seven seconds, as python-chess reads it.
    assert broken.mainline()[0].clock() == 7
    assert pickle.loads(pickle.dumps(broken)).moves == broken.moves
    assert partial[1].error is None and partial[1].moves == ["d4"]
    collected = next(iter(fenkit.read_games(path, errors="collect")))
    with pytest.raises(ValueError, match="no moves"):
        collected.moves
    with pytest.raises(ValueError, match="'partial'"):
        list(fenkit.read_games(path, errors="sometimes"))
