"""Helpers shared by the error tests test_errors_tables.py and test_errors_items.py (not
a test module itself).

All error tests assert the exact error code (the part of __type after '#'), the exact
message and HTTP 400, as the real DynamoDB service answers. Sources of the messages
(each test cites the one it uses):
  [dynalite]  architect/dynalite test/*.js: a DynamoDB emulator whose test suite is run
              against the real service and asserts its exact messages.
  [moto]      getmoto/moto tests/test_dynamodb (tests marked aws_verified) and
              moto/dynamodb/exceptions.py.
  [issue]     a real error text pasted in a public GitHub issue (repository named).
  [aws-sdk-js] aws-sdk-js features/dynamodb (cucumber features run against the service).
Where a message could not be confirmed, the test asserts the code and a stable fragment
only (see the comments marked UNCONFIRMED).
"""

V = "ValidationException"


def k(pk="p", sk="s"):
    return {"PK": {"S": pk}, "SK": {"S": sk}}
