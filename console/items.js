// Items: a Query/Scan builder (table or index, key condition, filter, projection,
// direction, paging), the results as a grid with the schema's key columns first or as
// JSON, edit / duplicate / delete per item, and export as DynamoDB JSON lines.
import { ddb, tableChoices } from './api.js';
import { cellText, keyOf, toJsonLines } from './ddbjson.js';
import { clear, setOptions, field, h, select, showError } from './dom.js';
import { openEditor } from './editor.js';

const SK_OPS = ['', '=', '<', '<=', '>', '>=', 'begins_with', 'between'];

function parseJsonField(input, what) {
  if (!input.value.trim()) return {};
  try { return JSON.parse(input.value); } catch (e) { throw Object.assign(new Error(`${what}: ${e.message}`), { type: 'Invalid input' }); }
}

export function mount(root, params) {
  const errors = h('div', { className: 'errors', id: 'items-error' });
  const tableSel = select([], { id: 'items-table' });
  const indexSel = select([], { id: 'items-index' });
  const mode = select(['Query', 'Scan'], { id: 'items-mode' });
  const pk = h('input', { id: 'items-pk', placeholder: 'partition key value' });
  const skOp = select(SK_OPS, { id: 'items-sk-op' });
  const sk = h('input', { id: 'items-sk', placeholder: 'sort key value' });
  const sk2 = h('input', { id: 'items-sk2', placeholder: 'and (between)' });
  const filter = h('input', { id: 'items-filter', size: 40, placeholder: 'filter, e.g. #s = :s' });
  const names = h('input', { id: 'items-names', size: 30, placeholder: '{"#s": "status"}' });
  const values = h('input', { id: 'items-values', size: 30, placeholder: '{":s": {"S": "open"}}' });
  const projection = h('input', { id: 'items-projection', size: 30, placeholder: 'projection, e.g. PK, SK, #s' });
  const backward = h('input', { type: 'checkbox', id: 'items-backward' });
  const limit = h('input', { type: 'number', id: 'items-limit', value: 50, min: 1, size: 5 });
  const asJson = h('input', { type: 'checkbox', id: 'items-as-json' });
  const editorHost = h('div', {});
  const results = h('div', { id: 'items-results' });
  const more = h('button', { id: 'items-next', disabled: true }, 'next page');
  let desc = null;
  let rows = [];
  let lastKey = null;

  const keySchemaOf = () => {
    if (!indexSel.value) return desc.KeySchema;
    const all = [...(desc.GlobalSecondaryIndexes || []), ...(desc.LocalSecondaryIndexes || [])];
    return all.find((i) => i.IndexName === indexSel.value).KeySchema;
  };
  const typeOf = (name) => desc.AttributeDefinitions.find((d) => d.AttributeName === name)?.AttributeType || 'S';

  function request() {
    const req = { TableName: desc.TableName, Limit: Number(limit.value) || undefined };
    if (indexSel.value) req.IndexName = indexSel.value;
    const exprNames = parseJsonField(names, 'names');
    const exprValues = parseJsonField(values, 'values');
    if (mode.value === 'Query') {
      const [hash, range] = keySchemaOf();
      exprNames['#pk'] = hash.AttributeName;
      exprValues[':pk'] = { [typeOf(hash.AttributeName)]: pk.value };
      let cond = '#pk = :pk';
      if (range && skOp.value) {
        exprNames['#sk'] = range.AttributeName;
        const t = typeOf(range.AttributeName);
        exprValues[':sk'] = { [t]: sk.value };
        if (skOp.value === 'begins_with') cond += ' AND begins_with(#sk, :sk)';
        else if (skOp.value === 'between') { exprValues[':sk2'] = { [t]: sk2.value }; cond += ' AND #sk BETWEEN :sk AND :sk2'; }
        else cond += ` AND #sk ${skOp.value} :sk`;
      }
      req.KeyConditionExpression = cond;
      req.ScanIndexForward = !backward.checked;
    }
    if (filter.value.trim()) req.FilterExpression = filter.value.trim();
    if (projection.value.trim()) req.ProjectionExpression = projection.value.trim();
    if (Object.keys(exprNames).length) req.ExpressionAttributeNames = exprNames;
    if (Object.keys(exprValues).length) req.ExpressionAttributeValues = exprValues;
    return req;
  }

  function render() {
    const keyNames = desc.KeySchema.map((k) => k.AttributeName);
    const indexKeys = keySchemaOf().map((k) => k.AttributeName).filter((n) => !keyNames.includes(n));
    const others = [...new Set(rows.flatMap(Object.keys))].filter((n) => !keyNames.includes(n) && !indexKeys.includes(n)).sort();
    const columns = [...keyNames, ...indexKeys, ...others];
    const summary = h('p', { id: 'items-count' }, `${rows.length} item${rows.length === 1 ? '' : 's'}`, lastKey ? ' (more pages)' : '');
    if (asJson.checked) {
      clear(results, summary, h('pre', { id: 'items-json' }, JSON.stringify(rows, null, 2)));
      return;
    }
    const actions = (item) => {
      const del = h('button', { className: 'delete-item' }, 'delete');
      del.addEventListener('click', async () => {
        if (del.textContent !== 'confirm?') { del.textContent = 'confirm?'; return; }
        try {
          await ddb('DeleteItem', { TableName: desc.TableName, Key: keyOf(item, desc.KeySchema) });
          rows = rows.filter((r) => r !== item);
          render();
        } catch (e) { showError(errors, e); }
      });
      const open = (m) => openEditor(editorHost, { table: desc.TableName, keyNames, item, mode: m, onSaved: run });
      return h('td', { className: 'actions' }, h('button', { className: 'edit-item', onclick: () => open('edit') }, 'edit'),
        h('button', { className: 'duplicate-item', onclick: () => open('duplicate') }, 'duplicate'), del);
    };
    clear(results, summary, h('table', { className: 'grid', id: 'items-grid' },
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', {}, c)), h('th', {}))),
      h('tbody', {}, rows.map((item) => h('tr', {}, columns.map((c) => h('td', { title: JSON.stringify(item[c] ?? null) }, cellText(item[c]))), actions(item))))));
  }

  async function page(first) {
    showError(errors, null);
    try {
      const req = request();
      if (!first && lastKey) req.ExclusiveStartKey = lastKey;
      const out = await ddb(mode.value, req);
      rows = first ? out.Items : rows.concat(out.Items);
      lastKey = out.LastEvaluatedKey || null;
      more.disabled = !lastKey;
      render();
    } catch (e) { showError(errors, e); }
  }
  const run = () => page(true);
  more.addEventListener('click', () => page(false));
  asJson.addEventListener('change', () => desc && render());

  async function loadTable() {
    showError(errors, null);
    rows = [];
    clear(results);
    desc = (await ddb('DescribeTable', { TableName: tableSel.value })).Table;
    const indexes = [...(desc.GlobalSecondaryIndexes || []), ...(desc.LocalSecondaryIndexes || [])].map((i) => i.IndexName);
    setOptions(indexSel, [['', '(table)'], ...indexes]);
    history.replaceState(null, '', `#items?table=${encodeURIComponent(desc.TableName)}`);
  }
  tableSel.addEventListener('change', () => loadTable().catch((e) => showError(errors, e)));

  const exportLines = () => {
    const url = URL.createObjectURL(new Blob([toJsonLines(rows)], { type: 'application/x-ndjson' }));
    const a = h('a', { href: url, download: `${desc.TableName}.jsonl` });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const newItem = () => openEditor(editorHost, { table: desc.TableName, keyNames: desc.KeySchema.map((k) => k.AttributeName), mode: 'new', onSaved: run });

  clear(root, h('h2', {}, 'Items'), h('div', { className: 'form' },
    field('table', tableSel), field('index', indexSel), field('operation', mode)),
  h('div', { className: 'form' }, field('partition key =', pk), field('sort key', skOp), sk, sk2),
  h('div', { className: 'form' }, field('filter', filter), field('names', names), field('values', values)),
  h('div', { className: 'form' }, field('projection', projection), field('backward', backward), field('page size', limit),
    h('button', { id: 'items-run', onclick: run }, 'run'), more,
    h('button', { id: 'items-export', onclick: exportLines }, 'export JSON lines'),
    h('button', { id: 'items-new', onclick: newItem }, 'new item'), field('as JSON', asJson)),
  errors, editorHost, results);

  tableChoices(params.get('table')).then(async ({ names: tables, refused }) => {
    if (refused) showError(errors, refused);
    setOptions(tableSel, tables);
    if (params.get('table') && tables.includes(params.get('table'))) tableSel.value = params.get('table');
    if (tables.length) await loadTable();
  }).catch((e) => showError(errors, e));
}
