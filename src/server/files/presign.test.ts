// The links presign.ts signs are the very links the AWS SDK signs for the same object, overrides, date and expiry
// (path-style and virtual-hosted, names that need escaping); s3.test.ts shows the S3 server taking them and
// refusing them edited or expired.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { presigner } from './presign.ts';

// The SDK's notice that its releases after January 2027 want Node 22 (ADR 0015): not a test failure.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const config = {
  bucket: 'casillero-fotos',
  region: 'auto',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

describe.each([
  ['path-style, with a port', { endpoint: 'http://127.0.0.1:9000', pathStyle: true }],
  ['virtual-hosted', { endpoint: 'https://abc123.r2.cloudflarestorage.com', pathStyle: false }],
])('a presigned GET, %s', (_, where) => {
  const sdk = new S3Client({
    endpoint: where.endpoint,
    region: config.region,
    forcePathStyle: where.pathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // As the app's client (s3-store.ts): no checksum mode asked of the store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const presignGet = presigner({ ...config, ...where });

  it.each([
    ['files/6f1c2b9e-0d4a-4c47-9a57-3f1e2d9b8c10', 'inline; filename="foto-100234.jpg"', 'image/jpeg'],
    ['files/a b+c', `attachment; filename="fa ct(u)ra!*'~.pdf"`, 'application/pdf'],
  ])('signs %s as the SDK does', async (key, disposition, mime) => {
    const signingDate = new Date('2026-11-26T23:59:00.000Z');
    for (const expiresIn of [60, 360]) {
      const theirs = await getSignedUrl(
        sdk,
        new GetObjectCommand({
          Bucket: config.bucket,
          Key: key,
          ResponseCacheControl: 'private, max-age=300',
          ResponseContentDisposition: disposition,
          ResponseContentType: mime,
        }),
        { expiresIn, signingDate },
      );
      const ours = presignGet(
        key,
        {
          'response-cache-control': 'private, max-age=300',
          'response-content-disposition': disposition,
          'response-content-type': mime,
        },
        { expiresIn, signingDate },
      );
      expect(ours).toBe(theirs);
    }
  });
});
