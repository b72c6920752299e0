#pragma once
// UTF-8 well-formedness (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF),
// for text that echoes a client's bytes into a JSON response. Pure functions,
// thread-safe.

#include <cstddef>
#include <string>
#include <string_view>

namespace monotable::protocol {

// The length (1-4) of the well-formed UTF-8 sequence that starts at text[pos], or 0
// when the bytes there are not one (a stray continuation byte, a truncated or overlong
// sequence, a surrogate). `pos` must be < text.size().
size_t Utf8SequenceLength(std::string_view text, size_t pos);

// A string's length as DynamoDB (Java) counts it: UTF-16 code units. For text already
// known to be UTF-8 (the JSON parser validated it): lead bytes count 1, the lead byte
// of a 4-byte sequence (outside the BMP: a surrogate pair) 2.
size_t Utf16Length(std::string_view text);

// `text` itself when it is well-formed UTF-8; otherwise a copy in which every byte
// that is not part of a well-formed sequence is replaced by U+FFFD.
std::string ToValidUtf8(std::string_view text);

}  // namespace monotable::protocol
