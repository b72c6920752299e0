// The console's only way to the data: the DynamoDB API itself (POST / with
// X-Amz-Target) and the server's GET monitoring views. The namespace is chosen the way
// any SDK chooses it: the access key id and region in the Authorization header's
// credential scope. Requests, the views' GETs too, are signed (SigV4, sigv4.js) only
// when a secret key is given; the server checks no signature by default.
import { authorization as signedAuthorization, canSign } from './sigv4.js';

const state = { accessKey: 'console', region: 'us-east-1' };
// Kept for the tab's life only (sessionStorage), never with the saved access key.
let secretKey = sessionStorage.getItem('monotable.secret') || '';

export function setSecretKey(secret) {
  secretKey = secret;
  if (secret) sessionStorage.setItem('monotable.secret', secret); else sessionStorage.removeItem('monotable.secret');
}
export const hasSecretKey = () => Boolean(secretKey);
const listeners = new Set();

export function credentials() { return { ...state }; }

// Selects the namespace every later call uses, and tells the views.
export function setCredentials(accessKey, region) {
  state.accessKey = accessKey;
  state.region = region;
  localStorage.setItem('monotable.credentials', JSON.stringify(state));
  for (const fn of listeners) fn();
}

export function onCredentialsChange(fn) { listeners.add(fn); }

export function loadSavedCredentials() {
  try {
    const saved = JSON.parse(localStorage.getItem('monotable.credentials') || 'null');
    if (saved && saved.accessKey && saved.region) Object.assign(state, saved);
  } catch { /* a damaged entry: keep the defaults */ }
}

// A refused request: DynamoDB's error type (without its namespace) and message.
export class ApiError extends Error {
  constructor(status, type, message) {
    super(`${type}: ${message}`);
    this.status = status;
    this.type = type;
    this.apiMessage = message;
  }
}

const CONTENT_TYPE = 'application/x-amz-json-1.0';
const SIGNATURE_ERRORS = new Set(['InvalidSignatureException', 'UnrecognizedClientException',
  'MissingAuthenticationTokenException', 'MissingAuthenticationToken', 'IncompleteSignatureException']);

const amzDateNow = () => new Date().toISOString().replace(/[-:]|\.\d+/g, '');

// A signature with the secret key; `request` as sigv4.js's authorization takes it.
async function signed(request) {
  if (!canSign()) throw new ApiError(0, 'Console', 'signing needs a secure context: open the console on a loopback address or over HTTPS');
  return signedAuthorization({ host: location.host, accessKey: state.accessKey, secretKey, region: state.region,
    ...request });
}

// The credential scope picks the namespace; the signature is real only with a secret key.
async function authorization(target, amzDate, body) {
  if (!secretKey) {
    return `AWS4-HMAC-SHA256 Credential=${state.accessKey}/${amzDate.slice(0, 8)}/${state.region}/dynamodb/` +
           'aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=unsigned';
  }
  return signed({ contentType: CONTENT_TYPE, target, amzDate, body });
}

// A refused request as an ApiError: DynamoDB's error type when the body names one.
// A server that checks signatures (--require-signature) refused the credentials: the
// shell asks for the secret key.
function refusal(status, text) {
  let json = {};
  try { json = text ? JSON.parse(text) : {}; } catch { json = { message: text }; }
  const type = String(json.__type || `HTTP ${status}`).split('#').pop();
  if (SIGNATURE_ERRORS.has(type)) dispatchEvent(new CustomEvent('monotable-credentials-needed', { detail: type }));
  return new ApiError(status, type, json.message || json.Message || '');
}

async function post(target, request) {
  const body = JSON.stringify(request);
  const amzDate = amzDateNow();
  const response = await fetch('/', {
    method: 'POST',
    headers: {
      'Content-Type': CONTENT_TYPE,
      'X-Amz-Target': target,
      'X-Amz-Date': amzDate,
      Authorization: await authorization(target, amzDate, body),
    },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw refusal(response.status, text);
  return text ? JSON.parse(text) : {};
}

// One DynamoDB operation, e.g. ddb('Query', {...}).
export const ddb = (operation, body) => post(`DynamoDB_20120810.${operation}`, body);

// One DynamoDB Streams operation, e.g. streams('GetRecords', {...}).
export const streams = (operation, body) => post(`DynamoDBStreams_20120810.${operation}`, body);

// Every table name of the namespace, all pages of ListTables.
export async function listTables() {
  const names = [];
  let start;
  do {
    const page = await ddb('ListTables', start ? { ExclusiveStartTableName: start } : {});
    names.push(...page.TableNames);
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}

// The tables a view offers: ListTables' names, or, for a principal that may not list
// tables (--iam: AccessDeniedException), the tables opened by name in this namespace
// and `wanted`, with the refusal to show. Other errors are thrown.
const knownKey = () => `monotable.tables.${state.accessKey}:${state.region}`;
export function knownTables() {
  try { return JSON.parse(localStorage.getItem(knownKey()) || '[]'); } catch { return []; }
}
export function rememberTable(name) {
  const names = knownTables();
  if (!names.includes(name)) localStorage.setItem(knownKey(), JSON.stringify([...names, name].sort()));
}
export async function tableChoices(wanted) {
  try {
    return { names: await listTables(), refused: null };
  } catch (e) {
    if (e.type !== 'AccessDeniedException') throw e;
    const names = knownTables();
    if (wanted && !names.includes(wanted)) names.push(wanted);
    return { names, refused: e };
  }
}

// A GET monitoring view; JSON unless `text`. Signed when a secret key is given: with
// --require-signature the views answer only a signed GET.
export async function view(path, text = false) {
  const headers = {};
  if (secretKey) {
    const [pathOnly, query = ''] = path.split('?');
    headers['X-Amz-Date'] = amzDateNow();
    headers.Authorization = await signed({ method: 'GET', path: pathOnly, query, amzDate: headers['X-Amz-Date'] });
  }
  const response = await fetch(path, { cache: 'no-store', headers });
  if (!response.ok) throw refusal(response.status, await response.text());
  return text ? response.text() : response.json();
}

// How the server names namespaces, from what /monotable/tables reports: "shared" with
// --shared-db; "ACCOUNT:region" with --iam, whose account owns every table whatever the
// access key (the answer's "Account"); "AKID:region" otherwise.
let namespaceRule = { shared: false, account: '' };
let namespaceRuleKnown;
// The views wait for the first listing of namespaces, so none asks for the wrong one.
const namespaceRuleReady = new Promise((resolve) => { namespaceRuleKnown = resolve; });
export function setNamespaceRule({ shared = false, account = '' } = {}) {
  namespaceRule = { shared, account };
  namespaceRuleKnown();
}
// Under --iam the namespace's first part is the account, not an access key: choosing
// that namespace chooses only its region (the access key stays the principal's).
export const namespacesByAccount = () => Boolean(namespaceRule.account);
export function namespaceName() {
  return namespaceRule.shared ? 'shared' : `${namespaceRule.account || state.accessKey}:${state.region}`;
}

// A monitoring view of one table in the current namespace, e.g. tableView(t, 'partitions', 'seconds=60').
export async function tableView(table, name, query = '') {
  await namespaceRuleReady;
  const ns = encodeURIComponent(namespaceName());
  return view(`/monotable/tables/${encodeURIComponent(table)}/${name}?namespace=${ns}` +
              (query ? `&${query}` : ''));
}
