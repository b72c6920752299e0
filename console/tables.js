// Tables: the namespace's tables (ListTables + DescribeTable), one table described
// (keys, indexes with status and backfill, TTL, stream, capacity), CreateTable,
// DeleteTable, and adding or deleting a GSI (UpdateTable).
import { ddb, rememberTable, tableChoices } from './api.js';
import { clear, field, h, select, showError } from './dom.js';

const KEY_TYPES = ['S', 'N', 'B'];

function keyText(keySchema, definitions) {
  const types = Object.fromEntries((definitions || []).map((d) => [d.AttributeName, d.AttributeType]));
  return keySchema.map((k) => `${k.AttributeName} (${types[k.AttributeName] || '?'}, ${k.KeyType})`).join(', ');
}

// AttributeDefinitions and KeySchema from the key fields (the sort key is optional).
function keySpec(pk, pkType, sk, skType) {
  const attrs = [{ AttributeName: pk.value, AttributeType: pkType.value }];
  const keys = [{ AttributeName: pk.value, KeyType: 'HASH' }];
  if (sk.value) {
    attrs.push({ AttributeName: sk.value, AttributeType: skType.value });
    keys.push({ AttributeName: sk.value, KeyType: 'RANGE' });
  }
  return { attrs, keys };
}

function capacityText(desc) {
  if (desc.BillingModeSummary?.BillingMode === 'PAY_PER_REQUEST') return 'on demand';
  const p = desc.ProvisionedThroughput || {};
  return `${p.ReadCapacityUnits} RCU / ${p.WriteCapacityUnits} WCU`;
}

const links = (name) => ['items', 'partitions', 'streams'].map((v) =>
  h('a', { href: `#${v}?table=${encodeURIComponent(name)}`, className: `link-${v}` }, v));

// The list shows the names at once (ListTables), then each row's details as its
// DescribeTable answers, so a namespace with many tables is usable without waiting.
// A principal that may not list tables (--iam) sees why, and opens a table by name.
function refusedNotice(refused, onDescribe) {
  const name = h('input', { id: 'open-table-name', placeholder: 'table name' });
  return h('div', { id: 'tables-refused' },
    h('div', { className: 'error' }, h('strong', {}, 'ListTables not allowed: '), refused.type, ' ', refused.apiMessage),
    h('div', { className: 'form' }, name,
      h('button', { id: 'open-table', onclick: () => { if (name.value.trim()) onDescribe(name.value.trim()); } }, 'open a table by name')));
}

async function listView(body, onDescribe) {
  const { names, refused } = await tableChoices();
  const rowOf = (t) => h('tr', { dataset: { table: t.TableName } },
    h('td', {}, h('a', { href: '#', className: 'describe', onclick: (e) => { e.preventDefault(); onDescribe(t.TableName); } }, t.TableName)),
    h('td', {}, t.TableStatus || ''),
    h('td', {}, t.KeySchema ? keyText(t.KeySchema, t.AttributeDefinitions) : ''),
    h('td', {}, t.ItemCount ?? ''),
    h('td', {}, t.KeySchema ? capacityText(t) : ''),
    h('td', {}, t.KeySchema ? (t.GlobalSecondaryIndexes || []).length : ''),
    h('td', { className: 'actions' }, links(t.TableName)));
  const rows = names.map((name) => rowOf({ TableName: name }));
  clear(body, refused ? refusedNotice(refused, onDescribe) : null,
    names.length === 0 ? h('p', { id: 'no-tables' }, refused ? 'No table opened yet.' : 'No tables in this namespace.') :
    h('table', { id: 'table-list', className: 'grid' },
      h('thead', {}, h('tr', {}, ['table', 'status', 'keys', 'items', 'capacity', 'GSIs', ''].map((t) => h('th', {}, t)))),
      h('tbody', {}, rows)));
  performance.mark('monotable-tables-listed');  // the page is usable: bench/console_bench.py
  await Promise.all(names.map(async (name, i) => {
    try {
      const described = rowOf((await ddb('DescribeTable', { TableName: name })).Table);
      rows[i].replaceWith(described);
    } catch (e) {
      // Deleted meanwhile, or not to be described by this principal: the name stays.
      if (e.type === 'AccessDeniedException') rows[i].cells[1].textContent = 'DescribeTable not allowed';
    }
  }));
}

