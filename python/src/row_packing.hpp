// The rows of a replay as bytes, for a data set made in one process and used in another (the
// partitions of fenkit.dask that compute() brings to the client). A worker packs each chunk's
// columns as the reader made them (pgn::PositionColumns), with no Python object made; the client
// unpacks every part, as it arrives and in order, into one ColumnBuilder (fenkit._RowUnpacker),
// the code that makes fenkit.replay's columns, so the strs are made once, in the process that
// uses them, in the form replay_frame gives.
//
// Packed: a header (a mark, the byte order, the columns asked for), then per chunk its size
// unpacked and packed, and its columns as one zstd frame (at a fast level: see kLevel).
#pragma once

#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "columns.hpp"
#include "fenkit/pgn/detail/output_buffer.hpp"
#include "fenkit/pgn/position_columns.hpp"

namespace fenkit::python {

// Packs chunk after chunk. Needs no GIL.
class RowPacker {
 public:
  explicit RowPacker(const std::vector<ColumnSpec>& specs);
  ~RowPacker();
  RowPacker(const RowPacker&) = delete;
  RowPacker& operator=(const RowPacker&) = delete;

  void append(const pgn::PositionColumns& chunk);
  // The bytes of every chunk appended so far, handed over (freed with std::free), and their
  // count: the last call, after which the packer holds nothing.
  std::pair<pgn::detail::OutputBuffer::Bytes, std::size_t> release();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fenkit::python
