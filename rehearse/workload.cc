#include "rehearse/workload.h"

#include <simdjson.h>

#include <algorithm>
#include <set>

namespace monotable::rehearse {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

Status Bad(const std::string& path, std::string_view what) {
  return Status::Validation("workload: " + path + ": " + std::string(what));
}

// An object member reader that names the member's path in its errors and refuses
// members it does not know (a misspelt "rate_end" must not be silently ignored).
class Fields {
 public:
  Fields(object o, std::string path) : o_(o), path_(std::move(path)) {}

  std::string Path(std::string_view key) const {
    return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  }

  std::optional<element> Get(std::string_view key) {
    known_.insert(std::string(key));
    element e;
    if (o_[key].get(e) != simdjson::SUCCESS || e.is_null()) return std::nullopt;
    return e;
  }
  Status Number(std::string_view key, double* out, double min, double max) {
    auto e = Get(key);
    if (!e) return Status::Ok();
    double v;
    if (e->get_double().get(v) != simdjson::SUCCESS || v < min || v > max) {
      return Bad(Path(key), "must be a number from " + Num(min) + " to " + Num(max));
    }
    *out = v;
    return Status::Ok();
  }
  template <typename Int>
  Status Integer(std::string_view key, Int* out, int64_t min, int64_t max) {
    auto e = Get(key);
    if (!e) return Status::Ok();
    int64_t v;
    if (e->get_int64().get(v) != simdjson::SUCCESS || v < min || v > max) {
      return Bad(Path(key),
                 "must be an integer from " + std::to_string(min) + " to " + std::to_string(max));
    }
    *out = static_cast<Int>(v);
    return Status::Ok();
  }
  Status String(std::string_view key, std::string* out, bool required = false) {
    auto e = Get(key);
    if (!e) return required ? Bad(Path(key), "is required") : Status::Ok();
    std::string_view v;
    if (e->get_string().get(v) != simdjson::SUCCESS || v.empty()) {
      return Bad(Path(key), "must be a non-empty string");
    }
    *out = std::string(v);
    return Status::Ok();
  }
  Status Bool(std::string_view key, bool* out) {
    auto e = Get(key);
    if (!e) return Status::Ok();
    if (e->get_bool().get(*out) != simdjson::SUCCESS) return Bad(Path(key), "must be a boolean");
    return Status::Ok();
  }
  Result<std::optional<array>> Array(std::string_view key) {
    auto e = Get(key);
    if (!e) return std::optional<array>();
    array a;
    if (e->get_array().get(a) != simdjson::SUCCESS) return Bad(Path(key), "must be a list");
    return std::optional<array>(a);
  }
  Result<std::optional<object>> Object(std::string_view key) {
    auto e = Get(key);
    if (!e) return std::optional<object>();
    object a;
    if (e->get_object().get(a) != simdjson::SUCCESS) return Bad(Path(key), "must be an object");
    return std::optional<object>(a);
  }
  // Every member must have been asked for.
  Status Done() const {
    for (auto field : o_) {
      if (!known_.count(std::string(field.key))) {
        return Bad(Path(field.key), "is not a member of this object");
      }
    }
    return Status::Ok();
  }

