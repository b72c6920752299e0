#include "engine/storage/catalog_codec.h"

#include <charconv>

#include "engine/format/item_codec.h"

namespace monotable::catalog_codec {
namespace {

// Field names below are part of the on-disk format: do not rename.
AttributeValue Int(int64_t v) { return AttributeValue::NumberText(std::to_string(v)); }
AttributeValue Str(std::string s) { return AttributeValue::String(std::move(s)); }

AttributeValue List(AttributeList list) { return AttributeValue::ListOf(std::move(list)); }
AttributeValue Map(AttributeMap map) { return AttributeValue::MapOf(std::move(map)); }

AttributeValue KeySchemaValue(const std::vector<KeySchemaElement>& schema) {
  AttributeList list;
  for (const auto& k : schema) {
    list.push_back(Map({{"n", Str(k.name)}, {"t", Int(static_cast<int>(k.type))}}));
  }
  return List(std::move(list));
}

AttributeValue ThroughputValue(const ProvisionedThroughput& t) {
  return Map({{"r", Int(t.read_capacity_units)},
              {"w", Int(t.write_capacity_units)},
              {"d", Int(t.number_of_decreases_today)},
              {"li", Int(t.last_increase_ms)},
              {"ld", Int(t.last_decrease_ms)}});
}

// OnDemandThroughput ("od"): absent when the table or index has none.
AttributeValue OnDemandValue(const OnDemandThroughput& t) {
  return Map({{"r", Int(t.max_read_request_units)}, {"w", Int(t.max_write_request_units)}});
}

// WarmThroughput ("wt"): absent when none was asked for.
AttributeValue WarmValue(const WarmThroughput& t) {
  return Map({{"r", Int(t.read_units_per_second)}, {"w", Int(t.write_units_per_second)}});
}

AttributeValue IndexValue(const SecondaryIndexDefinition& index) {
  AttributeList non_key;
  for (const auto& a : index.projection.non_key_attributes) non_key.push_back(Str(a));
  AttributeMap m{{"n", Str(index.name)},
                 {"k", KeySchemaValue(index.key_schema)},
                 {"p", Int(static_cast<int>(index.projection.type))},
                 {"a", List(std::move(non_key))}};
  if (index.throughput) m.emplace("tp", ThroughputValue(*index.throughput));
  if (index.on_demand_throughput) m.emplace("od", OnDemandValue(*index.on_demand_throughput));
  if (index.warm_throughput) m.emplace("wt", WarmValue(*index.warm_throughput));
  m.emplace("st", Int(static_cast<int>(index.status)));
  m.emplace("bf", AttributeValue::Bool(index.backfilling));
  m.emplace("cf", Str(index.column_family));
  return Map(std::move(m));
}

// Reading: missing or mistyped fields make the record corrupt.
class FieldReader {
 public:
  explicit FieldReader(const AttributeMap& map) : map_(map) {}
  bool ok() const { return ok_; }

  const AttributeValue* Get(std::string_view name, AttributeType type) {
    auto it = map_.find(name);
    if (it == map_.end() || it->second.type != type) {
      ok_ = false;
      return nullptr;
    }
    return &it->second;
  }
  bool Has(std::string_view name) const { return map_.find(name) != map_.end(); }
  std::string String(std::string_view name) {
    auto* v = Get(name, AttributeType::kS);
    return v ? v->scalar : std::string();
  }
  int64_t Int(std::string_view name) {
    auto* v = Get(name, AttributeType::kN);
    if (!v) return 0;
    int64_t value = 0;
    const char* end = v->scalar.data() + v->scalar.size();
    auto [ptr, ec] = std::from_chars(v->scalar.data(), end, value);
    if (ec != std::errc() || ptr != end) ok_ = false;
    return value;
  }
  const AttributeList& List(std::string_view name) {
    static const AttributeList kEmpty;
    auto* v = Get(name, AttributeType::kL);
    return v ? v->list : kEmpty;
  }
  const AttributeMap& Map(std::string_view name) {
    static const AttributeMap kEmpty;
    auto* v = Get(name, AttributeType::kM);
    return v ? v->map : kEmpty;
  }
  void Fail() { ok_ = false; }

