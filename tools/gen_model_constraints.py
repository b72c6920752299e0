#!/usr/bin/env python3
"""Generates protocol/model_constraints_table.cc: each operation's member constraints
(required, length, numeric range, pattern, enum), read from the botocore service models
of DynamoDB and DynamoDB Streams.

Usage (with the tests' virtual environment, whose botocore is pinned by
tests/python/requirements.txt; CTest's fixture python_venv makes it):
  build/python-venv/bin/python tools/gen_model_constraints.py [--model-dir DIR] [--out FILE]
  build/python-venv/bin/python tools/gen_model_constraints.py --check FILE
                                      # exit 1 when FILE is not what that botocore generates

Without --model-dir the models come from the botocore that the running interpreter
imports (its version is recorded in the generated file): only the pinned one, so that
the check gives the same answer on every machine. Run it after raising the pin, or with
`cmake --build build --target model_constraints` (which makes the environment first).

The service model tells the constraints; it does not tell everything DynamoDB does. What
it cannot tell (the order DynamoDB lists members and enum values in, members DynamoDB
checks by other rules) is in the OVERRIDES below, each with its source.
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile

# ---------------------------------------------------------------------- overrides

# The most members a structure may have (kMaxMembers in protocol/model_validation.cc).
MAX_MEMBERS = 64

# Enum values in the order DynamoDB lists them in "Member must satisfy enum value set:
# [...]" (its own order, not the model's). Sources: dynalite's tests, recorded against
# DynamoDB (test/query.js, scan.js, putItem.js, updateItem.js, createTable.js), and the
# texts quoted in tests/integration. Enums not listed keep the model's order.
ENUM_ORDER = {
    "ComparisonOperator": ["IN", "NULL", "BETWEEN", "LT", "NOT_CONTAINS", "EQ", "GT",
                           "NOT_NULL", "NE", "LE", "BEGINS_WITH", "GE", "CONTAINS"],
    "Select": ["SPECIFIC_ATTRIBUTES", "COUNT", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES"],
    "ReturnValue": ["ALL_NEW", "UPDATED_OLD", "ALL_OLD", "NONE", "UPDATED_NEW"],
    "ReturnItemCollectionMetrics": ["SIZE", "NONE"],
    "ReturnConsumedCapacity": ["INDEXES", "TOTAL", "NONE"],
    "ConditionalOperator": ["OR", "AND"],
    "AttributeAction": ["ADD", "PUT", "DELETE"],
    "ScalarAttributeType": ["B", "N", "S"],
    "KeyType": ["HASH", "RANGE"],
    "ProjectionType": ["ALL", "INCLUDE", "KEYS_ONLY"],
    "BillingMode": ["PROVISIONED", "PAY_PER_REQUEST"],
    "ContributorInsightsAction": ["ENABLE", "DISABLE"],
    "ContributorInsightsMode": ["THROTTLED_KEYS", "ACCESSED_AND_THROTTLED_KEYS"],
    "ReturnValuesOnConditionCheckFailure": ["ALL_OLD", "NONE"],
}

# Members listed first, in this order, when DynamoDB reports several violations of one
# request (the rest follow in the model's order). Source: dynalite test/query.js
# "should return ValidationException for incorrect attributes" (8 errors, recorded
# against DynamoDB); createTable.js "empty ProvisionedThroughput"; listTables.js
# "should return ValidationExceptions in order".
MEMBER_ORDER = {
    "QueryInput": ["Limit", "KeyConditions", "ReturnConsumedCapacity", "AttributesToGet",
                   "TableName", "Select", "IndexName"],
    "ScanInput": ["Limit", "ScanFilter", "ReturnConsumedCapacity", "AttributesToGet",
                  "TableName", "Select", "IndexName"],
    "ProvisionedThroughput": ["WriteCapacityUnits", "ReadCapacityUnits"],
    "ListTablesInput": ["Limit", "ExclusiveStartTableName"],
}

# The model's TableArn shape (1 to 1024 characters, a name or an ARN) replaced the
# TableName shape in most operations. monotable takes ARNs where the operation's tests
# say DynamoDB does (OPERATIONS_TAKING_TABLE_ARNS); elsewhere a TableName member is
# checked by the TableName shape (3 to 255 characters of [a-zA-Z0-9_.-]), as dynalite's
# tests recorded DynamoDB doing.
OPERATIONS_TAKING_TABLE_ARNS = {"UpdateTimeToLive", "DescribeTimeToLive",
                                "DescribeContinuousBackups", "UpdateContinuousBackups"}

# Members DynamoDB requires although the newest model does not (the model relaxed them
# for CreateTable's GlobalTableSourceArn, which monotable does not serve). Source:
# dynalite test/createTable.js ("Value null at 'keySchema'", "'attributeDefinitions'").
EXTRA_REQUIRED = {"CreateTableInput": ["AttributeDefinitions", "KeySchema"]}

# Members whose list DynamoDB bounds tighter than the newest model, which dropped the
# KeySchema maximum of 2 when GSIs took keys of several attributes: a table's and an
# LSI's key schema still hold at most a partition and a sort key. Source: DynamoDB's
# answer to a CreateTable with three KeySchema elements, recorded in 2026 ("Value
# '[KeySchemaElement(...), ...]' at 'keySchema' failed to satisfy constraint: Member must
# have length less than or equal to 2"); the older models said max 2 for every KeySchema.
MEMBER_MAX = {("CreateTableInput", "KeySchema"): 2, ("LocalSecondaryIndex", "KeySchema"): 2}

# Shapes left to the operation's own decoder: attribute values (checked with their own
# messages) and what DynamoDB reports in another form: tags ("The Tag Key provided is
# invalid, Key: ...", tests/integration/test_tags.py).
OPAQUE_SHAPES = {"AttributeValue", "Tag", "TagKeyString"}

# The model's patterns, as the names of the matchers in protocol/model_validation.cc.
PATTERNS = {
    "[a-zA-Z0-9_.-]+": "kNameCharacters",
    "^[^\\$]+$": "kNoDollar",
    "^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$": "kS3Bucket",
    "[0-9]{12}": "kTwelveDigits",
    "[,;:|\\t ]": "kCsvDelimiter",
    "[\\x20-\\x21\\x23-\\x2B\\x2D-\\x7E]*": "kCsvHeader",
    "([0-9a-f]{16})+": "kHexBlocks",
    "[\\u0020-\\uD7FF\\uE000-\\uFFFD\\uD800\\uDC00-\\uDBFF\\uDFFF\\r\\n\\t]*": "kXmlCharacters",
    "\\p{Print}+": "kPrintable",
}

KINDS = {"string": "kString", "blob": "kBlob", "integer": "kInteger", "long": "kLong",
         "double": "kDouble", "timestamp": "kTimestamp", "boolean": "kBoolean",
         "structure": "kStructure", "list": "kList", "map": "kMap"}

SERVICES = [("dynamodb", ""), ("dynamodbstreams", "DynamoDBStreams_20120810.")]

# ------------------------------------------------------------ finding the models


def load_model(model_dir, service):
    base = os.path.join(model_dir, service, "2012-08-10", "service-2.json")
    if os.path.exists(base):
        with open(base) as f:
            return json.load(f)
    with gzip.open(base + ".gz") as f:
        return json.load(f)


def installed_models():
    """The models of the botocore this interpreter imports: the tests' pinned one when
    run by the tests' virtual environment (tests/python/requirements.txt)."""
    try:
        import botocore
    except ImportError:
        sys.exit(f"{sys.executable} has no botocore: run this with the tests' virtual "
                 "environment (build/python-venv/bin/python, made by tests/python/venv.sh)")
    data = os.path.join(os.path.dirname(botocore.__file__), "data")
    return ({s: load_model(data, s) for s, _ in SERVICES},
            "botocore " + botocore.__version__)

