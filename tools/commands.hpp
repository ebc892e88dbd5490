// The subcommands of the fenkit program, each in its own file.
#pragma once

#include <string>
#include <vector>

namespace fenkit::tools {

using Args = std::vector<std::string>;

int run_perft(const Args& args);
int run_check(const Args& args);
int run_replay(const Args& args);
int run_epd(const Args& args);
int run_book(const Args& args);
int run_pgn(const Args& args);

}  // namespace fenkit::tools
