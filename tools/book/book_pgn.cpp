// PGN input of `fenkit book build`: chunks of games read on -j threads (epd/book_games.hpp),
// their plies handed to the builder in input order.
#include "book.hpp"
#include "fenkit/epd/book_games.hpp"

namespace fenkit::tools {

void add_pgn_games(CommandRun& run, io::InputSource& input, std::uint64_t size,
                   epd::BookBuilder& builder, int max_ply, const pgn::GameFilter& filter,
                   unsigned jobs, BookInputTotals& totals) {
  pgn::ReaderOptions reader;
  reader.move_locations = false;
  reader.comments = false;
  // Books take the main line only, as Polyglot reads it: a bad move in a side line is a
  // warning, not the end of the game.
  reader.reject_bad_variations = false;
  pgn::ArchiveOptions archive;
  archive.jobs = jobs;
  archive.first_game = totals.games + 1;
  archive.numbered_later = true;  // books hold no game numbers
  archive.limit_to(filter);
  const bool warnings = run.diagnostics().show_warnings();
  run.read_games<epd::BookGames>(
      input, size, archive,
      pgn::visit_chunks<epd::BookGames>(
          reader,
          [&](const io::InputSource& in, epd::BookGames& result) {
            return epd::BookGameSelector(&filter, result, max_ply, in.name(), warnings);
          }),
      [&](epd::BookGames& result) {
        run.take(result.report);
        result.add_to(builder);
        totals.games += result.report.games;
        totals.rejected_games += result.report.rejected;
        totals.selected_games += result.games.size();
        totals.variant_games += result.variant_games;
      });
}

}  // namespace fenkit::tools
