"""PutItem / GetItem / DeleteItem through boto3's low-level client: all ten attribute
types, ReturnValues, AttributesToGet, ConsistentRead and number canonicalization.

Canonical numbers follow the real service (e.g. dynalite's test/putItem.js "should put
really long numbers", checked against DynamoDB: '0009.99...e125' comes back as plain
digits, '-00001.2345...80000' as '-1.2345...8'): no exponent, no leading or trailing
zeros, no '+'.
"""

import pytest

from mtutil import create_table, delete_table_quietly, unique_name


def k(pk, sk="s"):
    return {"PK": {"S": pk}, "SK": {"S": sk}}


def normalize(value):
    """Makes set members order-insensitive for comparisons (DynamoDB does not keep set
    order)."""
    if isinstance(value, dict):
        out = {}
        for t, v in value.items():
            if t in ("SS", "NS", "BS"):
                out[t] = sorted(v)
            elif t == "M":
                out[t] = {n: normalize(x) for n, x in v.items()}
            elif t == "L":
                out[t] = [normalize(x) for x in v]
            else:
                out[t] = v
        return out
    return value


def norm_item(item):
    return {n: normalize(v) for n, v in item.items()}


ALL_TYPES = {
    "s": {"S": "hello"},
    "n": {"N": "42"},
    "b": {"B": b"\x00\x01\xfe\xff"},
    "t": {"BOOL": True},
    "f": {"BOOL": False},
    "z": {"NULL": True},
    "m": {"M": {"inner": {"S": "x"}, "num": {"N": "-7.25"}}},
    "l": {"L": [{"S": "a"}, {"N": "1"}, {"BOOL": False}, {"NULL": True}]},
    "ss": {"SS": ["x", "y", "z"]},
    "ns": {"NS": ["1", "2.5", "-3"]},
    "bs": {"BS": [b"\x01", b"\x02\x03", b"\xff"]},
    "nested": {"M": {
        "list": {"L": [
            {"M": {"deep": {"L": [{"SS": ["q"]}, {"NS": ["9"]}, {"BS": [b"\x09"]},
                                  {"M": {}}, {"L": []}]}}},
            {"B": b"bin"},
        ]},
        "map": {"M": {"a": {"M": {"b": {"M": {"c": {"S": "deep"}}}}}}},
        "empty_list": {"L": []},
        "empty_map": {"M": {}},
    }},
}


def test_put_get_all_types(ddb, table):
    item = dict(k("all"), **ALL_TYPES)
    resp = ddb.put_item(TableName=table, Item=item)
    assert "Attributes" not in resp
    got = ddb.get_item(TableName=table, Key=k("all"), ConsistentRead=True)
    assert set(got) - {"ResponseMetadata"} == {"Item"}
    assert norm_item(got["Item"]) == norm_item(item)
    # Binary values come back as bytes (base64 on the wire).
    assert isinstance(got["Item"]["b"]["B"], bytes)
    assert isinstance(got["Item"]["nested"]["M"]["list"]["L"][1]["B"], bytes)


@pytest.mark.parametrize("name", sorted(ALL_TYPES))
def test_round_trip_each_type(ddb, table, name):
    item = dict(k("one-" + name), attr=ALL_TYPES[name])
    ddb.put_item(TableName=table, Item=item)
    got = ddb.get_item(TableName=table, Key=k("one-" + name), ConsistentRead=True)["Item"]
    assert norm_item(got) == norm_item(item)


def test_put_overwrites_whole_item(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("ow"), a={"S": "1"}, b={"S": "2"}))
    ddb.put_item(TableName=table, Item=dict(k("ow"), c={"N": "3"}))
    got = ddb.get_item(TableName=table, Key=k("ow"), ConsistentRead=True)["Item"]
    assert got == dict(k("ow"), c={"N": "3"})


