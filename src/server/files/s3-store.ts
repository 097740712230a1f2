// The S3-compatible half of the file store (ADR 0015): AWS SDK v3 with the settings non-AWS stores need (no
// default CRC32 checksums, path-style addressing), short timeouts so a bucket that is down or slow answers with an
// error instead of a hang, and presigned GETs carrying our download name and checked type.
import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { presigner } from './presign.ts';
import { BucketError, type FilesS3Config } from './s3-config.ts';

/** Every object of ours lives under this prefix, so the bucket may hold other things the sweep never touches. */
export const OBJECT_PREFIX = 'files/';
export const objectKey = (id: string) => `${OBJECT_PREFIX}${id}`;

/** A new presigned link every this many seconds: within a window the link is the same, so the browser's cache works. */
const SIGNING_STEP_SECONDS = 60;

export interface Presigned {
  mime: string;
  disposition: string;
}

/** The port the S3 store fills; the database store keeps the bytes in the row and needs none of it. */
export interface ObjectStore {
  /** The bucket, for messages (never the credentials). */
  readonly where: string;
  /** The origin browsers fetch presigned links from (the pages' CSP lets images come from it). */
  readonly origin: string;
  /** Throws a BucketError with a clear Spanish message when the bucket cannot be reached or used. */
  check(): Promise<void>;
  /**
   * Stores the object, sending its MD5 for the store to check on receipt; true when the store answered the MD5 of
   * what it kept (its ETag, on most stores), false when its ETag is something else and only reading back can tell.
   */
  put(id: string, bytes: Buffer, mime: string, sha256: string): Promise<boolean>;
  /** The object's bytes, or null when there is none under that id. */
  get(id: string): Promise<Buffer | null>;
  exists(id: string): Promise<boolean>;
  remove(id: string): Promise<void>;
  /** Our objects (ids, not keys) with their last change, page by page. */
  list(): AsyncIterable<{ id: string; modifiedAt: Date }[]>;
  presign(id: string, answer: Presigned): string;
}

export function openS3Store(config: FilesS3Config): ObjectStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.pathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // design/architecture.md trap 8: the SDK's default CRC32 checksums are refused by some S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // One try: a bucket down or slow answers within FILES_S3_TIMEOUT_SECONDS, not twice that.
    maxAttempts: 1,
    requestHandler: {
      connectionTimeout: Math.min(3, config.timeoutSeconds) * 1000,
      requestTimeout: config.timeoutSeconds * 1000,
      // Without it the SDK only logs a warning when the time is up, and keeps waiting.
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = config.bucket;
  const presignGet = presigner(config);
  // Path-style, the SDK asks for a bucket itself (HEAD, LIST) at '/bucket/'; the documented form is '/bucket', and
  // some S3-compatible stores sign only that one (the test server among them). Objects are not touched.
  if (config.pathStyle)
    client.middlewareStack.add(
      (next) => (args) => {
        const request: unknown = args.request;
        if (typeof request === 'object' && request && 'path' in request && request.path === `/${Bucket}/`)
          request.path = `/${Bucket}`;
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    );
  const endpoint = new URL(config.endpoint);
  const origin = config.pathStyle ? endpoint.origin : `${endpoint.protocol}//${Bucket}.${endpoint.host}`;
  const where = `bucket ${Bucket} en ${endpoint.origin}`;

  return {
    where,
    origin,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw new BucketError(bucketProblem(error, where));
      }
    },
    async put(id, bytes, mime, sha256) {
      const md5 = createHash('md5').update(bytes);
      const answer = await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(id),
          Body: bytes,
          ContentType: mime,
          ContentLength: bytes.length,
          ContentMD5: md5.copy().digest('base64'),
          Metadata: { sha256 },
        }),
      );
      // An object encrypted with a KMS key, among others, has an ETag that is not its MD5: false, and read back.
      return answer.ETag?.replaceAll('"', '').toLowerCase() === md5.digest('hex');
    },
    async get(id) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(id) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async exists(id) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(id) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(id) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(id) }));
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: OBJECT_PREFIX })) {
        yield (page.Contents ?? []).flatMap((object) =>
          object.Key && object.LastModified
            ? [{ id: object.Key.slice(OBJECT_PREFIX.length), modifiedAt: object.LastModified }]
            : [],
        );
      }
    },
    presign(id, answer) {
      // Signed at the start of a window of `step` seconds and valid `urlSeconds + step` from there: the same link
      // all through the window (the browser's cache works), and never less than urlSeconds once handed out.
      const step = Math.min(SIGNING_STEP_SECONDS, config.urlSeconds) * 1000;
      const signingDate = new Date(Date.now() - (Date.now() % step));
      return presignGet(
        objectKey(id),
        {
          'response-cache-control': `private, max-age=${config.urlSeconds}`,
          'response-content-disposition': answer.disposition,
          'response-content-type': answer.mime,
        },
        { expiresIn: config.urlSeconds + step / 1000, signingDate },
      );
    },
  };
}

function isMissing(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

/** What went wrong with the bucket at start, in words an operator can act on. */
function bucketProblem(error: unknown, where: string) {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode;
    if (status === 404 || error.name === 'NoSuchBucket' || error.name === 'NotFound')
      return `El ${where} no existe: créalo o corrige FILES_S3_BUCKET.`;
    if (status === 403 || status === 400 || status === 401)
      return `El ${where} rechaza las credenciales (FILES_S3_ACCESS_KEY_ID, FILES_S3_SECRET_ACCESS_KEY) o la región (FILES_S3_REGION): ${error.name}.`;
    return `El ${where} respondió con un error (${status ?? '?'} ${error.name}).`;
  }
  const reason = error instanceof Error ? error.message : String(error);
  return `No se pudo contactar el ${where} (FILES_S3_ENDPOINT): ${reason}.`;
}
