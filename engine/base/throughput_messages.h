#pragma once
// DynamoDB's messages for throttled requests (API Reference,
// TransactionCanceledException: the messages of the ProvisionedThroughputExceeded and
// ThrottlingError cancellation reasons, which are also those of the exceptions).
// Shared by admission (engine/admission/ticket.cc) and the server's fault injection,
// which answers a ThrottlingException on purpose.

namespace monotable {

inline constexpr char kProvisionedTableThrottled[] =
    "The level of configured provisioned throughput for the table was exceeded. Consider "
    "increasing your provisioning level with the UpdateTable API.";
inline constexpr char kProvisionedIndexThrottled[] =
    "The level of configured provisioned throughput for one or more global secondary indexes "
    "of the table was exceeded. Consider increasing your provisioning level for the "
    "under-provisioned global secondary indexes with the UpdateTable API.";
inline constexpr char kOnDemandTableThrottled[] =
    "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically "
    "scaling your table or index so please try again shortly. If exceptions persist, check if "
    "you have a hot key: "
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";
inline constexpr char kOnDemandIndexThrottled[] =
    "Throughput exceeds the current capacity for one or more global secondary indexes. "
    "DynamoDB is automatically scaling your index so please try again shortly.";

}  // namespace monotable
