"""Seed 004's entities as PynamoDB models of one table, told apart by a discriminator
attribute (Type), with the overloaded GSI1 and the sparse Unpaid index. The table and
server come from the environment that tests/sdk/with_servers.py sets."""

import os

from pynamodb.attributes import DiscriminatorAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex, KeysOnlyProjection
from pynamodb.models import Model

TABLE = "Shop_python"
C001 = "CUSTOMER#C001"


class GSI1(GlobalSecondaryIndex):
    """Overloaded: customers by EMAIL#..., orders by STATUS#..."""

    class Meta:
        index_name = "GSI1"
        projection = AllProjection()

    GSI1PK = UnicodeAttribute(hash_key=True)
    GSI1SK = UnicodeAttribute(range_key=True)


class Unpaid(GlobalSecondaryIndex):
    """Sparse: only unpaid orders carry UnpaidGSIPK."""

    class Meta:
        index_name = "Unpaid"
        projection = KeysOnlyProjection()

    UnpaidGSIPK = UnicodeAttribute(hash_key=True)
    UnpaidGSISK = UnicodeAttribute(range_key=True)


class ShopItem(Model):
    class Meta:
        table_name = TABLE
        host = os.environ.get("MONOTABLE_ENDPOINT")
        region = "us-east-1"
        billing_mode = "PAY_PER_REQUEST"
        stream_view_type = "NEW_AND_OLD_IMAGES"

    PK = UnicodeAttribute(hash_key=True)
    SK = UnicodeAttribute(range_key=True)
    Type = DiscriminatorAttribute()
    GSI1PK = UnicodeAttribute(null=True)
    GSI1SK = UnicodeAttribute(null=True)
    UnpaidGSIPK = UnicodeAttribute(null=True)
    UnpaidGSISK = UnicodeAttribute(null=True)
    gsi1 = GSI1()
    unpaid = Unpaid()


class Customer(ShopItem, discriminator="Customer"):
    Name = UnicodeAttribute()
    Email = UnicodeAttribute()


class Order(ShopItem, discriminator="Order"):
    Total = NumberAttribute()
    Status = UnicodeAttribute()


class OrderItem(ShopItem, discriminator="OrderItem"):
    Product = UnicodeAttribute()
    Qty = NumberAttribute()
    Price = NumberAttribute()


def customer(id_, name, email):
    return Customer(f"CUSTOMER#{id_}", "PROFILE", Name=name, Email=email,
                    GSI1PK=f"EMAIL#{email}", GSI1SK=f"CUSTOMER#{id_}")


def order(date, id_, total, status, unpaid=False):
    o = Order(C001, f"ORDER#{date}#{id_}", Total=total, Status=status,
              GSI1PK=f"STATUS#{status}", GSI1SK=date)
    if unpaid:
        o.UnpaidGSIPK, o.UnpaidGSISK = "UNPAID", date
    return o


def order_item(order_, product, qty, price):
    return OrderItem(C001, f"{order_.SK}#ITEM#1", Product=product, Qty=qty, Price=price)


def seed_items():
    """Step 2's seven items, in the order they are written."""
    o099 = order("2026-04-15", "O099", 350000, "delivered")
    o100 = order("2026-04-18", "O100", 2500000, "processing", unpaid=True)
    return [customer("C001", "Nguyen Van A", "a@mail.com"),
            order("2026-03-30", "O098", 120000, "delivered"),
            o099, order_item(o099, "Book", 2, 175000),
            o100, order_item(o100, "Laptop", 1, 2500000),
            customer("C002", "Tran Thi B", "b@mail.com")]