 private:
  static std::string Num(double v) {
    std::string s = std::to_string(v);
    s.erase(s.find_last_not_of('0') + 1);
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  }
  object o_;
  std::string path_;
  std::set<std::string> known_;
};

Result<object> AsObject(element e, const std::string& path) {
  object o;
  if (e.get_object().get(o) != simdjson::SUCCESS) return Bad(path, "must be an object");
  return o;
}

// Calls fn(object, its path) for each element of the list `key` of `f` (absent: none),
// each of which must be an object. `fn` returns a Status.
template <typename F>
Status EachObject(Fields& f, std::string_view key, F&& fn) {
  MT_ASSIGN_OR_RETURN(list, f.Array(key));
  if (!list) return Status::Ok();
  size_t i = 0;
  for (element e : *list) {
    const std::string path = f.Path(key) + "[" + std::to_string(i++) + "]";
    MT_ASSIGN_OR_RETURN(o, AsObject(e, path));
    MT_RETURN_IF_ERROR(fn(o, path));
  }
  return Status::Ok();
}

Result<AutoScaling> ParseScaling(object o, const std::string& path) {
  Fields f(o, path);
  AutoScaling s;
  // Application Auto Scaling accepts a target value of 20 to 90 percent for DynamoDB.
  MT_RETURN_IF_ERROR(f.Number("target_utilization", &s.target_utilization, 20, 90));
  MT_RETURN_IF_ERROR(f.Integer("min_capacity", &s.min_capacity, 1, 40000000));
  MT_RETURN_IF_ERROR(f.Integer("max_capacity", &s.max_capacity, 1, 40000000));
  MT_RETURN_IF_ERROR(
      f.Integer("scale_out_cooldown_seconds", &s.scale_out_cooldown_seconds, 0, 86400));
  MT_RETURN_IF_ERROR(
      f.Integer("scale_in_cooldown_seconds", &s.scale_in_cooldown_seconds, 0, 86400));
  MT_RETURN_IF_ERROR(f.Integer("update_seconds", &s.update_seconds, 0, 86400));
  MT_RETURN_IF_ERROR(f.Done());
  if (s.min_capacity > s.max_capacity) return Bad(path, "min_capacity exceeds max_capacity");
  return s;
}

// The capacity members shared by tables and GSIs, read from `f`.
Result<CapacityConfig> ParseCapacity(Fields& f) {
  CapacityConfig c;
  std::string billing = "PAY_PER_REQUEST";
  MT_RETURN_IF_ERROR(f.String("billing_mode", &billing));
  throughput::CapacitySpec& s = c.spec;
  if (billing == "PROVISIONED") {
    s = throughput::CapacitySpec::Provisioned(1, 1);
    MT_RETURN_IF_ERROR(f.Integer("read_capacity_units", &s.read_capacity_units, 1, 40000000));
    MT_RETURN_IF_ERROR(f.Integer("write_capacity_units", &s.write_capacity_units, 1, 40000000));
    for (auto [key, target] : {std::pair{"read_auto_scaling", &c.read_scaling},
                               std::pair{"write_auto_scaling", &c.write_scaling}}) {
      MT_ASSIGN_OR_RETURN(o, f.Object(key));
      if (!o) continue;
      MT_ASSIGN_OR_RETURN(scaling, ParseScaling(*o, f.Path(key)));
      *target = scaling;
    }
  } else if (billing == "PAY_PER_REQUEST") {
    s = throughput::CapacitySpec::OnDemand();
    MT_RETURN_IF_ERROR(
        f.Integer("max_read_request_units", &s.max_read_request_units, -1, 40000000));
    MT_RETURN_IF_ERROR(
        f.Integer("max_write_request_units", &s.max_write_request_units, -1, 40000000));
  } else {
    return Bad(f.Path("billing_mode"), "must be PROVISIONED or PAY_PER_REQUEST");
  }
  MT_RETURN_IF_ERROR(f.Number("initial_size_gb", &c.initial_size_gb, 0, 1e9));
  MT_RETURN_IF_ERROR(f.Bool("sort_key_splits", &c.sort_key_splits));
  MT_RETURN_IF_ERROR(f.Integer("warm_read_units_per_second", &s.warm_read_units, 0, 40000000));
  MT_RETURN_IF_ERROR(f.Integer("warm_write_units_per_second", &s.warm_write_units, 0, 40000000));
  MT_RETURN_IF_ERROR(s.Validate());
  return c;
}

Result<KeyDistribution> ParseKeys(object o, const std::string& path) {
  Fields f(o, path);
  KeyDistribution k;
  std::string kind = "uniform";
  MT_RETURN_IF_ERROR(f.String("distribution", &kind));
  if (kind == "uniform") {
    k.kind = KeyKind::kUniform;
  } else if (kind == "zipf") {
    k.kind = KeyKind::kZipf;
  } else if (kind == "hot_key") {
    k.kind = KeyKind::kHotKey;
  } else if (kind == "time_ordered") {
    k.kind = KeyKind::kTimeOrdered;
  } else {
    return Bad(f.Path("distribution"), "must be uniform, zipf, hot_key or time_ordered");
  }
  MT_RETURN_IF_ERROR(f.String("prefix", &k.prefix));
  MT_RETURN_IF_ERROR(f.Integer("count", &k.count, 1, int64_t{1} << 40));
  MT_RETURN_IF_ERROR(f.Integer("digits", &k.digits, 0, 20));
  MT_RETURN_IF_ERROR(f.Number("s", &k.zipf_s, 0.01, 10));
  MT_RETURN_IF_ERROR(f.Number("hot_share", &k.hot_share, 0, 1));
  MT_RETURN_IF_ERROR(f.Integer("bucket_seconds", &k.bucket_seconds, 1, 86400 * 366));
  MT_RETURN_IF_ERROR(f.Integer("shards", &k.shards, 1, 10000));
  MT_ASSIGN_OR_RETURN(sort, f.Object("sort_keys"));
  if (sort) {
    Fields s(*sort, f.Path("sort_keys"));
    k.sort_keys.count = 1;
    MT_RETURN_IF_ERROR(s.Integer("count", &k.sort_keys.count, 1, int64_t{1} << 40));
    MT_RETURN_IF_ERROR(s.String("prefix", &k.sort_keys.prefix));
    std::string order = "random";
    MT_RETURN_IF_ERROR(s.String("order", &order));
    if (order != "random" && order != "ascending") {
      return Bad(s.Path("order"), "must be random or ascending");
    }
    k.sort_keys.ascending = order == "ascending";
    MT_RETURN_IF_ERROR(s.Done());
  }
  MT_RETURN_IF_ERROR(f.Done());
  return k;
}

Result<Load> ParseLoad(object o, const std::string& path, const Workload& w) {
  Fields f(o, path);
  Load l;
  MT_RETURN_IF_ERROR(f.String("table", &l.table, true));
  const TableConfig* table = w.FindTable(l.table);
  if (table == nullptr) return Bad(f.Path("table"), "names no table of the workload");
  MT_RETURN_IF_ERROR(f.Number("rate", &l.rate, 0, 1e9));
  double end = -1;
  MT_RETURN_IF_ERROR(f.Number("rate_end", &end, 0, 1e9));
  if (end >= 0) l.rate_end = end;
  MT_RETURN_IF_ERROR(f.Number("read_fraction", &l.read_fraction, 0, 1));
  MT_RETURN_IF_ERROR(f.Integer("item_bytes", &l.item_bytes, 1, 400 * 1024));
  MT_RETURN_IF_ERROR(f.Bool("consistent_reads", &l.consistent_reads));
  MT_RETURN_IF_ERROR(f.Number("new_item_fraction", &l.new_item_fraction, 0, 1));
  MT_ASSIGN_OR_RETURN(keys, f.Object("keys"));
  if (keys) {
    MT_ASSIGN_OR_RETURN(parsed, ParseKeys(*keys, f.Path("keys")));
    l.keys = parsed;
  }
  MT_RETURN_IF_ERROR(EachObject(f, "gsi_writes", [&](object go, const std::string& p) {
    Fields g(go, p);
    GsiWrite write;
    MT_RETURN_IF_ERROR(g.String("index", &write.index, true));
    const bool exists = std::any_of(table->gsis.begin(), table->gsis.end(),
                                    [&](const GsiConfig& x) { return x.name == write.index; });
    if (!exists) return Bad(g.Path("index"), "names no GSI of table " + l.table);
    MT_ASSIGN_OR_RETURN(gk, g.Object("keys"));
    if (gk) {
      MT_ASSIGN_OR_RETURN(parsed, ParseKeys(*gk, g.Path("keys")));
      write.keys = parsed;
    }
    MT_RETURN_IF_ERROR(g.Done());
    l.gsi_writes.push_back(std::move(write));
    return Status::Ok();
  }));
  MT_RETURN_IF_ERROR(f.Done());
  return l;
}

Result<TableConfig> ParseTable(object o, const std::string& path) {
  Fields f(o, path);
  TableConfig t;
  MT_RETURN_IF_ERROR(f.String("name", &t.name, true));
  MT_ASSIGN_OR_RETURN(capacity, ParseCapacity(f));
  t.capacity = capacity;
  MT_RETURN_IF_ERROR(EachObject(f, "gsis", [&](object go, const std::string& p) {
    Fields g(go, p);
    GsiConfig gsi;
    MT_RETURN_IF_ERROR(g.String("name", &gsi.name, true));
    MT_ASSIGN_OR_RETURN(gsi_capacity, ParseCapacity(g));
    gsi.capacity = gsi_capacity;
    MT_RETURN_IF_ERROR(g.Done());
    t.gsis.push_back(std::move(gsi));
    return Status::Ok();
  }));
  MT_RETURN_IF_ERROR(f.Done());
  return t;
}

}  // namespace

