#pragma once
// ConnectionTracker: the server's counts of open connections and of requests in flight,
// which bound the one (--max-connections) and let a shutdown wait for the other
// (--shutdown-grace-seconds), and the drain flag sessions read to stop keeping
// connections alive.
//
// Thread-safety: every method may be called from any thread (atomics only). A Slot is
// owned by one session; moving or destroying it is not synchronised with itself.

#include <atomic>
#include <cstdint>

namespace monotable::server {

class ConnectionTracker {
 public:
  // One open connection, counted until the Slot is destroyed. An empty Slot (default
  // constructed, or moved from) counts nothing.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& other) noexcept : tracker_(other.tracker_) { other.tracker_ = nullptr; }
    Slot& operator=(Slot&& other) noexcept;
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() { Release(); }
    explicit operator bool() const { return tracker_ != nullptr; }

   private:
    friend class ConnectionTracker;
    explicit Slot(ConnectionTracker* tracker) : tracker_(tracker) {}
    void Release();
    ConnectionTracker* tracker_ = nullptr;
  };

  explicit ConnectionTracker(int64_t max_connections) : max_connections_(max_connections) {}

  // A slot for a new connection, or an empty one when max_connections are open.
  Slot TryOpen();
  int64_t open_connections() const { return open_.load(std::memory_order_relaxed); }
  int64_t max_connections() const { return max_connections_; }

  // A request is in flight from its first byte until its reply is written (or its
  // connection ends). Each RequestStarted() must be matched by one RequestFinished().
  void RequestStarted() { in_flight_.fetch_add(1, std::memory_order_relaxed); }
  void RequestFinished() { in_flight_.fetch_sub(1, std::memory_order_release); }
  int64_t requests_in_flight() const { return in_flight_.load(std::memory_order_acquire); }

  // After BeginDrain(), sessions answer the request they are reading or serving with
  // `Connection: close` and take no further request.
  void BeginDrain() { draining_.store(true, std::memory_order_relaxed); }
  bool draining() const { return draining_.load(std::memory_order_relaxed); }

 private:
  const int64_t max_connections_;
  std::atomic<int64_t> open_{0};
  std::atomic<int64_t> in_flight_{0};
  std::atomic<bool> draining_{false};
};

}  // namespace monotable::server
