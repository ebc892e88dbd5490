// FENKIT_API marks what the fenkit libraries export (see fenkit/fen/export.hpp, which defines it
// alike): the input and output library has a header of its own for it, as it depends on no
// other part of fenkit.
//
// Thread safety: nothing here has state.
#pragma once

#ifndef FENKIT_API
#if defined(_WIN32)
#define FENKIT_API
#else
#define FENKIT_API __attribute__((visibility("default")))
#endif
#endif
