// The rows of a replay as bytes, for a data set made in one process and used in another (the
// partitions of fenkit.dask that compute() brings to the client). A worker packs each chunk's
// columns as the reader made them (pgn::PositionColumns), with no Python object made; the client
// unpacks every part, as it arrives and in order, into one ColumnBuilder (fenkit._RowUnpacker),
// the code that makes fenkit.replay's columns, so the strs are made once, in the process that
// uses them, in the form replay_frame gives.
//
// Packed: a header (a mark, the byte order, the columns asked for), then per chunk its size
// and the size stored, and its columns: as they are (stored size 0) for a process on the same
// machine, or as one zstd frame for one across a network.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "columns.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/position_columns.hpp"

namespace fenkit::python {

// Packs chunk after chunk. Needs no GIL.
class RowPacker {
 public:
  // `ep`: how the FENs of the rows are written (those given as moves are written by the
  // unpacker).
  RowPacker(const std::vector<ColumnSpec>& specs, fen::EpMode ep, bool compressed);
  ~RowPacker();
  RowPacker(const RowPacker&) = delete;
  RowPacker& operator=(const RowPacker&) = delete;

  void append(const pgn::PositionColumns& chunk);
  // The bytes of every chunk appended so far, as a NumPy array of uint8 that owns them (no
  // copy): the last call, after which the packer holds nothing. Needs the GIL.
  py::array release();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fenkit::python
