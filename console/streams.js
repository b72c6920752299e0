// Streams: a live tail of a table's stream (DynamoDB Streams API: DescribeStream,
// GetShardIterator, GetRecords), newest record first. Open shards are read from LATEST
// (or TRIM_HORIZON); shards that appear later (splits, rollover) from their start.
import { ddb, tableChoices, streams } from './api.js';
import { clear, setOptions, field, h, poll, select, showError } from './dom.js';
import { cellText } from './ddbjson.js';

const POLL_MS = 1000;
const DESCRIBE_EVERY = 10;  // polls between looks for new shards
const KEEP = 200;           // records shown

const brief = (image) => (image ? Object.entries(image).map(([k, v]) => `${k}=${cellText(v)}`).join(' ') : '');

async function allShards(arn) {
  const shards = [];
  let start;
  do {
    const { StreamDescription: d } = await streams('DescribeStream', start ? { StreamArn: arn, ExclusiveStartShardId: start } : { StreamArn: arn });
    shards.push(...d.Shards);
    start = d.LastEvaluatedShardId;
  } while (start);
  return shards;
}

export function mount(root, params) {
  const errors = h('div', { className: 'errors' });
  const tableSel = select([], { id: 'streams-table' });
  const from = select(['LATEST', 'TRIM_HORIZON'], { id: 'streams-from' });
  const status = h('div', { id: 'streams-status', className: 'status' });
  const body = h('tbody', {});
  let tail = null;  // {arn, iterators: Map(shardId -> iterator|null), polls}

  async function start() {
    clear(body);
    showError(errors, null);
    tail = null;
    const desc = (await ddb('DescribeTable', { TableName: tableSel.value })).Table;
    if (!desc.LatestStreamArn || !desc.StreamSpecification?.StreamEnabled) {
      status.textContent = 'This table has no stream. ';
      status.append(h('button', { id: 'enable-stream', onclick: () => ddb('UpdateTable', {
        TableName: desc.TableName, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }).then(start, (e) => showError(errors, e)) }, 'enable (NEW_AND_OLD_IMAGES)'));
      return;
    }
    tail = { arn: desc.LatestStreamArn, iterators: new Map(), polls: 0 };
    await addShards(from.value);
    status.textContent = `tailing ${tail.iterators.size} shard(s) of ${tail.arn}`;
  }

  async function addShards(type) {
    for (const shard of await allShards(tail.arn)) {
      if (tail.iterators.has(shard.ShardId)) continue;
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      // Known closed shards are history; new ones (seen after start) are read whole.
      if (!open && type === 'LATEST') { tail.iterators.set(shard.ShardId, null); continue; }
      const { ShardIterator } = await streams('GetShardIterator', { StreamArn: tail.arn, ShardId: shard.ShardId, ShardIteratorType: type });
      tail.iterators.set(shard.ShardId, ShardIterator);
    }
  }

  function show(record) {
    const d = record.dynamodb;
    body.prepend(h('tr', { className: 'stream-record' },
      h('td', {}, new Date((d.ApproximateCreationDateTime || 0) * 1000).toLocaleTimeString()),
      h('td', {}, record.eventName), h('td', { className: 'record-keys' }, brief(d.Keys)),
      h('td', {}, brief(d.NewImage)), h('td', {}, brief(d.OldImage)), h('td', {}, d.SequenceNumber)));
    while (body.children.length > KEEP) body.lastChild.remove();
  }

  async function tick() {
    if (!tail) return;
    if (++tail.polls % DESCRIBE_EVERY === 0) await addShards('TRIM_HORIZON');
    for (const [shardId, iterator] of tail.iterators) {
      if (!iterator) continue;
      try {
        const out = await streams('GetRecords', { ShardIterator: iterator, Limit: 100 });
        out.Records.forEach(show);
        tail.iterators.set(shardId, out.NextShardIterator || null);
      } catch (e) {
        if (e.type !== 'ExpiredIteratorException') throw e;
        const { ShardIterator } = await streams('GetShardIterator', { StreamArn: tail.arn, ShardId: shardId, ShardIteratorType: 'LATEST' });
        tail.iterators.set(shardId, ShardIterator);
      }
    }
  }

  const restart = () => start().catch((e) => showError(errors, e));
  tableSel.addEventListener('change', restart);
  from.addEventListener('change', restart);
  clear(root, h('h2', {}, 'Streams'), h('div', { className: 'form' }, field('table', tableSel), field('from', from)),
    status, errors, h('table', { className: 'grid', id: 'stream-records' },
      h('thead', {}, h('tr', {}, ['time', 'event', 'keys', 'new image', 'old image', 'sequence'].map((t) => h('th', {}, t)))), body));

  let stop = () => {};
  tableChoices(params.get('table')).then(async ({ names: tables, refused }) => {
    if (refused) showError(errors, refused);
    setOptions(tableSel, tables);
    if (params.get('table') && tables.includes(params.get('table'))) tableSel.value = params.get('table');
    if (tables.length) await start();
    stop = poll(() => tick().catch((e) => showError(errors, e)), POLL_MS);
  }).catch((e) => showError(errors, e));
  return () => stop();
}
