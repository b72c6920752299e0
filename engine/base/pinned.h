#pragma once
// Pinned<T>: an owning handle on an immutable snapshot that another thread may replace at
// any moment, as UpdateTable, a backfill or TTL replaces a table's definition and layout.
//
// Why not a bare shared_ptr: `const X& x = table->definition()->x;` compiles with one, and
// binds a reference into a snapshot whose last owner is the temporary destroyed at the
// semicolon; once another thread publishes a new snapshot, the reference dangles (a use
// after free ThreadSanitizer found in DescribeTimeToLive). A Pinned cannot be dereferenced
// while it is a temporary, so every read goes through a named local that keeps the
// snapshot alive for as long as it is used:
//
//   auto definition = table->definition();   // pinned until the end of the scope
//   const auto& ttl = definition->time_to_live;
//
// Thread-safety: as std::shared_ptr (one Pinned is not shared between threads; the
// snapshot it points to is immutable and may be read by any number of threads).
// Errors: none; dereferencing an empty Pinned is undefined, as for a shared_ptr.

#include <memory>
#include <utility>

namespace monotable {

template <typename T>
class Pinned {
 public:
  Pinned() = default;
  Pinned(std::shared_ptr<const T> snapshot) : snapshot_(std::move(snapshot)) {}  // NOLINT

  const T* operator->() const& { return snapshot_.get(); }
  const T& operator*() const& { return *snapshot_; }
  // Deleted: a temporary's snapshot may be freed at the end of the full expression.
  const T* operator->() const&& = delete;
  const T& operator*() const&& = delete;

  explicit operator bool() const { return snapshot_ != nullptr; }
  // Passing the snapshot on to a holder shares ownership, so it is implicit.
  operator std::shared_ptr<const T>() const& { return snapshot_; }         // NOLINT
  operator std::shared_ptr<const T>() && { return std::move(snapshot_); }  // NOLINT
  // The snapshot as a shared_ptr, for a holder that keeps it (a copy shares ownership).
  const std::shared_ptr<const T>& shared() const& { return snapshot_; }
  std::shared_ptr<const T> shared() && { return std::move(snapshot_); }

 private:
  std::shared_ptr<const T> snapshot_;
};

}  // namespace monotable
