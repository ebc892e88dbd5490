#!/usr/bin/env bash
# Sanitizers and fuzzing, as CI runs them after the plain test suite:
#   1. the whole test suite built with AddressSanitizer and UndefinedBehaviorSanitizer (any
#      report stops the test that made it) in build-asan;
#   2. the fuzz targets built with clang and libFuzzer in build-fuzz: their saved corpora
#      (fuzz/corpus) replayed, then each target fuzzed for a short time.
# Ends with one line, PASS or FAIL, and exits 0 or 1.
#
#   scripts/check-sanitized.sh [--fuzz-seconds N] [--skip-tests] [--skip-fuzz]
#
# --fuzz-seconds N fuzzes each of the five targets for N seconds (default 20; 0 only replays
# the corpora). ccache is used when it is installed.
set -uo pipefail
cd "$(dirname "$0")/.."

fuzz_seconds=20
run_tests=1
run_fuzz=1
while (($#)); do
  case $1 in
    --fuzz-seconds) fuzz_seconds=${2:?--fuzz-seconds needs a number}; shift 2 ;;
    --skip-tests) run_tests=0; shift ;;
    --skip-fuzz) run_fuzz=0; shift ;;
    *) echo "usage: $0 [--fuzz-seconds N] [--skip-tests] [--skip-fuzz]" >&2; exit 2 ;;
  esac
done
[[ $fuzz_seconds =~ ^[0-9]+$ ]] || { echo "--fuzz-seconds: not a number: $fuzz_seconds" >&2; exit 2; }

# clang and its sanitizer and libFuzzer runtimes, installed as scripts/setup.sh installs the
# rest (only what is missing; as root, or a user who may sudo).
if ((run_fuzz)); then
  missing=()
  for p in clang libclang-rt-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if ((${#missing[@]})); then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo=sudo
    echo "installing: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
fi

jobs=$(nproc)
source scripts/compiler-cache.sh

failures=()
step() { echo; echo "=== $*"; }
fail() { failures+=("$1"); echo "FAILED: $1"; }
started=$SECONDS

# Reports end the program (halt_on_error is ASan's default; UBSan is made to stop by
# -fno-sanitize-recover); leaks are reported too. The sanitizers' own options are kept if set.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

if ((run_tests)); then
  # RelWithDebInfo at -O1 with line tables only: the suite runs in a few minutes and reports
  # name their lines, and the build costs less than with full debug information.
  sanitize="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
  step "sanitized build (build-asan)"
  mkdir -p build-asan
  log=build-asan/build.log
  if cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo \
       -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
       -DCMAKE_CXX_FLAGS="$sanitize -D_GLIBCXX_ASSERTIONS" \
       -DCMAKE_EXE_LINKER_FLAGS="$sanitize" -DCMAKE_SHARED_LINKER_FLAGS="$sanitize" \
       -DFENKIT_BUILD_BENCH=OFF "${launcher[@]}" > $log 2>&1 &&
     cmake --build build-asan -j"$jobs" >> $log 2>&1; then
    echo "built in $((SECONDS - started)) s"
    step "sanitized test suite"
    tests_started=$SECONDS
    ctest --test-dir build-asan --output-on-failure -j"$jobs" || fail "sanitized test suite"
    echo "tests ran in $((SECONDS - tests_started)) s"
  else
    tail -n 40 $log
    fail "sanitized build (log: $log)"
  fi
fi

if ((run_fuzz)); then
  step "fuzz targets (build-fuzz)"
  fuzz_started=$SECONDS
  mkdir -p build-fuzz
  log=build-fuzz/build.log
  if ! command -v clang++ > /dev/null; then
    fail "fuzz targets: clang++ is not installed"
  elif cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
         -DFENKIT_FUZZ=ON -DFENKIT_BUILD_TESTS=OFF -DFENKIT_BUILD_TOOLS=OFF \
         -DFENKIT_BUILD_BENCH=OFF -DFENKIT_INSTALL=OFF -DBUILD_SHARED_LIBS=OFF \
         "${launcher[@]}" > $log 2>&1 &&
       cmake --build build-fuzz -j"$jobs" --target fuzz >> $log 2>&1; then
    echo "built in $((SECONDS - fuzz_started)) s"
    targets=(fuzz_fen fuzz_san fuzz_pgn fuzz_epd fuzz_book)
    for target in "${targets[@]}"; do
      step "$target: replaying fuzz/corpus/$target"
      fuzz/run.sh build-fuzz "$target" > "build-fuzz/$target-replay.log" 2>&1 ||
        { tail -n 40 "build-fuzz/$target-replay.log"; fail "$target: saved corpus"; continue; }
      grep -E '^#[0-9]+[[:space:]]+DONE' "build-fuzz/$target-replay.log"
      if ((fuzz_seconds > 0)); then
        step "$target: fuzzing for $fuzz_seconds s"
        fuzz/run.sh build-fuzz "$target" "$fuzz_seconds" > "build-fuzz/$target-run.log" 2>&1 ||
          { tail -n 60 "build-fuzz/$target-run.log"; fail "$target: fuzzing (input in build-fuzz/fuzz-artifacts)"; continue; }
        grep -E '^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec)' \
          "build-fuzz/$target-run.log"
        if [ "$target" = fuzz_pgn ]; then
          # Large inputs too (many games, chunks cut in many places): libFuzzer grows inputs
          # slowly, so its length control is off for this run.
          step "$target: fuzzing inputs up to 64 KB for $fuzz_seconds s"
          fuzz/run.sh build-fuzz "$target" "$fuzz_seconds" -max_len=65536 -len_control=0 \
            > "build-fuzz/$target-large.log" 2>&1 ||
            { tail -n 60 "build-fuzz/$target-large.log"; fail "$target: fuzzing large inputs (input in build-fuzz/fuzz-artifacts)"; continue; }
          grep -E '^#[0-9]+[[:space:]]+DONE|^stat::(number_of_executed_units|average_exec_per_sec)' \
            "build-fuzz/$target-large.log"
        fi
      fi
    done
  else
    tail -n 40 $log
    fail "fuzz build (log: $log)"
  fi
fi

echo
echo "sanitizers and fuzzing took $((SECONDS - started)) s"
if ((${#failures[@]})); then
  printf 'FAIL: %s\n' "${failures[@]}"
  exit 1
fi
echo "PASS: sanitized test suite and fuzz targets"
