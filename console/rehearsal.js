// Rehearsal: loads a report.json that `monotable rehearse --out DIR` wrote (read in the
// browser from a file the user picks; nothing is sent to the server) and draws, per
// table or GSI, its totals, throttling reasons, cost, splits and capacity changes, and
// the heat map of its partitions over the whole rehearsal (heatmap.js, as the live
// partitions view draws it): one row per partition that ever existed, in hash order,
// blank before it was split off or after it split.
import { clear, field, h, select, setOptions, showError } from './dom.js';
import { cellAt, drawHeatMap } from './heatmap.js';

const CEILING_REU = 3000;  // a partition's 3,000 RCU or 1,000 WCU (read-equivalent units)
const MAX_COLUMNS = 1200;

// The heat map model of resource `index` of `report`: ratio = REU consumed a second over
// the partition's ceiling; columns merge intervals when there are more than MAX_COLUMNS.
export function rehearsalModel(report, index) {
  const cols = report.partition_columns;
  const at = Object.fromEntries(cols.map((c, i) => [c, i]));
  const rowsOf = report.resources[index].rows.length;
  const group = Math.max(1, Math.ceil(rowsOf / MAX_COLUMNS));
  const columns = Math.ceil(rowsOf / group);
  const interval = report.interval_seconds;
  const byRange = new Map();
  for (const p of report.partitions) {
    if (p[at.resource] !== index) continue;
    const key = `${p[at.hash_begin]}-${p[at.hash_last]}`;
    if (!byRange.has(key)) {
      byRange.set(key, { label: p[at.hash_begin].slice(2), begin: p[at.hash_begin],
        ratios: new Array(columns).fill(0), throttled: new Array(columns).fill(0) });
    }
    const row = byRange.get(key);
    const x = Math.floor(p[at.second] / interval / group);
    const reu = p[at.read_units] + 3 * p[at.write_units];
    row.ratios[x] += reu / interval / CEILING_REU / group;
    row.throttled[x] += p[at.read_throttled] + p[at.write_throttled];
  }
  const rows = [...byRange.values()].sort((a, b) => (a.begin < b.begin ? -1 : a.begin > b.begin ? 1 : 0));
  return { rows, firstSecond: 0, secondsPerColumn: interval * group };
}

