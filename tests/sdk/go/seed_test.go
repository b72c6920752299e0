// Seed 004's e-commerce data (tests/sdk/README.md) as Go structs, marshalled by
// attributevalue.MarshalMap: the attribute names are the field names.
package sdk

import (
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type Customer struct {
	PK, SK         string
	Name, Email    string
	GSI1PK, GSI1SK string
}

// An order; only unpaid ones carry the sparse index's key (omitempty leaves it out).
type Order struct {
	PK, SK         string
	Total          int64
	Status         string
	GSI1PK, GSI1SK string
	UnpaidGSIPK    string `dynamodbav:",omitempty"`
	UnpaidGSISK    string `dynamodbav:",omitempty"`
}

type OrderItem struct {
	PK, SK  string
	Product string
	Qty     int
	Price   int64
}

const c001 = "CUSTOMER#C001"

func customer(id, name, email string) Customer {
	return Customer{PK: "CUSTOMER#" + id, SK: "PROFILE", Name: name, Email: email,
		GSI1PK: "EMAIL#" + email, GSI1SK: "CUSTOMER#" + id}
}

func order(date, id string, total int64, status string, unpaid bool) Order {
	o := Order{PK: c001, SK: "ORDER#" + date + "#" + id, Total: total, Status: status,
		GSI1PK: "STATUS#" + status, GSI1SK: date}
	if unpaid {
		o.UnpaidGSIPK, o.UnpaidGSISK = "UNPAID", date
	}
	return o
}

func orderItem(orderSK, product string, qty int, price int64) OrderItem {
	return OrderItem{PK: c001, SK: orderSK + "#ITEM#1", Product: product, Qty: qty, Price: price}
}

// The seven items of step 2, in the order they are written (and streamed).
func seedItems() []any {
	o098 := order("2026-03-30", "O098", 120000, "delivered", false)
	o099 := order("2026-04-15", "O099", 350000, "delivered", false)
	o100 := order("2026-04-18", "O100", 2500000, "processing", true)
	return []any{
		customer("C001", "Nguyen Van A", "a@mail.com"),
		o098,
		o099, orderItem(o099.SK, "Book", 2, 175000),
		o100, orderItem(o100.SK, "Laptop", 1, 2500000),
		customer("C002", "Tran Thi B", "b@mail.com"),
	}
}

func stringAttributes(names ...string) []types.AttributeDefinition {
	var out []types.AttributeDefinition
	for _, n := range names {
		out = append(out, types.AttributeDefinition{AttributeName: aws.String(n),
			AttributeType: types.ScalarAttributeTypeS})
	}
	return out
}

func keySchema(hash, rng string) []types.KeySchemaElement {
	return []types.KeySchemaElement{
		{AttributeName: aws.String(hash), KeyType: types.KeyTypeHash},
		{AttributeName: aws.String(rng), KeyType: types.KeyTypeRange},
	}
}

// Step 1's table: PK/SK, the overloaded GSI1, the sparse Unpaid index, a stream.
func shopTable(name string) *dynamodb.CreateTableInput {
	return &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: stringAttributes("PK", "SK", "GSI1PK", "GSI1SK", "UnpaidGSIPK", "UnpaidGSISK"),
		KeySchema:            keySchema("PK", "SK"),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{
			{IndexName: aws.String("GSI1"), KeySchema: keySchema("GSI1PK", "GSI1SK"),
				Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll}},
			{IndexName: aws.String("Unpaid"), KeySchema: keySchema("UnpaidGSIPK", "UnpaidGSISK"),
				Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly}},
		},
		StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(true),
			StreamViewType: types.StreamViewTypeNewAndOldImages},
	}
}

// Step 6's 30 items of order O102.
func bigOrderItems() []OrderItem {
	var items []OrderItem
	for i := 1; i <= 30; i++ {
		items = append(items, OrderItem{PK: "ORDER#O102", SK: fmt.Sprintf("ITEM#%02d", i),
			Product: fmt.Sprintf("SKU-%d", i), Qty: 1, Price: int64(1000 * i)})
	}
	return items
}