// A GSI's backfill progress: its entries so far against the table's items (an estimate:
// items without the index's key attributes have no entry).
function backfillText(gsi, desc) {
  if (!gsi.Backfilling) return '';
  const pct = desc.ItemCount > 0 ? Math.min(99, Math.floor((100 * (gsi.ItemCount || 0)) / desc.ItemCount)) : 0;
  return ` (backfilling, ~${pct}%)`;
}

function indexRows(desc, refresh, errors) {
  const gsis = (desc.GlobalSecondaryIndexes || []).map((g) => h('tr', {},
    h('td', {}, g.IndexName), h('td', {}, 'global'), h('td', {}, keyText(g.KeySchema, desc.AttributeDefinitions)),
    h('td', { className: 'index-status' }, g.IndexStatus + backfillText(g, desc)), h('td', {}, g.ItemCount ?? ''),
    h('td', {}, g.Projection?.ProjectionType || ''),
    h('td', {}, h('button', { className: 'delete-gsi', onclick: async () => {
      if (!confirm(`Delete index ${g.IndexName}?`)) return;
      try {
        await ddb('UpdateTable', { TableName: desc.TableName, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: g.IndexName } }] });
        refresh();
      } catch (e) { showError(errors, e); }
    } }, 'delete'))));
  const lsis = (desc.LocalSecondaryIndexes || []).map((l) => h('tr', {},
    h('td', {}, l.IndexName), h('td', {}, 'local'), h('td', {}, keyText(l.KeySchema, desc.AttributeDefinitions)),
    h('td', {}, 'ACTIVE'), h('td', {}, l.ItemCount ?? ''), h('td', {}, l.Projection?.ProjectionType || ''), h('td', {})));
  return [...gsis, ...lsis];
}

// The form that adds a GSI: name, partition key (and optional sort key), projection ALL.
function addIndexForm(desc, refresh, errors) {
  const name = h('input', { placeholder: 'index name', className: 'gsi-name' });
  const pk = h('input', { placeholder: 'partition key', className: 'gsi-pk' });
  const pkType = select(KEY_TYPES);
  const sk = h('input', { placeholder: 'sort key (optional)', className: 'gsi-sk' });
  const skType = select(KEY_TYPES);
  const add = async () => {
    const { attrs, keys } = keySpec(pk, pkType, sk, skType);
    const create = { IndexName: name.value, KeySchema: keys, Projection: { ProjectionType: 'ALL' } };
    if (desc.BillingModeSummary?.BillingMode !== 'PAY_PER_REQUEST') {
      create.ProvisionedThroughput = { ReadCapacityUnits: 5, WriteCapacityUnits: 5 };
    }
    try {
      await ddb('UpdateTable', { TableName: desc.TableName, AttributeDefinitions: attrs, GlobalSecondaryIndexUpdates: [{ Create: create }] });
      refresh();
    } catch (e) { showError(errors, e); }
  };
  return h('div', { className: 'form' }, name, pk, pkType, sk, skType, h('button', { className: 'add-gsi', onclick: add }, 'add GSI'));
}

