"""The --iam FILE of test_iam.py (and of tests/integration/js/iam.test.mjs): an admin,
a tenant limited to its own partition key (dynamodb:LeadingKeys with ${aws:username}),
an attribute-limited reader (dynamodb:Attributes with dynamodb:Select), a writer whose
deny beats its allow, and a principal of another account."""

import json

ACCOUNT = "123456789012"
OTHER_ACCOUNT = "111122223333"


def _policy(*statements):
    return {"Version": "2012-10-17", "Statement": list(statements)}


def _from_addresses(name, sid, cidr):
    """A principal that may GetItem on Shop from the addresses of `cidr` only."""
    return {"accessKeyId": f"AKIDIAM{name.upper()}", "secretAccessKey": f"{name}-secret",
            "arn": f"arn:aws:iam::{ACCOUNT}:user/{name}",
            "policies": [_policy({
                "Sid": sid, "Effect": "Allow", "Action": "dynamodb:GetItem",
                "Resource": f"arn:aws:dynamodb:*:{ACCOUNT}:table/Shop",
                "Condition": {"IpAddress": {"aws:SourceIp": cidr}}})]}


PRINCIPALS = {
    "admin": {"accessKeyId": "AKIDIAMADMIN", "secretAccessKey": "admin-secret",
              "arn": f"arn:aws:iam::{ACCOUNT}:user/admin",
              "policies": [_policy({"Effect": "Allow", "Action": "dynamodb:*", "Resource": "*"})]},
    # specifying-conditions, example 1: "Grant permissions that limit access to items
    # with a specific partition key value".
    "tenant": {"accessKeyId": "AKIDIAMTENANT", "secretAccessKey": "tenant-secret",
               "arn": f"arn:aws:iam::{ACCOUNT}:user/tenant-a",
               "policies": [_policy({
                   "Sid": "OwnPartition", "Effect": "Allow",
                   "Action": ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem",
                              "dynamodb:DeleteItem", "dynamodb:Query", "dynamodb:BatchGetItem",
                              "dynamodb:BatchWriteItem", "dynamodb:ConditionCheckItem",
                              "dynamodb:PartiQLSelect", "dynamodb:PartiQLInsert"],
                   "Resource": f"arn:aws:dynamodb:*:{ACCOUNT}:table/Shop",
                   "Condition": {"ForAllValues:StringEquals": {
                       "dynamodb:LeadingKeys": ["${aws:username}"]}}})]},
    # reference_policies_examples_dynamodb_attributes.
    "reader": {"accessKeyId": "AKIDIAMREADER", "secretAccessKey": "reader-secret",
               "arn": f"arn:aws:iam::{ACCOUNT}:user/reader",
               "policies": [_policy({
                   "Sid": "PublicAttributes", "Effect": "Allow",
                   "Action": ["dynamodb:GetItem", "dynamodb:Query"],
                   "Resource": f"arn:aws:dynamodb:*:{ACCOUNT}:table/Shop",
                   "Condition": {
                       "ForAllValues:StringEquals": {"dynamodb:Attributes": ["PK", "SK", "title"]},
                       "StringEqualsIfExists": {"dynamodb:Select": "SPECIFIC_ATTRIBUTES"}}})]},
    "writer": {"accessKeyId": "AKIDIAMWRITER", "secretAccessKey": "writer-secret",
               "arn": f"arn:aws:iam::{ACCOUNT}:user/writer",
               "policies": [_policy({"Sid": "Everything", "Effect": "Allow",
                                     "Action": "dynamodb:*", "Resource": "*"},
                                    {"Sid": "NoDeletes", "Effect": "Deny",
                                     "Action": ["dynamodb:DeleteItem", "dynamodb:DeleteTable"],
                                     "Resource": "*"})]},
    # aws:SourceIp, from the connection: 127.0.0.1 is inside the first block and
    # outside the second (reference_policies_condition-keys, "aws:SourceIp").
    "onsite": _from_addresses("onsite", "FromLoopback", "127.0.0.0/8"),
    "offsite": _from_addresses("offsite", "FromOffice", "203.0.113.0/24"),
    # The documented deny of requests not sent over TLS (aws:SecureTransport false).
    "tlsonly": {"accessKeyId": "AKIDIAMTLSONLY", "secretAccessKey": "tlsonly-secret",
                "arn": f"arn:aws:iam::{ACCOUNT}:user/tlsonly",
                "policies": [_policy({"Sid": "Reads", "Effect": "Allow",
                                      "Action": "dynamodb:GetItem", "Resource": "*"},
                                     {"Sid": "DenyInsecureTransport", "Effect": "Deny",
                                      "Action": "dynamodb:*", "Resource": "*",
                                      "Condition": {"Bool": {"aws:SecureTransport": "false"}}})]},
    "partner": {"accessKeyId": "AKIDIAMPARTNER", "secretAccessKey": "partner-secret",
                "arn": f"arn:aws:iam::{OTHER_ACCOUNT}:user/partner",
                "policies": [_policy({"Effect": "Allow", "Action": "dynamodb:*",
                                      "Resource": "*"})]},
}

# rbac-examples, "Resource-based policy for cross-account access".
PARTNER_READS = json.dumps(_policy({
    "Sid": "PartnerReads", "Effect": "Allow",
    "Principal": {"AWS": f"arn:aws:iam::{OTHER_ACCOUNT}:root"},
    "Action": ["dynamodb:GetItem", "dynamodb:Query"], "Resource": "*"}))


def write_iam_file(path):
    path.write_text(json.dumps({"principals": list(PRINCIPALS.values())}))
    return path


def denied(who, action, table="Shop", why=None, region="us-east-1"):
    """AccessDeniedException's message for PRINCIPALS[who]."""
    resource = f"arn:aws:dynamodb:{region}:{ACCOUNT}:table/{table}"
    reason = why or f"because no identity-based policy allows the {action} action"
    return (f"User: {PRINCIPALS[who]['arn']} is not authorized to perform: {action} "
            f"on resource: {resource} {reason}")


# A stream reader of the table's own account: DescribeStream and GetShardIterator on
# Feed's streams, but not GetRecords (iam-policy-example-lamda-process-dynamodb-streams,
# less one action).
PRINCIPALS["streamer"] = {
    "accessKeyId": "AKIDIAMSTREAMER", "secretAccessKey": "streamer-secret",
    "arn": f"arn:aws:iam::{ACCOUNT}:user/streamer",
    "policies": [_policy({"Sid": "DescribeAndIterate", "Effect": "Allow",
                          "Action": ["dynamodb:DescribeStream", "dynamodb:GetShardIterator"],
                          "Resource": f"arn:aws:dynamodb:*:{ACCOUNT}:table/Feed/stream/*"})]}


def partner_stream_reads(stream_arn, actions=("DescribeStream", "GetRecords",
                                               "GetShardIterator")):
    """rbac-examples, "Resource-based policy for a stream", for the partner's account."""
    return json.dumps(_policy({
        "Sid": "PartnerStreamReads", "Effect": "Allow",
        "Principal": {"AWS": f"arn:aws:iam::{OTHER_ACCOUNT}:root"},
        "Action": [f"dynamodb:{a}" for a in actions],
        "Resource": stream_arn}))
