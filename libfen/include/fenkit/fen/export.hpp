// FENKIT_API marks what the fenkit libraries export.
//
// The libraries are built with hidden symbols (-fvisibility=hidden): only the declarations
// marked here are part of a shared library's interface, so what is private to them (the
// Boost.Spirit grammars, `detail` helpers) can change without breaking programs linked
// against them.
//
// Thread safety: nothing here has state.
#pragma once

#if defined(_WIN32)
#define FENKIT_API
#else
#define FENKIT_API __attribute__((visibility("default")))
#endif