def test_get_missing_item_has_no_item_key(ddb, table):
    resp = ddb.get_item(TableName=table, Key=k("missing"))
    assert "Item" not in resp
    assert resp["ResponseMetadata"]["HTTPStatusCode"] == 200
    resp = ddb.get_item(TableName=table, Key=k("missing"), ConsistentRead=True)
    assert "Item" not in resp


def test_same_partition_key_different_sort_keys(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("p", "1"), v={"S": "one"}))
    ddb.put_item(TableName=table, Item=dict(k("p", "2"), v={"S": "two"}))
    assert ddb.get_item(TableName=table, Key=k("p", "1"))["Item"]["v"] == {"S": "one"}
    assert ddb.get_item(TableName=table, Key=k("p", "2"))["Item"]["v"] == {"S": "two"}
    assert "Item" not in ddb.get_item(TableName=table, Key=k("p", "3"))


@pytest.mark.parametrize("consistent", [True, False])
def test_consistent_read_flag(ddb, table, consistent):
    ddb.put_item(TableName=table, Item=dict(k("cr"), v={"S": "x"}))
    got = ddb.get_item(TableName=table, Key=k("cr"), ConsistentRead=consistent)
    assert got["Item"] == dict(k("cr"), v={"S": "x"})


def test_put_return_values_all_old(ddb, table):
    first = ddb.put_item(TableName=table, Item=dict(k("rv"), v={"N": "1"}),
                         ReturnValues="ALL_OLD")
    assert "Attributes" not in first  # no old item
    second = ddb.put_item(TableName=table, Item=dict(k("rv"), w={"S": "new"}),
                          ReturnValues="ALL_OLD")
    assert second["Attributes"] == dict(k("rv"), v={"N": "1"})
    none = ddb.put_item(TableName=table, Item=dict(k("rv"), x={"S": "y"}), ReturnValues="NONE")
    assert "Attributes" not in none


def test_delete_item(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("del"), v={"S": "x"}))
    resp = ddb.delete_item(TableName=table, Key=k("del"))
    assert "Attributes" not in resp
    assert "Item" not in ddb.get_item(TableName=table, Key=k("del"), ConsistentRead=True)
    # Deleting a missing item succeeds.
    resp = ddb.delete_item(TableName=table, Key=k("del"))
    assert resp["ResponseMetadata"]["HTTPStatusCode"] == 200


def test_delete_return_values_all_old(ddb, table):
    item = dict(k("delrv"), v={"L": [{"S": "a"}]}, n={"N": "5"})
    ddb.put_item(TableName=table, Item=item)
    resp = ddb.delete_item(TableName=table, Key=k("delrv"), ReturnValues="ALL_OLD")
    assert resp["Attributes"] == item
    again = ddb.delete_item(TableName=table, Key=k("delrv"), ReturnValues="ALL_OLD")
    assert "Attributes" not in again


def test_attributes_to_get(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("atg"), a={"S": "1"}, b={"N": "2"},
                                            c={"BOOL": True}))
    got = ddb.get_item(TableName=table, Key=k("atg"), AttributesToGet=["a", "c", "nope"],
                       ConsistentRead=True)
    assert got["Item"] == {"a": {"S": "1"}, "c": {"BOOL": True}}
    got = ddb.get_item(TableName=table, Key=k("atg"), AttributesToGet=["PK", "b"])
    assert got["Item"] == {"PK": {"S": "atg"}, "b": {"N": "2"}}


def test_attributes_to_get_none_present(ddb, table):
    # DynamoDB answers {"Item": {}} when the item exists but has none of the attributes.
    ddb.put_item(TableName=table, Item=dict(k("atg2"), a={"S": "1"}))
    got = ddb.get_item(TableName=table, Key=k("atg2"), AttributesToGet=["zzz"])
    assert got.get("Item") == {}


