// The console's shell: the namespace picker, the navigation and hash routing
// (#tables, #items?table=T, #partitions?table=T, #streams?table=T, #metrics,
// #rehearsal: a `monotable rehearse` report loaded from a file). Each view
// module exports mount(element, params) and may return a function that stops it (its
// polling ends when another view is shown).
import { credentials, hasSecretKey, loadSavedCredentials, namespaceName, namespacesByAccount, onCredentialsChange, setCredentials, setNamespaceRule, setSecretKey, view } from './api.js';
import { setOptions, field, h, select } from './dom.js';
import * as items from './items.js';
import * as metrics from './metrics.js';
import * as partitions from './partitions.js';
import * as rehearsal from './rehearsal.js';
import * as streamsView from './streams.js';
import * as tables from './tables.js';

const VIEWS = { tables, items, partitions, streams: streamsView, metrics, rehearsal };
const TITLES = { tables: 'Tables', items: 'Items', partitions: 'Partitions', streams: 'Streams', metrics: 'Metrics', rehearsal: 'Rehearsal' };

let unmount = null;
const main = h('main', { id: 'view' });
const nav = h('nav', {}, Object.entries(TITLES).map(([name, title]) =>
  h('a', { href: `#${name}`, id: `nav-${name}` }, title)));
const namespaces = select([], { id: 'namespace-list', title: 'namespaces that hold tables' });
const accessKey = h('input', { id: 'access-key', size: 14, title: 'access key id' });
const region = h('input', { id: 'region', size: 12, title: 'region' });
// Only for a server that checks signatures (--require-signature): requests are then signed.
const secret = h('input', { id: 'secret-key', type: 'password', size: 12, autocomplete: 'off',
  placeholder: 'only to sign', title: 'secret access key: requests are signed (SigV4) when given' });

// Namespaces with tables, from GET /monotable/tables ("AKID:region", "ACCOUNT:region"
// under --iam, or "shared").
async function refreshNamespaces() {
  const { Tables, Account } = await view('/monotable/tables');
  const counts = new Map();
  for (const t of Tables) counts.set(t.Namespace, (counts.get(t.Namespace) || 0) + 1);
  setNamespaceRule({ shared: counts.has('shared'), account: Account || '' });
  const current = namespaceName();
  const options = [['', counts.size ? 'namespaces…' : 'no tables yet']];
  for (const [ns, n] of counts) options.push([ns, `${ns} (${n} table${n === 1 ? '' : 's'})`]);
  setOptions(namespaces, options);
  namespaces.value = counts.has(current) ? current : '';
  return counts;
}

// Choosing "AKID:region" chooses that access key; "ACCOUNT:region" only the region.
function chooseNamespace(ns) {
  const [ak, rg] = ns.split(':');
  if (ak && rg) setCredentials(namespacesByAccount() ? credentials().accessKey : ak, rg);
}

namespaces.addEventListener('change', () => chooseNamespace(namespaces.value));

function showCredentials() {
  accessKey.value = credentials().accessKey;
  region.value = credentials().region;
}

function route() {
  const [name, query] = location.hash.slice(1).split('?');
  const viewName = VIEWS[name] ? name : 'tables';
  for (const a of nav.children) a.classList.toggle('active', a.id === `nav-${viewName}`);
  if (unmount) unmount();
  // Each view draws into an element of its own: an answer that reaches a view after
  // another replaced it (DeleteTable's, then "back" to the list) lands in a detached
  // element instead of over the view now shown.
  const element = h('div', { className: 'view' });
  main.replaceChildren(element);
  unmount = VIEWS[viewName].mount(element, new URLSearchParams(query || '')) || null;
}

async function start() {
  loadSavedCredentials();
  // A link may choose the namespace: /console/?accessKey=AKID&region=eu-west-1#tables
  const params = new URLSearchParams(location.search);
  if (params.get('accessKey') && params.get('region')) setCredentials(params.get('accessKey'), params.get('region'));
  const namespacesListed = refreshNamespaces().catch((e) => {
    console.warn(e);
    setNamespaceRule();  // unknown: the views ask for the access key's namespace
    return new Map();
  });
  // First visit: the only namespace with tables, if there is one. Otherwise the view
  // loads while the namespaces are listed (one round trip less before it shows).
  if (!localStorage.getItem('monotable.credentials')) {
    const counts = await namespacesListed;
    const [ns] = counts.keys();
    if (counts.size === 1 && ns !== 'shared') chooseNamespace(ns);
  }
  showCredentials();
  secret.value = hasSecretKey() ? '********' : '';
  const use = h('button', { id: 'use-credentials', onclick: () => {
    if (secret.value !== '********') setSecretKey(secret.value);
    setCredentials(accessKey.value.trim(), region.value.trim());
  } }, 'Use');
  document.body.replaceChildren(
    h('header', {}, h('h1', {}, 'monotable'), nav,
      h('div', { className: 'credentials' }, namespaces, field('access key', accessKey), field('region', region), field('secret key', secret), use)),
    main);
  addEventListener('monotable-credentials-needed', () => {
    secret.classList.add('wanted');
    secret.title = 'this server checks signatures: enter the secret access key of this access key, then Use';
    secret.focus();
  });
  onCredentialsChange(() => { showCredentials(); refreshNamespaces().catch(() => {}); route(); });
  addEventListener('hashchange', route);
  route();
}

start();