# --------------------------------------------------------------- the table


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Table:
    def __init__(self):
        self.shapes = []       # C++ initialisers
        self.members = []
        self.enum_values = []
        self.index = {}        # (service, shape name, table-name rule) -> index
        self.leaves = {}       # a leaf's constraints -> index

    def shape(self, service, model, name, arn_table_names):
        key = (service, name, arn_table_names)
        if key in self.index:
            return self.index[key]
        base, _, bound = name.partition("#max")  # MEMBER_MAX's variants: "KeySchema#max2"
        s = dict(model["shapes"][base])
        if bound:
            s["max"] = int(bound)
        i = len(self.shapes)
        self.index[key] = i
        self.shapes.append(None)  # reserved: recursive shapes refer to it
        kind = "kOpaque" if base in OPAQUE_SHAPES else KINDS[s["type"]]
        fields = {"kind": kind}
        if kind != "kOpaque":
            for bound in ("min", "max"):
                if bound in s:
                    fields[bound] = s[bound]
            if "pattern" in s:
                if s["pattern"] not in PATTERNS:
                    sys.exit(f"shape {name}: no matcher for pattern {s['pattern']!r}; "
                             "add one to protocol/model_validation.cc and PATTERNS")
                fields["pattern"] = s["pattern"]
            if "enum" in s:
                values = ENUM_ORDER.get(name, s["enum"])
                if sorted(values) != sorted(s["enum"]):
                    sys.exit(f"ENUM_ORDER[{name}] no longer lists the model's values")
                fields["enum"] = values
        if kind == "kStructure":
            fields["members"] = self.structure_members(service, model, name, s,
                                                       arn_table_names)
        elif kind == "kList":
            fields["element"] = self.shape(service, model, s["member"]["shape"],
                                           arn_table_names)
        elif kind == "kMap":
            key = s["key"]["shape"]
            if key == "TableArn" and not arn_table_names:
                key = "TableName"  # RequestItems of the batch operations
            fields["key"] = self.shape(service, model, key, arn_table_names)
            fields["element"] = self.shape(service, model, s["value"]["shape"],
                                           arn_table_names)
        self.shapes[i] = (name, fields)
        if kind not in ("kStructure", "kList", "kMap"):
            # Leaves with the same constraints share one row (most strings have none).
            leaf = (kind, fields.get("min"), fields.get("max"), fields.get("pattern"),
                    tuple(fields.get("enum", [])))
            if leaf in self.leaves:
                self.shapes.pop()
                self.index[key] = self.leaves[leaf]
                return self.leaves[leaf]
            self.leaves[leaf] = i
        return i

    def structure_members(self, service, model, name, s, arn_table_names):
        names = list(s["members"])
        first = [m for m in MEMBER_ORDER.get(name, []) if m in names]
        ordered = first + [m for m in names if m not in first]
        required = set(s.get("required", [])) | set(EXTRA_REQUIRED.get(name, []))
        entries = []
        for member in ordered:
            target = s["members"][member]["shape"]
            if member == "TableName" and target == "TableArn" and not arn_table_names:
                target = "TableName"
            if (name, member) in MEMBER_MAX:
                target = f"{target}#max{MEMBER_MAX[(name, member)]}"
            entries.append((member, self.shape(service, model, target, arn_table_names),
                            member in required))
        return entries

    def emit_members(self, entries):
        # protocol/model_validation.cc walks a structure with a bitset of this size.
        if len(entries) > MAX_MEMBERS:
            sys.exit(f"a structure has {len(entries)} members, more than {MAX_MEMBERS}")
        first = len(self.members)
        for member, shape, required in entries:
            self.members.append(f"{{{c_string(member)}, {shape}, {'true' if required else 'false'}}}")
        return first, len(entries)

    def render_shapes(self):
        out = []
        for name, f in self.shapes:
            members = (0, 0)
            if "members" in f:
                members = self.emit_members(f["members"])
            enum_first = len(self.enum_values)
            enum = f.get("enum", [])
            self.enum_values.extend(enum)
            out.append(
                f"    {{Kind::{f['kind']}, {'true' if 'min' in f else 'false'}, "
                f"{f.get('min', 0)}, {'true' if 'max' in f else 'false'}, {f.get('max', 0)}, "
                f"Pattern::{PATTERNS[f['pattern']] if 'pattern' in f else 'kNone'}, "
                f"{c_string(f.get('pattern', ''))}, {enum_first}, "
                f"{len(enum)}, {members[0]}, {members[1]}, {f.get('element', 0)}, "
                f"{f.get('key', 0)}}},  "
                f"// {name}")
        return out


