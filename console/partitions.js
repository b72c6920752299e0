// Partitions: for a table or GSI, the heat map of its partitions over the last minutes
// (GET /monotable/tables/{t}/partitions, polled every 2 s while shown), throttles
// marked, Contributor Insights' top keys, and the split history the server keeps (when,
// which partition became which, why: capacity, heat or size).
import { ddb, tableChoices, tableView } from './api.js';
import { clear, setOptions, field, h, poll, select, showError } from './dom.js';
import { cellAt, drawHeatMap } from './heatmap.js';

const POLL_MS = 2000;

// The heat map model of one resource: ratio = consumed / the partition's fair share
// of what the resource may serve (its allowance split evenly, capped by the ceiling).
export function modelOf(view, resource, op) {
  const read = op === 'read';
  const ceiling = read ? view.PartitionCeiling.ReadUnitsPerSecond : view.PartitionCeiling.WriteUnitsPerSecond;
  const allowed = read ? resource.AllowedReadUnitsPerSecond : resource.AllowedWriteUnitsPerSecond;
  const share = Math.min(ceiling, allowed / Math.max(resource.PartitionCount, 1)) || ceiling;
  const rows = resource.Partitions.map((p) => {
    const units = read ? p.Recent.ReadUnits : p.Recent.WriteUnits;
    return {
      label: p.PartitionId,
      partition: p,
      units,
      ratios: units.map((u) => u / share),
      throttled: read ? p.Recent.ThrottledReadRequests : p.Recent.ThrottledWriteRequests,
    };
  });
  return { rows, share, firstSecond: resource.Partitions[0]?.Recent.FirstSecond || 0 };
}

function insightsView(el, insights, resourceName, table, errors, refresh) {
  const r = insights.Resources.find((x) => (x.IndexName || '') === resourceName);
  if (!r) return clear(el);
  if (r.ContributorInsightsStatus !== 'ENABLED') {
    const body = { TableName: table, ContributorInsightsAction: 'ENABLE' };
    if (resourceName) body.IndexName = resourceName;
    return clear(el, h('p', {}, 'Contributor Insights is off for this resource. ',
      h('button', { id: 'enable-insights', onclick: () => ddb('UpdateContributorInsights', body).then(refresh, (e) => showError(errors, e)) }, 'enable')));
  }
  clear(el, r.Rules.map((rule) => h('div', { className: 'rule' }, h('h4', {}, rule.Rule),
    rule.Keys.length === 0 ? h('p', {}, '—') : h('table', { className: 'grid top-keys' }, h('tbody', {},
      rule.Keys.map((k) => h('tr', {}, h('td', {}, Object.keys(k.Key).length ? JSON.stringify(k.Key) : '(no item stored under this key)'),
        h('td', {}, String(k.ConsumedUnits ?? k.ThrottledRequests)))))))));
}