@pytest.mark.parametrize("given,canonical", [
    ("01.50", "1.5"),
    ("1E3", "1000"),
    ("1e+3", "1000"),
    ("-0", "0"),
    ("0.000", "0"),
    ("+7", "7"),
    ("-00012.3400", "-12.34"),
    ("1.0e-2", "0.01"),
    ("12E-1", "1.2"),
    (".5", "0.5"),
    ("123456789012345678901234567890123456780000",
     "123456789012345678901234567890123456780000"),
    ("9.9999999999999999999999999999999999999E+125", "99999999999999999999999999999999999999"
     + "0" * 88),
    ("1E-130", "0." + "0" * 129 + "1"),
    ("-1E-130", "-0." + "0" * 129 + "1"),
])
def test_numbers_are_returned_canonical(ddb, table, given, canonical):
    ddb.put_item(TableName=table, Item=dict(k("num"), n={"N": given}))
    got = ddb.get_item(TableName=table, Key=k("num"), ConsistentRead=True)["Item"]
    assert got["n"] == {"N": canonical}


def test_number_set_is_canonicalized(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("ns"), s={"NS": ["01.50", "1E3", "-0", "7"]}))
    got = ddb.get_item(TableName=table, Key=k("ns"), ConsistentRead=True)["Item"]
    assert sorted(got["s"]["NS"]) == sorted(["1.5", "1000", "0", "7"])


def test_numbers_nested_in_documents_are_canonical(ddb, table):
    ddb.put_item(TableName=table, Item=dict(k("nd"), d={"M": {"x": {"L": [{"N": "002.500"}]}}}))
    got = ddb.get_item(TableName=table, Key=k("nd"), ConsistentRead=True)["Item"]
    assert got["d"] == {"M": {"x": {"L": [{"N": "2.5"}]}}}


def test_empty_string_and_binary_in_non_key_attributes(ddb, table):
    # Allowed for non-key attributes since May 2020, also inside documents.
    item = dict(k("empty"), s={"S": ""}, b={"B": b""}, m={"M": {"e": {"S": ""}}},
                l={"L": [{"S": ""}]})
    ddb.put_item(TableName=table, Item=item)
    got = ddb.get_item(TableName=table, Key=k("empty"), ConsistentRead=True)["Item"]
    assert got == item


def test_binary_round_trip_of_arbitrary_bytes(ddb, table):
    data = bytes(range(256)) * 8 + b"\x00" * 3
    item = dict(k("bin"), b={"B": data}, bs={"BS": [bytes([i, 0, 255 - i]) for i in range(16)]})
    ddb.put_item(TableName=table, Item=item)
    got = ddb.get_item(TableName=table, Key=k("bin"), ConsistentRead=True)["Item"]
    assert got["b"]["B"] == data
    assert sorted(got["bs"]["BS"]) == sorted(item["bs"]["BS"])


def test_unicode_strings(ddb, table):
    text = "héllo wörld ✓ 日本語 Ελληνικά emoji 🎉🚀 \u0000nul \t\n\"quotes\" \\ /"
    pk = "ключ-🔑-" + text[:10]
    item = {"PK": {"S": pk}, "SK": {"S": "ß"}, "v": {"S": text},
            "ünïcödé name ✓": {"SS": ["日本", "🎉", "a"]},
            "m": {"M": {"κλειδί": {"S": "τιμή"}}}}
    ddb.put_item(TableName=table, Item=item)
    got = ddb.get_item(TableName=table, Key={"PK": {"S": pk}, "SK": {"S": "ß"}},
                       ConsistentRead=True)["Item"]
    assert norm_item(got) == norm_item(item)


