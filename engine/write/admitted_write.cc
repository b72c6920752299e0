#include "engine/write/admitted_write.h"

#include "engine/capacity/capacity.h"
#include "engine/format/key_codec.h"
#include "engine/index/index_entries.h"
#include "engine/write/write_capacity.h"

namespace monotable {
namespace {

// Claims, on each GSI, the entries the write changes: the old entry deleted (when it
// moves or goes) and the new one written, each one unit per KB of the projected item,
// as capacity::ForWrite charges them.
void ClaimIndexEntries(Ticket& ticket, const Table& table, const TableLayout& layout,
                       const std::string& key, const std::optional<Item>& old_item,
                       const std::optional<Item>& new_item) {
  const TableDefinition& definition = *layout.definition;
  for (const LiveIndex& index : layout.indexes) {
    if (!index.global) continue;
    std::optional<IndexEntry> before, after;
    if (old_item) before = EntryFor(definition, *index.definition, key, *old_item);
    if (new_item) after = EntryFor(definition, *index.definition, key, *new_item);
    const bool same_key = before && after && before->key == after->key;
    if (same_key && before->projected() == after->projected()) continue;  // entry unchanged
    if (before && !same_key) {
      ticket.Claim(table, index.definition->name, before->key, throughput::Op::kWrite,
                   capacity::WriteUnits(ItemSize(before->projected())));
    }
    if (after) {
      ticket.Claim(table, index.definition->name, after->key, throughput::Op::kWrite,
                   capacity::WriteUnits(ItemSize(after->projected())));
    }
  }
}

}  // namespace

Status WriteAdmission::AdmitTable(Table& table, const std::string& key, double estimate) {
  table_ = &table;
  key_ = &key;
  table_claim_ = ticket_.Claim(table, "", std::string_view(key), throughput::Op::kWrite, estimate);
  if (ticket_.empty()) return Status::Ok();
  return ticket_.Admit();
}

Status WriteAdmission::AdmitIndexes(const TableLayout& layout, const std::optional<Item>& old_item,
                                    const std::optional<Item>& new_item) {
  if (ticket_.empty()) return Status::Ok();
  ClaimIndexEntries(ticket_, *table_, layout, *key_, old_item, new_item);
  Status admitted = ticket_.Admit();
  if (!admitted.ok()) {
    ticket_.Refund();
    refunded_ = true;
  }
  return admitted;
}

void WriteAdmission::Settle(const ImageSizes& sizes) {
  if (!refunded_) ticket_.SetActual(table_claim_, capacity::TableWriteUnits(sizes));
}

Result<WriteOutcome> AdmittedApply(WritePath& write_path, Table& table, const std::string& key,
                                   double estimate, const ComputeNewImage& compute,
                                   WritePath::OnTransaction on_transaction,
                                   WritePath::OldImage old_image) {
  WriteAdmission admission;
  MT_RETURN_IF_ERROR(admission.AdmitTable(table, key, estimate));
  if (!admission.claims()) {
    return write_path.Apply(table, key, compute, on_transaction, ChangeOrigin::kUser, old_image);
  }
  const auto layout = table.layout();
  auto admitted = [&](const std::optional<Item>& old) -> Result<std::optional<Item>> {
    MT_ASSIGN_OR_RETURN(new_item, compute(old));
    MT_RETURN_IF_ERROR(admission.AdmitIndexes(*layout, old, new_item));
    return std::move(new_item);
  };
  auto outcome =
      write_path.Apply(table, key, admitted, on_transaction, ChangeOrigin::kUser, old_image);
  if (outcome.ok()) admission.Settle(outcome->sizes);
  return outcome;
}

}  // namespace monotable
