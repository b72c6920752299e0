// AWS Signature Version 4 for the console's requests, with WebCrypto (a secure context:
// loopback or HTTPS), used when a secret key is given: a server that checks signatures
// (--require-signature) then accepts the console like any SDK. A POST of the API signs
// the headers the console sends (content-type, host, x-amz-date, x-amz-target) and the
// body; a GET of a monitoring view signs its path, query, host and x-amz-date.

const encoder = new TextEncoder();
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = async (text) => hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

async function hmac(key, text) {
  const k = await crypto.subtle.importKey('raw', typeof key === 'string' ? encoder.encode(key) : key,
    { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', k, encoder.encode(text));
}

export const canSign = () => Boolean(globalThis.crypto?.subtle);

// RFC 3986 percent-encoding of the UTF-8 bytes, as SigV4 asks: unreserved characters
// stay, and '/' when `keepSlash`.
function uriEncode(text, keepSlash) {
  return [...encoder.encode(text)].map((b) => {
    const c = String.fromCharCode(b);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) return c;
    return `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
}

// The query's parameters decoded, encoded the one canonical way and sorted.
function canonicalQuery(query) {
  const pairs = query.split('&').filter(Boolean).map((param) => {
    const eq = param.indexOf('=');
    const [name, value] = eq < 0 ? [param, ''] : [param.slice(0, eq), param.slice(eq + 1)];
    return [uriEncode(decodeURIComponent(name), false), uriEncode(decodeURIComponent(value), false)];
  });
  pairs.sort(([n1, v1], [n2, v2]) => (n1 < n2 ? -1 : n1 > n2 ? 1 : v1 < v2 ? -1 : v1 > v2 ? 1 : 0));
  return pairs.map(([n, v]) => `${n}=${v}`).join('&');
}

// The Authorization header of a request to `path` (as on the request line, without its
// query) on `host` at `amzDate` (20250101T000000Z): a POST of the API by default, or a
// GET (`method`, `query`, no `target` or `contentType`).
export async function authorization({ method = 'POST', host, path = '/', query = '', contentType, target, amzDate,
  body = '', accessKey, secretKey, region, service = 'dynamodb' }) {
  const day = amzDate.slice(0, 8);
  const headers = [['content-type', contentType], ['host', host], ['x-amz-date', amzDate], ['x-amz-target', target]]
    .filter(([, value]) => value !== undefined);
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonical = [method, uriEncode(path, true), canonicalQuery(query),
    ...headers.map(([name, value]) => `${name}:${value}`), '', signedHeaders, await sha256(body)].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, await sha256(canonical)].join('\n');
  let key = await hmac(`AWS4${secretKey}`, day);
  for (const part of [region, service, 'aws4_request']) key = await hmac(key, part);
  const signature = hex(await hmac(key, toSign));
  return `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
