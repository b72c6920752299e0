// The bank workload: a few accounts per segment whose balances only move between them.
// A transfer is one TransactWriteItems: debit (on the condition that the balance
// covers it), credit, and a receipt item (its id unique) in another table; a read is
// one TransactGetItems of every account. Checked by Porcupine against bankModel, a
// serial specification of whole transactions, so a Porcupine "Ok" is a serial order
// of the committed transactions consistent with their real-time order; besides,
// every snapshot sums to the total and every acknowledged transfer's receipt is found
// at the end (checkBank).
package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"sync/atomic"

	"github.com/anishathalye/porcupine"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

const (
	bankTable     = "jepsen_bank"
	receiptsTable = "jepsen_receipts"
	accounts      = 4
	initialFunds  = 100
)

type Balances [accounts]int64

// BankInput: a transfer (From, To, Amount, receipt Id) or a read of segment Seg.
type BankInput struct {
	Seg    int    `json:"seg"`
	Op     string `json:"op"` // transfer, read
	From   int    `json:"from,omitempty"`
	To     int    `json:"to,omitempty"`
	Amount int64  `json:"amount,omitempty"`
	Id     int64  `json:"id,omitempty"`
}

type BankOutput struct {
	Status   Status   `json:"status"`
	Balances Balances `json:"balances"` // a read's snapshot
}

var nextReceipt atomic.Int64

func accountKey(seg, i int) string { return fmt.Sprintf("s%d-a%d", seg, i) }

func balanceOf(item map[string]types.AttributeValue) (int64, error) {
	n, ok := item["bal"].(*types.AttributeValueMemberN)
	if !ok {
		return 0, fmt.Errorf("account without a numeric bal: %v", item)
	}
	return strconv.ParseInt(n.Value, 10, 64)
}

// classifyTransfer: a cancellation for a failed condition is CondFailed (it proves the
// debit's balance was short, or the item missing); another cancellation NotApplied.
func classifyTransfer(err error) (Status, string) {
	var tce *types.TransactionCanceledException
	if errors.As(err, &tce) {
		for _, r := range tce.CancellationReasons {
			if aws.ToString(r.Code) == "ConditionalCheckFailed" {
				return CondFailed, "ConditionalCheckFailed"
			}
		}
		return NotApplied, tce.ErrorMessage()
	}
	return Classify(err)
}

func transfer(ctx context.Context, ddb *dynamodb.Client, in BankInput) (any, Status, string) {
	amount := map[string]types.AttributeValue{":a": num(in.Amount)}
	receipt := keyAttr(fmt.Sprintf("t%d", in.Id))
	receipt["seg"], receipt["amount"] = num(int64(in.Seg)), num(in.Amount)
	_, err := ddb.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: &types.Update{TableName: aws.String(bankTable), Key: keyAttr(accountKey(in.Seg, in.From)),
			UpdateExpression: aws.String("SET bal = bal - :a"), ConditionExpression: aws.String("bal >= :a"),
			ExpressionAttributeValues: amount}},
		{Update: &types.Update{TableName: aws.String(bankTable), Key: keyAttr(accountKey(in.Seg, in.To)),
			UpdateExpression: aws.String("SET bal = bal + :a"), ConditionExpression: aws.String("attribute_exists(bal)"),
			ExpressionAttributeValues: amount}},
		{Put: &types.Put{TableName: aws.String(receiptsTable), Item: receipt,
			ConditionExpression: aws.String("attribute_not_exists(k)")}},
	}})
	st, msg := classifyTransfer(err)
	return BankOutput{Status: st}, st, msg
}

func readBank(ctx context.Context, ddb *dynamodb.Client, seg int) (any, Status, string) {
	var gets []types.TransactGetItem
	for i := 0; i < accounts; i++ {
		gets = append(gets, types.TransactGetItem{Get: &types.Get{TableName: aws.String(bankTable),
			Key: keyAttr(accountKey(seg, i))}})
	}
	out, err := ddb.TransactGetItems(ctx, &dynamodb.TransactGetItemsInput{TransactItems: gets})
	if err != nil {
		st, msg := Classify(err)
		return BankOutput{Status: st}, st, msg
	}
	var b Balances
	for i, r := range out.Responses {
		v, perr := balanceOf(r.Item)
		if perr != nil || i >= accounts {
			b[0] = -1 << 40 // no serial history gives this: the check reports it
			return BankOutput{Status: Ok, Balances: b}, Ok, fmt.Sprintf("bad account: %v", perr)
		}
		b[i] = v
	}
	return BankOutput{Status: Ok, Balances: b}, Ok, ""
}

// bankClient runs transfers and reads on the current segment's accounts until stop.
func bankClient(rc *runContext, client int, seed int64, stop <-chan struct{}) {
	rng := rand.New(rand.NewSource(seed))
	for {
		select {
		case <-stop:
			return
		default:
		}
		in := BankInput{Seg: rc.segment(rc.history.Now())}
		if rng.Intn(2) == 0 {
			in.Op = "read"
			call(rc.history, client, "bank", rc.timeout, in, func(ctx context.Context) (any, Status, string) {
				return readBank(ctx, rc.client, in.Seg)
			})
		} else {
			in.Op, in.From, in.To = "transfer", rng.Intn(accounts), rng.Intn(accounts-1)
			if in.To >= in.From {
				in.To++
			}
			in.Amount, in.Id = 1+rng.Int63n(60), nextReceipt.Add(1)
			call(rc.history, client, "bank", rc.timeout, in, func(ctx context.Context) (any, Status, string) {
				return transfer(ctx, rc.client, in)
			})
		}
		rc.think(rng)
	}
}

// bankModel: the accounts of one segment (a partition each), every one starting with
// initialFunds. Unknown transfers are resolved before the check (resolveTransfers).
func bankModel() porcupine.Model {
	return porcupine.Model{
		Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
			return partitionBy(history, func(in any) int { return in.(BankInput).Seg })
		},
		Init: func() interface{} {
			var b Balances
			for i := range b {
				b[i] = initialFunds
			}
			return b
		},
		Step: func(state, input, output interface{}) (bool, interface{}) {
			return bankStep(state.(Balances), input.(BankInput), output.(BankOutput))
		},
		Hash: func(state interface{}) uint64 {
			var h uint64 = 14695981039346656037
			for _, v := range state.(Balances) {
				h = (h ^ uint64(v)) * 1099511628211
			}
			return h
		},
		DescribeOperation: func(input, output interface{}) string {
			in, out := input.(BankInput), output.(BankOutput)
			if in.Op == "read" {
				return fmt.Sprintf("read s%d -> %v", in.Seg, out.Balances)
			}
			return fmt.Sprintf("t%d: %d from a%d to a%d: %v", in.Id, in.Amount, in.From, in.To, out.Status)
		},
		DescribeState: func(state interface{}) string { return fmt.Sprint(state.(Balances)) },
	}
}

func bankStep(s Balances, in BankInput, out BankOutput) (bool, interface{}) {
	if in.Op == "read" {
		return out.Balances == s, s
	}
	covered := s[in.From] >= in.Amount
	if out.Status == CondFailed {
		return !covered, s
	}
	if !covered { // Ok (an Unknown is resolved to Ok or left out before the check)
		return false, s
	}
	s[in.From] -= in.Amount
	s[in.To] += in.Amount
	return true, s
}
