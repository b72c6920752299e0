"""Single-table designs served by secondary indexes, one test per access pattern, each
asserting the exact items returned (and their order where DynamoDB defines it):

- an e-commerce table (users, orders, products, categories) with GSI1 = (ORDER, date);
- an overloaded GSI1 whose partition key carries EMAIL#, STATUS# or CATEGORY# values;
- a sparse index holding only unpaid orders, which an order leaves when it is paid;
- a quality-control work-order table with three GSIs;
- an adjacency list (users and groups) read both ways through an inverted GSI.
"""

import pytest

from mtutil import (create_indexed_table, delete_table_quietly, index_spec, put_items,
                    unique_name, S, N)


def q(ddb, table, index, condition, values, **kwargs):
    """The items of one Query page (the data sets here fit in one)."""
    kw = dict(TableName=table, KeyConditionExpression=condition,
              ExpressionAttributeValues=values, **kwargs)
    if index:
        kw["IndexName"] = index
    resp = ddb.query(**kw)
    assert "LastEvaluatedKey" not in resp
    return resp["Items"]


def sks(items, attribute="SK"):
    return [i[attribute]["S"] for i in items]


@pytest.fixture(scope="module")
def indexed_table(ddb):
    """Creates tables for the module; all are deleted at its end."""
    names = []

    def make(prefix, attributes, items, **kwargs):
        name = unique_name(prefix)
        create_indexed_table(ddb, name, attributes, **kwargs)
        names.append(name)
        put_items(ddb, name, items)
        return name

    yield make
    for name in names:
        delete_table_quietly(ddb, name)


# ------------------------------------------------------------------------ e-commerce

PROFILE = {"PK": S("USER#123"), "SK": S("PROFILE"), "name": S("Ada"), "email": S("ada@x.io")}


def order(user, date, oid, total):
    return {"PK": S(f"USER#{user}"), "SK": S(f"ORDER#{date}#{oid}"), "GSI1PK": S("ORDER"),
            "GSI1SK": S(date), "orderDate": S(date), "total": N(total)}


ORDERS = [order(123, "2024-01-15", "1001", "30"), order(123, "2024-02-20", "1002", "12"),
          order(456, "2024-03-01", "1003", "99"), order(789, "2024-02-20", "1004", "5")]
PRODUCT = {"PK": S("PRODUCT#P1"), "SK": S("METADATA"), "name": S("Lamp"),
           "category": S("lighting")}
CATEGORY_LINKS = [{"PK": S("CATEGORY#lighting"), "SK": S("PRODUCT#P1"), "name": S("Lamp")},
                  {"PK": S("CATEGORY#lighting"), "SK": S("PRODUCT#P2"), "name": S("Bulb")}]


