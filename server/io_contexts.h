#pragma once
// IoContexts: the server's event loops, one io_context per I/O thread.
//
// Why not one io_context run by every thread: its threads share one epoll descriptor
// and one scheduler queue, so every completion goes through the scheduler's mutex and a
// thread that has nothing to do is woken (an eventfd write, a futex) to take work
// another thread queued. That hand-off is paid on every request (bench/PERFORMANCE.md).
// Here each thread runs a loop of its own, and a connection stays on the loop it was
// given when accepted (round-robin), so its chain of handlers runs on one thread.
// The cost: a connection cannot move to an idle thread. Long requests go to the
// WorkerPool anyway, so a loop is busy only with short ones.
//
// Thread-safety: Next() and Stop() may be called from any thread; Run() once, from the
// thread that then serves loop 0 (the listener, signals and timers live there).

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <memory>
#include <vector>

namespace monotable::server {

class IoContexts {
 public:
  // `threads` loops (at least one).
  explicit IoContexts(int threads);
  ~IoContexts();

  // Loop 0: the one the calling thread of Run() serves.
  boost::asio::io_context& First() { return *loops_.front(); }
  // The loop for the next new connection, round-robin.
  boost::asio::io_context& Next();
  // Runs loop 0 on the calling thread and each other loop on a thread of its own, each
  // under RunIoContext's exception boundary; returns when all have stopped.
  void Run();
  // Stops every loop: handlers running finish, no others start.
  void Stop();

 private:
  std::vector<std::unique_ptr<boost::asio::io_context>> loops_;
  // Keep loops without a connection running until Stop().
  std::vector<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> guards_;
  std::atomic<size_t> next_{0};
};

}  // namespace monotable::server
