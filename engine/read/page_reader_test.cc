#include "engine/read/page_reader.h"

#include <gtest/gtest.h>
#include <rocksdb/write_batch.h>

#include <memory>

#include "engine/expr/expression.h"
#include "engine/format/item_codec.h"
#include "engine/format/key_codec.h"
#include "engine/testing/storage_fixture.h"
#include "engine/testing/value_builders.h"

namespace monotable {
namespace {

using test_values::N;
using test_values::S;

// One partition "p" of items sk = 0, 1, ... with a number "n" equal to sk, in an
// in-memory column family.
class PageReaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    storage_ = test_storage::OpenStorage();
    ASSERT_NE(storage_, nullptr);
    auto family = storage_->CreateColumnFamily("table.1");
    ASSERT_TRUE(family.ok());
    family_ = *family;
  }

  void Fill(int count, size_t padding = 0) {
    for (int i = 0; i < count; ++i) {
      Item item{{"pk", S("p")}, {"sk", N(std::to_string(i))}, {"n", N(std::to_string(i))}};
      if (padding) item["pad"] = S(std::string(padding, 'x'));
      test_storage::PutRaw(*storage_, family_.get(), definition_, item);
    }
  }

  static std::string KeyAt(int sk) {
    const AttributeValue number = N(std::to_string(sk));
    return key_codec::TableKey(S("p"), &number);
  }

  // Reads one page, starting at the first (forward) or last (backward) key, or at
  // `seek` when given.
  Result<ReadPage> Read(const ReadPageRequest& request, bool forward = true,
                        const std::string& seek = "", const std::string& skip = "") {
    rocksdb::ReadOptions options;
    options.total_order_seek = true;
    std::unique_ptr<rocksdb::Iterator> it(storage_->db()->NewIterator(options, family_.get()));
    if (!seek.empty()) {
      forward ? it->Seek(seek) : it->SeekForPrev(seek);
    } else {
      forward ? it->SeekToFirst() : it->SeekToLast();
    }
    return ReadOnePage(*it, forward, classify_, skip, source_, request);
  }

  // The sort keys of the page's items, in page order.
  static std::vector<int> SortKeys(const ReadPage& page) {
    std::vector<int> keys;
    for (const auto& bytes : page.items) {
      auto item = item_codec::Decode(bytes);
      EXPECT_TRUE(item.ok());
      if (item.ok()) keys.push_back(std::stoi(item->at("sk").scalar));
    }
    return keys;
  }

  static Item KeyItem(int sk) { return {{"pk", S("p")}, {"sk", N(std::to_string(sk))}}; }

  const TableDefinition definition_ = test_storage::SimpleTable("t", /*with_sort_key=*/true);
  std::unique_ptr<Storage> storage_;
  ColumnFamilyRef family_;
  RangeClassifier classify_ = [](std::string_view) { return RangePosition::kInside; };
  PageSource source_{{"pk", "sk"}, {}, std::nullopt, {}, std::nullopt};
  ReadPageRequest request_ = [] {
    ReadPageRequest request;
    request.table_name = "t";
    return request;
  }();
};

TEST_F(PageReaderTest, ReadsEveryItemInKeyOrderWithoutALastKey) {
  Fill(10);
  auto page = Read(request_);
  ASSERT_TRUE(page.ok()) << page.status().message();
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(page->count, 10);
  EXPECT_EQ(page->scanned_count, 10);
  EXPECT_FALSE(page->last_evaluated_key.has_value());
  EXPECT_EQ(page->consumed.table_name, "t");
  EXPECT_DOUBLE_EQ(page->consumed.table.read_units, 0.5);  // < 4 KB, eventually consistent
}

TEST_F(PageReaderTest, AnEmptyRangeGivesAnEmptyPage) {
  auto page = Read(request_);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(page->count, 0);
  EXPECT_TRUE(page->items.empty());
  EXPECT_FALSE(page->last_evaluated_key.has_value());
}

