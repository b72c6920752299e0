#include "engine/base/not_found.h"

#include <gtest/gtest.h>

namespace monotable {
namespace {

TEST(NotFoundTest, DynamoDbsTexts) {
  EXPECT_EQ(ResourceNotFound().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(ResourceNotFound().message(), "Requested resource not found");
  EXPECT_EQ(TableNotFound("orders").code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(TableNotFound("orders").message(),
            "Requested resource not found: Table: orders not found");
  EXPECT_EQ(IndexNotFound("by_date").message(),
            "Requested resource not found: Index: by_date not found");
  EXPECT_EQ(IndexNotFound("by_date", "orders").message(),
            "Requested resource not found: Index: by_date not found for table: orders");
}

}  // namespace
}  // namespace monotable
