// fenkit pgn: select, deduplicate, classify, clean and export games.
//
// Chunks of games are read on -j threads; each keeps the games that pass the selection, written
// as asked, with a hash of each game's start and main line. The hashes are looked at in input
// order, so --unique keeps the first of a set of duplicates whatever the thread count.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "command_run.hpp"
#include "commands.hpp"
#include "game_hash_set.hpp"
#include "pgn_games.hpp"
#include "selection_options.hpp"

namespace fenkit::tools {

namespace {

constexpr const char* kNotes =
    "Input: PGN files, '-' or none for standard input; compressed input is read directly.\n"
    "Games are numbered from 1 across all files, rejected ones included. A game that cannot be\n"
    "replayed is reported with its place and left out (--rejects keeps its text); the exit\n"
    "status is then 1. The summary line says: G games, U used (written), R rejected, N not\n"
    "selected, D duplicates, S shorter than --dropply. Files named by -o, --split, --rejects,\n"
    "--duplicates and --not-selected appear when the run has ended well.";

po::options_description pgn_options() {
  po::options_description options("pgn options");
  add_output_option(options, "write to FILE (with --split: the prefix of the files)");
  options.add_options()
      ("format,f", one_of({"pgn", "jsonl"})->default_value("pgn"),
       "pgn (export format) or jsonl (one object per game: tags, moves, uci, start_fen, "
       "final_fen, plies, result, game, offset)")
      ("unique", "of games with the same start position and main line, keep the first")
      ("duplicates", po::value<std::string>()->value_name("FILE"),
       "write the games --unique leaves out to FILE")
      ("checkfile", po::value<std::vector<std::string>>()->value_name("FILE")->composing(),
       "with --unique: the games of FILE count as read before the input, and are not written: "
       "a game of the input that is one of them is a duplicate (repeatable; as pgn-extract -c)")
      ("fuzzydepth", integer(0), "with --unique: games are the same when the same pieces stand "
                                 "on the same squares after N plies (0: at the end; a shorter "
                                 "game: at its end), whatever the moves (as pgn-extract "
                                 "--fuzzydepth)")
      ("not-selected", po::value<std::string>()->value_name("FILE"),
       "write the games the selection leaves out to FILE, as they were read (as pgn-extract -n)")
      ("rejected", "write only the games that cannot be replayed, as they were read")
      ("notation", one_of({"san", "uci", "lalg", "xlalg"})->default_value("san"),
       "how moves are written: san; uci (e2e4 e7e8q, the moves alone, as engines take them: "
       "pgn-extract -Wuci); lalg (e2e4 e7e8Q, pgn-extract -Wlalg); xlalg (Ng1-f3 e4xd5, "
       "pgn-extract -Wxlalg)")
      ("no-comments", "leave out comments")
      ("no-variations", "leave out variations")
      ("no-nags", "leave out NAGs ($1, !, ...)")
      ("nochecks", "leave out + and # after moves that check or mate (as pgn-extract --nochecks)")
      ("keep-tags", po::value<std::string>()->value_name("LIST"),
       "keep only these tags besides the seven-tag roster (comma-separated)")
      ("drop-tags", po::value<std::string>()->value_name("LIST"),
       "leave out these tags (a roster tag is then written as unknown, \"?\")")
      ("add-eco", "set ECO and Opening from the deepest known opening position reached")
      ("eco-file", po::value<std::string>()->value_name("FILE"),
       "with --add-eco: the opening lines of FILE (PGN, as pgn-extract's eco.pgn) instead of the "
       "built-in tables, matched as pgn-extract -eFILE matches them; also sets Variation and "
       "SubVariation")
      ("add-plycount", "set PlyCount to the main line's length")
      ("totalplycount", "set TotalPlyCount to the plies written, variations included (as "
                        "pgn-extract --totalplycount)")
      ("fix-result", "correct a Result that the final position (mate, stalemate) contradicts")
      ("plylimit", integer(0), "leave out every move after this ply (as the move numbers count "
                               "plies), in the main line and the variations; a main line cut "
                               "short ends in * (as pgn-extract --plylimit)")
      ("splitvariants", "write each game without its variations, then each variation as a "
                        "game of its own: the moves to where it branches, then its own, the "
                        "game's tags with Result \"*\" (as pgn-extract --splitvariants)")
      ("splitdepth", integer(1), "with --splitvariants: only variations nested at most N deep "
                                 "(as pgn-extract --splitvariants N)")
      ("quiescent", integer(0), "with --plylimit: a line goes on past the limit until its last "
                                 "N plies hold no capture, check or promotion (as pgn-extract "
                                 "--quiescent)")
      ("dropply", integer(1), "leave out the first N plies of the main line, with their comments "
                              "and variations: the game starts from the position after them "
                              "(SetUp and FEN tags); a shorter game is left out (as "
                              "pgn-extract --dropply N)")
      ("addhashcode", "add a HashCode tag: the hash of the game's start position and main line "
                      "in hexadecimal, the same for games that play the same moves (as "
                      "pgn-extract --addhashcode, with 128 bits)")
      ("fencomments", "after every move, a comment with the FEN of the position it leads to "
                      "(as pgn-extract --fencomments)")
      ("hashcomments", "after every move, a comment with the Polyglot key of the position it "
                       "leads to, in hexadecimal (as pgn-extract --hashcomments)")
      ("addmatchtag", "with --material or --material-file: a MaterialMatch tag, White when the "
                      "balance's first side is White's material, Black when Black's (as "
                      "pgn-extract --addmatchtag)")
      ("markmatches", po::value<std::string>()->value_name("TEXT"),
       "a comment TEXT after the main-line move that first reaches a --position or completes a "
       "material balance (TEXT FEN: the position's FEN; as pgn-extract --markmatches)")
      ("cut-at-match", "end the main line with the move that first reaches a --position or "
                       "completes a material balance: the moves after it are left out as "
                       "--plylimit leaves them out (a game cut short ends in *)")
      ("split", integer(1),
       "with -o PREFIX: write PREFIX-0001.pgn, ... of N games each (-o PREFIX.pgn.zst or "
       ".gz: compressed parts PREFIX-0001.pgn.zst, ...), each game copied byte for byte as it "
       "was read unless an option changes the games")
      ("reformat", "with --split: write the parts in export format, as without --split, even "
                   "when no option changes the games")
      ("split-by", po::value<std::string>()->value_name("KEY"),
       "with -o PREFIX: one file for each ECO code, date or event, PREFIX-KEY.pgn (compressed as "
       "--split): eco (B42.pgn; eco1: B.pgn, eco2: B4.pgn; noeco.pgn without one, as "
       "pgn-extract -E3, -E1, -E2; with --add-eco the code found), year (2019.pgn), month "
       "(2019-07.pgn; nodate.pgn without a year), event (the Event tag, what a file name "
       "cannot hold made _; noevent.pgn)")
      ("count", "write no games, only the summary line (to standard output)");
  add_rejects_option(options, "write the text of every rejected game to this file");
  add_compression_option(options);
  add_jobs_option(options);
  add_max_game_size_option(options);
  add_report_options(options);
  add_files_option(options, "PGN files ('-' or none: standard input)");
  options.add(selection_options());
  return options;
}

void print_pgn_help(const po::options_description& options) {
  print_help("pgn", "[OPTIONS] [FILE...]", options,
             {{"fenkit pgn --player Carlsen --min-elo 2700 -o carlsen.pgn archive.pgn.zst",
               "Carlsen's games against 2700+ players, in export format"},
              {"fenkit pgn --unique --no-comments --no-variations --add-eco big.pgn > clean.pgn",
               "one copy of each game, bare moves, with opening names"},
              {"fenkit pgn -f jsonl --position 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQKBNR b KQkq - 3 3' games.pgn",
               "the games that reach the Ruy Lopez, as JSON lines"}},
             kNotes);
}

// What the games are made into. Throws UsageError for options that do not go together.
GamesOptions games_settings(const po::variables_map& v) {
  GamesOptions games;
  games.format = v["format"].as<std::string>() == "jsonl" ? GamesFormat::jsonl : GamesFormat::pgn;
  games.rejected_only = v.count("rejected") > 0;
  games.writer.comments = !v.count("no-comments");
  games.writer.variations = !v.count("no-variations");
  games.writer.nags = !v.count("no-nags");
  games.writer.check_marks = !v.count("nochecks");
  const std::string notation = v["notation"].as<std::string>();
  games.writer.notation = notation == "uci"    ? pgn::MoveNotation::uci
                          : notation == "lalg"  ? pgn::MoveNotation::lalg
                          : notation == "xlalg" ? pgn::MoveNotation::xlalg
                                                : pgn::MoveNotation::san;
  if (games.writer.notation == pgn::MoveNotation::uci)
    games.writer.comments = games.writer.nags = games.writer.variations = false;
  if (v.count("keep-tags")) games.keep_tags = tag_names(v, "keep-tags");
  if (v.count("drop-tags")) games.drop_tags = tag_names(v, "drop-tags");
  games.add_eco = v.count("add-eco") > 0;
  refuse_unless(v, "eco-file", games.add_eco, "--add-eco");
  games.add_plycount = v.count("add-plycount") > 0;
  games.add_total_plycount = v.count("totalplycount") > 0;
  games.fix_result = v.count("fix-result") > 0;
  games.fen_comments = v.count("fencomments") > 0;
  games.hash_comments = v.count("hashcomments") > 0;
  if (v.count("plylimit")) games.ply_limit = std::uint32_t(std::min<std::int64_t>(v["plylimit"].as<std::int64_t>(), UINT32_MAX));
  refuse_unless(v, "quiescent", v.count("plylimit") > 0, "--plylimit");
  refuse_unless(v, "splitdepth", v.count("splitvariants") > 0, "--splitvariants");
  if (v.count("splitvariants")) {
    games.split_variants =
        v.count("splitdepth")
            ? unsigned(std::min<std::int64_t>(v["splitdepth"].as<std::int64_t>(), UINT32_MAX))
            : 0U;
    // The other changes are made to the games as read, which variation games are not.
    for (const char* name : {"unique", "addhashcode", "fencomments", "hashcomments", "plylimit",
                             "dropply", "markmatches", "cut-at-match", "addmatchtag", "no-variations",
                             "totalplycount", "add-plycount", "add-eco", "fix-result"})
      refuse_together(v, "splitvariants", name);
  }
  if (v.count("quiescent"))
    games.quiescent = std::uint32_t(std::min<std::int64_t>(v["quiescent"].as<std::int64_t>(), UINT32_MAX));
  if (v.count("dropply"))
    games.drop_plies = std::uint32_t(std::min<std::int64_t>(v["dropply"].as<std::int64_t>(), UINT32_MAX));
  games.add_hashcode = v.count("addhashcode") > 0;
  games.hash_games = v.count("unique") > 0;
  games.add_match_tag = v.count("addmatchtag") > 0;
  if (v.count("markmatches")) games.mark_matches = v["markmatches"].as<std::string>();
  games.cut_at_match = v.count("cut-at-match") > 0;
  games.warnings = v.count("warnings") > 0;
  refuse_unless(v, "duplicates", v.count("unique") > 0, "--unique");
  refuse_unless(v, "fuzzydepth", v.count("unique") > 0, "--unique");
  refuse_unless(v, "checkfile", v.count("unique") > 0, "--unique");
  if (v.count("fuzzydepth"))
    games.fuzzy_depth = std::uint32_t(std::min<std::int64_t>(v["fuzzydepth"].as<std::int64_t>(), UINT32_MAX));
  games.keep_unselected = v.count("not-selected") > 0;
  refuse_unless(v, "split", v.count("output") > 0, "-o PREFIX");
  refuse_unless(v, "split-by", v.count("output") > 0, "-o PREFIX");
  refuse_together(v, "split", "split-by");
  refuse_unless(v, "reformat", v.count("split") > 0, "--split");
  if (v.count("split-by")) games.split_by = split_by_from(v["split-by"].as<std::string>());
  refuse_together(v, "count", "output");
  refuse_together(v, "keep-tags", "drop-tags");
  if (games.rejected_only) {
    // Games that cannot be replayed have no main line to select, classify or compare by.
    for (const char* name : {"unique", "format", "no-comments", "no-variations", "no-nags",
                             "keep-tags", "drop-tags", "add-eco", "add-plycount", "fix-result",
                             "fencomments", "hashcomments", "plylimit", "dropply", "addhashcode",
                             "not-selected", "notation", "totalplycount", "nochecks",
                             "addmatchtag", "markmatches", "cut-at-match", "splitvariants"})
      refuse_together(v, "rejected", name);
  }
  if (games.format == GamesFormat::jsonl)
    for (const char* name :
         {"no-comments", "no-variations", "no-nags", "fencomments", "hashcomments", "plylimit",
          "dropply", "notation", "totalplycount", "nochecks", "markmatches", "cut-at-match",
          "splitvariants"})
      refuse_unless(v, name, false, "--format pgn (JSON lines hold the main line only)");
  // Shards hold their games as the archive does, at the speed of copying them.
  games.copy_as_read = v.count("split") && !v.count("reformat") && !games.changes_games();
  return games;
}

pgn::ReaderOptions reader_settings(const GamesOptions& games) {
  pgn::ReaderOptions reader;
  reader.move_locations = false;
  reader.max_variation_depth = pgn::kMaxVariationDepth;  // the games are streamed, not kept
  reader.comments = games.writer.comments && games.format == GamesFormat::pgn &&
                    !games.rejected_only && !games.copy_as_read;
  // A bad move in a side line costs the game only when side lines are written.
  reader.reject_bad_variations = games.writer.variations && games.format == GamesFormat::pgn;
  return reader;
}

// The parts --split and --split-by make of -o PREFIX: PREFIX-0001.pgn, ...; a prefix named for
// compression (games.pgn.zst, games.gz) makes compressed parts of its stem (games-0001.pgn.zst),
// and a prefix named as a file of the format (games.pgn) the parts of its stem.
SplitNames split_names(std::string prefix, const std::string& extension) {
  std::string compressed;
  for (const char* suffix : {".gz", ".zst"})
    if (prefix.ends_with(suffix) && prefix.size() > std::string_view(suffix).size()) {
      compressed = suffix;
      prefix.resize(prefix.size() - compressed.size());
    }
  if (prefix.ends_with(extension) && prefix.size() > extension.size())
    prefix.resize(prefix.size() - extension.size());
  return SplitNames{"output", prefix, extension + compressed, false};
}

// Where the games go: -o FILE or standard output, where --count writes its line (null with
// --split, whose parts open as they fill), and the --duplicates and --not-selected files (null
// when not asked for).
struct GameOutputs {
  io::OutputFile* games = nullptr;
  io::OutputFile* duplicates = nullptr;
  io::OutputFile* not_selected = nullptr;
};

GameOutputs open_game_outputs(CommandRun& run, const po::variables_map& v, GamesFormat format,
                              bool split) {
  const std::string output = output_from(v);
  std::vector<PlannedOutput> outputs;
  std::optional<SplitNames> parts;
  if (split) {
    parts = split_names(output, format == GamesFormat::jsonl ? ".jsonl" : ".pgn");
    parts->keyed = v.count("split-by") > 0;
  }
  else
    outputs.push_back({"output", output});
  for (const char* name : {"duplicates", "not-selected"})
    if (v.count(name)) outputs.push_back({name, v[name].as<std::string>()});
  run.open_outputs(outputs, parts);
  GameOutputs opened;
  std::size_t next = 0;
  if (!split) opened.games = &run.output(next++);
  if (v.count("duplicates")) opened.duplicates = &run.output(next++);
  if (v.count("not-selected")) opened.not_selected = &run.output(next++);
  return opened;
}

// The opening lines of --eco-file.
pgn::OpeningLines read_eco_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) throw UsageError("--eco-file: cannot read " + path + ": " + std::strerror(errno));
  try {
    return pgn::OpeningLines::from_pgn(text.str());
  } catch (const std::invalid_argument& e) {
    throw UsageError("--eco-file " + path + ": " + e.what());
  }
}