TEST_F(PageReaderTest, LimitStopsThePageAndRecordsTheLastKey) {
  Fill(10);
  request_.limit = 3;
  auto page = Read(request_);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(page->scanned_count, 3);
  EXPECT_EQ(page->last_evaluated_key, KeyItem(2));

  // A limit reached on the last item still records it, as DynamoDB does.
  request_.limit = 10;
  page = Read(request_);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(page->count, 10);
  EXPECT_EQ(page->last_evaluated_key, KeyItem(9));
}

TEST_F(PageReaderTest, APageStopsAfterOneMegabyteRead) {
  constexpr size_t kPadding = 100 * 1024;
  Fill(15, kPadding);
  for (bool filtered : {false, true}) {
    SCOPED_TRACE(filtered ? "decoded" : "as stored");
    ReadPageRequest request = request_;
    expr::ExpressionAttributeValues values{{":v", N("0")}};
    expr::Placeholders placeholders(nullptr, &values);
    if (filtered) {
      auto filter = expr::Condition::Parse("n >= :v", expr::ExpressionKind::kFilter, placeholders);
      ASSERT_TRUE(filter.ok());
      request.filter = *filter;
    }
    auto page = Read(request);
    ASSERT_TRUE(page.ok());
    // Ten items are just under 1 MB: the eleventh passes it and ends the page.
    EXPECT_EQ(page->count, 11);
    ASSERT_TRUE(page->last_evaluated_key.has_value());
    EXPECT_EQ(*page->last_evaluated_key, KeyItem(10));
    EXPECT_GT(page->consumed.table.read_units, 100);
  }
}

// DynamoDB bounds a page by the data it reads, before the filter: a filter that keeps
// nothing does not make the page read on to the end of the table.
TEST_F(PageReaderTest, AFilterThatKeepsNothingStillEndsThePageAtOneMegabyteRead) {
  Fill(15, 100 * 1024);
  expr::ExpressionAttributeValues values{{":v", N("-1")}};
  expr::Placeholders placeholders(nullptr, &values);
  auto filter = expr::Condition::Parse("n < :v", expr::ExpressionKind::kFilter, placeholders);
  ASSERT_TRUE(filter.ok());
  ReadPageRequest request = request_;
  request.filter = *filter;
  auto page = Read(request);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(page->count, 0);
  EXPECT_TRUE(page->items.empty());
  EXPECT_EQ(page->scanned_count, 11);
  ASSERT_TRUE(page->last_evaluated_key.has_value());
  EXPECT_EQ(*page->last_evaluated_key, KeyItem(10));
}

TEST_F(PageReaderTest, ReadsBackwardFromTheLastKey) {
  Fill(10);
  request_.limit = 2;
  auto page = Read(request_, /*forward=*/false);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{9, 8}));
  EXPECT_EQ(page->last_evaluated_key, KeyItem(8));
}

TEST_F(PageReaderTest, KeysBeforeTheRangeAreSkippedAndTheFirstKeyAfterItEndsThePage) {
  Fill(10);
  int classified_after = 0;
  classify_ = [&](std::string_view key) {
    if (key < KeyAt(2)) return RangePosition::kBefore;
    if (key > KeyAt(5)) return ++classified_after, RangePosition::kAfter;
    return RangePosition::kInside;
  };
  auto page = Read(request_);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{2, 3, 4, 5}));
  EXPECT_EQ(page->scanned_count, 4);
  EXPECT_FALSE(page->last_evaluated_key.has_value());  // the range ended, not the page
  EXPECT_EQ(classified_after, 1);                      // nothing read past the range

  // Backward, the roles swap: keys after the range are skipped, one before ends it.
  page = Read(request_, /*forward=*/false);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{5, 4, 3, 2}));
}

TEST_F(PageReaderTest, SkipKeyIsSkippedOnlyWhenMetFirst) {
  Fill(10);
  // The ExclusiveStartKey: the read is positioned on it and starts after it.
  auto page = Read(request_, true, KeyAt(3), KeyAt(3));
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{4, 5, 6, 7, 8, 9}));
  page = Read(request_, false, KeyAt(3), KeyAt(3));
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{2, 1, 0}));
  // Met later, the same key is read like any other.
  page = Read(request_, true, "", KeyAt(3));
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(page->count, 10);
}