int64_t Workload::duration_seconds() const {
  int64_t total = 0;
  for (const Phase& p : phases) total += p.duration_seconds;
  return total;
}

const TableConfig* Workload::FindTable(std::string_view table) const {
  for (const TableConfig& t : tables) {
    if (t.name == table) return &t;
  }
  return nullptr;
}

Result<Workload> ParseWorkload(std::string_view json) {
  simdjson::dom::parser parser;
  simdjson::padded_string padded(json);
  element root;
  if (auto error = parser.parse(padded).get(root); error) {
    return Status::Validation(std::string("workload: not JSON: ") + simdjson::error_message(error));
  }
  MT_ASSIGN_OR_RETURN(top, AsObject(root, "(top)"));
  Fields f(top, "");
  Workload w;
  MT_RETURN_IF_ERROR(f.String("name", &w.name));
  MT_RETURN_IF_ERROR(f.Integer("tick_ms", &w.tick_ms, 1, 1000));
  if (1000 % w.tick_ms != 0) return Bad(f.Path("tick_ms"), "must divide 1000");
  MT_RETURN_IF_ERROR(f.Integer("seed", &w.seed, 0, INT64_MAX));
  MT_RETURN_IF_ERROR(f.String("mode", &w.mode));
  if (w.mode != "enforce" && w.mode != "observe") {
    return Bad(f.Path("mode"), "must be enforce or observe");
  }
  if (!f.Get("tables")) return Bad(f.Path("tables"), "is required");
  MT_RETURN_IF_ERROR(EachObject(f, "tables", [&](object o, const std::string& p) {
    MT_ASSIGN_OR_RETURN(t, ParseTable(o, p));
    if (w.FindTable(t.name)) return Bad(p + ".name", "repeats table " + t.name);
    w.tables.push_back(std::move(t));
    return Status::Ok();
  }));
  if (w.tables.empty()) return Bad("tables", "must name at least one table");
  if (!f.Get("phases")) return Bad(f.Path("phases"), "is required");
  MT_RETURN_IF_ERROR(EachObject(f, "phases", [&](object o, const std::string& p) {
    Fields pf(o, p);
    Phase phase;
    MT_RETURN_IF_ERROR(pf.String("name", &phase.name));
    MT_RETURN_IF_ERROR(pf.Integer("duration_seconds", &phase.duration_seconds, 1, 86400 * 366));
    if (phase.duration_seconds == 0) return Bad(pf.Path("duration_seconds"), "is required");
    MT_RETURN_IF_ERROR(EachObject(pf, "load", [&](object lo, const std::string& lp) {
      MT_ASSIGN_OR_RETURN(l, ParseLoad(lo, lp, w));
      phase.load.push_back(std::move(l));
      return Status::Ok();
    }));
    MT_RETURN_IF_ERROR(pf.Done());
    w.phases.push_back(std::move(phase));
    return Status::Ok();
  }));
  MT_RETURN_IF_ERROR(f.Done());
  return w;
}

}  // namespace monotable::rehearse