def packed(items, width=100):
    """Initialisers several to a line, so that the file stays short."""
    lines, line = [], "   "
    for item in items:
        if len(line) + len(item) + 2 > width and line.strip():
            lines.append(line)
            line = "   "
        line += " " + item + ","
    if line.strip():
        lines.append(line)
    return lines


def generate(models, source):
    table = Table()
    operations = []
    for service, prefix in SERVICES:
        model = models[service]
        for op_name, op in model["operations"].items():
            if "input" not in op:
                continue
            arn = op_name in OPERATIONS_TAKING_TABLE_ARNS
            operations.append((prefix + op_name,
                               table.shape(service, model, op["input"]["shape"], arn)))
    operations.sort()
    shapes = table.render_shapes()
    lines = [
        "// Generated by tools/gen_model_constraints.py from the service models of",
        f"// {source} (dynamodb and dynamodbstreams 2012-08-10). Do not edit: run the",
        "// generator (CTest model_constraints checks that this file is up to date).",
        "// clang-format off",
        '#include "protocol/model_constraints.h"',
        "",
        "namespace monotable::protocol::model {",
        "namespace {",
        "",
        "constexpr std::string_view kEnumValues[] = {",
    ]
    lines += packed([c_string(v) for v in table.enum_values])
    lines += ["};", "", "constexpr Member kMembers[] = {"]
    lines += packed(table.members)
    lines += ["};", "", "constexpr Shape kShapes[] = {"]
    lines += shapes
    lines += ["};", "", "constexpr Operation kOperations[] = {"]
    lines += [f"    {{{c_string(name)}, {shape}}}," for name, shape in operations]
    lines += [
        "};",
        "",
        "}  // namespace",
        "",
        "const Model& Generated() {",
        f"  static constexpr Model kModel{{kEnumValues, kMembers, kShapes, kOperations, "
        f"{c_string(source)}}};",
        "  return kModel;",
        "}",
        "",
        "}  // namespace monotable::protocol::model",
        "// clang-format on",
        "",
    ]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model-dir", help="a botocore data directory")
    parser.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "protocol",
        "model_constraints_table.cc"))
    parser.add_argument("--check", metavar="FILE")
    args = parser.parse_args()
    if args.model_dir:
        models = {s: load_model(args.model_dir, s) for s, _ in SERVICES}
        source = "the models in " + args.model_dir
    else:
        models, source = installed_models()
    text = generate(models, source)
    if args.check:
        with open(args.check) as f:
            current = f.read()
        if current != text:
            with tempfile.NamedTemporaryFile("w", suffix=".cc", delete=False) as f:
                f.write(text)
            subprocess.run(["diff", "-u", args.check, f.name])
            print(f"{args.check} is not what {source} generates: run "
                  "tools/gen_model_constraints.py", file=sys.stderr)
            return 1
        print(f"{args.check} matches {source}")
        return 0
    with open(args.out, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