TEST_F(PageReaderTest, SelectCountCountsWithoutItems) {
  Fill(10);
  request_.select = Select::kCount;
  request_.limit = 4;
  auto page = Read(request_);
  ASSERT_TRUE(page.ok());
  EXPECT_TRUE(page->items.empty());
  EXPECT_EQ(page->count, 4);
  EXPECT_EQ(page->scanned_count, 4);
  EXPECT_EQ(page->last_evaluated_key, KeyItem(3));
}

TEST_F(PageReaderTest, TheFilterCountsAfterTheLimitIsCountedBefore) {
  Fill(10);
  expr::ExpressionAttributeValues values{{":v", N("2")}};
  expr::Placeholders placeholders(nullptr, &values);
  auto filter = expr::Condition::Parse("n >= :v", expr::ExpressionKind::kFilter, placeholders);
  ASSERT_TRUE(filter.ok()) << filter.status().message();
  request_.filter = *filter;
  request_.limit = 4;
  auto page = Read(request_);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{2, 3}));
  EXPECT_EQ(page->count, 2);
  EXPECT_EQ(page->scanned_count, 4);
  // The last item evaluated, not the last returned.
  EXPECT_EQ(page->last_evaluated_key, KeyItem(3));
}

TEST_F(PageReaderTest, ProjectionKeepsTheNamedAttributes) {
  Fill(3);
  const std::vector<std::string> names{"sk", "n"};
  request_.projection = expr::Projection::OfAttributes(names);
  auto page = Read(request_);
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->items.size(), 3u);
  auto item = item_codec::Decode(page->items[1]);
  ASSERT_TRUE(item.ok());
  EXPECT_EQ(*item, (Item{{"sk", N("1")}, {"n", N("1")}}));

  // Without a projection of its own, the request gets what the source returns.
  request_.projection.reset();
  const std::vector<std::string> keys{"pk"};
  source_.returned = expr::Projection::OfAttributes(keys);
  page = Read(request_);
  ASSERT_TRUE(page.ok());
  item = item_codec::Decode(page->items[0]);
  ASSERT_TRUE(item.ok());
  EXPECT_EQ(*item, (Item{{"pk", S("p")}}));
}

TEST_F(PageReaderTest, TheResolverReplacesItemsOrPassesOverThem) {
  Fill(6);
  source_.resolve = [](Item stored) -> Result<std::optional<Item>> {
    if (std::stoi(stored.at("n").scalar) % 2) return std::optional<Item>();
    stored["resolved"] = S("yes");
    return std::optional<Item>(std::move(stored));
  };
  auto page = Read(request_);
  ASSERT_TRUE(page.ok());
  EXPECT_EQ(SortKeys(*page), (std::vector<int>{0, 2, 4}));
  EXPECT_EQ(page->scanned_count, 3);  // items passed over are not evaluated
  auto item = item_codec::Decode(page->items[0]);
  ASSERT_TRUE(item.ok());
  EXPECT_EQ(item->at("resolved"), S("yes"));

  source_.resolve = [](const Item&) -> Result<std::optional<Item>> {
    return Status::Internal("fetch failed");
  };
  page = Read(request_);
  ASSERT_FALSE(page.ok());
  EXPECT_EQ(page.status().message(), "fetch failed");
}

TEST_F(PageReaderTest, ACorruptStoredItemIsInternal) {
  Fill(2);
  rocksdb::WriteBatch batch;
  batch.Put(family_.get(), KeyAt(1), "\x7F not an item");
  ASSERT_TRUE(storage_->Write(&batch).ok());
  auto page = Read(request_);
  ASSERT_FALSE(page.ok());
  EXPECT_EQ(page.status().code(), ErrorCode::kInternal);
}

}  // namespace
}  // namespace monotable
