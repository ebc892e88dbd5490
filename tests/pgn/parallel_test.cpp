// detail::process_in_order: the results come out in input order, each holding what its own chunk
// made and nothing of a chunk before it, whether its type can be cleared (a result's buffers then
// serve one chunk after another) or not.
#include <gtest/gtest.h>

#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/detail/parallel.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::pgn {
namespace {

// What a worker made of its chunk: the chunk's text, appended to whatever the result held.
struct Copied {
  std::string text;
  std::uint64_t sequence = 0, offset = 0;
};
struct ClearableCopied : Copied {
  static inline unsigned clears = 0;  // touched on the calling thread only
  void clear() {
    text.clear();
    ++clears;
  }
};

// `streamed`: the input comes as a stream, whose chunks' texts the chunker keeps in buffers of
// its own (handed back when a chunk is done with); else it is all in memory.
template <typename Result>
void expect_each_chunk_once_in_order(unsigned jobs, bool streamed = false) {
  std::string text;
  for (int game = 0; game < 400; ++game)
    text += "[Event \"game " + std::to_string(game) + "\"]\n\n1. e4 e5 *\n\n";
  std::istringstream stream(text);
  const auto input = streamed ? io::stream_input(stream) : io::memory_input(text);
  Chunker chunker(*input, 300, 1, Chunker::Cut::counted);
  std::uint64_t next_sequence = 0, covered = 0;
  const auto work = [](const Chunk& chunk, Result& result) {
    result.text.append(chunk.text);
    result.sequence = chunk.sequence;
    result.offset = chunk.offset;
  };
  const auto emit = [&](Result& result) {
    EXPECT_EQ(result.sequence, next_sequence++);
    EXPECT_EQ(result.offset, covered);
    EXPECT_EQ(result.text, text.substr(covered, result.text.size()));
    covered += result.text.size();
  };
  const std::exception_ptr failure = detail::process_in_order<Result>(chunker, jobs, work, emit);
  EXPECT_FALSE(failure);
  EXPECT_EQ(covered, text.size());
  EXPECT_GT(next_sequence, 30U);
}

TEST(ProcessInOrder, ResultsThatCanBeClearedServeChunkAfterChunk) {
  for (const unsigned jobs : {1U, 2U, 3U}) {
    SCOPED_TRACE(jobs);
    ClearableCopied::clears = 0;
    expect_each_chunk_once_in_order<ClearableCopied>(jobs);
    // Each chunk after the first few was read into a result used before.
    EXPECT_GT(ClearableCopied::clears, 25U);
  }
}

TEST(ProcessInOrder, StreamedChunksComeOutInOrderToo) {
  for (const unsigned jobs : {1U, 2U, 3U}) {
    SCOPED_TRACE(jobs);
    expect_each_chunk_once_in_order<ClearableCopied>(jobs, true);
    expect_each_chunk_once_in_order<Copied>(jobs, true);
  }
}

TEST(ProcessInOrder, ResultsThatCannotBeClearedStartEmpty) {
  for (const unsigned jobs : {1U, 2U, 3U}) {
    SCOPED_TRACE(jobs);
    expect_each_chunk_once_in_order<Copied>(jobs);
  }
}

// A worker's failure, on any chunk, stops the run and is thrown on the calling thread (which may
// be waiting for an earlier chunk), after the results before it were emitted in order.
TEST(ProcessInOrder, AWorkerFailureIsThrownWhateverChunkItHitsAndWhateverTheWriterAwaits) {
  std::string text;
  for (int game = 0; game < 400; ++game)
    text += "[Event \"game " + std::to_string(game) + "\"]\n\n1. e4 e5 *\n\n";
  for (const unsigned jobs : {2U, 3U}) {
    for (const std::uint64_t failing : {std::uint64_t(0), std::uint64_t(1), std::uint64_t(7)}) {
      SCOPED_TRACE(std::to_string(jobs) + " threads, failing chunk " + std::to_string(failing));
      const auto input = io::memory_input(text);
      Chunker chunker(*input, 300, 1, Chunker::Cut::counted);
      std::uint64_t emitted = 0;
      const auto work = [failing](const Chunk& chunk, Copied& result) {
        if (chunk.sequence == failing) throw std::runtime_error("chunk failed");
        result.sequence = chunk.sequence;
      };
      const auto emit = [&](Copied& result) { EXPECT_EQ(result.sequence, emitted++); };
      EXPECT_THROW(detail::process_in_order<Copied>(chunker, jobs, work, emit), std::runtime_error);
      EXPECT_LE(emitted, failing);
    }
  }
}

}  // namespace
}  // namespace fenkit::pgn