function clock(second) {
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}`;
}

function summaryOf(report, index) {
  const r = report.resources[index];
  const t = r.totals;
  const share = (op) => (t.requests[op] ? (100 * t.throttled[op] / t.requests[op]).toFixed(3) : '0');
  const reasons = Object.entries(t.throttling_reasons);
  const money = (v) => `${v.toFixed(2)} ${report.prices.currency || ''}`;
  return h('div', {},
    h('table', { className: 'grid', id: 'rehearsal-totals' }, h('tbody', {},
      h('tr', {}, h('th', {}, ''), h('th', {}, 'reads'), h('th', {}, 'writes')),
      h('tr', {}, h('td', {}, 'requests'), h('td', {}, String(t.requests[0])), h('td', {}, String(t.requests[1]))),
      h('tr', {}, h('td', {}, 'throttled %'), h('td', {}, share(0)), h('td', {}, share(1))),
      h('tr', {}, h('td', {}, 'units consumed'), h('td', {}, String(t.consumed_units[0])), h('td', {}, String(t.consumed_units[1]))))),
    h('h4', {}, 'Throttling reasons'),
    reasons.length ? h('ul', { id: 'rehearsal-reasons' }, reasons.map(([k, v]) => h('li', {}, `${k}: ${v}`))) : h('p', {}, 'none'),
    h('h4', {}, `Cost (prices ${report.prices.region}, taken ${report.prices.taken})`),
    h('table', { className: 'grid', id: 'rehearsal-cost' }, h('tbody', {},
      h('tr', {}, h('td', {}, 'as rehearsed'), h('td', {}, money(r.cost.as_rehearsed))),
      h('tr', {}, h('td', {}, 'on demand'), h('td', {}, money(r.cost.on_demand))),
      h('tr', {}, h('td', {}, 'provisioned at peak'), h('td', {}, money(r.cost.provisioned_at_peak))))));
}

function eventsOf(report, index) {
  const splits = report.splits.filter((s) => s.resource === index);
  const changes = report.capacity_changes.filter((c) => c.resource === index);
  return h('div', {},
    h('h4', {}, `Splits (${splits.length})`),
    h('ul', { id: 'rehearsal-splits' }, splits.map((s) =>
      h('li', {}, `${clock(s.second)} ${s.reason}: ${s.parent_begin.slice(2)} into ${s.children}`))),
    h('h4', {}, `Capacity changes (${changes.length})`),
    h('ul', { id: 'rehearsal-capacity' }, changes.map((c) => {
      // in_force_second: when the change's UpdateTable was done (reports before it: at once).
      const inForce = c.in_force_second ?? c.second;
      const wait = inForce > c.second ? `, in force ${clock(inForce)}` : '';
      return h('li', {}, `${clock(c.second)} ${c.operation}: ${c.from} → ${c.to}${wait}`);
    })),
    topKeysOf(report.resources[index]));
}

// Contributor Insights' top keys of the resource (reports before them have none).
function topKeysOf(resource) {
  const top = resource.top_keys || { accessed: [], throttled: [] };
  const list = (id, entries, unit) => (entries.length
    ? h('ol', { id }, entries.map((e) => h('li', {}, `${e.key}: ${Math.round(e.count)} ${unit}`)))
    : h('p', {}, 'none named'));
  return h('div', {},
    h('h4', {}, 'Most throttled keys'), list('rehearsal-top-throttled', top.throttled, 'requests'),
    h('h4', {}, 'Most accessed keys'), list('rehearsal-top-accessed', top.accessed, 'units'));
}

export function mount(root) {
  const errors = h('div', { className: 'errors' });
  const file = h('input', { type: 'file', id: 'rehearsal-file', accept: '.json,application/json' });
  const resourceSel = select([], { id: 'rehearsal-resource' });
  const canvas = h('canvas', { id: 'rehearsal-heatmap' });
  const hover = h('div', { className: 'status', id: 'rehearsal-hover' }, 'point at a cell');
  const details = h('div', { id: 'rehearsal-details' });
  const title = h('h2', { id: 'rehearsal-title' }, 'Rehearsal');
  let report = null;
  let model = null;
  let geometry = null;

  function draw() {
    if (!report) return;
    const index = Number(resourceSel.value || 0);
    model = rehearsalModel(report, index);
    geometry = drawHeatMap(canvas, model);
    clear(details, summaryOf(report, index), eventsOf(report, index));
  }

  file.addEventListener('change', async () => {
    const [f] = file.files;
    if (!f) return;
    try {
      report = JSON.parse(await f.text());
      if (!Array.isArray(report.resources) || !Array.isArray(report.partitions)) {
        throw new Error('not a rehearsal report (monotable rehearse --out DIR writes DIR/report.json)');
      }
      showError(errors, null);
      title.textContent = `Rehearsal: ${report.workload} (${clock(report.duration_seconds)} simulated)`;
      setOptions(resourceSel, report.resources.map((r, i) => [String(i), r.label]));
      draw();
    } catch (e) {
      report = null;
      showError(errors, e);
    }
  });
  resourceSel.addEventListener('change', draw);
  canvas.addEventListener('mousemove', (e) => {
    if (!model || !geometry) return;
    const cell = cellAt(geometry, model, e.offsetX, e.offsetY);
    if (!cell) return;
    const from = cell.x * model.secondsPerColumn;
    hover.textContent = `partition ${cell.row.label} at ${clock(from)}: ` +
      `${(100 * cell.row.ratios[cell.x]).toFixed(1)}% of its ceiling, ${cell.row.throttled[cell.x]} throttled`;
  });
  clear(root, title, h('div', { className: 'form' }, field('report.json', file), field('table or GSI', resourceSel)), errors,
    h('div', { className: 'heatmap' }, canvas), hover, details);
}
