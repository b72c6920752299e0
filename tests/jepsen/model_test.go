// The checkers must be able to fail: histories that no legal order explains are
// rejected, and the ones that some order explains accepted.
package main

import (
	"testing"

	"github.com/anishathalye/porcupine"
)

func reg(client int, call, ret int64, in RegInput, out RegOutput) porcupine.Operation {
	return porcupine.Operation{ClientId: client, Input: in, Output: out, Call: call, Return: ret}
}

func put(k string, v int64) RegInput    { return RegInput{Key: k, Op: "put", Ver: v} }
func cas(k string, e, v int64) RegInput { return RegInput{Key: k, Op: "cas", Ver: v, Expect: e} }
func read(k string) RegInput            { return RegInput{Key: k, Op: "read"} }
func del(k string) RegInput             { return RegInput{Key: k, Op: "delete"} }
func got(v int64) RegOutput             { return RegOutput{Status: Ok, Ver: v} }
func status(s Status) RegOutput         { return RegOutput{Status: s} }
func linearizable(m porcupine.Model, ops []porcupine.Operation) bool {
	return porcupine.CheckOperations(m, ops)
}

func TestRegisterModel(t *testing.T) {
	m := registerModel()
	cases := []struct {
		name string
		ops  []porcupine.Operation
		want bool
	}{
		{"put then read", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(1, 2, 3, read("a"), got(1))}, true},
		{"stale read after an acknowledged put", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(1, 2, 3, read("a"), got(0))}, false},
		{"concurrent read may see either", []porcupine.Operation{
			reg(0, 0, 5, put("a", 1), status(Ok)), reg(1, 1, 2, read("a"), got(0)),
			reg(2, 3, 4, read("a"), got(1))}, true},
		{"reads going back in time", []porcupine.Operation{
			reg(0, 0, 10, put("a", 1), status(Ok)), reg(1, 1, 2, read("a"), got(1)),
			reg(2, 3, 4, read("a"), got(0))}, false},
		{"cas on the current version", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(0, 2, 3, cas("a", 1, 2), status(Ok)),
			reg(1, 4, 5, read("a"), got(2))}, true},
		{"cas succeeding on a stale version", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(0, 2, 3, put("a", 2), status(Ok)),
			reg(1, 4, 5, cas("a", 1, 3), status(Ok))}, false},
		{"cas refused although the version matched", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(1, 2, 3, cas("a", 1, 3), status(CondFailed))}, false},
		{"cas on a missing item fails", []porcupine.Operation{
			reg(0, 0, 1, cas("a", 1, 3), status(CondFailed)), reg(0, 2, 3, read("a"), got(0))}, true},
		{"a lost answer that took effect", []porcupine.Operation{
			reg(0, 0, 100, put("a", 1), status(Unknown)), reg(1, 5, 6, read("a"), got(1))}, true},
		{"a lost answer that did not", []porcupine.Operation{
			reg(0, 0, 100, put("a", 1), status(Unknown)), reg(1, 5, 6, read("a"), got(0))}, true},
		{"a lost answer cannot take effect twice", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(0, 2, 100, cas("a", 1, 2), status(Unknown)),
			reg(1, 3, 4, read("a"), got(2)), reg(2, 5, 6, put("a", 5), status(Ok)),
			reg(1, 7, 8, read("a"), got(2))}, false},
		{"an acknowledged delete is lost", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(0, 2, 3, del("a"), status(Ok)),
			reg(1, 4, 5, read("a"), got(1))}, false},
		{"keys are independent", []porcupine.Operation{
			reg(0, 0, 1, put("a", 1), status(Ok)), reg(1, 2, 3, read("b"), got(0)),
			reg(1, 4, 5, read("a"), got(1))}, true},
	}
	for _, c := range cases {
		if got := linearizable(m, c.ops); got != c.want {
			t.Errorf("%s: linearizable = %v, want %v", c.name, got, c.want)
		}
	}
}

func xfer(id int64, from, to int, amount int64) BankInput {
	return BankInput{Op: "transfer", Id: id, From: from, To: to, Amount: amount}
}

func snapshot(b Balances) BankOutput { return BankOutput{Status: Ok, Balances: b} }

