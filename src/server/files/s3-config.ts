// The bucket's part of the configuration (ADR 0015): FILES_S3_ENDPOINT, _BUCKET, _REGION, _ACCESS_KEY_ID and
// _SECRET_ACCESS_KEY all set (files in an S3-compatible bucket) or none (files in the database, the default).
// The secret is kept out of every message this file writes.
import type { z } from 'zod';
import { z as zod } from 'zod';
import { optionalSetting, wholeNumberSetting } from '../config-groups.ts';

export const filesS3Env = {
  FILES_S3_ENDPOINT: optionalSetting.refine(
    (url) => url === undefined || /^https?:\/\/[^/\s]+\/?$/.test(url),
    'debe ser la URL del servicio, por ejemplo https://s3.us-east-1.amazonaws.com (sin ruta)',
  ),
  FILES_S3_BUCKET: optionalSetting.refine(
    (bucket) => bucket === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket),
    'debe ser un nombre de bucket válido (3 a 63 minúsculas, números, puntos y guiones)',
  ),
  FILES_S3_REGION: optionalSetting,
  FILES_S3_ACCESS_KEY_ID: optionalSetting,
  FILES_S3_SECRET_ACCESS_KEY: optionalSetting,
  /** 'true' (the default) for MinIO, Garage, SeaweedFS, R2, B2; 'false' for AWS's virtual-hosted buckets. */
  FILES_S3_PATH_STYLE: zod.enum(['true', 'false'], { error: 'debe ser true o false' }).default('true'),
  /** How long a presigned link to a file works, in seconds. */
  FILES_S3_URL_SECONDS: wholeNumberSetting(3600, 300, 'admite hasta 3600 (una hora)'),
  /** How long an upload waits for the bucket before it gives up with a clear message. */
  FILES_S3_TIMEOUT_SECONDS: wholeNumberSetting(300, 15),
};

const REQUIRED = [
  'FILES_S3_ENDPOINT',
  'FILES_S3_BUCKET',
  'FILES_S3_REGION',
  'FILES_S3_ACCESS_KEY_ID',
  'FILES_S3_SECRET_ACCESS_KEY',
] as const;

type Env = { [K in (typeof REQUIRED)[number]]: string | undefined };

/** All five or none: half a bucket configuration is refused, naming what is missing. */
export function checkFilesS3(env: Env, ctx: z.RefinementCtx) {
  const set = REQUIRED.filter((name) => env[name] !== undefined);
  if (set.length === 0 || set.length === REQUIRED.length) return;
  for (const name of REQUIRED)
    if (env[name] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `falta: para guardar los archivos en un bucket S3 se necesitan ${REQUIRED.join(', ')}`,
      });
}

export interface FilesS3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  urlSeconds: number;
  timeoutSeconds: number;
}

export function filesS3Config(
  env: Env & {
    FILES_S3_PATH_STYLE: 'true' | 'false';
    FILES_S3_URL_SECONDS: number;
    FILES_S3_TIMEOUT_SECONDS: number;
  },
): FilesS3Config | null {
  const {
    FILES_S3_ENDPOINT,
    FILES_S3_BUCKET,
    FILES_S3_REGION,
    FILES_S3_ACCESS_KEY_ID,
    FILES_S3_SECRET_ACCESS_KEY,
  } = env;
  if (
    !FILES_S3_ENDPOINT ||
    !FILES_S3_BUCKET ||
    !FILES_S3_REGION ||
    !FILES_S3_ACCESS_KEY_ID ||
    !FILES_S3_SECRET_ACCESS_KEY
  )
    return null;
  return {
    endpoint: FILES_S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: FILES_S3_BUCKET,
    region: FILES_S3_REGION,
    accessKeyId: FILES_S3_ACCESS_KEY_ID,
    secretAccessKey: FILES_S3_SECRET_ACCESS_KEY,
    pathStyle: env.FILES_S3_PATH_STYLE === 'true',
    urlSeconds: env.FILES_S3_URL_SECONDS,
    timeoutSeconds: env.FILES_S3_TIMEOUT_SECONDS,
  };
}

/** The bucket is unreachable, refuses our credentials, or does not exist (kept here, away from the SDK, so that
 * what only catches it does not load the SDK). */
export class BucketError extends Error {}
