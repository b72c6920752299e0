// The register workload: single-item operations on a few keys of one table, each key a
// register holding a version number (`ver`, unique per write, 0 when the item is
// absent): strongly consistent GetItem, PutItem, UpdateItem as compare-and-set on the
// version, DeleteItem. Checked per key by Porcupine against registerModel.
package main

import (
	"context"
	"fmt"
	"math/rand"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/anishathalye/porcupine"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

const registerTable = "jepsen_register"

// RegInput is a register operation: Ver is a put's or CAS's new version, Expect a CAS's
// expected one.
type RegInput struct {
	Key    string `json:"key"`
	Op     string `json:"op"` // read, put, cas, delete
	Ver    int64  `json:"ver,omitempty"`
	Expect int64  `json:"expect,omitempty"`
}

// RegOutput is what the answer said: a read's version (0: no item) and the status.
type RegOutput struct {
	Status Status `json:"status"`
	Ver    int64  `json:"ver"`
}

var nextVersion atomic.Int64 // unique versions, so every value read names its write

func keyAttr(k string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{"k": &types.AttributeValueMemberS{Value: k}}
}

func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

// registerOp performs one operation drawn by rng on `key`; `known` is the last version
// this client saw of the key (the CAS's expectation). Returns the recorded op.
func registerOp(ctx0 *runContext, client int, rng *rand.Rand, key string, known int64) Op {
	ddb, h := ctx0.client, ctx0.history
	in := RegInput{Key: key}
	switch p := rng.Intn(100); {
	case p < 45:
		in.Op = "read"
	case p < 65:
		in.Op, in.Ver = "put", nextVersion.Add(1)
	case p < 92:
		in.Op, in.Ver, in.Expect = "cas", nextVersion.Add(1), known
	default:
		in.Op = "delete"
	}
	return call(h, client, "register", ctx0.timeout, in, func(ctx context.Context) (any, Status, string) {
		var err error
		switch in.Op {
		case "read":
			return readRegister(ctx, ddb, key)
		case "put":
			item := keyAttr(key)
			item["ver"] = num(in.Ver)
			_, err = ddb.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(registerTable), Item: item})
		case "cas":
			_, err = ddb.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(registerTable),
				Key: keyAttr(key), UpdateExpression: aws.String("SET ver = :new"),
				ConditionExpression:       aws.String("ver = :old"),
				ExpressionAttributeValues: map[string]types.AttributeValue{":new": num(in.Ver), ":old": num(in.Expect)}})
		case "delete":
			_, err = ddb.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(registerTable), Key: keyAttr(key)})
		}
		st, msg := Classify(err)
		return RegOutput{Status: st}, st, msg
	})
}

// readRegister is a strongly consistent GetItem of `key`'s version.
func readRegister(ctx context.Context, ddb *dynamodb.Client, key string) (any, Status, string) {
	out, err := ddb.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(registerTable),
		Key: keyAttr(key), ConsistentRead: aws.Bool(true)})
	if err != nil {
		st, msg := Classify(err)
		return RegOutput{Status: st}, st, msg
	}
	ver, perr := versionOf(out.Item)
	if perr != nil { // no write gives such an item: -1 is a version no state holds
		return RegOutput{Status: Ok, Ver: -1}, Ok, "bad item: " + perr.Error()
	}
	return RegOutput{Status: Ok, Ver: ver}, Ok, ""
}

// versionOf reads `ver` of an item (0 when there is none).
func versionOf(item map[string]types.AttributeValue) (int64, error) {
	if item == nil {
		return 0, nil
	}
	n, ok := item["ver"].(*types.AttributeValueMemberN)
	if !ok {
		return 0, fmt.Errorf("item without a numeric ver: %v", item)
	}
	return strconv.ParseInt(n.Value, 10, 64)
}

// registerClient runs register operations until `stop`, on the keys of the segment the
// clock is in (segmentKeys).
func registerClient(rc *runContext, client int, seed int64, stop <-chan struct{}) {
	rng := rand.New(rand.NewSource(seed))
	known := map[string]int64{}
	for {
		select {
		case <-stop:
			return
		default:
		}
		keys := rc.segmentKeys(time.Duration(rc.history.Now()))
		key := keys[rng.Intn(len(keys))]
		op := registerOp(rc, client, rng, key, known[key])
		in, out := op.Input.(RegInput), op.Output.(RegOutput)
		switch {
		case in.Op == "read" && out.Status == Ok && out.Ver != 0:
			known[key] = out.Ver
		case (in.Op == "put" || in.Op == "cas") && out.Status == Ok:
			known[key] = in.Ver
		}
		rc.think(rng)
	}
}

// registerModel is a register with compare-and-set, per key. The state is the set of
// versions the register may hold (Porcupine's power-set construction of a
// nondeterministic model): an Unknown write may or may not have taken effect.
func registerModel() porcupine.Model {
	nm := porcupine.NondeterministicModel{
		Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
			return partitionBy(history, func(in any) string { return in.(RegInput).Key })
		},
		Init: func() []interface{} { return []interface{}{int64(0)} },
		Step: func(state, input, output interface{}) []interface{} {
			s, in, out := state.(int64), input.(RegInput), output.(RegOutput)
			return registerStep(s, in, out)
		},
		Hash: func(state interface{}) uint64 { return uint64(state.(int64)) * 0x9E3779B97F4A7C15 },
		DescribeOperation: func(input, output interface{}) string {
			in, out := input.(RegInput), output.(RegOutput)
			switch in.Op {
			case "read":
				return fmt.Sprintf("read %s -> %d", in.Key, out.Ver)
			case "cas":
				return fmt.Sprintf("cas %s %d->%d: %v", in.Key, in.Expect, in.Ver, out.Status)
			case "put":
				return fmt.Sprintf("put %s %d: %v", in.Key, in.Ver, out.Status)
			}
			return fmt.Sprintf("delete %s: %v", in.Key, out.Status)
		},
		DescribeState: func(state interface{}) string { return fmt.Sprint(state.(int64)) },
	}
	return nm.ToModel()
}

// registerStep: the states after `in` answered `out` from state s (none: impossible).
func registerStep(s int64, in RegInput, out RegOutput) []interface{} {
	one := func(v int64) []interface{} { return []interface{}{v} }
	switch in.Op {
	case "read":
		if out.Ver == s {
			return one(s)
		}
		return nil
	case "put", "delete":
		next := in.Ver // a delete's Ver is 0: no item
		if out.Status == Ok {
			return one(next)
		}
		return []interface{}{next, s} // Unknown (NotApplied ops are left out of the check)
	case "cas":
		matches := s == in.Expect && s != 0
		switch out.Status {
		case Ok:
			if matches {
				return one(in.Ver)
			}
			return nil
		case CondFailed:
			if matches {
				return nil
			}
			return one(s)
		default: // Unknown
			if matches {
				return []interface{}{in.Ver, s}
			}
			return one(s)
		}
	}
	return nil
}

// partitionBy splits a history by key(input), in order of first appearance: Porcupine
// checks each part alone (a history is linearizable if and only if each part is).
func partitionBy[K comparable](history []porcupine.Operation, key func(input any) K) [][]porcupine.Operation {
	index := map[K]int{}
	var parts [][]porcupine.Operation
	for _, op := range history {
		k := key(op.Input)
		i, seen := index[k]
		if !seen {
			i = len(parts)
			index[k] = i
			parts = append(parts, nil)
		}
		parts[i] = append(parts[i], op)
	}
	return parts
}