 private:
  const AttributeMap& map_;
  bool ok_ = true;
};

std::vector<KeySchemaElement> ReadKeySchema(FieldReader& r, std::string_view field) {
  std::vector<KeySchemaElement> schema;
  for (const auto& e : r.List(field)) {
    FieldReader er(e.map);
    schema.push_back({er.String("n"), static_cast<KeyType>(er.Int("t"))});
    if (!er.ok()) r.Fail();
  }
  return schema;
}

ProvisionedThroughput ReadThroughput(FieldReader& parent, const AttributeMap& map) {
  FieldReader r(map);
  ProvisionedThroughput t{r.Int("r"), r.Int("w"), r.Int("d"), r.Int("li"), r.Int("ld")};
  if (!r.ok()) parent.Fail();
  return t;
}

OnDemandThroughput ReadOnDemand(FieldReader& parent, const AttributeMap& map) {
  FieldReader r(map);
  OnDemandThroughput t{r.Int("r"), r.Int("w")};
  if (!r.ok()) parent.Fail();
  return t;
}

WarmThroughput ReadWarm(FieldReader& parent, const AttributeMap& map) {
  FieldReader r(map);
  WarmThroughput t{r.Int("r"), r.Int("w")};
  if (!r.ok()) parent.Fail();
  return t;
}

SecondaryIndexDefinition ReadIndex(FieldReader& parent, const AttributeValue& value) {
  FieldReader r(value.map);
  SecondaryIndexDefinition index;
  index.name = r.String("n");
  index.key_schema = ReadKeySchema(r, "k");
  index.projection.type = static_cast<ProjectionType>(r.Int("p"));
  for (const auto& a : r.List("a")) index.projection.non_key_attributes.push_back(a.scalar);
  if (r.Has("tp")) index.throughput = ReadThroughput(r, r.Map("tp"));
  if (r.Has("od")) index.on_demand_throughput = ReadOnDemand(r, r.Map("od"));
  if (r.Has("wt")) index.warm_throughput = ReadWarm(r, r.Map("wt"));
  // Records written before indexes held data lack these fields: an ACTIVE index
  // without entries (its family is created when the catalog loads).
  if (r.Has("st")) index.status = static_cast<IndexStatus>(r.Int("st"));
  if (r.Has("bf")) {  // a mistyped field fails the reader rather than being dereferenced
    if (auto* bf = r.Get("bf", AttributeType::kBool)) index.backfilling = bf->boolean;
  }
  if (r.Has("cf")) index.column_family = r.String("cf");
  if (!r.ok()) parent.Fail();
  return index;
}

}  // namespace

std::string Encode(const TableDefinition& t) {
  AttributeList attributes;
  for (const auto& d : t.attribute_definitions) {
    attributes.push_back(Map({{"n", Str(d.name)}, {"t", Int(static_cast<int>(d.type))}}));
  }
  AttributeList gsis, lsis;
  for (const auto& i : t.global_secondary_indexes) gsis.push_back(IndexValue(i));
  for (const auto& i : t.local_secondary_indexes) lsis.push_back(IndexValue(i));
  Item item{{"name", Str(t.name)},
            {"id", Str(t.table_id)},
            {"created", Int(t.creation_ms)},
            {"attrs", List(std::move(attributes))},
            {"keys", KeySchemaValue(t.key_schema)},
            {"billing", Int(static_cast<int>(t.billing_mode))},
            {"billing_explicit", AttributeValue::Bool(t.billing_mode_explicit)},
            {"billing_changed", Int(t.billing_mode_changed_ms)},
            {"throughput", ThroughputValue(t.throughput)},
            {"gsi", List(std::move(gsis))},
            {"lsi", List(std::move(lsis))},
            {"deletion_protection", AttributeValue::Bool(t.deletion_protection)},
            {"status", Int(static_cast<int>(t.status))},
            {"cf", Str(t.column_family)}};
  if (t.on_demand_throughput) item.emplace("od", OnDemandValue(*t.on_demand_throughput));
  // Time to Live ("ttl"): absent until UpdateTimeToLive first succeeds.
  if (t.time_to_live != TimeToLiveSettings{}) {
    item.emplace("ttl", Map({{"e", AttributeValue::Bool(t.time_to_live.enabled)},
                             {"a", Str(t.time_to_live.attribute_name)},
                             {"ch", Int(t.time_to_live.changed_ms)},
                             {"bf", AttributeValue::Bool(t.time_to_live.backfilling)}}));
  }
  if (t.warm_throughput) item.emplace("wt", WarmValue(*t.warm_throughput));
  // Tags ("tags") and the resource policy ("policy"): absent when the table has none.
  if (!t.tags.empty()) {
    AttributeList tags;
    for (const auto& tag : t.tags)
      tags.push_back(Map({{"k", Str(tag.key)}, {"v", Str(tag.value)}}));
    item.emplace("tags", List(std::move(tags)));
  }
  if (t.resource_policy) {
    item.emplace("policy", Map({{"d", Str(t.resource_policy->document)},
                                {"r", Str(t.resource_policy->revision_id)}}));
  }
  // Streams: the view type while enabled, and the latest stream (absent: never had one).
  if (t.stream_view_type) item.emplace("sv", Int(static_cast<int>(*t.stream_view_type)));
  if (t.latest_stream_id) {
    item.emplace("sid", Int(static_cast<int64_t>(t.latest_stream_id)));
    item.emplace("sms", Int(t.latest_stream_ms));
  }
  // Point-in-time recovery ("pitr") and a restore's origin ("restore"): absent if none.
  if (t.point_in_time_recovery != PointInTimeRecoverySettings{}) {
    const auto& p = t.point_in_time_recovery;
    item.emplace("pitr", Map({{"e", AttributeValue::Bool(p.enabled)},
                              {"ms", Int(p.enabled_ms)},
                              {"d", Int(p.recovery_period_days)}}));
  }
  if (t.restore) {
    item.emplace("restore", Map({{"b", Str(t.restore->source_backup_id)},
                                 {"t", Str(t.restore->source_table_name)},
                                 {"ms", Int(t.restore->restore_ms)},
                                 {"p", AttributeValue::Bool(t.restore->in_progress)}}));
  }
  return item_codec::Encode(item);
}

Result<TableDefinition> Decode(std::string_view bytes) {
  auto item = item_codec::Decode(bytes);
  if (!item.ok()) return item.status();
  FieldReader r(*item);
  TableDefinition t;
  t.name = r.String("name");
  t.table_id = r.String("id");
  t.creation_ms = r.Int("created");
  for (const auto& a : r.List("attrs")) {
    FieldReader ar(a.map);
    t.attribute_definitions.push_back({ar.String("n"), static_cast<AttributeType>(ar.Int("t"))});
    if (!ar.ok()) r.Fail();
  }
  t.key_schema = ReadKeySchema(r, "keys");
  t.billing_mode = static_cast<BillingMode>(r.Int("billing"));
  if (auto* b = r.Get("billing_explicit", AttributeType::kBool))
    t.billing_mode_explicit = b->boolean;
  t.billing_mode_changed_ms = r.Int("billing_changed");
  t.throughput = ReadThroughput(r, r.Map("throughput"));
  if (r.Has("od")) t.on_demand_throughput = ReadOnDemand(r, r.Map("od"));
  if (r.Has("wt")) t.warm_throughput = ReadWarm(r, r.Map("wt"));
  for (const auto& i : r.List("gsi")) t.global_secondary_indexes.push_back(ReadIndex(r, i));
  for (const auto& i : r.List("lsi")) t.local_secondary_indexes.push_back(ReadIndex(r, i));
  if (auto* b = r.Get("deletion_protection", AttributeType::kBool))
    t.deletion_protection = b->boolean;
  t.status = static_cast<TableStatus>(r.Int("status"));
  if (r.Has("ttl")) {
    FieldReader tr(r.Map("ttl"));
    if (auto* e = tr.Get("e", AttributeType::kBool)) t.time_to_live.enabled = e->boolean;
    t.time_to_live.attribute_name = tr.String("a");
    t.time_to_live.changed_ms = tr.Int("ch");
    if (auto* b = tr.Get("bf", AttributeType::kBool)) t.time_to_live.backfilling = b->boolean;
    if (!tr.ok()) r.Fail();
  }
  t.column_family = r.String("cf");
  if (r.Has("tags")) {
    for (const auto& tag : r.List("tags")) {
      FieldReader tr(tag.map);
      t.tags.push_back({tr.String("k"), tr.String("v")});
      if (!tr.ok()) r.Fail();
    }
  }
  if (r.Has("policy")) {
    FieldReader pr(r.Map("policy"));
    t.resource_policy = ResourcePolicy{pr.String("d"), pr.String("r")};
    if (!pr.ok()) r.Fail();
  }
  // "spolicy", a stream's policy as the table record kept it for a day before streams
  // kept their own (issue 36), is not read: no release wrote it.
  if (r.Has("sv")) t.stream_view_type = static_cast<StreamViewType>(r.Int("sv"));
  if (r.Has("sid")) {
    t.latest_stream_id = static_cast<uint64_t>(r.Int("sid"));
    t.latest_stream_ms = r.Int("sms");
  }
  if (r.Has("pitr")) {
    FieldReader pr(r.Map("pitr"));
    if (auto* e = pr.Get("e", AttributeType::kBool)) t.point_in_time_recovery.enabled = e->boolean;
    t.point_in_time_recovery.enabled_ms = pr.Int("ms");
    t.point_in_time_recovery.recovery_period_days = pr.Int("d");
    if (!pr.ok()) r.Fail();
  }
  if (r.Has("restore")) {
    FieldReader rr(r.Map("restore"));
    RestoreSummary restore{rr.String("b"), rr.String("t"), rr.Int("ms"), false};
    if (auto* p = rr.Get("p", AttributeType::kBool)) restore.in_progress = p->boolean;
    t.restore = std::move(restore);
    if (!rr.ok()) r.Fail();
  }
  if (!r.ok() || t.key_schema.empty()) return Status::Internal("catalog record is corrupt");
  return t;
}

}  // namespace monotable::catalog_codec
