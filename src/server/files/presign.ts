// Presigned GETs (AWS Signature Version 4, query form), signed here rather than by the SDK's getSignedUrl: that one
// runs the client's whole request pipeline for every link (endpoint rules, serializers, middleware: ~2 ms each on
// a busy machine, and a package page shows 6 thumbnails). A link is a canonical request hashed and one HMAC with a
// key derived once a day; presign.test.ts checks every link equals the SDK's for the same inputs.
import { createHash, createHmac } from 'node:crypto';

export interface PresignConfig {
  endpoint: string;
  bucket: string;
  region: string;
  pathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

/** RFC 3986 encoding, the way SigV4 wants it: everything but A–Z a–z 0–9 - . _ ~ escaped. */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

const AMZ_DATE = /[-:]|\.\d{3}/g;

export function presigner(config: PresignConfig) {
  const endpoint = new URL(config.endpoint);
  const host = config.pathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;
  const base = `${endpoint.protocol}//${host}`;
  const prefix = `${endpoint.pathname.replace(/\/+$/, '')}${config.pathStyle ? `/${encode(config.bucket)}` : ''}`;
  let signingKey = { day: '', key: Buffer.alloc(0) };
  const keyOf = (day: string) => {
    if (signingKey.day !== day) {
      const dated = hmac(`AWS4${config.secretAccessKey}`, day);
      signingKey = { day, key: hmac(hmac(hmac(dated, config.region), 's3'), 'aws4_request') };
    }
    return signingKey.key;
  };

  /** A GET of `key` valid `expiresIn` seconds from `signingDate`, with these response-* overrides. */
  return function presignGet(
    key: string,
    overrides: Record<string, string>,
    options: { expiresIn: number; signingDate: Date },
  ): string {
    const amzDate = options.signingDate.toISOString().replace(AMZ_DATE, '');
    const day = amzDate.slice(0, 8);
    const scope = `${day}/${config.region}/s3/aws4_request`;
    const query: [string, string][] = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Content-Sha256', 'UNSIGNED-PAYLOAD'],
      ['X-Amz-Credential', `${config.accessKeyId}/${scope}`],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', String(options.expiresIn)],
      ['X-Amz-SignedHeaders', 'host'],
      ...Object.entries(overrides),
      ['x-id', 'GetObject'],
    ];
    const pairs = query.map(([name, value]) => `${encode(name)}=${encode(value)}`).sort();
    const canonicalQuery = pairs.join('&');
    const path = `${prefix}/${key.split('/').map(encode).join('/')}`;
    const request = ['GET', path, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
    const toSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      scope,
      createHash('sha256').update(request).digest('hex'),
    ].join('\n');
    const signature = createHmac('sha256', keyOf(day)).update(toSign).digest('hex');
    return `${base}${path}?${[...pairs, `X-Amz-Signature=${signature}`].sort().join('&')}`;
  };
}