def test_number_keys(ddb):
    name = unique_name("numkey")
    create_table(ddb, name, hash_type="N", range_type="N")
    try:
        ddb.put_item(TableName=name, Item={"PK": {"N": "1.50"}, "SK": {"N": "-2E1"},
                                           "v": {"S": "x"}})
        # Numerically equal keys address the same item, whatever the spelling.
        got = ddb.get_item(TableName=name, Key={"PK": {"N": "1.5"}, "SK": {"N": "-20"}},
                           ConsistentRead=True)
        assert got["Item"] == {"PK": {"N": "1.5"}, "SK": {"N": "-20"}, "v": {"S": "x"}}
        ddb.put_item(TableName=name, Item={"PK": {"N": "01.5"}, "SK": {"N": "-20.0"},
                                           "v": {"S": "y"}})
        got = ddb.get_item(TableName=name, Key={"PK": {"N": "1.5"}, "SK": {"N": "-20"}})
        assert got["Item"]["v"] == {"S": "y"}
        assert "Item" not in ddb.get_item(TableName=name,
                                           Key={"PK": {"N": "1.5"}, "SK": {"N": "20"}})
        ddb.delete_item(TableName=name, Key={"PK": {"N": "1.500"}, "SK": {"N": "-2e1"}})
        assert "Item" not in ddb.get_item(TableName=name,
                                           Key={"PK": {"N": "1.5"}, "SK": {"N": "-20"}},
                                           ConsistentRead=True)
    finally:
        delete_table_quietly(ddb, name)


def test_binary_keys(ddb):
    name = unique_name("binkey")
    create_table(ddb, name, hash_type="B", range_type="B")
    try:
        pk, sk = b"\x00\xffkey", bytes(range(32))
        ddb.put_item(TableName=name, Item={"PK": {"B": pk}, "SK": {"B": sk}, "v": {"N": "1"}})
        got = ddb.get_item(TableName=name, Key={"PK": {"B": pk}, "SK": {"B": sk}},
                           ConsistentRead=True)
        assert got["Item"] == {"PK": {"B": pk}, "SK": {"B": sk}, "v": {"N": "1"}}
        assert "Item" not in ddb.get_item(TableName=name,
                                           Key={"PK": {"B": pk}, "SK": {"B": sk + b"\x00"}})
        resp = ddb.delete_item(TableName=name, Key={"PK": {"B": pk}, "SK": {"B": sk}},
                               ReturnValues="ALL_OLD")
        assert resp["Attributes"]["v"] == {"N": "1"}
    finally:
        delete_table_quietly(ddb, name)


def test_hash_only_table(ddb, hash_table):
    ddb.put_item(TableName=hash_table, Item={"PK": {"S": "only"}, "a": {"NULL": True}})
    got = ddb.get_item(TableName=hash_table, Key={"PK": {"S": "only"}}, ConsistentRead=True)
    assert got["Item"] == {"PK": {"S": "only"}, "a": {"NULL": True}}


def test_max_size_keys_are_accepted(ddb, table):
    pk, sk = "p" * 2048, "s" * 1024  # exactly the limits
    ddb.put_item(TableName=table, Item={"PK": {"S": pk}, "SK": {"S": sk}})
    got = ddb.get_item(TableName=table, Key={"PK": {"S": pk}, "SK": {"S": sk}},
                       ConsistentRead=True)
    assert got["Item"]["PK"]["S"] == pk


def test_large_item_below_limit_is_accepted(ddb, table):
    # 400 KB (409,600 bytes) is the limit for names + values; stay a little below.
    item = dict(k("big"), data={"S": "x" * (400 * 1024 - 200)})
    ddb.put_item(TableName=table, Item=item)
    got = ddb.get_item(TableName=table, Key=k("big"), ConsistentRead=True)["Item"]
    assert got == item


def test_items_are_isolated_between_tables(ddb, table, hash_table):
    ddb.put_item(TableName=table, Item=dict(k("iso"), v={"S": "range-table"}))
    ddb.put_item(TableName=hash_table, Item={"PK": {"S": "iso"}, "v": {"S": "hash-table"}})
    assert ddb.get_item(TableName=table, Key=k("iso"))["Item"]["v"]["S"] == "range-table"
    assert ddb.get_item(TableName=hash_table,
                        Key={"PK": {"S": "iso"}})["Item"]["v"]["S"] == "hash-table"
