#pragma once
// CreateTable's rules on a request that passed the service model's member constraints:
// billing mode against throughput, key schemas against AttributeDefinitions, the
// secondary indexes and their projections, in the order DynamoDB checks them, so that a
// request breaking several rules gets DynamoDB's first message. The order and texts
// are those dynalite's tests assert against DynamoDB, moto's AWS-verified tests and
// error texts users pasted from AWS (tests/integration/test_create_table_rules.py cites
// each). Pure functions; thread-safe.

#include "engine/base/status.h"
#include "engine/schema/table_requests.h"

namespace monotable {

// Errors: kValidation with DynamoDB's message for the first rule broken; kLimitExceeded
// "Subscriber limit exceeded: Provisioned throughput for the table exceeds the account
// limit of 40000 units".
Status CheckCreateTable(const CreateTableRequest& request);

}  // namespace monotable
