#pragma once
// IgnoreError: drops a Status on purpose. Status is [[nodiscard]], so an error can only be
// lost by a visible act: the few deliberate drops (best-effort cleanups whose failure is
// harmless or reported otherwise) say so with this, and a bare `.ok();` that loses an
// error stands out in review.
//
// Thread-safe (does nothing). Errors: none.

#include "engine/base/status.h"

namespace monotable {

inline void IgnoreError(const Status& /*status*/) {}

}  // namespace monotable
