// PGN input of `fenkit book build`: chunks of games read on -j threads (epd/book_games.hpp),
// their plies handed to the builder in input order.
#include "archive_events.hpp"
#include "book.hpp"
#include "fenkit/epd/book_games.hpp"
#include "fenkit/pgn/archive.hpp"

namespace fenkit::tools {

void add_pgn_games(const std::vector<std::string>& paths, epd::BookBuilder& builder, int max_ply,
                   const pgn::GameFilter& filter, unsigned jobs, Diagnostics& diag,
                   Progress& progress, BookInputTotals& totals) {
  pgn::ReaderOptions reader;
  reader.move_locations = false;
  reader.comments = false;
  // Books take the main line only, as Polyglot reads it: a bad move in a side line is a
  // warning, not the end of the game.
  reader.reject_bad_variations = false;
  pgn::ArchiveOptions archive;
  archive.jobs = jobs;
  ReportedEvents events(diag, progress);
  pgn::read_archive<epd::BookGames>(
      paths, archive, events,
      [&](const pgn::Chunk& chunk, const pgn::InputSource& input, epd::BookGames& result) {
        epd::BookGameVisitor visitor(result, max_ply, input.name(), diag.show_warnings(), filter);
        pgn::ReaderOptions options = reader;
        options.file_name = input.name();
        pgn::read_chunk(chunk, visitor, options);
      },
      [&](epd::BookGames& result) {
        diag.print(result.report.lines, result.report.errors, result.report.warnings);
        result.add_to(builder);
        totals.games += result.report.games;
        totals.rejected_games += result.report.rejected;
        totals.selected_games += result.games.size();
      });
}

}  // namespace fenkit::tools
