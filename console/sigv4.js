// AWS Signature Version 4 for the console's POSTs, with WebCrypto (a secure context:
// loopback or HTTPS), used when a secret key is given: a server that checks signatures
// (--require-signature) then accepts the console like any SDK. Signs the headers the
// console sends (content-type, host, x-amz-date, x-amz-target) and the body.

const encoder = new TextEncoder();
const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
const sha256 = async (text) => hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

async function hmac(key, text) {
  const k = await crypto.subtle.importKey('raw', typeof key === 'string' ? encoder.encode(key) : key,
    { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', k, encoder.encode(text));
}

export const canSign = () => Boolean(globalThis.crypto?.subtle);

// The Authorization header of a POST to `path` on `host` at `amzDate` (20250101T000000Z).
export async function authorization({ host, path = '/', contentType, target, amzDate, body, accessKey, secretKey, region, service = 'dynamodb' }) {
  const day = amzDate.slice(0, 8);
  const signedHeaders = 'content-type;host;x-amz-date;x-amz-target';
  const canonical = ['POST', path, '', `content-type:${contentType}`, `host:${host}`, `x-amz-date:${amzDate}`,
    `x-amz-target:${target}`, '', signedHeaders, await sha256(body)].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, await sha256(canonical)].join('\n');
  let key = await hmac(`AWS4${secretKey}`, day);
  for (const part of [region, service, 'aws4_request']) key = await hmac(key, part);
  const signature = hex(await hmac(key, toSign));
  return `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