export function mount(root, params) {
  const errors = h('div', { className: 'errors' });
  const tableSel = select([], { id: 'partitions-table' });
  const resourceSel = select([], { id: 'partitions-resource' });
  const opSel = select([['write', 'write units'], ['read', 'read units']], { id: 'partitions-op' });
  const windowSel = select([['60', '1 min'], ['300', '5 min'], ['600', '10 min']], { id: 'partitions-window' });
  windowSel.value = '300';
  const canvas = h('canvas', { id: 'heatmap' });
  const hover = h('div', { id: 'heatmap-hover', className: 'status' }, 'point at a cell');
  const timeAxis = h('div', { className: 'time-axis' });
  const summary = h('div', { id: 'partitions-summary' });
  const splits = h('ul', { id: 'split-history' });
  const topKeys = h('div', { id: 'top-keys' });
  let model = null;
  let geometry = null;

  // The server's split history of the shown resource (it keeps the last 64 splits, over
  // restarts), newest first; redrawn only when it changes.
  let shownSplits = '';
  function showSplits(resource) {
    const key = JSON.stringify([resource.Splits, resource.SplitsDropped]);
    if (key === shownSplits) return;
    shownSplits = key;
    const id = (range) => range.First;
    const rows = [...resource.Splits].reverse().map((e) => h('li', { className: 'split' },
      `${new Date(e.Time * 1000).toLocaleString()} · ${e.Reason.toLowerCase()} · partition ${id(e.Parent)} → ` +
      `${e.Children.map(id).join(', ')} · layout ${e.LayoutVersion}`));
    if (resource.SplitsDropped) rows.push(h('li', {}, `${resource.SplitsDropped} earlier split(s) no longer kept`));
    clear(splits, rows.length ? rows : h('li', { className: 'no-splits' }, 'no splits: the partitions are as the table was created'));
  }

  async function refresh() {
    if (!tableSel.value) return;
    const started = performance.now();
    const table = tableSel.value;
    const [view, insights] = await Promise.all([
      tableView(table, 'partitions', `seconds=${windowSel.value}`), tableView(table, 'insights')]);
    showError(errors, null);
    const names = view.Resources.map((r) => r.IndexName || '');
    if (JSON.stringify([...resourceSel.options].map((o) => o.value)) !== JSON.stringify(names)) {
      setOptions(resourceSel, names.map((n) => [n, n || '(table)']));
    }
    const resource = view.Resources.find((r) => (r.IndexName || '') === resourceSel.value) || view.Resources[0];
    showSplits(resource);
    model = modelOf(view, resource, opSel.value);
    geometry = drawHeatMap(canvas, model, { maxWidth: Math.max(300, Math.min(1200, root.clientWidth - 40)) });
    const clock = (second) => new Date(second * 1000).toLocaleTimeString();
    clear(timeAxis, h('span', {}, clock(model.firstSecond)), h('span', {}, `${windowSel.value} s`),
      h('span', {}, clock(model.firstSecond + geometry.seconds - 1)));
    timeAxis.style.width = `${canvas.width}px`;
    const hot = model.rows.filter((r) => r.ratios.some((x) => x >= 1)).length;
    const throttled = opSel.value === 'read' ? resource.ThrottledReadRequests : resource.ThrottledWriteRequests;
    clear(summary, h('span', { id: 'partition-count' }, `${resource.PartitionCount} partition${resource.PartitionCount === 1 ? '' : 's'}`),
      ` · layout ${resource.LayoutVersion} · allowed ${resource.AllowedReadUnitsPerSecond} RCU/s, ${resource.AllowedWriteUnitsPerSecond} WCU/s`,
      resource.OnDemandPreviousPeakUnits == null ? '' : h('span', { id: 'on-demand-peak', title: 'on demand: double the previous peak is served at once; a higher peak becomes the previous one 30 minutes later' },
        ` · previous peak ${resource.OnDemandPreviousPeakUnits} REU (serves ${2 * resource.OnDemandPreviousPeakUnits})`),
      ` · fair share ${model.share.toFixed(1)} units/s per partition · `,
      h('span', { id: 'hot-partitions' }, `${hot} at or over its share`), ' · ',
      h('span', { id: 'throttled-total' }, `${throttled} throttled requests`), ` · drawn in ${geometry.ms.toFixed(1)} ms`);
    insightsView(topKeys, insights, resourceSel.value, table, errors, refresh);
    canvas.dataset.refreshMs = (performance.now() - started).toFixed(2);  // fetch to drawn, for bench/
  }

  canvas.addEventListener('mousemove', (e) => {
    if (!model || !geometry) return;
    const cell = cellAt(geometry, model, e.offsetX, e.offsetY);
    if (!cell) return;
    const p = cell.row.partition;
    hover.textContent = `partition ${p.PartitionId}..${p.HashRange.Last} · ${new Date(cell.second * 1000).toLocaleTimeString()} · ` +
      `${cell.row.units[cell.x]} units (${(cell.row.ratios[cell.x] * 100).toFixed(0)}% of share) · ${cell.row.throttled[cell.x]} throttled · ` +
      `${p.ItemCount ?? '?'} items, ${p.SizeBytes ?? '?'} bytes`;
  });
  const redraw = () => refresh().catch((e) => showError(errors, e));
  for (const s of [resourceSel, opSel, windowSel]) s.addEventListener('change', redraw);
  tableSel.addEventListener('change', () => {
    history.replaceState(null, '', `#partitions?table=${encodeURIComponent(tableSel.value)}`);
    redraw();
  });

  clear(root, h('h2', {}, 'Partitions'),
    h('div', { className: 'form' }, field('table', tableSel), field('resource', resourceSel), field('capacity', opSel), field('window', windowSel)),
    errors, summary,
    h('div', { className: 'heatmap' }, h('div', { className: 'axis' }, 'partitions (hash order) ↓ · time →'), canvas, timeAxis, hover,
      h('div', { className: 'legend' }, h('span', { className: 'swatch idle' }), 'idle ', h('span', { className: 'swatch half' }), '50% ',
        h('span', { className: 'swatch full' }), '≥ 100% of share ', h('span', { className: 'swatch throttle' }), 'throttled')),
    h('h3', {}, 'Top keys (Contributor Insights)'), topKeys,
    h('h3', {}, 'Split history (kept by the server: the last 64 splits)'), splits);

  let stop = () => {};
  tableChoices(params.get('table')).then(({ names: tables, refused }) => {
    if (refused) showError(errors, refused);
    setOptions(tableSel, tables);
    if (params.get('table') && tables.includes(params.get('table'))) tableSel.value = params.get('table');
    stop = poll(refresh, POLL_MS);
  }).catch((e) => showError(errors, e));
  return () => stop();
}
