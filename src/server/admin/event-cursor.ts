// Where an admin event stream stands in the list of users: a cursor sent as the SSE id, so a browser that reconnects
// resumes where it was.
import { desc } from 'drizzle-orm';
import type { UserRecord } from '../auth/session.ts';
import type { Database } from '../db/open.ts';
import { users } from '../db/schema.ts';

/**
 * Where a stream stands: the createdAt (epoch ms) and id of a user. Sent as the SSE `id:` ("1767225600000-AbC…"),
 * so the browser hands it back in Last-Event-ID when it reconnects.
 */
export interface Cursor {
  time: number;
  id: string;
}

export function formatCursor(cursor: Cursor): string {
  return `${cursor.time}-${cursor.id}`;
}

export function parseCursor(value: string | null | undefined): Cursor | null {
  const match = /^(\d{1,15})-([A-Za-z0-9]{0,64})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  return { time: Number(match[1]), id: match[2] ?? '' };
}

export function compareCursors(a: Cursor, b: Cursor): number {
  return a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function cursorOf(record: Pick<UserRecord, 'createdAt' | 'id'>): Cursor {
  return { time: record.createdAt.getTime(), id: record.id };
}

/** The newest user's cursor (the start of "new" for a page that has just loaded the list), or time 0. */
export async function newestCursor(db: Database): Promise<Cursor> {
  const [newest] = await db
    .select({ createdAt: users.createdAt, id: users.id })
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(1);
  return newest ? cursorOf(newest) : { time: 0, id: '' };
}