@pytest.fixture(scope="module")
def shop(indexed_table):
    return indexed_table("shop", {"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "S"},
                         [PROFILE, *ORDERS, PRODUCT, *CATEGORY_LINKS],
                         gsis=[index_spec("GSI1", "GSI1PK", "GSI1SK")])


def test_shop_user_profile_and_orders(ddb, shop):
    items = q(ddb, shop, None, "PK = :u", {":u": S("USER#123")})
    assert items == [ORDERS[0], ORDERS[1], PROFILE]


def test_shop_orders_of_a_user(ddb, shop):
    items = q(ddb, shop, None, "PK = :u AND begins_with(SK, :o)",
              {":u": S("USER#123"), ":o": S("ORDER#")})
    assert items == ORDERS[:2]


def test_shop_orders_in_a_date_range_across_users(ddb, shop):
    items = q(ddb, shop, "GSI1", "GSI1PK = :o AND GSI1SK BETWEEN :a AND :b",
              {":o": S("ORDER"), ":a": S("2024-02-01"), ":b": S("2024-03-31")})
    # Index sort-key order; the two orders of 2024-02-20 follow their table keys' order.
    assert sks(items, "GSI1SK") == ["2024-02-20", "2024-02-20", "2024-03-01"]
    assert sorted(sks(items[:2])) == sorted(["ORDER#2024-02-20#1002", "ORDER#2024-02-20#1004"])
    assert items[2] == ORDERS[2]


def test_shop_latest_orders(ddb, shop):
    items = ddb.query(TableName=shop, IndexName="GSI1", KeyConditionExpression="GSI1PK = :o",
                      ExpressionAttributeValues={":o": S("ORDER")}, ScanIndexForward=False,
                      Limit=1)["Items"]
    assert items == [ORDERS[2]]


def test_shop_product_metadata(ddb, shop):
    assert ddb.get_item(TableName=shop, Key={"PK": PRODUCT["PK"], "SK": PRODUCT["SK"]})["Item"] \
        == PRODUCT


def test_shop_products_of_a_category(ddb, shop):
    assert q(ddb, shop, None, "PK = :c", {":c": S("CATEGORY#lighting")}) == CATEGORY_LINKS


# ------------------------------------------------------------------- overloaded GSI1

USER_1 = {"PK": S("USER#1"), "SK": S("PROFILE"), "GSI1PK": S("EMAIL#ada@x.io"),
          "GSI1SK": S("USER#1"), "name": S("Ada")}
USER_2 = {"PK": S("USER#2"), "SK": S("PROFILE"), "GSI1PK": S("EMAIL#bob@x.io"),
          "GSI1SK": S("USER#2"), "name": S("Bob")}
SHIPPED_1 = {"PK": S("USER#1"), "SK": S("ORDER#1"), "GSI1PK": S("STATUS#SHIPPED"),
             "GSI1SK": S("2024-01-02")}
PENDING_2 = {"PK": S("USER#2"), "SK": S("ORDER#2"), "GSI1PK": S("STATUS#PENDING"),
             "GSI1SK": S("2024-01-03")}
SHIPPED_3 = {"PK": S("USER#1"), "SK": S("ORDER#3"), "GSI1PK": S("STATUS#SHIPPED"),
             "GSI1SK": S("2023-12-30")}
BOOK_1 = {"PK": S("PRODUCT#1"), "SK": S("METADATA"), "GSI1PK": S("CATEGORY#books"),
          "GSI1SK": S("PRODUCT#1"), "title": S("Dune")}
BOOK_2 = {"PK": S("PRODUCT#2"), "SK": S("METADATA"), "GSI1PK": S("CATEGORY#books"),
          "GSI1SK": S("PRODUCT#2"), "title": S("Emma")}
TOOL_3 = {"PK": S("PRODUCT#3"), "SK": S("METADATA"), "GSI1PK": S("CATEGORY#tools"),
          "GSI1SK": S("PRODUCT#3"), "title": S("Saw")}


@pytest.fixture(scope="module")
def overloaded(indexed_table):
    return indexed_table("overloaded", {"PK": "S", "SK": "S", "GSI1PK": "S", "GSI1SK": "S"},
                         [USER_1, USER_2, SHIPPED_1, PENDING_2, SHIPPED_3, BOOK_1, BOOK_2, TOOL_3],
                         gsis=[index_spec("GSI1", "GSI1PK", "GSI1SK")])


def test_overloaded_user_by_email(ddb, overloaded):
    assert q(ddb, overloaded, "GSI1", "GSI1PK = :e", {":e": S("EMAIL#bob@x.io")}) == [USER_2]


def test_overloaded_orders_by_status_in_date_order(ddb, overloaded):
    items = q(ddb, overloaded, "GSI1", "GSI1PK = :s", {":s": S("STATUS#SHIPPED")})
    assert items == [SHIPPED_3, SHIPPED_1]


def test_overloaded_products_of_a_category(ddb, overloaded):
    items = q(ddb, overloaded, "GSI1", "GSI1PK = :c AND begins_with(GSI1SK, :p)",
              {":c": S("CATEGORY#books"), ":p": S("PRODUCT#")})
    assert items == [BOOK_1, BOOK_2]


# ---------------------------------------------------------------------- sparse index

def unpaid_order(oid, date):
    return {"PK": S("CUSTOMER#9"), "SK": S(f"ORDER#{oid}"), "UnpaidGSIPK": S("UNPAID"),
            "UnpaidGSISK": S(date), "amount": N("10")}


PAID = {"PK": S("CUSTOMER#9"), "SK": S("ORDER#A"), "paid": {"BOOL": True}, "amount": N("7")}


@pytest.fixture
def sparse(indexed_table):
    return indexed_table("sparse", {"PK": "S", "SK": "S", "UnpaidGSIPK": "S", "UnpaidGSISK": "S"},
                         [PAID, unpaid_order("B", "2024-05-02"), unpaid_order("C", "2024-05-01")],
                         gsis=[index_spec("UnpaidIndex", "UnpaidGSIPK", "UnpaidGSISK",
                                          projection="KEYS_ONLY")])


def unpaid(ddb, table):
    return q(ddb, table, "UnpaidIndex", "UnpaidGSIPK = :u", {":u": S("UNPAID")})


def test_sparse_index_holds_only_unpaid_orders(ddb, sparse):
    keys_of = lambda oid, date: {"PK": S("CUSTOMER#9"), "SK": S(f"ORDER#{oid}"),
                                 "UnpaidGSIPK": S("UNPAID"), "UnpaidGSISK": S(date)}
    assert unpaid(ddb, sparse) == [keys_of("C", "2024-05-01"), keys_of("B", "2024-05-02")]
    assert ddb.scan(TableName=sparse, IndexName="UnpaidIndex", Select="COUNT")["Count"] == 2


def test_sparse_entry_disappears_when_the_order_is_paid(ddb, sparse):
    ddb.update_item(TableName=sparse, Key={"PK": S("CUSTOMER#9"), "SK": S("ORDER#C")},
                    UpdateExpression="REMOVE UnpaidGSIPK, UnpaidGSISK SET paid = :t",
                    ExpressionAttributeValues={":t": {"BOOL": True}})
    assert sks(unpaid(ddb, sparse)) == ["ORDER#B"]
    table = ddb.describe_table(TableName=sparse)["Table"]
    assert table["GlobalSecondaryIndexes"][0]["ItemCount"] == 1


# -------------------------------------------------------- quality-control work orders

def work_order(wid, site, status, inspector, date, priority):
    return {"PK": S(f"WO#{wid}"), "SK": S(f"WO#{wid}"),
            "GSI1PK": S(f"SITE#{site}"), "GSI1SK": S(f"STATUS#{status}#{date}"),
            "GSI2PK": S(f"INSPECTOR#{inspector}"), "GSI2SK": S(date),
            "GSI3PK": S(f"STATUS#{status}"), "GSI3SK": S(f"PRIORITY#{priority}#WO#{wid}")}


WO = {wid: work_order(wid, *rest) for wid, *rest in [
    ("1", "north", "OPEN", "kim", "2024-04-01", 2),
    ("2", "north", "CLOSED", "kim", "2024-04-03", 1),
    ("3", "north", "OPEN", "lee", "2024-04-05", 1),
    ("4", "south", "OPEN", "kim", "2024-04-07", 3),
    ("5", "south", "CLOSED", "lee", "2024-04-02", 2),
]}
DEFECT = {"PK": S("WO#1"), "SK": S("DEFECT#1"), "severity": S("minor")}


@pytest.fixture(scope="module")
def quality(indexed_table):
    attributes = {"PK": "S", "SK": "S"}
    for n in (1, 2, 3):
        attributes.update({f"GSI{n}PK": "S", f"GSI{n}SK": "S"})
    return indexed_table("quality", attributes, [*WO.values(), DEFECT],
                         gsis=[index_spec(f"GSI{n}", f"GSI{n}PK", f"GSI{n}SK")
                               for n in (1, 2, 3)])


def test_quality_open_work_orders_of_a_site(ddb, quality):
    items = q(ddb, quality, "GSI1", "GSI1PK = :s AND begins_with(GSI1SK, :o)",
              {":s": S("SITE#north"), ":o": S("STATUS#OPEN#")})
    assert items == [WO["1"], WO["3"]]


def test_quality_inspector_work_orders_in_a_period(ddb, quality):
    items = q(ddb, quality, "GSI2", "GSI2PK = :i AND GSI2SK >= :d",
              {":i": S("INSPECTOR#kim"), ":d": S("2024-04-02")})
    assert items == [WO["2"], WO["4"]]


def test_quality_open_work_orders_by_priority(ddb, quality):
    items = q(ddb, quality, "GSI3", "GSI3PK = :o", {":o": S("STATUS#OPEN")})
    assert items == [WO["3"], WO["1"], WO["4"]]


def test_quality_work_order_with_its_defects(ddb, quality):
    assert q(ddb, quality, None, "PK = :w", {":w": S("WO#1")}) == [DEFECT, WO["1"]]


# -------------------------------------------------------------------- adjacency list

def member(user, group, role):
    return {"PK": S(f"USER#{user}"), "SK": S(f"GROUP#{group}"), "role": S(role)}


MEMBERSHIPS = [member("ann", "admins", "owner"), member("ann", "dev", "member"),
               member("bob", "dev", "owner"), member("cid", "ops", "member")]
USER_ANN = {"PK": S("USER#ann"), "SK": S("USER#ann"), "name": S("Ann")}


@pytest.fixture(scope="module")
def adjacency(indexed_table):
    return indexed_table("adjacency", {"PK": "S", "SK": "S"}, [*MEMBERSHIPS, USER_ANN],
                         gsis=[index_spec("Inverted", "SK", "PK")])


def test_adjacency_groups_of_a_user(ddb, adjacency):
    items = q(ddb, adjacency, None, "PK = :u AND begins_with(SK, :g)",
              {":u": S("USER#ann"), ":g": S("GROUP#")})
    assert items == MEMBERSHIPS[:2]


def test_adjacency_users_of_a_group(ddb, adjacency):
    items = q(ddb, adjacency, "Inverted", "SK = :g AND begins_with(PK, :u)",
              {":g": S("GROUP#dev"), ":u": S("USER#")})
    assert items == [MEMBERSHIPS[1], MEMBERSHIPS[2]]
