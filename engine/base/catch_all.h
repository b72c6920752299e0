#pragma once
// CatchAll: the exception boundary. monotable's errors are values (Status, Result), but
// the standard library and Boost throw (bad_alloc, out_of_range, system_error, ...). Each
// thread's outermost frame (a request in Protocol::Handle, an I/O thread, an index
// backfill) runs its work through CatchAll, so that no exception ends the process.
//
// Thread-safe (stateless). Errors: what `fn` returns, or kInternal with the exception's
// what() ("unknown exception" for a type not derived from std::exception). Callers log
// that Status with their own context. Under memory exhaustion, building that Status can
// throw bad_alloc again; "std::bad_alloc" itself fits in the short-string buffer.

#include <exception>
#include <type_traits>

#include "engine/base/status.h"

namespace monotable {

// Runs fn(), which returns void or Status.
template <typename Fn>
Status CatchAll(Fn&& fn) {
  try {
    if constexpr (std::is_void_v<std::invoke_result_t<Fn&>>) {
      fn();
      return Status::Ok();
    } else {
      return fn();
    }
  } catch (const std::exception& e) {
    return Status::Internal(e.what());
  } catch (...) {
    return Status::Internal("unknown exception");
  }
}

}  // namespace monotable
