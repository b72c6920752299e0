#pragma once
// DynamoDB's ResourceNotFoundException texts for tables, indexes and streams, written
// once so that every operation answers the same words.
//
// Thread-safe (stateless). Each returns kResourceNotFound with the text in its comment.

#include <string>
#include <string_view>

#include "engine/base/status.h"

namespace monotable {

// "Requested resource not found" (the lookups that name nothing more).
inline Status ResourceNotFound() { return Status::NotFound("Requested resource not found"); }

// "Requested resource not found: Table: <table> not found"
inline Status TableNotFound(std::string_view table) {
  return Status::NotFound("Requested resource not found: Table: " + std::string(table) +
                          " not found");
}

// "Requested resource not found: Index: <index> not found"
inline Status IndexNotFound(std::string_view index) {
  return Status::NotFound("Requested resource not found: Index: " + std::string(index) +
                          " not found");
}

// "Requested resource not found: Index: <index> not found for table: <table>"
inline Status IndexNotFound(std::string_view index, std::string_view table) {
  return Status::NotFound("Requested resource not found: Index: " + std::string(index) +
                          " not found for table: " + std::string(table));
}

// "Requested resource not found: Stream: <label> not found for Table: <table>" (a
// stream ARN of the resource-policy and tag operations that names no stream kept here)
inline Status StreamNotFound(std::string_view label, std::string_view table) {
  return Status::NotFound("Requested resource not found: Stream: " + std::string(label) +
                          " not found for Table: " + std::string(table));
}

}  // namespace monotable
