"""Board planes: replay(planes=True) columns and Position.planes(), against the position each
row's FEN gives."""

import numpy as np
import pytest

import fenkit
from conftest import fixture_pgns

# The Variant tags of the fixtures whose FENs standard chess does not read.
VARIANTS = {"Crazyhouse", "Three-check", "Atomic", "Antichess", "King of the Hill", "Racing Kings",
            "Horde"}


@pytest.mark.parametrize("ep", ["standard", "legal"])
def test_plane_columns_are_the_positions_of_the_rows(ep):
    rows = 0
    for path in fixture_pgns():
        data = fenkit.replay(path, planes=True, with_start=True, variations=True, ep=ep,
                             errors="skip", tags=["Variant"])
        letters = "PNBRQKpnbrqk"
        assert all(data[c].dtype == np.uint64 for c in letters)
        assert data["turn"].dtype == np.bool_ and data["ep_square"].dtype == np.int8
        for i, fen in enumerate(data["fen"]):
            # (A variant game's FEN is read by its rules: a crazyhouse pocket, three-check's checks.)
            variant = data["Variant"][i] if data["Variant"][i] in VARIANTS else "standard"
            pos = fenkit.Position(fen, chess960=fenkit.Position(fen, variant=variant).chess960,
                                  variant=variant)
            masks = [int(data[c][i]) for c in letters]
            assert masks == [int(m) for m in pos.planes()], fen
            assert masks == [pos.pieces_mask(t, c) for c in fenkit.COLORS for t in fenkit.PIECE_TYPES]
            assert bool(data["turn"][i]) == pos.turn
            assert int(data["castling_rights"][i]) == pos.castling_rights, fen
            # The FEN was written in the same ep mode, so its square is the column's.
            expected = -1 if pos.ep_square is None else pos.ep_square
            assert int(data["ep_square"][i]) == expected, fen
            rows += 1
    assert rows > 500


def test_planes_go_with_columns_only(tmp_path):
    path = fixture_pgns()[0]
    with pytest.raises(ValueError, match="planes= goes with the columns of values"):
        fenkit.write_replay(path, tmp_path / "x.jsonl", planes=True)
    frame = fenkit.replay_frame(path, planes=True, columns=["game"])
    assert list(frame.columns)[:2] == ["game", "P"] and frame["K"].dtype == np.uint64
