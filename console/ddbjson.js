// DynamoDB JSON: checks an item before it is sent (the editor shows the first problem
// with its path), and renders attribute values for the results table. The server stays
// the judge: a write that passes here and is refused shows DynamoDB's own error.

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const TYPES = ['S', 'N', 'B', 'BOOL', 'NULL', 'M', 'L', 'SS', 'NS', 'BS'];

function checkSet(value, path, test, what) {
  if (!Array.isArray(value)) return `${path}: a set must be an array`;
  if (value.length === 0) return `${path}: a set must not be empty`;
  for (const [i, v] of value.entries()) if (!test(v)) return `${path}[${i}]: not ${what}`;
  if (new Set(value).size !== value.length) return `${path}: a set must not hold duplicates`;
  return null;
}

const isNumber = (v) => typeof v === 'string' && NUMBER.test(v.trim());
const isBase64 = (v) => typeof v === 'string' && v.length % 4 === 0 && BASE64.test(v);

// The first problem of one attribute value at `path`, or null.
export function checkValue(av, path) {
  if (av === null || typeof av !== 'object' || Array.isArray(av)) {
    return `${path}: an attribute value is an object such as {"S": "text"}`;
  }
  const keys = Object.keys(av);
  if (keys.length !== 1) return `${path}: an attribute value has exactly one type key (${TYPES.join(', ')})`;
  const [type] = keys;
  const value = av[type];
  switch (type) {
    case 'S': return typeof value === 'string' ? null : `${path}.S: must be a string`;
    case 'N': return isNumber(value) ? null : `${path}.N: must be a number written as a string, e.g. "42"`;
    case 'B': return isBase64(value) ? null : `${path}.B: must be base64 text`;
    case 'BOOL': return typeof value === 'boolean' ? null : `${path}.BOOL: must be true or false`;
    case 'NULL': return value === true ? null : `${path}.NULL: must be true`;
    case 'SS': return checkSet(value, `${path}.SS`, (v) => typeof v === 'string', 'a string');
    case 'NS': return checkSet(value, `${path}.NS`, isNumber, 'a number string');
    case 'BS': return checkSet(value, `${path}.BS`, isBase64, 'base64 text');
    case 'L':
      if (!Array.isArray(value)) return `${path}.L: must be an array of attribute values`;
      for (const [i, v] of value.entries()) {
        const problem = checkValue(v, `${path}.L[${i}]`);
        if (problem) return problem;
      }
      return null;
    case 'M': return checkMap(value, `${path}.M`);
    default: return `${path}: unknown type "${type}" (one of ${TYPES.join(', ')})`;
  }
}

function checkMap(map, path) {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return `${path}: must be an object`;
  for (const [name, av] of Object.entries(map)) {
    const problem = checkValue(av, path ? `${path}.${name}` : name);
    if (problem) return problem;
  }
  return null;
}

// Parses editor text as an item: {item} or {error} (JSON syntax, shape, missing keys).
export function parseItem(text, keyNames = []) {
  let item;
  try { item = JSON.parse(text); } catch (e) { return { error: `not JSON: ${e.message}` }; }
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return { error: 'an item is an object of attribute names to values, e.g. {"PK": {"S": "a"}}' };
  }
  const problem = checkMap(item, '');
  if (problem) return { error: problem };
  for (const name of keyNames) if (!(name in item)) return { error: `the key attribute ${name} is missing` };
  return { item };
}

// Short text of a value for a table cell.
export function cellText(av) {
  if (!av) return '';
  const [type] = Object.keys(av);
  const value = av[type];
  if (type === 'S' || type === 'N' || type === 'B') return value;
  if (type === 'BOOL') return String(value);
  if (type === 'NULL') return 'null';
  return JSON.stringify(value);
}

// The key attributes of `item` for `keySchema` (DescribeTable's KeySchema).
export function keyOf(item, keySchema) {
  const key = {};
  for (const { AttributeName } of keySchema) key[AttributeName] = item[AttributeName];
  return key;
}

// A typed attribute value from form text: {S: text} or {N: text} or {B: text}.
export const typed = (type, text) => ({ [type]: text });

// Items as DynamoDB JSON lines, the format of DynamoDB's export to S3: {"Item": {...}} per line.
export const toJsonLines = (items) => items.map((item) => JSON.stringify({ Item: item })).join('\n') + '\n';