async function describeView(body, name, back) {
  const errors = h('div', { className: 'errors' });
  const refresh = () => describeView(body, name, back).catch((e) => showError(errors, e));
  const desc = (await ddb('DescribeTable', { TableName: name })).Table;
  rememberTable(name);
  let ttl = '';
  try {
    const t = (await ddb('DescribeTimeToLive', { TableName: name })).TimeToLiveDescription;
    ttl = t.TimeToLiveStatus + (t.AttributeName ? ` on ${t.AttributeName}` : '');
  } catch (e) { ttl = e.type; }
  const stream = desc.StreamSpecification?.StreamEnabled ? `${desc.StreamSpecification.StreamViewType} (${desc.LatestStreamArn})` : 'disabled';
  const facts = [['status', desc.TableStatus], ['key', keyText(desc.KeySchema, desc.AttributeDefinitions)],
    ['items', desc.ItemCount], ['size', `${desc.TableSizeBytes} bytes`], ['capacity', capacityText(desc)],
    ['time to live', ttl], ['stream', stream], ['ARN', desc.TableArn]];
  clear(body,
    h('h2', {}, h('a', { href: '#', onclick: (e) => { e.preventDefault(); back(); } }, 'Tables'), ' / ', name),
    h('div', { className: 'actions' }, links(name), h('button', { id: 'delete-table', onclick: async () => {
      if (!confirm(`Delete table ${name} and all its items?`)) return;
      try { await ddb('DeleteTable', { TableName: name }); back(); } catch (e) { showError(errors, e); }
    } }, 'delete table')),
    errors,
    h('dl', { id: 'table-facts' }, facts.map(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v ?? ''))])),
    h('h3', {}, 'Indexes'),
    h('table', { className: 'grid', id: 'index-list' },
      h('thead', {}, h('tr', {}, ['index', 'kind', 'key', 'status', 'items', 'projection', ''].map((t) => h('th', {}, t)))),
      h('tbody', {}, indexRows(desc, refresh, errors))),
    addIndexForm(desc, refresh, errors));
  // While an index is being built or dropped, follow it until it settles.
  const changing = (desc.GlobalSecondaryIndexes || []).some((g) => g.IndexStatus !== 'ACTIVE');
  const shown = body.firstChild;
  if (changing) setTimeout(() => { if (shown.isConnected) refresh(); }, 2000);
}

// The CreateTable form: keys, billing mode, capacity, stream.
function createForm(done, errors) {
  const name = h('input', { id: 'new-table-name', placeholder: 'table name' });
  const pk = h('input', { id: 'new-table-pk', placeholder: 'partition key', value: 'PK' });
  const pkType = select(KEY_TYPES);
  const sk = h('input', { id: 'new-table-sk', placeholder: 'sort key (optional)', value: 'SK' });
  const skType = select(KEY_TYPES);
  const billing = select([['PAY_PER_REQUEST', 'on demand'], ['PROVISIONED', 'provisioned']], { id: 'new-table-billing' });
  const rcu = h('input', { type: 'number', value: 5, min: 1, size: 6 });
  const wcu = h('input', { type: 'number', value: 5, min: 1, size: 6 });
  const stream = select([['', 'no stream'], 'NEW_AND_OLD_IMAGES', 'NEW_IMAGE', 'OLD_IMAGE', 'KEYS_ONLY']);
  const create = async () => {
    const { attrs, keys } = keySpec(pk, pkType, sk, skType);
    const request = { TableName: name.value, AttributeDefinitions: attrs, KeySchema: keys, BillingMode: billing.value };
    if (billing.value === 'PROVISIONED') {
      request.ProvisionedThroughput = { ReadCapacityUnits: Number(rcu.value), WriteCapacityUnits: Number(wcu.value) };
    }
    if (stream.value) request.StreamSpecification = { StreamEnabled: true, StreamViewType: stream.value };
    try { await ddb('CreateTable', request); done(); } catch (e) { showError(errors, e); }
  };
  return h('details', { className: 'form' }, h('summary', {}, 'Create a table'),
    name, pk, pkType, sk, skType, billing, field('RCU', rcu), field('WCU', wcu), stream,
    h('button', { id: 'create-table', onclick: create }, 'create'));
}

export function mount(root, params) {
  const errors = h('div', { className: 'errors' });
  const body = h('div', {});
  const showList = () => {
    clear(root, h('h2', {}, 'Tables'), errors, createForm(showList, errors), body);
    listView(body, (name) => describeView(root, name, showList).catch((e) => showError(errors, e)))
      .catch((e) => showError(errors, e));
  };
  if (params.get('table')) describeView(root, params.get('table'), showList).catch((e) => showError(errors, e));
  else showList();
}
