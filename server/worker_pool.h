#pragma once
// WorkerPool: a few threads that serve the requests which may take long (a Scan or
// Query page, a batch, a transaction, a PartiQL statement) off the I/O threads, so that
// no connection's GetItem waits behind another connection's page. A session posts such
// a request here and the worker posts the finished reply back to the connection's
// executor (server/http_session.h); short point operations stay on the I/O thread.
//
// Tasks run once each, taken in the order posted (FIFO) by whichever worker is free.
//
// Thread-safety: every method may be called from any thread. Each worker's loop is its
// thread's exception boundary (engine/base/catch_all.h): an exception that escapes a
// task is logged at error and the worker goes on with the next task.
//
// Stop(): workers finish the tasks they are running; the tasks still queued are
// destroyed unrun (their captures released, outside the pool's lock). The server stops
// the pool only after its shutdown grace period, once the I/O threads have stopped: a
// request not answered by then is cut off anyway, and its reply could not be written.
// Errors: none; Post after Stop refuses the task (returns false, the task untouched).

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace monotable::server {

class WorkerPool {
 public:
  using Task = std::function<void()>;

  // Starts `threads` workers (at least one).
  explicit WorkerPool(int threads);
  ~WorkerPool();  // Stop()
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Queues `task`; false (and `task` left as it was) once Stop() has begun.
  bool Post(Task& task);
  bool Post(Task&& task) { return Post(task); }

  // Waits for the running tasks, drops the queued ones and joins the workers. Returns
  // how many queued tasks were dropped. Idempotent (a second call returns 0).
  size_t Stop();

  int threads() const { return static_cast<int>(workers_.size()); }

  // The default size, from the hardware: one worker per core (at least two), so that
  // page reads use every core while the I/O threads keep answering point operations.
  static int DefaultThreads();

 private:
  void Work();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Task> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace monotable::server