// The keys of the games of the --checkfile files, into `seen`.
void read_check_files(CommandRun& run, const std::vector<std::string>& paths,
                      const GamesOptions& games,
                      const pgn::ArchiveOptions& options,
                      GameHashSet& seen) {
  pgn::ArchiveOptions archive = options;
  archive.last_game = UINT64_MAX;  // --games numbers the input's games, not these
  archive.numbered_later = true;    // keys hold no game numbers
  for (const std::string& path : paths) {
    const std::unique_ptr<io::InputSource> input = run.open_input(path);
    if (!input) continue;
    run.read_games<KeyChunk>(
        *input, 0, archive,
        pgn::visit_chunks<KeyChunk>(reader_settings(games),
                                    [&](const io::InputSource& in, KeyChunk& chunk) {
                                      return KeyVisitor(games.fuzzy_depth, in.name(), chunk);
                                    }),
        [&](KeyChunk& chunk) {
          for (const pgn::GameHash& key : chunk.keys) seen.insert(key);
          run.show(chunk.report);
        });
  }
}

}  // namespace

int run_pgn(const Args& args) {
  const po::options_description options = pgn_options();
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_pgn_help(options);
    return kExitOk;
  }
  GamesOptions games = games_settings(v);
  std::optional<pgn::OpeningLines> eco_lines;
  if (v.count("eco-file")) {
    eco_lines = read_eco_file(v["eco-file"].as<std::string>());
    games.eco_lines = &*eco_lines;
  }
  const pgn::GameFilter filter = filter_from(v);
  if (games.rejected_only && !filter.empty())
    throw UsageError("--rejected does not go with the game selection");
  games.filter = &filter;
  if (games.add_match_tag && !filter.material())
    throw UsageError("--addmatchtag needs a material balance (--material or --material-file)");
  for (const char* name : {"markmatches", "cut-at-match"})
    if (v.count(name) && !filter.material() && !filter.has_wanted_positions())
      throw UsageError("--" + std::string(name) + " needs a position (--position, "
                       "--position-file) or a material balance (--material, --material-file)");
  const bool unique = v.count("unique") > 0, count_only = v.count("count") > 0;
  const std::uint64_t split = v.count("split") ? std::uint64_t(v["split"].as<std::int64_t>()) : 0;

  CommandRun run(v);
  games.keep_rejects = run.keeps_rejects();
  games.reader = reader_settings(games);
  // (A game's text read again, to write it, is read with the same limit as the first time.)
  games.reader.max_game_bytes = max_game_size_from(v);
  const bool split_by = games.split_by != SplitBy::none;
  const GameOutputs opened = open_game_outputs(run, v, games.format, split || split_by);
  io::OutputFile* out = opened.games;  // the next part's, with --split
  io::OutputFile* const duplicates = opened.duplicates;

  pgn::ArchiveOptions archive;
  archive.jobs = jobs_from(v);
  // Games written as PGN hold no game numbers (JSON lines do).
  archive.numbered_later = games.format == GamesFormat::pgn;
  archive.limit_to(filter);
  GameHashSet seen;
  if (v.count("checkfile"))
    read_check_files(run, v["checkfile"].as<std::vector<std::string>>(), games, archive, seen);
  std::uint64_t written = 0, duplicate_count = 0, fixed = 0, too_short = 0, in_part = split;
  std::uint64_t variations_written = 0;
  run.read_games<GamesChunk>(
      archive,
      pgn::visit_chunks<GamesChunk>(games.reader,
                                    [&](const io::InputSource& input, GamesChunk& result) {
                                      return GamesSelector(games.filter, games, input.name(), result);
                                    }),
      [&](GamesChunk& result) {
        for (const WrittenGame& game : result.games) {
          const std::string_view text(result.text.data() + game.begin, game.end - game.begin);
          if (unique && !seen.insert(game.hash)) {
            ++duplicate_count;
            if (duplicates) duplicates->write(text);
            continue;
          }
          ++(game.variation ? variations_written : written);
          if (count_only) continue;
          if (split_by) {
            run.write_keyed(game.split_key, text);
            continue;
          }
          if (split && in_part++ == split) {
            out = &run.next_part();
            in_part = 1;
          }
          out->write(text);
        }
        run.take(result.report);
        fixed += result.results_fixed;
        too_short += result.too_short;
        if (opened.not_selected) opened.not_selected->write(result.unselected);
      });

  const pgn::ReportTotals& totals = run.totals();
  // With --rejected the games written are the rejected ones; the others are left out.
  const std::uint64_t left_out =
      games.rejected_only ? totals.games - totals.rejected
                          : totals.games - totals.rejected - written - duplicate_count - too_short;
  Summary summary = Summary("games", totals.games, written, totals.rejected)
                        .also(left_out, games.rejected_only ? "not rejected" : "not selected")
                        .also(duplicate_count, "duplicates", unique)
                        .also(too_short, "shorter than --dropply")
                        .also(variations_written, "variations written as games")
                        .also(fixed, "results fixed");
  if (!count_only) return run.finish(summary);
  out->write(summary.line(run.diagnostics()) + "\n");
  return run.finish();
}

}  // namespace fenkit::tools