func TestBankModel(t *testing.T) {
	m := bankModel()
	ok := BankOutput{Status: Ok}
	rd := BankInput{Op: "read"}
	op := func(client int, call, ret int64, in BankInput, out BankOutput) porcupine.Operation {
		return porcupine.Operation{ClientId: client, Input: in, Output: out, Call: call, Return: ret}
	}
	cases := []struct {
		name string
		ops  []porcupine.Operation
		want bool
	}{
		{"a transfer then a snapshot", []porcupine.Operation{
			op(0, 0, 1, xfer(1, 0, 1, 30), ok), op(1, 2, 3, rd, snapshot(Balances{70, 130, 100, 100}))}, true},
		{"a snapshot missing an acknowledged transfer", []porcupine.Operation{
			op(0, 0, 1, xfer(1, 0, 1, 30), ok), op(1, 2, 3, rd, snapshot(Balances{100, 100, 100, 100}))}, false},
		{"half a transfer", []porcupine.Operation{
			op(0, 0, 5, xfer(1, 0, 1, 30), ok), op(1, 1, 2, rd, snapshot(Balances{70, 100, 100, 100}))}, false},
		{"an overdraft", []porcupine.Operation{
			op(0, 0, 1, xfer(1, 0, 1, 101), ok)}, false},
		{"a refusal with the funds there", []porcupine.Operation{
			op(0, 0, 1, xfer(1, 0, 1, 50), BankOutput{Status: CondFailed})}, false},
		{"a refusal without them", []porcupine.Operation{
			op(0, 0, 1, xfer(1, 0, 1, 80), ok), op(0, 2, 3, xfer(2, 0, 2, 50), BankOutput{Status: CondFailed})}, true},
		{"concurrent transfers in either order", []porcupine.Operation{
			op(0, 0, 10, xfer(1, 0, 1, 60), ok), op(1, 0, 10, xfer(2, 0, 2, 60), BankOutput{Status: CondFailed}),
			op(2, 11, 12, rd, snapshot(Balances{40, 160, 100, 100}))}, true},
		{"an order that contradicts real time", []porcupine.Operation{
			op(0, 0, 1, xfer(1, 0, 1, 60), ok), op(1, 2, 3, xfer(2, 0, 2, 60), ok)}, false},
	}
	for _, c := range cases {
		if got := linearizable(m, c.ops); got != c.want {
			t.Errorf("%s: serializable = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestUnknownTransfersAreResolvedByTheirReceipts(t *testing.T) {
	h := NewHistory()
	h.Died(50)
	h.Died(200)
	unknown := Op{Kind: "bank", Call: 10, Return: 20, Status: Unknown,
		Input: BankInput{Op: "transfer", Id: 7, From: 0, To: 1, Amount: 5}, Output: BankOutput{Status: Unknown}}
	p, keep, anomaly := bankOperation(h, unknown, map[int64]bool{7: true}, true)
	if !keep || anomaly != "" || p.Output.(BankOutput).Status != Ok || p.Return != 50 {
		t.Errorf("with its receipt: keep=%v anomaly=%q op=%+v, want an Ok until the death at 50", keep, anomaly, p)
	}
	if _, keep, _ := bankOperation(h, unknown, map[int64]bool{}, true); keep {
		t.Errorf("without its receipt an Unknown transfer never committed: it is left out")
	}
	refused := unknown
	refused.Status = CondFailed
	if _, _, anomaly := bankOperation(h, refused, map[int64]bool{7: true}, true); anomaly == "" {
		t.Errorf("a refused transfer whose receipt exists is an anomaly")
	}
	acked := unknown
	acked.Status = Ok
	if lost := lostReceipts([]Op{acked}, map[int64]bool{}); len(lost) != 1 {
		t.Errorf("an acknowledged transfer without a receipt is lost: got %v", lost)
	}
	bad := Op{Kind: "bank", Status: Ok, Input: BankInput{Op: "read"},
		Output: BankOutput{Status: Ok, Balances: Balances{100, 100, 100, 99}}}
	if _, _, anomaly := bankOperation(h, bad, nil, true); anomaly == "" {
		t.Errorf("a snapshot summing to 399 is an anomaly")
	}
}

func TestEffectBoundIsTheNextDeath(t *testing.T) {
	h := NewHistory()
	h.Died(100)
	h.Died(300)
	for _, c := range [][2]int64{{0, 100}, {100, 100}, {101, 300}} {
		if got := h.EffectBound(c[0]); got != c[1] {
			t.Errorf("EffectBound(%d) = %d, want %d", c[0], got, c[1])
		}
	}
	if h.EffectBound(301) < 1<<61 {
		t.Errorf("after the last death an op is unbounded")
	}
}
