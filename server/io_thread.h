#pragma once
// RunIoContext: the body of every I/O thread, and its exception boundary.
//
// Asio lets an exception thrown by a completion handler propagate out of the run() of
// the thread that ran it, leaving the io_context and the other threads untouched. Here
// it is logged at error and run() resumes: one failed connection never ends the process
// or takes a thread out of the pool. (Requests have their own boundary in
// protocol::Protocol::Handle; this one catches what the HTTP layer itself throws.)
//
// Thread-safe: any number of threads may run the same io_context. Errors: none; returns
// when the io_context is stopped or runs out of work.

#include <boost/asio/io_context.hpp>

namespace monotable::server {

void RunIoContext(boost::asio::io_context& ioc);

}  // namespace monotable::server
